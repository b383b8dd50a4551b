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
} from '../checks/check-config';
import type { MonitorEntity } from './monitor.entity';
import type { InstallationContext } from '../common/context';
import { isCredentialHeader } from '../common/credential-headers';
import { ValidationError } from '../common/errors';

/** What stands in for a credential wherever one is hidden: audit entries and read-only views. */
export const REDACTED = '[redacted]';

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
export function assertNoRedactedCredential(next: CredentialLists, stored?: CredentialLists): void {
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
