// The one place that reads and writes check results and what is derived from them: the results
// (response logs), the hourly and daily aggregates (counts and mergeable latency sketches), each
// location's latest status and the monitors' aggregate status. Summaries read the aggregates, never
// the raw results. The rules that run in SQL (sketch merge, aggregate status) are written here once.
import { Inject, Injectable } from '@nestjs/common';
import type { ReportedResult } from '../checks/check-types';
import { PRIVATE_LOCATION_PREFIX } from '../schedules/slots';
import { Database } from '../database/database';
import { MonitorDeletion } from '../checks/monitor-deletion';
import { HEARTBEAT_LOCATION, type CertificateInfo, type CheckStatus, type MonitorKind } from '../checks/check-config';
import type { CheckTimings } from '../checks/check-types';
import { bucketOf, quantile, type Sketch } from './latency-sketch';
import { MonitorRegionStatusEntity } from './monitor-region-status.entity';
import type { ResponseLogView } from './response-log.view';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A timestamp column as a Date (PGlite can answer text where PostgreSQL answers a Date). */
const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/**
 * The sketch merge, the one implementation: the bucket counts of the (…groups, key, count) rows of
 * `pairs` summed key by key, as one jsonb sketch per group (`sketch`); one sketch without groups.
 * Adding latencies to a sketch is merging in a {bucket: 1} per latency.
 */
const mergeSketches = (pairs: string, groups: string[] = []) => {
  const by = groups.map((g) => `${g}, `).join('');
  return `SELECT ${by}COALESCE(jsonb_object_agg(k, n), '{}'::jsonb) AS sketch
            FROM (SELECT ${by}k, sum(v::bigint) AS n FROM (${pairs}) AS pair(${by}k, v) GROUP BY ${by}k) AS merged
           ${groups.length ? `GROUP BY ${groups.join(', ')}` : ''}`;
};

/**
 * The aggregate status of a monitor from its locations' statuses (`s`, grouped by monitor): error when
 * a majority of the reporting locations are in error, degraded when any is in error or degraded,
 * active otherwise. A monitor no location reported on has no row, and stays `unknown`.
 */
const AGGREGATE_STATUS = `CASE WHEN count(*) FILTER (WHERE s.status = 'error') * 2 > count(*) THEN 'error'
     WHEN count(*) FILTER (WHERE s.status IN ('error', 'degraded')) > 0 THEN 'degraded'
     ELSE 'active' END`;

/**
 * How many of the locations (`s`) of a monitor `mm` must be failing for it to alert: with
 * alert_quorum 0, a strict majority (floor(n/2) + 1 of n); with N > 0, N, capped at n so that a
 * quorum larger than the locations that report means all of them.
 */
const ALERT_THRESHOLD = `CASE WHEN min(mm.alert_quorum) = 0 THEN count(*) / 2 + 1 ELSE least(min(mm.alert_quorum), count(*)) END`;

/**
 * The alert status of a monitor from the same locations (`s`): error when at least ALERT_THRESHOLD
 * of them are in error, degraded when at least that many are in error or degraded, active otherwise.
 * Unlike the displayed status, under the default quorum one flaky location of three leaves it
 * active, so it pages nobody (alerts/alert-rules.ts); alert_quorum 1 pages on any one location.
 */
const ALERT_STATUS = `CASE WHEN count(*) FILTER (WHERE s.status = 'error') >= ${ALERT_THRESHOLD} THEN 'error'
     WHEN count(*) FILTER (WHERE s.status IN ('error', 'degraded')) >= ${ALERT_THRESHOLD} THEN 'degraded'
     ELSE 'active' END`;

/**
 * The locations that count for a monitor `mm`: its configured regions, its private locations, and
 * the server itself for a heartbeat (HEARTBEAT_LOCATION: no region probes it, the server judges it).
 */
const COUNTED_LOCATION = `(s.region = ANY(mm.regions) OR s.region LIKE '${PRIVATE_LOCATION_PREFIX}%' OR s.region = '${HEARTBEAT_LOCATION}')`;

/** Called inside the ingest transaction with the monitors whose statuses were just judged again. */
export type JudgedListener = (monitors: Array<{ monitorId: string; workspaceId: string }>) => Promise<void>;

/** Called inside the ingest transaction with the results that were just stored (new ones only). */
export type StoredListener = (results: readonly NewResult[]) => Promise<void>;

/** A monitor's quorum status after a judging, with its round and alert thresholds (alertStatuses). */
export interface JudgedStatus {
  workspaceId: string;
  status: 'active' | 'degraded' | 'error';
  /** The newest check time of the counted locations. */
  round: Date;
  thresholds: { failureThreshold: number; failureSeconds: number; recoveryThreshold: number };
}

/** One location's latest status, with the error and latency of its latest result. */
export interface LocationSnapshot {
  region: string;
  status: 'active' | 'degraded' | 'error';
  error: string | null;
  /** The kind of that error (the probe's, e.g. `connect`, `unsupported`); null without one. */
  errorKind: string | null;
  latencyMs: number | null;
}

/** A result to store, with the monitor's workspace and kind. */
export interface NewResult extends ReportedResult {
  workspaceId: string;
  kind: MonitorKind;
}

/** The leaf certificate a result's check saw (the probe's details.certificate), or null. */
export function certificateOf(result: Pick<ReportedResult, 'outcome'>): CertificateInfo | null {
  return (result.outcome.details?.certificate as CertificateInfo | undefined) ?? null;
}

