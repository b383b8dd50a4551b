// Reads of stored check results. Summaries read the hourly and daily aggregates the check engine
// keeps (counts and mergeable latency sketches), never the raw results.
import { Inject, Injectable } from '@nestjs/common';
import { quantile, type Sketch } from '../checker/latency-sketch';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
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

  /**
   * Counts by outcome and latency percentiles (of successful and degraded checks) since `since`, read
   * from the hourly aggregates: no scan of results. The window starts at the hour `since` falls in.
   * Percentiles are within 1 % of the exact ones (RELATIVE_ACCURACY of the sketch).
   */
  async summary(monitorId: string, since: Date, regions: string[], now = new Date()): Promise<SummaryRow> {
    // Whole UTC days come from daily rows, the hours before the first whole day from hourly rows.
    const hourStart = new Date(Math.floor(since.getTime() / HOUR_MS) * HOUR_MS);
    const firstDay = new Date(Math.ceil(hourStart.getTime() / DAY_MS) * DAY_MS);
    const today = new Date(Math.max(firstDay.getTime(), Math.floor(now.getTime() / DAY_MS) * DAY_MS));
    const scope = 'monitor_id = $1 AND (cardinality($2::text[]) = 0 OR region = ANY($2::text[]))';
    const window = `${scope} AND ((span = 'd' AND bucket_start >= $4) OR (span = 'h' AND bucket_start >= $3 AND bucket_start < $4))`;
    const params = [monitorId, regions, hourStart, firstDay, today];
    const cacheKey = `${monitorId}|${[...regions].sort().join(',')}|${firstDay.getTime()}|${today.getTime()}`;
    const cached = this.pastDays.get(cacheKey);
    // The totals (with the count the past days' sketch must hold), the sketch of today and of the
    // hours before the first whole day, and, unless cached, the sketch of the whole past days: read
    // at once on separate connections, each merged by the database (one row per bucket comes back).
    const [[totals], recent, past] = await Promise.all([
      this.db.rows<{ s: string | null; d: string | null; f: string | null; last: Date | null; past: string | null }>(
        `SELECT sum(successful) AS s, sum(degraded) AS d, sum(failed) AS f, max(last_ping_at) AS last,
                sum(successful + degraded) FILTER (WHERE span = 'd' AND bucket_start < $5) AS past
           FROM check_aggregates WHERE ${window}`,
        params,
      ),
      this.mergedSketch(
        `${scope} AND ((span = 'd' AND bucket_start >= $4) OR (span = 'h' AND bucket_start >= $3 AND bucket_start < $5))`,
        [monitorId, regions, hourStart, today, firstDay],
      ),
      cached ? null : this.pastSketch(monitorId, regions, firstDay, today),
    ]);
    let pastDays = cached ?? past!;
    const pastCount = Number(totals.past ?? 0);
    // Counts only grow; a late result for a past day changes the count and the sketch is read again.
    if (pastDays.count !== pastCount) pastDays = await this.pastSketch(monitorId, regions, firstDay, today);
    this.remember(cacheKey, pastDays);
    const sketch: Sketch = { ...pastDays.sketch };
    for (const [key, n] of Object.entries(recent)) sketch[key] = (sketch[key] ?? 0) + n;
    return {
      lastPingAt: totals.last ? new Date(totals.last) : null,
      totalSuccessful: Number(totals.s ?? 0),
      totalDegraded: Number(totals.d ?? 0),
      totalFailed: Number(totals.f ?? 0),
      p50: quantile(sketch, 0.5),
      p75: quantile(sketch, 0.75),
      p90: quantile(sketch, 0.9),
      p95: quantile(sketch, 0.95),
      p99: quantile(sketch, 0.99),
    };
  }

  /**
   * Merged sketches of whole past days, by monitor, regions and window. Past days rarely change, so
   * each summary only merges today and the leading hours; the cached part is checked against the
   * live count on every read, so it is never stale. Bounded; the oldest entries go first.
   */
  private readonly pastDays = new Map<string, { count: number; sketch: Sketch }>();
  private static readonly PAST_DAYS_CACHE_SIZE = 10_000;

  /** Empties the cache of past days' sketches (benchmarks measure the first, uncached read). */
  forgetPastDays(): void {
    this.pastDays.clear();
  }

  private remember(key: string, value: { count: number; sketch: Sketch }): void {
    this.pastDays.delete(key);
    this.pastDays.set(key, value);
    if (this.pastDays.size > CheckResultsRepository.PAST_DAYS_CACHE_SIZE) {
      const oldest = this.pastDays.keys().next().value;
      if (oldest !== undefined) this.pastDays.delete(oldest);
    }
  }

  private async pastSketch(
    monitorId: string,
    regions: string[],
    firstDay: Date,
    today: Date,
  ): Promise<{ count: number; sketch: Sketch }> {
    const sketch = await this.mergedSketch(
      `monitor_id = $1 AND (cardinality($2::text[]) = 0 OR region = ANY($2::text[])) AND span = 'd' AND bucket_start >= $3 AND bucket_start < $4`,
      [monitorId, regions, firstDay, today],
    );
    return { count: Object.values(sketch).reduce((a, b) => a + b, 0), sketch };
  }

  private async mergedSketch(where: string, params: unknown[]): Promise<Sketch> {
    const rows = await this.db.rows<{ key: string; n: string }>(
      `SELECT b.key, sum(b.value::bigint) AS n FROM check_aggregates a, jsonb_each_text(a.sketch) b WHERE ${where} GROUP BY 1`,
      params,
    );
    return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
  }

  /** Drops aggregates older than `cutoff` (small hourly rows; raw results go with their partitions). */
  async dropAggregatesBefore(cutoff: Date): Promise<void> {
    await this.db.manager.query('DELETE FROM check_aggregates WHERE bucket_start < $1', [cutoff]);
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

  /** One bucket per UTC day for the last `days` days (up to 45), oldest first, empty days included. */
  async daily(monitorId: string, days: number, now = new Date()): Promise<DailyBucket[]> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const start = new Date(today - (days - 1) * 86_400_000);
    // From the daily aggregates, which outlive the 14 days of raw results (kept 46 days).
    const rows = await this.db.rows<{ day: string; count: string; ok: string }>(
      `SELECT to_char(bucket_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
              sum(successful + degraded + failed) AS count, sum(successful + degraded) AS ok
         FROM check_aggregates WHERE monitor_id = $1 AND span = 'd' AND bucket_start >= $2
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
