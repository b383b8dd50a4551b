// Validation of notification channels (SPEC §2.5): the arguments of each provider block, which of them
// are credentials, and the channel's own fields. Create and update both validate the whole channel
// here, with messages that name the field and the bound.
import { z } from 'zod';
import { isHttpUrl, isSingleLine, NO_CONTROL_CHARACTERS, singleLine } from '../common/validation';
import { NOTIFICATION_PROVIDERS, type NotificationProvider } from './notification-channel.entity';

export const NOTIFICATION_BOUNDS = {
  name: 256,
  url: 2048,
  email: 320,
  credential: 1024,
  headers: 20,
  headerKey: 256,
  headerValue: 8192,
  chatId: 64,
  topic: 64,
} as const;

const B = NOTIFICATION_BOUNDS;

/** Arguments of one provider block, by camelCase name (`webhookUrl`, `phoneNumber`, ...). */
export type ProviderArgs = Record<string, unknown>;

export interface ProviderBlock {
  kind: NotificationProvider;
  args: ProviderArgs;
}

export interface KeyValue {
  key: string;
  value: string;
}

export function isNotificationProvider(value: string): value is NotificationProvider {
  return (NOTIFICATION_PROVIDERS as readonly string[]).includes(value);
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const isEmail = (value: string): boolean => EMAIL.test(value);

/** E.164: a plus sign and 8 to 15 digits, the first not 0. */
const PHONE = /^\+[1-9]\d{7,14}$/;
export const isPhoneNumber = (value: string): boolean => PHONE.test(value);

/** A numeric chat id (groups and channels are negative) or an @username of a public channel. */
const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
export const isTelegramChat = (value: string): boolean => TELEGRAM_CHAT.test(value);

const NTFY_TOPIC = /^[A-Za-z0-9_-]+$/;

interface TextRule {
  max: number;
  required: boolean;
  check?: (value: string) => boolean;
  message?: string;
}

/**
 * A string argument with exactly one message per problem: required, then length, then control
 * characters (every argument is one line: URLs, addresses, credentials, header keys and values), then
 * format.
 */
const text = ({ max, required, check, message }: TextRule) =>
  z.string({ error: 'is required' }).superRefine((value, ctx) => {
    if (value === '') {
      if (required) ctx.addIssue({ code: 'custom', message: 'is required' });
    } else if (value.length > max) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters` });
    } else if (!isSingleLine(value)) {
      ctx.addIssue({ code: 'custom', message: NO_CONTROL_CHARACTERS });
    } else if (check && !check(value)) {
      ctx.addIssue({ code: 'custom', message: message ?? 'is not valid' });
    }
  });

const url = (required: boolean) =>
  text({ max: B.url, required, check: isHttpUrl, message: 'must be an http or https URL' });
const credential = (required: boolean) => text({ max: B.credential, required });
const phoneNumber = text({
  max: 16,
  required: true,
  check: isPhoneNumber,
  message: 'must be an E.164 phone number such as +14155550123',
});

const header = z.object({
  key: text({ max: B.headerKey, required: true }),
  value: text({ max: B.headerValue, required: true }),
});

/** The arguments of each block (SPEC §2.5); `ms_teams` is Microsoft Teams. */
export const PROVIDER_SCHEMAS = {
  discord: z.object({ webhookUrl: url(true) }),
  email: z.object({
    email: text({ max: B.email, required: true, check: isEmail, message: 'must be an e-mail address' }),
  }),
  slack: z.object({ webhookUrl: url(true) }),
  pagerduty: z.object({ integrationKey: credential(true) }),
  opsgenie: z.object({
    apiKey: credential(true),
    region: text({ max: 64, required: true, check: (v) => v === 'us' || v === 'eu', message: 'must be us or eu' }),
  }),
  webhook: z.object({
    endpoint: url(true),
    headers: z.array(header).max(B.headers, { error: `must have at most ${B.headers} entries` }),
    signingSecret: credential(false),
  }),
  telegram: z.object({
    chatId: text({
      max: B.chatId,
      required: true,
      check: isTelegramChat,
      message: 'must be a numeric chat id or an @channel username',
    }),
  }),
  sms: z.object({ phoneNumber }),
  whatsapp: z.object({ phoneNumber }),
  google_chat: z.object({ webhookUrl: url(true) }),
  grafana_oncall: z.object({ webhookUrl: url(true) }),
  ntfy: z.object({
    topic: text({
      max: B.topic,
      required: true,
      check: (v) => NTFY_TOPIC.test(v),
      message: 'must contain only letters, digits, - and _',
    }),
    serverUrl: url(false),
    token: credential(false),
  }),
  ms_teams: z.object({ webhookUrl: url(true) }),
} satisfies Record<NotificationProvider, z.ZodObject>;

/** Credentials: stored only sealed, never returned (write-only). */
export const SENSITIVE_ARGUMENTS: Record<NotificationProvider, readonly string[]> = {
  discord: ['webhookUrl'],
  email: [],
  slack: ['webhookUrl'],
  pagerduty: ['integrationKey'],
  opsgenie: ['apiKey'],
  webhook: ['signingSecret'],
  telegram: [],
  sms: [],
  whatsapp: [],
  google_chat: ['webhookUrl'],
  grafana_oncall: ['webhookUrl'],
  ntfy: ['token'],
  ms_teams: ['webhookUrl'],
};

export function argumentsOf(kind: NotificationProvider): string[] {
  return Object.keys(PROVIDER_SCHEMAS[kind].shape);
}

/** What an argument named in an update mask without a value goes back to. */
export function defaultArgument(arg: string): unknown {
  return arg === 'headers' ? [] : '';
}

/** `google_chat` -> `googleChat`: the block's name in messages, as in JSON and TypeScript. */
export function blockField(kind: NotificationProvider): string {
  return kind.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** `webhookUrl` -> `webhook_url`: the argument name of the provider and of the proto field. */
export function argumentName(arg: string): string {
  return arg.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export const providerTypeSchema = z.string({ error: 'is required' }).superRefine((value, ctx) => {
  if (value === '') ctx.addIssue({ code: 'custom', message: 'is required' });
  else if (!isNotificationProvider(value)) {
    ctx.addIssue({ code: 'custom', message: `must be one of ${NOTIFICATION_PROVIDERS.join(', ')}` });
  }
});

/** The channel with the block of `kind`, validated as a whole. */
export function channelSchema(kind: NotificationProvider) {
  return z.object({
    name: singleLine(B.name),
    monitorIds: z
      .array(z.string({ error: 'is required' }))
      .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a monitor' }),
    [blockField(kind)]: PROVIDER_SCHEMAS[kind],
  });
}

export interface ChannelData {
  name: string;
  monitorIds: string[];
  args: ProviderArgs;
}
