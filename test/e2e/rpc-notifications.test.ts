// notification.v1.NotificationService end to end: real HTTP server, real database, the official
// Connect client in binary, and plain HTTP JSON requests.
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { FieldMaskSchema, timestampDate } from '@bufbuild/protobuf/wkt';
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import {
  NotificationService,
  type Notification,
  type NotificationSchema,
} from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { ApiKeyEntity } from '../../backend/src/api-keys/api-key.entity';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { SecretBox } from '../../backend/src/common/crypto';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import {
  NotificationChannelEntity,
  NotificationChannelMonitorEntity,
} from '../../backend/src/notifications/notification-channel.entity';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcError, wholeDatabaseText, withKey } from '../support/rpc';

type NotificationClient = Client<typeof NotificationService>;
/** The plain-object form of a Notification init. */
type NotificationInit = Exclude<MessageInitShape<typeof NotificationSchema>, Notification>;

const text = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/slack-secret-0001';

describe('NotificationService over Connect (binary)', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let sut: NotificationClient;
  const clientFor = (key: string | null): NotificationClient =>
    createClient(
      NotificationService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        useBinaryFormat: true,
        interceptors: [withKey(key)],
      }),
    );

  const newMonitor = async (owner: Tenant = tenant, name = 'target'): Promise<string> =>
    (
      await t.app
        .get(MonitorsService)
        .create(owner.ctx, 'http', { name, url: 'https://example.com', periodicity: '1m' })
    ).id;

  const slack = (extra: Partial<NotificationInit> = {}): { notification: NotificationInit } => ({
    notification: {
      name: 'On-call',
      providerType: 'slack',
      provider: { case: 'slack', value: { webhookUrl: SLACK_URL } },
      ...extra,
    },
  });

  const storedSecrets = async (id: string): Promise<Record<string, string> | null> => {
    const row = await t.db.repo(NotificationChannelEntity).findOneByOrFail({ id });
    return row.secretsSealed ? t.app.get(SecretBox).decryptJson<Record<string, string>>(row.secretsSealed) : null;
  };

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    sut = clientFor(tenant.writeKey);
  });

  afterAll(() => t.close());

  describe('create and get', () => {
    const blocks: Array<[string, NotificationInit['provider'], NotificationInit['provider'], string[]]> = [
      [
        'discord',
        { case: 'discord', value: { webhookUrl: 'https://discord.com/api/webhooks/1/abc' } },
        { case: 'discord', value: { webhookUrl: '' } },
        ['webhook_url'],
      ],
      [
        'email',
        { case: 'email', value: { email: 'ops@example.com' } },
        { case: 'email', value: { email: 'ops@example.com' } },
        [],
      ],
      [
        'slack',
        { case: 'slack', value: { webhookUrl: SLACK_URL } },
        { case: 'slack', value: { webhookUrl: '' } },
        ['webhook_url'],
      ],
      [
        'pagerduty',
        { case: 'pagerduty', value: { integrationKey: 'pd-key-123' } },
        { case: 'pagerduty', value: { integrationKey: '' } },
        ['integration_key'],
      ],
      [
        'opsgenie',
        { case: 'opsgenie', value: { apiKey: 'og-key-123', region: 'eu' } },
        { case: 'opsgenie', value: { apiKey: '', region: 'eu' } },
        ['api_key'],
      ],
      [
        'webhook',
        {
          case: 'webhook',
          value: {
            endpoint: 'https://hooks.example.com/in?sig=abc',
            headers: [{ key: 'X-Team', value: 'ops' }],
            signingSecret: 'whsec_123',
          },
        },
        {
          case: 'webhook',
          value: {
            endpoint: 'https://hooks.example.com/in',
            headers: [{ key: 'X-Team', value: '' }],
            signingSecret: '',
          },
        },
        ['endpoint', 'headers', 'signing_secret'],
      ],
      [
        'telegram',
        { case: 'telegram', value: { chatId: '-1001234567890' } },
        { case: 'telegram', value: { chatId: '-1001234567890' } },
        [],
      ],
      [
        'sms',
        { case: 'sms', value: { phoneNumber: '+14155550123' } },
        { case: 'sms', value: { phoneNumber: '+14155550123' } },
        [],
      ],
      [
        'whatsapp',
        { case: 'whatsapp', value: { phoneNumber: '+4915112345678' } },
        { case: 'whatsapp', value: { phoneNumber: '+4915112345678' } },
        [],
      ],
      [
        'google_chat',
        { case: 'googleChat', value: { webhookUrl: 'https://chat.googleapis.com/v1/spaces/x/messages?key=k' } },
        { case: 'googleChat', value: { webhookUrl: '' } },
        ['webhook_url'],
      ],
      [
        'grafana_oncall',
        { case: 'grafanaOncall', value: { webhookUrl: 'https://oncall.example.com/integrations/v1/abc/' } },
        { case: 'grafanaOncall', value: { webhookUrl: '' } },
        ['webhook_url'],
      ],
      [
        'ntfy',
        { case: 'ntfy', value: { topic: 'ops-alerts', serverUrl: 'https://ntfy.example.com', token: 'tk_123' } },
        { case: 'ntfy', value: { topic: 'ops-alerts', serverUrl: 'https://ntfy.example.com', token: '' } },
        ['token'],
      ],
      [
        'ms_teams',
        { case: 'msTeams', value: { webhookUrl: 'https://example.webhook.office.com/webhookb2/abc' } },
        { case: 'msTeams', value: { webhookUrl: '' } },
        ['webhook_url'],
      ],
    ];

    it.each(blocks)('creates a %s channel and answers its credentials empty', async (type, block, shown, secrets) => {
      const { notification } = await sut.createNotification({
        notification: { name: `n-${type}`, providerType: type, provider: block },
      });
      expect(notification).toMatchObject({ name: `n-${type}`, providerType: type, configuredSecrets: secrets });
      expect(notification?.provider).toMatchObject(shown!);
      expect(notification?.id).toMatch(/^\d+$/);
      expect(notification?.createdAt).toBeDefined();
      expect(notification?.updatedAt).toBeDefined();
      const { notification: fetched } = await sut.getNotification({ id: notification!.id });
      expect(fetched).toEqual(notification);
    });

    it('knows the 13 provider kinds', () => {
      expect(blocks.map(([type]) => type)).toHaveLength(13);
    });

    it('wires monitors, returns their ids ascending, and defaults the name to empty', async () => {
      const first = await newMonitor();
      const second = await newMonitor();
      const { notification } = await sut.createNotification({
        notification: {
          providerType: 'email',
          provider: { case: 'email', value: { email: 'a@example.com' } },
          monitorIds: [second, first],
        },
      });
      expect(notification).toMatchObject({ name: '', monitorIds: [first, second] });
      const links = await t.db.repo(NotificationChannelMonitorEntity).findBy({ channelId: notification!.id });
      expect(links.map((l) => l.monitorId).sort()).toEqual([first, second].sort());
    });
  });

  describe('bounds', () => {
    const cases: Array<[string, NotificationInit, string]> = [
      ['name over 256', { ...slack().notification, name: 'n'.repeat(257) }, 'name: must be at most 256 characters'],
      ['missing provider_type', { ...slack().notification, providerType: '' }, 'providerType: is required'],
      [
        'unknown provider_type',
        { ...slack().notification, providerType: 'pigeon' },
        'providerType: must be one of discord, email, slack, pagerduty, opsgenie, webhook, telegram, sms, whatsapp, google_chat, grafana_oncall, ntfy, ms_teams, mattermost, pushover, gotify, matrix',
      ],
      [
        'no provider block',
        { ...slack().notification, provider: { case: undefined } },
        'provider: the slack block is required for providerType slack',
      ],
      [
        'a block of another kind',
        { ...slack().notification, provider: { case: 'discord', value: { webhookUrl: 'https://d.example.com' } } },
        'provider: the discord block does not match providerType slack; send the slack block',
      ],
      [
        'slack without webhook_url',
        { providerType: 'slack', provider: { case: 'slack', value: {} } },
        'slack.webhookUrl: is required',
      ],
      [
        'discord webhook that is not http',
        { providerType: 'discord', provider: { case: 'discord', value: { webhookUrl: 'ftp://example.com/x' } } },
        'discord.webhookUrl: must be an http or https URL',
      ],
      [
        'webhook URL over 2048',
        {
          providerType: 'ms_teams',
          provider: { case: 'msTeams', value: { webhookUrl: `https://example.com/${'a'.repeat(2040)}` } },
        },
        'msTeams.webhookUrl: must be at most 2048 characters',
      ],
      [
        'google_chat without webhook_url',
        { providerType: 'google_chat', provider: { case: 'googleChat', value: {} } },
        'googleChat.webhookUrl: is required',
      ],
      [
        'grafana_oncall without webhook_url',
        { providerType: 'grafana_oncall', provider: { case: 'grafanaOncall', value: {} } },
        'grafanaOncall.webhookUrl: is required',
      ],
      [
        'malformed e-mail',
        { providerType: 'email', provider: { case: 'email', value: { email: 'ops.example.com' } } },
        'email.email: must be an e-mail address',
      ],
      [
        'pagerduty without integration_key',
        { providerType: 'pagerduty', provider: { case: 'pagerduty', value: {} } },
        'pagerduty.integrationKey: is required',
      ],
      [
        'opsgenie without api_key',
        { providerType: 'opsgenie', provider: { case: 'opsgenie', value: { region: 'us' } } },
        'opsgenie.apiKey: is required',
      ],
      [
        'opsgenie in an unknown region',
        { providerType: 'opsgenie', provider: { case: 'opsgenie', value: { apiKey: 'k', region: 'ap' } } },
        'opsgenie.region: must be us or eu',
      ],
      [
        'opsgenie without region',
        { providerType: 'opsgenie', provider: { case: 'opsgenie', value: { apiKey: 'k' } } },
        'opsgenie.region: is required',
      ],
      [
        'webhook endpoint that is not a URL',
        { providerType: 'webhook', provider: { case: 'webhook', value: { endpoint: 'hooks.example.com' } } },
        'webhook.endpoint: must be an http or https URL',
      ],
      [
        '21 webhook headers',
        {
          providerType: 'webhook',
          provider: {
            case: 'webhook',
            value: {
              endpoint: 'https://hooks.example.com',
              headers: Array.from({ length: 21 }, (_, i) => ({ key: `h${i}`, value: 'v' })),
            },
          },
        },
        'webhook.headers: must have at most 20 entries',
      ],
      [
        'webhook header without key',
        {
          providerType: 'webhook',
          provider: { case: 'webhook', value: { endpoint: 'https://hooks.example.com', headers: [{ value: 'v' }] } },
        },
        'webhook.headers.0.key: is required',
      ],
      [
        'webhook signing_secret over 1024',
        {
          providerType: 'webhook',
          provider: {
            case: 'webhook',
            value: { endpoint: 'https://hooks.example.com', signingSecret: 's'.repeat(1025) },
          },
        },
        'webhook.signingSecret: must be at most 1024 characters',
      ],
      [
        'webhook signing_secret with a control character',
        {
          providerType: 'webhook',
          provider: { case: 'webhook', value: { endpoint: 'https://hooks.example.com', signingSecret: 'whsec\r\n1' } },
        },
        'webhook.signingSecret: must not contain control characters',
      ],
      [
        'telegram chat that is neither id nor username',
        { providerType: 'telegram', provider: { case: 'telegram', value: { chatId: 'my chat' } } },
        'telegram.chatId: must be a numeric chat id or an @channel username',
      ],
      [
        'sms number without country code',
        { providerType: 'sms', provider: { case: 'sms', value: { phoneNumber: '0415550123' } } },
        'sms.phoneNumber: must be an E.164 phone number such as +14155550123',
      ],
      [
        'whatsapp without number',
        { providerType: 'whatsapp', provider: { case: 'whatsapp', value: {} } },
        'whatsapp.phoneNumber: is required',
      ],
      [
        'ntfy without topic',
        { providerType: 'ntfy', provider: { case: 'ntfy', value: {} } },
        'ntfy.topic: is required',
      ],
      [
        'ntfy topic with spaces',
        { providerType: 'ntfy', provider: { case: 'ntfy', value: { topic: 'my topic' } } },
        'ntfy.topic: must contain only letters, digits, - and _',
      ],
      [
        'ntfy server that is not a URL',
        { providerType: 'ntfy', provider: { case: 'ntfy', value: { topic: 't', serverUrl: 'ntfy' } } },
        'ntfy.serverUrl: must be an http or https URL',
      ],
      [
        'a repeated monitor id',
        { ...slack().notification, monitorIds: ['1', '1'] },
        'monitorIds: must not repeat a monitor',
      ],
    ];

    it.each(cases)('refuses %s with a message naming the field and bound', async (_name, notification, message) => {
      const error = await rpcError(sut.createNotification({ notification }));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(message);
    });

    it('rejects a request without a notification', async () => {
      expect((await rpcError(sut.createNotification({}))).rawMessage).toBe('notification: is required');
    });

    it('answers not_found for unknown, deleted and foreign monitors and creates nothing', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const deleted = await newMonitor(own);
      await t.app.get(MonitorsService).delete(own.ctx, deleted);
      const foreign = await newMonitor(await newTenant(t));
      const live = await newMonitor(own);
      for (const id of [deleted, foreign, '987654321', 'abc']) {
        const error = await rpcError(client.createNotification(slack({ monitorIds: [live, id] })));
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`monitor "${id}" not found`);
      }
      expect(await t.db.repo(NotificationChannelEntity).countBy({ workspaceId: own.ctx.workspace.id })).toBe(0);
    });
  });

  describe('list', () => {
    it('pages newest first with the total and without credentials', async () => {
      const own = clientFor((await newTenant(t)).writeKey);
      const a = (await own.createNotification(slack({ name: 'a' }))).notification!;
      const b = (await own.createNotification(slack({ name: 'b' }))).notification!;
      const c = (await own.createNotification(slack({ name: 'c' }))).notification!;
      const all = await own.listNotifications({});
      expect(all.totalSize).toBe(3);
      expect(all.notifications.map((n) => n.id)).toEqual([c.id, b.id, a.id]);
      expect(all.notifications[0]).toEqual(c);
      expect(all.notifications[0].provider).toMatchObject({
        case: 'slack',
        value: { webhookUrl: '' },
      });
      expect(all.notifications[0].configuredSecrets).toEqual(['webhook_url']);
      const page = await own.listNotifications({ limit: 1, offset: 1 });
      expect(page.totalSize).toBe(3);
      expect(page.notifications.map((n) => n.id)).toEqual([b.id]);
      expect((await own.listNotifications({ offset: 3 })).notifications).toEqual([]);
    });

    it.each([
      [{ limit: 0 }, 'limit: must be between 1 and 100'],
      [{ limit: 101 }, 'limit: must be between 1 and 100'],
      [{ offset: -1 }, 'offset: must be 0 or more'],
    ])('refuses %j', async (req, message) => {
      const error = await rpcError(sut.listNotifications(req));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(message);
    });
  });

  describe('partial update', () => {
    const mask = (...paths: string[]) => create(FieldMaskSchema, { paths });

    it('changes only the fields present and leaves the rest untouched', async () => {
      const monitor = await newMonitor();
      const { notification } = await sut.createNotification(slack({ monitorIds: [monitor] }));
      const { notification: updated } = await sut.updateNotification({
        id: notification!.id,
        notification: { name: 'renamed' },
      });
      expect(updated).toEqual({ ...notification, name: 'renamed', updatedAt: updated!.updatedAt });
      expect(await storedSecrets(notification!.id)).toEqual({ webhookUrl: SLACK_URL });
      const { notification: again } = await sut.getNotification({ id: notification!.id });
      expect(again).toEqual(updated);
    });

    it('replaces monitor_ids as a whole when given', async () => {
      const [m1, m2, m3] = [await newMonitor(), await newMonitor(), await newMonitor()];
      const { notification } = await sut.createNotification(slack({ monitorIds: [m1, m2] }));
      const { notification: updated } = await sut.updateNotification({
        id: notification!.id,
        notification: { monitorIds: [m3] },
      });
      expect(updated).toMatchObject({ monitorIds: [m3], name: 'On-call', providerType: 'slack' });
      expect(timestampDate(updated!.updatedAt!).getTime()).toBeGreaterThan(
        timestampDate(notification!.updatedAt!).getTime(),
      );
      expect(updated!.createdAt).toEqual(notification!.createdAt);
    });

    it('keeps a stored credential sent empty while the provider type stays the same', async () => {
      const { notification } = await sut.createNotification({
        notification: {
          providerType: 'ntfy',
          provider: {
            case: 'ntfy',
            value: { topic: 'alerts', serverUrl: 'https://ntfy.example.com', token: 'tk_keep' },
          },
        },
      });
      const { notification: updated } = await sut.updateNotification({
        id: notification!.id,
        notification: { provider: { case: 'ntfy', value: { topic: 'renamed-topic' } } },
      });
      expect(updated?.provider).toMatchObject({
        case: 'ntfy',
        value: { topic: 'renamed-topic', serverUrl: '', token: '' },
      });
      expect(updated?.configuredSecrets).toEqual(['token']);
      expect(await storedSecrets(notification!.id)).toEqual({ token: 'tk_keep' });
    });

    it('rotates a credential sent with a new value and audits the rotation without the value', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const { notification } = await client.createNotification(slack());
      const rotated = 'https://hooks.slack.com/services/T000/B000/rotated-0002';
      const { notification: updated } = await client.updateNotification({
        id: notification!.id,
        notification: { provider: { case: 'slack', value: { webhookUrl: rotated } } },
      });
      expect(updated).toEqual({ ...notification, updatedAt: updated!.updatedAt });
      expect(await storedSecrets(notification!.id)).toEqual({ webhookUrl: rotated });
      const entry = await t.db.repo(AuditLogEntity).findOneByOrFail({
        workspaceId: own.ctx.workspace.id,
        action: 'notification.update',
      });
      expect(entry.changedFields).toEqual(['rotatedArguments']);
      expect(entry.after).toMatchObject({ rotatedArguments: ['webhook_url'] });
      expect(text(entry)).not.toContain('rotated-0002');
    });

    it('writes no audit entry for an update that changes nothing', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const { notification } = await client.createNotification(slack());
      await client.updateNotification({
        id: notification!.id,
        notification: { name: 'On-call', provider: { case: 'slack', value: { webhookUrl: '' } } },
      });
      const actions = (await t.db.repo(AuditLogEntity).findBy({ workspaceId: own.ctx.workspace.id })).map(
        (e) => e.action,
      );
      expect(actions.filter((a) => a.startsWith('notification.'))).toEqual(['notification.create']);
    });

    it('switches the provider type with the new block and drops the old credentials', async () => {
      const { notification } = await sut.createNotification(slack());
      const { notification: updated } = await sut.updateNotification({
        id: notification!.id,
        notification: { providerType: 'email', provider: { case: 'email', value: { email: 'ops@example.com' } } },
      });
      expect(updated).toMatchObject({
        providerType: 'email',
        configuredSecrets: [],
        provider: { case: 'email', value: { email: 'ops@example.com' } },
      });
      expect(await storedSecrets(notification!.id)).toBeNull();
    });

    it('needs the new block in full, credentials included, when the provider type changes', async () => {
      const { notification } = await sut.createNotification(slack());
      const id = notification!.id;
      const noBlock = await rpcError(sut.updateNotification({ id, notification: { providerType: 'email' } }));
      expect(noBlock.rawMessage).toBe('provider: the email block is required for providerType email');
      const noSecret = await rpcError(
        sut.updateNotification({
          id,
          notification: { providerType: 'discord', provider: { case: 'discord', value: {} } },
        }),
      );
      expect(noSecret.rawMessage).toBe('discord.webhookUrl: is required');
      const wrongBlock = await rpcError(
        sut.updateNotification({
          id,
          notification: { provider: { case: 'discord', value: { webhookUrl: 'https://d.example.com' } } },
        }),
      );
      expect(wrongBlock.code).toBe(Code.InvalidArgument);
      expect(wrongBlock.rawMessage).toBe(
        'provider: the discord block does not match providerType slack; send the slack block',
      );
      expect((await sut.getNotification({ id })).notification).toEqual(notification);
      expect(await storedSecrets(id)).toEqual({ webhookUrl: SLACK_URL });
    });

    it('clears monitor_ids and resets the name named in the mask', async () => {
      const monitor = await newMonitor();
      const { notification } = await sut.createNotification(slack({ monitorIds: [monitor] }));
      const { notification: updated } = await sut.updateNotification({
        id: notification!.id,
        notification: {},
        updateMask: mask('monitor_ids', 'name'),
      });
      expect(updated).toEqual({ ...notification, name: '', monitorIds: [], updatedAt: updated!.updatedAt });
      expect(await t.db.repo(NotificationChannelMonitorEntity).countBy({ channelId: notification!.id })).toBe(0);
    });

    it('changes exactly the masked fields and ignores the rest of the message', async () => {
      const monitor = await newMonitor();
      const { notification } = await sut.createNotification(slack());
      const { notification: updated } = await sut.updateNotification({
        id: notification!.id,
        notification: { name: 'ignored', monitorIds: [monitor] },
        updateMask: mask('monitor_ids'),
      });
      expect(updated).toMatchObject({ name: 'On-call', monitorIds: [monitor] });
    });

    it('removes an optional credential named in the mask and sets one argument alone', async () => {
      const { notification } = await sut.createNotification({
        notification: {
          providerType: 'ntfy',
          provider: { case: 'ntfy', value: { topic: 'alerts', serverUrl: 'https://ntfy.example.com', token: 'tk_1' } },
        },
      });
      const { notification: updated } = await sut.updateNotification({
        id: notification!.id,
        notification: { provider: { case: 'ntfy', value: { topic: 'ignored', serverUrl: 'https://n2.example.com' } } },
        updateMask: mask('ntfy.token', 'ntfy.server_url'),
      });
      expect(updated?.configuredSecrets).toEqual([]);
      expect(updated?.provider).toMatchObject({
        case: 'ntfy',
        value: { topic: 'alerts', serverUrl: 'https://n2.example.com' },
      });
      expect(await storedSecrets(notification!.id)).toBeNull();
    });

    it('replaces the whole block named in the mask, keeping credentials sent empty', async () => {
      const { notification } = await sut.createNotification({
        notification: {
          providerType: 'opsgenie',
          provider: { case: 'opsgenie', value: { apiKey: 'og-secret', region: 'us' } },
        },
      });
      const { notification: updated } = await sut.updateNotification({
        id: notification!.id,
        notification: { provider: { case: 'opsgenie', value: { region: 'eu' } } },
        updateMask: mask('opsgenie'),
      });
      expect(updated?.provider).toMatchObject({ case: 'opsgenie', value: { region: 'eu' } });
      expect(await storedSecrets(notification!.id)).toEqual({ apiKey: 'og-secret' });
    });

    it('refuses unknown mask paths and values out of bounds, changing nothing', async () => {
      const { notification } = await sut.createNotification(slack());
      const id = notification!.id;
      for (const path of ['id', 'configured_secrets', 'slack.token', 'pigeon', 'slack.webhook_url.x']) {
        const error = await rpcError(sut.updateNotification({ id, notification: {}, updateMask: mask(path) }));
        expect(error.code).toBe(Code.InvalidArgument);
        expect(error.rawMessage).toBe(`updateMask: ${path} is not an updatable field`);
      }
      const masked = await rpcError(sut.updateNotification({ id, notification: {}, updateMask: mask('discord') }));
      expect(masked.rawMessage).toBe(
        'provider: the discord block does not match providerType slack; send the slack block',
      );
      const bad = await rpcError(sut.updateNotification({ id, notification: { name: 'x'.repeat(300) } }));
      expect(bad.rawMessage).toBe('name: must be at most 256 characters');
      const cleared = await rpcError(sut.updateNotification({ id, notification: {}, updateMask: mask('slack') }));
      expect(cleared.rawMessage).toBe('provider: the slack block is required for providerType slack');
      const required = await rpcError(
        sut.updateNotification({ id, notification: {}, updateMask: mask('slack.webhook_url') }),
      );
      expect(required.rawMessage).toBe('slack.webhookUrl: is required');
      expect((await sut.getNotification({ id })).notification).toEqual(notification);
    });

    it('answers not_found for deleted and foreign monitors, changing nothing', async () => {
      const { notification } = await sut.createNotification(slack());
      const deleted = await newMonitor();
      await t.app.get(MonitorsService).delete(tenant.ctx, deleted);
      const foreign = await newMonitor(await newTenant(t));
      for (const id of [deleted, foreign]) {
        const error = await rpcError(
          sut.updateNotification({ id: notification!.id, notification: { monitorIds: [id] } }),
        );
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`monitor "${id}" not found`);
      }
      expect((await sut.getNotification({ id: notification!.id })).notification).toEqual(notification);
    });
  });

  describe('delete', () => {
    it('deletes the channel and its monitor links; afterwards it is not found anywhere', async () => {
      const monitor = await newMonitor();
      const { notification } = await sut.createNotification(slack({ monitorIds: [monitor] }));
      const id = notification!.id;
      expect(await sut.deleteNotification({ id })).toMatchObject({ success: true });
      expect(await t.db.repo(NotificationChannelMonitorEntity).countBy({ channelId: id })).toBe(0);
      expect(await t.db.repo(NotificationChannelEntity).countBy({ id })).toBe(0);
      for (const call of [
        () => sut.getNotification({ id }),
        () => sut.deleteNotification({ id }),
        () => sut.updateNotification({ id, notification: { name: 'x' } }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`notification "${id}" not found`);
      }
    });

    it('drops a deleted monitor from the channels wired to it', async () => {
      const monitor = await newMonitor();
      const kept = await newMonitor();
      const { notification } = await sut.createNotification(slack({ monitorIds: [monitor, kept] }));
      await t.app.get(MonitorsService).delete(tenant.ctx, monitor);
      expect((await sut.getNotification({ id: notification!.id })).notification?.monitorIds).toEqual([kept]);
    });
  });

  describe('credentials', () => {
    it('stores every credential only sealed and never returns or audits it', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const secrets = {
        discord: 'https://discord.example.com/api/webhooks/SECRET-discord-7f3a',
        slack: 'https://hooks.slack.com/services/SECRET-slack-7f3a',
        pagerduty: 'SECRET-pagerduty-7f3a',
        opsgenie: 'SECRET-opsgenie-7f3a',
        googleChat: 'https://chat.example.com/SECRET-gchat-7f3a',
        grafanaOncall: 'https://oncall.example.com/SECRET-grafana-7f3a',
        ntfy: 'SECRET-ntfy-7f3a',
        msTeams: 'https://teams.example.com/SECRET-teams-7f3a',
        webhookSigning: 'SECRET-webhook-signing-7f3a',
        rotated: 'https://hooks.slack.com/services/SECRET-rotated-7f3a',
      };
      const requests: NotificationInit[] = [
        { providerType: 'discord', provider: { case: 'discord', value: { webhookUrl: secrets.discord } } },
        { providerType: 'slack', provider: { case: 'slack', value: { webhookUrl: secrets.slack } } },
        { providerType: 'pagerduty', provider: { case: 'pagerduty', value: { integrationKey: secrets.pagerduty } } },
        { providerType: 'opsgenie', provider: { case: 'opsgenie', value: { apiKey: secrets.opsgenie, region: 'us' } } },
        { providerType: 'google_chat', provider: { case: 'googleChat', value: { webhookUrl: secrets.googleChat } } },
        {
          providerType: 'grafana_oncall',
          provider: { case: 'grafanaOncall', value: { webhookUrl: secrets.grafanaOncall } },
        },
        { providerType: 'ntfy', provider: { case: 'ntfy', value: { topic: 't', token: secrets.ntfy } } },
        { providerType: 'ms_teams', provider: { case: 'msTeams', value: { webhookUrl: secrets.msTeams } } },
        {
          providerType: 'webhook',
          provider: {
            case: 'webhook',
            value: { endpoint: 'https://hooks.example.com/in', signingSecret: secrets.webhookSigning },
          },
        },
      ];
      const responses: unknown[] = [];
      const created: Notification[] = [];
      for (const notification of requests) {
        const response = await client.createNotification({ notification });
        responses.push(response);
        created.push(response.notification!);
      }
      responses.push(
        await client.updateNotification({
          id: created[1].id,
          notification: { name: 'rotated', provider: { case: 'slack', value: { webhookUrl: secrets.rotated } } },
        }),
      );
      for (const n of created) responses.push(await client.getNotification({ id: n.id }));
      responses.push(await client.listNotifications({}));
      await client.deleteNotification({ id: created[0].id });

      const database = await wholeDatabaseText(t.db);
      const audit = text(await t.db.repo(AuditLogEntity).findBy({ workspaceId: own.ctx.workspace.id }));
      const answered = text(responses);
      for (const secret of Object.values(secrets)) {
        expect(database).not.toContain(secret);
        expect(audit).not.toContain(secret);
        expect(answered).not.toContain(secret);
      }
      expect(await storedSecrets(created[1].id)).toEqual({ webhookUrl: secrets.rotated });
      expect(await storedSecrets(created[3].id)).toEqual({ apiKey: secrets.opsgenie });
      expect(await storedSecrets(created[6].id)).toEqual({ token: secrets.ntfy });
      expect(await storedSecrets(created[8].id)).toEqual({ signingSecret: secrets.webhookSigning });
      expect(created.map((n) => n.configuredSecrets)).toEqual([
        ['webhook_url'],
        ['webhook_url'],
        ['integration_key'],
        ['api_key'],
        ['webhook_url'],
        ['webhook_url'],
        ['token'],
        ['webhook_url'],
        ['signing_secret'],
      ]);
    });

    describe('webhook signing secret', () => {
      const mask = (...paths: string[]) => create(FieldMaskSchema, { paths });
      const SECRET = 'SECRET-signing-9d4';
      const block = (
        signingSecret: string,
        endpoint = 'https://hooks.example.com/in',
      ): NotificationInit['provider'] => ({
        case: 'webhook',
        value: { endpoint, headers: [{ key: 'X-Team', value: 'ops' }], signingSecret },
      });
      const shown = {
        case: 'webhook',
        value: { endpoint: 'https://hooks.example.com/in', headers: [{ key: 'X-Team', value: '' }], signingSecret: '' },
      };

      it('is sealed, never answered, listed or audited, and named in configured_secrets', async () => {
        const own = await newTenant(t);
        const client = clientFor(own.writeKey);
        const { notification } = await client.createNotification({
          notification: { name: 'signed', providerType: 'webhook', provider: block(SECRET) },
        });
        const id = notification!.id;
        expect(notification).toMatchObject({ configuredSecrets: ['headers', 'signing_secret'], provider: shown });
        const row = await t.db.repo(NotificationChannelEntity).findOneByOrFail({ id });
        expect(row.config).toEqual({ endpoint: 'https://hooks.example.com/in', headers: [{ key: 'X-Team' }] });
        expect(await storedSecrets(id)).toEqual({ headers: ['ops'], signingSecret: SECRET });
        const answers = [
          notification,
          await client.getNotification({ id }),
          await client.listNotifications({}),
          await clientFor(own.readKey).getNotification({ id }),
          await client.updateNotification({ id, notification: { name: 'renamed' } }),
        ];
        await client.deleteNotification({ id });
        const audit = await t.db.repo(AuditLogEntity).findBy({ workspaceId: own.ctx.workspace.id });
        const created = audit.find((e) => e.action === 'notification.create')?.after;
        expect(created).toMatchObject({ writeOnlyArguments: ['headers', 'signing_secret'] });
        expect(created?.settings).not.toHaveProperty('signingSecret');
        expect(audit.map((e) => e.action).filter((a) => a.startsWith('notification.'))).toEqual(
          expect.arrayContaining(['notification.create', 'notification.update', 'notification.delete']),
        );
        const everything = `${text(answers)}\n${text(audit)}\n${await wholeDatabaseText(t.db)}`;
        expect(everything).not.toContain(SECRET);
      });

      it('is kept when sent back empty, rotated when sent anew, and removed when masked empty', async () => {
        const own = await newTenant(t);
        const client = clientFor(own.writeKey);
        const { notification } = await client.createNotification({
          notification: { providerType: 'webhook', provider: block(SECRET) },
        });
        const id = notification!.id;

        const { notification: sentBack } = await client.updateNotification({
          id,
          notification: { name: 'renamed', provider: shown as NotificationInit['provider'] },
        });
        expect(sentBack).toMatchObject({ name: 'renamed', configuredSecrets: ['headers', 'signing_secret'] });
        expect(await storedSecrets(id)).toEqual({ headers: ['ops'], signingSecret: SECRET });

        await client.updateNotification({ id, notification: { provider: block('SECRET-signing-rotated-9d4') } });
        expect(await storedSecrets(id)).toEqual({ headers: ['ops'], signingSecret: 'SECRET-signing-rotated-9d4' });

        const { notification: cleared } = await client.updateNotification({
          id,
          notification: { provider: block('', 'https://ignored.example.com') },
          updateMask: mask('webhook.signing_secret'),
        });
        expect(cleared).toMatchObject({ configuredSecrets: ['headers'], provider: shown });
        expect(await storedSecrets(id)).toEqual({ headers: ['ops'] });

        const updates = await t.db.repo(AuditLogEntity).find({
          where: { workspaceId: own.ctx.workspace.id, action: 'notification.update' },
          order: { id: 'ASC' },
        });
        expect(updates.map((e) => e.after?.rotatedArguments)).toEqual([
          undefined,
          ['signing_secret'],
          ['signing_secret'],
        ]);
        expect(text(updates)).not.toContain('SECRET-signing');
      });
    });

    describe('webhook header values and URL tokens', () => {
      const mask = (...paths: string[]) => create(FieldMaskSchema, { paths });
      const ENDPOINT = 'https://hooks.example.com/in?token=SECRET-url-token-5e1';
      const HEADERS = [
        { key: 'Authorization', value: 'Bearer SECRET-header-auth-5e1' },
        { key: 'X-Team', value: 'SECRET-header-team-5e1' },
      ];
      const webhook = (endpoint: string, headers: Array<{ key: string; value: string }>): NotificationInit => ({
        name: 'hook',
        providerType: 'webhook',
        provider: { case: 'webhook', value: { endpoint, headers } },
      });
      const shown = {
        case: 'webhook',
        value: {
          endpoint: 'https://hooks.example.com/in',
          headers: [
            { key: 'Authorization', value: '' },
            { key: 'X-Team', value: '' },
          ],
        },
      };

      it('stores them only sealed and never answers, lists or audits them, also to read-only keys', async () => {
        const own = await newTenant(t);
        const client = clientFor(own.writeKey);
        const { notification } = await client.createNotification({ notification: webhook(ENDPOINT, HEADERS) });
        expect(notification).toMatchObject({ configuredSecrets: ['endpoint', 'headers'], provider: shown });
        const row = await t.db.repo(NotificationChannelEntity).findOneByOrFail({ id: notification!.id });
        expect(row.config).toEqual({
          endpoint: 'https://hooks.example.com/in',
          headers: [{ key: 'Authorization' }, { key: 'X-Team' }],
        });
        expect(await storedSecrets(notification!.id)).toEqual({
          endpoint: ENDPOINT,
          headers: HEADERS.map((h) => h.value),
        });
        const reader = clientFor(own.readKey);
        const answers = [
          notification,
          await client.getNotification({ id: notification!.id }),
          await client.listNotifications({}),
          await reader.getNotification({ id: notification!.id }),
          await reader.listNotifications({}),
          await client.updateNotification({ id: notification!.id, notification: { name: 'renamed' } }),
        ];
        await client.deleteNotification({ id: notification!.id });
        const audit = await t.db.repo(AuditLogEntity).findBy({ workspaceId: own.ctx.workspace.id });
        expect(audit.find((e) => e.action === 'notification.create')?.after).toMatchObject({
          settings: {
            endpoint: 'https://hooks.example.com/in',
            headers: [
              { key: 'Authorization', value: '[redacted]' },
              { key: 'X-Team', value: '[redacted]' },
            ],
          },
          writeOnlyArguments: ['endpoint', 'headers'],
        });
        const everything = `${text(answers)}\n${text(audit)}\n${await wholeDatabaseText(t.db)}`;
        for (const secret of ['SECRET-url-token-5e1', 'SECRET-header-auth-5e1', 'SECRET-header-team-5e1']) {
          expect(everything).not.toContain(secret);
        }
      });

      it('keeps them when an update sends the block back as it was answered', async () => {
        const { notification } = await sut.createNotification({ notification: webhook(ENDPOINT, HEADERS) });
        const id = notification!.id;
        const { notification: sentBack } = await sut.updateNotification({
          id,
          notification: { provider: notification!.provider },
        });
        expect(sentBack).toMatchObject({ configuredSecrets: ['endpoint', 'headers'], provider: shown });
        const reordered = await sut.updateNotification({
          id,
          notification: {
            provider: {
              case: 'webhook',
              value: {
                endpoint: 'https://hooks.example.com/in',
                headers: [
                  { key: 'x-team', value: '' },
                  { key: 'X-New', value: 'new-value' },
                ],
              },
            },
          },
        });
        expect(reordered.notification?.provider).toMatchObject({
          value: { headers: [{ key: 'x-team' }, { key: 'X-New' }] },
        });
        expect(await storedSecrets(id)).toEqual({
          endpoint: ENDPOINT,
          headers: ['SECRET-header-team-5e1', 'new-value'],
        });
        const entry = await t.db.repo(AuditLogEntity).find({
          where: { workspaceId: tenant.ctx.workspace.id, entityId: id, action: 'notification.update' },
        });
        expect(entry.map((e) => e.after)).toEqual([expect.objectContaining({ rotatedArguments: ['headers'] })]);
      });

      it('replaces the URL token with a new one, and drops it when the endpoint is named in the mask', async () => {
        const { notification } = await sut.createNotification({ notification: webhook(ENDPOINT, HEADERS) });
        const id = notification!.id;
        const rotatedUrl = 'https://hooks.example.com/in?token=SECRET-rotated-5e1';
        await sut.updateNotification({ id, notification: webhook(rotatedUrl, [{ key: 'Authorization', value: '' }]) });
        expect(await storedSecrets(id)).toEqual({ endpoint: rotatedUrl, headers: [HEADERS[0].value] });
        const { notification: dropped } = await sut.updateNotification({
          id,
          notification: webhook('https://hooks.example.com/in', []),
          updateMask: mask('webhook.endpoint'),
        });
        expect(dropped?.configuredSecrets).toEqual(['headers']);
        expect(await storedSecrets(id)).toEqual({ headers: [HEADERS[0].value] });
      });

      it('refuses a header sent without a value that has none stored under its key', async () => {
        const { notification } = await sut.createNotification({ notification: webhook(ENDPOINT, HEADERS) });
        const error = await rpcError(
          sut.updateNotification({
            id: notification!.id,
            notification: webhook('https://hooks.example.com/in', [{ key: 'X-Other', value: '' }]),
          }),
        );
        expect(error.code).toBe(Code.InvalidArgument);
        expect(error.rawMessage).toBe('webhook.headers.0.value: is required');
      });

      it('seals at start-up what an earlier version stored in the clear', async () => {
        const { notification } = await sut.createNotification({ notification: webhook(ENDPOINT, HEADERS) });
        const id = notification!.id;
        await t.db.rows('UPDATE notification_channels SET config = $2::jsonb, secrets_sealed = NULL WHERE id = $1', [
          id,
          JSON.stringify({ endpoint: ENDPOINT, headers: HEADERS }),
        ]);
        expect((await sut.getNotification({ id })).notification?.provider).toMatchObject({
          value: { endpoint: 'https://hooks.example.com/in' },
        });
        expect(await t.app.get(NotificationsService).sealLegacyCredentials()).toBe(1);
        const row = await t.db.repo(NotificationChannelEntity).findOneByOrFail({ id });
        expect(text(row.config)).not.toContain('SECRET');
        expect(await storedSecrets(id)).toEqual({ endpoint: ENDPOINT, headers: HEADERS.map((h) => h.value) });
        expect((await sut.getNotification({ id })).notification).toMatchObject({
          configuredSecrets: ['endpoint', 'headers'],
          provider: shown,
        });
        expect(await t.app.get(NotificationsService).sealLegacyCredentials()).toBe(0);
      });
    });
  });

  describe('credentials and tenancy', () => {
    it('lets a read-only key read and refuses every write, changing nothing', async () => {
      const { notification } = await sut.createNotification(slack());
      const reader = clientFor(tenant.readKey);
      expect((await reader.getNotification({ id: notification!.id })).notification).toEqual(notification);
      await expect(reader.listNotifications({})).resolves.toBeDefined();
      const auditBefore = await t.db.repo(AuditLogEntity).countBy({ workspaceId: tenant.ctx.workspace.id });
      for (const call of [
        () => reader.createNotification(slack()),
        () => reader.updateNotification({ id: notification!.id, notification: { name: 'x' } }),
        () => reader.deleteNotification({ id: notification!.id }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.PermissionDenied);
        expect(error.rawMessage).toBe('This credential is read-only; a read and write credential is required');
      }
      expect((await sut.getNotification({ id: notification!.id })).notification).toEqual(notification);
      expect(await t.db.repo(AuditLogEntity).countBy({ workspaceId: tenant.ctx.workspace.id })).toBe(auditBefore);
    });

    it('answers not_found for ids of another workspace, for every method that takes one', async () => {
      const { notification } = await sut.createNotification(slack());
      const other = clientFor((await newTenant(t)).writeKey);
      const id = notification!.id;
      for (const call of [
        () => other.getNotification({ id }),
        () => other.updateNotification({ id, notification: { name: 'stolen' } }),
        () =>
          other.updateNotification({ id, notification: {}, updateMask: create(FieldMaskSchema, { paths: ['name'] }) }),
        () => other.deleteNotification({ id }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`notification "${id}" not found`);
      }
      expect((await sut.getNotification({ id })).notification).toEqual(notification);
      expect((await other.listNotifications({})).notifications.map((n) => n.id)).not.toContain(id);
    });

    it('enforces the plan limit on channels', async () => {
      const free = clientFor((await newTenant(t, 'free')).writeKey);
      for (let i = 0; i < 3; i++) await free.createNotification(slack());
      const fourth = await rpcError(free.createNotification(slack()));
      expect(fourth.code).toBe(Code.ResourceExhausted);
      expect(fourth.rawMessage).toBe('notifications: the free plan allows at most 3 notification channels');
    });

    it('writes audit entries with the key as actor', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const monitor = await newMonitor(own);
      const { notification } = await client.createNotification(slack());
      await client.updateNotification({
        id: notification!.id,
        notification: { name: 'renamed', monitorIds: [monitor] },
      });
      await client.deleteNotification({ id: notification!.id });
      const key = await t.db.repo(ApiKeyEntity).findOneByOrFail({ workspaceId: own.ctx.workspace.id, scope: 'write' });
      const entries = await t.db.repo(AuditLogEntity).find({
        where: { workspaceId: own.ctx.workspace.id, entityType: 'notification' },
        order: { id: 'ASC' },
      });
      expect(entries.map((e) => e.action)).toEqual([
        'notification.create',
        'notification.update',
        'notification.delete',
      ]);
      for (const entry of entries) {
        expect(entry).toMatchObject({
          entityId: notification!.id,
          actorType: 'api_key',
          actorId: key.id,
          actorUserId: own.userId,
          via: 'rpc',
        });
      }
      expect(entries[0].before).toBeNull();
      expect(entries[0].after).toMatchObject({
        name: 'On-call',
        providerType: 'slack',
        monitorIds: [],
        writeOnlyArguments: ['webhook_url'],
      });
      expect(entries[1].changedFields).toEqual(['monitorIds', 'name']);
      expect(entries[1].after).toMatchObject({ name: 'renamed', monitorIds: [monitor] });
      expect(entries[2].after).toBeNull();
      expect(entries[2].before).toMatchObject({ name: 'renamed' });
      expect(text(entries)).not.toContain('slack-secret-0001');
    });
  });
});

