// Terraform state <-> monitor.v1 messages, one pair of functions per kind, over each kind's typed
// model (the schema's snake_case attribute names; defineResource checks them against the schema).
// Pure, so the specs beside this file pin every field both ways.
import type {
  Alerting,
  CertificateExpiry,
  Header,
  OpenTelemetryConfig,
} from '@uptime/proto/gen/monitor/v1/common_pb.js';
import type { DNSMonitor } from '@uptime/proto/gen/monitor/v1/dns_monitor_pb.js';
import type { HeartbeatMonitor } from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb.js';
import type { HTTPMonitor } from '@uptime/proto/gen/monitor/v1/http_monitor_pb.js';
import type { Monitor } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import type { TCPMonitor } from '@uptime/proto/gen/monitor/v1/tcp_monitor_pb.js';
import type { TLSMonitor } from '@uptime/proto/gen/monitor/v1/tls_monitor_pb.js';
import { model, type ModelType, type Reader } from '../framework/model';
import {
  ASSERTION_SEVERITY,
  DEFAULT_CERTIFICATE_EXPIRY_DAYS,
  DEFAULT_REGIONS,
  HEARTBEAT_SCHEDULE,
  HTTP_METHOD,
  JSON_COMPARATOR,
  NUMBER_COMPARATOR,
  PERIODICITY,
  RECORD_COMPARATOR,
  REGION,
  STARTTLS,
  STRING_COMPARATOR,
  statusWord,
  TIMING_COMPARATOR,
  TIMING_PHASE,
} from './monitor-enums';

export type MonitorKind = 'http' | 'tcp' | 'dns' | 'icmp' | 'tls' | 'heartbeat';
/** Every kind GetMonitor can answer with; gRPC monitors have no resource of their own. */
export type AnyKind = MonitorKind | 'grpc';

export const KIND_LABEL: Record<AnyKind, string> = {
  http: 'HTTP',
  tcp: 'TCP',
  dns: 'DNS',
  icmp: 'ICMP',
  grpc: 'gRPC',
  tls: 'TLS',
  heartbeat: 'heartbeat',
};

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
  | 'alerting'
> & { openTelemetry?: OpenTelemetryConfig };
type UriMessage = CommonMessage & { uri?: string };

// --- the models: a computed attribute left to the service arrives as null ---

const header = (s: Reader) => ({ key: s.string('key'), value: s.string('value') });

const openTelemetry = (s: Reader) => ({ endpoint: s.string('endpoint'), headers: s.blockList('headers', header) });

/** The alerting policy, flat: what every kind's resource has, heartbeat monitors included. */
const alertingModel = (s: Reader) => ({
  failure_threshold: s.number('failure_threshold'),
  failure_seconds: s.number('failure_seconds'),
  recovery_threshold: s.number('recovery_threshold'),
  reminder_interval_minutes: s.number('reminder_interval_minutes'),
  reminder_limit: s.number('reminder_limit'),
  escalation_policy_id: s.string('escalation_policy_id'),
  parent_monitor_ids: s.stringSet('parent_monitor_ids'),
});

/** What every kind's resource has. */
function commonModel(s: Reader) {
  return {
    id: s.string('id'),
    name: s.string('name'),
    periodicity: s.string('periodicity'),
    timeout: s.number('timeout'),
    retry: s.number('retry'),
    alert_quorum: s.number('alert_quorum'),
    regions: s.stringSet('regions'),
    tags: s.stringSet('tags'),
    active: s.bool('active'),
    public: s.bool('public'),
    degraded_at: s.number('degraded_at'),
    description: s.string('description'),
    open_telemetry: s.object('open_telemetry', openTelemetry),
    status: s.string('status'),
    private_location_ids: s.stringSet('private_location_ids'),
    ...alertingModel(s),
  };
}

/** What every kind that makes a TLS handshake has (HTTP, TLS; gRPC monitors too, which have no resource). */
const tlsSettingsModel = (s: Reader) => ({
  tls_verify: s.bool('tls_verify'),
  certificate_expiry_days: s.numberList('certificate_expiry_days'),
});

/** TCP and ICMP monitors. */
export const uriMonitorModel = model((s) => ({ ...commonModel(s), uri: s.string('uri') }));

export const tlsMonitorModel = model((s) => ({
  ...commonModel(s),
  uri: s.string('uri'),
  servername: s.string('servername'),
  starttls: s.string('starttls'),
  ...tlsSettingsModel(s),
}));

