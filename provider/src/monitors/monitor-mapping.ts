// Terraform state <-> monitor.v1 messages, one pair of functions per kind. Pure, so the specs beside
// this file pin every field both ways. State keys are the schema's snake_case attribute names.
import type { Header, OpenTelemetryConfig } from '@uptime/proto/gen/monitor/v1/common_pb.js';
import type { DNSMonitor } from '@uptime/proto/gen/monitor/v1/dns_monitor_pb.js';
import type { HTTPMonitor } from '@uptime/proto/gen/monitor/v1/http_monitor_pb.js';
import type { Monitor } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import type { TCPMonitor } from '@uptime/proto/gen/monitor/v1/tcp_monitor_pb.js';
import { UNKNOWN, type Obj, type Value } from '../framework/types';
import {
  DEFAULT_REGIONS,
  HTTP_METHOD,
  NUMBER_COMPARATOR,
  PERIODICITY,
  RECORD_COMPARATOR,
  REGION,
  STRING_COMPARATOR,
  statusWord,
} from './monitor-enums';

export type MonitorKind = 'http' | 'tcp' | 'dns' | 'icmp';
/** Every kind GetMonitor can answer with; gRPC monitors have no resource of their own. */
export type AnyKind = MonitorKind | 'grpc';

export const KIND_LABEL: Record<AnyKind, string> = { http: 'HTTP', tcp: 'TCP', dns: 'DNS', icmp: 'ICMP', grpc: 'gRPC' };

/**
 * What every kind's message holds (gRPC monitors too, less open_telemetry); TCP, DNS and ICMP
 * messages have these and `uri`, so one reader serves them all.
 */
type CommonMessage = Pick<
  TCPMonitor,
  | 'id'
  | 'name'
  | 'periodicity'
  | 'timeout'
  | 'retry'
  | 'alertQuorum'
  | 'regions'
  | 'tags'
  | 'active'
  | 'public'
  | 'degradedAt'
  | 'description'
  | 'status'
  | 'privateLocationIds'
> & { openTelemetry?: OpenTelemetryConfig };
type UriMessage = CommonMessage & { uri?: string };

// --- planned values: a computed attribute left to the service arrives as null (or UNKNOWN) ---

