// Validation of a whole monitor of each kind (SPEC §2.1, §8). Create merges the input over the
// defaults and update merges it over the stored monitor, then the result is validated here, so both
// paths enforce the same bounds with messages that name the field and the bound.
import { isIP } from 'node:net';
import { z } from 'zod';
import { isHttpUrl, isSingleLine, multiLine, NO_CONTROL_CHARACTERS, required, singleLine } from '../common/validation';
import { Cron } from 'croner';
import { jsonPathProblem } from '../checks/json-path';
import { regexProblem } from '../checks/patterns';
import {
  DNS_RECORD_TYPES,
  HEARTBEAT_BOUNDS as HB,
  HEARTBEAT_SCHEDULES,
  HTTP_METHODS,
  JSON_COMPARATORS,
  MONITOR_BOUNDS as B,
  NUMBER_COMPARATORS,
  PERIODICITIES,
  RECORD_COMPARATORS,
  REGIONS,
  STARTTLS_PROTOCOLS,
  STRING_COMPARATORS,
  TIMING_COMPARATORS,
  TIMING_PHASES,
  TIMING_SEVERITIES,
  type MonitorKind,
} from '../checks/check-config';
import { alertingInput } from './monitor-alerting';

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
  alerting: alertingInput.optional(),
};

const statusCodeAssertion = z.object({
  comparator: oneOf(NUMBER_COMPARATORS),
  target: intIn(B.statusCodeMin, B.statusCodeMax),
});
/** A `matches`/`not_matches` target must be a pattern the RE2 engine takes (linear time, no backreferences). */
const REGEX_COMPARATORS: readonly string[] = ['matches', 'not_matches'];
function withPatternTarget<T extends z.ZodType<{ comparator: string; target: string }>>(schema: T): T {
  return schema.superRefine((a, ctx) => {
    if (!REGEX_COMPARATORS.includes(a.comparator)) return;
    const problem = regexProblem(a.target);
    if (problem) ctx.addIssue({ code: 'custom', path: ['target'], message: problem });
  });
}

// Assertion targets have no length bound of their own (SPEC §8 names none); the body limit bounds them.
const bodyAssertion = withPatternTarget(z.object({ comparator: oneOf(STRING_COMPARATORS), target: prose() }));
const headerAssertion = withPatternTarget(
  z.object({
    key: text().min(1, { error: 'is required' }),
    comparator: oneOf(STRING_COMPARATORS),
    target: text(),
  }),
);
/** RFC 9535 JSONPath over the body; `target` is ignored by exists and not_exists. */
const jsonAssertion = withPatternTarget(
  z.object({
    path: text(1024)
      .min(1, { error: 'is required' })
      .superRefine((path, ctx) => {
        const problem = jsonPathProblem(path);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    comparator: oneOf(JSON_COMPARATORS),
    target: text(),
  }),
);
const timingAssertion = z.object({
  phase: oneOf(TIMING_PHASES),
  comparator: oneOf(TIMING_COMPARATORS),
  target: intIn(0, B.timeoutMax),
  severity: oneOf(TIMING_SEVERITIES),
});

/** Whether TLS must verify, and when to warn of a certificate's expiry: for every kind that may handshake. */
const tlsSettings = {
  tlsVerify: z.boolean(),
  certificateExpiryDays: list(intIn(1, B.certificateExpiryDayMax), B.certificateExpiryDays).refine(
    (d) => new Set(d).size === d.length,
    { error: 'must not repeat a number of days' },
  ),
};

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Why croner refuses a five-field cron expression (or @hourly, @daily...), or null. */
export function cronProblem(expression: string, timezone = 'UTC'): string | null {
  const fields = expression.trim().split(/\s+/);
  if (!expression.trim().startsWith('@') && fields.length !== 5)
    return 'must have five fields: minute, hour, day of month, month, day of week';
  try {
    const cron = new Cron(expression, { timezone, paused: true });
    return cron.nextRun() ? null : 'never fires';
  } catch (error) {
    return (error as Error).message;
  }
}

const heartbeat = z
  .object({
    schedule: oneOf(HEARTBEAT_SCHEDULES),
    periodSeconds: intIn(HB.periodMin, HB.periodMax),
    cron: text(HB.cronLength),
    timezone: text(64).refine(isTimeZone, { error: 'must be an IANA time zone such as UTC or Europe/Berlin' }),
    graceSeconds: intIn(HB.graceMin, HB.graceMax),
  })
  .superRefine((h, ctx) => {
    if (h.schedule !== 'cron') return;
    if (!h.cron.trim())
      return void ctx.addIssue({ code: 'custom', path: ['cron'], message: 'is required with schedule cron' });
    const problem = isTimeZone(h.timezone) ? cronProblem(h.cron, h.timezone) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['cron'], message: problem });
  });

/** A ping token a create may bring (to keep an existing cron line's URL): a UUID or 16 to 64 URL-safe characters. */
export const PING_TOKEN =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z0-9_-]{16,64})$/;
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
    jsonAssertions: list(jsonAssertion, B.assertionsPerKind),
    timingAssertions: list(timingAssertion, B.assertionsPerKind),
    ...tlsSettings,
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
    ...tlsSettings,
  }),
  tls: z.object({
    ...common,
    uri: uri(isHostPort, 'must be host:port with a port from 1 to 65535'),
    tls: z.object({
      servername: text(253).refine((v) => v === '' || isHostname(v), { error: 'must be a host name or empty' }),
      starttls: oneOf(STARTTLS_PROTOCOLS),
    }),
    ...tlsSettings,
    openTelemetry,
  }),
  // Nothing is probed: the job pings. Periodicity, regions, timeout, retry, quorum and the degraded
  // threshold do not apply, so a heartbeat monitor takes only what it uses.
  heartbeat: z.object({
    name: common.name,
    description: common.description,
    tags: common.tags,
    active: common.active,
    public: common.public,
    alerting: common.alerting,
    heartbeat,
  }),
} satisfies Record<MonitorKind, z.ZodType>;

export type MonitorData<K extends MonitorKind = MonitorKind> = z.output<(typeof MONITOR_SCHEMAS)[K]>;
