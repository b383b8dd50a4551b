import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { NotificationSchema, type Notification } from '@uptime/proto/gen/notification/v1/notification_service_pb.js';
import { Diagnostics, UNKNOWN, type Attribute, type Obj, type Path, type Value } from '../framework/types';
import { blockFromProto, blockToProto, headersFromProto, PROVIDER_TYPES, publicUrl } from './notification-blocks';
import {
  notificationFromProto,
  notificationModel,
  notificationToProto,
  notificationUpdateMask,
  validateNotificationConfig,
  type NotificationModel,
} from './notification.mapping';
import { notificationApiError, notificationResource } from './notification.resource';

/** A planned/state object with every attribute and block of the schema. */
function stateOf(values: Obj): Obj {
  const out: Obj = { id: null, name: null, provider_type: null, monitor_ids: null, created_at: null, updated_at: null };
  for (const kind of PROVIDER_TYPES) out[kind] = [];
  return { ...out, ...values };
}

/** The model of such an object: what the resource's verbs get as plan or prior state. */
const planOf = (values: Obj): NotificationModel => notificationModel.read(stateOf(values));

/** The state the resource writes for an API notification. */
const stateFrom = (api: Notification, prior: NotificationModel | null): Obj =>
  notificationModel.write(notificationFromProto(api, prior));

function apiNotification(init: Parameters<typeof create<typeof NotificationSchema>>[1]): Notification {
  return create(NotificationSchema, {
    id: '7',
    createdAt: timestampFromDate(new Date('2026-01-02T03:04:05.678Z')),
    updatedAt: timestampFromDate(new Date('2026-01-03T03:04:05.000Z')),
    ...init,
  });
}

function validate(config: Obj): Diagnostics {
  const diags = new Diagnostics();
  validateNotificationConfig(stateOf(config), diags);
  return diags;
}

function check(attribute: Attribute | undefined, value: Value, path: Path): Diagnostics {
  const diags = new Diagnostics();
  for (const v of attribute?.validators ?? []) v(value, path, diags);
  return diags;
}

