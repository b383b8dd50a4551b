// Stores a batch of reported results in one transaction with a handful of set-based statements
// (results, hourly and daily aggregates, region statuses, monitor statuses, schedules), so ingest
// cost grows with batches rather than with results. Idempotent: a result already stored (same
// monitor, location, trigger and slot) is counted as a duplicate and changes nothing.
//
// Before anything is stored, each result is validated (report-validation.ts) and must be a run the
// agent was handed (handedRuns below); the others are refused by index, and the rest are stored.
import type { EntityManager } from 'typeorm';
import type { Database } from '../database/database';
import { REGIONS } from '../monitors/monitor.constants';
import { bucketOf } from './latency-sketch';
import type { AgentIdentity, ReportedResult } from './check-work.service';
import { validateResults, type ResultError } from './report-validation';
import { PRIVATE_LOCATION_PREFIX, privateLocation } from './scheduling/slots';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface IngestCounts {
  stored: number;
  duplicates: number;
  /** Results refused: invalid, or not a run handed to the agent. */
  rejected: number;
  /** One entry per refused result, by its position in the batch. */
  errors: ResultError[];
}

/**
 * The one answer for a result that is not the agent's to report. It is the same whether the monitor
 * does not exist, belongs to another workspace, or is not assigned to the agent's location, so a
 * report never reveals whether an id exists.
 */
export const NOT_HANDED = 'run: not a run handed to this agent';

interface Candidate {
  index: number;
  result: ReportedResult;
}

interface HandedMonitor {
  workspaceId: string;
  kind: string;
}

interface AggregateRow {
  monitorId: string;
  region: string;
  start: Date;
  span: 'h' | 'd';
  workspaceId: string;
  successful: number;
  degraded: number;
  failed: number;
  last: Date;
  sketch: Record<string, number>;
}

const keyOf = (monitorId: string, region: string, trigger: string, at: Date) =>
  `${monitorId}|${region}|${trigger}|${at.getTime()}`;

/**
 * Which candidates are runs the agent was handed, in one statement. A private location's agent may
 * report its own location for monitors assigned to it in its own workspace; an agent with the shared
 * token (or the embedded one) public regions it serves, for monitors configured with that region.
 * Deleted monitors take no results. An api run must name its own trigger (same monitor, location and
 * request time), so a report can close no other trigger.
 */
async function handedRuns(
  db: Database,
  manager: EntityManager,
  agent: AgentIdentity,
  candidates: Candidate[],
): Promise<Map<number, HandedMonitor>> {
  const own = agent.privateLocationId ? privateLocation(agent.privateLocationId) : null;
  const plausible = candidates.filter(({ result: { run } }) =>
    own ? run.location === own : (REGIONS as readonly string[]).includes(run.location),
  );
  const handed = new Map<number, HandedMonitor>();
  if (!plausible.length) return handed;
  const col = <T>(f: (r: ReportedResult) => T) => plausible.map((c) => f(c.result));
  const rows = await db.rows<{ i: number; workspace_id: string; kind: string }>(
    `SELECT v.i, m.workspace_id::text AS workspace_id, m.kind
       FROM unnest($1::int[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::timestamptz[])
         AS v(i, monitor_id, location, trigger, trigger_id, at)
       JOIN monitors m ON m.id = v.monitor_id AND m.deleted_at IS NULL
      WHERE CASE WHEN $7::bigint IS NULL THEN v.location = ANY(m.regions)
                 ELSE EXISTS (SELECT 1 FROM private_location_monitors l
                                JOIN private_locations p ON p.id = l.private_location_id
                               WHERE l.private_location_id = $7::bigint AND l.monitor_id = m.id
                                 AND p.workspace_id = m.workspace_id) END
        AND (v.trigger = 'cron'
             OR EXISTS (SELECT 1 FROM check_triggers t
                         WHERE t.id = v.trigger_id AND t.monitor_id = m.id AND t.location = v.location
                           AND t.requested_at = v.at))`,
    [
      plausible.map((c) => c.index),
      col((r) => r.run.monitorId),
      col((r) => r.run.location),
      col((r) => r.run.trigger),
      col((r) => r.run.triggerId),
      col((r) => r.run.cronTimestamp),
      agent.privateLocationId,
    ],
    manager,
  );
  for (const row of rows) handed.set(Number(row.i), { workspaceId: row.workspace_id, kind: row.kind });
  return handed;
}