const keyOf = (monitorId: string, region: string, trigger: string, at: Date) =>
  `${monitorId}|${region}|${trigger}|${at.getTime()}`;

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

/** A response log as the repository reads it: the view, declared once in response-log.view.ts. */
export type ResponseLogRow = ResponseLogView;

export interface DailyBucket {
  day: string;
  count: number;
  ok: number;
}

export interface DailyCounts {
  monitorId: string;
  day: string;
  total: number;
  successful: number;
  degraded: number;
  failed: number;
}

/** A location's latest judged status (monitor_region_statuses). */
export interface LocationStatusRow {
  monitorId: string;
  region: string;
  status: 'active' | 'degraded' | 'error';
  lastCheckedAt: Date;
  updatedAt: Date;
}

export interface OutcomeCounts {
  successful: number;
  degraded: number;
  failed: number;
}

/** Latency percentiles of one location over one hour. */
export interface HourlyLatency {
  region: string;
  at: Date;
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export type PhaseAverages = { checks: number } & Record<keyof CheckTimings, number | null>;

/** One location of one monitor as the /metrics scrape reads it (metricsSnapshot). */
export interface MetricsSnapshotRow {
  monitorId: string;
  /** The workspace's slug. */
  workspace: string;
  name: string;
  kind: MonitorKind;
  tags: string[];
  region: string;
  /** The location's latest judged status; `unknown` before its first result. */
  status: 'active' | 'degraded' | 'error' | 'unknown';
  lastCheckedAt: Date | null;
  /** Latency of the latest result, when it was successful or degraded. */
  latencyMs: number | null;
  /** notAfter of the certificate the latest result saw, if any. */
  certificateNotAfter: Date | null;
  /** Over the window asked for, from the hourly aggregates. */
  counts: OutcomeCounts;
  /** Latencies of the window's successful and degraded checks (latency-sketch.ts). */
  sketch: Sketch;
}

/** The columns of a response log, named as in ResponseLogRow. */
const LOG_COLUMNS = `id::text AS id, monitor_id::text AS "monitorId", latency, status_code AS "statusCode", status, region,
  cron_timestamp AS "cronTimestamp", trigger, timestamp, timing, url, error, assertions, headers, certificate`;

/** Timestamps as Dates whatever the driver gave (the embedded database answers strings). */
const toLog = (r: ResponseLogRow): ResponseLogRow => ({
  ...r,
  cronTimestamp: new Date(r.cronTimestamp),
  timestamp: new Date(r.timestamp),
});

@Injectable()
export class CheckResultsRepository {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MonitorDeletion) deletion: MonitorDeletion,
  ) {
    // A deleted monitor's results age out with their partitions; its location statuses go at once.
    deletion.onDelete((monitorId) => this.forgetStatuses(monitorId));
  }

  /**
   * Stores results with a handful of set-based statements (results, aggregates, location statuses,
   * monitor statuses) in one transaction (the caller's, if any), so the cost grows with batches
   * rather than with results. Idempotent: a result already stored (same monitor, location, trigger
   * and slot) changes nothing. Returns the results that were new.
   */
  async store(results: readonly NewResult[], runner: string): Promise<NewResult[]> {
    if (!results.length) return [];
    return this.db.transaction(() => this.storeNew(results, runner));
  }

  private async storeNew(results: readonly NewResult[], runner: string): Promise<NewResult[]> {
    const col = <T>(f: (r: NewResult) => T) => results.map(f);
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    const inserted = await this.db.rows<{ monitor_id: string; region: string; trigger: string; cron_timestamp: Date }>(
      `INSERT INTO check_results (cron_timestamp, workspace_id, monitor_id, kind, region, trigger, status, latency, status_code,
                                  timestamp, timing, url, error, assertions, headers, runner, certificate)
       SELECT t.cron_timestamp, t.workspace_id, t.monitor_id, t.kind, t.region, t.trigger, t.status, t.latency, t.status_code,
              t.ts, t.timing::jsonb, t.url, t.error::jsonb, COALESCE(t.assertions::jsonb, '[]'::jsonb), t.headers::jsonb, $16,
              t.certificate::jsonb
         FROM unnest($1::timestamptz[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[],
                     $9::int[], $10::timestamptz[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $17::text[])
           AS t(cron_timestamp, workspace_id, monitor_id, kind, region, trigger, status, latency, status_code,
                ts, timing, url, error, assertions, headers, certificate)
       ON CONFLICT (monitor_id, region, trigger, cron_timestamp) DO NOTHING
       RETURNING monitor_id::text AS monitor_id, region, trigger, cron_timestamp`,
      [
        col((r) => r.run.cronTimestamp),
        col((r) => r.workspaceId),
        col((r) => r.run.monitorId),
        col((r) => r.kind),
        col((r) => r.run.location),
        col((r) => r.run.trigger),
        col((r) => r.outcome.status),
        col((r) => Math.max(0, Math.round(r.outcome.latencyMs))),
        col((r) => r.outcome.statusCode),
        col((r) => r.startedAt),
        col((r) => json(r.outcome.timings)),
        col((r) => r.outcome.url),
        col((r) => (r.outcome.error ? json({ kind: r.outcome.error.kind, message: r.outcome.error.message }) : null)),
        col((r) => json(r.outcome.assertions)),
        col((r) => json(r.outcome.headers)),
        runner.slice(0, 128),
        col((r) => json(certificateOf(r))),
      ],
    );
    const createdKeys = new Set(
      inserted.map((r) => keyOf(r.monitor_id, r.region, r.trigger, new Date(r.cron_timestamp))),
    );
    const created = results.filter((r) =>
      createdKeys.delete(keyOf(r.run.monitorId, r.run.location, r.run.trigger, r.run.cronTimestamp)),
    );
    if (!created.length) return created;
    await this.addToAggregates(created);
    await this.setLocationStatuses(created);
    const judged = [...new Set(created.map((r) => r.run.monitorId))];
    await this.refreshMonitorStatuses(judged);
    const workspaceOf = new Map(created.map((r) => [r.run.monitorId, r.workspaceId]));
    const monitors = judged.map((monitorId) => ({ monitorId, workspaceId: workspaceOf.get(monitorId)! }));
    for (const listener of this.judgedListeners) await listener(monitors);
    for (const listener of this.storedListeners) await listener(created);
    return created;
  }

  /**
   * Adds results to their hourly and daily aggregates, each bucket written once per batch: counts by
   * outcome, and the latency of successful and degraded checks into the bucket's sketch. Rows are
   * upserted in key order, so two batches sharing buckets lock them in one order (the GROUP BY
   * otherwise hands them over in any order, and PostgreSQL found the two batches deadlocked).
   */
  private async addToAggregates(results: readonly NewResult[]): Promise<void> {
    await this.db.manager.query(
      `WITH v AS (
         SELECT t.m, t.r, t.w, s.span, to_timestamp(floor(extract(epoch FROM t.slot) / s.size) * s.size) AS start,
                t.status, t.at, t.bucket
           FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::timestamptz[], $5::text[], $6::timestamptz[], $7::text[])
             AS t(m, r, w, slot, status, at, bucket)
          CROSS JOIN (VALUES ('h', 3600), ('d', 86400)) AS s(span, size)),
       sketches AS (${mergeSketches('SELECT m, r, span, start, bucket, 1 FROM v WHERE bucket IS NOT NULL', ['m', 'r', 'span', 'start'])}),
       counts AS (
         SELECT m, r, span, start, min(w) AS w, count(*) FILTER (WHERE status = 'success') AS ok,
                count(*) FILTER (WHERE status = 'degraded') AS deg, count(*) FILTER (WHERE status = 'error') AS err,
                max(at) AS last
           FROM v GROUP BY m, r, span, start)
       INSERT INTO check_aggregates (monitor_id, region, bucket_start, span, workspace_id, successful, degraded, failed, last_ping_at, sketch)
       SELECT c.m, c.r, c.start, c.span, c.w, c.ok, c.deg, c.err, c.last, COALESCE(x.sketch, '{}'::jsonb)
         FROM counts c LEFT JOIN sketches x USING (m, r, span, start)
        ORDER BY c.m, c.r, c.span, c.start
       ON CONFLICT (monitor_id, region, bucket_start, span) DO UPDATE SET
         successful = check_aggregates.successful + EXCLUDED.successful,
         degraded = check_aggregates.degraded + EXCLUDED.degraded,
         failed = check_aggregates.failed + EXCLUDED.failed,
         last_ping_at = GREATEST(check_aggregates.last_ping_at, EXCLUDED.last_ping_at),
         sketch = (${mergeSketches(`SELECT * FROM jsonb_each_text(check_aggregates.sketch)
                                    UNION ALL SELECT * FROM jsonb_each_text(EXCLUDED.sketch)`)})`,
      [
        results.map((r) => r.run.monitorId),
        results.map((r) => r.run.location),
        results.map((r) => r.workspaceId),
        results.map((r) => r.run.cronTimestamp),
        results.map((r) => r.outcome.status),
        results.map((r) => r.startedAt),
        results.map((r) => (r.outcome.status === 'error' ? null : bucketOf(r.outcome.latencyMs))),
      ],
    );
  }

  /** Each location's latest status: the newest result's, never overwritten by an older one; in key order (see addToAggregates). */
  private async setLocationStatuses(results: readonly NewResult[]): Promise<void> {
    const latest = new Map<string, NewResult>();
    for (const r of results) {
      const key = `${r.run.monitorId}|${r.run.location}`;
      const seen = latest.get(key);
      if (!seen || seen.run.cronTimestamp < r.run.cronTimestamp) latest.set(key, r);
    }
    const statuses = [...latest.values()];
    await this.db.manager.query(
      `INSERT INTO monitor_region_statuses (monitor_id, region, workspace_id, status, last_checked_at, updated_at)
       SELECT t.m, t.r, t.w, t.s, t.at, now()
         FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[]) AS t(m, r, w, s, at)
        ORDER BY t.m, t.r
       ON CONFLICT (monitor_id, region) DO UPDATE SET status = EXCLUDED.status, last_checked_at = EXCLUDED.last_checked_at, updated_at = now()
       WHERE monitor_region_statuses.last_checked_at <= EXCLUDED.last_checked_at`,
      [
        statuses.map((r) => r.run.monitorId),
        statuses.map((r) => r.run.location),
        statuses.map((r) => r.workspaceId),
        statuses.map((r) => (r.outcome.status === 'success' ? 'active' : r.outcome.status)),
        statuses.map((r) => r.run.cronTimestamp),
      ],
    );
  }

  /**
   * Sets the monitors' status (a column derived from results, written only here) to the aggregate of
   * the statuses of the locations that run them: configured regions, private locations and, for a
   * heartbeat, the server (HEARTBEAT_LOCATION); a region removed from the monitor no longer counts.
   */
  private async refreshMonitorStatuses(monitorIds: string[]): Promise<void> {
    await this.db.manager.query(
      `UPDATE monitors m SET status = x.status
         FROM (SELECT s.monitor_id, ${AGGREGATE_STATUS} AS status
                 FROM monitor_region_statuses s JOIN monitors mm ON mm.id = s.monitor_id
                WHERE s.monitor_id = ANY($1::bigint[]) AND (s.region = ANY(mm.regions) OR s.region LIKE $2 OR s.region = $3)
                GROUP BY s.monitor_id) x
        WHERE m.id = x.monitor_id AND m.status IS DISTINCT FROM x.status`,
      [monitorIds, `${PRIVATE_LOCATION_PREFIX}%`, HEARTBEAT_LOCATION],
    );
  }

  private readonly judgedListeners: JudgedListener[] = [];
  private readonly storedListeners: StoredListener[] = [];

  /**
   * Registers a listener run in the ingest transaction with each batch of new results, after the
   * judged listeners (certificate expiry alerts look at the certificates). Call from a constructor.
   */
  onStored(listener: StoredListener): void {
    this.storedListeners.push(listener);
  }

  /**
   * Registers a listener run in the ingest transaction after monitors' statuses were judged again
   * (alerting records its transitions there). Call from a constructor.
   */
  onJudged(listener: JudgedListener): void {
    this.judgedListeners.push(listener);
  }

  /**
   * The alert status (ALERT_STATUS quorum) of each monitor a counted location reported on, with its
   * round (the newest check time of those locations: what alert thresholds count) and the monitor's
   * thresholds, read here with it so judging costs no other statement; a monitor without such a
   * location is left out. Read with a fresh statement: a caller that locked the monitors first sees
   * every location status committed before its lock.
   */
  async alertStatuses(monitorIds: string[]): Promise<Map<string, JudgedStatus>> {
    if (!monitorIds.length) return new Map();
    const rows = await this.db.rows<{
      monitor_id: string;
      workspace_id: string;
      status: 'active' | 'degraded' | 'error';
      round: Date | string;
      failure_threshold: number;
      failure_seconds: number;
      recovery_threshold: number;
    }>(
      `SELECT s.monitor_id::text AS monitor_id, min(mm.workspace_id)::text AS workspace_id, ${ALERT_STATUS} AS status,
              max(s.last_checked_at) AS round, min(mm.failure_threshold) AS failure_threshold,
              min(mm.failure_seconds) AS failure_seconds, min(mm.recovery_threshold) AS recovery_threshold
         FROM monitor_region_statuses s JOIN monitors mm ON mm.id = s.monitor_id
        WHERE s.monitor_id = ANY($1::bigint[]) AND ${COUNTED_LOCATION}
        GROUP BY s.monitor_id`,
      [monitorIds],
    );
    return new Map(
      rows.map((r) => [
        r.monitor_id,
        {
          workspaceId: r.workspace_id,
          status: r.status,
          round: r.round instanceof Date ? r.round : new Date(r.round),
          thresholds: {
            failureThreshold: Number(r.failure_threshold),
            failureSeconds: Number(r.failure_seconds),
            recoveryThreshold: Number(r.recovery_threshold),
          },
        },
      ]),
    );
  }

  /** The counted locations of each monitor with their latest status, error and latency, by name. */
  async locationSnapshots(monitorIds: string[]): Promise<Map<string, LocationSnapshot[]>> {
    const byMonitor = new Map<string, LocationSnapshot[]>(monitorIds.map((id) => [id, []]));
    if (!monitorIds.length) return byMonitor;
    const rows = await this.db.rows<{
      monitor_id: string;
      region: string;
      status: LocationSnapshot['status'];
      error: { kind?: string; message?: string } | null;
      latency: number | null;
      result_status: string | null;
    }>(
      `SELECT s.monitor_id::text AS monitor_id, s.region, s.status, r.error, r.latency, r.status AS result_status
         FROM monitor_region_statuses s JOIN monitors mm ON mm.id = s.monitor_id
         LEFT JOIN LATERAL (SELECT c.error, c.latency, c.status FROM check_results c
                             WHERE c.monitor_id = s.monitor_id AND c.region = s.region AND c.cron_timestamp = s.last_checked_at
                             ORDER BY c.timestamp DESC LIMIT 1) r ON true
        WHERE s.monitor_id = ANY($1::bigint[]) AND ${COUNTED_LOCATION}
        ORDER BY s.monitor_id, s.region`,
      [monitorIds],
    );
    for (const r of rows) {
      byMonitor.get(r.monitor_id)?.push({
        region: r.region,
        status: r.status,
        error: r.error?.message ?? null,
        errorKind: r.error?.message ? (r.error.kind ?? null) : null,
        latencyMs: r.result_status && r.result_status !== 'error' && r.latency !== null ? Number(r.latency) : null,
      });
    }
    return byMonitor;
  }

  /** The latest status of each location that reported on the monitor. */
  locationStatuses(monitorId: string): Promise<MonitorRegionStatusEntity[]> {
    return this.db.repo(MonitorRegionStatusEntity).findBy({ monitorId });
  }

  private async forgetStatuses(monitorId: string): Promise<void> {
    await this.db.repo(MonitorRegionStatusEntity).delete({ monitorId });
  }

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
    // Today and the hours before the first whole day: merged by the database with the past days.
    const recent = `${scope} AND ((span = 'd' AND bucket_start >= $4) OR (span = 'h' AND bucket_start >= $3 AND bucket_start < $5))`;
    const recentParams = [monitorId, regions, hourStart, today, firstDay];
    // The totals (with the count the past days' sketch must hold) and either the sketch of the whole
    // past days or, when cached, the whole sketch: read at once on separate connections.
    const [[totals], past, withCached] = await Promise.all([
      this.db.rows<{ s: string | null; d: string | null; f: string | null; last: Date | null; past: string | null }>(
        `SELECT sum(successful) AS s, sum(degraded) AS d, sum(failed) AS f, max(last_ping_at) AS last,
                sum(successful + degraded) FILTER (WHERE span = 'd' AND bucket_start < $5) AS past
           FROM check_aggregates WHERE ${window}`,
        params,
      ),
      cached ? null : this.pastSketch(monitorId, regions, firstDay, today),
      cached ? this.sketchOf(recent, recentParams, cached.sketch) : null,
    ]);
    let pastDays = cached ?? past!;
    // Counts only grow; a late result for a past day changes the count and the sketch is read again.
    if (pastDays.count !== Number(totals.past ?? 0))
      pastDays = await this.pastSketch(monitorId, regions, firstDay, today);
    this.remember(cacheKey, pastDays);
    const sketch =
      withCached && pastDays === cached ? withCached : await this.sketchOf(recent, recentParams, pastDays.sketch);
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
    const sketch = await this.sketchOf(
      `monitor_id = $1 AND (cardinality($2::text[]) = 0 OR region = ANY($2::text[])) AND span = 'd' AND bucket_start >= $3 AND bucket_start < $4`,
      [monitorId, regions, firstDay, today],
    );
    return { count: Object.values(sketch).reduce((a, b) => a + b, 0), sketch };
  }

  /** The merge of the sketches of the aggregates `where` selects and of `plus`. */
  private async sketchOf(where: string, params: unknown[], plus: Sketch = {}): Promise<Sketch> {
    const [row] = await this.db.rows<{ sketch: Sketch }>(
      mergeSketches(`SELECT b.key, b.value FROM check_aggregates a, jsonb_each_text(a.sketch) b WHERE ${where}
                     UNION ALL SELECT * FROM jsonb_each_text($${params.length + 1}::jsonb)`),
      [...params, JSON.stringify(plus)],
    );
    return Object.fromEntries(Object.entries(row?.sketch ?? {}).map(([k, n]) => [k, Number(n)]));
  }

  /**
   * Drops hourly aggregates older than `hourly` and daily ones older than `daily` (daily rows outlive
   * hourly ones: public pages show 90 days). Raw results go with their partitions.
   */
  async dropAggregatesBefore(hourly: Date, daily: Date): Promise<void> {
    await this.db.manager.query(
      `DELETE FROM check_aggregates WHERE (span = 'd' AND bucket_start < $2) OR (span <> 'd' AND bucket_start < $1)`,
      [hourly, daily],
    );
  }

  /**
   * p50 and p95 latency (ms) per monitor and UTC day in [from, to), from the daily aggregates'
   * sketches merged over regions, with how many checks (successful and degraded) the sketch holds;
   * days without such checks left out.
   */
  async dailyLatency(
    monitorIds: string[],
    from: Date,
    to: Date,
  ): Promise<Array<{ monitorId: string; day: string; p50: number; p95: number; checks: number }>> {
    if (!monitorIds.length) return [];
    const rows = await this.db.rows<{ monitor_id: string; day: string; sketch: Sketch }>(
      mergeSketches(
        `SELECT a.monitor_id::text, to_char(a.bucket_start AT TIME ZONE 'UTC', 'YYYY-MM-DD'), b.key, b.value
           FROM check_aggregates a, jsonb_each_text(a.sketch) b
          WHERE a.monitor_id = ANY($1::bigint[]) AND a.span = 'd' AND a.bucket_start >= $2 AND a.bucket_start < $3`,
        ['monitor_id', 'day'],
      ),
      [monitorIds, from, to],
    );
    return rows
      .map((r) => {
        const sketch = Object.fromEntries(Object.entries(r.sketch).map(([k, n]) => [k, Number(n)]));
        const checks = Object.values(sketch).reduce((a, b) => a + b, 0);
        return { monitorId: r.monitor_id, day: r.day, p50: quantile(sketch, 0.5), p95: quantile(sketch, 0.95), checks };
      })
      .filter((r) => r.checks > 0);
  }

  /** HTTP results of a monitor in [from, to], newest first. */
  async listHttp(
    monitorId: string,
    from: Date,
    to: Date,
    limit: number,
    offset: number,
    only: { region?: string; status?: CheckStatus } = {},
  ): Promise<ResponseLogRow[]> {
    const rows: ResponseLogRow[] = await this.db.manager.query(
      `SELECT ${LOG_COLUMNS} FROM check_results
        WHERE monitor_id = $1 AND kind = 'http' AND cron_timestamp >= $2 AND cron_timestamp <= $3
          AND ($6::text IS NULL OR region = $6) AND ($7::text IS NULL OR status = $7)
        ORDER BY cron_timestamp DESC, id DESC LIMIT $4 OFFSET $5`,
      [monitorId, from, to, limit, offset, only.region ?? null, only.status ?? null],
    );
    return rows.map(toLog);
  }

  async findHttp(monitorId: string, id: string): Promise<ResponseLogRow | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const rows: ResponseLogRow[] = await this.db.manager.query(
      `SELECT ${LOG_COLUMNS} FROM check_results WHERE monitor_id = $1 AND kind = 'http' AND id = $2`,
      [monitorId, id],
    );
    return rows[0] ? toLog(rows[0]) : null;
  }

  /**
   * The certificate of the monitor's newest result that carries one, with when and where it was
   * seen; null when none of its results within `since` does.
   */
  async latestCertificate(
    monitorId: string,
    since: Date,
  ): Promise<{ certificate: CertificateInfo; at: Date; region: string } | null> {
    const [row] = await this.db.rows<{ certificate: CertificateInfo; at: Date | string; region: string }>(
      `SELECT certificate, timestamp AS at, region FROM check_results
        WHERE monitor_id = $1 AND cron_timestamp >= $2 AND certificate IS NOT NULL
        ORDER BY cron_timestamp DESC, id DESC LIMIT 1`,
      [monitorId, since],
    );
    return row ? { certificate: row.certificate, at: date(row.at), region: row.region } : null;
  }

  /** One bucket per UTC day for the last `days` days (up to 45), oldest first, empty days included. */
  async daily(monitorId: string, days: number, now = new Date()): Promise<DailyBucket[]> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const start = new Date(today - (days - 1) * DAY_MS);
    const byDay = new Map(
      (await this.dailyCounts([monitorId], start, new Date(today + DAY_MS))).map((r) => [r.day, r]),
    );
    return Array.from({ length: days }, (_, i) => {
      const day = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      const row = byDay.get(day);
      return { day, count: row?.total ?? 0, ok: (row?.successful ?? 0) + (row?.degraded ?? 0) };
    });
  }

  /**
   * Counts by outcome per monitor and UTC day (YYYY-MM-DD) in [from, to), days without checks left
   * out; from the daily aggregates, which outlive the 14 days of raw results (kept 400 days).
   */
  async dailyCounts(monitorIds: string[], from: Date, to: Date): Promise<DailyCounts[]> {
    if (!monitorIds.length) return [];
    const rows = await this.db.rows<{ monitor_id: string; day: string; s: string; d: string; f: string }>(
      `SELECT monitor_id::text AS monitor_id, to_char(bucket_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
              sum(successful) AS s, sum(degraded) AS d, sum(failed) AS f
         FROM check_aggregates
        WHERE monitor_id = ANY($1::bigint[]) AND span = 'd' AND bucket_start >= $2 AND bucket_start < $3
        GROUP BY 1, 2`,
      [monitorIds, from, to],
    );
    return rows.map((r) => {
      const [successful, degraded, failed] = [Number(r.s), Number(r.d), Number(r.f)];
      return {
        monitorId: r.monitor_id,
        day: r.day,
        total: successful + degraded + failed,
        successful,
        degraded,
        failed,
      };
    });
  }
  /**
   * The counted locations of each monitor with their latest status and check time, oldest change
   * first; with `since`, only locations whose status row changed after it (the dashboard's live
   * updates). Cheap: the status rows alone, by primary key.
   */
  async locationStatusesOf(monitorIds: string[], since?: Date): Promise<LocationStatusRow[]> {
    if (!monitorIds.length) return [];
    const rows = await this.db.rows<{
      monitor_id: string;
      region: string;
      status: LocationStatusRow['status'];
      last_checked_at: Date | string;
      updated_at: Date | string;
    }>(
      `SELECT s.monitor_id::text AS monitor_id, s.region, s.status, s.last_checked_at, s.updated_at
         FROM monitor_region_statuses s JOIN monitors mm ON mm.id = s.monitor_id
        WHERE s.monitor_id = ANY($1::bigint[]) AND ${COUNTED_LOCATION}
          AND ($2::timestamptz IS NULL OR s.updated_at > $2::timestamptz)
        ORDER BY s.monitor_id, s.region`,
      [monitorIds, since ?? null],
    );
    return rows.map((r) => ({
      monitorId: r.monitor_id,
      region: r.region,
      status: r.status,
      lastCheckedAt: date(r.last_checked_at),
      updatedAt: date(r.updated_at),
    }));
  }

  /** The counted locations of every live monitor of a workspace with their latest status and check time. */
  async workspaceLocationStatuses(workspaceId: string): Promise<LocationStatusRow[]> {
    // Times as epoch milliseconds: parsing thousands of timestamp texts costs more than the query.
    const rows = await this.db.rows<{
      monitor_id: string;
      region: string;
      status: LocationStatusRow['status'];
      checked_ms: number | string;
      updated_ms: number | string;
    }>(
      `SELECT s.monitor_id::text AS monitor_id, s.region, s.status,
              (extract(epoch FROM s.last_checked_at) * 1000)::float8 AS checked_ms,
              (extract(epoch FROM s.updated_at) * 1000)::float8 AS updated_ms
         FROM monitors mm JOIN monitor_region_statuses s ON s.monitor_id = mm.id
        WHERE mm.workspace_id = $1 AND mm.deleted_at IS NULL AND ${COUNTED_LOCATION}`,
      [workspaceId],
    );
    return rows.map((r) => ({
      monitorId: r.monitor_id,
      region: r.region,
      status: r.status,
      lastCheckedAt: new Date(Number(r.checked_ms)),
      updatedAt: new Date(Number(r.updated_ms)),
    }));
  }

  /** Counts by outcome per monitor over the hourly aggregates from the hour `since` falls in. */
  /**
   * Counts by outcome of each monitor in [from, to), as the summary reads them: whole UTC days from the
   * daily aggregates, the hours of partial days at either end from the hourly ones (hour-aligned; kept
   * 46 days, so an older partial day counts none). Read by SLA reports.
   */
  async rangeCounts(monitorIds: string[], from: Date, to: Date): Promise<Map<string, OutcomeCounts>> {
    const byMonitor = new Map<string, OutcomeCounts>();
    if (!monitorIds.length) return byMonitor;
    const hourStart = new Date(Math.floor(from.getTime() / HOUR_MS) * HOUR_MS);
    const hourEnd = new Date(Math.ceil(to.getTime() / HOUR_MS) * HOUR_MS);
    const firstDay = new Date(Math.ceil(hourStart.getTime() / DAY_MS) * DAY_MS);
    const lastDay = new Date(Math.max(firstDay.getTime(), Math.floor(hourEnd.getTime() / DAY_MS) * DAY_MS));
    const rows = await this.db.rows<{ monitor_id: string; s: string; d: string; f: string }>(
      `SELECT monitor_id::text AS monitor_id, sum(successful) AS s, sum(degraded) AS d, sum(failed) AS f
         FROM check_aggregates
        WHERE monitor_id = ANY($1::bigint[])
          AND ((span = 'd' AND bucket_start >= $3 AND bucket_start < $4)
            OR (span = 'h' AND bucket_start >= $2 AND bucket_start < LEAST($3, $5))
            OR (span = 'h' AND bucket_start >= GREATEST($4, $2) AND bucket_start < $5))
        GROUP BY monitor_id`,
      [monitorIds, hourStart, firstDay, lastDay, hourEnd],
    );
    for (const r of rows) {
      byMonitor.set(r.monitor_id, { successful: Number(r.s), degraded: Number(r.d), failed: Number(r.f) });
    }
    return byMonitor;
  }

  async countsSince(monitorIds: string[], since: Date): Promise<Map<string, OutcomeCounts>> {
    const byMonitor = new Map<string, OutcomeCounts>();
    if (!monitorIds.length) return byMonitor;
    const hourStart = new Date(Math.floor(since.getTime() / HOUR_MS) * HOUR_MS);
    const rows = await this.db.rows<{ monitor_id: string; s: string; d: string; f: string }>(
      `SELECT monitor_id::text AS monitor_id, sum(successful) AS s, sum(degraded) AS d, sum(failed) AS f
         FROM check_aggregates
        WHERE monitor_id = ANY($1::bigint[]) AND span = 'h' AND bucket_start >= $2
        GROUP BY monitor_id`,
      [monitorIds, hourStart],
    );
    for (const r of rows) {
      byMonitor.set(r.monitor_id, { successful: Number(r.s), degraded: Number(r.d), failed: Number(r.f) });
    }
    return byMonitor;
  }
  /** p50, p95 and p99 (ms) per location and hour since the hour `since` falls in, from the hourly sketches. */
  async hourlyLatency(monitorId: string, since: Date): Promise<HourlyLatency[]> {
    const hourStart = new Date(Math.floor(since.getTime() / HOUR_MS) * HOUR_MS);
    const rows = await this.db.rows<{ region: string; bucket_start: Date | string; sketch: Sketch }>(
      `SELECT region, bucket_start, sketch FROM check_aggregates
        WHERE monitor_id = $1 AND span = 'h' AND bucket_start >= $2
        ORDER BY region, bucket_start`,
      [monitorId, hourStart],
    );
    return rows
      .map((r) => {
        const sketch = Object.fromEntries(Object.entries(r.sketch).map(([k, n]) => [k, Number(n)]));
        const count = Object.values(sketch).reduce((a, b) => a + b, 0);
        return {
          region: r.region,
          at: date(r.bucket_start),
          count,
          p50: count ? quantile(sketch, 0.5) : 0,
          p95: count ? quantile(sketch, 0.95) : 0,
          p99: count ? quantile(sketch, 0.99) : 0,
        };
      })
      .filter((r) => r.count > 0);
  }

  /**
   * The average of each timing phase (ms) over the monitor's successful and degraded HTTP checks in
   * [from, now], with how many checks carried timings.
   */
  async phaseAverages(monitorId: string, from: Date): Promise<PhaseAverages> {
    const [row] = await this.db.rows<Record<keyof CheckTimings | 'checks', string | null>>(
      `SELECT count(*) AS checks, avg((timing->>'dns')::float8) AS dns, avg((timing->>'connect')::float8) AS connect,
              avg((timing->>'tls')::float8) AS tls, avg((timing->>'ttfb')::float8) AS ttfb,
              avg((timing->>'transfer')::float8) AS transfer
         FROM check_results
        WHERE monitor_id = $1 AND kind = 'http' AND cron_timestamp >= $2 AND status <> 'error' AND timing IS NOT NULL`,
      [monitorId, from],
    );
    const value = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
    return {
      checks: Number(row?.checks ?? 0),
      dns: value(row?.dns),
      connect: value(row?.connect),
      tls: value(row?.tls),
      ttfb: value(row?.ttfb),
      transfer: value(row?.transfer),
    };
  }

  /**
   * Each location of each live monitor (of one workspace, or of all with null) as the /metrics scrape
   * shows it (metrics/): its latest status and check (latency and certificate of that result), and its
   * counts by outcome and merged latency sketch over the hourly aggregates from the hour `since` falls
   * in. A configured region (or a heartbeat's server) that has not reported yet comes as `unknown`.
   * Monitors' names, kinds and tags and workspaces' slugs are read in the same statement, so every API
   * node answers one consistent picture in one round trip.
   */
  async metricsSnapshot(workspaceId: string | null, since: Date): Promise<MetricsSnapshotRow[]> {
    const hourStart = new Date(Math.floor(since.getTime() / HOUR_MS) * HOUR_MS);
    const live = 'mm.deleted_at IS NULL AND ($1::bigint IS NULL OR mm.workspace_id = $1::bigint)';
    // The planner prices the per-location lookups across every partition of the results far above
    // their cost, which on PostgreSQL sets off JIT compilation: 1.8 s of compiling for a 0.15 s read at
    // 1,000 monitors (bench:metrics). Off for this one read-only statement.
    const rows = await this.db.transaction(async () => {
      await this.db.manager.query('SET LOCAL jit = off');
      return this.db.rows<{
        monitor_id: string;
        workspace: string;
        name: string;
        kind: MonitorKind;
        tags: string[];
        region: string;
        status: MetricsSnapshotRow['status'];
        checked_ms: number | string | null;
        latency: number | null;
        result_status: string | null;
        not_after: string | null;
        s: string | null;
        d: string | null;
        f: string | null;
        sketch: Sketch | null;
      }>(
        `WITH places AS (
         SELECT s.monitor_id, s.region, s.status, s.last_checked_at
           FROM monitor_region_statuses s JOIN monitors mm ON mm.id = s.monitor_id
          WHERE ${live} AND ${COUNTED_LOCATION}
         UNION ALL
         SELECT mm.id, r.region, 'unknown', NULL::timestamptz
           FROM monitors mm
          CROSS JOIN LATERAL unnest(CASE WHEN mm.kind = 'heartbeat' THEN ARRAY[$3]::text[] ELSE mm.regions::text[] END) AS r(region)
          WHERE ${live}
            AND NOT EXISTS (SELECT 1 FROM monitor_region_statuses s WHERE s.monitor_id = mm.id AND s.region = r.region)),
       counts AS (
         SELECT a.monitor_id, a.region, sum(a.successful) AS s, sum(a.degraded) AS d, sum(a.failed) AS f
           FROM check_aggregates a JOIN monitors mm ON mm.id = a.monitor_id
          WHERE ${live} AND a.span = 'h' AND a.bucket_start >= $2
          GROUP BY a.monitor_id, a.region),
       sketches AS (${mergeSketches(
         `SELECT a.monitor_id, a.region, b.key, b.value
            FROM check_aggregates a JOIN monitors mm ON mm.id = a.monitor_id, jsonb_each_text(a.sketch) b
           WHERE ${live} AND a.span = 'h' AND a.bucket_start >= $2`,
         ['monitor_id', 'region'],
       )})
       SELECT p.monitor_id::text AS monitor_id, w.slug AS workspace, mm.name, mm.kind, mm.tags, p.region, p.status,
              (extract(epoch FROM p.last_checked_at) * 1000)::float8 AS checked_ms,
              r.latency, r.status AS result_status, r.certificate->>'notAfter' AS not_after,
              c.s, c.d, c.f, x.sketch
         FROM places p
         JOIN monitors mm ON mm.id = p.monitor_id
         JOIN workspaces w ON w.id = mm.workspace_id
         LEFT JOIN LATERAL (SELECT cr.latency, cr.status, cr.certificate FROM check_results cr
                             WHERE cr.monitor_id = p.monitor_id AND cr.region = p.region AND cr.cron_timestamp = p.last_checked_at
                             ORDER BY cr.timestamp DESC LIMIT 1) r ON p.last_checked_at IS NOT NULL
         LEFT JOIN counts c ON c.monitor_id = p.monitor_id AND c.region = p.region
         LEFT JOIN sketches x ON x.monitor_id = p.monitor_id AND x.region = p.region
        ORDER BY p.monitor_id, p.region`,
        [workspaceId, hourStart, HEARTBEAT_LOCATION],
      );
    });
    return rows.map((r) => ({
      monitorId: r.monitor_id,
      workspace: r.workspace,
      name: r.name,
      kind: r.kind,
      tags: r.tags ?? [],
      region: r.region,
      status: r.status,
      lastCheckedAt: r.checked_ms === null ? null : new Date(Number(r.checked_ms)),
      latencyMs: r.result_status && r.result_status !== 'error' && r.latency !== null ? Number(r.latency) : null,
      certificateNotAfter: r.not_after ? new Date(r.not_after) : null,
      counts: { successful: Number(r.s ?? 0), degraded: Number(r.d ?? 0), failed: Number(r.f ?? 0) },
      sketch: Object.fromEntries(Object.entries(r.sketch ?? {}).map(([k, n]) => [k, Number(n)])),
    }));
  }
}
