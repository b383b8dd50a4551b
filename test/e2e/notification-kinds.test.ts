// The Mattermost, Pushover, Gotify and Matrix channel kinds through every transport of the server,
// against a loopback receiver: RPC create, get, list and update with credentials write-only and
// sealed at rest; refusals that name the field and the bound; SendTestNotification; a delivery
// through the alert pipeline (results ingested -> outbox -> worker -> receiver), with a Matrix retry
// that reuses its transaction id; MCP list_notifications without credentials.
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import {
  NotificationService,
  type Notification,
  type NotificationSchema,
} from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { AlertDeliveryWorker } from '../../backend/src/alerts/alert-delivery.worker';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { CheckWorkService } from '../../backend/src/checker/check-work.service';
import { emptyResult } from '../../backend/src/checker/probe';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { SecretBox } from '../../backend/src/common/crypto';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationChannelEntity } from '../../backend/src/notifications/notification-channel.entity';
import { McpTestClients } from '../support/mcp';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { startReceiver, type ReceivedRequest, type Receiver } from '../support/receivers';
import { eventually, rpcError, wholeDatabaseText, withKey } from '../support/rpc';

type NotificationClient = Client<typeof NotificationService>;
type NotificationInit = Exclude<MessageInitShape<typeof NotificationSchema>, Notification>;

const text = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** Credentials of the four kinds: none may be answered, audited, logged or stored in the clear. */
const S = {
  mattermostKey: 'SECRETmattermosthook4c1',
  pushoverUser: 'SECRETpoUser000000000000000001',
  pushoverToken: 'SECRETpoToken00000000000000001',
  gotifyQuery: 'SECRETgotifyquery4c1',
  gotifyToken: 'SECRET-gotify-token-4c1',
  matrixToken: 'SECRET-matrix-token-4c1',
};
const ROOM = '!kX4cR0om:matrix.example';

/** The path a receiver gets from each kind (Pushover's base is ALERT_PUSHOVER_URL = {rx}/po). */
const MATTERMOST_PATH = `/hooks/${S.mattermostKey}`;
const PUSHOVER_PATH = '/po/1/messages.json';
const GOTIFY_PATH = '/gotify/message';
const MATRIX_PREFIX = `/_matrix/client/v3/rooms/${encodeURIComponent(ROOM)}/send/m.room.message/`;

