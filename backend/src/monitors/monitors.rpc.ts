// monitor.v1.MonitorService: maps proto messages to the service verbs and back. No rule lives here.
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate, type FieldMask } from '@bufbuild/protobuf/wkt';
import type { HandlerContext, ServiceImpl } from '@connectrpc/connect';
import {
  AssertionSeveritySchema,
  HTTPMethodSchema,
  JSONComparatorSchema,
  MonitorStatusSchema,
  NumberComparatorSchema,
  PeriodicitySchema,
  RecordComparatorSchema,
  RegionSchema,
  StringComparatorSchema,
  TimeRangeSchema,
  TimingPhaseSchema,
  type Alerting,
  type CertificateExpiry,
  type Header,
  type JSONAssertion,
  type TimingAssertion,
  type OpenTelemetryConfig,
} from '@uptime/proto/gen/monitor/v1/common_pb';
import { DNSMonitorSchema, type DNSMonitor } from '@uptime/proto/gen/monitor/v1/dns_monitor_pb';
import {
  GRPCMonitorSchema,
  GRPCServingStatusSchema,
  type GRPCMonitor,
} from '@uptime/proto/gen/monitor/v1/grpc_monitor_pb';
import { HTTPMonitorSchema, type HTTPMonitor } from '@uptime/proto/gen/monitor/v1/http_monitor_pb';
import {
  HeartbeatMonitorSchema,
  HeartbeatScheduleSchema,
  type HeartbeatMonitor,
} from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb';
import { ICMPMonitorSchema, type ICMPMonitor } from '@uptime/proto/gen/monitor/v1/icmp_monitor_pb';
import { type MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import {
  HTTPResponseLogRequestStatusSchema,
  HTTPResponseLogTriggerSchema,
  type CertificateSchema,
  type HTTPResponseLogListItemSchema,
} from '@uptime/proto/gen/monitor/v1/response_log_pb';
import { TCPMonitorSchema, type TCPMonitor } from '@uptime/proto/gen/monitor/v1/tcp_monitor_pb';
import { StartTLSSchema, TLSMonitorSchema, type TLSMonitor } from '@uptime/proto/gen/monitor/v1/tls_monitor_pb';
import { ValidationError } from '../common/errors';
import { maskFields } from '../rpc-kit/field-mask';
import { required } from '../rpc-kit/fields';
import { serviceContext } from '../rpc-kit/call-context';
import { EnumCodec } from '../rpc-kit/enum-codec';
import type { ResponseLogView } from '../check-results/response-log.view';
import {
  REGIONS,
  type CheckStatus,
  type CheckTrigger,
  type CertificateInfo,
  type DnsRecordType,
  type GrpcConfig,
  type HeartbeatConfig,
  type HeartbeatSchedule,
  type HttpMethod,
  type JsonAssertion,
  type JsonComparator,
  type KeyValue,
  type MonitorKind,
  type MonitorStatus,
  type NumberComparator,
  type Periodicity,
  type RecordComparator,
  type Region,
  type StarttlsProtocol,
  type StringComparator,
  type TimingAssertion as DomainTimingAssertion,
  type TimingComparator,
  type TimingPhase,
  type TimingSeverity,
  type TlsConfig,
} from '../checks/check-config';
import type { MonitorView } from './monitor.view';
import {
  DEFAULT_GRPC,
  DEFAULT_HEARTBEAT,
  DEFAULT_TLS,
  type MonitorField,
  type MonitorInput,
  type MonitorsService,
  type MonitorWithPingUrl,
  type TimeRangeKey,
} from './monitors.service';

const COMPARATORS: Record<string, string> = {
  EQUAL: 'eq',
  NOT_EQUAL: 'neq',
  GREATER_THAN: 'gt',
  GREATER_THAN_OR_EQUAL: 'gte',
  LESS_THAN: 'lt',
  LESS_THAN_OR_EQUAL: 'lte',
  CONTAINS: 'contains',
  NOT_CONTAINS: 'not_contains',
  EMPTY: 'empty',
  NOT_EMPTY: 'not_empty',
  MATCHES: 'matches',
  NOT_MATCHES: 'not_matches',
  EXISTS: 'exists',
  NOT_EXISTS: 'not_exists',
};
const comparator = (name: string): string => {
  const word = COMPARATORS[name];
  if (!word) throw new Error(`no comparator for ${name}`);
  return word;
};
const asWritten = (name: string): string => name;

export const codecs = {
  periodicity: new EnumCodec<Periodicity>(PeriodicitySchema, 'PERIODICITY_'),
  region: new EnumCodec<Region>(RegionSchema, 'REGION_', (n) => n.toLowerCase().replace(/_/g, '-')),
  method: new EnumCodec<HttpMethod>(HTTPMethodSchema, 'HTTP_METHOD_', asWritten),
  number: new EnumCodec<NumberComparator>(NumberComparatorSchema, 'NUMBER_COMPARATOR_', comparator),
  string: new EnumCodec<StringComparator>(StringComparatorSchema, 'STRING_COMPARATOR_', comparator),
  record: new EnumCodec<RecordComparator>(RecordComparatorSchema, 'RECORD_COMPARATOR_', comparator),
  json: new EnumCodec<JsonComparator>(JSONComparatorSchema, 'JSON_COMPARATOR_', comparator),
  phase: new EnumCodec<TimingPhase>(TimingPhaseSchema, 'TIMING_PHASE_'),
  severity: new EnumCodec<TimingSeverity>(AssertionSeveritySchema, 'ASSERTION_SEVERITY_'),
  starttls: new EnumCodec<StarttlsProtocol>(StartTLSSchema, 'START_TLS_'),
  schedule: new EnumCodec<HeartbeatSchedule>(HeartbeatScheduleSchema, 'HEARTBEAT_SCHEDULE_'),
  timeRange: new EnumCodec<TimeRangeKey>(TimeRangeSchema, 'TIME_RANGE_'),
  status: new EnumCodec<MonitorStatus>(MonitorStatusSchema, 'MONITOR_STATUS_'),
  serving: new EnumCodec<GrpcConfig['expectedStatus']>(GRPCServingStatusSchema, 'GRPC_SERVING_STATUS_', asWritten),
  requestStatus: new EnumCodec<CheckStatus>(HTTPResponseLogRequestStatusSchema, 'HTTP_RESPONSE_LOG_REQUEST_STATUS_'),
  trigger: new EnumCodec<CheckTrigger>(HTTPResponseLogTriggerSchema, 'HTTP_RESPONSE_LOG_TRIGGER_'),
};

/** int64 from the wire; values beyond 2^53 stay out of range so the bounds reject them. */
function num(value: bigint | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length ? list : undefined);
const pairs = (list: Header[]): KeyValue[] | undefined => nonEmpty(list.map(({ key, value }) => ({ key, value })));

function otelIn(value: OpenTelemetryConfig | undefined): MonitorInput['openTelemetry'] {
  if (!value) return undefined;
  return {
    endpoint: value.endpoint || undefined,
    headers: value.headers.map(({ key, value: v }) => ({ key, value: v })),
  };
}

type AnyMonitor = HTTPMonitor | TCPMonitor | DNSMonitor | ICMPMonitor | GRPCMonitor | TLSMonitor;
type AnyKindMonitor = AnyMonitor | HeartbeatMonitor;

/**
 * Where a monitor's private locations are changed: they are the locations whose monitor_ids name it
 * (SPEC §2.1: read-only, managed from the private location). Refused rather than dropped, so a
 * caller does not believe a change was made.
 */
export const PRIVATE_LOCATION_IDS_READ_ONLY =
  "is read-only: a monitor runs from the private locations whose monitorIds include it; change a private location's monitorIds with UpdatePrivateLocation";

/** Absent: not given (the stored policy stays). Present: the whole policy, what is unset at its default. */
function alertingIn(a: Alerting | undefined): MonitorInput['alerting'] {
  if (!a) return undefined;
  return {
    failureThreshold: a.failureThreshold,
    failureSeconds: a.failureSeconds,
    recoveryThreshold: a.recoveryThreshold,
    reminderIntervalMinutes: a.reminderIntervalMinutes,
    reminderLimit: a.reminderLimit,
    escalationPolicyId: a.escalationPolicyId || null,
    parentMonitorIds: a.parentMonitorIds,
  };
}

function alertingOut(v: MonitorView) {
  const a = v.alerting;
  return {
    failureThreshold: a.failureThreshold,
    failureSeconds: a.failureSeconds,
    recoveryThreshold: a.recoveryThreshold,
    reminderIntervalMinutes: a.reminderIntervalMinutes,
    reminderLimit: a.reminderLimit,
    escalationPolicyId: a.escalationPolicyId ?? '',
    parentMonitorIds: a.parentMonitorIds,
  };
}

function commonIn(m: AnyMonitor): MonitorInput {
  if (m.privateLocationIds.length) throw ValidationError.field('privateLocationIds', PRIVATE_LOCATION_IDS_READ_ONLY);
  return {
    name: m.name,
    description: m.description,
    periodicity: codecs.periodicity.decode('periodicity', m.periodicity),
    timeout: num(m.timeout),
    retry: num(m.retry),
    alertQuorum: m.alertQuorum,
    alerting: alertingIn(m.alerting),
    regions: nonEmpty(m.regions.map((r, i) => codecs.region.decode(`regions.${i}`, r)!)),
    tags: nonEmpty(m.tags),
    active: m.active,
    public: m.public,
    degradedAt: num(m.degradedAt),
  };
}

export function httpIn(m: HTTPMonitor): MonitorInput {
  return {
    ...commonIn(m),
    url: m.url,
    method: codecs.method.decode('method', m.method),
    body: m.body,
    headers: pairs(m.headers),
    followRedirects: m.followRedirects,
    statusCodeAssertions: nonEmpty(
      m.statusCodeAssertions.map((a, i) => ({
        target: Number(a.target),
        comparator: codecs.number.decode(`statusCodeAssertions.${i}.comparator`, a.comparator)!,
      })),
    ),
    bodyAssertions: nonEmpty(
      m.bodyAssertions.map((a, i) => ({
        target: a.target,
        comparator: codecs.string.decode(`bodyAssertions.${i}.comparator`, a.comparator)!,
      })),
    ),
    headerAssertions: nonEmpty(
      m.headerAssertions.map((a, i) => ({
        key: a.key,
        target: a.target,
        comparator: codecs.string.decode(`headerAssertions.${i}.comparator`, a.comparator)!,
      })),
    ),
    jsonAssertions: nonEmpty(m.jsonAssertions.map((a, i) => jsonIn(a, i))),
    timingAssertions: nonEmpty(m.timingAssertions.map((a, i) => timingIn(a, i))),
    ...tlsSettingsIn(m),
    openTelemetry: otelIn(m.openTelemetry),
  };
}

function jsonIn(a: JSONAssertion, i: number): JsonAssertion {
  return {
    path: a.path,
    target: a.target,
    comparator: codecs.json.decode(`jsonAssertions.${i}.comparator`, a.comparator)!,
  };
}

/** Only LESS_THAN and LESS_THAN_OR_EQUAL bound a phase; the schemas refuse the others by name. */
function timingIn(a: TimingAssertion, i: number): DomainTimingAssertion {
  return {
    phase: codecs.phase.decode(`timingAssertions.${i}.phase`, a.phase)!,
    comparator: codecs.number.decode(`timingAssertions.${i}.comparator`, a.comparator) as TimingComparator,
    target: Number(a.target),
    severity: codecs.severity.decode(`timingAssertions.${i}.severity`, a.severity) ?? 'error',
  };
}

/** Absent: not given. Present, even with no days: exactly these days (none turns the alerts off). */
const expiryIn = (v: CertificateExpiry | undefined): number[] | undefined => v?.days.map(Number);

function tlsSettingsIn(m: { tlsVerify?: boolean; certificateExpiry?: CertificateExpiry }): MonitorInput {
  return { tlsVerify: m.tlsVerify, certificateExpiryDays: expiryIn(m.certificateExpiry) };
}

export function tcpIn(m: TCPMonitor | ICMPMonitor): MonitorInput {
  return { ...commonIn(m), uri: m.uri, openTelemetry: otelIn(m.openTelemetry) };
}

export function dnsIn(m: DNSMonitor): MonitorInput {
  return {
    ...commonIn(m),
    uri: m.uri,
    recordAssertions: nonEmpty(
      m.recordAssertions.map((a, i) => ({
        record: a.record as DnsRecordType,
        target: a.target,
        comparator: codecs.record.decode(`recordAssertions.${i}.comparator`, a.comparator)!,
      })),
    ),
    openTelemetry: otelIn(m.openTelemetry),
  };
}

export function grpcIn(m: GRPCMonitor): MonitorInput {
  const grpc: Partial<GrpcConfig> = {
    service: m.service,
    tls: m.tls,
    metadata: pairs(m.metadata),
    expectedStatus: codecs.serving.decode('expectedStatus', m.expectedStatus),
  };
  return { ...commonIn(m), uri: m.uri, grpc, ...tlsSettingsIn(m) };
}

export function tlsIn(m: TLSMonitor): MonitorInput {
  const tls: Partial<TlsConfig> = {
    servername: m.servername,
    starttls: codecs.starttls.decode('starttls', m.starttls),
  };
  return { ...commonIn(m), uri: m.uri, tls, ...tlsSettingsIn(m), openTelemetry: otelIn(m.openTelemetry) };
}

export function heartbeatIn(m: HeartbeatMonitor): MonitorInput {
  if (m.pingUrl) throw ValidationError.field('pingUrl', 'is output only');
  const heartbeat: Partial<HeartbeatConfig> = {
    schedule: codecs.schedule.decode('schedule', m.schedule),
    periodSeconds: num(m.periodSeconds),
    cron: m.cron,
    timezone: m.timeZone,
    graceSeconds: num(m.graceSeconds),
  };
  return {
    name: m.name,
    description: m.description,
    tags: nonEmpty(m.tags),
    active: m.active,
    public: m.public,
    alerting: alertingIn(m.alerting),
    heartbeat,
  };
}

/** update_mask paths (proto field names) -> domain fields. */
const MASK_FIELDS: Record<string, MonitorField> = {
  name: 'name',
  description: 'description',
  url: 'url',
  uri: 'uri',
  periodicity: 'periodicity',
  method: 'method',
  body: 'body',
  headers: 'headers',
  timeout: 'timeout',
  retry: 'retry',
  alert_quorum: 'alertQuorum',
  alerting: 'alerting',
  follow_redirects: 'followRedirects',
  regions: 'regions',
  tags: 'tags',
  active: 'active',
  public: 'public',
  degraded_at: 'degradedAt',
  status_code_assertions: 'statusCodeAssertions',
  body_assertions: 'bodyAssertions',
  header_assertions: 'headerAssertions',
  record_assertions: 'recordAssertions',
  open_telemetry: 'openTelemetry',
  service: 'grpc',
  tls: 'grpc',
  metadata: 'grpc',
  expected_status: 'grpc',
  json_assertions: 'jsonAssertions',
  timing_assertions: 'timingAssertions',
  tls_verify: 'tlsVerify',
  certificate_expiry: 'certificateExpiryDays',
  servername: 'tls',
  starttls: 'tls',
  schedule: 'heartbeat',
  period_seconds: 'heartbeat',
  cron: 'heartbeat',
  time_zone: 'heartbeat',
  grace_seconds: 'heartbeat',
};
const GRPC_PATHS: Record<string, keyof GrpcConfig> = {
  service: 'service',
  tls: 'tls',
  metadata: 'metadata',
  expected_status: 'expectedStatus',
};
const TLS_PATHS: Record<string, keyof TlsConfig> = { servername: 'servername', starttls: 'starttls' };
const HEARTBEAT_PATHS: Record<string, keyof HeartbeatConfig> = {
  schedule: 'schedule',
  period_seconds: 'periodSeconds',
  cron: 'cron',
  time_zone: 'timezone',
  grace_seconds: 'graceSeconds',
};

/**
 * Resolves an update mask (see rpc-kit/field-mask.ts); a named gRPC, TLS or heartbeat setting the
 * message leaves unset is reset to its default, since each group shares one domain field.
 */
export function monitorMask(
  mask: FieldMask | undefined,
  input: MonitorInput,
  kind?: MonitorKind,
): MonitorField[] | undefined {
  const readOnly = mask?.paths.find((path) => path === 'private_location_ids' || path === 'ping_url');
  if (readOnly === 'ping_url') throw ValidationError.field('updateMask', 'ping_url is output only');
  if (readOnly) throw ValidationError.field('updateMask', `${readOnly} ${PRIVATE_LOCATION_IDS_READ_ONLY}`);
  // `tls` names the gRPC switch on a gRPC monitor and nothing else; TLS monitors spell theirs out.
  const fields = maskFields(mask, kind === 'tls' ? { ...MASK_FIELDS, tls: 'tls' } : MASK_FIELDS);
  const resetUnset = <T extends object>(group: Partial<T> | undefined, key: keyof T | undefined, defaults: T) => {
    if (key && group && group[key] === undefined) (group as Record<keyof T, unknown>)[key] = defaults[key];
  };
  for (const path of mask?.paths ?? []) {
    resetUnset(input.grpc, GRPC_PATHS[path], DEFAULT_GRPC);
    resetUnset(input.tls, TLS_PATHS[path], DEFAULT_TLS);
    resetUnset(input.heartbeat, HEARTBEAT_PATHS[path], DEFAULT_HEARTBEAT);
  }
  return fields;
}

const big = (n: number) => BigInt(n);
const headersOut = (list: KeyValue[]) => list.map(({ key, value }) => ({ key, value }));
const otelOut = (v: MonitorView['openTelemetry']) =>
  v ? { endpoint: v.endpoint ?? '', headers: headersOut(v.headers ?? []) } : undefined;

function commonOut(v: MonitorView) {
  return {
    id: v.id,
    name: v.name,
    uri: v.uri ?? '',
    periodicity: codecs.periodicity.encode(v.periodicity),
    timeout: big(v.timeout),
    retry: big(v.retry),
    alertQuorum: v.alertQuorum,
    alerting: alertingOut(v),
    regions: v.regions.map((r) => codecs.region.encode(r)),
    tags: v.tags,
    active: v.active,
    public: v.public,
    degradedAt: big(v.degradedAt),
    description: v.description,
    status: codecs.status.encode(v.status),
    privateLocationIds: v.privateLocationIds,
  };
}

export function httpOut(v: MonitorView): HTTPMonitor {
  const { uri: _uri, ...common } = commonOut(v);
  return create(HTTPMonitorSchema, {
    ...common,
    url: v.url ?? '',
    method: codecs.method.encode(v.method),
    body: v.body,
    headers: headersOut(v.headers),
    followRedirects: v.followRedirects,
    statusCodeAssertions: v.statusCodeAssertions.map((a) => ({
      target: big(a.target),
      comparator: codecs.number.encode(a.comparator),
    })),
    bodyAssertions: v.bodyAssertions.map((a) => ({ target: a.target, comparator: codecs.string.encode(a.comparator) })),
    headerAssertions: v.headerAssertions.map((a) => ({
      key: a.key,
      target: a.target,
      comparator: codecs.string.encode(a.comparator),
    })),
    jsonAssertions: v.jsonAssertions.map((a) => ({
      path: a.path,
      target: a.target,
      comparator: codecs.json.encode(a.comparator),
    })),
    timingAssertions: v.timingAssertions.map((a) => ({
      phase: codecs.phase.encode(a.phase),
      comparator: codecs.number.encode(a.comparator),
      target: big(a.target),
      severity: codecs.severity.encode(a.severity),
    })),
    ...tlsSettingsOut(v),
    openTelemetry: otelOut(v.openTelemetry),
  });
}

function tlsSettingsOut(v: MonitorView) {
  return { tlsVerify: v.tlsVerify, certificateExpiry: { days: v.certificateExpiryDays } };
}

export function tcpOut(v: MonitorView): TCPMonitor {
  return create(TCPMonitorSchema, { ...commonOut(v), openTelemetry: otelOut(v.openTelemetry) });
}

export function icmpOut(v: MonitorView): ICMPMonitor {
  return create(ICMPMonitorSchema, { ...commonOut(v), openTelemetry: otelOut(v.openTelemetry) });
}

export function dnsOut(v: MonitorView): DNSMonitor {
  return create(DNSMonitorSchema, {
    ...commonOut(v),
    recordAssertions: v.recordAssertions.map((a) => ({
      record: a.record,
      target: a.target,
      comparator: codecs.record.encode(a.comparator),
    })),
    openTelemetry: otelOut(v.openTelemetry),
  });
}

export function grpcOut(v: MonitorView): GRPCMonitor {
  const g = v.grpc ?? DEFAULT_GRPC;
  return create(GRPCMonitorSchema, {
    ...commonOut(v),
    service: g.service,
    tls: g.tls,
    metadata: headersOut(g.metadata),
    expectedStatus: codecs.serving.encode(g.expectedStatus),
    ...tlsSettingsOut(v),
  });
}

export function tlsOut(v: MonitorView): TLSMonitor {
  const t = v.tls ?? DEFAULT_TLS;
  return create(TLSMonitorSchema, {
    ...commonOut(v),
    servername: t.servername,
    starttls: codecs.starttls.encode(t.starttls),
    ...tlsSettingsOut(v),
    openTelemetry: otelOut(v.openTelemetry),
  });
}

export function heartbeatOut(v: MonitorWithPingUrl): HeartbeatMonitor {
  const h = v.heartbeat ?? DEFAULT_HEARTBEAT;
  return create(HeartbeatMonitorSchema, {
    id: v.id,
    name: v.name,
    description: v.description,
    active: v.active,
    public: v.public,
    tags: v.tags,
    alerting: alertingOut(v),
    status: codecs.status.encode(v.status),
    schedule: codecs.schedule.encode(h.schedule),
    periodSeconds: big(h.periodSeconds),
    cron: h.cron,
    timeZone: h.timezone,
    graceSeconds: big(h.graceSeconds),
    pingUrl: v.pingUrl ?? '',
  });
}

const PRIVATE_REGION = 'private-location:';

function certificateOut(c: CertificateInfo | null): MessageInitShape<typeof CertificateSchema> | undefined {
  if (!c) return undefined;
  return {
    subject: c.subject,
    sans: c.sans,
    issuer: c.issuer,
    serial: c.serial,
    notBefore: big(Date.parse(c.notBefore)),
    notAfter: big(Date.parse(c.notAfter)),
    daysLeft: c.daysLeft,
    verified: c.verified,
    verificationError: c.verificationError ?? '',
  };
}

function logItemOut(row: ResponseLogView): MessageInitShape<typeof HTTPResponseLogListItemSchema> {
  const isPublic = (REGIONS as readonly string[]).includes(row.region);
  return {
    id: row.id,
    latency: big(row.latency),
    statusCode: row.statusCode === null ? undefined : big(row.statusCode),
    monitorId: row.monitorId,
    requestStatus: codecs.requestStatus.encode(row.status),
    region: isPublic ? codecs.region.encode(row.region as Region) : 0,
    privateLocationId: row.region.startsWith(PRIVATE_REGION) ? row.region.slice(PRIVATE_REGION.length) : '',
    cronTimestamp: big(row.cronTimestamp.getTime()),
    trigger: codecs.trigger.encode(row.trigger),
    timestamp: big(row.timestamp.getTime()),
    timing: row.timing
      ? {
          dns: big(row.timing.dns ?? 0),
          connect: big(row.timing.connect ?? 0),
          tls: big(row.timing.tls ?? 0),
          ttfb: big(row.timing.ttfb ?? 0),
          transfer: big(row.timing.transfer ?? 0),
        }
      : undefined,
  };
}

function monitorOneof(v: MonitorView) {
  switch (v.kind) {
    case 'http':
      return { case: 'http' as const, value: httpOut(v) };
    case 'tcp':
      return { case: 'tcp' as const, value: tcpOut(v) };
    case 'dns':
      return { case: 'dns' as const, value: dnsOut(v) };
    case 'icmp':
      return { case: 'icmp' as const, value: icmpOut(v) };
    case 'grpc':
      return { case: 'grpc' as const, value: grpcOut(v) };
    case 'tls':
      return { case: 'tls' as const, value: tlsOut(v) };
    case 'heartbeat':
      return { case: 'heartbeat' as const, value: heartbeatOut(v) };
    default: {
      const unreachable: never = v.kind;
      throw new Error(`unknown monitor kind ${String(unreachable)}`);
    }
  }
}

export function monitorServiceImpl(
  monitors: MonitorsService,
): Omit<ServiceImpl<typeof MonitorService>, 'listHeartbeatPings'> {
  const createWith =
    <M extends AnyKindMonitor>(
      kind: MonitorKind,
      decode: (m: M) => MonitorInput,
      encode: (v: MonitorWithPingUrl) => M,
    ) =>
    async (req: { monitor?: M }, ctx: HandlerContext) => {
      const monitor = required(req.monitor, 'monitor');
      const pingToken = 'pingToken' in monitor ? monitor.pingToken : undefined;
      return {
        monitor: encode(await monitors.create(serviceContext(ctx), kind, decode(monitor), { pingToken })),
      };
    };
  const updateWith =
    <M extends AnyKindMonitor>(kind: MonitorKind, decode: (m: M) => MonitorInput, encode: (v: MonitorView) => M) =>
    async (req: { id: string; monitor?: M; updateMask?: FieldMask }, ctx: HandlerContext) => {
      if (req.monitor && 'pingToken' in req.monitor && req.monitor.pingToken !== undefined)
        throw ValidationError.field('pingToken', 'is set on create only; RotateHeartbeatPingToken gives a new one');
      const input = req.monitor ? decode(req.monitor) : {};
      const mask = monitorMask(req.updateMask, input, kind);
      return { monitor: encode(await monitors.update(serviceContext(ctx), kind, req.id, input, mask)) };
    };

  return {
    createHTTPMonitor: createWith('http', httpIn, httpOut),
    updateHTTPMonitor: updateWith('http', httpIn, httpOut),
    createTCPMonitor: createWith('tcp', tcpIn, tcpOut),
    updateTCPMonitor: updateWith('tcp', tcpIn, tcpOut),
    createDNSMonitor: createWith('dns', dnsIn, dnsOut),
    updateDNSMonitor: updateWith('dns', dnsIn, dnsOut),
    createICMPMonitor: createWith('icmp', tcpIn, icmpOut),
    updateICMPMonitor: updateWith('icmp', tcpIn, icmpOut),
    createGRPCMonitor: createWith('grpc', grpcIn, grpcOut),
    updateGRPCMonitor: updateWith('grpc', grpcIn, grpcOut),
    createTLSMonitor: createWith('tls', tlsIn, tlsOut),
    updateTLSMonitor: updateWith('tls', tlsIn, tlsOut),
    createHeartbeatMonitor: createWith('heartbeat', heartbeatIn, heartbeatOut),
    updateHeartbeatMonitor: updateWith('heartbeat', heartbeatIn, heartbeatOut),

    async rotateHeartbeatPingToken(req, ctx) {
      return { monitor: heartbeatOut(await monitors.rotatePingToken(serviceContext(ctx), req.id)) };
    },

    async listMonitors(req, ctx) {
      const { items: views, totalSize } = await monitors.list(serviceContext(ctx), {
        limit: req.limit,
        offset: req.offset,
      });
      const of = (kind: MonitorKind) => views.filter((v) => v.kind === kind);
      return {
        httpMonitors: of('http').map(httpOut),
        tcpMonitors: of('tcp').map(tcpOut),
        dnsMonitors: of('dns').map(dnsOut),
        icmpMonitors: of('icmp').map(icmpOut),
        grpcMonitors: of('grpc').map(grpcOut),
        tlsMonitors: of('tls').map(tlsOut),
        heartbeatMonitors: of('heartbeat').map(heartbeatOut),
        totalSize,
      };
    },

    async getMonitor(req, ctx) {
      return { monitor: { config: monitorOneof(await monitors.get(serviceContext(ctx), req.id)) } };
    },

    async triggerMonitor(req, ctx) {
      await monitors.trigger(serviceContext(ctx), req.id);
      return { success: true };
    },

    async deleteMonitor(req, ctx) {
      await monitors.delete(serviceContext(ctx), req.id);
      return { success: true };
    },

    async getMonitorStatus(req, ctx) {
      const status = await monitors.status(serviceContext(ctx), req.id);
      return {
        id: status.id,
        regions: [
          ...status.regions.map((r) => ({
            region: codecs.region.encode(r.region),
            status: codecs.status.encode(r.status),
          })),
          ...status.privateLocations.map((l) => ({
            privateLocationId: l.privateLocationId,
            status: codecs.status.encode(l.status),
          })),
        ],
      };
    },

    async getMonitorSummary(req, ctx) {
      const timeRange = codecs.timeRange.decode('timeRange', req.timeRange) ?? '1d';
      const regions = req.regions.map((r, i) => codecs.region.decode(`regions.${i}`, r)!);
      const s = await monitors.summary(serviceContext(ctx), req.id, timeRange, regions);
      return {
        id: s.id,
        timeRange: codecs.timeRange.encode(s.timeRange),
        lastPingAt: s.lastPingAt ? timestampFromDate(s.lastPingAt) : undefined,
        totalSuccessful: big(s.totalSuccessful),
        totalDegraded: big(s.totalDegraded),
        totalFailed: big(s.totalFailed),
        p50: big(s.p50),
        p75: big(s.p75),
        p90: big(s.p90),
        p95: big(s.p95),
        p99: big(s.p99),
      };
    },

    async listMonitorHTTPResponseLogs(req, ctx) {
      const page = await monitors.listResponseLogs(serviceContext(ctx), req.id, {
        fromTimestamp: num(req.fromTimestamp),
        toTimestamp: num(req.toTimestamp),
        limit: req.limit,
        offset: req.offset,
      });
      return { logs: page.logs.map(logItemOut), pagination: { hasMore: page.hasMore, nextOffset: page.nextOffset } };
    },

    async getMonitorHTTPResponseLog(req, ctx) {
      const row = await monitors.getResponseLog(serviceContext(ctx), req.id, req.logId);
      return {
        log: {
          url: row.url ?? '',
          error: row.error?.message ?? '',
          assertions: JSON.stringify(row.assertions),
          headers: row.headers ?? {},
          log: logItemOut(row),
          certificate: certificateOut(row.certificate),
        },
      };
    },
  };
}
