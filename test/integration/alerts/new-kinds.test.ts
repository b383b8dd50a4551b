// The Mattermost, Pushover, Gotify and Matrix senders against a real receiver on loopback: for down,
// degraded, recovered and test, the exact request of each provider's public API (method, path,
// headers, body); the private-address rule for the URLs users type; and how answers are classified,
// credentials removed.
import type { AlertKind, AlertMessage } from '../../../backend/src/channels/alert-message';
import { OutboundHttp } from '../../../backend/src/channels/outbound-http';
import { SENDERS } from '../../../backend/src/channels/senders';
import type { SendContext } from '../../../backend/src/channels/channel-kind';
import { alertProvidersConfig, type AlertProvidersConfig } from '../../../backend/src/config/alert-providers.config';
import { loadConfig } from '../../../backend/src/config/config';
import { MailerService } from '../../../backend/src/mail/mailer.service';
import { startReceiver, type ReceivedRequest, type Receiver } from '../../support/receivers';

const AT = new Date('2026-01-02T03:04:05.000Z');
/** AT in Unix seconds. */
const AT_SECONDS = 1767323045;
const MONITOR_URL = 'https://app.example/app/w/acme/monitors/42';
const PAGE_URL = 'https://status.example/status/acme';
const EVENT_ID = '3f0b6a2c-8d41-4e57-9c1a-7e2d5b8f0a64';
const KINDS = ['down', 'degraded', 'recovered', 'test'] as const;

const PUSHOVER_USER = 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG';
const PUSHOVER_TOKEN = 'azGDORePK8gMaC0QOYAMyEEuzJnyUi';
const GOTIFY_TOKEN = 'AvKzBUh2yRXpNx4';
const MATRIX_TOKEN = 'syt_YWxlcnRz_kLmNoPqRsTuVwXyZ_0a1b2c';
const ROOM = '!OGEhHVWSdvArJzumhm:matrix.example';

const REGIONS: Record<AlertKind, AlertMessage['regions']> = {
  down: [
    { region: 'fly-syd', status: 'active', error: null, latencyMs: 210 },
    { region: 'fly-ams', status: 'error', error: 'HTTP 503', latencyMs: 40 },
  ],
  degraded: [{ region: 'fly-ams', status: 'degraded', error: null, latencyMs: 3100 }],
  recovered: [{ region: 'fly-ams', status: 'active', error: null, latencyMs: 120 }],
  test: [{ region: 'fly-ams', status: 'active', error: null, latencyMs: 120 }],
};

/** The region lines of each kind, failing first, as every sender words them. */
const REGION_LINES: Record<AlertKind, string[]> = {
  down: ['fly-ams: error, 40 ms (HTTP 503)', 'fly-syd: active, 210 ms'],
  degraded: ['fly-ams: degraded, 3100 ms'],
  recovered: ['fly-ams: active, 120 ms'],
  test: ['fly-ams: active, 120 ms'],
};

const TITLES: Record<AlertKind, string> = {
  down: '[DOWN] Checkout API is down',
  degraded: '[DEGRADED] Checkout API is degraded',
  recovered: '[RECOVERED] Checkout API has recovered',
  test: '[TEST] Test alert for Checkout API',
};

const HEADLINES: Record<AlertKind, string> = {
  down: 'Checkout API (http https://shop.example/api) is down at 2026-01-02T03:04:05Z.',
  degraded: 'Checkout API (http https://shop.example/api) is degraded at 2026-01-02T03:04:05Z.',
  recovered: 'Checkout API (http https://shop.example/api) has recovered at 2026-01-02T03:04:05Z.',
  test: "Test alert for Checkout API (http https://shop.example/api) at 2026-01-02T03:04:05Z; the monitor's status did not change.",
};

