// Benchmark: the dashboard's overview of 1,000 monitors (issue #16). Each monitor runs in 3 regions
// and has 14 days of daily aggregates, 24 hours of hourly ones and a latest status per region
// (written straight into the tables for speed).
//  (a) server time of the overview: the verb (status, locations, uptime over 24 h / 7 d / 14 d, the
//      latency series) plus the HTML, p50/p95 over BENCH_RENDERS renders inside the service's
//      process; target p50 <= 100 ms. The first render, which reads the 14 days of every monitor, is
//      printed apart.
//  (b) over HTTP, driven by the same client one request at a time: GET of the overview page with a
//      session, against the RPC ListMonitors of the same 1,000 monitors (10 pages of 100, Connect
//      JSON with an API key), with the ratio.
//   npm run bench:dashboard                               (embedded PGlite)
//   DATABASE_URL=postgres://... npm run bench:dashboard   (a scratch database, dropped afterwards)
//   BENCH_MONITORS=1000 BENCH_RENDERS=30 BENCH_ROUNDS=20
//   BENCH_PROFILE=/tmp/overview.cpuprofile                 (a CPU profile of the timed renders)
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiKeysService } from '../../backend/src/api-keys/api-keys.service';
import { AppModule } from '../../backend/src/app.module';
import { bucketOf } from '../../backend/src/check-results/latency-sketch';
import { loadConfig } from '../../backend/src/config/config';
import { cookieNames } from '../../backend/src/http/cookies';
import { monitorsOverviewPage } from '../../backend/src/dashboard/pages/monitors-overview.page';
import { SessionsService } from '../../backend/src/dashboard/sessions/sessions.service';
import { Database } from '../../backend/src/database/database';
import { startEphemeralDatabase } from '../../backend/src/database/embedded/embedded-postgres';
import { fastifyOptions } from '../../backend/src/server/fastify-options';
import { registerTransports } from '../../backend/src/server/transports';
import { createLogger } from '../../backend/src/logging/logger';
import { FIGURES_TTL_MS, MonitorsOverviewService } from '../../backend/src/monitors/monitors-overview.service';
import { UsersService } from '../../backend/src/users/users.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { fmt, percentile, print, scratchDatabase } from './harness';

/** The V8 profiler of this process, through the inspector: what BENCH_PROFILE writes. */
async function startProfile(): Promise<{ stop(): Promise<unknown> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return profile;
    },
  };
}

const MONITORS = Math.min(Math.max(Number(process.env.BENCH_MONITORS ?? 1000), 10), 5000);
const RENDERS = Math.min(Math.max(Number(process.env.BENCH_RENDERS ?? 30), 5), 500);
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 20), 3), 500);
const REGIONS = ['fly-ams', 'fly-iad', 'fly-sin'] as const;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const TARGET_MS = 100;
const PAGE_SIZE = 100;

interface TargetInfo {
  url: string;
  kind: 'postgres' | 'pglite';
  slug: string;
  cookie: string;
  key: string;
  first: number;
  /** Renders whose uptime and latency figures had all expired (they are kept 30 s per monitor). */
  expired: number[];
  renders: number[];
  /** Of each render, the verb alone (the reads). */
  verbs: number[];
  bytes: number;
}

const untilStdinCloses = () =>
  new Promise<void>((resolve) => {
    process.stdin.on('end', resolve).on('close', resolve).resume();
  });

async function insertRows(db: Database, sql: string, rows: unknown[][], columns: number): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    await db.manager.query(
      sql,
      Array.from({ length: columns }, (_, k) => chunk.map((r) => r[k])),
    );
  }
}

