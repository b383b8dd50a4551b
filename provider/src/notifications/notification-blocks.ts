// The 17 provider blocks of service_notification (SPEC 2.5; proto notification.v1): their arguments,
// which of them are write-only credentials, and how one block maps to the API's `provider` oneof and
// back. The API never returns a credential (it answers it empty and names it in configured_secrets),
// returns URL arguments (webhook endpoint, ntfy and Gotify server_url, Matrix homeserver_url) without
// their query string, user info and fragment, and webhook headers without their values; the state
// keeps the configured values wherever the API's answer is what it would show for them, so write-only
// parts never cause a diff. Priorities (Pushover, Gotify) are whole numbers the service stores with
// its default when left out, so the attribute plans that default.
//
// A new channel kind is one entry of CHANNEL_BLOCKS (its title, its oneof case and its arguments):
// the block's schema, its model, its message mapping, its update mask paths and provider_type's
// allowed values all follow from that entry.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Notification, NotificationSchema } from '@uptime/proto/gen/notification/v1/notification_service_pb.js';
import type { Reader } from '../framework/model';
import type { Attribute, Block, Validator } from '../framework/types';
import {
  describePath,
  httpUrl,
  intBetween,
  matches,
  noControlCharacters,
  oneOf,
  sizeAtMost,
  stringLength,
} from '../framework/validators';

/**
 * How an argument's value travels: a string in the clear, write-only as a whole, a URL whose secret
 * parts are write-only, or a whole number in the clear.
 */
type ArgumentKind = 'plain' | 'secret' | 'url' | 'integer';

interface ArgumentSpec {
  /** Terraform argument name; the proto field is its camelCase form. */
  name: string;
  local: string;
  kind: ArgumentKind;
  required: boolean;
  attribute: Attribute;
}

/** The case of notification.v1's `provider` oneof: the block's name in camelCase. */
type ProviderCase = NonNullable<Notification['provider']['case']>;

interface ChannelBlockSpec {
  /** The block's name in its docs. */
  title: string;
  oneof: ProviderCase;
  /** The block's arguments, except webhook `headers` (a nested list, handled on its own). */
  arguments: readonly ArgumentSpec[];
  /** The block has `headers`, a list of `{key, value}` whose values are write-only. */
  headers?: true;
}

const URL_WRITE_ONLY = {
  plain: '',
  secret: ' Sensitive and write-only: the service never returns it, so the state keeps the configured value.',
  url: ' Its query string, user info and fragment are write-only: the service returns the URL without them, and the state keeps the configured URL.',
} as const;

const url = (what: string, required: boolean, kind: keyof typeof URL_WRITE_ONLY, note = ''): Attribute => ({
  description: `${what}: an http or https URL of at most 2048 characters.${URL_WRITE_ONLY[kind]}${note}`,
  type: 'string',
  required,
  optional: !required,
  sensitive: kind === 'secret',
  writeOnly: kind === 'secret',
  validators: [httpUrl(2048), noControlCharacters()],
});

const credential = (what: string, required: boolean): Attribute => ({
  description: `${what}, at most 1024 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.`,
  type: 'string',
  required,
  optional: !required,
  sensitive: true,
  writeOnly: true,
  validators: [stringLength(required ? 1 : 0, 1024), noControlCharacters()],
});

/**
 * A credential of a fixed form, e.g. Pushover's 30 letters and digits. Unlike `matches`, the message
 * does not echo the value: terraform prints diagnostics as they are, sensitive or not.
 */
function credentialForm(pattern: RegExp, what: string): Validator {
  return (value, path, diags) => {
    if (typeof value !== 'string' || pattern.test(value)) return;
    diags.error(
      `Invalid ${describePath(path)}`,
      `${describePath(path)} must be ${what} (the value is sensitive, so it is not shown).`,
      path,
    );
  };
}

/** A bounded whole number; left out, the service's default, which the plan shows. */
const integer = (what: string, min: number, max: number, fallback: number, more = ''): Attribute => ({
  description: `${what}: a whole number from ${min} to ${max}, default \`${fallback}\`.${more}`,
  type: 'number',
  optional: true,
  computed: true,
  default: fallback,
  validators: [intBetween(min, max)],
});

