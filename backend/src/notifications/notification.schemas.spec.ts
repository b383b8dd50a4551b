import { isHttpUrl, NO_CONTROL_CHARACTERS } from '../common/validation';
import { NOTIFICATION_PROVIDERS } from './notification-channel.entity';
import {
  argumentName,
  argumentsOf,
  blockField,
  isEmail,
  isPhoneNumber,
  isTelegramChat,
  NOTIFICATION_BOUNDS,
  PROVIDER_SCHEMAS,
  SENSITIVE_ARGUMENTS,
} from './notification.schemas';

describe('notification argument formats', () => {
  it.each([
    ['ops@example.com', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['ops@example', false],
    ['ops.example.com', false],
    ['ops @example.com', false],
    ['@example.com', false],
  ])('e-mail %s -> %s', (value, ok) => {
    expect(isEmail(value)).toBe(ok);
  });

  it.each([
    ['+14155550123', true],
    ['+4915112345678', true],
    ['+123456789012345', true],
    ['+1234567890123456', false],
    ['+1234567', false],
    ['14155550123', false],
    ['+0415550123', false],
    ['+1 415 555 0123', false],
  ])('phone %s -> %s', (value, ok) => {
    expect(isPhoneNumber(value)).toBe(ok);
  });

  it.each([
    ['123456789', true],
    ['-1001234567890', true],
    ['@my_channel', true],
    ['@abc', false],
    ['my chat', false],
    ['', false],
  ])('telegram chat %s -> %s', (value, ok) => {
    expect(isTelegramChat(value)).toBe(ok);
  });

  it.each([
    ['https://hooks.slack.com/services/x', true],
    ['http://10.0.0.1:8080/hook', true],
    ['ftp://example.com', false],
    ['hooks.slack.com/services/x', false],
    ['https://', false],
  ])('url %s -> %s', (value, ok) => {
    expect(isHttpUrl(value)).toBe(ok);
  });
});

describe('provider blocks', () => {
  it('cover the 17 provider kinds, each with its own schema and credential list', () => {
    expect(Object.keys(PROVIDER_SCHEMAS).sort()).toEqual([...NOTIFICATION_PROVIDERS].sort());
    expect(Object.keys(SENSITIVE_ARGUMENTS).sort()).toEqual([...NOTIFICATION_PROVIDERS].sort());
  });

  it('mark exactly the credentials of the spec as sensitive', () => {
    const sensitive = Object.fromEntries(
      NOTIFICATION_PROVIDERS.map((kind) => [kind, SENSITIVE_ARGUMENTS[kind].map(argumentName)]),
    );
    expect(sensitive).toEqual({
      discord: ['webhook_url'],
      email: [],
      slack: ['webhook_url'],
      pagerduty: ['integration_key'],
      opsgenie: ['api_key'],
      webhook: ['signing_secret'],
      telegram: [],
      sms: [],
      whatsapp: [],
      google_chat: ['webhook_url'],
      grafana_oncall: ['webhook_url'],
      ntfy: ['token'],
      ms_teams: ['webhook_url'],
      mattermost: ['webhook_url'],
      pushover: ['user_key', 'app_token'],
      gotify: ['app_token'],
      matrix: ['access_token'],
    });
    for (const kind of NOTIFICATION_PROVIDERS) {
      for (const arg of SENSITIVE_ARGUMENTS[kind]) expect(argumentsOf(kind)).toContain(arg);
    }
  });

  it('name blocks and arguments the way JSON and the provider do', () => {
    expect(blockField('google_chat')).toBe('googleChat');
    expect(blockField('grafana_oncall')).toBe('grafanaOncall');
    expect(blockField('pagerduty')).toBe('pagerduty');
    expect(argumentName('integrationKey')).toBe('integration_key');
    expect(argumentName('token')).toBe('token');
  });

  it('report one message per problem', () => {
    const result = PROVIDER_SCHEMAS.slack.safeParse({ webhookUrl: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['is required']);
    const long = PROVIDER_SCHEMAS.discord.safeParse({ webhookUrl: `ftp://${'a'.repeat(3000)}` });
    expect(long.error?.issues.map((i) => i.message)).toEqual(['must be at most 2048 characters']);
  });

  it('let a webhook go unsigned, and bound its signing secret like the other credentials', () => {
    const webhook = (signingSecret: string) =>
      PROVIDER_SCHEMAS.webhook.safeParse({ endpoint: 'https://hooks.example.com/in', headers: [], signingSecret });
    expect(webhook('').success).toBe(true);
    expect(webhook(`whsec_${'a'.repeat(NOTIFICATION_BOUNDS.credential - 6)}`).data?.signingSecret).toHaveLength(
      NOTIFICATION_BOUNDS.credential,
    );
    const problems = (signingSecret: string) => webhook(signingSecret).error?.issues.map((i) => [i.path, i.message]);
    expect(problems('a'.repeat(NOTIFICATION_BOUNDS.credential + 1))).toEqual([
      [['signingSecret'], 'must be at most 1024 characters'],
    ]);
    expect(problems('whsec\nX-Injected: 1')).toEqual([[['signingSecret'], NO_CONTROL_CHARACTERS]]);
    expect(problems('whsec\u0000')).toEqual([[['signingSecret'], NO_CONTROL_CHARACTERS]]);
  });

  it('let ntfy go without server and token', () => {
    expect(PROVIDER_SCHEMAS.ntfy.parse({ topic: 'alerts', serverUrl: '', token: '' })).toEqual({
      topic: 'alerts',
      serverUrl: '',
      token: '',
    });
  });
});