/** 14 days of daily aggregates, 25 hours of hourly ones and each region's latest status. */
async function seed(db: Database, workspaceId: string, monitorIds: string[], now: Date): Promise<void> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const aggregates: unknown[][] = [];
  const statuses: unknown[][] = [];
  monitorIds.forEach((monitorId, m) => {
    for (const region of REGIONS) {
      for (let d = 0; d < 14; d++) {
        const failed = (m + d) % 23 === 0 ? 40 : 0;
        const successful = 2880 - failed;
        const sketch = { [bucketOf(40 + (m % 50))]: successful - 100, [bucketOf(200 + d * 3)]: 100 };
        aggregates.push([
          monitorId,
          region,
          new Date(today - d * DAY_MS),
          'd',
          workspaceId,
          successful,
          0,
          failed,
          JSON.stringify(sketch),
        ]);
      }
      for (let h = 0; h < 25; h++) {
        const failed = (m + h) % 29 === 0 ? 10 : 0;
        const sketch = { [bucketOf(40 + (m % 50))]: 120 - failed };
        aggregates.push([
          monitorId,
          region,
          new Date(hour - h * HOUR_MS),
          'h',
          workspaceId,
          120 - failed,
          0,
          failed,
          JSON.stringify(sketch),
        ]);
      }
      statuses.push([
        monitorId,
        region,
        workspaceId,
        m % 97 === 0 ? 'error' : 'active',
        new Date(now.getTime() - 20_000),
      ]);
    }
  });
  await insertRows(
    db,
    `INSERT INTO check_aggregates (monitor_id, region, bucket_start, span, workspace_id, successful, degraded, failed, sketch)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::char(1)[], $5::bigint[], $6::int[], $7::int[], $8::int[], $9::jsonb[])`,
    aggregates,
    9,
  );
  await insertRows(
    db,
    `INSERT INTO monitor_region_statuses (monitor_id, region, workspace_id, status, last_checked_at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[])`,
    statuses,
    5,
  );
  await db.manager.query(
    `UPDATE monitors SET status = CASE WHEN id::text = ANY($1::text[]) THEN 'degraded' ELSE 'active' END WHERE workspace_id = $2`,
    [monitorIds.filter((_, m) => m % 97 === 0), workspaceId],
  );
}

async function serve(): Promise<void> {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
  const embedded = scratch ? null : await startEphemeralDatabase();
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: scratch?.url ?? embedded!.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-dashboard-')),
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    BOOTSTRAP: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_FAILURE_LIMIT: '0',
    CHECKER_EMBEDDED: 'false',
    DASHBOARD_PORT: 'off',
  });
  const logger = createLogger('silent');
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, logger),
    new FastifyAdapter(fastifyOptions(config, logger)),
    { logger: false },
  );
  await registerTransports(app);
  await app.listen({ port: 0, host: '127.0.0.1' });

  const installer = {
    actor: { type: 'system' as const, name: 'bench' },
    scope: 'write' as const,
    via: 'system' as const,
  };
  const workspace = await app.get(WorkspacesService).create(installer, { name: 'Bench', plan: 'pro' });
  const ctx = { ...installer, workspace: toWorkspaceRef(workspace) };
  const db = app.get(Database);
  // The monitors are inserted in one statement: creating 1,000 through the verb is not what is measured.
  const inserted = await db.rows<{ id: string }>(
    `INSERT INTO monitors (workspace_id, kind, name, url, periodicity, regions, active, status)
     SELECT $1, 'http', 'Service ' || n, 'https://service-' || n || '.example/health', '30s', $2::text[], true, 'active'
       FROM generate_series(1, $3::int) AS n
     RETURNING id::text AS id`,
    [workspace.id, [...REGIONS], MONITORS],
  );
  const monitorIds = inserted.map((r) => r.id);
  const now = new Date();
  await seed(db, workspace.id, monitorIds, now);
  const { user } = await app
    .get(UsersService)
    .addMember(ctx, { email: 'owner@bench.example', role: 'owner', name: 'Bench owner' });
  const session = await app.get(SessionsService).start(user.id);
  const { key } = await app.get(ApiKeysService).create(ctx, { scope: 'read' });

  // (a) Server time: the verb and the render, in this process, before any load.
  const overview = app.get(MonitorsOverviewService);
  const frame = {
    email: 'owner@bench.example',
    csrf: 'x'.repeat(43),
    workspaces: [],
    current: { slug: workspace.slug, name: workspace.name, role: 'owner' as const, area: 'monitors' as const },
  };
  const render = async () => {
    const data = await overview.overview(ctx, {});
    return monitorsOverviewPage(frame, { overview: data, filter: {} }).value;
  };
  let start = performance.now();
  let bytes = Buffer.byteLength(await render());
  const first = performance.now() - start;
  const renders: number[] = [];
  const verbs: number[] = [];
  // BENCH_PROFILE=<file>: a CPU profile of the timed renders (open it in Chrome DevTools).
  const profiler = process.env.BENCH_PROFILE ? await startProfile() : null;
  for (let i = 0; i < RENDERS + 3; i++) {
    start = performance.now();
    const data = await overview.overview(ctx, {});
    const read = performance.now();
    bytes = Buffer.byteLength(monitorsOverviewPage(frame, { overview: data, filter: {} }).value);
    if (i >= 3) {
      renders.push(performance.now() - start);
      verbs.push(read - start);
    }
  }

  if (profiler) writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(await profiler.stop()));
  // Every FIGURES_TTL_MS a monitor's figures are recomputed from the aggregates: renders as if that
  // much time had passed for all of them at once (the past days themselves stay kept).
  const expired: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const later = new Date(Date.now() + i * (FIGURES_TTL_MS + 1000));
    start = performance.now();
    const data = await overview.overview(ctx, {}, later);
    monitorsOverviewPage(frame, { overview: data, filter: {} });
    expired.push(performance.now() - start);
  }

  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const info: TargetInfo = {
    url: `http://127.0.0.1:${port}`,
    kind: scratch ? 'postgres' : 'pglite',
    slug: workspace.slug,
    cookie: `${cookieNames(config.dashboardUrl).session}=${session.token}`,
    key,
    first,
    expired,
    renders,
    verbs,
    bytes,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  await untilStdinCloses();
  await app.close();
  await embedded?.close();
  await scratch?.drop();
}

