// Benchmark: the public status page. A page of 100 components, each showing a public monitor with 90
// days of daily aggregates (counts and latency sketches in 3 regions, written straight into
// check_aggregates for speed), an open incident and a maintenance.
//  (a) build time: snapshot from the database plus HTML render, the cache bypassed, p50/p95 over
//      BENCH_BUILDS builds; target p50 <= 20 ms. Measured inside the service's process before any load.
//  (b) cached response time of GET /status/<slug> against the plain GET /ready route of the same
//      server, driven in the same run by the same client (autocannon, one process of its own for the
//      server so the load generator never shares its event loop), with ratios.
//   npm run bench:status-page                               (embedded PGlite)
//   DATABASE_URL=postgres://... npm run bench:status-page   (a scratch database, dropped afterwards)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=16 BENCH_BUILDS=50
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import autocannon from 'autocannon';
import { AppModule } from '../../backend/src/app.module';
import { CheckResultsRepository } from '../../backend/src/check-results/check-results.repository';
import { bucketOf } from '../../backend/src/check-results/latency-sketch';
import { loadConfig } from '../../backend/src/config/config';
import { Database } from '../../backend/src/database/database';
import { startEphemeralDatabase } from '../../backend/src/database/embedded/embedded-postgres';
import { fastifyOptions } from '../../backend/src/server/fastify-options';
import { registerTransports } from '../../backend/src/server/transports';
import { createLogger } from '../../backend/src/logging/logger';
import { MaintenancesService } from '../../backend/src/maintenances/maintenances.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { PUBLIC_DAYS } from '../../backend/src/public-pages/public-page.types';
import { PublicPagesService } from '../../backend/src/public-pages/public-pages.service';
import { renderStatusPage } from '../../backend/src/public-pages/render/page.render';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { fmt, percentile, print, scratchDatabase, timeIt } from './harness';

const SECONDS = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 10), 1), 120);
const CONNECTIONS = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 16), 1), 256);
const BUILDS = Math.min(Math.max(Number(process.env.BENCH_BUILDS ?? 50), 5), 1000);
const WARMUP_SECONDS = 2;
const COMPONENTS = 100;
const REGIONS = ['fly-ams', 'fly-iad', 'fly-sin'] as const;
const DAY_MS = 86_400_000;
const BUILD_TARGET_MS = 20;

/** What the server process reports once it listens. */
interface TargetInfo {
  url: string;
  slug: string;
  kind: 'postgres' | 'pglite';
  /** Milliseconds of each uncached build (snapshot + render). */
  builds: number[];
  /** Of those, the snapshot alone. */
  snapshots: number[];
  /** The two heaviest reads of a snapshot timed alone, to show where a build's time goes. */
  parts: Record<string, number[]>;
  bytes: number;
}

// ---- the server process ----------------------------------------------------------------------

const untilStdinCloses = () =>
  new Promise<void>((resolve) => {
    process.stdin.on('end', resolve).on('close', resolve).resume();
  });

/** 90 days of daily aggregates for each monitor and region: mostly green, some failures and slow days. */
async function seedAggregates(db: Database, workspaceId: string, monitorIds: string[], now: Date): Promise<void> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows: unknown[][] = [];
  monitorIds.forEach((monitorId, m) => {
    for (let d = 0; d < PUBLIC_DAYS; d++) {
      // A few days without data, as a new monitor or an agent outage would leave.
      if ((m + d) % 47 === 0) continue;
      for (const region of REGIONS) {
        const failed = (m * 7 + d) % 31 === 0 ? 12 : 0;
        const degraded = (m + d * 3) % 17 === 0 ? 30 : 0;
        const successful = 2880 - failed - degraded;
        const fast = Math.round(successful * 0.6);
        const sketch = { [bucketOf(40 + (m % 30))]: fast, [bucketOf(180 + d)]: successful - fast };
        rows.push([monitorId, region, new Date(today - d * DAY_MS), workspaceId, successful, degraded, failed, sketch]);
      }
    }
  });
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const column = (k: number) => chunk.map((r) => (k === 7 ? JSON.stringify(r[k]) : r[k]));
    await db.manager.query(
      `INSERT INTO check_aggregates (monitor_id, region, bucket_start, span, workspace_id, successful, degraded, failed, sketch)
       SELECT m, r, b, 'd', w, s, dg, f, sk::jsonb
         FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::bigint[], $5::int[], $6::int[], $7::int[], $8::text[])
           AS t(m, r, b, w, s, dg, f, sk)`,
      [0, 1, 2, 3, 4, 5, 6, 7].map(column),
    );
  }
}

