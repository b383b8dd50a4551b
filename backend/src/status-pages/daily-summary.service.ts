// Per-component daily history of a status page: check counts of the component's monitor merged with
// the incidents and maintenances that touched the component, one bucket per UTC day (max 45 days).
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { CHECK_RESULTS_PORT, type CheckResultsPort, type DailyCounts } from '../check-results/check-results.port';
import type { ServiceContext } from '../common/context';
import { NotFoundError } from '../common/errors';
import { parseInput } from '../common/validation';
import { type ComponentEvent, StatusPagesRepository } from './status-pages.repository';

const DAY_MS = 86_400_000;
export const MAX_SUMMARY_DAYS = 45;

export type DayStatus = 'operational' | 'degraded' | 'outage' | 'maintenance' | 'no_data';

export interface TimelineEvent {
  kind: 'incident' | 'maintenance';
  id: string;
  title: string;
  from: Date;
  to: Date | null;
}

export interface DayBucket {
  day: string;
  total: number;
  successful: number;
  degraded: number;
  failed: number;
  status: DayStatus;
  events: TimelineEvent[];
}

export interface ComponentHistory {
  componentId: string;
  days: DayBucket[];
}

const daysSchema = z
  .number()
  .int({ error: 'must be an integer' })
  .min(1, { error: `must be between 1 and ${MAX_SUMMARY_DAYS}` })
  .max(MAX_SUMMARY_DAYS, { error: `must be between 1 and ${MAX_SUMMARY_DAYS}` })
  .default(MAX_SUMMARY_DAYS);

/**
 * The worst of what happened: failed checks are an outage, incidents or slow checks degrade. With
 * `maintenanceExcuses` (public pages), a day with a maintenance and no incident is a maintenance day
 * whatever its checks say: planned downtime is not downtime.
 */
export function dayStatus(
  bucket: Omit<DayBucket, 'status' | 'day'>,
  hasMonitor: boolean,
  maintenanceExcuses = false,
): DayStatus {
  const incident = bucket.events.some((e) => e.kind === 'incident');
  if (maintenanceExcuses && !incident && bucket.events.some((e) => e.kind === 'maintenance')) return 'maintenance';
  if (bucket.failed > 0) return 'outage';
  if (bucket.degraded > 0 || incident) return 'degraded';
  if (bucket.events.some((e) => e.kind === 'maintenance')) return 'maintenance';
  if (hasMonitor && bucket.total === 0) return 'no_data';
  return 'operational';
}

const dayKeys = new Map<number, string>();

/** `YYYY-MM-DD` of a UTC day start, remembered: the same few hundred days are named over and over. */
export function dayKey(dayStartMs: number): string {
  let key = dayKeys.get(dayStartMs);
  if (key === undefined) {
    if (dayKeys.size >= 1_000) dayKeys.clear();
    key = new Date(dayStartMs).toISOString().slice(0, 10);
    dayKeys.set(dayStartMs, key);
  }
  return key;
}

/**
 * The `span` UTC day buckets from `start` of one component: its monitor's daily counts merged with the
 * incidents and maintenances that touched it (each list may hold other components' rows). A static
 * component says nothing about the days before the day it was created: they are `no_data`, not a
 * history of fine days it never had. A monitor component shows its monitor's checks, which are real
 * data even from before the component was added.
 */
export function componentDays(
  component: { id: string; monitorId: string | null; createdAt?: Date },
  start: Date,
  span: number,
  checks: readonly DailyCounts[],
  incidents: readonly ComponentEvent[],
  maintenances: readonly ComponentEvent[],
  maintenanceExcuses = false,
): DayBucket[] {
  const checksByDay = new Map(checks.filter((r) => r.monitorId === component.monitorId).map((r) => [r.day, r]));
  const ownIncidents = incidents.filter((e) => e.componentId === component.id);
  const ownMaintenances = maintenances.filter((e) => e.componentId === component.id);
  // The start of the first day a static component existed; days before it have no data.
  const born =
    component.monitorId === null && component.createdAt
      ? Math.floor(component.createdAt.getTime() / DAY_MS) * DAY_MS
      : -Infinity;
  return Array.from({ length: span }, (_, i) => {
    const dayStart = start.getTime() + i * DAY_MS;
    const day = dayKey(dayStart);
    const overlaps = (from: Date, to: Date | null) =>
      from.getTime() < dayStart + DAY_MS && (to === null || to.getTime() >= dayStart);
    // Most days of most components have no event: no arrays built for them (pages render 9000 days).
    const events: TimelineEvent[] =
      ownIncidents.length + ownMaintenances.length === 0
        ? []
        : [
            ...ownIncidents
              .filter((e) => overlaps(e.from, e.to))
              .map(({ id, title, from, to }) => ({ kind: 'incident' as const, id, title, from, to })),
            ...ownMaintenances
              .filter((e) => overlaps(e.from, e.to))
              .map(({ id, title, from, to }) => ({ kind: 'maintenance' as const, id, title, from, to })),
          ];
    const row = component.monitorId ? checksByDay.get(day) : undefined;
    const counts = {
      total: row?.total ?? 0,
      successful: row?.successful ?? 0,
      degraded: row?.degraded ?? 0,
      failed: row?.failed ?? 0,
      events,
    };
    const status =
      dayStart < born && events.length === 0
        ? 'no_data'
        : dayStatus(counts, component.monitorId !== null, maintenanceExcuses);
    return { day, ...counts, status };
  });
}

@Injectable()
export class DailySummaryService {
  constructor(
    @Inject(StatusPagesRepository) private readonly pages: StatusPagesRepository,
    @Inject(CHECK_RESULTS_PORT) private readonly results: CheckResultsPort,
  ) {}

  async componentDailySummary(
    ctx: ServiceContext,
    pageId: string,
    componentIds: string[],
    days?: number,
    now = new Date(),
  ): Promise<ComponentHistory[]> {
    const span = parseInput(z.object({ days: daysSchema }), { days }).days;
    const page = await this.pages.findPage(ctx.workspace.id, pageId);
    if (!page) throw NotFoundError.of('status page', pageId);
    const all = await this.pages.listComponents(page.id);
    const wanted = componentIds.length ? componentIds : all.map((c) => c.id);
    const components = wanted.map((id) => {
      const found = all.find((c) => c.id === id);
      if (!found) throw NotFoundError.of('page component', id);
      return found;
    });
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const start = new Date(today - (span - 1) * DAY_MS);
    const end = new Date(today + DAY_MS);
    const ids = components.map((c) => c.id);
    const monitorIds = components.map((c) => c.monitorId).filter((m): m is string => m !== null);

    const [checks, incidents, maintenances] = await Promise.all([
      this.results.dailyCounts(monitorIds, start, end),
      this.pages.incidentsOn(ids, start, end),
      this.pages.maintenancesOn(ids, start, end),
    ]);
    return components.map((component) => ({
      componentId: component.id,
      days: componentDays(component, start, span, checks, incidents, maintenances),
    }));
  }
}
