// Per-component daily history of a status page: check counts of the component's monitor merged with
// the incidents and maintenances that touched the component, one bucket per UTC day (max 45 days).
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { ServiceContext } from '../common/context';
import { NotFoundError } from '../common/errors';
import { parseInput } from '../common/validation';
import { Database } from '../database/database';
import { StatusPagesRepository } from './status-pages.repository';

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

/** The worst of what happened: failed checks are an outage, incidents or slow checks degrade. */
export function dayStatus(bucket: Omit<DayBucket, 'status' | 'day'>, hasMonitor: boolean): DayStatus {
  if (bucket.failed > 0) return 'outage';
  if (bucket.degraded > 0 || bucket.events.some((e) => e.kind === 'incident')) return 'degraded';
  if (bucket.events.some((e) => e.kind === 'maintenance')) return 'maintenance';
  if (hasMonitor && bucket.total === 0) return 'no_data';
  return 'operational';
}

@Injectable()
export class DailySummaryService {
  constructor(
    @Inject(StatusPagesRepository) private readonly pages: StatusPagesRepository,
    @Inject(Database) private readonly db: Database,
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

    const checks: Array<{
      monitor_id: string;
      day: string;
      total: string;
      successful: string;
      degraded: string;
      failed: string;
    }> = monitorIds.length
      ? await this.db.manager.query(
          `SELECT monitor_id::text AS monitor_id, to_char(bucket_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
                  sum(successful + degraded + failed) AS total, sum(successful) AS successful,
                  sum(degraded) AS degraded, sum(failed) AS failed
             FROM check_aggregates
            WHERE monitor_id = ANY($1::bigint[]) AND span = 'd' AND bucket_start >= $2 AND bucket_start < $3
            GROUP BY 1, 2`,
          [monitorIds, start, end],
        )
      : [];
    const incidents: Array<{ component_id: string; id: string; title: string; from: Date; to: Date | null }> =
      await this.db.manager.query(
        `SELECT rc.component_id::text AS component_id, r.id::text AS id, r.title, r.created_at AS "from", r.resolved_at AS "to"
         FROM status_reports r JOIN status_report_components rc ON rc.report_id = r.id
        WHERE rc.component_id = ANY($1::bigint[]) AND r.created_at < $3 AND (r.resolved_at IS NULL OR r.resolved_at >= $2)`,
        [ids, start, end],
      );
    const maintenances: Array<{ component_id: string; id: string; title: string; from: Date; to: Date }> =
      await this.db.manager.query(
        `SELECT mc.component_id::text AS component_id, m.id::text AS id, m.title, m."from", m."to"
         FROM maintenances m JOIN maintenance_components mc ON mc.maintenance_id = m.id
        WHERE mc.component_id = ANY($1::bigint[]) AND m."from" < $3 AND m."to" >= $2`,
        [ids, start, end],
      );

    const checksByKey = new Map(checks.map((r) => [`${r.monitor_id}|${r.day}`, r]));
    return components.map((component) => ({
      componentId: component.id,
      days: Array.from({ length: span }, (_, i) => {
        const dayStart = start.getTime() + i * DAY_MS;
        const day = new Date(dayStart).toISOString().slice(0, 10);
        const overlaps = (from: Date, to: Date | null) =>
          from.getTime() < dayStart + DAY_MS && (to === null || to.getTime() >= dayStart);
        const events: TimelineEvent[] = [
          ...incidents
            .filter((e) => e.component_id === component.id && overlaps(new Date(e.from), e.to ? new Date(e.to) : null))
            .map((e) => ({
              kind: 'incident' as const,
              id: e.id,
              title: e.title,
              from: new Date(e.from),
              to: e.to ? new Date(e.to) : null,
            })),
          ...maintenances
            .filter((e) => e.component_id === component.id && overlaps(new Date(e.from), new Date(e.to)))
            .map((e) => ({
              kind: 'maintenance' as const,
              id: e.id,
              title: e.title,
              from: new Date(e.from),
              to: new Date(e.to),
            })),
        ];
        const row = component.monitorId ? checksByKey.get(`${component.monitorId}|${day}`) : undefined;
        const counts = {
          total: Number(row?.total ?? 0),
          successful: Number(row?.successful ?? 0),
          degraded: Number(row?.degraded ?? 0),
          failed: Number(row?.failed ?? 0),
          events,
        };
        return { day, ...counts, status: dayStatus(counts, component.monitorId !== null) };
      }),
    }));
  }
}
