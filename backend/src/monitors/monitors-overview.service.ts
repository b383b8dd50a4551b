// The operators' overview of a workspace's monitors (the dashboard's first page) and its live
// updates. For each monitor: the aggregate status, each location's latest status, the last check,
// uptime over 24 hours, 7 and 14 days, and a daily p50/p95 latency series over 14 days; filtered by
// status, kind, tag and text. A page of a thousand monitors reads the monitors with their private
// locations and, alongside, the status rows; the uptime and latency figures are kept per monitor and
// recomputed from the aggregates (the past days through MonitorDays, kept in process) once expired.
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { ServiceContext } from '../common/context';
import { parseInput, singleLine } from '../common/validation';
import { CHECK_RESULTS_PORT, type CheckResultsPort, type LocationStatusRow } from '../check-results/check-results.port';
import { MonitorDays } from '../check-results/monitor-days';
import { PRIVATE_LOCATION_PREFIX, privateLocation } from '../schedules/slots';
import { MONITOR_KINDS, MONITOR_STATUSES, type RegionStatus } from '../checks/check-config';
import { MonitorsRepository, type MonitorOverviewRow } from './monitors.repository';

/** Days of uptime and latency the overview shows. */
export const OVERVIEW_DAYS = 14;
const DAY_MS = 86_400_000;
/**
 * Live updates ask for the status rows changed since their last answer; a check's transaction can
 * commit after a later read began (its rows carry its start time), so each read looks back this far
 * more. Sending a row twice is harmless.
 */
export const CHANGES_OVERLAP_MS = 15_000;
/**
 * Uptime and latency figures (24 h, 7 and 14 days) are recomputed, in the background, once this old:
 * they move slowly, and a page of a thousand monitors would otherwise sum a day of hourly aggregates
 * on every load. Status, locations and the last check are read on every load.
 */
export const FIGURES_TTL_MS = 30_000;
const MAX_KEPT = 20_000;

export const OVERVIEW_STATUS_FILTERS = [...MONITOR_STATUSES, 'paused'] as const;
export type OverviewStatusFilter = (typeof OVERVIEW_STATUS_FILTERS)[number];

const filterSchema = z.object({
  status: z.enum(OVERVIEW_STATUS_FILTERS, { error: `must be one of ${OVERVIEW_STATUS_FILTERS.join(', ')}` }).optional(),
  kind: z.enum(MONITOR_KINDS, { error: `must be one of ${MONITOR_KINDS.join(', ')}` }).optional(),
  /** One tag, matched exactly (tags keep their case). */
  tag: singleLine(64).optional(),
  q: singleLine(256).optional(),
});

export type OverviewFilter = z.input<typeof filterSchema>;

export interface OverviewLocation {
  /** A region name, or `private-location:<id>`. */
  location: string;
  status: RegionStatus | 'unknown';
  lastCheckedAt: Date | null;
}

export interface OverviewMonitor extends MonitorOverviewRow {
  locations: OverviewLocation[];
  lastCheckAt: Date | null;
  /** Share of checks that were successful or degraded; null without checks in the window. */
  uptime: { day: number | null; week: number | null; fortnight: number | null };
  /**
   * One entry per UTC day, oldest first, OVERVIEW_DAYS of them; null for a day without latency.
   * `checks`: the successful and degraded checks the day's figures rest on.
   */
  latency: Array<{ day: string; p50: number; p95: number; checks: number } | null>;
}

export interface Overview {
  at: Date;
  /** Every tag of the workspace's monitors, sorted: the filter's choices. */
  tags: string[];
  /** Monitors of the workspace, before filtering. */
  total: number;
  /**
   * Monitors of the workspace by aggregate status, before filtering: active ones by status, inactive
   * ones under `paused` only, so the counts add up to `total`.
   */
  counts: Record<OverviewStatusFilter, number>;
  items: OverviewMonitor[];
}

/** A monitor's uptime and latency figures as kept (see figuresOf). */
interface Figures extends Pick<OverviewMonitor, 'uptime' | 'latency'> {
  /** The UTC day (start, epoch ms) they were computed on, and when. */
  day: number;
  loadedAt: number;
}

