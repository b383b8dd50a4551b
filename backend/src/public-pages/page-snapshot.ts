// Builds what a public page shows now (PageSnapshot) from the stored data in one pass of a few
// queries: the components with their monitors, 90 days of daily counts and latency, the incidents and
// maintenances that touched those days, the active reports and the active and upcoming maintenances,
// and, when the page's `uptimePeriod` is on, each monitor's uptime over that period by the SLA rules.
import { createHash } from 'node:crypto';
import type { CheckResultsPort } from '../check-results/check-results.port';
import { componentDays, dayKey, type DayBucket } from '../status-pages/daily-summary.service';
import { shownPeriod } from '../sla/uptime-period';
import type { MonitorDays } from '../check-results/monitor-days';
import type { ComponentGroupEntity } from '../status-pages/component-group.entity';
import type {
  PublicComponentRow,
  PublicMaintenanceRow,
  PublicReportRow,
  StatusPagesPort,
} from '../status-pages/status-pages.port';
import {
  PUBLIC_DAYS,
  type ComponentStatus,
  type LatencyPoint,
  type OverallStatus,
  type PageSnapshot,
  type PublicComponent,
  type PublicGroup,
  type PublicPage,
} from './public-page.types';

const DAY_MS = 86_400_000;
/** Maintenances announced ahead on the page. */
export const UPCOMING_DAYS = 30;

/** A snapshot and when it stops being true by the clock alone (a maintenance starts or ends). */
export interface TimedSnapshot {
  snapshot: PageSnapshot;
  validUntil: number;
  /** The monitors it shows: a change to one of them makes it stale. */
  monitorIds: string[];
}

/** Each monitor's uptime over [from, to) up to now by the SLA rules (SlaService.uptimeOver). */
export type PeriodUptime = (
  monitorIds: string[],
  from: Date,
  to: Date,
  now: Date,
) => Promise<ReadonlyMap<string, number | null>>;

export async function buildSnapshot(
  pages: StatusPagesPort,
  results: CheckResultsPort,
  page: PublicPage,
  now: Date,
  monitorDays: MonitorDays,
  periodUptime?: PeriodUptime,
): Promise<TimedSnapshot> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (PUBLIC_DAYS - 1) * DAY_MS);
  const end = new Date(today + DAY_MS);
  const [components, groups, activeReports, maintenances] = await Promise.all([
    pages.publicComponents(page.id),
    pages.listGroups(page.id),
    pages.publicReports(page.id, { unresolved: true }),
    pages.publicMaintenances(page.id, { after: now, before: new Date(now.getTime() + UPCOMING_DAYS * DAY_MS) }),
  ]);
  const componentIds = components.map((c) => c.id);
  const monitorIds = [...new Set(components.map((c) => c.monitorId).filter((m): m is string => m !== null))];
  const publicMonitorIds = [
    ...new Set(components.filter((c) => c.monitorPublic && c.monitorId).map((c) => c.monitorId!)),
  ];
  // Off by default: a page that does not ask for the figure costs nothing more.
  const period = periodUptime ? shownPeriod(page.uptimePeriod, now) : null;
  const [{ counts: checksByMonitor, latency: latencyBy }, incidents, pastMaintenances, uptimeByMonitor] =
    await Promise.all([
      monitorDays.byMonitor(results, monitorIds, publicMonitorIds, start, new Date(today), now.getTime()),
      pages.incidentsOn(componentIds, start, end),
      pages.maintenancesOn(componentIds, start, end),
      period && monitorIds.length ? periodUptime!(monitorIds, period.from, period.to, now) : null,
    ]);

  const incidentsBy = groupBy(incidents, (e) => e.componentId);
  const maintenancesBy = groupBy(pastMaintenances, (e) => e.componentId);
  const active = maintenances.filter((m) => m.from.getTime() <= now.getTime());
  const upcoming = maintenances.filter((m) => m.from.getTime() > now.getTime());

  const days = daysFrom(start);
  const publicComponents = new Map<string, PublicComponent>();
  for (const row of components) {
    const buckets = componentDays(
      row,
      start,
      PUBLIC_DAYS,
      (row.monitorId && checksByMonitor.get(row.monitorId)) || NONE,
      incidentsBy.get(row.id) ?? NONE,
      maintenancesBy.get(row.id) ?? NONE,
      true,
    );
    publicComponents.set(row.id, {
      id: row.id,
      name: row.name,
      type: row.monitorId === null ? 'static' : 'monitor',
      description: row.description,
      groupId: row.groupId,
      status: componentStatus(row, activeReports, active),
      days: buckets.map((d) => ({
        day: d.day,
        status: d.status,
        total: d.total,
        failed: d.failed,
        degraded: d.degraded,
        events: d.events.length ? d.events.map((e) => ({ kind: e.kind, title: e.title })) : NONE,
      })),
      uptime: row.monitorId ? uptime(buckets) : null,
      ...(uptimeByMonitor && row.monitorId ? { periodUptime: uptimeByMonitor.get(row.monitorId) ?? null } : {}),
      latency: row.monitorPublic && row.monitorId ? latencySeries(days, latencyBy.get(row.monitorId) ?? NONE) : null,
    });
  }

  const snapshotWithoutVersion: Omit<PageSnapshot, 'version'> = {
    page,
    overall: 'operational',
    groups: arrange(components, groups, publicComponents),
    activeReports: activeReports.map(toReport),
    activeMaintenances: active.map(toMaintenance),
    upcomingMaintenances: upcoming.map(toMaintenance),
    generatedAt: now,
  };
  snapshotWithoutVersion.overall = overallStatus(
    [...publicComponents.values()],
    activeReports.length > 0,
    active.length > 0,
  );
  const version = snapshotVersion(snapshotWithoutVersion);
  // The clock alone changes the page when a maintenance starts or ends.
  const boundaries = maintenances.flatMap((m) => [m.from.getTime(), m.to.getTime()]).filter((t) => t > now.getTime());
  return {
    snapshot: { ...snapshotWithoutVersion, version },
    validUntil: Math.min(end.getTime(), ...boundaries),
    monitorIds,
  };
}

