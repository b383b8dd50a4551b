// The request builders of the senders, without I/O (the requests on the wire are asserted in
// test/integration/alerts/senders.test.ts).
import { shortTextOf, type AlertKind, type AlertMessage } from './alert-message';
import { discordPayload } from './discord/discord.channel';
import { alertMail, alertMessageId } from './email/email.channel';
import { clip } from './format';
import { googleChatPayload } from './google-chat/google-chat.channel';
import { gotifyPayload } from './gotify/gotify.channel';
import { grafanaOncallPayload } from './grafana-oncall/grafana-oncall.channel';
import { matrixPayload } from './matrix/matrix.channel';
import { mattermostPayload } from './mattermost/mattermost.channel';
import { teamsPayload } from './ms-teams/ms-teams.channel';
import { pushoverPayload } from './pushover/pushover.channel';
import { headerText, ntfyHeaders, ntfyUrl } from './ntfy/ntfy.channel';
import { opsgenieRequest } from './opsgenie/opsgenie.channel';
import { pagerdutyPayload } from './pagerduty/pagerduty.channel';
import { slackEscape, slackPayload } from './slack/slack.channel';
import { telegramText } from './telegram/telegram.channel';
import { twilioAuthorization, twilioForm, twilioPath } from './twilio';
import { webhookBody, webhookHeaders, webhookSignature } from './webhook/webhook.channel';

const EVENT_ID = '5e2a8d10-7c43-4b8e-a1f6-0d9c3e7b2a41';

function message(kind: AlertKind, overrides: Partial<AlertMessage> = {}): AlertMessage {
  return {
    kind,
    monitor: { id: '42', name: 'Checkout API', kind: 'http', target: 'https://shop.example/api' },
    workspace: { id: '7', slug: 'acme' },
    regions: [{ region: 'fly-ams', status: 'error', error: 'HTTP 503', latencyMs: 40 }],
    at: new Date('2026-01-02T03:04:05.000Z'),
    monitorUrl: 'https://app.example/m/42',
    pageUrls: [],
    incidentKey: 'mon/42 #5',
    eventId: EVENT_ID,
    ...overrides,
  };
}

describe('pagerdutyPayload', () => {
  it('resolves with only the routing and dedup keys', () => {
    expect(pagerdutyPayload('rk', message('recovered'))).toEqual({
      routing_key: 'rk',
      event_action: 'resolve',
      dedup_key: 'mon/42 #5',
    });
  });

  it('triggers a test as info and degraded as a warning', () => {
    expect(pagerdutyPayload('rk', message('test'))).toMatchObject({
      event_action: 'trigger',
      payload: { severity: 'info' },
    });
    expect(pagerdutyPayload('rk', message('degraded'))).toMatchObject({ payload: { severity: 'warning' } });
  });

  it('keeps the summary within 1024 characters', () => {
    const long = message('down', { monitor: { id: '1', name: 'n'.repeat(2000), kind: 'http', target: '' } });
    const payload = pagerdutyPayload('rk', long).payload as { summary: string; source: string };
    expect(payload.summary).toHaveLength(1024);
    expect(payload.source.length).toBeLessThanOrEqual(255);
  });
});

describe('opsgenieRequest', () => {
  it('closes by the alias, encoded in the path', () => {
    expect(opsgenieRequest(message('recovered')).path).toBe('/v2/alerts/mon%2F42%20%235/close?identifierType=alias');
  });

  it('creates a test alert at the lowest priority and keeps the message within 130 characters', () => {
    const long = message('test', { monitor: { id: '1', name: 'n'.repeat(300), kind: 'tcp', target: 'db:5432' } });
    const { path, body } = opsgenieRequest(long);
    expect(path).toBe('/v2/alerts');
    expect(body.priority).toBe('P5');
    expect((body.message as string).length).toBe(130);
  });
});