/** What changed since a live update's last answer: each monitor's status and locations, as now. */
export interface OverviewChanges {
  at: Date;
  items: Array<Pick<OverviewMonitor, 'id' | 'status' | 'active' | 'locations' | 'lastCheckAt'>>;
}

@Injectable()
export class MonitorsOverviewService {
  // Today's counts are read whenever figures are recomputed: the figures are what is kept.
  private readonly days = new MonitorDays();
  private readonly figures = new Map<string, Figures>();
  private readonly refreshing = new Set<string>();

  constructor(
    @Inject(MonitorsRepository) private readonly monitors: MonitorsRepository,
    @Inject(CHECK_RESULTS_PORT) private readonly results: CheckResultsPort,
  ) {}

  async overview(ctx: ServiceContext, filter: OverviewFilter = {}, now = new Date()): Promise<Overview> {
    const f = parseInput(filterSchema, filter);
    // The statuses need only the workspace: read while the monitors are.
    const statuses = this.results.workspaceLocationStatuses(ctx.workspace.id);
    statuses.catch(() => undefined);
    const all = await this.monitors.overviewRows(ctx.workspace.id);
    const counts = Object.fromEntries(OVERVIEW_STATUS_FILTERS.map((s) => [s, 0])) as Overview['counts'];
    const tags = new Set<string>();
    for (const m of all) {
      // Each monitor in one chip, so the chips add up to the total: a paused one under Paused only
      // (its status is that of its last checks, from before it was paused).
      if (m.active) counts[m.status] += 1;
      else counts.paused += 1;
      for (const tag of m.tags) tags.add(tag);
    }
    const rows = all.filter((m) => matches(m, f));
    const ids = rows.map((m) => m.id);
    const [locations, figures] = await Promise.all([statuses, this.figuresOf(ids, now)]);
    const statusesBy = byLocation(locations);
    const items = rows.map((m): OverviewMonitor => {
      const live = locationsOf(m, statusesBy);
      const kept = figures.get(m.id)!;
      return { ...m, locations: live, lastCheckAt: lastCheck(live), uptime: kept.uptime, latency: kept.latency };
    });
    return { at: now, tags: [...tags].sort(), total: all.length, counts, items };
  }

  /** The names of the workspace's live monitors by id (pages that link to monitors). */
  async names(ctx: ServiceContext): Promise<Map<string, string>> {
    return new Map((await this.monitors.overviewRows(ctx.workspace.id)).map((m) => [m.id, m.name]));
  }

  /**
   * Each monitor's uptime over 24 hours, 7 and 14 days and its latency by day, kept per monitor for
   * the UTC day: computed from the aggregates when missing; once older than FIGURES_TTL_MS, answered
   * as kept while a background read recomputes them, so no visitor waits for that read.
   */
  private async figuresOf(ids: string[], now: Date): Promise<Map<string, Figures>> {
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const missing: string[] = [];
    const expired: string[] = [];
    for (const id of ids) {
      const kept = this.figures.get(id);
      if (!kept || kept.day !== today || kept.loadedAt > now.getTime()) missing.push(id);
      else if (now.getTime() - kept.loadedAt >= FIGURES_TTL_MS && !this.refreshing.has(id)) expired.push(id);
    }
    if (expired.length) {
      for (const id of expired) this.refreshing.add(id);
      void this.computeFigures(expired, now)
        .catch(() => undefined)
        .finally(() => {
          for (const id of expired) this.refreshing.delete(id);
        });
    }
    if (missing.length) await this.computeFigures(missing, now);
    return new Map(ids.map((id) => [id, this.figures.get(id)!]));
  }