const isSet = (v: Value | undefined): boolean => v !== null && v !== undefined && v !== UNKNOWN;
const str = (v: Value | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const bool = (v: Value | undefined): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const int64 = (v: Value | undefined): bigint | undefined => (typeof v === 'number' ? BigInt(v) : undefined);
const int32 = (v: Value | undefined): number | undefined => (typeof v === 'number' ? v : undefined);
const objects = (v: Value | undefined): Obj[] =>
  Array.isArray(v) ? v.filter((e): e is Obj => !!e && typeof e === 'object' && !Array.isArray(e)) : [];
const words = (v: Value | undefined): string[] =>
  Array.isArray(v) ? v.filter((e): e is string => typeof e === 'string') : [];

const headersToProto = (v: Value | undefined) =>
  objects(v).map((h) => ({ key: str(h.key) ?? '', value: str(h.value) ?? '' }));

function openTelemetryToProto(v: Value | undefined) {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  return { endpoint: str(v.endpoint) ?? '', headers: headersToProto(v.headers) };
}

/** The fields every kind has. */
function commonToProto(plan: Obj) {
  // Regions left to the service: its create default, sent explicitly so an update that names
  // `regions` in the mask restores that default instead of clearing them.
  const regions = isSet(plan.regions) ? words(plan.regions) : [...DEFAULT_REGIONS];
  return {
    name: str(plan.name),
    periodicity: PERIODICITY.encode(str(plan.periodicity) ?? ''),
    timeout: int64(plan.timeout),
    retry: int64(plan.retry),
    alertQuorum: int32(plan.alert_quorum),
    regions: regions.map((r) => REGION.encode(r)),
    tags: words(plan.tags),
    active: bool(plan.active),
    public: bool(plan.public),
    // Unknown (left out, or the timeout changed): the service computes it.
    degradedAt: int64(plan.degraded_at),
    description: str(plan.description),
    openTelemetry: openTelemetryToProto(plan.open_telemetry),
  };
}

export function httpToProto(plan: Obj) {
  return {
    ...commonToProto(plan),
    url: str(plan.url),
    method: HTTP_METHOD.encode(str(plan.method) ?? 'GET'),
    body: str(plan.body),
    headers: headersToProto(plan.headers),
    followRedirects: bool(plan.follow_redirects),
    statusCodeAssertions: objects(plan.status_code_assertions).map((a) => ({
      target: int64(a.target) ?? 0n,
      comparator: NUMBER_COMPARATOR.encode(str(a.comparator) ?? ''),
    })),
    bodyAssertions: objects(plan.body_assertions).map((a) => ({
      target: str(a.target) ?? '',
      comparator: STRING_COMPARATOR.encode(str(a.comparator) ?? ''),
    })),
    headerAssertions: objects(plan.header_assertions).map((a) => ({
      key: str(a.key) ?? '',
      target: str(a.target) ?? '',
      comparator: STRING_COMPARATOR.encode(str(a.comparator) ?? ''),
    })),
  };
}

/** TCP and ICMP monitors. */
export function uriToProto(plan: Obj) {
  return { ...commonToProto(plan), uri: str(plan.uri) };
}

export function dnsToProto(plan: Obj) {
  return {
    ...uriToProto(plan),
    recordAssertions: objects(plan.record_assertions).map((a) => ({
      record: str(a.record) ?? '',
      target: str(a.target) ?? '',
      comparator: RECORD_COMPARATOR.encode(str(a.comparator) ?? ''),
    })),
  };
}

// --- the update mask: every managed field, so whatever the configuration dropped is cleared ---

const COMMON_MASK = [
  'name',
  'periodicity',
  'timeout',
  'retry',
  'alert_quorum',
  'regions',
  'tags',
  'active',
  'public',
  'degraded_at',
  'description',
  'open_telemetry',
] as const;

/** update_mask paths (proto field names) per kind; private_location_ids is read-only and never named. */
export const UPDATE_MASK: Record<MonitorKind, readonly string[]> = {
  http: [
    ...COMMON_MASK,
    'url',
    'method',
    'body',
    'headers',
    'follow_redirects',
    'status_code_assertions',
    'body_assertions',
    'header_assertions',
  ],
  tcp: [...COMMON_MASK, 'uri'],
  dns: [...COMMON_MASK, 'uri', 'record_assertions'],
  icmp: [...COMMON_MASK, 'uri'],
};

// --- messages to state: what the service has now, in the schema's words ---

const headersFromProto = (list: Header[]): Obj[] => list.map((h) => ({ key: h.key, value: h.value }));

function openTelemetryFromProto(v: OpenTelemetryConfig | undefined): Obj | null {
  if (!v) return null;
  // endpoint is optional and never "" in a valid configuration; the service returns "" for none.
  return { endpoint: v.endpoint === '' ? null : v.endpoint, headers: headersFromProto(v.headers) };
}

function commonFromProto(m: CommonMessage): Obj {
  return {
    id: m.id,
    name: m.name ?? '',
    periodicity: PERIODICITY.decode(m.periodicity),
    timeout: Number(m.timeout ?? 0n),
    retry: Number(m.retry ?? 0n),
    alert_quorum: m.alertQuorum ?? 0,
    regions: m.regions.map((r) => REGION.decode(r)),
    tags: [...m.tags],
    active: m.active ?? false,
    public: m.public ?? false,
    degraded_at: m.degradedAt === undefined ? null : Number(m.degradedAt),
    description: m.description ?? '',
    open_telemetry: openTelemetryFromProto(m.openTelemetry),
    status: statusWord(m.status),
    private_location_ids: [...m.privateLocationIds],
  };
}

export function httpFromProto(m: HTTPMonitor): Obj {
  return {
    ...commonFromProto(m),
    url: m.url ?? '',
    method: HTTP_METHOD.decode(m.method),
    body: m.body ?? '',
    headers: headersFromProto(m.headers),
    follow_redirects: m.followRedirects ?? true,
    status_code_assertions: m.statusCodeAssertions.map((a) => ({
      target: Number(a.target),
      comparator: NUMBER_COMPARATOR.decode(a.comparator),
    })),
    body_assertions: m.bodyAssertions.map((a) => ({
      target: a.target,
      comparator: STRING_COMPARATOR.decode(a.comparator),
    })),
    header_assertions: m.headerAssertions.map((a) => ({
      key: a.key,
      target: a.target,
      comparator: STRING_COMPARATOR.decode(a.comparator),
    })),
  };
}

/** TCP and ICMP monitors (and the common part of DNS and gRPC ones). */
export function uriFromProto(m: UriMessage): Obj {
  return { ...commonFromProto(m), uri: m.uri ?? '' };
}

export function dnsFromProto(m: DNSMonitor): Obj {
  return {
    ...uriFromProto(m),
    record_assertions: m.recordAssertions.map((a) => ({
      record: a.record,
      target: a.target,
      comparator: RECORD_COMPARATOR.decode(a.comparator),
    })),
  };
}

/** The kind of a GetMonitor answer, or undefined when the service sent none. */
export function kindOf(monitor: Monitor | undefined): AnyKind | undefined {
  return monitor?.config.case;
}