/** Nothing is probed, so none of the probe settings (periodicity, regions, timeout, ...) apply. */
export const heartbeatMonitorModel = model((s) => ({
  id: s.string('id'),
  name: s.string('name'),
  description: s.string('description'),
  active: s.bool('active'),
  public: s.bool('public'),
  tags: s.stringSet('tags'),
  status: s.string('status'),
  schedule: s.string('schedule'),
  period_seconds: s.number('period_seconds'),
  cron: s.string('cron'),
  time_zone: s.string('time_zone'),
  grace_seconds: s.number('grace_seconds'),
  ping_token: s.string('ping_token'),
  ping_url: s.string('ping_url'),
  ...alertingModel(s),
}));

export const dnsMonitorModel = model((s) => ({
  ...commonModel(s),
  uri: s.string('uri'),
  record_assertions: s.blockList('record_assertions', (a) => ({
    record: a.string('record'),
    target: a.string('target'),
    comparator: a.string('comparator'),
  })),
}));

export const httpMonitorModel = model((s) => ({
  ...commonModel(s),
  url: s.string('url'),
  method: s.string('method'),
  body: s.string('body'),
  headers: s.blockList('headers', header),
  follow_redirects: s.bool('follow_redirects'),
  status_code_assertions: s.blockList('status_code_assertions', (a) => ({
    target: a.number('target'),
    comparator: a.string('comparator'),
  })),
  body_assertions: s.blockList('body_assertions', (a) => ({
    target: a.string('target'),
    comparator: a.string('comparator'),
  })),
  header_assertions: s.blockList('header_assertions', (a) => ({
    key: a.string('key'),
    target: a.string('target'),
    comparator: a.string('comparator'),
  })),
  json_assertions: s.blockList('json_assertions', (a) => ({
    path: a.string('path'),
    comparator: a.string('comparator'),
    target: a.string('target'),
  })),
  timing_assertions: s.blockList('timing_assertions', (a) => ({
    phase: a.string('phase'),
    comparator: a.string('comparator'),
    target: a.number('target'),
    severity: a.string('severity'),
  })),
  ...tlsSettingsModel(s),
}));

export type CommonMonitorModel = ReturnType<typeof commonModel>;
export type UriMonitorModel = ModelType<typeof uriMonitorModel>;
export type DnsMonitorModel = ModelType<typeof dnsMonitorModel>;
export type HttpMonitorModel = ModelType<typeof httpMonitorModel>;
export type TlsMonitorModel = ModelType<typeof tlsMonitorModel>;
export type HeartbeatMonitorModel = ModelType<typeof heartbeatMonitorModel>;
type TlsSettingsModel = ReturnType<typeof tlsSettingsModel>;
export type AlertingModel = ReturnType<typeof alertingModel>;
type HeaderModel = ReturnType<typeof header>;

// --- planned values to messages: null is "not given" ---

const given = <T>(value: T | null): T | undefined => value ?? undefined;
const int64 = (value: number | null): bigint | undefined => (value === null ? undefined : BigInt(value));

const headersToProto = (headers: HeaderModel[]) => headers.map((h) => ({ key: h.key ?? '', value: h.value ?? '' }));

function openTelemetryToProto(value: CommonMonitorModel['open_telemetry']) {
  if (!value) return undefined;
  return { endpoint: value.endpoint ?? '', headers: headersToProto(value.headers) };
}

/**
 * The whole policy, always: the service replaces the stored one with what is sent, and what is left
 * null (never, once defaults are planned) takes the service's default.
 */
export function alertingToProto(plan: AlertingModel) {
  return {
    failureThreshold: given(plan.failure_threshold),
    failureSeconds: given(plan.failure_seconds),
    recoveryThreshold: given(plan.recovery_threshold),
    reminderIntervalMinutes: given(plan.reminder_interval_minutes),
    reminderLimit: given(plan.reminder_limit),
    // "" is the service's "the monitor's channels".
    escalationPolicyId: plan.escalation_policy_id ?? '',
    parentMonitorIds: [...(plan.parent_monitor_ids ?? [])],
  };
}

/** The fields every kind has. */
function commonToProto(plan: CommonMonitorModel) {
  // Regions left to the service: its create default, sent explicitly so an update that names
  // `regions` in the mask restores that default instead of clearing them.
  const regions = plan.regions ?? [...DEFAULT_REGIONS];
  return {
    name: given(plan.name),
    periodicity: PERIODICITY.encode(plan.periodicity ?? ''),
    timeout: int64(plan.timeout),
    retry: int64(plan.retry),
    alertQuorum: given(plan.alert_quorum),
    regions: regions.map((r) => REGION.encode(r)),
    tags: plan.tags ?? [],
    active: given(plan.active),
    public: given(plan.public),
    // Unknown (left out, or the timeout changed): the service computes it.
    degradedAt: int64(plan.degraded_at),
    description: given(plan.description),
    openTelemetry: openTelemetryToProto(plan.open_telemetry),
    alerting: alertingToProto(plan),
  };
}