async function serve(): Promise<void> {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
  const embedded = scratch ? null : await startEphemeralDatabase();
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: scratch?.url ?? embedded!.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-status-page-')),
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    BOOTSTRAP: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_FAILURE_LIMIT: '0',
    CHECKER_EMBEDDED: 'false',
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
  const page = await app.get(StatusPagesService).create(ctx, {
    title: 'Bench status',
    slug: 'bench',
    description: 'A page of 100 components with 90 days of history.',
    locales: ['en', 'fr', 'de', 'es'],
  });
  const monitors = app.get(MonitorsService);
  const components = app.get(PageComponentsService);
  const groups = await Promise.all(
    Array.from({ length: 10 }, (_, g) => components.createGroup(ctx, { pageId: page.id, name: `Group ${g + 1}` })),
  );
  const monitorIds: string[] = [];
  const componentIds: string[] = [];
  for (let i = 0; i < COMPONENTS; i++) {
    const monitor = await monitors.create(ctx, 'http', {
      name: `Service ${i + 1}`,
      url: 'http://127.0.0.1:9/',
      periodicity: '30s',
      regions: [...REGIONS],
      public: true,
    });
    monitorIds.push(monitor.id);
    const component = await components.createComponent(ctx, {
      pageId: page.id,
      type: 'monitor',
      monitorId: monitor.id,
      name: `Service ${i + 1}`,
      order: i,
      groupId: i < 90 ? groups[Math.floor(i / 9)].id : null,
      groupOrder: i % 9,
    });
    componentIds.push(component.id);
  }
  const now = new Date();
  await seedAggregates(app.get(Database), workspace.id, monitorIds, now);
  await app.get(StatusReportsService).create(
    ctx,
    {
      pageId: page.id,
      title: 'Elevated errors',
      message: 'Investigating.',
      pageComponentIds: componentIds.slice(0, 3),
    },
    false,
  );
  await app.get(MaintenancesService).create(
    ctx,
    {
      pageId: page.id,
      title: 'Database upgrade',
      message: 'Rolling upgrade.',
      from: new Date(now.getTime() - 3_600_000),
      to: new Date(now.getTime() + 3_600_000),
      pageComponentIds: componentIds.slice(10, 20),
    },
    false,
  );

  // (a) Uncached builds, before any load: the snapshot read from the database, then the HTML.
  const service = app.get(PublicPagesService);
  const found = await service.findBySlug('bench');
  if (!found) throw new Error('the bench page is not published');
  const builds: number[] = [];
  const snapshots: number[] = [];
  let bytes = 0;
  for (let i = 0; i < BUILDS + 5; i++) {
    const start = performance.now();
    const snapshot = await service.buildSnapshot(found, now);
    const built = performance.now();
    const document = renderStatusPage({ snapshot, locale: 'en', base: '/status/bench' });
    const end = performance.now();
    bytes = Buffer.byteLength(document);
    // The first builds warm the JIT and the connection pool.
    if (i >= 5) {
      builds.push(end - start);
      snapshots.push(built - start);
    }
  }

  const results = app.get(CheckResultsRepository);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const [from, to] = [new Date(today - (PUBLIC_DAYS - 1) * DAY_MS), new Date(today + DAY_MS)];
  const parts: Record<string, number[]> = { 'daily counts read': [], 'daily latency read': [] };
  for (let i = 0; i < Math.min(BUILDS, 20); i++) {
    parts['daily counts read'].push(await timeIt(() => results.dailyCounts(monitorIds, from, to)));
    parts['daily latency read'].push(await timeIt(() => results.dailyLatency(monitorIds, from, to)));
  }

  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const info: TargetInfo = {
    url: `http://127.0.0.1:${port}`,
    slug: 'bench',
    kind: scratch ? 'postgres' : 'pglite',
    builds,
    snapshots,
    parts,
    bytes,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  await untilStdinCloses();
  await app.close();
  await embedded?.close();
  await scratch?.drop();
}

// ---- the load generator ----------------------------------------------------------------------

interface Server {
  info: TargetInfo;
  stop(): Promise<void>;
}

function startServer(): Promise<Server> {
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

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** GETs of one URL for `seconds`, exact percentiles from every response time. */
async function drive(url: string, seconds: number): Promise<Figures> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, method: 'GET', connections: CONNECTIONS, duration: seconds }, (error, done) =>
      error ? reject(error) : resolve(done),
    ).on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  return {
    rps: result.requests.total / seconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function measure(url: string): Promise<Figures> {
  await drive(url, WARMUP_SECONDS);
  return drive(url, SECONDS);
}

const row = (f: Figures) =>
  `${fmt(f.rps, 0).padStart(6)} req/s  p50 ${fmt(f.p50, 1)} ms  p95 ${fmt(f.p95, 1)} ms  p99 ${fmt(f.p99, 1)} ms  errors ${f.errors}`;

async function main(): Promise<void> {
  const server = await startServer();
  const { url, slug, kind, builds, snapshots, parts, bytes } = server.info;
  try {
    const pageUrl = `${url}/status/${slug}`;
    const first = await fetch(pageUrl);
    if (first.status !== 200) throw new Error(`GET /status/${slug} answered ${first.status}`);
    const ready = await fetch(`${url}/ready`);
    if (ready.status !== 200) throw new Error(`GET /ready answered ${ready.status}`);

    const baseline = await measure(`${url}/ready`);
    const cached = await measure(pageUrl);
    const buildP50 = percentile(builds, 0.5);
    print(`Status page, ${COMPONENTS} components x ${PUBLIC_DAYS} days, on ${kind}`, [
      ['page size', `${fmt(bytes / 1024, 1)} KiB of HTML`],
      [
        `build (snapshot + render), ${builds.length} builds`,
        `p50 ${fmt(buildP50)} ms  p95 ${fmt(percentile(builds, 0.95))} ms`,
      ],
      ['  of which snapshot', `p50 ${fmt(percentile(snapshots, 0.5))} ms  p95 ${fmt(percentile(snapshots, 0.95))} ms`],
      ...Object.entries(parts).map(([name, times]): [string, string] => [
        `  ${name} alone`,
        `p50 ${fmt(percentile(times, 0.5))} ms  p95 ${fmt(percentile(times, 0.95))} ms`,
      ]),
      [
        `target build p50 <= ${BUILD_TARGET_MS} ms`,
        `${fmt(buildP50)} ms: ${buildP50 <= BUILD_TARGET_MS ? 'met' : 'NOT met'}`,
      ],
      [`GET /ready (baseline), ${CONNECTIONS} connections, ${SECONDS} s`, row(baseline)],
      [`GET /status/${slug} (cached)`, row(cached)],
      ['page / baseline throughput', `${fmt(cached.rps / baseline.rps, 3)}x`],
      ['page / baseline p50 latency', `${fmt(cached.p50 / Math.max(baseline.p50, 0.001), 2)}x`],
      ['build p50 / cached response p50', `${fmt(buildP50 / Math.max(cached.p50, 0.001), 2)}x`],
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
