// Reads of stored check results. Summaries aggregate rows here for now; the check engine adds
// pre-aggregated latency sketches so they stay fast as data grows.
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { AssertionOutcome, CheckErrorInfo, CheckTimings } from './check-result.entity';
import type { CheckStatus, CheckTrigger } from './monitor.constants';

export interface SummaryRow {
  lastPingAt: Date | null;
  totalSuccessful: number;
  totalDegraded: number;
  totalFailed: number;
  p50: number;
  p75: number;
  p90: number;
  p95: number;
  p99: number;
}

export interface ResponseLogRow {
  id: string;
  monitorId: string;
  latency: number;
  statusCode: number | null;
  status: CheckStatus;
  region: string;
  cronTimestamp: Date;
  trigger: CheckTrigger;
  timestamp: Date;
  timing: CheckTimings | null;
  url: string | null;
  error: CheckErrorInfo | null;
  assertions: AssertionOutcome[];
  headers: Record<string, string> | null;
}

export interface DailyBucket {
  day: string;
  count: number;
  ok: number;
}

interface RawLog {
  id: string;
  monitor_id: string;
  latency: number;
  status_code: number | null;
  status: CheckStatus;
  region: string;
  cron_timestamp: Date;
  trigger: CheckTrigger;
  timestamp: Date;
  timing: CheckTimings | null;
  url: string | null;
  error: CheckErrorInfo | null;
  assertions: AssertionOutcome[];
  headers: Record<string, string> | null;
}

const LOG_COLUMNS = `id, monitor_id, latency, status_code, status, region, cron_timestamp, trigger, timestamp,
  timing, url, error, assertions, headers`;

function toLog(r: RawLog): ResponseLogRow {
  return {
    id: String(r.id),
    monitorId: String(r.monitor_id),
    latency: r.latency,
    statusCode: r.status_code,
    status: r.status,
    region: r.region,
    cronTimestamp: new Date(r.cron_timestamp),
    trigger: r.trigger,
    timestamp: new Date(r.timestamp),
    timing: r.timing,
    url: r.url,
    error: r.error,
    assertions: r.assertions,
    headers: r.headers,
  };
}

@Injectable()
export class CheckResultsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** Counts by outcome and latency percentiles of successful and degraded checks since `since`. */
  async summary(monitorId: string, since: Date, regions: string[]): Promise<SummaryRow> {
    const rows: Array<Record<string, string | Date | null>> = await this.db.manager.query(
      `SELECT count(*) FILTER (WHERE status = 'success') AS successful,
              count(*) FILTER (WHERE status = 'degraded') AS degraded,
              count(*) FILTER (WHERE status = 'error') AS failed,
              max(timestamp) AS last,
              percentile_disc(0.50) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p50,
              percentile_disc(0.75) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p75,
              percentile_disc(0.90) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p90,
              percentile_disc(0.95) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p95,
              percentile_disc(0.99) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p99
         FROM check_results
        WHERE monitor_id = $1 AND cron_timestamp >= $2
          AND (cardinality($3::text[]) = 0 OR region = ANY($3::text[]))`,
      [monitorId, since, regions],
    );
    const r = rows[0];
    const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
    return {
      lastPingAt: r.last ? new Date(r.last) : null,
      totalSuccessful: n(r.successful),
      totalDegraded: n(r.degraded),
      totalFailed: n(r.failed),
      p50: n(r.p50),
      p75: n(r.p75),
      p90: n(r.p90),
      p95: n(r.p95),
      p99: n(r.p99),
    };
  }

  /** HTTP results of a monitor in [from, to], newest first. */
  async listHttp(monitorId: string, from: Date, to: Date, limit: number, offset: number): Promise<ResponseLogRow[]> {
    const rows: RawLog[] = await this.db.manager.query(
      `SELECT ${LOG_COLUMNS} FROM check_results
        WHERE monitor_id = $1 AND kind = 'http' AND cron_timestamp >= $2 AND cron_timestamp <= $3
        ORDER BY cron_timestamp DESC, id DESC LIMIT $4 OFFSET $5`,
      [monitorId, from, to, limit, offset],
    );
    return rows.map(toLog);
  }

  async findHttp(monitorId: string, id: string): Promise<ResponseLogRow | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const rows: RawLog[] = await this.db.manager.query(
      `SELECT ${LOG_COLUMNS} FROM check_results WHERE monitor_id = $1 AND kind = 'http' AND id = $2`,
      [monitorId, id],
    );
    return rows[0] ? toLog(rows[0]) : null;
  }

  /** One bucket per UTC day for the last `days` days, oldest first, empty days included. */
  async daily(monitorId: string, days: number, now = new Date()): Promise<DailyBucket[]> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const start = new Date(today - (days - 1) * 86_400_000);
    const rows: Array<{ day: string; count: string; ok: string }> = await this.db.manager.query(
      `SELECT to_char(date_trunc('day', cron_timestamp AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
              count(*) AS count, count(*) FILTER (WHERE status <> 'error') AS ok
         FROM check_results WHERE monitor_id = $1 AND cron_timestamp >= $2
        GROUP BY 1`,
      [monitorId, start],
    );
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return Array.from({ length: days }, (_, i) => {
      const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      const row = byDay.get(day);
      return { day, count: Number(row?.count ?? 0), ok: Number(row?.ok ?? 0) };
    });
  }
}
