// What the service layer returns for a monitor: the entity with computed values filled in. Every
// transport maps this view, never the entity.
import type { Snapshot } from '../audit/audit-snapshot';
import {
  PERIODICITY_SECONDS,
  type BodyAssertion,
  type GrpcConfig,
  type HeaderAssertion,
  type HttpMethod,
  type KeyValue,
  type MonitorKind,
  type MonitorStatus,
  type OpenTelemetryConfig,
  type Periodicity,
  type RecordAssertion,
  type Region,
  type StatusCodeAssertion,
} from './monitor.constants';
import type { MonitorEntity } from './monitor.entity';
import { isCredentialHeader } from '../common/credential-headers';

export interface MonitorView {
  id: string;
  kind: MonitorKind;
  name: string;
  description: string;
  url: string | null;
  uri: string | null;
  periodicity: Periodicity;
  method: HttpMethod;
  body: string;
  headers: KeyValue[];
  timeout: number;
  retry: number;
  /** 0: a strict majority of the counted locations; N: at least N of them (all when fewer). */
  alertQuorum: number;
  followRedirects: boolean;
  regions: Region[];
  tags: string[];
  active: boolean;
  public: boolean;
  /** The threshold in force: the given one, or the computed one when none was given. */
  degradedAt: number;
  degradedAtComputed: boolean;
  statusCodeAssertions: StatusCodeAssertion[];
  bodyAssertions: BodyAssertion[];
  headerAssertions: HeaderAssertion[];
  recordAssertions: RecordAssertion[];
  openTelemetry: OpenTelemetryConfig | null;
  grpc: GrpcConfig | null;
  status: MonitorStatus;
  privateLocationIds: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * A check's time budget in ms: the monitor's timeout, or its whole period when the timeout is 0 (so a
 * check never overlaps the next run). The one reading of `timeout`: the check runner, every probe's
 * own deadline and the computed degraded threshold all take it from here, so 0 never means 0 ms.
 */
export function budgetMs(monitor: Pick<MonitorView, 'timeout' | 'periodicity'>): number {
  return monitor.timeout > 0 ? monitor.timeout : PERIODICITY_SECONDS[monitor.periodicity] * 1000;
}

/** When no degradedAt is given: half the budget, at most 30 s. */
export function computedDegradedAt(monitor: Pick<MonitorView, 'timeout' | 'periodicity'>): number {
  return Math.min(30000, Math.round(budgetMs(monitor) / 2));
}

export function toMonitorView(m: MonitorEntity, privateLocationIds: string[]): MonitorView {
  return {
    id: m.id,
    kind: m.kind,
    name: m.name,
    description: m.description,
    url: m.url,
    uri: m.uri,
    periodicity: m.periodicity,
    method: m.method,
    body: m.body,
    headers: m.headers,
    timeout: m.timeout,
    retry: m.retry,
    alertQuorum: m.alertQuorum,
    followRedirects: m.followRedirects,
    regions: m.regions,
    tags: m.tags,
    active: m.active,
    public: m.public,
    degradedAt: m.degradedAt ?? computedDegradedAt(m),
    degradedAtComputed: m.degradedAt === null,
    statusCodeAssertions: m.statusCodeAssertions,
    bodyAssertions: m.bodyAssertions,
    headerAssertions: m.headerAssertions,
    recordAssertions: m.recordAssertions,
    openTelemetry: m.openTelemetry,
    grpc: m.grpc,
    status: m.status,
    privateLocationIds,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** The values the database keeps sealed (monitor-secrets.ts) are the ones an audit entry redacts. */
function redactHeaders(headers: KeyValue[] | undefined, all = false): KeyValue[] | undefined {
  return headers?.map((h) => (all || isCredentialHeader(h.key) ? { key: h.key, value: '[redacted]' } : h));
}

/**
 * Audit snapshot: the view with credential header and gRPC metadata values and every OpenTelemetry
 * export header value redacted.
 */
export function monitorSnapshot(view: MonitorView): Snapshot {
  return {
    ...view,
    headers: redactHeaders(view.headers),
    openTelemetry: view.openTelemetry
      ? { ...view.openTelemetry, headers: redactHeaders(view.openTelemetry.headers, true) }
      : null,
    grpc: view.grpc ? { ...view.grpc, metadata: redactHeaders(view.grpc.metadata) ?? [] } : null,
    createdAt: undefined,
    updatedAt: undefined,
  };
}
