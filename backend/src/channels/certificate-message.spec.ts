// A certificate expiry alert (`certificate.expiring`) as every channel kind renders it: each names the
// monitor, its target, the certificate's subject, its not-after and the days left. The map is typed
// by ChannelType, so a new kind does not compile until it says how it renders this alert.
import { certificateBody, eventOf, shortTextOf, summaryOf, titleOf, type AlertMessage } from './alert-message';
import { discordPayload } from './discord/discord.channel';
import { alertMail } from './email/email.channel';
import { colorOf } from './format';
import { googleChatPayload } from './google-chat/google-chat.channel';
import { gotifyPayload } from './gotify/gotify.channel';
import { grafanaOncallPayload } from './grafana-oncall/grafana-oncall.channel';
import { matrixPayload } from './matrix/matrix.channel';
import { mattermostPayload } from './mattermost/mattermost.channel';
import { teamsPayload } from './ms-teams/ms-teams.channel';
import { ntfyHeaders } from './ntfy/ntfy.channel';
import { opsgenieRequest } from './opsgenie/opsgenie.channel';
import { pagerdutyPayload } from './pagerduty/pagerduty.channel';
import { pushoverPayload } from './pushover/pushover.channel';
import type { ChannelType } from './registry';
import { slackPayload } from './slack/slack.channel';
import { telegramPayload } from './telegram/telegram.channel';
import { webhookBody, webhookHeaders } from './webhook/webhook.channel';

const MESSAGE: AlertMessage = {
  kind: 'certificate',
  monitor: { id: '42', name: 'Checkout API', kind: 'http', target: 'https://shop.example/api' },
  workspace: { id: '7', slug: 'acme' },
  regions: [],
  at: new Date('2026-01-02T03:04:05.000Z'),
  monitorUrl: 'https://app.example/m/42',
  pageUrls: [],
  incidentKey: 'cert-42-0123456789abcdef-7',
  eventId: '5e2a8d10-7c43-4b8e-a1f6-0d9c3e7b2a41',
  certificate: {
    subject: 'CN=shop.example',
    sans: ['DNS:shop.example'],
    issuer: 'CN=Test CA',
    serial: '0A1B',
    notBefore: '2025-10-01T00:00:00.000Z',
    notAfter: '2026-01-05T00:00:00.000Z',
    daysLeft: 3,
    verified: true,
    verificationError: null,
    threshold: 7,
    region: 'fly-ams',
  },
};

/** What each kind sends, as the text a person reads (bodies as JSON, headers decoded). */
const RENDERED: Record<ChannelType, (m: AlertMessage) => string> = {
  webhook: (m) => JSON.stringify(webhookBody(m)),
  slack: (m) => JSON.stringify(slackPayload(m)),
  discord: (m) => JSON.stringify(discordPayload(m)),
  email: (m) => {
    const mail = alertMail('ops@example.com', m);
    return `${mail.subject}\n${mail.text}\n${mail.html}`;
  },
  google_chat: (m) => JSON.stringify(googleChatPayload(m)),
  ms_teams: (m) => JSON.stringify(teamsPayload(m)),
  telegram: (m) => JSON.stringify(telegramPayload({ chatId: '1' }, m)),
  pagerduty: (m) => JSON.stringify(pagerdutyPayload('key', m)),
  opsgenie: (m) => JSON.stringify(opsgenieRequest(m).body),
  ntfy: (m) => `${ntfyHeaders({ topic: 'alerts' }, m).title}\n${summaryOf(m)}`,
  sms: (m) => shortTextOf(m),
  whatsapp: (m) => summaryOf(m),
  pushover: (m) => JSON.stringify(pushoverPayload({ userKey: 'u', appToken: 't' }, m)),
  gotify: (m) => JSON.stringify(gotifyPayload({ serverUrl: 'https://gotify.example', appToken: 't' }, m)),
  grafana_oncall: (m) => JSON.stringify(grafanaOncallPayload(m)),
  matrix: (m) => JSON.stringify(matrixPayload(m)),
  mattermost: (m) => JSON.stringify(mattermostPayload({ webhookUrl: 'https://mm.example/hooks/x' }, m)),
};

describe('certificate.expiring', () => {
  it('words the alert once for every channel', () => {
    expect(eventOf('certificate')).toBe('certificate.expiring');
    expect(titleOf(MESSAGE)).toBe('[CERTIFICATE] Checkout API: TLS certificate expires in 3 days');
    expect(summaryOf(MESSAGE)).toBe(
      [
        'The TLS certificate of Checkout API (http https://shop.example/api), CN=shop.example, expires in 3 days (not after 2026-01-05T00:00:00Z).',
        '',
        'Subject: CN=shop.example',
        'Names: DNS:shop.example',
        'Issuer: CN=Test CA',
        'Serial: 0A1B',
        'Not after: 2026-01-05T00:00:00Z',
        'Days left: 3 (alert at 7 days)',
        'Chain: verified',
        'Seen from: fly-ams',
        '',
        'Monitor: https://app.example/m/42',
      ].join('\n'),
    );
    expect(colorOf('certificate')).toBe(0xdc6803);
  });

  it.each(Object.entries(RENDERED))(
    '%s names the monitor, the certificate, its not-after and the days left',
    (_, render) => {
      const text = render(MESSAGE);
      for (const part of ['Checkout API', 'CN=shop.example', '2026-01-05T00:00:00Z', '3 days'])
        expect(text).toContain(part);
    },
  );

  it('carries the certificate in the webhook body and names the event in its header', () => {
    const body = webhookBody(MESSAGE);
    expect(body).toMatchObject({
      event: 'certificate.expiring',
      regions: [],
      certificate: certificateBody(MESSAGE.certificate!),
    });
    expect(body.certificate).toEqual({
      subject: 'CN=shop.example',
      sans: ['DNS:shop.example'],
      issuer: 'CN=Test CA',
      serial: '0A1B',
      not_before: '2025-10-01T00:00:00.000Z',
      not_after: '2026-01-05T00:00:00.000Z',
      days_left: 3,
      threshold_days: 7,
      verified: true,
      verification_error: null,
      region: 'fly-ams',
    });
    expect(webhookHeaders({ endpoint: 'https://hooks.example/x' }, MESSAGE, '{}')['x-alert-event']).toBe(
      'certificate.expiring',
    );
  });

  it('pages as a warning, keyed per certificate and threshold, and words an expired certificate', () => {
    expect(pagerdutyPayload('key', MESSAGE)).toMatchObject({
      event_action: 'trigger',
      dedup_key: MESSAGE.incidentKey,
      payload: { severity: 'warning' },
    });
    expect(opsgenieRequest(MESSAGE).body).toMatchObject({ alias: MESSAGE.incidentKey, priority: 'P3' });
    const expired = { ...MESSAGE, certificate: { ...MESSAGE.certificate!, daysLeft: -1, threshold: 1 } };
    expect(titleOf(expired)).toBe('[CERTIFICATE] Checkout API: TLS certificate expired 1 day ago');
  });
});