/**
 * tls_verify and the expiry thresholds. The days go as a CertificateExpiry message whenever known: an
 * empty list is a present message with no days, which turns the alerts off (absent would mean the
 * create default, 14, 7 and 1).
 */
function tlsSettingsToProto(plan: TlsSettingsModel) {
  const days = plan.certificate_expiry_days;
  return { tlsVerify: given(plan.tls_verify), certificateExpiry: days === null ? undefined : { days: [...days] } };
}

export function httpToProto(plan: HttpMonitorModel) {
  return {
    ...commonToProto(plan),
    url: given(plan.url),
    method: HTTP_METHOD.encode(plan.method ?? 'GET'),
    body: given(plan.body),
    headers: headersToProto(plan.headers),
    followRedirects: given(plan.follow_redirects),
    statusCodeAssertions: plan.status_code_assertions.map((a) => ({
      target: int64(a.target) ?? 0n,
      comparator: NUMBER_COMPARATOR.encode(a.comparator ?? ''),
    })),
    bodyAssertions: plan.body_assertions.map((a) => ({
      target: a.target ?? '',
      comparator: STRING_COMPARATOR.encode(a.comparator ?? ''),
    })),
    headerAssertions: plan.header_assertions.map((a) => ({
      key: a.key ?? '',
      target: a.target ?? '',
      comparator: STRING_COMPARATOR.encode(a.comparator ?? ''),
    })),
    jsonAssertions: plan.json_assertions.map((a) => ({
      path: a.path ?? '',
      comparator: JSON_COMPARATOR.encode(a.comparator ?? ''),
      target: a.target ?? '',
    })),
    timingAssertions: plan.timing_assertions.map((a) => ({
      phase: TIMING_PHASE.encode(a.phase ?? ''),
      comparator: TIMING_COMPARATOR.encode(a.comparator ?? ''),
      target: int64(a.target) ?? 0n,
      severity: ASSERTION_SEVERITY.encode(a.severity ?? 'error'),
    })),
    ...tlsSettingsToProto(plan),
  };
}

export function tlsToProto(plan: TlsMonitorModel) {
  return {
    ...commonToProto(plan),
    uri: given(plan.uri),
    servername: given(plan.servername),
    starttls: STARTTLS.encode(plan.starttls ?? 'none'),
    ...tlsSettingsToProto(plan),
  };
}

/**
 * A heartbeat monitor's message. ping_token goes with a create only: the service refuses it on
 * update (a new token is a new monitor, or RotateHeartbeatPingToken).
 */
export function heartbeatToProto(plan: HeartbeatMonitorModel, action: 'create' | 'update') {
  return {
    name: given(plan.name),
    description: given(plan.description),
    active: given(plan.active),
    public: given(plan.public),
    tags: plan.tags ?? [],
    schedule: HEARTBEAT_SCHEDULE.encode(plan.schedule ?? 'period'),
    periodSeconds: int64(plan.period_seconds),
    cron: given(plan.cron),
    timeZone: given(plan.time_zone),
    graceSeconds: int64(plan.grace_seconds),
    pingToken: action === 'create' ? given(plan.ping_token) : undefined,
    alerting: alertingToProto(plan),
  };
}

/** TCP and ICMP monitors. */
export function uriToProto(plan: UriMonitorModel) {
  return { ...commonToProto(plan), uri: given(plan.uri) };
}