describe('webhookSignature', () => {
  it('is the hex HMAC-SHA256 of the raw body (RFC 4231 test case 2)', () => {
    expect(webhookSignature('Jefe', 'what do ya want for nothing?')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('is left out without a secret; custom headers never replace the service headers', () => {
    const headers = webhookHeaders(
      {
        endpoint: 'https://x.example',
        headers: [
          { key: 'X-Signature-256', value: 'forged' },
          { key: 'Host', value: 'evil.example' },
          { key: 'X-Env', value: 'prod' },
        ],
      },
      message('down'),
      '{}',
    );
    expect(headers).toEqual({
      'X-Env': 'prod',
      'content-type': 'application/json',
      'x-alert-event': 'monitor.down',
      'x-alert-event-id': EVENT_ID,
    });
  });

  it('never lets a custom header replace the event id, whatever its case', () => {
    const headers = webhookHeaders(
      { endpoint: 'https://x.example', headers: [{ key: 'X-Alert-Event-Id', value: 'forged' }] },
      message('down'),
      '{}',
    );
    expect(Object.entries(headers).filter(([k]) => k.toLowerCase() === 'x-alert-event-id')).toEqual([
      ['x-alert-event-id', EVENT_ID],
    ]);
  });
});

describe('webhookBody', () => {
  it('carries the event id beside the incident key', () => {
    expect(webhookBody(message('down'))).toMatchObject({ event_id: EVENT_ID, incident_key: 'mon/42 #5' });
  });
});

describe('slack', () => {
  it('escapes the characters mrkdwn gives meaning to', () => {
    expect(slackEscape('<@here> & <!channel>')).toBe('&lt;@here&gt; &amp; &lt;!channel&gt;');
  });

  it('has no region section without regions and keeps the header within 150 characters', () => {
    const payload = slackPayload(
      message('down', { regions: [], monitor: { id: '1', name: 'n'.repeat(400), kind: 'http', target: '' } }),
    );
    const blocks = payload.blocks as Array<{ type: string; text?: { text: string } }>;
    expect(blocks.map((b) => b.type)).toEqual(['header', 'section', 'context', 'actions']);
    expect(blocks[0].text!.text).toHaveLength(150);
  });
});

describe('discordPayload', () => {
  it('never pings and keeps to 24 region fields', () => {
    const regions = Array.from({ length: 30 }, (_, i) => ({
      region: `r${i}`,
      status: 'error' as const,
      error: 'x'.repeat(2000),
      latencyMs: null,
    }));
    const payload = discordPayload(message('down', { regions }));
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    const [embed] = payload.embeds as Array<{ fields: Array<{ value: string }> }>;
    expect(embed.fields).toHaveLength(24);
    expect(embed.fields[0].value.length).toBeLessThanOrEqual(1024);
  });
});

describe('telegramText', () => {
  it('escapes HTML in names and errors', () => {
    const text = telegramText(
      message('down', {
        monitor: { id: '1', name: '<script>&', kind: 'http', target: '' },
        regions: [{ region: 'fly-ams', status: 'error', error: '<b>boom</b>', latencyMs: null }],
      }),
    );
    expect(text).toContain('<b>[DOWN] &#60;script&#62;&#38; is down</b>');
    expect(text).toContain('fly-ams: error (&#60;b&#62;boom&#60;/b&#62;)');
  });

  it('falls back to the title and the link when the message is over 4096 characters', () => {
    const regions = Array.from({ length: 100 }, (_, i) => ({
      region: `r${i}`,
      status: 'error' as const,
      error: 'e'.repeat(100),
      latencyMs: null,
    }));
    const text = telegramText(message('down', { regions }));
    expect(text).toBe('<b>[DOWN] Checkout API is down</b>\n<a href="https://app.example/m/42">Monitor</a>');
  });
});

describe('ntfy', () => {
  it('encodes a non-ASCII title as an RFC 2047 word', () => {
    expect(headerText('Kasse ausgefallen')).toBe('Kasse ausgefallen');
    expect(headerText('Käsé')).toBe(`=?UTF-8?B?${Buffer.from('Käsé').toString('base64')}?=`);
  });

  it("uses the channel's server (checked) or the configured one (trusted)", () => {
    expect(ntfyUrl({ topic: 'a b' }, 'https://ntfy.sh')).toEqual({ url: 'https://ntfy.sh/a%20b', userUrl: false });
    expect(ntfyUrl({ topic: 'ops', serverUrl: 'https://push.example/' }, 'https://ntfy.sh')).toEqual({
      url: 'https://push.example/ops',
      userUrl: true,
    });
  });

  it('sends no Authorization without a token', () => {
    expect(ntfyHeaders({ topic: 'ops' }, message('recovered'))).toEqual({
      'content-type': 'text/plain; charset=utf-8',
      title: '[RECOVERED] Checkout API has recovered',
      priority: '3',
      tags: 'white_check_mark',
      click: 'https://app.example/m/42',
    });
  });
});

describe('twilio', () => {
  it('builds the Messages path, form and basic authorization', () => {
    expect(twilioPath('AC1')).toBe('/2010-04-01/Accounts/AC1/Messages.json');
    expect(twilioForm('whatsapp:+491', 'whatsapp:+155', 'a&b c')).toBe(
      'To=whatsapp%3A%2B491&From=whatsapp%3A%2B155&Body=a%26b+c',
    );
    expect(twilioAuthorization('AC1', 'tok')).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
  });
});

describe('googleChatPayload', () => {
  it('has no regions section without regions', () => {
    const payload = googleChatPayload(message('recovered', { regions: [] }));
    const [card] = payload.cardsV2 as Array<{ card: { sections: unknown[] } }>;
    expect(card.card.sections).toHaveLength(2);
  });
});

describe('alertMail', () => {
  it('escapes HTML and keeps the plain text as the summary', () => {
    const mail = alertMail(
      'a@b.test',
      message('down', { monitor: { id: '1', name: 'A<B', kind: 'http', target: '' } }),
    );
    expect(mail.subject).toBe('[DOWN] A<B is down');
    expect(mail.html).toContain('[DOWN] A&#60;B is down</h2>');
    expect(mail.text.startsWith('A<B (http) is down at 2026-01-02T03:04:05Z.')).toBe(true);
  });

  it('takes its Message-ID from the event id, at the dashboard host or localhost for an IP literal', () => {
    expect(alertMail('a@b.test', message('down')).headers).toMatchObject({
      'Message-ID': `<alert.${EVENT_ID}@app.example>`,
      'X-Alert-Event-Id': EVENT_ID,
    });
    expect(alertMessageId(message('down', { monitorUrl: 'http://[::1]:3001/app/w/a/monitors/1' }))).toBe(
      `<alert.${EVENT_ID}@localhost>`,
    );
    expect(alertMessageId(message('down', { monitorUrl: 'not a url' }))).toBe(`<alert.${EVENT_ID}@localhost>`);
  });
});

describe('clip', () => {
  it('ends a cut text with an ellipsis within the limit', () => {
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clip('abc', 4)).toBe('abc');
  });
});

describe('the acknowledgement link of an alert', () => {
  const ACK = 'https://app.example/alerts/ack/12.1790000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
  const down = message('down', { acknowledgeUrl: ACK, followUp: { reason: 'reminder', round: 2 } });

  // Every kind that renders text shows it; PagerDuty and Opsgenie carry it as a link of the incident.
  it.each([
    ['discord', () => discordPayload(down)],
    ['email', () => alertMail('oncall@acme.test', down)],
    ['slack', () => slackPayload(down)],
    ['telegram', () => telegramText(down)],
    ['google_chat', () => googleChatPayload(down)],
    ['pagerduty', () => pagerdutyPayload('rk', down)],
    ['opsgenie', () => opsgenieRequest(down).body],
    ['webhook', () => webhookBody(down)],
    ['sms', () => shortTextOf(down)],
    ['ms_teams', () => teamsPayload(down)],
    ['grafana_oncall', () => grafanaOncallPayload(down)],
    ['matrix', () => matrixPayload(down)],
    ['mattermost', () => mattermostPayload({ webhookUrl: 'https://mm.example/hooks/x' }, down)],
    ['pushover', () => pushoverPayload({ userKey: 'u', appToken: 'a' }, down)],
    ['gotify', () => gotifyPayload({ serverUrl: 'https://gotify.example', appToken: 'a' }, down)],
  ])('%s carries it', (_kind, build) => {
    expect(JSON.stringify(build())).toContain(ACK);
  });

  it('names the reminder in the title, and a recovery carries no link', () => {
    expect(JSON.stringify(webhookBody(down))).toContain('[DOWN] Checkout API is down (reminder 2)');
    expect(JSON.stringify(webhookBody(message('recovered')))).not.toContain('acknowledge_url');
  });
});