function alert(kind: AlertKind, overrides: Partial<AlertMessage> = {}): AlertMessage {
  return {
    kind,
    monitor: { id: '42', name: 'Checkout API', kind: 'http', target: 'https://shop.example/api' },
    workspace: { id: '7', slug: 'acme' },
    regions: REGIONS[kind],
    at: AT,
    monitorUrl: MONITOR_URL,
    pageUrls: [PAGE_URL],
    incidentKey: 'mon-42-inc-5',
    eventId: EVENT_ID,
    ...overrides,
  };
}

/** The plain-text summary: headline, regions, links. */
const summary = (kind: AlertKind): string =>
  [
    HEADLINES[kind],
    '',
    'Regions:',
    ...REGION_LINES[kind].map((l) => `- ${l}`),
    '',
    `Monitor: ${MONITOR_URL}`,
    `Status page: ${PAGE_URL}`,
  ].join('\n');

/** The Markdown of Mattermost and Gotify: the title's brackets escaped. */
const markdown = (kind: AlertKind): string =>
  [
    `**${TITLES[kind].replace(/[[\]]/g, '\\$&')}**`,
    HEADLINES[kind],
    '',
    ...REGION_LINES[kind].map((l) => `- ${l}`),
    '',
    `[Monitor](${MONITOR_URL}) · [Status page](${PAGE_URL})`,
  ].join('\n');

const json = (request: ReceivedRequest): Record<string, unknown> => JSON.parse(request.body) as Record<string, unknown>;

