// What the service layer returns for a monitor: the entity with computed values filled in. Every
// transport maps this view, never the entity.
import { z } from 'zod';
import type { Snapshot } from '../audit/audit-snapshot';
import {
  DNS_RECORD_TYPES,
  HEARTBEAT_SCHEDULES,
  HTTP_METHODS,
  JSON_COMPARATORS,
  MONITOR_KINDS,
  MONITOR_STATUSES,
  PERIODICITIES,
  PERIODICITY_SECONDS,
  STARTTLS_PROTOCOLS,
  TIMING_COMPARATORS,
  TIMING_PHASES,
  TIMING_SEVERITIES,
  type BodyAssertion,
  type HeaderAssertion,
  type KeyValue,
  type OpenTelemetryConfig,
  type RecordAssertion,
  type Region,
  type StatusCodeAssertion,
} from '../checks/check-config';
import type { MonitorEntity } from './monitor.entity';
import { alertingOfEntity, alertingView } from './monitor-alerting';
import type { InstallationContext } from '../common/context';
import { isCredentialHeader } from '../common/credential-headers';
import { ValidationError } from '../common/errors';
import { count, isoDateTime, typedAs, viewId, viewIds } from '../common/view-schema';

/** What stands in for a credential wherever one is hidden: audit entries and read-only views. */
export const REDACTED = '[redacted]';

const keyValue = z.object({ key: z.string(), value: z.string() });
const comparatorTarget = { comparator: z.string(), target: z.string() };