describe('notification mapping', () => {
  const slackPlan = planOf({
    name: 'Alerts',
    provider_type: 'slack',
    monitor_ids: ['2', '1'],
    slack: [{ webhook_url: 'https://hooks.slack.com/services/T/B/secret' }],
  });

  it('sends the block of provider_type with its credentials, and the channel fields', () => {
    expect(notificationToProto(slackPlan)).toEqual({
      name: 'Alerts',
      providerType: 'slack',
      monitorIds: ['2', '1'],
      provider: { case: 'slack', value: { webhookUrl: 'https://hooks.slack.com/services/T/B/secret' } },
    });
    const webhook = notificationToProto(
      planOf({
        provider_type: 'webhook',
        webhook: [{ endpoint: 'https://example.com/hook?sig=1', headers: [{ key: 'X-Token', value: 's3cret' }] }],
      }),
    );
    expect(webhook.name).toBeUndefined();
    expect(webhook.provider).toEqual({
      case: 'webhook',
      value: {
        endpoint: 'https://example.com/hook?sig=1',
        signingSecret: '',
        headers: [{ key: 'X-Token', value: 's3cret' }],
      },
    });
    expect(
      notificationToProto(planOf({ provider_type: 'ms_teams', ms_teams: [{ webhook_url: 'https://t.example' }] }))
        .provider,
    ).toEqual({
      case: 'msTeams',
      value: { webhookUrl: 'https://t.example' },
    });
  });

  it('keeps the configured credential the API answers empty, with timestamps as RFC 3339', () => {
    const api = apiNotification({
      name: 'Alerts',
      providerType: 'slack',
      monitorIds: ['1', '2'],
      configuredSecrets: ['webhook_url'],
      provider: { case: 'slack', value: { webhookUrl: '' } },
    });
    const state = stateFrom(api, slackPlan);
    expect(state).toEqual(
      stateOf({
        id: '7',
        name: 'Alerts',
        provider_type: 'slack',
        monitor_ids: ['1', '2'],
        created_at: '2026-01-02T03:04:05.678Z',
        updated_at: '2026-01-03T03:04:05.000Z',
        slack: [{ webhook_url: 'https://hooks.slack.com/services/T/B/secret' }],
      }),
    );
    // On import nothing is known about the credential: null, set once by the next plan.
    expect(stateFrom(api, null).slack).toEqual([{ webhook_url: null }]);
  });

  it('leaves unset name and monitor_ids null when the configuration left them out', () => {
    const api = apiNotification({
      providerType: 'email',
      name: '',
      provider: { case: 'email', value: { email: 'a@example.com' } },
    });
    const state = stateFrom(api, planOf({ provider_type: 'email', email: [{ email: 'a@example.com' }] }));
    expect(state.name).toBeNull();
    expect(state.monitor_ids).toBeNull();
    expect(stateFrom(api, planOf({ name: '', monitor_ids: [] })).monitor_ids).toEqual([]);
  });

  it('shows a provider_type changed outside, with the new block and no old one', () => {
    const api = apiNotification({
      providerType: 'email',
      provider: { case: 'email', value: { email: 'b@example.com' } },
    });
    const state = stateFrom(api, slackPlan);
    expect(state.provider_type).toBe('email');
    expect(state.slack).toEqual([]);
    expect(state.email).toEqual([{ email: 'b@example.com' }]);
  });

  it('keeps a removed optional credential out of state (ntfy token cleared outside)', () => {
    const prior = { topic: 'alerts', server_url: null, token: 'tk' };
    expect(blockFromProto('ntfy', { topic: 'alerts', serverUrl: '', token: '' }, prior, ['token'])).toEqual(prior);
    expect(blockFromProto('ntfy', { topic: 'alerts', serverUrl: '', token: '' }, prior, [])).toEqual({
      ...prior,
      token: null,
    });
  });

  it('keeps the configured webhook endpoint when the API shows it without its secret parts', () => {
    const prior = { endpoint: 'https://user:pw@example.com/hook?sig=abc#x', headers: null };
    const shown = publicUrl(prior.endpoint);
    expect(shown).toBe('https://example.com/hook');
    expect(blockFromProto('webhook', { endpoint: shown, headers: [] }, prior, ['endpoint']).endpoint).toBe(
      prior.endpoint,
    );
    // The stored URL lost its query outside terraform: the diff shows.
    expect(blockFromProto('webhook', { endpoint: shown, headers: [] }, prior, []).endpoint).toBe(shown);
    // Another URL outright.
    expect(
      blockFromProto('webhook', { endpoint: 'https://other.example/hook', headers: [] }, prior, ['endpoint']).endpoint,
    ).toBe('https://other.example/hook');
    expect(publicUrl('https://example.com/hook')).toBe('https://example.com/hook');
  });

  it('keeps the configured webhook signing secret while the API names it configured, and sends it', () => {
    const prior = { endpoint: 'https://example.com/hook', signing_secret: 'whsec', headers: null };
    const shown = { endpoint: 'https://example.com/hook', signingSecret: '', headers: [] };
    expect(blockFromProto('webhook', shown, prior, ['signing_secret'])).toEqual(prior);
    expect(blockFromProto('webhook', shown, prior, []).signing_secret).toBeNull();
    // After an import there is no prior block: unknown until the next plan sets it.
    expect(blockFromProto('webhook', shown, null, ['signing_secret']).signing_secret).toBeNull();
    expect(blockToProto('webhook', prior)).toEqual({
      case: 'webhook',
      value: { endpoint: 'https://example.com/hook', signingSecret: 'whsec', headers: [] },
    });
    expect(
      blockToProto('webhook', { endpoint: 'https://example.com/hook', signing_secret: null, headers: null }),
    ).toEqual({ case: 'webhook', value: { endpoint: 'https://example.com/hook', signingSecret: '', headers: [] } });
  });

  it('keeps the configured header values for the keys the API returns', () => {
    const prior = [
      { key: 'X-A', value: 'one' },
      { key: 'X-B', value: 'two' },
    ];
    expect(
      headersFromProto(
        [
          { key: 'X-A', value: '' },
          { key: 'X-B', value: '' },
        ],
        prior,
      ),
    ).toEqual(prior);
    expect(
      headersFromProto(
        [
          { key: 'X-B', value: '' },
          { key: 'X-C', value: '' },
        ],
        prior,
      ),
    ).toEqual([
      { key: 'X-B', value: 'two' },
      { key: 'X-C', value: null },
    ]);
    expect(headersFromProto([], null)).toBeNull();
    expect(headersFromProto([], [])).toEqual([]);
  });

  it('names every managed field in the update mask, each argument on its own', () => {
    const prior = planOf({ provider_type: 'ntfy' });
    const plan = planOf({ provider_type: 'ntfy', ntfy: [{ topic: 't', server_url: null, token: null }] });
    expect(notificationUpdateMask(plan, prior)).toEqual([
      'name',
      'provider_type',
      'monitor_ids',
      'ntfy.topic',
      'ntfy.server_url',
      'ntfy.token',
    ]);
    expect(notificationUpdateMask(planOf({ provider_type: 'webhook' }), planOf({ provider_type: 'webhook' }))).toEqual(
      expect.arrayContaining(['webhook.endpoint', 'webhook.signing_secret', 'webhook.headers']),
    );
    // A new provider_type needs its block whole.
    expect(notificationUpdateMask(plan, planOf({ provider_type: 'slack' }))).toEqual([
      'name',
      'provider_type',
      'monitor_ids',
      'ntfy',
    ]);
  });
});

