// The Mattermost, Pushover, Gotify and Matrix blocks of service_notification: each maps to its
// oneof case and back, keeps the write-only credentials the API answers empty, names each argument
// in the update mask, and validates its arguments on their attribute path before any API call.
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { NotificationSchema, type Notification } from '@uptime/proto/gen/notification/v1/notification_service_pb.js';
import { Diagnostics, type Obj, type Path, type Value } from '../framework/types';
import { planChange } from '../framework/plan';
import { PROVIDER_TYPES } from './notification-blocks';
import {
  notificationFromProto,
  notificationModel,
  notificationToProto,
  notificationUpdateMask,
  type NotificationModel,
} from './notification.mapping';
import { notificationResource } from './notification.resource';

const NEW_KINDS = ['mattermost', 'pushover', 'gotify', 'matrix'] as const;

function stateOf(values: Obj): Obj {
  const out: Obj = { id: null, name: null, provider_type: null, monitor_ids: null, created_at: null, updated_at: null };
  for (const kind of PROVIDER_TYPES) out[kind] = [];
  return { ...out, ...values };
}

const planOf = (values: Obj): NotificationModel => notificationModel.read(stateOf(values));

const stateFrom = (api: Notification, prior: NotificationModel | null): Obj =>
  notificationModel.write(notificationFromProto(api, prior));

function apiNotification(init: Parameters<typeof create<typeof NotificationSchema>>[1]): Notification {
  return create(NotificationSchema, {
    id: '9',
    createdAt: timestampFromDate(new Date('2026-01-02T03:04:05.000Z')),
    updatedAt: timestampFromDate(new Date('2026-01-02T03:04:05.000Z')),
    ...init,
  });
}

const attributes = (kind: string) => notificationResource.schema.blocks?.[kind]?.block.attributes ?? {};

function check(kind: string, argument: string, value: Value): Diagnostics {
  const diags = new Diagnostics();
  const path: Path = [kind, 0, argument];
  for (const v of attributes(kind)[argument]?.validators ?? []) v(value, path, diags);
  return diags;
}

const PUSHOVER_USER = 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG';
const PUSHOVER_APP = 'azGDORePK8gMaC0QOYAMyEEuzJnyUi';

describe('Mattermost block', () => {
  const block = {
    webhook_url: 'https://chat.example/hooks/xyz',
    channel: 'town-square',
    username: 'Uptime',
    icon_url: null,
  };
  const plan = planOf({ name: 'MM', provider_type: 'mattermost', mattermost: [block] });

  it('sends its arguments, an unset one empty', () => {
    expect(notificationToProto(plan).provider).toEqual({
      case: 'mattermost',
      value: { webhookUrl: 'https://chat.example/hooks/xyz', channel: 'town-square', username: 'Uptime', iconUrl: '' },
    });
  });

  it('keeps the webhook URL the API answers empty while configured, and leaves unset overrides null', () => {
    const api = apiNotification({
      name: 'MM',
      providerType: 'mattermost',
      configuredSecrets: ['webhook_url'],
      provider: { case: 'mattermost', value: { webhookUrl: '', channel: 'town-square', username: 'Uptime' } },
    });
    expect(stateFrom(api, plan).mattermost).toEqual([block]);
    // Imported: the webhook URL is unknown until the next plan sets it.
    expect(stateFrom(api, null).mattermost).toEqual([{ ...block, webhook_url: null }]);
    // No longer stored (cleared outside terraform): the plan shows it again.
    expect(stateFrom(create(NotificationSchema, { ...api, configuredSecrets: [] }), plan).mattermost).toEqual([
      { ...block, webhook_url: null },
    ]);
  });

  it('names each argument in the update mask', () => {
    expect(notificationUpdateMask(plan, plan)).toEqual([
      'name',
      'provider_type',
      'monitor_ids',
      'mattermost.webhook_url',
      'mattermost.channel',
      'mattermost.username',
      'mattermost.icon_url',
    ]);
    expect(notificationUpdateMask(plan, planOf({ provider_type: 'slack' })).at(-1)).toBe('mattermost');
  });

  it('validates the channel and the icon URL on their paths', () => {
    expect(check('mattermost', 'channel', '@ops').hasErrors()).toBe(false);
    expect(check('mattermost', 'channel', 'town square').items).toEqual([
      expect.objectContaining({ summary: 'Invalid mattermost[0].channel', path: ['mattermost', 0, 'channel'] }),
    ]);
    expect(check('mattermost', 'icon_url', 'ftp://x.example/i.png').hasErrors()).toBe(true);
    expect(check('mattermost', 'username', 'x'.repeat(65)).hasErrors()).toBe(true);
  });
});

