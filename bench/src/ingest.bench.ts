// Benchmark 3: results ingested per second through the agents' report path (CheckWorkService.report:
// idempotent insert, hourly and daily aggregates, region and monitor status, schedule), and bytes per
// stored result. Baseline, measured in the same run: a plain multi-row INSERT of the same rows into
// check_results (what the database does with no bookkeeping at all). Target: >= 20,000 results/s.
//   npm run bench:ingest            DATABASE_URL=postgres://... BENCH_RESULTS=50000 npm run bench:ingest
import { AgentPresenceService } from '../../backend/src/agent-presence/agent-presence.service';
import { CheckWorkService, type ReportedResult } from '../../backend/src/checker/check-work.service';
import type { AppConfig } from '../../backend/src/config/config';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { ResultIngestService } from '../../backend/src/check-results/result-ingest';
import { emptyResult } from '../../backend/src/checker/probe';
import { SchedulesRepository } from '../../backend/src/schedules/schedules.repository';
import { MonitorsRepository } from '../../backend/src/monitors/monitors.repository';
import { PrivateLocationsRepository } from '../../backend/src/private-locations/private-locations.repository';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { fmt, print, startBenchApp, timeIt } from './harness';

const RESULTS = Number(process.env.BENCH_RESULTS ?? 20_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 200);
const MONITORS = 100;

async function main(): Promise<void> {
  const bench = await startBenchApp();
  const installer = {
    actor: { type: 'system' as const, name: 'bench' },
    scope: 'write' as const,
    via: 'system' as const,
  };
  const workspace = await bench.app.get(WorkspacesService).create(installer, { name: 'Bench' });
  const ctx = { ...installer, workspace: toWorkspaceRef(workspace) };
  const monitorIds: string[] = [];
  for (let i = 0; i < MONITORS; i++) {
    const m = await bench.app
      .get(MonitorsService)
      .create(ctx, 'http', { name: `m${i}`, url: 'http://127.0.0.1:9/', periodicity: '30s', regions: ['fly-ams'] });
    monitorIds.push(m.id);
  }
  await bench.app.get(RetentionService).maintain(new Date());
  const work = new CheckWorkService(
    bench.app.get(ResultIngestService),
    bench.app.get(SchedulesRepository),
    bench.app.get(MonitorsRepository),
    bench.app.get(PrivateLocationsRepository),
    bench.app.get<AppConfig>(APP_CONFIG),
    bench.app.get(AgentPresenceService),
  );
  const agent = { agentId: 'bench', locations: ['fly-ams'], privateLocationId: null };
  const base = Date.now() - 3_600_000;
  const results: ReportedResult[] = Array.from({ length: RESULTS }, (_, i) => {
    const at = new Date(base + Math.floor(i / MONITORS) * 30_000);
    return {
      run: {
        monitorId: monitorIds[i % MONITORS],
        location: 'fly-ams',
        trigger: 'cron',
        triggerId: null,
        cronTimestamp: at,
        periodMs: 30_000,
      },
      outcome: {
        ...emptyResult(),
        status: i % 40 === 0 ? 'error' : 'success',
        latencyMs: 20 + (i % 300),
        statusCode: 200,
        url: 'http://127.0.0.1:9/',
        timings: { dns: 0, connect: 1, tls: 0, ttfb: 15, transfer: 1 },
        headers: { 'content-type': 'text/plain', 'content-length': '11' },
        assertions: [{ type: 'status_code', comparator: 'gte', target: 200, actual: 200, passed: true }],
        attempts: 1,
      },
      startedAt: at,
    };
  });

  const oursMs = await timeIt(async () => {
    for (let i = 0; i < results.length; i += BATCH) await work.report(agent, results.slice(i, i + BATCH));
  });
  const [{ bytes, n }] = await bench.db.rows<{ bytes: string; n: string }>(
    `SELECT sum(pg_total_relation_size(c.oid)) AS bytes, (SELECT count(*) FROM check_results) AS n
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'check_results'::regclass`,
  );

  // Baseline: the same rows as one multi-row INSERT per batch, nothing else.
  await bench.db.manager.query('TRUNCATE check_results');
  const baselineMs = await timeIt(async () => {
    for (let i = 0; i < results.length; i += BATCH) {
      const batch = results.slice(i, i + BATCH);
      const values: unknown[] = [];
      const tuples = batch.map((r, j) => {
        values.push(
          r.run.cronTimestamp,
          workspace.id,
          r.run.monitorId,
          r.run.location,
          r.outcome.status,
          r.outcome.latencyMs,
          JSON.stringify(r.outcome.headers),
        );
        const k = j * 7;
        return `($${k + 1}, $${k + 2}, $${k + 3}, 'http', $${k + 4}, 'cron', $${k + 5}, $${k + 6}, 200, $${k + 1}, $${k + 7}::jsonb)`;
      });
      await bench.db.manager.query(
        `INSERT INTO check_results (cron_timestamp, workspace_id, monitor_id, kind, region, trigger, status, latency, status_code, timestamp, headers)
         VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`,
        values,
      );
    }
  });
  const ours = RESULTS / (oursMs / 1000);
  const baseline = RESULTS / (baselineMs / 1000);
  print('Result ingest', [
    ['database', bench.kind],
    ['results', `${RESULTS} in batches of ${BATCH}, ${MONITORS} monitors`],
    ['report path (results/s)', `${fmt(ours, 0)}   target >= 20000`],
    ['baseline plain INSERT (results/s)', fmt(baseline, 0)],
    ['report path / baseline', fmt(ours / baseline)],
    ['bytes per stored result', fmt(Number(bytes) / Number(n), 0)],
  ]);
  await bench.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