describe('notification configuration rules', () => {
  it('accepts exactly the block named by provider_type', () => {
    expect(validate({ provider_type: 'slack', slack: [{ webhook_url: 'https://x.example' }] }).items).toEqual([]);
  });

  it('reports a missing block on provider_type', () => {
    const diags = validate({ provider_type: 'slack' });
    expect(diags.items).toEqual([expect.objectContaining({ summary: 'Missing slack block', path: ['provider_type'] })]);
  });

  it('reports a block of another kind on that block', () => {
    const diags = validate({
      provider_type: 'slack',
      slack: [{ webhook_url: 'https://x.example' }],
      email: [{ email: 'a@example.com' }],
    });
    expect(diags.items).toEqual([expect.objectContaining({ summary: 'Unexpected email block', path: ['email'] })]);
  });

  it('waits for an unknown provider_type, but still refuses two blocks', () => {
    expect(validate({ provider_type: UNKNOWN, slack: [{ webhook_url: 'u' }] }).items).toEqual([]);
    const two = validate({ provider_type: UNKNOWN, slack: [{ webhook_url: 'u' }], discord: [{ webhook_url: 'u' }] });
    expect(two.items).toEqual([expect.objectContaining({ path: ['slack'] })]);
  });

  it('validates provider arguments on their attribute path', () => {
    const blocks = notificationResource.schema.blocks ?? {};
    const attrs = (kind: string) => blocks[kind]?.block.attributes ?? {};
    expect(check(notificationResource.schema.attributes.provider_type, 'teams', ['provider_type']).hasErrors()).toBe(
      true,
    );
    expect(check(notificationResource.schema.attributes.provider_type, 'ms_teams', ['provider_type']).hasErrors()).toBe(
      false,
    );
    expect(check(attrs('slack').webhook_url, 'not a url', ['slack', 0, 'webhook_url']).items[0]?.path).toEqual([
      'slack',
      0,
      'webhook_url',
    ]);
    expect(check(attrs('opsgenie').region, 'ap', ['opsgenie', 0, 'region']).hasErrors()).toBe(true);
    expect(check(attrs('sms').phone_number, '0123', ['sms', 0, 'phone_number']).hasErrors()).toBe(true);
    expect(check(attrs('sms').phone_number, '+14155550123', ['sms', 0, 'phone_number']).hasErrors()).toBe(false);
    expect(check(attrs('email').email, 'nobody', ['email', 0, 'email']).hasErrors()).toBe(true);
    expect(check(attrs('ntfy').topic, 'a b', ['ntfy', 0, 'topic']).hasErrors()).toBe(true);
    expect(check(attrs('telegram').chat_id, '@mychannel', ['telegram', 0, 'chat_id']).hasErrors()).toBe(false);
    const headers = Array.from({ length: 21 }, (_, i) => ({ key: `X-${i}`, value: 'v' }));
    expect(check(attrs('webhook').headers, headers, ['webhook', 0, 'headers']).hasErrors()).toBe(true);
  });

  it('marks every credential sensitive and write-only, and gives each provider type a list block of at most one', () => {
    const blocks = notificationResource.schema.blocks ?? {};
    expect(Object.keys(blocks).sort()).toEqual([...PROVIDER_TYPES].sort());
    for (const block of Object.values(blocks)) expect(block).toMatchObject({ nesting: 'list', maxItems: 1 });
    const secret = (kind: string, arg: string) => blocks[kind]?.block.attributes[arg];
    for (const [kind, arg] of [
      ['discord', 'webhook_url'],
      ['slack', 'webhook_url'],
      ['pagerduty', 'integration_key'],
      ['opsgenie', 'api_key'],
      ['google_chat', 'webhook_url'],
      ['grafana_oncall', 'webhook_url'],
      ['ntfy', 'token'],
      ['ms_teams', 'webhook_url'],
      ['webhook', 'signing_secret'],
    ]) {
      expect(secret(kind, arg)).toMatchObject({ sensitive: true, writeOnly: true });
    }
    expect(blocks.webhook?.block.attributes.headers?.nested?.attributes.value).toMatchObject({
      sensitive: true,
      writeOnly: true,
    });
  });
});

describe('notification API errors', () => {
  it('point into the provider block with its element index', () => {
    const err = new ConnectError('googleChat.webhookUrl: must be an http or https URL', Code.InvalidArgument);
    const error = notificationApiError('create', err);
    expect(error.message).toBe('Could not create service_notification');
    expect(error.path).toEqual(['google_chat', 0, 'webhook_url']);
    expect(
      notificationApiError('update', new ConnectError('name: must be at most 256 characters', Code.InvalidArgument))
        .path,
    ).toEqual(['name']);
  });
});