const NONE: never[] = [];

const DAY_STATUSES = ['operational', 'degraded', 'outage', 'maintenance', 'no_data'] as const;

/**
 * A strong validator of what the snapshot shows (everything but `generatedAt`): the same for the same
 * content. The 9000 days and latency points of a large page go in as packed numbers, which costs a
 * fraction of serializing them as JSON; the rest (names, reports, maintenances, settings) as JSON.
 */
function snapshotVersion(snapshot: Omit<PageSnapshot, 'version'>): string {
  const hash = createHash('sha256');
  const rest = JSON.stringify(snapshot, (key, value: unknown) =>
    key === 'generatedAt' || key === 'days' || key === 'latency' ? undefined : value,
  );
  hash.update(rest);
  for (const group of snapshot.groups) {
    for (const component of group.components) {
      const numbers = new Float64Array(component.days.length * 4 + (component.latency?.length ?? 0) * 3 + 1);
      let i = 0;
      numbers[i++] = component.latency ? 1 : 0;
      for (const day of component.days) {
        numbers[i++] = DAY_STATUSES.indexOf(day.status);
        numbers[i++] = day.total;
        numbers[i++] = day.failed;
        numbers[i++] = day.degraded;
        if (day.events.length) hash.update(JSON.stringify([day.day, day.events]));
      }
      for (const point of component.latency ?? NONE) {
        numbers[i++] = point.p50 ?? -1;
        numbers[i++] = point.p95 ?? -1;
        numbers[i++] = point.checks;
      }
      hash.update(component.id).update(new Uint8Array(numbers.buffer));
    }
  }
  return hash.digest('base64url').slice(0, 22);
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Checks that succeeded (degraded counts as up) over all checks, maintenance days left out. */
function uptime(days: readonly DayBucket[]): number | null {
  let total = 0;
  let up = 0;
  for (const day of days) {
    if (day.status === 'maintenance') continue;
    total += day.total;
    up += day.successful + day.degraded;
  }
  return total ? (up / total) * 100 : null;
}

/** The page's days, oldest first, and each day's position. */
function daysFrom(start: Date): { keys: string[]; index: Map<string, number> } {
  const keys = Array.from({ length: PUBLIC_DAYS }, (_, i) => dayKey(start.getTime() + i * DAY_MS));
  return { keys, index: new Map(keys.map((k, i) => [k, i])) };
}

function latencySeries(
  days: { keys: string[]; index: Map<string, number> },
  rows: ReadonlyArray<{ day: string; p50: number; p95: number; checks: number }>,
): LatencyPoint[] {
  const points: LatencyPoint[] = days.keys.map((day) => ({ day, p50: null, p95: null, checks: 0 }));
  for (const row of rows) {
    const i = days.index.get(row.day);
    if (i !== undefined) {
      points[i].p50 = row.p50;
      points[i].p95 = row.p95;
      points[i].checks = row.checks;
    }
  }
  return points;
}

/**
 * A component's status now: under an active maintenance, maintenance; else the worst of its monitor's
 * status and the active reports that name it (an open report degrades; the monitor's error is an outage).
 */
function componentStatus(
  row: PublicComponentRow,
  reports: readonly PublicReportRow[],
  activeMaintenances: readonly PublicMaintenanceRow[],
): ComponentStatus {
  if (activeMaintenances.some((m) => m.componentIds.includes(row.id))) return 'maintenance';
  const reported = reports.some((r) => r.componentIds.includes(row.id));
  // The monitor's aggregate status (monitors.status): `unknown` or null (static, deleted) say nothing.
  if (row.monitorStatus === 'error') return 'outage';
  if (row.monitorStatus === 'degraded' || reported) return 'degraded';
  if (row.monitorStatus === 'active' || !row.monitorId) return 'operational';
  return 'unknown';
}

/**
 * The page in one line: a major outage when every component with a known status is out, a partial
 * one when some are, degraded when any is degraded or a report is open, maintenance while one runs.
 */
export function overallStatus(
  components: readonly PublicComponent[],
  openReport: boolean,
  maintenance: boolean,
): OverallStatus {
  const known = components.filter((c) => c.status !== 'unknown');
  const out = known.filter((c) => c.status === 'outage').length;
  if (out > 0 && out === known.length) return 'major_outage';
  if (out > 0) return 'partial_outage';
  if (openReport || known.some((c) => c.status === 'degraded')) return 'degraded';
  if (maintenance || known.some((c) => c.status === 'maintenance')) return 'maintenance';
  return 'operational';
}

/**
 * Display order: the components in their page order; a group takes the place of its first component,
 * and lists its components by group order. Components outside any group form null-id groups between.
 */
function arrange(
  rows: readonly PublicComponentRow[],
  groups: readonly ComponentGroupEntity[],
  components: ReadonlyMap<string, PublicComponent>,
): PublicGroup[] {
  const names = new Map(groups.map((g) => [g.id, g.name]));
  const out: PublicGroup[] = [];
  const placed = new Set<string>();
  for (const row of rows) {
    const groupId = row.groupId && names.has(row.groupId) ? row.groupId : null;
    if (groupId === null) {
      const last = out[out.length - 1];
      const component = components.get(row.id)!;
      if (last && last.id === null) last.components.push(component);
      else out.push({ id: null, name: '', components: [component] });
      continue;
    }
    if (placed.has(groupId)) continue;
    placed.add(groupId);
    const members = rows
      .filter((r) => r.groupId === groupId)
      .sort((a, b) => a.groupOrder - b.groupOrder || a.order - b.order || Number(a.id) - Number(b.id));
    out.push({ id: groupId, name: names.get(groupId)!, components: members.map((r) => components.get(r.id)!) });
  }
  return out;
}

export function toReport(r: PublicReportRow): PageSnapshot['activeReports'][number] {
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    componentIds: r.componentIds,
    createdAt: r.createdAt,
    resolvedAt: r.resolvedAt,
    updates: r.updates,
  };
}

export function toMaintenance(m: PublicMaintenanceRow): PageSnapshot['activeMaintenances'][number] {
  return { id: m.id, title: m.title, message: m.message, from: m.from, to: m.to, componentIds: m.componentIds };
}
