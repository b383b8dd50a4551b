// Benchmark 4: getMonitorSummary over 14 days at N results per monitor (default 1,000,000).
// Baseline, measured in the same run: the exact summary computed by scanning the raw results.
// Targets: p95 <= 10 ms; every percentile within 1 % of the exact one.
//   npm run bench:summary                 (embedded PGlite)
//   DATABASE_URL=postgres://... BENCH_RESULTS=1000000 npm run bench:summary
import { EXACT_BELOW_MS, LN_GAMMA, RELATIVE_ACCURACY } from '../../backend/src/check-results/latency-sketch';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { WorkspacesService, toWorkspaceRef } from '../../backend/src/workspaces/workspaces.service';
import { CheckResultsRepository } from '../../backend/src/check-results/check-results.repository';
import { fmt, percentile, print, startBenchApp, timeIt } from './harness';

const RESULTS = Number(process.env.BENCH_RESULTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

async function main(): Promise<void> {
  const bench = await startBenchApp();
  const installer = {
    actor: { type: 'system' as const, name: 'bench' },
    scope: 'write' as const,
    via: 'system' as const,
  };
  const workspace = await bench.app.get(WorkspacesService).create(installer, { name: 'Bench' });
  const ctx = { ...installer, workspace: toWorkspaceRef(workspace) };
  const monitors = bench.app.get(MonitorsService);
  const monitor = await monitors.create(ctx, 'http', {
    name: 'bench',
    url: 'http://127.0.0.1:9/',
    periodicity: '30s',
    regions: ['fly-ams', 'fly-iad', 'fly-sin'],
  });
  await bench.app.get(RetentionService).maintain(new Date());

  // N results over the last 14 days in three regions, long-tailed latencies, 2 % errors.
  const loadMs = await timeIt(() =>
    bench.db.manager.query(
      `INSERT INTO check_results (cron_timestamp, workspace_id, monitor_id, kind, region, trigger, status, latency, timestamp)
       SELECT ts, $1, $2, 'http', (ARRAY['fly-ams','fly-iad','fly-sin'])[1 + (i % 3)], 'cron',
              CASE WHEN i % 50 = 0 THEN 'error' WHEN lat > 1000 THEN 'degraded' ELSE 'success' END, lat, ts
         FROM (SELECT i, now() - (i::double precision / $3) * interval '14 days' + interval '1 minute' AS ts,
                      CASE WHEN random() < 0.95 THEN 20 + floor(random() * 80)::int ELSE 300 + floor(random() * 4000)::int END AS lat
                 FROM generate_series(1, $3) AS i) g`,
      [workspace.id, monitor.id, RESULTS],
    ),
  );
  // The hourly and daily aggregates the ingestion path keeps, built here in SQL with the same buckets.
  for (const [span, unit] of [
    ['h', 'hour'],
    ['d', 'day'],
  ] as const) {
    await bench.db.manager.query(
      `INSERT INTO check_aggregates (monitor_id, region, bucket_start, span, workspace_id, successful, degraded, failed, last_ping_at, sketch)
     SELECT monitor_id, region, hour, '${span}', workspace_id, sum(s), sum(d), sum(e), max(last), COALESCE(jsonb_object_agg(bucket, n) FILTER (WHERE bucket IS NOT NULL), '{}')
       FROM (SELECT monitor_id, region, date_trunc('${unit}', cron_timestamp AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, workspace_id,
                    CASE WHEN status = 'error' THEN NULL WHEN latency < $3 THEN 'e' || latency ELSE ceil(ln(latency) / $2)::int::text END AS bucket,
                    count(*) FILTER (WHERE status <> 'error') AS n,
                    count(*) FILTER (WHERE status = 'success') AS s, count(*) FILTER (WHERE status = 'degraded') AS d,
                    count(*) FILTER (WHERE status = 'error') AS e, max(timestamp) AS last
               FROM check_results WHERE monitor_id = $1
              GROUP BY 1, 2, 3, 4, 5) b
      GROUP BY monitor_id, region, hour, workspace_id`,
      [monitor.id, LN_GAMMA, EXACT_BELOW_MS],
    );
  }

  await bench.db.manager.query('ANALYZE check_results; ANALYZE check_aggregates');

  const exactSql = `SELECT count(*) FILTER (WHERE status = 'success') AS s,
            percentile_disc(0.5) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p50,
            percentile_disc(0.75) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p75,
            percentile_disc(0.9) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p90,
            percentile_disc(0.95) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p95,
            percentile_disc(0.99) WITHIN GROUP (ORDER BY latency) FILTER (WHERE status <> 'error') AS p99
       FROM check_results WHERE monitor_id = $1 AND cron_timestamp >= date_trunc('hour', now() - interval '14 days')`;
  let exact: Record<string, string> = {};
  const baseline: number[] = [];
  for (let i = 0; i < 5; i++) {
    baseline.push(
      await timeIt(async () => {
        [exact] = await bench.db.rows<Record<string, string>>(exactSql, [monitor.id]);
      }),
    );
  }
  // The first call also merges the whole past days, which later calls take from the repository's
  // cache (checked against live counts on every call).
  let summary = await monitors.summary(ctx, monitor.id, '14d');
  const coldMs = await timeIt(async () => {
    bench.app.get(CheckResultsRepository).forgetPastDays();
    summary = await monitors.summary(ctx, monitor.id, '14d');
  });
  const ours: number[] = [];
  for (let i = 0; i < RUNS; i++)
    ours.push(await timeIt(async () => (summary = await monitors.summary(ctx, monitor.id, '14d'))));

  const rows: Array<[string, string | number]> = [
    ['database', bench.kind],
    ['results per monitor', RESULTS],
    ['load time (s)', fmt(loadMs / 1000, 1)],
    ['summary p50 (ms)', fmt(percentile(ours, 0.5))],
    ['summary p95 (ms)', `${fmt(percentile(ours, 0.95))}   target <= 10`],
    ['first call, past days not cached (ms)', fmt(coldMs)],
    ['baseline exact scan p50 (ms)', fmt(percentile(baseline, 0.5))],
    ['speed-up vs baseline (x)', fmt(percentile(baseline, 0.5) / percentile(ours, 0.5), 1)],
    ['successful (summary / exact)', `${summary.totalSuccessful} / ${exact.s}`],
  ];
  for (const q of ['p50', 'p75', 'p90', 'p95', 'p99'] as const) {
    const truth = Number(exact[q]);
    const error = truth ? (Math.abs(summary[q] - truth) / truth) * 100 : 0;
    rows.push([
      `${q} (summary / exact, error %)`,
      `${summary[q]} / ${truth}   ${fmt(error)} %   target <= ${RELATIVE_ACCURACY * 100} %`,
    ]);
  }
  print('getMonitorSummary, 14 days', rows);
  await bench.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
