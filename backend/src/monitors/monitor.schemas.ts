// Validation of a whole monitor of each kind (SPEC §2.1, §8). Create merges the input over the
// defaults and update merges it over the stored monitor, then the result is validated here, so both
// paths enforce the same bounds with messages that name the field and the bound.
import { isIP } from 'node:net';
import { z } from 'zod';
import { isHttpUrl, isSingleLine, multiLine, NO_CONTROL_CHARACTERS, required, singleLine } from '../common/validation';
import {
  DNS_RECORD_TYPES,
  HTTP_METHODS,
  MONITOR_BOUNDS as B,
  NUMBER_COMPARATORS,
  PERIODICITIES,
  RECORD_COMPARATORS,
  REGIONS,
  STRING_COMPARATORS,
  type MonitorKind,
} from '../checks/check-config';

const HOSTNAME =
  /^(?=.{1,253}\.?$)(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.?$/;

export function isHostname(value: string): boolean {
  return HOSTNAME.test(value);
}

export function isHost(value: string): boolean {
  return isIP(value) !== 0 || isHostname(value);
}

/** `host:port` with a host name, IPv4 address or bracketed IPv6 address, and a port 1-65535. */
export function isHostPort(value: string): boolean {
  const match = /^(\[[^\]]+\]|[^:\s]+):(\d{1,5})$/.exec(value);
  if (!match) return false;
  const host = match[1].startsWith('[') ? match[1].slice(1, -1) : match[1];
  const port = Number(match[2]);
  const hostOk = match[1].startsWith('[') ? isIP(host) === 6 : isHost(host);
  return hostOk && port >= 1 && port <= 65535;
}

/** One-line text (names, URLs, header keys and values, assertion targets); see singleLine. */
const text = singleLine;
/** Text of several lines: descriptions and request bodies. */
const prose = multiLine;
const intIn = (min: number, max: number) =>
  z
    .number(required)
    .int({ error: 'must be an integer' })
    .min(min, { error: `must be between ${min} and ${max}` })
    .max(max, { error: `must be between ${min} and ${max}` });
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max, { error: `must have at most ${max} entries` });

const keyValue = z.object({
  key: text(256).min(1, { error: 'is required' }),
  value: text(8192).min(1, { error: 'is required' }),
});

const openTelemetry = z
  .object({
    endpoint: z
      .string()
      .max(B.url, { error: `must be at most ${B.url} characters` })
      .refine(isSingleLine, { error: NO_CONTROL_CHARACTERS })
      .refine((v) => v === '' || isHttpUrl(v), { error: 'must be an http(s) URL' })
      .optional(),
    headers: list(keyValue, B.headers).optional(),
  })
  .nullable();

const common = {
  name: text(B.name).trim().min(1, { error: 'is required' }),
  description: prose(B.description),
  periodicity: oneOf(PERIODICITIES),
  timeout: intIn(0, B.timeoutMax),
  retry: intIn(0, B.retryMax),
  alertQuorum: intIn(0, B.alertQuorumMax),
  regions: z.array(oneOf(REGIONS)).refine((r) => new Set(r).size === r.length, { error: 'must not repeat a region' }),
  tags: list(text(B.tagLength).trim().min(1, { error: 'is required' }), B.tags).refine(
    (t) => new Set(t).size === t.length,
    { error: 'must not repeat a tag' },
  ),
  active: z.boolean(),
  public: z.boolean(),
  degradedAt: intIn(0, B.timeoutMax).nullable(),
};

const statusCodeAssertion = z.object({
  comparator: oneOf(NUMBER_COMPARATORS),
  target: intIn(B.statusCodeMin, B.statusCodeMax),
});
// Assertion targets have no length bound of their own (SPEC §8 names none); the body limit bounds them.
const bodyAssertion = z.object({ comparator: oneOf(STRING_COMPARATORS), target: prose() });
const headerAssertion = z.object({
  key: text().min(1, { error: 'is required' }),
  comparator: oneOf(STRING_COMPARATORS),
  target: text(),
});
const recordAssertion = z.object({
  record: oneOf(DNS_RECORD_TYPES),
  comparator: oneOf(RECORD_COMPARATORS),
  target: text().min(1, { error: 'is required' }),
});

const uri = (check: (v: string) => boolean, message: string) =>
  text(B.url).trim().min(1, { error: 'is required' }).refine(check, { error: message });

export const MONITOR_SCHEMAS = {
  http: z.object({
    ...common,
    url: text(B.url)
      .trim()
      .min(1, { error: 'is required' })
      .refine(isHttpUrl, { error: 'must be an http or https URL' }),
    method: oneOf(HTTP_METHODS),
    body: prose(1_000_000),
    headers: list(keyValue, B.headers),
    followRedirects: z.boolean(),
    statusCodeAssertions: list(statusCodeAssertion, B.assertionsPerKind),
    bodyAssertions: list(bodyAssertion, B.assertionsPerKind),
    headerAssertions: list(headerAssertion, B.assertionsPerKind),
    openTelemetry,
  }),
  tcp: z.object({ ...common, uri: uri(isHostPort, 'must be host:port with a port from 1 to 65535'), openTelemetry }),
  dns: z.object({
    ...common,
    uri: uri(isHostname, 'must be a domain name'),
    recordAssertions: list(recordAssertion, B.assertionsPerKind),
    openTelemetry,
  }),
  icmp: z.object({
    ...common,
    uri: uri((v) => isHost(v), 'must be a host name or IP address without a port'),
    openTelemetry,
  }),
  grpc: z.object({
    ...common,
    uri: uri(isHostPort, 'must be host:port with a port from 1 to 65535'),
    grpc: z.object({
      service: text(256),
      tls: z.boolean(),
      metadata: list(keyValue, B.headers),
      expectedStatus: oneOf(['SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN'] as const),
    }),
  }),
} satisfies Record<MonitorKind, z.ZodType>;

export type MonitorData<K extends MonitorKind = MonitorKind> = z.output<(typeof MONITOR_SCHEMAS)[K]>;
