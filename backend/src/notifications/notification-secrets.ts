// Which parts of a channel's arguments are credentials, and how a channel is split into the settings
// stored in the clear (`config`) and the credentials stored sealed (`secrets_sealed`).
//
// Three kinds of credential:
// - a whole argument (SENSITIVE_ARGUMENTS: Slack's webhook_url, PagerDuty's integration_key, ...);
// - the secret parts of a URL argument (webhook `endpoint`, ntfy `server_url`): its query string, user
//   info and fragment. The settings keep the URL without them; the full URL is sealed;
// - the values of a header list (webhook `headers`): the settings keep the keys in order; the values
//   are sealed, in the same order.
// No view carries a credential: it shows the URL without its secret parts, the header keys, and in
// `configuredSecrets` the argument names that have a sealed part (`endpoint`, `headers`, ...).
//
// An update keeps a stored credential when it is sent as a view shows it: a sensitive argument sent
// empty, a URL sent without secret parts that is otherwise the stored one, a header sent with the
// stored key and an empty value (matched by key, case-insensitive, in order).
import { channelKind } from '../channels/registry';
import { NOTIFICATION_PROVIDERS, type NotificationProvider } from './notification-channel.entity';
import { argumentsOf, SENSITIVE_ARGUMENTS, type KeyValue, type ProviderArgs } from './notification.schemas';

const withAny = (pick: (type: NotificationProvider) => readonly string[]) =>
  Object.fromEntries(
    NOTIFICATION_PROVIDERS.filter((type) => pick(type).length).map((type) => [type, pick(type)]),
  ) as Partial<Record<NotificationProvider, readonly string[]>>;

/** URL arguments whose query string, user info and fragment are credentials (each kind's urlArguments). */
export const SECRET_URL_ARGUMENTS = withAny((type) => channelKind(type).urlArguments);

/** Header lists whose values are credentials (each kind's headerArguments). */
export const SECRET_HEADER_ARGUMENTS = withAny((type) => channelKind(type).headerArguments);

/** Sealed credentials by argument: a string, or the values of a header list in order. */
export type Secrets = Record<string, string | string[]>;

const urlArgs = (kind: NotificationProvider): readonly string[] => SECRET_URL_ARGUMENTS[kind] ?? [];
const headerArgs = (kind: NotificationProvider): readonly string[] => SECRET_HEADER_ARGUMENTS[kind] ?? [];

/** The URL without query string, user info and fragment; the value itself when it has none (or is no URL). */
export function publicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (!url.search && !url.hash && !url.username && !url.password) return value;
  url.search = '';
  url.hash = '';
  url.username = '';
  url.password = '';
  return url.toString();
}

export const hasSecretUrlPart = (value: string): boolean => publicUrl(value) !== value;

const headerList = (value: unknown): KeyValue[] =>
  Array.isArray(value)
    ? value.map((h: Partial<KeyValue>) => ({ key: String(h?.key ?? ''), value: String(h?.value ?? '') }))
    : [];

/** Splits validated arguments into the stored settings and the credentials (empty ones left out). */
export function splitArguments(
  kind: NotificationProvider,
  args: ProviderArgs,
): { config: Record<string, unknown>; secrets: Secrets } {
  const config: Record<string, unknown> = {};
  const secrets: Secrets = {};
  for (const arg of argumentsOf(kind)) {
    const value = args[arg];
    if (SENSITIVE_ARGUMENTS[kind].includes(arg)) {
      if (value) secrets[arg] = value as string;
    } else if (urlArgs(kind).includes(arg) && typeof value === 'string' && hasSecretUrlPart(value)) {
      config[arg] = publicUrl(value);
      secrets[arg] = value;
    } else if (headerArgs(kind).includes(arg)) {
      const headers = headerList(value);
      config[arg] = headers.map((h) => ({ key: h.key }));
      if (headers.length) secrets[arg] = headers.map((h) => h.value);
    } else {
      config[arg] = value;
    }
  }
  return { config, secrets };
}

/**
 * The full arguments of a stored channel. Settings written before header values and URL parts were
 * sealed still hold them in the clear; they are read as they are (and sealed at start-up).
 */
export function joinArguments(
  kind: NotificationProvider,
  config: Record<string, unknown>,
  secrets: Secrets,
): ProviderArgs {
  const args: ProviderArgs = { ...config };
  for (const arg of argumentsOf(kind)) {
    const secret = secrets[arg];
    if (headerArgs(kind).includes(arg)) {
      const values = Array.isArray(secret) ? secret : [];
      args[arg] = ((config[arg] as Array<Partial<KeyValue>> | undefined) ?? []).map((h, i) => ({
        key: String(h.key ?? ''),
        value: values[i] ?? String(h.value ?? ''),
      }));
    } else if (typeof secret === 'string') {
      args[arg] = secret;
    }
  }
  return args;
}

/** True when the stored settings still hold a credential in the clear (written before sealing). */
export function hasPlainCredential(kind: NotificationProvider, config: Record<string, unknown>): boolean {
  const plainUrl = urlArgs(kind).some((arg) => typeof config[arg] === 'string' && hasSecretUrlPart(config[arg]));
  const plainHeader = headerArgs(kind).some(
    (arg) => Array.isArray(config[arg]) && (config[arg] as object[]).some((h) => h && 'value' in h),
  );
  return plainUrl || plainHeader;
}

/**
 * `given` with every credential sent as a view shows it replaced by the stored one (`stored` is the
 * full arguments of the channel, of the same kind). `exactUrls` leaves URL arguments as sent: an
 * update mask naming the URL argument sets it exactly, which is how a query string is removed.
 */
export function keepStoredCredentials(
  kind: NotificationProvider,
  given: ProviderArgs,
  stored: ProviderArgs,
  exactUrls = false,
): ProviderArgs {
  const args: ProviderArgs = { ...given };
  for (const arg of SENSITIVE_ARGUMENTS[kind]) if (!args[arg]) args[arg] = stored[arg] ?? '';
  if (!exactUrls) {
    for (const arg of urlArgs(kind)) {
      const sent = args[arg];
      const kept = stored[arg];
      if (
        typeof sent === 'string' &&
        typeof kept === 'string' &&
        !hasSecretUrlPart(sent) &&
        hasSecretUrlPart(kept) &&
        publicUrl(kept) === publicUrl(sent)
      ) {
        args[arg] = kept;
      }
    }
  }
  for (const arg of headerArgs(kind)) {
    if (!Array.isArray(args[arg])) continue;
    const available = headerList(stored[arg]);
    args[arg] = headerList(args[arg]).map((h) => {
      if (h.value !== '') return h;
      const match = available.findIndex((s) => s.key.toLowerCase() === h.key.toLowerCase());
      if (match < 0) return h;
      const [kept] = available.splice(match, 1);
      return { key: h.key, value: kept.value };
    });
  }
  return args;
}

/** The arguments with a sealed part, by provider argument name (`webhook_url`, `headers`). */
export const configuredArguments = (secrets: Secrets, name: (arg: string) => string): string[] =>
  Object.keys(secrets).sort().map(name);

/** Arguments whose sealed part differs between two credential sets, by provider argument name. */
export function rotatedArguments(before: Secrets, after: Secrets, name: (arg: string) => string): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .sort()
    .map(name);
}