/** An optional name of letters, digits, `_` and `-` (Pushover devices and sounds). */
const NAME = /^[A-Za-z0-9_-]+$/;
const optionalName = (description: string, max: number): Attribute => ({
  description,
  type: 'string',
  optional: true,
  validators: [stringLength(0, max), matches(NAME, 'letters, digits, - and _ only')],
});

const PUSHOVER_KEY = /^[A-Za-z0-9]{30}$/;

const E164 = /^\+[1-9]\d{7,14}$/;
const phone = (service: string): Attribute => ({
  description: `Phone number that receives the ${service} messages, in E.164 form (e.g. +14155550123).`,
  type: 'string',
  required: true,
  validators: [matches(E164, 'an E.164 phone number such as +14155550123')],
});

const arg = (name: string, kind: ArgumentKind, attribute: Attribute): ArgumentSpec => ({
  name,
  local: name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
  kind,
  required: attribute.required === true,
  attribute,
});

const webhookUrl = (service: string) =>
  arg('webhook_url', 'secret', url(`Incoming webhook URL of ${service}`, true, 'secret'));

/** Every provider block, in the order provider_type's description lists them. */
const CHANNEL_BLOCKS = {
  discord: { title: 'Discord', oneof: 'discord', arguments: [webhookUrl('the Discord channel')] },
  email: {
    title: 'E-mail',
    oneof: 'email',
    arguments: [
      arg('email', 'plain', {
        description: 'E-mail address that receives the alerts (at most 320 characters).',
        type: 'string',
        required: true,
        validators: [
          stringLength(1, 320),
          matches(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, 'an e-mail address such as oncall@example.com'),
        ],
      }),
    ],
  },
  slack: { title: 'Slack', oneof: 'slack', arguments: [webhookUrl('the Slack channel')] },
  pagerduty: {
    title: 'PagerDuty',
    oneof: 'pagerduty',
    arguments: [
      arg('integration_key', 'secret', credential('Integration key of the PagerDuty service (Events API v2)', true)),
    ],
  },
  opsgenie: {
    title: 'Opsgenie',
    oneof: 'opsgenie',
    arguments: [
      arg('api_key', 'secret', credential('API key of the Opsgenie integration', true)),
      arg('region', 'plain', {
        description: 'Opsgenie region of the account: `us` or `eu`.',
        type: 'string',
        required: true,
        validators: [oneOf(['us', 'eu'])],
      }),
    ],
  },
  webhook: {
    title: 'Generic webhook',
    oneof: 'webhook',
    arguments: [
      arg('endpoint', 'url', url('URL the alerts are POSTed to', true, 'url')),
      arg('signing_secret', 'secret', {
        ...credential('Signing secret', false),
        description:
          'Secret that signs each request, at most 1024 characters: the `X-Signature-256` header carries `sha256=` and the hex HMAC-SHA256 of the raw body with this key, which the receiver recomputes and compares in constant time. When omitted, requests are not signed. Sensitive and write-only: the service never returns it, so the state keeps the configured value.',
      }),
    ],
    headers: true,
  },
  telegram: {
    title: 'Telegram',
    oneof: 'telegram',
    arguments: [
      arg('chat_id', 'plain', {
        description:
          'Telegram chat that receives the alerts: a numeric chat id (negative for groups) or an @channel username.',
        type: 'string',
        required: true,
        validators: [
          matches(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, 'a numeric chat id or an @channel username'),
        ],
      }),
    ],
  },
  sms: { title: 'SMS', oneof: 'sms', arguments: [arg('phone_number', 'plain', phone('SMS'))] },
  whatsapp: { title: 'WhatsApp', oneof: 'whatsapp', arguments: [arg('phone_number', 'plain', phone('WhatsApp'))] },
  google_chat: { title: 'Google Chat', oneof: 'googleChat', arguments: [webhookUrl('the Google Chat space')] },
  grafana_oncall: {
    title: 'Grafana OnCall',
    oneof: 'grafanaOncall',
    arguments: [webhookUrl('the Grafana OnCall integration')],
  },
  ntfy: {
    title: 'ntfy',
    oneof: 'ntfy',
    arguments: [
      arg('topic', 'plain', {
        description: 'ntfy topic: 1 to 64 letters, digits, `-` or `_`.',
        type: 'string',
        required: true,
        validators: [stringLength(1, 64), matches(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')],
      }),
      arg('server_url', 'url', url('URL of the ntfy server; when omitted, the public ntfy.sh', false, 'url')),
      arg('token', 'secret', credential('Access token of the ntfy server', false)),
    ],
  },
  ms_teams: {
    title: 'Microsoft Teams',
    oneof: 'msTeams',
    arguments: [webhookUrl('the Microsoft Teams channel (Workflows or incoming webhook)')],
  },
  mattermost: {
    title: 'Mattermost',
    oneof: 'mattermost',
    arguments: [
      arg(
        'webhook_url',
        'secret',
        url('Incoming webhook URL of the Mattermost channel (e.g. https://chat.example/hooks/<key>)', true, 'secret'),
      ),
      arg('channel', 'plain', {
        description:
          "Channel the message goes to instead of the webhook's own: its name as in its URL (e.g. `town-square`), or `@username` for a direct message; at most 64 characters. Applies only where the Mattermost server lets integrations override the channel.",
        type: 'string',
        optional: true,
        validators: [
          stringLength(0, 64),
          matches(/^@?[A-Za-z0-9._-]+$/, 'a channel name such as town-square, or @username'),
        ],
      }),
      arg('username', 'plain', {
        description:
          'Name the message is posted under, at most 64 characters. Applies only where the Mattermost server lets integrations override it.',
        type: 'string',
        optional: true,
        validators: [stringLength(0, 64), noControlCharacters()],
      }),
      arg(
        'icon_url',
        'plain',
        url(
          'URL of the picture the message is posted with',
          false,
          'plain',
          ' Applies only where the Mattermost server lets integrations override it.',
        ),
      ),
    ],
  },
  pushover: {
    title: 'Pushover',
    oneof: 'pushover',
    arguments: [
      arg('user_key', 'secret', {
        ...credential('User or group key from the Pushover dashboard', true),
        description:
          'User or group key from the Pushover dashboard: 30 letters and digits. Sensitive and write-only: the service never returns it, so the state keeps the configured value.',
        validators: [credentialForm(PUSHOVER_KEY, '30 letters and digits')],
      }),
      arg('app_token', 'secret', {
        ...credential('API token of the Pushover application', true),
        description:
          'API token of the Pushover application: 30 letters and digits. Sensitive and write-only: the service never returns it, so the state keeps the configured value.',
        validators: [credentialForm(PUSHOVER_KEY, '30 letters and digits')],
      }),
      arg(
        'priority',
        'integer',
        integer(
          'Pushover priority of down and degraded alerts',
          -2,
          2,
          0,
          ' `-2`: no notification; `-1`: quiet; `0`: normal; `1`: high, bypasses quiet hours; `2`: emergency, repeated every 60 seconds until acknowledged, for at most an hour. Recoveries and test messages go out at this priority or 0, whichever is lower, so none needs acknowledging.',
        ),
      ),
      arg(
        'device',
        'plain',
        optionalName(
          "Name of one of the user's devices (letters, digits, `-` and `_`, at most 25); when omitted, every device gets the alerts.",
          25,
        ),
      ),
      arg(
        'sound',
        'plain',
        optionalName(
          "Name of a Pushover sound (letters, digits, `-` and `_`, at most 64); when omitted, the user's default sound.",
          64,
        ),
      ),
    ],
  },
  gotify: {
    title: 'Gotify',
    oneof: 'gotify',
    arguments: [
      arg('server_url', 'url', url('URL of the Gotify server (a path prefix is kept)', true, 'url')),
      arg('app_token', 'secret', credential('Token of the Gotify application, sent as X-Gotify-Key', true)),
      arg(
        'priority',
        'integer',
        integer('Gotify priority of every alert of the channel', 0, 10, 5, ' `0` shows no notification on the phone.'),
      ),
    ],
  },
  matrix: {
    title: 'Matrix',
    oneof: 'matrix',
    arguments: [
      arg(
        'homeserver_url',
        'url',
        url(
          "URL of the Matrix homeserver's client-server API, e.g. https://matrix.example (a path prefix is kept)",
          true,
          'url',
        ),
      ),
      arg('room_id', 'plain', {
        description:
          'Room the alerts are posted to, as its id `!opaque:server` (room settings, Advanced), not an alias such as `#room:server`; at most 255 characters.',
        type: 'string',
        required: true,
        validators: [
          stringLength(1, 255),
          matches(
            /^![^\s:]+:[^\s]+$/,
            'a room id such as !abc123:matrix.example (not an alias such as #room:matrix.example)',
          ),
        ],
      }),
      arg(
        'access_token',
        'secret',
        credential('Access token of the Matrix user that posts, which must have joined the room', true),
      ),
    ],
  },
} satisfies Record<string, ChannelBlockSpec>;

export type ProviderType = keyof typeof CHANNEL_BLOCKS;

export function isProviderType(value: unknown): value is ProviderType {
  return typeof value === 'string' && Object.hasOwn(CHANNEL_BLOCKS, value);
}

/** The provider types, in CHANNEL_BLOCKS order. */
export const PROVIDER_TYPES: readonly ProviderType[] = Object.keys(CHANNEL_BLOCKS).filter(isProviderType);

/** A block's entry, typed as every entry (headers optional). */
const channel = (kind: ProviderType): ChannelBlockSpec => CHANNEL_BLOCKS[kind];

const HEADERS: Attribute = {
  description:
    'Headers sent with each webhook request (at most 20), e.g. `headers = [{ key = "Authorization", value = "..." }]`. Header values are sensitive and write-only: the service returns the keys only, and the state keeps the configured values.',
  optional: true,
  nested: {
    nesting: 'list',
    attributes: {
      key: {
        description: 'Header name, 1 to 256 characters.',
        type: 'string',
        required: true,
        validators: [stringLength(1, 256), noControlCharacters()],
      },
      value: {
        description: 'Header value, 1 to 8192 characters. Sensitive and write-only.',
        type: 'string',
        required: true,
        sensitive: true,
        writeOnly: true,
        validators: [stringLength(1, 8192), noControlCharacters()],
      },
    },
  },
  validators: [sizeAtMost(20)],
};

/** The schema of one provider block. */
export function blockSchema(kind: ProviderType): Block {
  const attributes: Record<string, Attribute> = {};
  for (const a of channel(kind).arguments) attributes[a.name] = a.attribute;
  if (channel(kind).headers) attributes.headers = HEADERS;
  return {
    description: `${channel(kind).title} settings; give it exactly when provider_type is \`${kind}\`.`,
    attributes,
  };
}

export function providerTypeOfCase(caseName: string | undefined): ProviderType | undefined {
  return PROVIDER_TYPES.find((kind) => channel(kind).oneof === caseName);
}

type ProviderInit = MessageInitShape<typeof NotificationSchema>['provider'];

export type HeaderModel = { key: string | null; value: string | null };

/** One provider block as state: its arguments by name (null when unset), and webhook `headers`. */
export type ChannelBlock = { [argument: string]: string | number | null | HeaderModel[] };

const headerModel = (s: Reader): HeaderModel => ({ key: s.string('key'), value: s.string('value') });

/** The model of one provider block, read from its state object. */
export function channelBlockModel(kind: ProviderType): (s: Reader) => ChannelBlock {
  return (s) => {
    const block: ChannelBlock = {};
    for (const a of channel(kind).arguments) block[a.name] = a.kind === 'integer' ? s.number(a.name) : s.string(a.name);
    if (channel(kind).headers) block.headers = s.objectList('headers', headerModel);
    return block;
  };
}

/** The headers of a block (none when it has no list). */
function headersOf(value: ChannelBlock[string] | undefined): HeaderModel[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A block's state object as the API's oneof, every argument sent as configured ("" when unset; a
 * number left unset, which its default prevents, is left out and the service applies its default).
 */
export function blockToProto(kind: ProviderType, block: ChannelBlock): ProviderInit {
  const value: Record<string, unknown> = {};
  for (const a of channel(kind).arguments) {
    const given = block[a.name];
    if (a.kind === 'integer') {
      if (typeof given === 'number') value[a.local] = given;
    } else value[a.local] = typeof given === 'string' ? given : '';
  }
  if (channel(kind).headers)
    value.headers = headersOf(block.headers).map((h) => ({ key: h.key ?? '', value: h.value ?? '' }));
  return { case: channel(kind).oneof, value };
}

/**
 * The URL without query string, user info and fragment, as the service shows it (the value itself
 * when it has none of them, or is not a URL).
 */
export function publicUrl(value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return value;
  }
  if (!parsed.search && !parsed.hash && !parsed.username && !parsed.password) return value;
  parsed.search = '';
  parsed.hash = '';
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

/**
 * The block's state from the API's answer. `prior` is the block as state or plan had it (null on
 * import): write-only values come from it, since the API answers them empty; `configured` is the
 * API's configured_secrets, which tells whether a write-only value is still stored at all.
 */
export function blockFromProto(
  kind: ProviderType,
  api: object,
  prior: ChannelBlock | null,
  configured: readonly string[],
): ChannelBlock {
  const out: ChannelBlock = {};
  for (const a of channel(kind).arguments) {
    const answered: unknown = Reflect.get(api, a.local);
    const given = typeof answered === 'string' ? answered : '';
    const before = prior?.[a.name];
    switch (a.kind) {
      case 'integer': {
        // Stored with the service's default when left out, so an unset answer means that default.
        const fallback = a.attribute.default;
        out[a.name] = typeof answered === 'number' ? answered : typeof fallback === 'number' ? fallback : null;
        break;
      }
      case 'plain':
        out[a.name] = given === '' && !a.required && before !== '' ? null : given;
        break;
      case 'secret':
        // Unknown after an import (null): the next plan sets it once from the configuration.
        out[a.name] = configured.includes(a.name) ? (typeof before === 'string' ? before : null) : null;
        break;
      case 'url': {
        const hasSecret = configured.includes(a.name);
        const keep =
          typeof before === 'string' && publicUrl(before) === given && (publicUrl(before) !== before) === hasSecret;
        out[a.name] = keep ? before : given === '' && !a.required ? null : given;
        break;
      }
    }
  }
  if (channel(kind).headers) out.headers = headersFromProto(Reflect.get(api, 'headers'), prior?.headers);
  return out;
}

/**
 * Header keys from the API with the prior values of the same keys (matched in order, each prior
 * header used once); a key the prior state lacks gets a null value. No headers: null unless the
 * prior state held an empty list.
 */
export function headersFromProto(api: unknown, prior: ChannelBlock[string] | undefined): HeaderModel[] | null {
  const keys = Array.isArray(api) ? api.map((h: { key?: unknown }) => (typeof h?.key === 'string' ? h.key : '')) : [];
  if (keys.length === 0) return Array.isArray(prior) ? [] : null;
  const available = headersOf(prior).map((h) => ({ key: h.key ?? '', value: h.value ?? '' }));
  return keys.map((key) => {
    const at = available.findIndex((h) => h.key === key);
    const value = at < 0 ? null : available.splice(at, 1)[0].value;
    return { key, value };
  });
}

/** update_mask paths of a block: each argument on its own, so each is set exactly as sent. */
export function blockMaskPaths(kind: ProviderType): string[] {
  const paths = channel(kind).arguments.map((a) => `${kind}.${a.name}`);
  if (channel(kind).headers) paths.push(`${kind}.headers`);
  return paths;
}
