// Vocabulary of monitors (SPEC §2.1, §2.2). One source of truth for entities, validation and the API.

export const MONITOR_KINDS = ['http', 'tcp', 'dns', 'icmp', 'grpc', 'tls', 'heartbeat'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];

export const PERIODICITIES = ['30s', '1m', '5m', '10m', '30m', '1h'] as const;
export type Periodicity = (typeof PERIODICITIES)[number];

export const PERIODICITY_SECONDS: Record<Periodicity, number> = {
  '30s': 30,
  '1m': 60,
  '5m': 300,
  '10m': 600,
  '30m': 1800,
  '1h': 3600,
};

export const HTTP_METHODS = ['GET', 'POST', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const REGIONS = [
  'fly-ams',
  'fly-arn',
  'fly-bom',
  'fly-cdg',
  'fly-dfw',
  'fly-ewr',
  'fly-fra',
  'fly-gru',
  'fly-iad',
  'fly-jnb',
  'fly-lax',
  'fly-lhr',
  'fly-nrt',
  'fly-ord',
  'fly-sjc',
  'fly-sin',
  'fly-syd',
  'fly-yyz',
  'koyeb-fra',
  'koyeb-par',
  'koyeb-sfo',
  'koyeb-sin',
  'koyeb-tyo',
  'koyeb-was',
  'railway-us-west2',
  'railway-us-east4',
  'railway-europe-west4',
  'railway-asia-southeast1',
] as const;
export type Region = (typeof REGIONS)[number];

export const MONITOR_STATUSES = ['active', 'degraded', 'error', 'unknown'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

export const REGION_STATUSES = ['active', 'degraded', 'error'] as const;
export type RegionStatus = (typeof REGION_STATUSES)[number];

export const NUMBER_COMPARATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const;
export type NumberComparator = (typeof NUMBER_COMPARATORS)[number];

export const STRING_COMPARATORS = [
  'contains',
  'not_contains',
  'eq',
  'neq',
  'empty',
  'not_empty',
  'gt',
  'gte',
  'lt',
  'lte',
  /** An RE2 regular expression (linear time; see checks/patterns.ts) finds a match / finds none. */
  'matches',
  'not_matches',
] as const;
export type StringComparator = (typeof STRING_COMPARATORS)[number];

/** Comparators of a JSON body assertion (RFC 9535 JSONPath): numbers compare as numbers. */
export const JSON_COMPARATORS = [
  'eq',
  'neq',
  'contains',
  'not_contains',
  'gt',
  'gte',
  'lt',
  'lte',
  'exists',
  'not_exists',
  'matches',
] as const;
export type JsonComparator = (typeof JSON_COMPARATORS)[number];

/** The HTTP phases a timing assertion can bound; `total` is the whole check (latency). */
export const TIMING_PHASES = ['dns', 'connect', 'tls', 'ttfb', 'transfer', 'total'] as const;
export type TimingPhase = (typeof TIMING_PHASES)[number];
export const TIMING_COMPARATORS = ['lt', 'lte'] as const;
export type TimingComparator = (typeof TIMING_COMPARATORS)[number];
/** What a failed timing assertion makes of the check: `degraded` (like degraded_at) or `error`. */
export const TIMING_SEVERITIES = ['degraded', 'error'] as const;
export type TimingSeverity = (typeof TIMING_SEVERITIES)[number];

export const RECORD_COMPARATORS = ['eq', 'neq', 'contains', 'not_contains'] as const;
export type RecordComparator = (typeof RECORD_COMPARATORS)[number];

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export interface KeyValue {
  key: string;
  value: string;
}

export interface StatusCodeAssertion {
  comparator: NumberComparator;
  target: number;
}

export interface BodyAssertion {
  comparator: StringComparator;
  target: string;
}

export interface HeaderAssertion {
  key: string;
  comparator: StringComparator;
  target: string;
}

/** `path` is an RFC 9535 JSONPath; `target` is ignored by exists / not_exists. */
export interface JsonAssertion {
  path: string;
  comparator: JsonComparator;
  target: string;
}

/** The phase must take less than (lt) or at most (lte) `target` milliseconds. */
export interface TimingAssertion {
  phase: TimingPhase;
  comparator: TimingComparator;
  target: number;
  severity: TimingSeverity;
}

export interface RecordAssertion {
  record: DnsRecordType;
  comparator: RecordComparator;
  target: string;
}

export interface OpenTelemetryConfig {
  endpoint?: string;
  headers?: KeyValue[];
}

/** gRPC health check settings (`grpc.health.v1.Health/Check`). */
export interface GrpcConfig {
  /** Service name sent in the HealthCheckRequest; empty checks the server as a whole. */
  service: string;
  tls: boolean;
  metadata: KeyValue[];
  /** Serving status that counts as up. */
  expectedStatus: 'SERVING' | 'NOT_SERVING' | 'SERVICE_UNKNOWN';
}

/** Protocols a `tls` monitor can upgrade with STARTTLS before the handshake. */
export const STARTTLS_PROTOCOLS = ['none', 'smtp'] as const;
export type StarttlsProtocol = (typeof STARTTLS_PROTOCOLS)[number];

/** A `tls` monitor: a TLS handshake with `host:port` (the monitor's uri). */
export interface TlsConfig {
  /** The SNI name and the name the certificate must match; empty: the uri's host (none for an IP). */
  servername: string;
  starttls: StarttlsProtocol;
}

/** Certificate expiry alert thresholds in days, largest first, when a monitor names none. */
export const DEFAULT_CERTIFICATE_EXPIRY_DAYS = [14, 7, 1] as const;

/**
 * The leaf certificate of a TLS handshake a check made (HTTPS, gRPC over TLS, `tls` monitors), kept
 * in a result's details as `certificate`.
 */
export interface CertificateInfo {
  subject: string;
  /** Subject alternative names as written in the certificate (`DNS:a.example`, `IP Address:127.0.0.1`). */
  sans: string[];
  issuer: string;
  /** Hex, upper case, as X509Certificate answers it. */
  serial: string;
  notBefore: string;
  notAfter: string;
  /** Whole days from the check to not-after, rounded down; negative once expired. */
  daysLeft: number;
  /** Whether the chain verified against the trusted CAs and the name matched. */
  verified: boolean;
  /** Why it did not verify (`CERT_HAS_EXPIRED: certificate has expired`); null when verified. */
  verificationError: string | null;
}

/** How a heartbeat monitor expects its pings: every `periodSeconds`, or on a cron schedule. */
export const HEARTBEAT_SCHEDULES = ['period', 'cron'] as const;
export type HeartbeatSchedule = (typeof HEARTBEAT_SCHEDULES)[number];

export interface HeartbeatConfig {
  schedule: HeartbeatSchedule;
  /** With schedule `period`: 30 s to 31 days. */
  periodSeconds: number;
  /** With schedule `cron`: five fields (minute to weekday), evaluated in `timezone`. */
  cron: string;
  /** An IANA time zone name, for `cron`. */
  timezone: string;
  /** How long after the expected time a ping may still arrive, and how long a started run may take. */
  graceSeconds: number;
}

export const HEARTBEAT_BOUNDS = {
  periodMin: 30,
  periodMax: 31 * 86400,
  graceMin: 0,
  graceMax: 31 * 86400,
  /** Bytes of a ping's body kept with it. */
  bodyBytes: 10 * 1024,
  cronLength: 256,
} as const;

/** The location heartbeat results are stored under: the server judges them, no region probes. */
export const HEARTBEAT_LOCATION = 'heartbeat';

export const CHECK_TRIGGERS = ['cron', 'api'] as const;
export type CheckTrigger = (typeof CHECK_TRIGGERS)[number];

export const CHECK_STATUSES = ['success', 'degraded', 'error'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const MONITOR_BOUNDS = {
  name: 256,
  url: 2048,
  description: 1024,
  timeoutMax: 120000,
  timeoutDefault: 45000,
  retryMax: 10,
  retryDefault: 3,
  /** At least 28 regions plus private locations; 0 means a strict majority (check-results ALERT_STATUS). */
  alertQuorumMax: 100,
  /** Alerting policy (issue 29): consecutive aggregate checks, seconds, minutes, counts. */
  failureThresholdMax: 100,
  failureSecondsMax: 86_400,
  recoveryThresholdMax: 100,
  reminderIntervalMinutesMax: 10_080,
  reminderLimitMax: 1_000,
  parentMonitors: 20,
  headers: 20,
  /** Labels to group and filter monitors by (dashboard overview, list filters); SPEC §8 names no bound. */
  tags: 20,
  tagLength: 64,
  assertionsPerKind: 10,
  /** Certificate expiry alert thresholds per monitor, each 1 to 365 days. */
  certificateExpiryDays: 10,
  certificateExpiryDayMax: 365,
  statusCodeMin: 100,
  statusCodeMax: 599,
} as const;

/** Response logs and check results are kept this long (SPEC §2.4). */
export const RESULT_RETENTION_DAYS = 14;