export function dnsToProto(plan: DnsMonitorModel) {
  return {
    ...uriToProto(plan),
    recordAssertions: plan.record_assertions.map((a) => ({
      record: a.record ?? '',
      target: a.target ?? '',
      comparator: RECORD_COMPARATOR.encode(a.comparator ?? ''),
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
  'alerting',
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
    'json_assertions',
    'timing_assertions',
    'tls_verify',
    'certificate_expiry',
  ],
  tcp: [...COMMON_MASK, 'uri'],
  dns: [...COMMON_MASK, 'uri', 'record_assertions'],
  icmp: [...COMMON_MASK, 'uri'],
  tls: [...COMMON_MASK, 'uri', 'servername', 'starttls', 'tls_verify', 'certificate_expiry'],
  // ping_token is create-only and ping_url output-only: neither is ever named.
  heartbeat: [
    'name',
    'description',
    'active',
    'public',
    'tags',
    'schedule',
    'period_seconds',
    'cron',
    'time_zone',
    'grace_seconds',
    'alerting',
  ],
};

// --- messages to state: what the service has now, in the schema's words ---

const headersFromProto = (list: Header[]): HeaderModel[] => list.map((h) => ({ key: h.key, value: h.value }));

function openTelemetryFromProto(v: OpenTelemetryConfig | undefined): CommonMonitorModel['open_telemetry'] {
  if (!v) return null;
  // endpoint is optional and never "" in a valid configuration; the service returns "" for none.
  return { endpoint: v.endpoint === '' ? null : v.endpoint, headers: headersFromProto(v.headers) };
}

/** An answer without the message (an older service) is the neutral policy, the service's default. */
export function alertingFromProto(a: Alerting | undefined): AlertingModel {
  return {
    failure_threshold: a?.failureThreshold ?? 1,
    failure_seconds: a?.failureSeconds ?? 0,
    recovery_threshold: a?.recoveryThreshold ?? 1,
    reminder_interval_minutes: a?.reminderIntervalMinutes ?? 0,
    reminder_limit: a?.reminderLimit ?? 10,
    escalation_policy_id: a?.escalationPolicyId ? a.escalationPolicyId : null,
    parent_monitor_ids: [...(a?.parentMonitorIds ?? [])],
  };
}

function commonFromProto(m: CommonMessage): CommonMonitorModel {
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
    ...alertingFromProto(m.alerting),
  };
}

/** An answer without the message (an older service) is the service's default: 14, 7 and 1. */
function tlsSettingsFromProto(m: { tlsVerify?: boolean; certificateExpiry?: CertificateExpiry }): TlsSettingsModel {
  return {
    tls_verify: m.tlsVerify ?? true,
    certificate_expiry_days: m.certificateExpiry ? [...m.certificateExpiry.days] : [...DEFAULT_CERTIFICATE_EXPIRY_DAYS],
  };
}

export function httpFromProto(m: HTTPMonitor): HttpMonitorModel {
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
    json_assertions: m.jsonAssertions.map((a) => ({
      path: a.path,
      comparator: JSON_COMPARATOR.decode(a.comparator),
      target: a.target,
    })),
    timing_assertions: m.timingAssertions.map((a) => ({
      phase: TIMING_PHASE.decode(a.phase),
      comparator: TIMING_COMPARATOR.decode(a.comparator),
      target: Number(a.target),
      severity: ASSERTION_SEVERITY.decode(a.severity),
    })),
    ...tlsSettingsFromProto(m),
  };
}

export function tlsFromProto(m: TLSMonitor): TlsMonitorModel {
  return {
    ...commonFromProto(m),
    uri: m.uri ?? '',
    // "" is the service's "the uri's host"; reconcileRead keeps null where the configuration has none.
    servername: m.servername ?? '',
    starttls: STARTTLS.decode(m.starttls),
    ...tlsSettingsFromProto(m),
  };
}

/**
 * A heartbeat monitor as state. The service never answers with the ping token, and with the ping URL
 * only on create (and rotation): both come from `prior`, the state before a read, when there is one
 * (none after an import: the URL is then unknown to terraform until the monitor is recreated).
 */
export function heartbeatFromProto(
  m: HeartbeatMonitor,
  prior: Pick<HeartbeatMonitorModel, 'ping_token' | 'ping_url'> | null = null,
): HeartbeatMonitorModel {
  return {
    id: m.id,
    name: m.name ?? '',
    description: m.description ?? '',
    active: m.active ?? false,
    public: m.public ?? false,
    tags: [...m.tags],
    status: statusWord(m.status),
    schedule: HEARTBEAT_SCHEDULE.decode(m.schedule),
    period_seconds: Number(m.periodSeconds ?? 0n),
    cron: m.cron ?? '',
    time_zone: m.timeZone ?? '',
    grace_seconds: Number(m.graceSeconds ?? 0n),
    ping_token: prior?.ping_token ?? null,
    ping_url: m.pingUrl === '' ? (prior?.ping_url ?? null) : m.pingUrl,
    ...alertingFromProto(m.alerting),
  };
}

/** TCP and ICMP monitors (and the common part of DNS and gRPC ones). */
export function uriFromProto(m: UriMessage): UriMonitorModel {
  return { ...commonFromProto(m), uri: m.uri ?? '' };
}

export function dnsFromProto(m: DNSMonitor): DnsMonitorModel {
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