describe('Pushover block', () => {
  const block = { user_key: PUSHOVER_USER, app_token: PUSHOVER_APP, priority: 2, device: 'phone', sound: null };
  const plan = planOf({ provider_type: 'pushover', pushover: [block] });

  it('sends both credentials and the priority as a number', () => {
    expect(notificationToProto(plan).provider).toEqual({
      case: 'pushover',
      value: { userKey: PUSHOVER_USER, appToken: PUSHOVER_APP, priority: 2, device: 'phone', sound: '' },
    });
  });

  it('keeps both credentials the API answers empty, and reads the priority back as a number', () => {
    const api = apiNotification({
      providerType: 'pushover',
      configuredSecrets: ['user_key', 'app_token'],
      provider: { case: 'pushover', value: { userKey: '', appToken: '', priority: 2, device: 'phone' } },
    });
    const state = stateFrom(api, plan);
    expect(state.pushover).toEqual([block]);
    // The state reads back into the same model: priority stays a number.
    expect(notificationModel.read(state).blocks.pushover).toEqual(block);
    expect(stateFrom(api, null).pushover).toEqual([{ ...block, user_key: null, app_token: null }]);
  });

  it('reads a priority the API leaves unset as the default, 0', () => {
    const api = apiNotification({
      providerType: 'pushover',
      configuredSecrets: ['user_key', 'app_token'],
      provider: { case: 'pushover', value: { userKey: '', appToken: '' } },
    });
    expect(stateFrom(api, plan).pushover).toEqual([{ ...block, priority: 0, device: null }]);
  });

  it('plans the default priority when the configuration leaves it out', () => {
    const config = stateOf({
      provider_type: 'pushover',
      pushover: [{ user_key: PUSHOVER_USER, app_token: PUSHOVER_APP, priority: null, device: null, sound: null }],
    });
    const planned = planChange(notificationResource.schema, null, config, config);
    expect(planned.planned.pushover).toEqual([expect.objectContaining({ priority: 0 })]);
    expect(attributes('gotify').priority).toMatchObject({ default: 5, optional: true, computed: true });
  });

  it('names each argument in the update mask', () => {
    expect(notificationUpdateMask(plan, plan).slice(3)).toEqual([
      'pushover.user_key',
      'pushover.app_token',
      'pushover.priority',
      'pushover.device',
      'pushover.sound',
    ]);
  });

  it('validates priority, keys and names on their paths, without echoing a key', () => {
    expect(check('pushover', 'priority', 3).items).toEqual([
      expect.objectContaining({
        summary: 'Invalid pushover[0].priority',
        detail: 'pushover[0].priority must be a whole number from -2 to 2; got 3.',
        path: ['pushover', 0, 'priority'],
      }),
    ]);
    expect(check('pushover', 'priority', -2).hasErrors()).toBe(false);
    expect(check('pushover', 'priority', 1.5).hasErrors()).toBe(true);
    const badKey = check('pushover', 'user_key', 'short-secret-key');
    expect(badKey.items).toEqual([expect.objectContaining({ path: ['pushover', 0, 'user_key'] })]);
    expect(JSON.stringify(badKey.items)).not.toContain('short-secret-key');
    expect(check('pushover', 'app_token', PUSHOVER_APP).hasErrors()).toBe(false);
    expect(check('pushover', 'device', 'my phone').hasErrors()).toBe(true);
    expect(check('pushover', 'device', 'x'.repeat(26)).hasErrors()).toBe(true);
    expect(check('pushover', 'sound', 'cosmic').hasErrors()).toBe(false);
  });
});

