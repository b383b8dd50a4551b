// Where the alert senders send and with which service credentials, from the environment. Every
// provider's base URL is configurable so tests send to loopback receivers and self-hosters can go
// through a proxy; these URLs come from the operator and are trusted (the private-address rule applies
// only to URLs users type into a channel). Credentials are never echoed in a message.
import { z } from 'zod';
import { ConfigError } from './config-error';

export interface AlertProvidersConfig {
  /**
   * Whether targets users typed may reach private, loopback, link-local and reserved addresses:
   * channel URLs (webhook, ntfy, Discord, Slack, Google Chat, Grafana OnCall, Teams, Mattermost,
   * Gotify, Matrix), and also monitor checks from shared regions and their OpenTelemetry export
   * (private locations always may). Default true outside production, false under NODE_ENV=production.
   */
  allowPrivateTargets: boolean;
  /** PagerDuty Events API v2 base URL. */
  pagerdutyUrl: string;
  opsgenieUrls: { us: string; eu: string };
  /** Server used when an ntfy channel has no server_url. */
  ntfyUrl: string;
  telegram: { url: string; botToken: string | null };
  /** Pushover API base URL (the messages API is `{base}/1/messages.json`). */
  pushoverUrl: string;
  twilio: {
    url: string;
    accountSid: string | null;
    authToken: string | null;
    /** Sender of SMS: a phone number or an alphanumeric sender id. */
    from: string | null;
    /** Sender of WhatsApp messages (a phone number; `whatsapp:` is added); TWILIO_FROM when unset. */
    whatsappFrom: string | null;
  };
}

export const ALERT_PROVIDER_DEFAULTS = {
  pagerdutyUrl: 'https://events.pagerduty.com',
  opsgenieUsUrl: 'https://api.opsgenie.com',
  opsgenieEuUrl: 'https://api.eu.opsgenie.com',
  ntfyUrl: 'https://ntfy.sh',
  telegramUrl: 'https://api.telegram.org',
  pushoverUrl: 'https://api.pushover.net',
  twilioUrl: 'https://api.twilio.com',
} as const;

const baseUrl = (name: string) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          !url.search &&
          !url.hash &&
          !url.username &&
          !url.password
        );
      } catch {
        return false;
      }
    },
    { message: `${name}: expected an http(s) URL such as https://proxy.example/pagerduty (no query or credentials)` },
  );

/** A credential: one line, bounded; the value is never part of the message. */
const credential = (name: string, pattern: RegExp, expected: string) =>
  z.string().regex(pattern, { message: `${name}: expected ${expected}` });

const sender = (name: string) =>
  z.string().regex(/^(\+[1-9]\d{7,14}|[A-Za-z0-9 ]{1,11})$/, {
    message: `${name}: expected an E.164 phone number such as +14155550123 or an alphanumeric sender id of at most 11 characters`,
  });

const bool = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { message: `${name}: expected true or false` })
    .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.string().optional(),
  ALLOW_PRIVATE_TARGETS: bool('ALLOW_PRIVATE_TARGETS').optional(),
  ALERT_PAGERDUTY_URL: baseUrl('ALERT_PAGERDUTY_URL').optional(),
  ALERT_OPSGENIE_US_URL: baseUrl('ALERT_OPSGENIE_US_URL').optional(),
  ALERT_OPSGENIE_EU_URL: baseUrl('ALERT_OPSGENIE_EU_URL').optional(),
  ALERT_NTFY_URL: baseUrl('ALERT_NTFY_URL').optional(),
  ALERT_TELEGRAM_URL: baseUrl('ALERT_TELEGRAM_URL').optional(),
  TELEGRAM_BOT_TOKEN: credential(
    'TELEGRAM_BOT_TOKEN',
    /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/,
    'a bot token such as 123456789:AAE... from @BotFather',
  ).optional(),
  ALERT_PUSHOVER_URL: baseUrl('ALERT_PUSHOVER_URL').optional(),
  ALERT_TWILIO_URL: baseUrl('ALERT_TWILIO_URL').optional(),
  TWILIO_ACCOUNT_SID: credential(
    'TWILIO_ACCOUNT_SID',
    /^[A-Za-z0-9_-]{1,64}$/,
    'an account SID such as AC0123... (letters and digits, at most 64)',
  ).optional(),
  TWILIO_AUTH_TOKEN: credential(
    'TWILIO_AUTH_TOKEN',
    /^[\x21-\x7e]{1,256}$/,
    'the account auth token (printable characters without spaces, at most 256)',
  ).optional(),
  TWILIO_FROM: sender('TWILIO_FROM').optional(),
  TWILIO_WHATSAPP_FROM: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, {
      message: 'TWILIO_WHATSAPP_FROM: expected an E.164 phone number such as +14155550123',
    })
    .optional(),
});

const stripSlash = (url: string): string => url.replace(/\/+$/, '');

/** Reads and validates the alert providers' settings. Empty strings count as unset. */
export function alertProvidersConfig(env: NodeJS.ProcessEnv = process.env): AlertProvidersConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  const e = parsed.data;
  const problems: string[] = [];
  if (e.TWILIO_ACCOUNT_SID && !e.TWILIO_AUTH_TOKEN) {
    problems.push('TWILIO_AUTH_TOKEN: required when TWILIO_ACCOUNT_SID is set');
  }
  if (e.TWILIO_AUTH_TOKEN && !e.TWILIO_ACCOUNT_SID) {
    problems.push('TWILIO_ACCOUNT_SID: required when TWILIO_AUTH_TOKEN is set');
  }
  if (problems.length) throw new ConfigError(problems);
  const d = ALERT_PROVIDER_DEFAULTS;
  return {
    allowPrivateTargets: e.ALLOW_PRIVATE_TARGETS ?? e.NODE_ENV !== 'production',
    pagerdutyUrl: stripSlash(e.ALERT_PAGERDUTY_URL ?? d.pagerdutyUrl),
    opsgenieUrls: {
      us: stripSlash(e.ALERT_OPSGENIE_US_URL ?? d.opsgenieUsUrl),
      eu: stripSlash(e.ALERT_OPSGENIE_EU_URL ?? d.opsgenieEuUrl),
    },
    ntfyUrl: stripSlash(e.ALERT_NTFY_URL ?? d.ntfyUrl),
    telegram: { url: stripSlash(e.ALERT_TELEGRAM_URL ?? d.telegramUrl), botToken: e.TELEGRAM_BOT_TOKEN ?? null },
    pushoverUrl: stripSlash(e.ALERT_PUSHOVER_URL ?? d.pushoverUrl),
    twilio: {
      url: stripSlash(e.ALERT_TWILIO_URL ?? d.twilioUrl),
      accountSid: e.TWILIO_ACCOUNT_SID ?? null,
      authToken: e.TWILIO_AUTH_TOKEN ?? null,
      from: e.TWILIO_FROM ?? null,
      whatsappFrom: e.TWILIO_WHATSAPP_FROM ?? null,
    },
  };
}
