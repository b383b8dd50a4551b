// The 13 channel senders against real receivers on loopback: for every kind, the exact request of the
// provider's public API (method, path, headers, body) for down, degraded and recovered; e-mail through
// the loopback SMTP server; the private-address rule; how answers and failures are classified.
import { createHmac } from 'node:crypto';
import type { AlertKind, AlertMessage } from '../../../backend/src/channels/alert-message';
import { alertProvidersConfig, type AlertProvidersConfig } from '../../../backend/src/config/alert-providers.config';
import type { DeliveryResult, SendContext } from '../../../backend/src/channels/channel-kind';
import { SENDERS } from '../../../backend/src/channels/senders';
import { OutboundHttp } from '../../../backend/src/channels/outbound-http';
import { loadConfig } from '../../../backend/src/config/config';
import { NOTIFICATION_PROVIDERS } from '../../../backend/src/notifications/notification-channel.entity';
import { MailerService } from '../../../backend/src/mail/mailer.service';
import { startReceiver, type ReceivedRequest, type Receiver } from '../../support/receivers';
import { selfSignedCertificate } from '../../support/loopback';
import { closedPort, startSmtp, type TestSmtp } from '../../support/smtp';

const AT = new Date('2026-01-02T03:04:05.000Z');
const MONITOR_URL = 'https://app.example/app/w/acme/monitors/42';
const PAGE_URL = 'https://status.example/status/acme';
const INCIDENT = 'mon-42-inc-5';
const EVENT_ID = '9d1e7c3a-52b4-4f0e-8a6d-2c7b9e1f4a03';
const KINDS = ['down', 'degraded', 'recovered'] as const;

const TELEGRAM_TOKEN = '123456789:AAEhBOweik9ad8hK2Ljs4Xb0Zq1Pn3RtYuI';
const TWILIO_SID = 'AC0123456789abcdef0123456789abcdef';
const TWILIO_TOKEN = 'twilio-auth-token-5d2c';

function regionsOf(kind: AlertKind): AlertMessage['regions'] {
  switch (kind) {
    case 'down':
      return [
        { region: 'fly-syd', status: 'active', error: null, latencyMs: 210 },
        { region: 'fly-iad', status: 'error', error: 'timeout after 5000 ms', latencyMs: null },
        { region: 'fly-ams', status: 'error', error: 'HTTP 503', latencyMs: 40 },
      ];
    case 'degraded':
      return [
        { region: 'fly-ams', status: 'degraded', error: null, latencyMs: 3100 },
        { region: 'fly-iad', status: 'degraded', error: null, latencyMs: 2900 },
        { region: 'fly-syd', status: 'active', error: null, latencyMs: 210 },
      ];
    case 'recovered':
    case 'test':
      return [
        { region: 'fly-ams', status: 'active', error: null, latencyMs: 120 },
        { region: 'fly-iad', status: 'active', error: null, latencyMs: 95 },
        { region: 'fly-syd', status: 'active', error: null, latencyMs: 210 },
      ];
  }
}

function alert(kind: AlertKind): AlertMessage {
  return {
    kind,
    monitor: { id: '42', name: 'Checkout API', kind: 'http', target: 'https://shop.example/api' },
    workspace: { id: '7', slug: 'acme' },
    regions: regionsOf(kind),
    at: AT,
    monitorUrl: MONITOR_URL,
    pageUrls: [PAGE_URL],
    incidentKey: INCIDENT,
    eventId: EVENT_ID,
  };
}

const TITLES: Record<AlertKind, string> = {
  down: '[DOWN] Checkout API is down',
  degraded: '[DEGRADED] Checkout API is degraded',
  recovered: '[RECOVERED] Checkout API has recovered',
  test: '[TEST] Test alert for Checkout API',
};

/** The first region line of each kind's plain text (non-active regions first). */
const FIRST_REGION: Record<(typeof KINDS)[number], string> = {
  down: 'fly-ams: error, 40 ms (HTTP 503)',
  degraded: 'fly-ams: degraded, 3100 ms',
  recovered: 'fly-ams: active, 120 ms',
};

function providers(base: string, env: Record<string, string> = {}): AlertProvidersConfig {
  return alertProvidersConfig({
    NODE_ENV: 'test',
    ALERT_PAGERDUTY_URL: `${base}/pd`,
    ALERT_OPSGENIE_US_URL: `${base}/og-us`,
    ALERT_OPSGENIE_EU_URL: `${base}/og-eu`,
    ALERT_NTFY_URL: `${base}/ntfy`,
    ALERT_TELEGRAM_URL: `${base}/tg`,
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    ALERT_TWILIO_URL: `${base}/tw`,
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TWILIO_FROM: '+15550001111',
    TWILIO_WHATSAPP_FROM: '+15550002222',
    ...env,
  });
}

function json(request: ReceivedRequest): Record<string, unknown> {
  return JSON.parse(request.body) as Record<string, unknown>;
}