describe('Gotify block', () => {
  const block = { server_url: 'https://gotify.example/base?tenant=a', app_token: 'AbCdEf.123', priority: 8 };
  const plan = planOf({ provider_type: 'gotify', gotify: [block] });

  it('sends the server URL whole, the token and the priority', () => {
    expect(notificationToProto(plan).provider).toEqual({
      case: 'gotify',
      value: { serverUrl: 'https://gotify.example/base?tenant=a', appToken: 'AbCdEf.123', priority: 8 },
    });
  });

  it('keeps the configured server URL when the API shows it without its secret parts, and the token', () => {
    const api = apiNotification({
      providerType: 'gotify',
      configuredSecrets: ['server_url', 'app_token'],
      provider: { case: 'gotify', value: { serverUrl: 'https://gotify.example/base', appToken: '', priority: 8 } },
    });
    expect(stateFrom(api, plan).gotify).toEqual([block]);
    // The stored URL lost its query outside terraform: the diff shows.
    const lost = create(NotificationSchema, { ...api, configuredSecrets: ['app_token'] });
    expect(stateFrom(lost, plan).gotify).toEqual([{ ...block, server_url: 'https://gotify.example/base' }]);
  });

  it('names each argument in the update mask', () => {
    expect(notificationUpdateMask(plan, plan).slice(3)).toEqual([
      'gotify.server_url',
      'gotify.app_token',
      'gotify.priority',
    ]);
  });

  it('validates the priority and the server URL on their paths', () => {
    expect(check('gotify', 'priority', 11).items[0]?.detail).toBe(
      'gotify[0].priority must be a whole number from 0 to 10; got 11.',
    );
    expect(check('gotify', 'priority', 0).hasErrors()).toBe(false);
    expect(check('gotify', 'server_url', 'gotify.example').items[0]?.path).toEqual(['gotify', 0, 'server_url']);
    expect(check('gotify', 'app_token', '').hasErrors()).toBe(true);
  });
});

describe('Matrix block', () => {
  const block = {
    homeserver_url: 'https://matrix.example',
    room_id: '!abc123:matrix.example',
    access_token: 'syt_secret',
  };
  const plan = planOf({ provider_type: 'matrix', matrix: [block] });

  it('sends the homeserver, the room and the access token', () => {
    expect(notificationToProto(plan).provider).toEqual({
      case: 'matrix',
      value: { homeserverUrl: 'https://matrix.example', roomId: '!abc123:matrix.example', accessToken: 'syt_secret' },
    });
  });

  it('keeps the access token the API answers empty while configured', () => {
    const api = apiNotification({
      providerType: 'matrix',
      configuredSecrets: ['access_token'],
      provider: {
        case: 'matrix',
        value: { homeserverUrl: 'https://matrix.example', roomId: '!abc123:matrix.example', accessToken: '' },
      },
    });
    expect(stateFrom(api, plan).matrix).toEqual([block]);
    expect(stateFrom(api, null).matrix).toEqual([{ ...block, access_token: null }]);
  });

  it('names each argument in the update mask', () => {
    expect(notificationUpdateMask(plan, plan).slice(3)).toEqual([
      'matrix.homeserver_url',
      'matrix.room_id',
      'matrix.access_token',
    ]);
  });

  it('refuses a room alias on the room_id path', () => {
    expect(check('matrix', 'room_id', '#ops:matrix.example').items).toEqual([
      expect.objectContaining({ summary: 'Invalid matrix[0].room_id', path: ['matrix', 0, 'room_id'] }),
    ]);
    expect(check('matrix', 'room_id', block.room_id).hasErrors()).toBe(false);
  });
});

describe('the four new blocks in the schema', () => {
  it('are provider types with a list block of at most one', () => {
    const blocks = notificationResource.schema.blocks ?? {};
    for (const kind of NEW_KINDS) {
      expect(PROVIDER_TYPES).toContain(kind);
      expect(blocks[kind]).toMatchObject({ nesting: 'list', maxItems: 1 });
    }
    expect(notificationResource.schema.attributes.provider_type?.description).toContain('`matrix`');
  });

  it('mark exactly the write-only credentials sensitive, and describe every argument', () => {
    const sensitive = Object.fromEntries(
      NEW_KINDS.map((kind) => [
        kind,
        Object.entries(attributes(kind))
          .filter(([, a]) => a.sensitive && a.writeOnly)
          .map(([name]) => name),
      ]),
    );
    expect(sensitive).toEqual({
      mattermost: ['webhook_url'],
      pushover: ['user_key', 'app_token'],
      gotify: ['app_token'],
      matrix: ['access_token'],
    });
    for (const kind of NEW_KINDS) {
      for (const attribute of Object.values(attributes(kind))) expect(attribute.description.length).toBeGreaterThan(20);
    }
  });
});