/** The view of a monitor, the one declaration of its fields (MCP's get_monitor shows it). */
export const monitorView = z.object({
  id: viewId,
  kind: z.enum(MONITOR_KINDS),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  uri: z.string().nullable(),
  periodicity: z.enum(PERIODICITIES),
  method: z.enum(HTTP_METHODS),
  body: z.string(),
  headers: z.array(keyValue),
  timeout: count,
  retry: count,
  alertQuorum: count.describe(
    'locations that must be in error (or degraded) to alert: 0 a strict majority, N at least N (all when fewer)',
  ),
  alerting: alertingView.describe('thresholds, reminders, escalation policy and parent monitors'),
  followRedirects: z.boolean(),
  regions: z.array(typedAs<Region>()(z.string())),
  tags: z.array(z.string()),
  active: z.boolean(),
  public: z.boolean(),
  /** The threshold in force: the given one, or the computed one when none was given. */
  degradedAt: count,
  degradedAtComputed: z.boolean(),
  statusCodeAssertions: z.array(
    typedAs<StatusCodeAssertion>()(z.object({ comparator: z.string(), target: z.number() })),
  ),
  bodyAssertions: z.array(typedAs<BodyAssertion>()(z.object(comparatorTarget))),
  headerAssertions: z.array(typedAs<HeaderAssertion>()(z.object({ key: z.string(), ...comparatorTarget }))),
  recordAssertions: z.array(
    typedAs<RecordAssertion>()(z.object({ record: z.enum(DNS_RECORD_TYPES), ...comparatorTarget })),
  ),
  jsonAssertions: z.array(z.object({ path: z.string(), comparator: z.enum(JSON_COMPARATORS), target: z.string() })),
  timingAssertions: z.array(
    z.object({
      phase: z.enum(TIMING_PHASES),
      comparator: z.enum(TIMING_COMPARATORS),
      target: count.describe('milliseconds'),
      severity: z.enum(TIMING_SEVERITIES),
    }),
  ),
  tlsVerify: z.boolean().describe('whether a TLS handshake must verify; false accepts any certificate'),
  certificateExpiryDays: z
    .array(count)
    .describe('days before not-after at which certificate.expiring is sent; empty: never'),
  tls: z
    .object({ servername: z.string(), starttls: z.enum(STARTTLS_PROTOCOLS) })
    .nullable()
    .describe('tls monitors: SNI name (empty: the host of uri) and STARTTLS protocol'),
  heartbeat: z
    .object({
      schedule: z.enum(HEARTBEAT_SCHEDULES),
      periodSeconds: count,
      cron: z.string(),
      timezone: z.string(),
      graceSeconds: count,
    })
    .nullable()
    .describe('heartbeat monitors: when pings are expected; the ping URL is shown only on create and rotation'),
  openTelemetry: typedAs<OpenTelemetryConfig>()(
    z.object({ endpoint: z.string().optional(), headers: z.array(keyValue).optional() }),
  ).nullable(),
  grpc: z
    .object({
      service: z.string(),
      tls: z.boolean(),
      metadata: z.array(keyValue),
      expectedStatus: z.enum(['SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN']),
    })
    .nullable(),
  status: z.enum(MONITOR_STATUSES),
  privateLocationIds: viewIds,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type MonitorView = z.infer<typeof monitorView>;

/** A monitor's summary and log windows, in days. */
export const TIME_RANGES = { '1d': 1, '7d': 7, '14d': 14 } as const;
export type TimeRangeKey = keyof typeof TIME_RANGES;
const TIME_RANGE_KEYS = Object.keys(TIME_RANGES) as [TimeRangeKey, ...TimeRangeKey[]];

/** Per-location status: every configured region and every private location that runs the monitor. */
export const monitorStatusView = z.object({
  id: viewId,
  regions: z.array(z.object({ region: typedAs<Region>()(z.string()), status: z.enum(MONITOR_STATUSES) })),
  privateLocations: z
    .array(z.object({ privateLocationId: viewId, status: z.enum(MONITOR_STATUSES) }))
    .describe('the private locations that run the monitor'),
});
export type MonitorStatusView = z.infer<typeof monitorStatusView>;

/** Counts by outcome and latency percentiles over one time range. */
export const monitorSummaryView = z.object({
  id: viewId,
  timeRange: z.enum(TIME_RANGE_KEYS),
  lastPingAt: z.date().nullable(),
  totalSuccessful: count,
  totalDegraded: count,
  totalFailed: count,
  p50: z.number(),
  p75: z.number(),
  p90: z.number(),
  p95: z.number(),
  p99: z.number(),
});
export type MonitorSummary = z.infer<typeof monitorSummaryView>;

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
    alerting: alertingOfEntity(m),
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
    jsonAssertions: m.jsonAssertions,
    timingAssertions: m.timingAssertions,
    tlsVerify: m.tlsVerify,
    certificateExpiryDays: m.certificateExpiryDays,
    tls: m.tls,
    heartbeat: m.heartbeat,
    openTelemetry: m.openTelemetry,
    grpc: m.grpc,
    status: m.status,
    privateLocationIds,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** The values the database keeps sealed (monitor-secrets.ts) are the ones hidden from whoever may not see them. */
function redactHeaders<L extends KeyValue[] | undefined>(headers: L, all = false): L {
  return headers?.map((h) => (all || isCredentialHeader(h.key) ? { key: h.key, value: REDACTED } : h)) as L;
}

/**
 * The view with credential header and gRPC metadata values and every OpenTelemetry export header
 * value redacted: the same entries monitor-secrets.ts seals at rest.
 */
function withoutCredentials(view: MonitorView): MonitorView {
  return {
    ...view,
    headers: redactHeaders(view.headers),
    openTelemetry: view.openTelemetry
      ? { ...view.openTelemetry, headers: redactHeaders(view.openTelemetry.headers, true) }
      : null,
    grpc: view.grpc ? { ...view.grpc, metadata: redactHeaders(view.grpc.metadata ?? []) } : null,
  };
}

/**
 * The view as the caller may read it. Only a write principal sees credential values: the provider
 * reads them back to detect drift and the edit form shows them. Every other scope (read keys,
 * read-only OAuth connections, dashboard viewers, and any scope added later) gets them redacted.
 * The one place this rule lives: every view MonitorsService answers passes through here.
 */
export function monitorViewFor(ctx: Pick<InstallationContext, 'scope'>, view: MonitorView): MonitorView {
  return ctx.scope === 'write' ? view : withoutCredentials(view);
}

interface CredentialLists {
  headers?: KeyValue[];
  openTelemetry?: { headers?: KeyValue[] } | null;
  grpc?: { metadata?: KeyValue[] } | null;
}

/**
 * Refuses a credential whose value is the redaction marker: it was copied from a read-only view, and
 * storing it would replace the real credential with the marker. An entry `stored` already holds
 * under the same name passes, so a monitor that somehow holds the marker can still be changed.
 */
export function assertNoRedactedCredential(data: object, stored?: CredentialLists): void {
  // Any kind's data: a heartbeat's has none of these lists.
  const next = data as CredentialLists;
  const lists: Array<[string, KeyValue[] | undefined, KeyValue[] | undefined, boolean]> = [
    ['headers', next.headers, stored?.headers, false],
    ['openTelemetry.headers', next.openTelemetry?.headers, stored?.openTelemetry?.headers, true],
    ['grpc.metadata', next.grpc?.metadata, stored?.grpc?.metadata, false],
  ];
  for (const [path, list, before, all] of lists) {
    const at = (list ?? []).findIndex(
      (h) =>
        h.value === REDACTED &&
        (all || isCredentialHeader(h.key)) &&
        !before?.some((b) => b.key === h.key && b.value === h.value),
    );
    if (at >= 0) {
      throw ValidationError.field(
        `${path}.${at}.value`,
        `"${REDACTED}" is what a read-only view shows in place of a credential; send the credential itself`,
      );
    }
  }
}

/** Audit snapshot: the view without credentials (see withoutCredentials) and without timestamps. */
export function monitorSnapshot(view: MonitorView): Snapshot {
  return { ...withoutCredentials(view), createdAt: undefined, updatedAt: undefined };
}