describe('Mattermost, Pushover, Gotify and Matrix channels end to end', () => {
  let rx: Receiver;
  let t: HttpTestApp;
  let tenant: Tenant;
  let sut: NotificationClient;
  const mcp = () => new McpTestClients<{ notifications: Array<Record<string, unknown>> }>(t.baseUrl, 'kinds-test');

  const clientFor = (key: string): NotificationClient =>
    createClient(
      NotificationService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        useBinaryFormat: true,
        interceptors: [withKey(key)],
      }),
    );

  /** The four channels, their user URLs on the receiver `on`. */
  const blocks = (on: Receiver = rx): Record<string, NotificationInit> => ({
    mattermost: {
      name: 'chat',
      providerType: 'mattermost',
      provider: {
        case: 'mattermost',
        value: { webhookUrl: `${on.url}${MATTERMOST_PATH}`, channel: 'ops', username: 'Uptime' },
      },
    },
    pushover: {
      name: 'phones',
      providerType: 'pushover',
      provider: {
        case: 'pushover',
        value: { userKey: S.pushoverUser, appToken: S.pushoverToken, priority: 1, sound: 'siren' },
      },
    },
    gotify: {
      name: 'gotify',
      providerType: 'gotify',
      provider: {
        case: 'gotify',
        value: { serverUrl: `${on.url}/gotify?via=${S.gotifyQuery}`, appToken: S.gotifyToken, priority: 8 },
      },
    },
    matrix: {
      name: 'room',
      providerType: 'matrix',
      provider: { case: 'matrix', value: { homeserverUrl: on.url, roomId: ROOM, accessToken: S.matrixToken } },
    },
  });

  const storedSecrets = async (id: string): Promise<Record<string, string> | null> => {
    const row = await t.db.repo(NotificationChannelEntity).findOneByOrFail({ id });
    return row.secretsSealed ? t.app.get(SecretBox).decryptJson<Record<string, string>>(row.secretsSealed) : null;
  };

  const json = (r: ReceivedRequest) => JSON.parse(r.body) as Record<string, unknown>;

  beforeAll(async () => {
    rx = await startReceiver();
    t = await startHttpApp({ env: { ALERT_PUSHOVER_URL: `${rx.url}/po` } });
    t.app.get(AlertDeliveryWorker).configure({ backoffBaseMs: 50, backoffMaxMs: 400, pollMs: 200 });
    await t.app.get(RetentionService).maintain(new Date());
    tenant = await newTenant(t);
    sut = clientFor(tenant.writeKey);
  });

  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  beforeEach(() => rx.clear());

  it('creates, gets and lists each kind with its credentials write-only and sealed', async () => {
    const own = await newTenant(t);
    const client = clientFor(own.writeKey);
    const answers: unknown[] = [];
    const created: Record<string, Notification> = {};
    for (const [type, notification] of Object.entries(blocks())) {
      const answer = await client.createNotification({ notification });
      answers.push(answer);
      created[type] = answer.notification!;
      const { notification: fetched } = await client.getNotification({ id: answer.notification!.id });
      expect(fetched).toEqual(answer.notification);
      answers.push(fetched);
    }
    answers.push(await client.listNotifications({}));

    expect(created.mattermost.provider).toEqual({
      case: 'mattermost',
      value: expect.objectContaining({ webhookUrl: '', channel: 'ops', username: 'Uptime', iconUrl: '' }) as unknown,
    });
    expect(created.pushover.provider.value).toMatchObject({
      userKey: '',
      appToken: '',
      priority: 1,
      device: '',
      sound: 'siren',
    });
    expect(created.gotify.provider.value).toMatchObject({ serverUrl: `${rx.url}/gotify`, appToken: '', priority: 8 });
    expect(created.matrix.provider.value).toMatchObject({ homeserverUrl: rx.url, roomId: ROOM, accessToken: '' });
    expect(Object.fromEntries(Object.entries(created).map(([k, n]) => [k, n.configuredSecrets]))).toEqual({
      mattermost: ['webhook_url'],
      pushover: ['app_token', 'user_key'],
      gotify: ['app_token', 'server_url'],
      matrix: ['access_token'],
    });

    expect(await storedSecrets(created.mattermost.id)).toEqual({ webhookUrl: `${rx.url}${MATTERMOST_PATH}` });
    expect(await storedSecrets(created.pushover.id)).toEqual({ userKey: S.pushoverUser, appToken: S.pushoverToken });
    expect(await storedSecrets(created.gotify.id)).toEqual({
      serverUrl: `${rx.url}/gotify?via=${S.gotifyQuery}`,
      appToken: S.gotifyToken,
    });
    expect(await storedSecrets(created.matrix.id)).toEqual({ accessToken: S.matrixToken });

    const database = await wholeDatabaseText(t.db);
    const audit = text(await t.db.repo(AuditLogEntity).findBy({ workspaceId: own.ctx.workspace.id }));
    const answered = text(answers);
    for (const secret of Object.values(S)) {
      expect({ secret, database: database.includes(secret) }).toEqual({ secret, database: false });
      expect({ secret, audit: audit.includes(secret) }).toEqual({ secret, audit: false });
      expect({ secret, answered: answered.includes(secret) }).toEqual({ secret, answered: false });
    }
  });

  it('keeps stored credentials when a block is sent back as answered, and resets a masked priority', async () => {
    const mask = (...paths: string[]) => create(FieldMaskSchema, { paths });
    const { notification: pushover } = await sut.createNotification({ notification: blocks().pushover });
    const { notification: gotify } = await sut.createNotification({ notification: blocks().gotify });
    const { notification: matrix } = await sut.createNotification({ notification: blocks().matrix });

    // As answered: credentials empty, the URL without its query string.
    const sentBack = await sut.updateNotification({
      id: gotify!.id,
      notification: { provider: { case: 'gotify', value: { ...gotify!.provider.value, priority: 9 } } as never },
    });
    expect(sentBack.notification?.provider.value).toMatchObject({ priority: 9, appToken: '' });
    expect(await storedSecrets(gotify!.id)).toEqual({
      serverUrl: `${rx.url}/gotify?via=${S.gotifyQuery}`,
      appToken: S.gotifyToken,
    });

    const reset = await sut.updateNotification({
      id: pushover!.id,
      notification: {},
      updateMask: mask('pushover.priority'),
    });
    expect(reset.notification?.provider.value).toMatchObject({ priority: 0, sound: 'siren' });
    const lowest = await sut.updateNotification({
      id: gotify!.id,
      notification: { provider: { case: 'gotify', value: { priority: 0 } } },
      updateMask: mask('gotify.priority'),
    });
    expect(lowest.notification?.provider.value).toMatchObject({ priority: 0 });
    expect(await storedSecrets(pushover!.id)).toEqual({ userKey: S.pushoverUser, appToken: S.pushoverToken });

    const moved = await sut.updateNotification({
      id: matrix!.id,
      notification: { provider: { case: 'matrix', value: { roomId: '!other:matrix.example' } } },
      updateMask: mask('matrix.room_id'),
    });
    expect(moved.notification?.provider.value).toMatchObject({ roomId: '!other:matrix.example', accessToken: '' });
    expect(await storedSecrets(matrix!.id)).toEqual({ accessToken: S.matrixToken });
  });

  it.each([
    [
      'a Pushover priority above 2',
      { case: 'pushover', value: { userKey: S.pushoverUser, appToken: S.pushoverToken, priority: 3 } },
      'pushover.priority: must be an integer from -2 to 2',
    ],
    [
      'a Pushover key of the wrong length',
      { case: 'pushover', value: { userKey: 'u123', appToken: S.pushoverToken } },
      'pushover.userKey: must be 30 letters and digits',
    ],
    [
      'a Gotify priority below 0',
      { case: 'gotify', value: { serverUrl: 'https://push.example', appToken: 't', priority: -1 } },
      'gotify.priority: must be an integer from 0 to 10',
    ],
    [
      'a Gotify channel without a token',
      { case: 'gotify', value: { serverUrl: 'https://push.example' } },
      'gotify.appToken: is required',
    ],
    [
      'a Matrix room alias',
      { case: 'matrix', value: { homeserverUrl: 'https://m.example', roomId: '#ops:m.example', accessToken: 't' } },
      'matrix.roomId: must be a room id such as !abc123:matrix.example (not an alias such as #room:matrix.example)',
    ],
    [
      'a Matrix homeserver that is no URL',
      { case: 'matrix', value: { homeserverUrl: 'matrix.example', roomId: ROOM, accessToken: 't' } },
      'matrix.homeserverUrl: must be an http or https URL',
    ],
    [
      'a Mattermost channel with spaces',
      { case: 'mattermost', value: { webhookUrl: 'https://chat.example/hooks/k', channel: 'Town Square' } },
      'mattermost.channel: must be a channel name such as town-square, or @username',
    ],
  ] as const)('refuses %s, naming the field and the bound', async (_name, provider, message) => {
    const before = (await sut.listNotifications({})).totalSize;
    const error = await rpcError(
      sut.createNotification({ notification: { providerType: provider.case, provider: provider as never } }),
    );
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toBe(message);
    expect((await sut.listNotifications({})).totalSize).toBe(before);
  });

  it('sends a test through each kind and answers what the receiver said', async () => {
    const sent: Record<string, ReceivedRequest> = {};
    for (const [type, notification] of Object.entries(blocks())) {
      rx.clear();
      const { notification: channel } = await sut.createNotification({ notification });
      const answer = await sut.sendTestNotification({ id: channel!.id });
      expect({ type, ...answer }).toMatchObject({ type, ok: true, status: 200, response: 'ok', error: '' });
      expect(rx.requests).toHaveLength(1);
      sent[type] = rx.requests[0];
    }
    expect(sent.mattermost).toMatchObject({ method: 'POST', url: MATTERMOST_PATH });
    expect(json(sent.mattermost)).toMatchObject({ channel: 'ops', username: 'Uptime' });
    expect((json(sent.mattermost).text as string).startsWith('**\\[TEST\\] Test alert for ')).toBe(true);

    expect(sent.pushover).toMatchObject({ method: 'POST', url: PUSHOVER_PATH });
    // A test never goes out above normal priority, whatever the channel says.
    expect(json(sent.pushover)).toMatchObject({
      token: S.pushoverToken,
      user: S.pushoverUser,
      priority: 0,
      sound: 'siren',
    });

    expect(sent.gotify).toMatchObject({ method: 'POST', url: `${GOTIFY_PATH}?via=${S.gotifyQuery}` });
    expect(sent.gotify.headers['x-gotify-key']).toBe(S.gotifyToken);
    expect(json(sent.gotify)).toMatchObject({
      priority: 8,
      extras: { 'client::display': { contentType: 'text/markdown' } },
    });

    expect(sent.matrix.method).toBe('PUT');
    expect(sent.matrix.url.startsWith(MATRIX_PREFIX)).toBe(true);
    expect(sent.matrix.headers.authorization).toBe(`Bearer ${S.matrixToken}`);
    expect(json(sent.matrix)).toMatchObject({ msgtype: 'm.text', format: 'org.matrix.custom.html' });
  });

  it('answers a refused test send without a credential', async () => {
    rx.reply({ status: 401, body: `{"errcode":"M_UNKNOWN_TOKEN","error":"Unknown token ${S.matrixToken}"}` });
    const { notification } = await sut.createNotification({ notification: blocks().matrix });
    const answer = await sut.sendTestNotification({ id: notification!.id });
    expect(answer).toMatchObject({ ok: false, status: 401, error: `127.0.0.1:${rx.port} answered HTTP 401` });
    expect(answer.response).toBe('{"errcode":"M_UNKNOWN_TOKEN","error":"Unknown token [redacted]"}');
  });

  it('delivers a down alert of a monitor through each kind, and a Matrix retry reuses its transaction', async () => {
    const flaky = await startReceiver();
    try {
      // The homeserver fails once: the retry must PUT the same transaction, so it posts once.
      flaky.reply({ status: 502, body: 'bad gateway' }, { status: 200, body: '{"event_id":"$e"}' });
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const monitor = await t.app.get(MonitorsService).create(own.ctx, 'http', {
        name: 'Checkout API',
        url: 'http://127.0.0.1:9/health',
        periodicity: '1m',
        regions: ['fly-ams'],
      });
      const all = blocks();
      all.matrix = blocks(flaky).matrix;
      for (const notification of Object.values(all)) {
        await client.createNotification({ notification: { ...notification, monitorIds: [monitor.id] } });
      }
      const report = async (status: 'success' | 'error', secondsAgo: number) => {
        const at = new Date(Date.now() - secondsAgo * 1000);
        await t.app.get(CheckWorkService).report({ agentId: 'test', locations: ['fly-ams'], privateLocationId: null }, [
          {
            run: {
              monitorId: monitor.id,
              location: 'fly-ams',
              trigger: 'cron' as const,
              triggerId: null,
              cronTimestamp: at,
              periodMs: 60_000,
            },
            outcome: {
              ...emptyResult(),
              status,
              latencyMs: 12,
              statusCode: status === 'error' ? 503 : 200,
              attempts: 1,
              error: status === 'error' ? { kind: 'http' as const, message: 'status 503' } : null,
            },
            startedAt: at,
          },
        ]);
      };
      await report('success', 120);
      await report('error', 60);
      const rows = await eventually(
        () =>
          t.db.rows<{ status: string; attempts: number }>(
            'SELECT status, attempts FROM alert_deliveries WHERE monitor_id = $1',
            [monitor.id],
          ),
        (r) => r.length === 4 && r.every((d) => d.status === 'delivered'),
      );
      expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);

      const to = (path: string) => rx.requests.filter((r) => r.path === path);
      expect(to(MATTERMOST_PATH)).toHaveLength(1);
      expect((json(to(MATTERMOST_PATH)[0]).text as string).startsWith('**\\[DOWN\\] Checkout API is down**')).toBe(
        true,
      );
      expect(to(PUSHOVER_PATH).map((r) => json(r))).toEqual([
        expect.objectContaining({ title: '[DOWN] Checkout API is down', priority: 1 }),
      ]);
      expect(to(GOTIFY_PATH).map((r) => json(r))).toEqual([
        expect.objectContaining({ title: '[DOWN] Checkout API is down', priority: 8 }),
      ]);
      expect(flaky.requests.map((r) => r.method)).toEqual(['PUT', 'PUT']);
      expect(flaky.requests[0].url.startsWith(MATRIX_PREFIX)).toBe(true);
      expect(flaky.requests[1].url).toBe(flaky.requests[0].url);
      expect(flaky.requests[1].body).toBe(flaky.requests[0].body);
    } finally {
      await flaky.close();
    }
  });

  it('lists the kinds over MCP with their settings and never a credential', async () => {
    const own = await newTenant(t);
    const client = clientFor(own.writeKey);
    for (const notification of Object.values(blocks())) await client.createNotification({ notification });
    const clients = mcp();
    try {
      const session = await clients.withKey(own.readKey);
      await clients.checkOutputSchemas(session);
      const listed = await clients.ok(session, 'list_notifications', {});
      const byType = Object.fromEntries(listed.notifications.map((n) => [n.providerType as string, n]));
      expect(Object.keys(byType).sort()).toEqual(['gotify', 'matrix', 'mattermost', 'pushover']);
      expect(byType.mattermost.settings).toEqual({ channel: 'ops', username: 'Uptime', iconUrl: '' });
      expect(byType.pushover.settings).toEqual({ priority: 1, device: '', sound: 'siren' });
      expect(byType.gotify.settings).toEqual({ serverUrl: `${rx.url}/gotify`, priority: 8 });
      expect(byType.matrix.settings).toEqual({ homeserverUrl: rx.url, roomId: ROOM });
      expect(byType.pushover.configuredSecrets).toEqual(['app_token', 'user_key']);
      const shown = JSON.stringify(listed);
      for (const secret of Object.values(S))
        expect({ secret, shown: shown.includes(secret) }).toEqual({ secret, shown: false });
    } finally {
      await clients.closeAll();
    }
  });
});