describe('Mattermost, Pushover, Gotify and Matrix senders', () => {
  let rx: Receiver;
  let mailer: MailerService;
  let config: AlertProvidersConfig;

  const ctx = (allowPrivateTargets = true): SendContext => ({
    signal: AbortSignal.timeout(10_000),
    http: new OutboundHttp({ allowPrivateTargets }),
    mailer,
    config,
  });

  function only(): ReceivedRequest {
    expect(rx.requests).toHaveLength(1);
    return rx.requests[0];
  }

  beforeAll(async () => {
    rx = await startReceiver();
    mailer = new MailerService(loadConfig({}));
    config = alertProvidersConfig({ NODE_ENV: 'test', ALERT_PUSHOVER_URL: `${rx.url}/po/` });
  });

  afterAll(async () => {
    await mailer.onModuleDestroy();
    await rx.close();
  });

  beforeEach(() => rx.clear());

  describe.each(KINDS)('%s', (kind) => {
    const message = alert(kind);

    it('mattermost: the incoming webhook with the alert as Markdown and the overrides set', async () => {
      const webhookUrl = `${rx.url}/hooks/xk3mq9w1bfd8pcz7r4nhe6a5yo`;
      const result = await SENDERS.mattermost.send(
        { webhookUrl, channel: 'ops-alerts', username: 'Uptime', iconUrl: 'https://cdn.example/bot.png' },
        message,
        ctx(),
      );
      expect(result).toEqual({
        ok: true,
        status: 200,
        response: 'ok',
        retryable: false,
        retryAfterMs: null,
        error: null,
      });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/hooks/xk3mq9w1bfd8pcz7r4nhe6a5yo');
      expect(req.headers['content-type']).toBe('application/json');
      expect(json(req)).toEqual({
        text: markdown(kind),
        channel: 'ops-alerts',
        username: 'Uptime',
        icon_url: 'https://cdn.example/bot.png',
      });
    });

    it('pushover: the messages API with token, user, title, message, priority and the monitor link', async () => {
      rx.reply({ status: 200, body: '{"status":1,"request":"5042853c-402d-4a18-abcb-168734a801de"}' });
      const result = await SENDERS.pushover.send(
        { userKey: PUSHOVER_USER, appToken: PUSHOVER_TOKEN, priority: 1, device: 'pixel-7', sound: 'siren' },
        message,
        ctx(false),
      );
      expect(result).toMatchObject({ ok: true, status: 200, error: null });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/po/1/messages.json');
      expect(req.headers['content-type']).toBe('application/json');
      expect(json(req)).toEqual({
        token: PUSHOVER_TOKEN,
        user: PUSHOVER_USER,
        title: TITLES[kind],
        message: summary(kind),
        // High for what goes wrong; a recovery or a test never above normal.
        priority: kind === 'down' || kind === 'degraded' ? 1 : 0,
        timestamp: AT_SECONDS,
        url: MONITOR_URL,
        url_title: 'Monitor',
        device: 'pixel-7',
        sound: 'siren',
      });
    });

    it('pushover: emergency priority with the retry and expiry Pushover requires, for problems only', async () => {
      await SENDERS.pushover.send({ userKey: PUSHOVER_USER, appToken: PUSHOVER_TOKEN, priority: 2 }, message, ctx());
      const body = json(only());
      if (kind === 'down' || kind === 'degraded') {
        expect(body).toMatchObject({ priority: 2, retry: 60, expire: 3600 });
      } else {
        expect(body.priority).toBe(0);
        expect(body).not.toHaveProperty('retry');
        expect(body).not.toHaveProperty('expire');
      }
      expect(body).not.toHaveProperty('device');
      expect(body).not.toHaveProperty('sound');
    });

    it('gotify: the message API with the app token in X-Gotify-Key and Markdown extras', async () => {
      rx.reply({ status: 200, body: '{"id":25,"appid":5,"priority":8}' });
      const result = await SENDERS.gotify.send(
        { serverUrl: `${rx.url}/gotify/`, appToken: GOTIFY_TOKEN, priority: 8 },
        message,
        ctx(),
      );
      expect(result).toMatchObject({ ok: true, status: 200, error: null });
      const req = only();
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/gotify/message');
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['x-gotify-key']).toBe(GOTIFY_TOKEN);
      expect(json(req)).toEqual({
        title: TITLES[kind],
        message: markdown(kind),
        priority: 8,
        extras: {
          'client::display': { contentType: 'text/markdown' },
          'client::notification': { click: { url: MONITOR_URL } },
        },
      });
    });

    it('matrix: an m.room.message PUT to the room with the event id as transaction id', async () => {
      rx.reply({ status: 200, body: '{"event_id":"$YUwRidLecu:matrix.example"}' });
      const result = await SENDERS.matrix.send(
        { homeserverUrl: `${rx.url}/mx`, roomId: ROOM, accessToken: MATRIX_TOKEN },
        message,
        ctx(),
      );
      expect(result).toMatchObject({ ok: true, status: 200, error: null });
      const req = only();
      expect(req.method).toBe('PUT');
      expect(req.url).toBe(
        `/mx/_matrix/client/v3/rooms/!OGEhHVWSdvArJzumhm%3Amatrix.example/send/m.room.message/${EVENT_ID}`,
      );
      expect(req.headers.authorization).toBe(`Bearer ${MATRIX_TOKEN}`);
      expect(req.headers['content-type']).toBe('application/json');
      const regions = REGION_LINES[kind].map((l) => `<li>${l}</li>`).join('');
      expect(json(req)).toEqual({
        msgtype: 'm.text',
        body: `${TITLES[kind]}\n${summary(kind)}`,
        format: 'org.matrix.custom.html',
        formatted_body:
          `<strong>${TITLES[kind]}</strong><br>${HEADLINES[kind].replace(/'/g, '&#39;')}<ul>${regions}</ul>` +
          `<p><a href="${MONITOR_URL}">Monitor</a> · <a href="${PAGE_URL}">Status page</a></p>`,
        'm.mentions': {},
      });
    });
  });

  describe('text from monitors', () => {
    const hostile = alert('down', {
      monitor: { id: '42', name: '@channel *now* [x](https://evil.example) <b>', kind: 'http', target: '' },
    });

    it('mattermost: adds no mention, emphasis or link of its own', async () => {
      await SENDERS.mattermost.send({ webhookUrl: `${rx.url}/hooks/k` }, hostile, ctx());
      const body = json(only());
      expect(Object.keys(body)).toEqual(['text']);
      const [title, headline] = (body.text as string).split('\n');
      expect(title).toBe('**\\[DOWN\\] @\u200bchannel \\*now\\* \\[x\\](https://evil.example) \\<b\\> is down**');
      expect(headline.startsWith('@\u200bchannel \\*now\\*')).toBe(true);
    });

    it('matrix: escapes HTML in the formatted body', async () => {
      await SENDERS.matrix.send({ homeserverUrl: rx.url, roomId: ROOM, accessToken: MATRIX_TOKEN }, hostile, ctx());
      const body = json(only());
      expect(body.formatted_body).toContain(
        '<strong>[DOWN] @channel *now* [x](https://evil.example) &#60;b&#62; is down</strong>',
      );
      expect(body['m.mentions']).toEqual({});
    });
  });

  describe('answers and failures', () => {
    it('pushover: a refusal is final and names neither the token nor the user key', async () => {
      rx.reply({
        status: 400,
        body: `{"token":"invalid","errors":["application token is invalid, see https://pushover.net/api"],"status":0,"echo":"${PUSHOVER_TOKEN} ${PUSHOVER_USER}"}`,
      });
      const result = await SENDERS.pushover.send(
        { userKey: PUSHOVER_USER, appToken: PUSHOVER_TOKEN },
        alert('down'),
        ctx(),
      );
      expect(result).toMatchObject({ ok: false, status: 400, retryable: false });
      expect(result.error).toBe(`127.0.0.1:${rx.port} answered HTTP 400`);
      expect(result.response).toContain('application token is invalid');
      expect(result.response).not.toContain(PUSHOVER_TOKEN);
      expect(result.response).not.toContain(PUSHOVER_USER);
    });

    it('gotify: a 5xx is retried and the token is removed from the answer', async () => {
      rx.reply({ status: 503, body: `down for maintenance (${GOTIFY_TOKEN})` });
      const result = await SENDERS.gotify.send({ serverUrl: rx.url, appToken: GOTIFY_TOKEN }, alert('down'), ctx());
      expect(result).toMatchObject({
        ok: false,
        status: 503,
        retryable: true,
        response: 'down for maintenance ([redacted])',
      });
      // No priority stored: Gotify's default of the channel, 5.
      expect(json(only()).priority).toBe(5);
    });

    it("matrix: a 429 waits the homeserver's retry_after_ms", async () => {
      rx.reply({
        status: 429,
        body: '{"errcode":"M_LIMIT_EXCEEDED","error":"Too many requests","retry_after_ms":2500}',
      });
      const result = await SENDERS.matrix.send(
        { homeserverUrl: rx.url, roomId: ROOM, accessToken: MATRIX_TOKEN },
        alert('down'),
        ctx(),
      );
      expect(result).toMatchObject({ ok: false, status: 429, retryable: true, retryAfterMs: 2500 });
    });

    it('matrix: a stored channel without a room id fails without a request', async () => {
      const result = await SENDERS.matrix.send(
        { homeserverUrl: rx.url, accessToken: MATRIX_TOKEN },
        alert('down'),
        ctx(),
      );
      expect(result).toMatchObject({ ok: false, retryable: false, error: 'the channel has no room_id' });
      expect(rx.connections).toBe(0);
    });

    it.each([
      ['mattermost', { webhookUrl: 'http://127.0.0.1:9/hooks/k' }],
      ['gotify', { serverUrl: 'http://10.0.0.7', appToken: GOTIFY_TOKEN }],
      ['matrix', { homeserverUrl: 'http://[::1]:9', roomId: ROOM, accessToken: MATRIX_TOKEN }],
    ] as const)('%s: refuses a private address the user typed, before connecting', async (type, args) => {
      const result = await SENDERS[type].send(args, alert('down'), ctx(false));
      expect(result).toMatchObject({ ok: false, status: null, retryable: false });
      expect(result.error).toMatch(/private, loopback or reserved address/);
    });
  });
});
