// Benchmark: the scrape time of GET /metrics at 1,000 monitors with results, over HTTP on loopback, as
// a workspace's API key (its 1,000 monitors) and as the operator (METRICS_TOKEN: the same monitors plus
// the service's internals). Each monitor has its latest result stored through the agents' report path
// (statuses, latency, a certificate for half of them) and 24 hours of hourly aggregates with latency
// sketches. Baselines measured in the same run:
//  (a) a plain SELECT of the same locations' status rows (the least a scrape must read);
//  (b) prom-client building and serializing the same series (names, labels, values) with no database;
//  (c) GET /ready on the same server with the same client (the HTTP floor).
//   npm run bench:metrics                               (embedded PGlite)
//   DATABASE_URL=postgres://... npm run bench:metrics   (a scratch database, dropped afterwards)
//   BENCH_MONITORS=1000 BENCH_REGIONS=1 BENCH_SCRAPES=30
import 'reflect-metadata';
import { Gauge, Registry } from 'prom-client';
import { ApiKeysService } from '../../backend/src/api-keys/api-keys.service';
import { CHECK_RESULTS_PORT, type CheckResultsPort } from '../../backend/src/check-results/check-results.port';
import { bucketOf } from '../../backend/src/check-results/latency-sketch';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { CheckWorkService, type ReportedResult } from '../../backend/src/checker/check-work.service';
import { emptyResult } from '../../backend/src/checker/probe';
import { REGIONS as ALL_REGIONS } from '../../backend/src/checks/check-config';
import { expose } from '../../backend/src/metrics/exposition';
import { monitorFamilies, WINDOW_HOURS } from '../../backend/src/metrics/monitor-metrics';
import { Database } from '../../backend/src/database/database';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { fmt, percentile, print, startBenchHttpApp, timeIt } from './harness';

const MONITORS = Math.min(Math.max(Number(process.env.BENCH_MONITORS ?? 1000), 1), 20_000);
const REGION_COUNT = Math.min(Math.max(Number(process.env.BENCH_REGIONS ?? 1), 1), 6);
const SCRAPES = Math.min(Math.max(Number(process.env.BENCH_SCRAPES ?? 30), 3), 1000);
const REGIONS = ALL_REGIONS.slice(0, REGION_COUNT);
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdefghijklmn';
const HOUR_MS = 3_600_000;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of an exposition (enough of the format for this bench's own output). */
function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const l of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** Baseline (b): prom-client's own Gauges holding the same series, serialized by its Registry. */
async function promClientSerialize(samples: readonly Sample[]): Promise<string> {
  const registry = new Registry();
  const gauges = new Map<string, Gauge>();
  for (const s of samples) {
    let gauge = gauges.get(s.name);
    if (!gauge) {
      gauge = new Gauge({ name: s.name, help: s.name, labelNames: Object.keys(s.labels), registers: [registry] });
      gauges.set(s.name, gauge);
    }
    gauge.set(s.labels, s.value);
  }
  return registry.metrics();
}

/** 24 hours of hourly aggregates for every location but the current hour (the report adds that one). */
async function seedHours(db: Database, workspaceId: string, monitorIds: string[], now: Date): Promise<void> {
  const thisHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const rows: unknown[][] = [];
  monitorIds.forEach((monitorId, m) => {
    for (let h = 1; h <= 24; h++) {
      for (const region of REGIONS) {
        const failed = (m + h) % 23 === 0 ? 3 : 0;
        const degraded = (m * 3 + h) % 11 === 0 ? 5 : 0;
        const successful = 120 - failed - degraded;
        const fast = Math.round(successful * 0.7);
        const sketch = { [bucketOf(30 + (m % 50))]: fast, [bucketOf(150 + h * 10)]: successful - fast + degraded };
        rows.push([
          monitorId,
          region,
          new Date(thisHour - h * HOUR_MS),
          workspaceId,
          successful,
          degraded,
          failed,
          sketch,
        ]);
      }
    }
  });
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    const column = (k: number) => chunk.map((r) => (k === 7 ? JSON.stringify(r[k]) : r[k]));
    await db.manager.query(
      `INSERT INTO check_aggregates (monitor_id, region, bucket_start, span, workspace_id, successful, degraded, failed, sketch)
       SELECT m, r, b, 'h', w, s, dg, f, sk::jsonb
         FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::bigint[], $5::int[], $6::int[], $7::int[], $8::text[])
           AS t(m, r, b, w, s, dg, f, sk)`,
      [0, 1, 2, 3, 4, 5, 6, 7].map(column),
    );
  }
}