  private async computeFigures(ids: string[], now: Date): Promise<void> {
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const from = new Date(today - (OVERVIEW_DAYS - 1) * DAY_MS);
    const [lastDay, daily] = await Promise.all([
      this.results.countsSince(ids, new Date(now.getTime() - DAY_MS)),
      this.days.byMonitor(this.results, ids, ids, from, new Date(today), now.getTime()),
    ]);
    const dayIndex = new Map(
      Array.from({ length: OVERVIEW_DAYS }, (_, i) => [
        new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10),
        i,
      ]),
    );
    const weekFrom = OVERVIEW_DAYS - 7;
    for (const id of ids) {
      // One pass over the monitor's days: the 14-day and 7-day sums, and the latency by day.
      let [ok7, total7, ok14, total14] = [0, 0, 0, 0];
      for (const d of daily.counts.get(id) ?? []) {
        const ok = d.successful + d.degraded;
        ok14 += ok;
        total14 += d.total;
        if ((dayIndex.get(d.day) ?? -1) >= weekFrom) {
          ok7 += ok;
          total7 += d.total;
        }
      }
      const latency: OverviewMonitor['latency'] = new Array<null>(OVERVIEW_DAYS).fill(null);
      for (const l of daily.latency.get(id) ?? []) {
        const i = dayIndex.get(l.day);
        if (i !== undefined) latency[i] = { day: l.day, p50: l.p50, p95: l.p95, checks: l.checks };
      }
      const c = lastDay.get(id);
      this.figures.delete(id);
      if (this.figures.size >= MAX_KEPT) this.figures.delete(this.figures.keys().next().value!);
      this.figures.set(id, {
        day: today,
        loadedAt: now.getTime(),
        uptime: {
          day: c ? share(c.successful + c.degraded, c.successful + c.degraded + c.failed) : null,
          week: share(ok7, total7),
          fortnight: share(ok14, total14),
        },
        latency,
      });
    }
  }

  /**
   * The monitors whose locations reported since `since` (a previous answer's `at`), with their status
   * and locations as they are now: what a live overview needs to repaint, a few bytes per monitor.
   */
  async changes(ctx: ServiceContext, since: Date, now = new Date()): Promise<OverviewChanges> {
    const all = await this.monitors.overviewRows(ctx.workspace.id);
    const ids = all.map((m) => m.id);
    const changed = await this.results.locationStatusesOf(ids, new Date(since.getTime() - CHANGES_OVERLAP_MS));
    const changedIds = new Set(changed.map((r) => r.monitorId));
    const rows = all.filter((m) => changedIds.has(m.id));
    const statusesBy = byLocation(await this.results.locationStatusesOf(rows.map((m) => m.id)));
    return {
      at: now,
      items: rows.map((m) => {
        const locations = locationsOf(m, statusesBy);
        return { id: m.id, status: m.status, active: m.active, locations, lastCheckAt: lastCheck(locations) };
      }),
    };
  }
}

function matches(m: MonitorOverviewRow, f: z.output<typeof filterSchema>): boolean {
  // The same buckets as the chips: a status filter lists active monitors, `paused` the others.
  if (f.status === 'paused' ? m.active : f.status && (!m.active || m.status !== f.status)) return false;
  if (f.kind && m.kind !== f.kind) return false;
  if (f.tag && !m.tags.includes(f.tag)) return false;
  const q = f.q?.trim().toLowerCase();
  return !q || m.name.toLowerCase().includes(q) || m.target.toLowerCase().includes(q) || m.id === q;
}

/** Status rows by `monitorId|location`: one map for the whole page, not one per monitor. */
function byLocation(rows: LocationStatusRow[]): Map<string, LocationStatusRow> {
  return new Map(rows.map((r) => [`${r.monitorId}|${r.region}`, r]));
}

/** Every configured location in order (regions, then private locations), with its latest status. */
function locationsOf(m: MonitorOverviewRow, statuses: Map<string, LocationStatusRow>): OverviewLocation[] {
  const configured = m.privateLocationIds.length
    ? [...m.regions, ...m.privateLocationIds.map(privateLocation)]
    : m.regions;
  return configured.map((location) => {
    const s = statuses.get(`${m.id}|${location}`);
    return { location, status: s?.status ?? 'unknown', lastCheckedAt: s?.lastCheckedAt ?? null };
  });
}

function lastCheck(locations: OverviewLocation[]): Date | null {
  let last: Date | null = null;
  for (const l of locations) if (l.lastCheckedAt && (!last || l.lastCheckedAt > last)) last = l.lastCheckedAt;
  return last;
}

function share(part: number, whole: number): number | null {
  return whole ? part / whole : null;
}

/** A location's name for people: the region, or the private location's id. */
export function locationLabel(location: string): string {
  return location.startsWith(PRIVATE_LOCATION_PREFIX)
    ? `private location ${location.slice(PRIVATE_LOCATION_PREFIX.length)}`
    : location;
}