describe('NotificationService over plain HTTP JSON', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  const call = async (method: string, body: unknown, key: string | null = tenant.writeKey) => {
    const response = await fetch(`${t.baseUrl}/rpc/notification.v1.NotificationService/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-service-key': key } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('creates, reads, updates with a mask and lists a channel in JSON without its credential', async () => {
    const created = await call('CreateNotification', {
      notification: {
        name: 'json',
        providerType: 'pagerduty',
        pagerduty: { integrationKey: 'json-secret-key-55' },
      },
    });
    expect(created.status).toBe(200);
    const notification = created.body.notification as Record<string, unknown>;
    expect(notification).toMatchObject({
      name: 'json',
      providerType: 'pagerduty',
      pagerduty: {},
      configuredSecrets: ['integration_key'],
    });
    expect(notification.id).toMatch(/^\d+$/);
    expect(typeof notification.createdAt).toBe('string');
    expect(JSON.stringify(created.body)).not.toContain('json-secret-key-55');
    expect((await call('GetNotification', { id: notification.id })).body).toEqual({ notification });

    const updated = await call('UpdateNotification', {
      id: notification.id,
      notification: { name: 'renamed' },
      updateMask: 'name',
    });
    expect(updated.body.notification).toMatchObject({ name: 'renamed', pagerduty: {} });

    const listed = await call('ListNotifications', { limit: 10 });
    expect(listed.body).toMatchObject({ totalSize: 1, notifications: [{ id: notification.id, name: 'renamed' }] });
    expect(JSON.stringify(listed.body)).not.toContain('json-secret-key-55');
  });

  it('answers errors as Connect JSON with the code and a readable message', async () => {
    expect(
      await call('CreateNotification', {
        notification: { providerType: 'sms', sms: { phoneNumber: '12' } },
      }),
    ).toEqual({
      status: 400,
      body: {
        code: 'invalid_argument',
        message: 'sms.phoneNumber: must be an E.164 phone number such as +14155550123',
      },
    });
    expect((await call('GetNotification', { id: '123456789' })).body).toEqual({
      code: 'not_found',
      message: 'notification "123456789" not found',
    });
    expect((await call('DeleteNotification', { id: '1' }, tenant.readKey)).body).toMatchObject({
      code: 'permission_denied',
    });
  });
});