async function main(): Promise<void> {
  const service = await startBenchHttpApp('metrics', { METRICS_TOKEN });
  const { app, url: baseUrl } = service;
  const db = app.get(Database);
  try {
    const installer = {
      actor: { type: 'system' as const, name: 'bench' },
      scope: 'write' as const,
      via: 'system' as const,
    };
    const workspace = await app.get(WorkspacesService).create(installer, { name: 'Bench', plan: 'pro' });
    const ctx = { ...installer, workspace: toWorkspaceRef(workspace) };
    const { key } = await app.get(ApiKeysService).create(ctx, { scope: 'read' });
    const now = new Date();
    const seedMs = await timeIt(async () => {
      const monitors = app.get(MonitorsService);
      const ids: string[] = [];
      for (let i = 0; i < MONITORS; i++) {
        const monitor = await monitors.create(ctx, 'http', {
          name: `Service ${i} of the bench`,
          url: 'http://127.0.0.1:9/',
          periodicity: '30s',
          regions: [...REGIONS],
          tags: i % 3 === 0 ? ['prod', `team-${i % 7}`] : ['staging'],
        });
        ids.push(monitor.id);
      }
      await app.get(RetentionService).maintain(now);
      await seedHours(db, workspace.id, ids, now);
      // The latest check of each location through the agents' report path: statuses, aggregates, latency.
      const slot = new Date(Math.floor(now.getTime() / 30_000) * 30_000 - 30_000);
      const notAfter = new Date(now.getTime() + 40 * 86_400_000).toISOString();
      const results: ReportedResult[] = ids.flatMap((monitorId, i) =>
        REGIONS.map((location) => ({
          run: {
            monitorId,
            location,
            trigger: 'cron' as const,
            triggerId: null,
            cronTimestamp: slot,
            periodMs: 30_000,
          },
          outcome: {
            ...emptyResult(),
            status: i % 50 === 0 ? ('error' as const) : ('success' as const),
            latencyMs: 20 + (i % 300),
            statusCode: 200,
            attempts: 1,
            details:
              i % 2 === 0
                ? {
                    certificate: {
                      subject: 'CN=127.0.0.1',
                      sans: ['IP Address:127.0.0.1'],
                      issuer: 'CN=127.0.0.1',
                      serial: '01',
                      notBefore: new Date(Date.now() - 86_400_000).toISOString(),
                      notAfter: notAfter,
                      daysLeft: 39,
                      verified: true,
                      verificationError: null,
                    },
                  }
                : {},
          },
          startedAt: slot,
        })),
      );
      const work = app.get(CheckWorkService);
      for (let i = 0; i < results.length; i += 500)
        await work.report(
          { agentId: 'bench', locations: [...REGIONS], privateLocationId: null },
          results.slice(i, i + 500),
        );
    });

    const scrape = async (authorization: string | null, path = '/metrics') => {
      const response = await fetch(`${baseUrl}${path}`, authorization ? { headers: { authorization } } : {});
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
      return text;
    };
    const timed = async (fn: () => Promise<unknown>) => {
      await fn();
      await fn(); // warm: plans cached, connections open
      const times: number[] = [];
      for (let i = 0; i < SCRAPES; i++) times.push(await timeIt(fn));
      return times;
    };

    const keyText = await scrape(`Bearer ${key}`);
    const operatorText = await scrape(`Bearer ${METRICS_TOKEN}`);
    const keySamples = samplesOf(keyText);
    const locations = new Set(
      keySamples
        .filter((s) => s.name === 'uptime_monitor_status')
        .map((s) => `${s.labels.monitor_id}|${s.labels.region}`),
    );
    if (locations.size !== MONITORS * REGIONS.length)
      throw new Error(`expected ${MONITORS * REGIONS.length} locations, scraped ${locations.size}`);

    const ours = await timed(() => scrape(`Bearer ${key}`));
    const operator = await timed(() => scrape(`Bearer ${METRICS_TOKEN}`));
    // Where our time goes: the snapshot read alone, and the exposition of the rows it read.
    const results = app.get<CheckResultsPort>(CHECK_RESULTS_PORT);
    const since = () => new Date(Date.now() - WINDOW_HOURS * HOUR_MS);
    const snapshot = await timed(() => results.metricsSnapshot(workspace.id, since()));
    const rows = await results.metricsSnapshot(workspace.id, since());
    const exposing = await timed(() => expose(monitorFamilies(rows)));
    const select = await timed(() =>
      db.rows(
        `SELECT monitor_id, region, status, last_checked_at FROM monitor_region_statuses WHERE workspace_id = $1`,
        [workspace.id],
      ),
    );
    const serialize = await timed(() => promClientSerialize(keySamples));
    const ready = await timed(() => scrape(null, '/ready'));

    const p50 = (values: number[]) => percentile(values, 0.5);
    const p95 = (values: number[]) => percentile(values, 0.95);
    print(
      `GET /metrics at ${MONITORS} monitors × ${REGIONS.length} region(s) (${service.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}), ${SCRAPES} scrapes each`,
      [
        ['seed (monitors, 24 h of aggregates, latest results)', `${fmt(seedMs / 1000, 1)} s`],
        ['series: key scrape / operator scrape', `${keySamples.length} / ${samplesOf(operatorText).length}`],
        ['bytes: key scrape / operator scrape', `${keyText.length} / ${operatorText.length}`],
        ['ours, API key: p50 / p95 ms', `${fmt(p50(ours))} / ${fmt(p95(ours))}`],
        ['ours, METRICS_TOKEN: p50 / p95 ms', `${fmt(p50(operator))} / ${fmt(p95(operator))}`],
        ['  of which the snapshot read: p50 ms', fmt(p50(snapshot))],
        ['  of which the exposition of its rows: p50 ms', fmt(p50(exposing))],
        ['(a) plain SELECT of the status rows: p50 ms', fmt(p50(select))],
        ['(b) prom-client, same series, no database: p50 ms', fmt(p50(serialize))],
        ['(c) GET /ready, same client: p50 ms', fmt(p50(ready))],
        ['ours (key) / (a) SELECT', `${fmt(p50(ours) / p50(select), 1)}×`],
        ['ours (key) / (b) prom-client alone', `${fmt(p50(ours) / p50(serialize), 1)}×`],
        ['ours (key) / ((a) + (b) + (c))', `${fmt(p50(ours) / (p50(select) + p50(serialize) + p50(ready)), 2)}×`],
      ],
    );
  } finally {
    await service.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