// ---- the client ------------------------------------------------------------------------------

function startServer(): Promise<{ info: TargetInfo; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [__filename, 'serve'], {
    env: process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 600 s')), 600_000);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve({
        info: JSON.parse(line) as TargetInfo,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.stdin!.end();
            setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
          }),
      });
    });
  });
}

/** Milliseconds of each of ROUNDS runs of `fn`, after three warm-up runs. */
async function timeRounds(fn: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS + 3; i++) {
    const start = performance.now();
    await fn();
    if (i >= 3) times.push(performance.now() - start);
  }
  return times;
}

async function main(): Promise<void> {
  const server = await startServer();
  const { url, kind, slug, cookie, key, first, expired, renders, verbs, bytes } = server.info;
  try {
    const pages = Math.ceil(MONITORS / PAGE_SIZE);
    const overviewPage = async () => {
      const answer = await fetch(`${url}/app/w/${slug}/monitors`, { headers: { cookie } });
      const body = await answer.text();
      if (answer.status !== 200 || !body.includes('table class="monitors"'))
        throw new Error(`GET /app/w/${slug}/monitors answered ${answer.status}`);
    };
    const listMonitors = async () => {
      let seen = 0;
      for (let p = 0; p < pages; p++) {
        const answer = await fetch(`${url}/rpc/monitor.v1.MonitorService/ListMonitors`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-key': key },
          body: JSON.stringify({ limit: PAGE_SIZE, offset: p * PAGE_SIZE }),
        });
        const body = (await answer.json()) as { httpMonitors?: unknown[] };
        if (answer.status !== 200) throw new Error(`ListMonitors answered ${answer.status}`);
        seen += body.httpMonitors?.length ?? 0;
      }
      if (seen !== MONITORS) throw new Error(`ListMonitors listed ${seen} of ${MONITORS} monitors`);
    };
    const baseline = await timeRounds(listMonitors);
    const page = await timeRounds(overviewPage);
    const renderP50 = percentile(renders, 0.5);
    const stats = (t: number[]) => `p50 ${fmt(percentile(t, 0.5), 1)} ms  p95 ${fmt(percentile(t, 0.95), 1)} ms`;
    print(`Dashboard overview, ${MONITORS} monitors x ${REGIONS.length} regions, on ${kind}`, [
      ['page size', `${fmt(bytes / 1024, 1)} KiB of HTML`],
      ['first render (reads 14 days of every monitor)', `${fmt(first, 1)} ms`],
      ["render when every monitor's figures expired, 5 times", stats(expired)],
      [`server time (verb + HTML), ${renders.length} renders`, stats(renders)],
      ['  of which the verb (reads)', stats(verbs)],
      [`target p50 <= ${TARGET_MS} ms`, `${fmt(renderP50, 1)} ms: ${renderP50 <= TARGET_MS ? 'met' : 'NOT met'}`],
      [`RPC ListMonitors, ${pages} pages of ${PAGE_SIZE} (baseline), ${ROUNDS} rounds`, stats(baseline)],
      [`GET overview page over HTTP, ${ROUNDS} rounds`, stats(page)],
      ['overview page / ListMonitors (p50)', `${fmt(percentile(page, 0.5) / percentile(baseline, 0.5), 2)}x`],
    ]);
  } finally {
    await server.stop();
  }
}

(process.argv[2] === 'serve' ? serve() : main()).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