describe('alert channel senders', () => {
  let rx: Receiver;
  let smtp: TestSmtp;
  let mailer: MailerService;
  let config: AlertProvidersConfig;

  const ctx = (overrides: Partial<SendContext> = {}): SendContext => ({
    signal: AbortSignal.timeout(10_000),
    http: new OutboundHttp({ allowPrivateTargets: true }),
    mailer,
    config,
    ...overrides,
  });
  const strict = (overrides: Partial<SendContext> = {}) =>
    ctx({ http: new OutboundHttp({ allowPrivateTargets: false }), ...overrides });

  /** The one request the receiver got. */
  function only(): ReceivedRequest {
    expect(rx.requests).toHaveLength(1);
    return rx.requests[0];
  }

  beforeAll(async () => {
    rx = await startReceiver();
    smtp = await startSmtp();
    mailer = new MailerService(loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Alerts <alerts@acme.test>' }));
    config = providers(rx.url);
  });

  afterAll(async () => {
    await mailer.onModuleDestroy();
    await rx.close();
    await smtp.close();
  });

  beforeEach(() => {
    rx.clear();
    smtp.clear();
    smtp.rejectRecipients.clear();
  });

  it('has one sender per provider kind, each named by its kind', () => {
    expect(Object.keys(SENDERS).sort()).toEqual([...NOTIFICATION_PROVIDERS].sort());
    for (const kind of NOTIFICATION_PROVIDERS) expect(SENDERS[kind].kind).toBe(kind);
  });

  describe.each(KINDS)('%s', (kind) => {
    const message = alert(kind);

    it('discord: an execute-webhook request with one embed', async () => {
      rx.reply({ status: 204 });
      const webhookUrl = `${rx.url}/api/webhooks/1234/discord-token-abc`;
      const result = await SENDERS.discord.send({ webhookUrl }, message, ctx());
      expect(result).toEqual({
        ok: true,
        status: 204,
        response: '',
        retryable: false,
        retryAfterMs: null,
        error: null,
      });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/api/webhooks/1234/discord-token-abc');
      expect(req.headers['content-type']).toBe('application/json');
      const body = json(req);
      expect(body.content).toBe(TITLES[kind]);
      expect(body.allowed_mentions).toEqual({ parse: [] });
      const [embed] = body.embeds as Array<Record<string, unknown>>;
      expect(embed).toMatchObject({
        title: TITLES[kind],
        url: MONITOR_URL,
        timestamp: '2026-01-02T03:04:05.000Z',
        color: { down: 0xd92d20, degraded: 0xf79009, recovered: 0x12b76a }[kind],
        footer: { text: 'workspace acme' },
      });
      expect(embed.description).toContain('Checkout API (http https://shop.example/api)');
      expect(embed.description).toContain(`[Monitor](${MONITOR_URL})`);
      expect(embed.description).toContain(`[Status page](${PAGE_URL})`);
      const fields = embed.fields as Array<{ name: string; value: string; inline: boolean }>;
      expect(fields.map((f) => f.name)).toHaveLength(3);
      expect(fields[0].name).toBe('fly-ams');
      if (kind === 'down') expect(fields[0].value).toBe('error, 40 ms\nHTTP 503');
    });

    it('slack: an incoming webhook with Block Kit blocks and a text fallback', async () => {
      const webhookUrl = `${rx.url}/services/T000/B000/slack-secret-xyz`;
      const result = await SENDERS.slack.send({ webhookUrl }, message, ctx());
      expect(result).toMatchObject({ ok: true, status: 200, response: 'ok' });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/services/T000/B000/slack-secret-xyz');
      expect(req.headers['content-type']).toBe('application/json');
      const body = json(req);
      expect(body.text).toMatch(new RegExp(`^${TITLES[kind].replace(/[[\]]/g, '\\$&')}: Checkout API`));
      const blocks = body.blocks as Array<Record<string, unknown>>;
      expect(blocks.map((b) => b.type)).toEqual(['header', 'section', 'section', 'context', 'actions']);
      expect(blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: TITLES[kind], emoji: false } });
      expect((blocks[2].text as { text: string }).text).toContain(`• ${FIRST_REGION[kind]}`);
      expect((blocks[3].elements as Array<{ text: string }>)[0].text).toBe('2026-01-02T03:04:05Z · workspace acme');
      expect(blocks[4].elements).toEqual([
        { type: 'button', action_id: 'link_0', text: { type: 'plain_text', text: 'Monitor' }, url: MONITOR_URL },
        { type: 'button', action_id: 'link_1', text: { type: 'plain_text', text: 'Status page' }, url: PAGE_URL },
      ]);
    });

    it('pagerduty: Events API v2, trigger with the incident as dedup_key, resolve on recovery', async () => {
      rx.reply({ status: 202, body: `{"status":"success","message":"Event processed","dedup_key":"${INCIDENT}"}` });
      const result = await SENDERS.pagerduty.send(
        { integrationKey: 'R0UT1NGKEY0123456789abcdef012345' },
        message,
        ctx(),
      );
      expect(result).toMatchObject({ ok: true, status: 202, retryable: false, error: null });
      expect(result.response).toContain('Event processed');
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/pd/v2/enqueue');
      expect(req.headers['content-type']).toBe('application/json');
      if (kind === 'recovered') {
        expect(json(req)).toEqual({
          routing_key: 'R0UT1NGKEY0123456789abcdef012345',
          event_action: 'resolve',
          dedup_key: INCIDENT,
        });
        return;
      }
      expect(json(req)).toEqual({
        routing_key: 'R0UT1NGKEY0123456789abcdef012345',
        event_action: 'trigger',
        dedup_key: INCIDENT,
        payload: {
          summary: TITLES[kind],
          source: 'https://shop.example/api',
          severity: kind === 'down' ? 'critical' : 'warning',
          timestamp: '2026-01-02T03:04:05.000Z',
          component: 'Checkout API',
          group: 'acme',
          class: 'http',
          custom_details: {
            monitor_id: '42',
            target: 'https://shop.example/api',
            regions: expect.arrayContaining([
              expect.objectContaining({ region: 'fly-syd', status: 'active', latency_ms: 210, error: null }),
            ]) as unknown,
          },
        },
        links: [
          { href: MONITOR_URL, text: 'Monitor' },
          { href: PAGE_URL, text: 'Status page' },
        ],
        client: 'Uptime monitoring',
        client_url: MONITOR_URL,
      });
    });

    it.each(['us', 'eu'])('opsgenie (%s): create by alias, close by alias on recovery', async (region) => {
      rx.reply({ status: 202, body: '{"result":"Request will be processed","requestId":"r-1"}' });
      const apiKey = 'eb243592-faa2-4ba2-a551q-1afdf565c889';
      const result = await SENDERS.opsgenie.send({ apiKey, region }, message, ctx());
      expect(result).toMatchObject({ ok: true, status: 202 });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.headers.authorization).toBe(`GenieKey ${apiKey}`);
      expect(req.headers['content-type']).toBe('application/json');
      if (kind === 'recovered') {
        expect(req.url).toBe(`/og-${region}/v2/alerts/${INCIDENT}/close?identifierType=alias`);
        expect(json(req)).toEqual({
          source: 'uptime-monitoring',
          note: expect.stringContaining('has recovered at 2026-01-02T03:04:05Z') as unknown,
        });
        return;
      }
      expect(req.url).toBe(`/og-${region}/v2/alerts`);
      expect(json(req)).toEqual({
        message: TITLES[kind],
        alias: INCIDENT,
        description: expect.stringContaining(FIRST_REGION[kind]) as unknown,
        priority: kind === 'down' ? 'P1' : 'P3',
        source: 'uptime-monitoring',
        entity: 'Checkout API',
        tags: [kind, 'http'],
        details: {
          monitor_id: '42',
          monitor: 'Checkout API',
          target: 'https://shop.example/api',
          workspace: 'acme',
          monitor_url: MONITOR_URL,
          status_pages: PAGE_URL,
        },
      });
    });

    it('webhook: the documented body, custom headers and an HMAC-SHA256 signature of the raw body', async () => {
      const signingSecret = 'whsec_7c1f9a0b2e';
      const result = await SENDERS.webhook.send(
        {
          endpoint: `${rx.url}/hooks/alerts?team=payments`,
          headers: [
            { key: 'Authorization', value: 'Bearer hook-token-42' },
            { key: 'X-Team', value: 'payments' },
            { key: 'Content-Type', value: 'text/plain' },
          ],
          signingSecret,
        },
        message,
        ctx(),
      );
      expect(result).toMatchObject({ ok: true, status: 200 });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/hooks/alerts?team=payments');
      expect(req.headers.authorization).toBe('Bearer hook-token-42');
      expect(req.headers['x-team']).toBe('payments');
      // The service's own headers win over a channel's header of the same name.
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['x-alert-event']).toBe(`monitor.${kind}`);
      expect(req.headers['x-alert-event-id']).toBe(EVENT_ID);
      const expected = `sha256=${createHmac('sha256', signingSecret).update(req.body, 'utf8').digest('hex')}`;
      expect(req.headers['x-signature-256']).toBe(expected);
      expect(json(req)).toEqual({
        version: 1,
        event: `monitor.${kind}`,
        event_id: EVENT_ID,
        incident_key: INCIDENT,
        at: '2026-01-02T03:04:05.000Z',
        title: TITLES[kind],
        text: expect.stringContaining(`- ${FIRST_REGION[kind]}`) as unknown,
        monitor: { id: '42', name: 'Checkout API', kind: 'http', target: 'https://shop.example/api', url: MONITOR_URL },
        workspace: { id: '7', slug: 'acme' },
        regions: expect.arrayContaining([
          { region: 'fly-syd', status: 'active', error: null, latency_ms: 210 },
        ]) as unknown,
        status_page_urls: [PAGE_URL],
      });
      expect((json(req).regions as unknown[]).length).toBe(3);
    });

    it('telegram: Bot API sendMessage with the configured token and the chat id', async () => {
      rx.reply({ status: 200, body: '{"ok":true,"result":{"message_id":1}}' });
      const result = await SENDERS.telegram.send({ chatId: '-1001234567890' }, message, ctx());
      expect(result).toMatchObject({ ok: true, status: 200 });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe(`/tg/bot${TELEGRAM_TOKEN}/sendMessage`);
      expect(req.headers['content-type']).toBe('application/json');
      const body = json(req);
      expect(body).toMatchObject({
        chat_id: '-1001234567890',
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      });
      const text = body.text as string;
      expect(text.startsWith(`<b>${TITLES[kind]}</b>\n`)).toBe(true);
      expect(text).toContain(`• ${FIRST_REGION[kind]}`);
      expect(text).toContain(`<a href="${MONITOR_URL}">Monitor</a>`);
      expect(text).toContain(`<a href="${PAGE_URL}">Status page</a>`);
    });

    it('sms: Twilio Messages API, form-encoded, basic auth from configuration', async () => {
      rx.reply({ status: 201, body: '{"sid":"SM1","status":"queued"}' });
      const result = await SENDERS.sms.send({ phoneNumber: '+4915112345678' }, message, ctx());
      expect(result).toMatchObject({ ok: true, status: 201 });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe(`/tw/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`);
      expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(req.headers.authorization).toBe(
        `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`,
      );
      const form = new URLSearchParams(req.body);
      expect([...form.keys()].sort()).toEqual(['Body', 'From', 'To']);
      expect(form.get('To')).toBe('+4915112345678');
      expect(form.get('From')).toBe('+15550001111');
      expect(form.get('Body')).toMatch(
        new RegExp(`^${TITLES[kind].replace(/[[\]]/g, '\\$&')} at 2026-01-02T03:04:05Z\\.`),
      );
      expect(form.get('Body')).toContain(MONITOR_URL);
      if (kind === 'down') expect(form.get('Body')).toContain('fly-ams: error, 40 ms (HTTP 503)');
    });

    it('whatsapp: Twilio Messages API with whatsapp: addresses', async () => {
      rx.reply({ status: 201, body: '{"sid":"SM2","status":"queued"}' });
      const result = await SENDERS.whatsapp.send({ phoneNumber: '+4915112345678' }, message, ctx());
      expect(result).toMatchObject({ ok: true, status: 201 });
      const req = only();
      expect(req.url).toBe(`/tw/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`);
      expect(req.headers.authorization).toBe(
        `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`,
      );
      const form = new URLSearchParams(req.body);
      expect(form.get('To')).toBe('whatsapp:+4915112345678');
      expect(form.get('From')).toBe('whatsapp:+15550002222');
      expect(form.get('Body')).toContain(`- ${FIRST_REGION[kind]}`);
    });

    it('google_chat: webhook message with text and a cardsV2 card', async () => {
      const webhookUrl = `${rx.url}/v1/spaces/AAAA/messages?key=chat-key-1&token=chat-token-2`;
      const result = await SENDERS.google_chat.send({ webhookUrl }, message, ctx());
      expect(result).toMatchObject({ ok: true, status: 200 });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/v1/spaces/AAAA/messages?key=chat-key-1&token=chat-token-2');
      expect(req.headers['content-type']).toBe('application/json; charset=UTF-8');
      const body = json(req);
      expect((body.text as string).startsWith(`${TITLES[kind]}\n`)).toBe(true);
      const [card] = body.cardsV2 as Array<{ cardId: string; card: Record<string, unknown> }>;
      expect(card.cardId).toBe(`alert-${INCIDENT}`);
      expect(card.card.header).toEqual({ title: TITLES[kind], subtitle: 'acme' });
      const sections = card.card.sections as Array<{ header?: string; widgets: Array<Record<string, unknown>> }>;
      expect(sections[1].header).toBe('Regions');
      expect(sections[1].widgets).toHaveLength(3);
      expect(sections[2].widgets[0]).toEqual({
        buttonList: {
          buttons: [
            { text: 'Monitor', onClick: { openLink: { url: MONITOR_URL } } },
            { text: 'Status page', onClick: { openLink: { url: PAGE_URL } } },
          ],
        },
      });
    });

    it('grafana_oncall: formatted webhook, alerting then ok with the same alert_uid', async () => {
      const webhookUrl = `${rx.url}/integrations/v1/formatted_webhook/oncall-token/`;
      const result = await SENDERS.grafana_oncall.send({ webhookUrl }, message, ctx());
      expect(result).toMatchObject({ ok: true, status: 200 });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/integrations/v1/formatted_webhook/oncall-token/');
      expect(req.headers['content-type']).toBe('application/json');
      expect(json(req)).toEqual({
        alert_uid: INCIDENT,
        title: TITLES[kind],
        state: kind === 'recovered' ? 'ok' : 'alerting',
        message: expect.stringContaining(`- ${FIRST_REGION[kind]}`) as unknown,
        link_to_upstream_details: MONITOR_URL,
      });
    });

    it('ntfy: publish to server/topic with Title, Priority, Tags, Click and a bearer token', async () => {
      const result = await SENDERS.ntfy.send(
        { topic: 'payments-alerts', serverUrl: `${rx.url}/self-hosted/`, token: 'tk_ntfy_8d7c6b5a4' },
        message,
        ctx(),
      );
      expect(result).toMatchObject({ ok: true, status: 200 });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/self-hosted/payments-alerts');
      expect(req.headers).toMatchObject({
        'content-type': 'text/plain; charset=utf-8',
        title: TITLES[kind],
        priority: { down: '5', degraded: '4', recovered: '3' }[kind],
        tags: { down: 'rotating_light', degraded: 'warning', recovered: 'white_check_mark' }[kind],
        click: MONITOR_URL,
        authorization: 'Bearer tk_ntfy_8d7c6b5a4',
      });
      expect(req.body).toContain(`- ${FIRST_REGION[kind]}`);
      expect(req.body).toContain(`Status page: ${PAGE_URL}`);
    });

    it('ms_teams: Workflows webhook with an Adaptive Card attachment', async () => {
      rx.reply({ status: 202 });
      const webhookUrl = `${rx.url}/workflows/abc/triggers/manual/paths/invoke?api-version=1&sig=teams-sig-123`;
      const result = await SENDERS.ms_teams.send({ webhookUrl }, message, ctx());
      expect(result).toMatchObject({ ok: true, status: 202 });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/workflows/abc/triggers/manual/paths/invoke?api-version=1&sig=teams-sig-123');
      expect(req.headers['content-type']).toBe('application/json');
      const body = json(req);
      expect(body.type).toBe('message');
      const [attachment] = body.attachments as Array<Record<string, unknown>>;
      expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
      const card = attachment.content as Record<string, unknown>;
      expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
      const blocks = card.body as Array<Record<string, unknown>>;
      expect(blocks[0]).toMatchObject({
        type: 'TextBlock',
        text: TITLES[kind],
        color: { down: 'Attention', degraded: 'Warning', recovered: 'Good' }[kind],
      });
      expect(blocks[2].type).toBe('FactSet');
      expect((blocks[2].facts as unknown[]).length).toBe(3);
      expect(card.actions).toEqual([
        { type: 'Action.OpenUrl', title: 'Monitor', url: MONITOR_URL },
        { type: 'Action.OpenUrl', title: 'Status page', url: PAGE_URL },
      ]);
    });

    it('email: subject, plain text and HTML through the SMTP relay', async () => {
      const result = await SENDERS.email.send({ email: 'oncall@acme.test' }, message, ctx());
      expect(result).toEqual({
        ok: true,
        status: null,
        response: 'accepted by the SMTP relay',
        retryable: false,
        retryAfterMs: null,
        error: null,
      });
      const [mail] = smtp.to('oncall@acme.test');
      expect(smtp.messages).toHaveLength(1);
      expect(mail.subject).toBe(TITLES[kind]);
      expect(mail.headers.get('x-alert-event')).toBe(`monitor.${kind}`);
      expect(mail.headers.get('x-alert-event-id')).toBe(EVENT_ID);
      expect(mail.headers.get('message-id')).toBe(`<alert.${EVENT_ID}@app.example>`);
      expect(mail.text).toContain(`Checkout API (http https://shop.example/api) `);
      expect(mail.text).toContain(`- ${FIRST_REGION[kind]}`);
      expect(mail.text).toContain(`Monitor: ${MONITOR_URL}`);
      expect(mail.html).toContain(`>${TITLES[kind].replace(/&/g, '&#38;')}</h2>`);
      expect(mail.html).toContain(`<a href="${PAGE_URL}">Status page</a>`);
    });
  });

  it('ntfy: without server_url publishes to the configured server, without a token no Authorization', async () => {
    const result = await SENDERS.ntfy.send({ topic: 'ops' }, alert('down'), strict());
    expect(result).toMatchObject({ ok: true, status: 200 });
    const req = only();
    expect(req.url).toBe('/ntfy/ops');
    expect(req.headers.authorization).toBeUndefined();
  });

  describe('event id: what lets a receiver drop a repeated send', () => {
    // Delivery is at least once: after a crash the worker sends the same outbox row again, and the
    // message it builds carries the row's stored event id. These are the two sends a receiver gets.
    const OTHER_EVENT = '3c8b0f6e-9a27-4d51-b4e3-7f2a1d6c5e98';

    it('webhook: a resend carries the id of the first, in X-Alert-Event-Id and in event_id alike', async () => {
      const hook = { endpoint: `${rx.url}/hook`, headers: [] };
      for (let i = 0; i < 2; i++)
        expect(await SENDERS.webhook.send(hook, alert('down'), ctx())).toMatchObject({ ok: true });
      expect(rx.requests).toHaveLength(2);
      for (const req of rx.requests) {
        expect(req.headers['x-alert-event-id']).toBe(EVENT_ID);
        expect(json(req).event_id).toBe(EVENT_ID);
      }
      expect(rx.requests[1].body).toBe(rx.requests[0].body);
      // The next alert of the same incident is another outbox row, with its own id.
      rx.clear();
      await SENDERS.webhook.send(hook, { ...alert('recovered'), eventId: OTHER_EVENT }, ctx());
      const req = only();
      expect(req.headers['x-alert-event-id']).toBe(OTHER_EVENT);
      expect(json(req)).toMatchObject({ event_id: OTHER_EVENT, incident_key: INCIDENT });
    });

    it('email: a resend has the Message-ID of the first', async () => {
      for (let i = 0; i < 2; i++)
        expect(await SENDERS.email.send({ email: 'oncall@acme.test' }, alert('down'), ctx())).toMatchObject({
          ok: true,
        });
      const mails = smtp.to('oncall@acme.test');
      expect(mails).toHaveLength(2);
      expect(mails.map((m) => m.headers.get('message-id'))).toEqual([
        `<alert.${EVENT_ID}@app.example>`,
        `<alert.${EVENT_ID}@app.example>`,
      ]);
    });

    // These providers group by incident, not by message: their key stays the incident key (a
    // repeated trigger or create joins the open alert; the recovery, another event, closes it).
    it.each(['pagerduty', 'opsgenie', 'grafana_oncall'] as const)(
      '%s: a resend repeats the request; every event of the incident has its key',
      async (kind) => {
        const config = {
          pagerduty: { integrationKey: 'R0UT1NGKEY0123456789abcdef012345' },
          opsgenie: { apiKey: 'og-key-1', region: 'us' },
          grafana_oncall: { webhookUrl: `${rx.url}/integrations/v1/formatted_webhook/t/` },
        }[kind];
        rx.reply({ status: 202, body: '{}' });
        const sends = [alert('down'), alert('down'), { ...alert('recovered'), eventId: OTHER_EVENT }];
        for (const message of sends)
          expect(await SENDERS[kind].send(config, message, ctx())).toMatchObject({ ok: true });
        expect(rx.requests).toHaveLength(3);
        const [first, again, recovery] = rx.requests;
        expect(again.url).toBe(first.url);
        expect(again.body).toBe(first.body);
        const keyOf = (req: ReceivedRequest): unknown => {
          switch (kind) {
            case 'pagerduty':
              return json(req).dedup_key;
            case 'opsgenie':
              return req.url.endsWith('/close?identifierType=alias')
                ? decodeURIComponent(req.url.split('/')[4])
                : json(req).alias;
            case 'grafana_oncall':
              return json(req).alert_uid;
          }
        };
        expect([first, recovery].map(keyOf)).toEqual([INCIDENT, INCIDENT]);
      },
    );
  });

  describe('private targets', () => {
    it('refuses a user URL on a loopback address before connecting', async () => {
      const result = await SENDERS.webhook.send({ endpoint: `${rx.url}/hook`, headers: [] }, alert('down'), strict());
      expect(result).toMatchObject({ ok: false, status: null, retryable: false });
      expect(result.error).toMatch(/127\.0\.0\.1 is a private, loopback or reserved address/);
      expect(result.error).toMatch(/ALLOW_PRIVATE_TARGETS/);
      expect(rx.connections).toBe(0);
      expect(rx.requests).toHaveLength(0);
    });

    it('refuses a host name that resolves to loopback, inside the connection lookup', async () => {
      const result = await SENDERS.slack.send(
        { webhookUrl: `http://localhost:${rx.port}/services/secret-path` },
        alert('down'),
        strict(),
      );
      expect(result).toMatchObject({ ok: false, retryable: false });
      expect(result.error).toMatch(/localhost resolves to a private, loopback or reserved address/);
      expect(result.error).not.toContain('secret-path');
      expect(rx.connections).toBe(0);
    });

    it.each([
      ['discord', { webhookUrl: 'http://[::1]:9/x' }],
      ['google_chat', { webhookUrl: 'http://10.1.2.3:9/x' }],
      ['grafana_oncall', { webhookUrl: 'http://169.254.169.254/latest/meta-data' }],
      ['ms_teams', { webhookUrl: 'http://[::ffff:127.0.0.1]:9/x' }],
      ['ntfy', { topic: 't', serverUrl: 'http://192.168.1.10' }],
    ] as const)('refuses %s to a private address', async (kind, args) => {
      const result = await SENDERS[kind].send(args, alert('down'), strict());
      expect(result).toMatchObject({ ok: false, retryable: false });
      expect(result.error).toMatch(/private, loopback or reserved address/);
    });

    it('trusts provider base URLs from configuration', async () => {
      const result = await SENDERS.pagerduty.send({ integrationKey: 'k'.repeat(32) }, alert('down'), strict());
      expect(result).toMatchObject({ ok: true, status: 200 });
      expect(rx.requests).toHaveLength(1);
    });

    it('lets user URLs reach loopback when private targets are allowed', async () => {
      const result = await SENDERS.webhook.send(
        { endpoint: `http://localhost:${rx.port}/hook`, headers: [] },
        alert('down'),
        ctx(),
      );
      expect(result).toMatchObject({ ok: true });
      expect(rx.requests).toHaveLength(1);
    });
  });

  describe('answers and failures', () => {
    const send = (c: SendContext = ctx()): Promise<DeliveryResult> =>
      SENDERS.webhook.send({ endpoint: `${rx.url}/hook`, headers: [] }, alert('down'), c);

    it('a 5xx is retryable and keeps what the receiver said', async () => {
      rx.reply({ status: 503, body: 'maintenance' });
      const result = await send();
      expect(result).toEqual({
        ok: false,
        status: 503,
        response: 'maintenance',
        retryable: true,
        retryAfterMs: null,
        error: `127.0.0.1:${rx.port} answered HTTP 503`,
      });
    });

    it('a 429 is retryable after its Retry-After seconds', async () => {
      rx.reply({ status: 429, headers: { 'retry-after': '7' }, body: 'slow down' });
      const result = await send();
      expect(result).toMatchObject({ ok: false, status: 429, retryable: true, retryAfterMs: 7000 });
    });

    it('a 429 with a Retry-After date waits until then', async () => {
      const at = new Date(Date.now() + 120_000).toUTCString();
      rx.reply({ status: 429, headers: { 'retry-after': at } });
      const result = await send();
      expect(result.retryable).toBe(true);
      expect(result.retryAfterMs).toBeGreaterThan(60_000);
      expect(result.retryAfterMs).toBeLessThanOrEqual(120_000);
    });

    it("Telegram's 429 gives its delay in the body", async () => {
      rx.reply({
        status: 429,
        headers: { 'content-type': 'application/json' },
        body: '{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 5","parameters":{"retry_after":5}}',
      });
      const result = await SENDERS.telegram.send({ chatId: '12345' }, alert('down'), ctx());
      expect(result).toMatchObject({ ok: false, status: 429, retryable: true, retryAfterMs: 5000 });
    });

    it('a 4xx is final', async () => {
      rx.reply({ status: 404, body: 'no such hook' });
      expect(await send()).toMatchObject({ ok: false, status: 404, retryable: false, response: 'no such hook' });
    });

    it('a redirect is not followed and is final', async () => {
      rx.reply({ status: 302, headers: { location: `${rx.url}/elsewhere` } });
      const result = await send();
      expect(result).toMatchObject({ ok: false, status: 302, retryable: false });
      expect(result.error).toMatch(/redirects are not followed/);
      expect(rx.requests.map((r) => r.path)).toEqual(['/hook']);
    });

    it('a receiver that never answers times out at the deadline, retryable', async () => {
      rx.hang();
      const result = await send(ctx({ signal: AbortSignal.timeout(300) }));
      expect(result).toMatchObject({ ok: false, status: null, retryable: true });
      expect(result.error).toBe(`127.0.0.1:${rx.port} did not answer before the deadline`);
      expect(rx.requests).toHaveLength(1);
    });

    it('a receiver that is down is a retryable network failure', async () => {
      const port = await closedPort();
      const result = await SENDERS.webhook.send(
        { endpoint: `http://127.0.0.1:${port}/hook`, headers: [] },
        alert('down'),
        ctx(),
      );
      expect(result).toMatchObject({ ok: false, status: null, retryable: true });
      expect(result.error).toBe(`could not reach 127.0.0.1:${port}: ECONNREFUSED`);
    });

    it('sends over https, trusting the configured CA', async () => {
      const certificate = selfSignedCertificate('127.0.0.1');
      const tls = await startReceiver(certificate);
      try {
        const endpoint = `${tls.url}/secure-hook`;
        const trusting = await SENDERS.webhook.send(
          { endpoint, headers: [] },
          alert('down'),
          ctx({ http: new OutboundHttp({ allowPrivateTargets: true, ca: certificate.cert }) }),
        );
        expect(trusting).toMatchObject({ ok: true, status: 200 });
        expect(tls.requests.map((r) => r.path)).toEqual(['/secure-hook']);
        // Without the CA the certificate is not trusted: no request, a network failure.
        const untrusting = await SENDERS.webhook.send({ endpoint, headers: [] }, alert('down'), ctx());
        expect(untrusting).toMatchObject({ ok: false, status: null, retryable: true });
        expect(untrusting.error).toMatch(/^could not reach 127\.0\.0\.1:\d+: /);
        expect(tls.requests).toHaveLength(1);
      } finally {
        await tls.close();
      }
    });

    it('a header HTTP cannot carry is a final failure that names no value', async () => {
      const result = await SENDERS.webhook.send(
        { endpoint: `${rx.url}/hook`, headers: [{ key: 'X-Price', value: 'secret €42' }] },
        alert('down'),
        ctx(),
      );
      expect(result).toMatchObject({ ok: false, status: null, retryable: false });
      expect(result.error).toBe('the request could not be built (ERR_INVALID_CHAR)');
      expect(rx.requests).toHaveLength(0);
    });

    it('keeps at most 2 KiB of the answer', async () => {
      rx.reply({ status: 500, body: 'x'.repeat(100_000) });
      const result = await send();
      expect(Buffer.byteLength(result.response)).toBe(2048);
    });

    it('removes credentials from the answer and names only the host', async () => {
      rx.reply({ status: 401, body: `{"ok":false,"description":"Unauthorized: bot${TELEGRAM_TOKEN} is not valid"}` });
      const telegram = await SENDERS.telegram.send({ chatId: '12345' }, alert('down'), ctx());
      expect(telegram.response).not.toContain(TELEGRAM_TOKEN);
      expect(telegram.response).toContain('[redacted]');
      expect(telegram.error).toBe(`127.0.0.1:${rx.port} answered HTTP 401`);

      const webhookUrl = `${rx.url}/services/T1/B1/slack-secret-path`;
      rx.reply({ status: 403, body: `invalid_token for ${webhookUrl}` });
      const slack = await SENDERS.slack.send({ webhookUrl }, alert('down'), ctx());
      expect(JSON.stringify(slack)).not.toContain('slack-secret-path');
    });
  });

  describe('missing configuration', () => {
    it('telegram without TELEGRAM_BOT_TOKEN is a final failure that sends nothing', async () => {
      const result = await SENDERS.telegram.send(
        { chatId: '12345' },
        alert('down'),
        ctx({ config: providers(rx.url, { TELEGRAM_BOT_TOKEN: '' }) }),
      );
      expect(result).toMatchObject({ ok: false, retryable: false });
      expect(result.error).toMatch(/TELEGRAM_BOT_TOKEN is not configured/);
      expect(rx.requests).toHaveLength(0);
    });

    it('sms and whatsapp without a Twilio account are final failures', async () => {
      const bare = providers(rx.url, { TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '' });
      for (const kind of ['sms', 'whatsapp'] as const) {
        const result = await SENDERS[kind].send(
          { phoneNumber: '+4915112345678' },
          alert('down'),
          ctx({ config: bare }),
        );
        expect(result).toMatchObject({ ok: false, retryable: false });
        expect(result.error).toMatch(/TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are not configured/);
      }
      expect(rx.requests).toHaveLength(0);
    });

    it('a channel without a required argument is a final failure that sends nothing', async () => {
      const ntfy = await SENDERS.ntfy.send({ serverUrl: rx.url }, alert('down'), ctx());
      expect(ntfy).toMatchObject({ ok: false, retryable: false, error: 'the channel has no topic' });
      const slack = await SENDERS.slack.send({ webhookUrl: '' }, alert('down'), ctx());
      expect(slack.error).toBe('the channel has no webhook_url');
      const email = await SENDERS.email.send({}, alert('down'), ctx());
      expect(email.error).toBe('the channel has no email');
      expect(rx.requests).toHaveLength(0);
      expect(smtp.messages).toHaveLength(0);
    });

    it('email without SMTP_URL is a final failure', async () => {
      const disabled = new MailerService(loadConfig({}));
      const result = await SENDERS.email.send({ email: 'oncall@acme.test' }, alert('down'), ctx({ mailer: disabled }));
      expect(result).toMatchObject({ ok: false, retryable: false });
      expect(result.error).toMatch(/SMTP_URL is not configured/);
    });
  });

  describe('email failures', () => {
    it('a recipient the relay rejects is final', async () => {
      smtp.rejectRecipients.add('gone@acme.test');
      const result = await SENDERS.email.send({ email: 'gone@acme.test' }, alert('down'), ctx());
      expect(result).toMatchObject({ ok: false, retryable: false, error: 'the SMTP relay answered 550' });
    });

    it('a relay that is down is retryable', async () => {
      const port = await closedPort();
      const down = new MailerService(loadConfig({ SMTP_URL: `smtp://u:p@127.0.0.1:${port}` }));
      try {
        const result = await SENDERS.email.send({ email: 'oncall@acme.test' }, alert('down'), ctx({ mailer: down }));
        expect(result).toMatchObject({ ok: false, retryable: true });
        expect(result.error).toMatch(/could not reach the SMTP relay/);
        expect(result.error).not.toContain('u:p');
      } finally {
        await down.onModuleDestroy();
      }
    });
  });
});