export async function ingestResults(
  db: Database,
  agent: AgentIdentity,
  results: readonly unknown[],
  now: Date,
): Promise<IngestCounts> {
  const checked = validateResults(results, now);
  const served = checked.valid.filter((c) => agent.locations.includes(c.result.run.location));
  const answer = (stored: number, duplicates: number, handed: ReadonlySet<number>): IngestCounts => {
    const errors = [
      ...checked.errors,
      ...checked.valid.filter((c) => !handed.has(c.index)).map((c) => ({ index: c.index, message: NOT_HANDED })),
    ].sort((a, b) => a.index - b.index);
    return { stored, duplicates, rejected: errors.length, errors };
  };
  if (!served.length) return answer(0, 0, new Set());
  return db.transaction(async (manager) => {
    const monitorOf = await handedRuns(db, manager, agent, served);
    const valid = served.filter((c) => monitorOf.has(c.index)).map((c) => c.result);
    const handedIndexes = new Set(monitorOf.keys());
    if (!valid.length) return answer(0, 0, handedIndexes);
    const byId = new Map<string, { workspace_id: string; kind: string }>();
    for (const c of served) {
      const monitor = monitorOf.get(c.index);
      if (monitor) byId.set(c.result.run.monitorId, { workspace_id: monitor.workspaceId, kind: monitor.kind });
    }

    // 1. The results themselves; RETURNING tells which were new.
    const col = <T>(f: (r: ReportedResult) => T) => valid.map(f);
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    const inserted = await db.rows<{ monitor_id: string; region: string; trigger: string; cron_timestamp: Date }>(
      `INSERT INTO check_results (cron_timestamp, workspace_id, monitor_id, kind, region, trigger, status, latency, status_code,
                                  timestamp, timing, url, error, assertions, headers, runner)
       SELECT t.cron_timestamp, t.workspace_id, t.monitor_id, t.kind, t.region, t.trigger, t.status, t.latency, t.status_code,
              t.ts, t.timing::jsonb, t.url, t.error::jsonb, COALESCE(t.assertions::jsonb, '[]'::jsonb), t.headers::jsonb, t.runner
         FROM unnest($1::timestamptz[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[],
                     $9::int[], $10::timestamptz[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[])
           AS t(cron_timestamp, workspace_id, monitor_id, kind, region, trigger, status, latency, status_code,
                ts, timing, url, error, assertions, headers, runner)
       ON CONFLICT (monitor_id, region, trigger, cron_timestamp) DO NOTHING
       RETURNING monitor_id::text AS monitor_id, region, trigger, cron_timestamp`,
      [
        col((r) => r.run.cronTimestamp),
        col((r) => byId.get(r.run.monitorId)!.workspace_id),
        col((r) => r.run.monitorId),
        col((r) => byId.get(r.run.monitorId)!.kind),
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
        col(() => agent.agentId.slice(0, 128)),
      ],
      manager,
    );
    const createdKeys = new Set(
      inserted.map((r) => keyOf(r.monitor_id, r.region, r.trigger, new Date(r.cron_timestamp))),
    );
    const created = valid.filter((r) =>
      createdKeys.delete(keyOf(r.run.monitorId, r.run.location, r.run.trigger, r.run.cronTimestamp)),
    );

    if (created.length) {
      // 2. Hourly and daily aggregates, summed here first so each bucket is written once per batch.
      const aggregates = new Map<string, AggregateRow>();
      for (const r of created) {
        const at = r.run.cronTimestamp.getTime();
        for (const [span, size] of [
          ['h', HOUR_MS],
          ['d', DAY_MS],
        ] as const) {
          const start = new Date(Math.floor(at / size) * size);
          const key = `${r.run.monitorId}|${r.run.location}|${span}|${start.getTime()}`;
          let row = aggregates.get(key);
          if (!row) {
            row = {
              monitorId: r.run.monitorId,
              region: r.run.location,
              start,
              span,
              workspaceId: byId.get(r.run.monitorId)!.workspace_id,
              successful: 0,
              degraded: 0,
              failed: 0,
              last: r.startedAt,
              sketch: {},
            };
            aggregates.set(key, row);
          }
          if (r.outcome.status === 'success') row.successful += 1;
          else if (r.outcome.status === 'degraded') row.degraded += 1;
          else row.failed += 1;
          if (r.startedAt > row.last) row.last = r.startedAt;
          if (r.outcome.status !== 'error') {
            const bucket = bucketOf(r.outcome.latencyMs);
            row.sketch[bucket] = (row.sketch[bucket] ?? 0) + 1;
          }
        }
      }
      const rows = [...aggregates.values()];
      await manager.query(
        `INSERT INTO check_aggregates (monitor_id, region, bucket_start, span, workspace_id, successful, degraded, failed, last_ping_at, sketch)
         SELECT t.m, t.r, t.s, t.span, t.w, t.ok, t.deg, t.err, t.last, t.sketch::jsonb
           FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::text[], $5::bigint[], $6::int[], $7::int[], $8::int[], $9::timestamptz[], $10::text[])
             AS t(m, r, s, span, w, ok, deg, err, last, sketch)
         ON CONFLICT (monitor_id, region, bucket_start, span) DO UPDATE SET
           successful = check_aggregates.successful + EXCLUDED.successful,
           degraded = check_aggregates.degraded + EXCLUDED.degraded,
           failed = check_aggregates.failed + EXCLUDED.failed,
           last_ping_at = GREATEST(check_aggregates.last_ping_at, EXCLUDED.last_ping_at),
           sketch = (SELECT COALESCE(jsonb_object_agg(k, n), '{}'::jsonb)
                       FROM (SELECT k, sum(v::bigint) AS n
                               FROM (SELECT * FROM jsonb_each_text(check_aggregates.sketch)
                                     UNION ALL SELECT * FROM jsonb_each_text(EXCLUDED.sketch)) AS both_(k, v)
                              GROUP BY k) AS merged)`,
        [
          rows.map((a) => a.monitorId),
          rows.map((a) => a.region),
          rows.map((a) => a.start),
          rows.map((a) => a.span),
          rows.map((a) => a.workspaceId),
          rows.map((a) => a.successful),
          rows.map((a) => a.degraded),
          rows.map((a) => a.failed),
          rows.map((a) => a.last),
          rows.map((a) => JSON.stringify(a.sketch)),
        ],
      );

      // 3. Each location's latest status.
      const latest = new Map<string, ReportedResult>();
      for (const r of created) {
        const key = `${r.run.monitorId}|${r.run.location}`;
        const seen = latest.get(key);
        if (!seen || seen.run.cronTimestamp < r.run.cronTimestamp) latest.set(key, r);
      }
      const statuses = [...latest.values()];
      await manager.query(
        `INSERT INTO monitor_region_statuses (monitor_id, region, workspace_id, status, last_checked_at, updated_at)
         SELECT t.m, t.r, t.w, t.s, t.at, now()
           FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[]) AS t(m, r, w, s, at)
         ON CONFLICT (monitor_id, region) DO UPDATE SET status = EXCLUDED.status, last_checked_at = EXCLUDED.last_checked_at, updated_at = now()
         WHERE monitor_region_statuses.last_checked_at <= EXCLUDED.last_checked_at`,
        [
          statuses.map((r) => r.run.monitorId),
          statuses.map((r) => r.run.location),
          statuses.map((r) => byId.get(r.run.monitorId)!.workspace_id),
          statuses.map((r) => (r.outcome.status === 'success' ? 'active' : r.outcome.status)),
          statuses.map((r) => r.run.cronTimestamp),
        ],
      );

      // 4. The monitors' aggregate status (rule: see aggregateStatus in check-work.service.ts).
      await manager.query(
        `UPDATE monitors m SET status = x.status
           FROM (SELECT s.monitor_id,
                        CASE WHEN count(*) FILTER (WHERE s.status = 'error') * 2 > count(*) THEN 'error'
                             WHEN count(*) FILTER (WHERE s.status IN ('error', 'degraded')) > 0 THEN 'degraded'
                             ELSE 'active' END AS status
                   FROM monitor_region_statuses s JOIN monitors mm ON mm.id = s.monitor_id
                  WHERE s.monitor_id = ANY($1::bigint[]) AND (s.region = ANY(mm.regions) OR s.region LIKE $2)
                  GROUP BY s.monitor_id) x
          WHERE m.id = x.monitor_id AND m.status IS DISTINCT FROM x.status`,
        [[...new Set(created.map((r) => r.run.monitorId))], `${PRIVATE_LOCATION_PREFIX}%`],
      );
    }

    // 5. Schedules move on and leases are released, for new and repeated reports alike. The schedule
    // moves by its own period, never by the reported one, so no report can push a run far ahead.
    const cron = new Map<string, ReportedResult>();
    for (const r of valid.filter((v) => v.run.trigger === 'cron')) {
      const key = `${r.run.monitorId}|${r.run.location}`;
      const seen = cron.get(key);
      if (!seen || seen.run.cronTimestamp < r.run.cronTimestamp) cron.set(key, r);
    }
    if (cron.size) {
      const runs = [...cron.values()];
      await manager.query(
        `UPDATE monitor_schedules s
            SET next_run_at = GREATEST(s.next_run_at, v.slot + make_interval(secs => s.period_ms::double precision / 1000)),
                lease_owner = CASE WHEN s.lease_owner = $4 THEN NULL ELSE s.lease_owner END,
                lease_expires_at = CASE WHEN s.lease_owner = $4 THEN NULL ELSE s.lease_expires_at END
           FROM unnest($1::bigint[], $2::text[], $3::timestamptz[]) AS v(m, l, slot)
          WHERE s.monitor_id = v.m AND s.location = v.l`,
        [
          runs.map((r) => r.run.monitorId),
          runs.map((r) => r.run.location),
          runs.map((r) => r.run.cronTimestamp),
          agent.agentId,
        ],
      );
    }
    const triggerIds = valid.filter((r) => r.run.trigger === 'api' && r.run.triggerId).map((r) => r.run.triggerId);
    if (triggerIds.length) {
      await manager.query(
        'UPDATE check_triggers SET done_at = $2, lease_owner = NULL, lease_expires_at = NULL WHERE id = ANY($1::bigint[]) AND done_at IS NULL',
        [triggerIds, now],
      );
    }
    return answer(created.length, valid.length - created.length, handedIndexes);
  });
}
