// Vocabulary of monitors (SPEC §2.1, §2.2). One source of truth for entities, validation and the API.

export const MONITOR_KINDS = ['http', 'tcp', 'dns', 'icmp', 'grpc'] as const;
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
] as const;
export type StringComparator = (typeof STRING_COMPARATORS)[number];

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
  headers: 20,
  /** Labels to group and filter monitors by (dashboard overview, list filters); SPEC §8 names no bound. */
  tags: 20,
  tagLength: 64,
  assertionsPerKind: 10,
  statusCodeMin: 100,
  statusCodeMax: 599,
} as const;

/** Response logs and check results are kept this long (SPEC §2.4). */
export const RESULT_RETENTION_DAYS = 14;
