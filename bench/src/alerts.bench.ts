// Benchmark: alert latency, from sending the failing check's result to the agents' report path
// (POST /agent/v1/report, as a remote agent with the shared token would) to a loopback webhook
// receiver getting the alert. Baseline, measured in the same run on the same requests: the ingest
// call alone, from send to answer. Target: alert p99 <= 1 s.
//
// Two processes, so the client and the receiver never share the service's event loop (as in
// api.bench.ts): this one times everything on one clock; the service, started by this same file with
// the argument `service`, is the whole HTTP application with its delivery worker at its production
// settings (no shortened poll: the NOTIFY wake-up is what is measured), on the PostgreSQL of
// DATABASE_URL (a scratch database, dropped afterwards) or on embedded PGlite.
//
// Each sample is one real transition: monitors (one region, one webhook channel each) are taken in
// turn, so a channel's previous delivery has long finished when its monitor fails again; the next
// sample starts only once the alert arrived. A repeated failure and the recovery follow each down
// (timed too: ingest without a transition, and recovery latency). At the end every alert received is
// matched one-to-one to a transition, and the outbox must hold exactly one attempt per delivery.
//
// The dependency case (issue 29): a router monitor with DEPENDENTS children (parent_monitor_ids), all
// wired to one webhook. Two orders, as they happen in production: (a) the router fails, then its
// children's failing results arrive: their alerts are recorded as suppressed in the ingest; timed as
// the ingest of those results, against the baseline of the same number of failing results of
// independent monitors (whose alerts are queued); (b) the children fail first (their alerts wait for
// their parents, DEPENDENCY_SETTLE_MS), then the router fails: the router's ingest suppresses what
// they have waiting, timed against a plain monitor's failing ingest. Either way the receiver must get
// the router's alert and none of its children's.
//   npm run bench:alerts                                  (embedded PGlite)
//   DATABASE_URL=postgres://... npm run bench:alerts      BENCH_TRANSITIONS=200 BENCH_MONITORS=20
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../../backend/src/app.module';
import { loadConfig } from '../../backend/src/config/config';
import { Database } from '../../backend/src/database/database';
import { startEphemeralDatabase } from '../../backend/src/database/embedded/embedded-postgres';
import { fastifyOptions } from '../../backend/src/server/fastify-options';
import { registerTransports } from '../../backend/src/server/transports';
import { createLogger } from '../../backend/src/logging/logger';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { fmt, percentile, print, scratchDatabase } from './harness';

const TRANSITIONS = Math.min(Math.max(Number(process.env.BENCH_TRANSITIONS ?? 200), 10), 2000);
const MONITORS = Math.min(Math.max(Number(process.env.BENCH_MONITORS ?? 20), 2), 200);
/** Down and recovery cycles before the measured ones (connections, JIT, caches), not timed. */
const WARMUP = 5;
const TARGET_P99_MS = 1_000;
/** Longer than the worker's poll (5 s) and send deadline (10 s): a lost wake-up still shows as a figure. */
const ARRIVAL_TIMEOUT_MS = 30_000;
const REGION = 'fly-ams';
const DEPENDENTS = Math.min(Math.max(Number(process.env.BENCH_DEPENDENTS ?? 1000), 10), 5000);
/** Results per report request in the dependency case. */
const BATCH = 200;

interface ServiceInfo {
  url: string;
  kind: 'postgres' | 'pglite';
  agentToken: string;
  monitors: Array<{ id: string; path: string }>;
  /** The dependency case: routers with their children, and independent monitors, on one webhook. */
  deps: {
    path: string;
    independentPath: string;
    routerA: string;
    childrenA: string[];
    routerB: string;
    childrenB: string[];
    independent: string[];
  };
}

interface OutboxCounts {
  transitions: number;
  alerting: number;
  deliveries: Record<string, { rows: number; attempts: number }>;
}

// --- the service process --------------------------------------------------------------------------

async function service(receiverUrl: string, monitors: number): Promise<void> {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
  const embedded = scratch ? null : await startEphemeralDatabase();
  const agentToken = randomBytes(24).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: scratch?.url ?? embedded!.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-alerts-')),
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    BOOTSTRAP: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_FAILURE_LIMIT: '0',
    CHECKER_EMBEDDED: 'false',
    AGENT_TOKEN: agentToken,
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
  const created: ServiceInfo['monitors'] = [];
  for (let i = 0; i < monitors; i++) {
    const monitor = await app.get(MonitorsService).create(ctx, 'http', {
      name: `bench ${i}`,
      url: 'http://127.0.0.1:9/',
      periodicity: '1m',
      regions: [REGION],
    });
    const path = `/hook/${monitor.id}`;
    await app.get(NotificationsService).create(ctx, {
      name: `hook ${i}`,
      providerType: 'webhook',
      monitorIds: [monitor.id],
      provider: { kind: 'webhook', args: { endpoint: `${receiverUrl}${path}`, headers: [] } },
    });
    created.push({ id: monitor.id, path });
  }
  const monitorsOf = async (prefix: string, n: number, parents: string[] = []) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const m = await app.get(MonitorsService).create(ctx, 'http', {
        name: `${prefix} ${i}`,
        url: 'http://127.0.0.1:9/',
        periodicity: '1m',
        regions: [REGION],
        alerting: parents.length ? { parentMonitorIds: parents } : undefined,
      });
      ids.push(m.id);
    }
    return ids;
  };
  const [routerA] = await monitorsOf('router a', 1);
  const [routerB] = await monitorsOf('router b', 1);
  const deps: ServiceInfo['deps'] = {
    path: '/hook/deps',
    independentPath: '/hook/independent',
    routerA,
    routerB,
    childrenA: await monitorsOf('child a', DEPENDENTS, [routerA]),
    childrenB: await monitorsOf('child b', DEPENDENTS, [routerB]),
    independent: await monitorsOf('independent', DEPENDENTS),
  };
  await app.get(NotificationsService).create(ctx, {
    name: 'deps hook',
    providerType: 'webhook',
    monitorIds: [routerA, routerB, ...deps.childrenA, ...deps.childrenB],
    provider: { kind: 'webhook', args: { endpoint: `${receiverUrl}${deps.path}`, headers: [] } },
  });
  await app.get(NotificationsService).create(ctx, {
    name: 'independent hook',
    providerType: 'webhook',
    monitorIds: deps.independent,
    provider: { kind: 'webhook', args: { endpoint: `${receiverUrl}${deps.independentPath}`, headers: [] } },
  });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const info: ServiceInfo = {
    url: `http://127.0.0.1:${port}`,
    kind: scratch ? 'postgres' : 'pglite',
    agentToken,
    monitors: created,
    deps,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);

  // One command on stdin: `settle` answers the outbox's counts once nothing is pending.
  const db = app.get(Database);
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line.startsWith('statuses ')) {
      // The deliveries of the given monitors by status: `statuses <id,id,...>`.
      const rows = await db.rows<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM alert_deliveries WHERE monitor_id = ANY($1::bigint[]) GROUP BY status',
        [line.slice('statuses '.length).trim().split(',')],
      );
      process.stdout.write(`${JSON.stringify(Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])))}\n`);
      continue;
    }
    if (line.trim() !== 'settle') continue;
    const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
    let rows: Array<{ status: string; n: string; attempts: string }> = [];
    do {
      rows = await db.rows(
        'SELECT status, count(*) AS n, sum(attempts) AS attempts FROM alert_deliveries GROUP BY status',
      );
      if (!rows.some((r) => r.status === 'pending')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } while (Date.now() < deadline);
    const [t] = await db.rows<{ n: string; alerting: string }>(
      'SELECT count(*) AS n, count(kind) AS alerting FROM alert_transitions',
    );
    const counts: OutboxCounts = {
      transitions: Number(t.n),
      alerting: Number(t.alerting),
      deliveries: Object.fromEntries(rows.map((r) => [r.status, { rows: Number(r.n), attempts: Number(r.attempts) }])),
    };
    process.stdout.write(`${JSON.stringify(counts)}\n`);
  }
  await app.close();
  await embedded?.close();
  await scratch?.drop();
}

// --- the measuring process ------------------------------------------------------------------------

interface Arrival {
  at: number;
  path: string;
  event: string;
  monitorId: string;
  incidentKey: string;
}

/** A webhook receiver on 127.0.0.1 that stamps each request when its body has fully arrived. */
async function startReceiver() {
  const arrivals: Arrival[] = [];
  const queues = new Map<string, Arrival[]>();
  const waiting = new Map<string, (a: Arrival) => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        event: string;
        incident_key: string;
        monitor: { id: string };
      };
      const path = new URL(req.url ?? '/', 'http://receiver').pathname;
      const arrival = { at, path, event: body.event, monitorId: body.monitor.id, incidentKey: body.incident_key };
      arrivals.push(arrival);
      const waiter = waiting.get(path);
      if (waiter) {
        waiting.delete(path);
        waiter(arrival);
      } else queues.set(path, [...(queues.get(path) ?? []), arrival]);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    /** The next request on `path` not taken yet, arrived already or to come. */
    next(path: string): Promise<Arrival> {
      const queued = queues.get(path);
      if (queued?.length) return Promise.resolve(queued.shift()!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(path);
          reject(new Error(`no alert on ${path} within ${ARRIVAL_TIMEOUT_MS} ms`));
        }, ARRIVAL_TIMEOUT_MS);
        waiting.set(path, (a) => {
          clearTimeout(timer);
          resolve(a);
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Service {
  info: ServiceInfo;
  settle(): Promise<OutboxCounts>;
  statuses(monitorIds: string[]): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

function startService(receiverUrl: string): Promise<Service> {
  const child: ChildProcess = spawn(process.execPath, [__filename, 'service', receiverUrl, String(MONITORS)], {
    env: process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('service did not start within 120 s')), 120_000);
    // Before its first line (its error is on stderr) or during the run: nothing left to measure.
    child.once('exit', (code) => {
      process.stderr.write(`service exited with ${code}\n`);
      process.exit(1);
    });
    void nextLine().then((line) => {
      clearTimeout(timer);
      resolve({
        info: JSON.parse(line) as ServiceInfo,
        settle: async () => {
          const answer = nextLine();
          child.stdin!.write('settle\n');
          return JSON.parse(await answer) as OutboxCounts;
        },
        statuses: async (ids) => {
          const answer = nextLine();
          child.stdin!.write(`statuses ${ids.join(',')}\n`);
          return JSON.parse(await answer) as Record<string, number>;
        },
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

interface Stats {
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

const stats = (values: number[]): Stats => ({
  p50: percentile(values, 0.5),
  p99: percentile(values, 0.99),
  mean: values.reduce((a, b) => a + b, 0) / values.length,
  max: Math.max(...values),
});

const row = (s: Stats) => `p50 ${fmt(s.p50, 1)}  p99 ${fmt(s.p99, 1)}  mean ${fmt(s.mean, 1)}  max ${fmt(s.max, 1)}`;

async function main(): Promise<void> {
  const receiver = await startReceiver();
  const service = await startService(receiver.url);
  const { url, kind, agentToken, monitors, deps } = service.info;
  // Each result one second after the one before, within the last hour: always the newest of its monitor.
  let slot = 0;
  const base = Date.now() - 3_600_000;
  const outcome = (status: 'success' | 'error') => ({
    status,
    latencyMs: 12,
    timings: { dns: 0, connect: 1, tls: 0, ttfb: 10, transfer: 1 },
    statusCode: status === 'error' ? 503 : 200,
    error: status === 'error' ? { kind: 'http', message: 'status 503' } : null,
    assertions: [],
    headers: { 'content-type': 'text/plain' },
    url: 'http://127.0.0.1:9/',
    attempts: 1,
  });
  /** One report request with a result of each monitor, at one new round; answers its time (ms). */
  const reportMany = async (monitorIds: string[], status: 'success' | 'error'): Promise<number> => {
    const at = new Date(base + ++slot * 1000).toISOString();
    const body = JSON.stringify({
      agentId: 'bench',
      regions: [REGION],
      results: monitorIds.map((monitorId) => ({
        run: { monitorId, location: REGION, trigger: 'cron', triggerId: null, cronTimestamp: at, periodMs: 60_000 },
        outcome: outcome(status),
        startedAt: at,
      })),
    });
    const start = performance.now();
    const response = await fetch(`${url}/agent/v1/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${agentToken}` },
      body,
    });
    const answer = await response.text();
    const ms = performance.now() - start;
    if (response.status !== 200 || (JSON.parse(answer) as { stored: number }).stored !== monitorIds.length)
      throw new Error(`report answered ${response.status}: ${answer}`);
    return ms;
  };
  const report = (monitorId: string, status: 'success' | 'error'): Promise<number> => reportMany([monitorId], status);
  /** The monitors' results in requests of BATCH; answers the total time (ms). */
  const reportAll = async (monitorIds: string[], status: 'success' | 'error'): Promise<number> => {
    let total = 0;
    for (let i = 0; i < monitorIds.length; i += BATCH)
      total += await reportMany(monitorIds.slice(i, i + BATCH), status);
    return total;
  };

  /** Sends the result and waits for its alert: [ingest ms, alert ms, the alert]. */
  const transition = async (m: { id: string; path: string }, status: 'success' | 'error', event: string) => {
    const start = performance.now();
    const arrival = receiver.next(m.path);
    const ingestMs = await report(m.id, status);
    // Arrived already: the worker, woken at the commit, sent it before the ingest's answer came back.
    const early = (await Promise.race([arrival, Promise.resolve(null)])) !== null;
    const alert = await arrival;
    if (alert.event !== event || alert.monitorId !== m.id)
      throw new Error(`expected ${event} of monitor ${m.id}, got ${alert.event} of ${alert.monitorId}`);
    return { ingestMs, alertMs: alert.at - start, alert, early };
  };

  /** The dependency case; `plainIngestP50`: a plain monitor's failing ingest, from the run above. */
  const dependencies = async (plainIngestP50: number) => {
    const everyone = [deps.routerA, deps.routerB, ...deps.childrenA, ...deps.childrenB, ...deps.independent];
    await reportAll(everyone, 'success');
    // (a) baseline: DEPENDENTS independent monitors fail; their alerts are queued and sent.
    const independentMs = await reportAll(deps.independent, 'error');
    // (a) the router fails, then its children: their alerts are recorded as suppressed at ingest.
    const routerA = await transition({ id: deps.routerA, path: deps.path }, 'error', 'monitor.down');
    const childrenMs = await reportAll(deps.childrenA, 'error');
    const a = await service.statuses(deps.childrenA);
    // (b) the children fail first (their alerts wait), then the router: its ingest suppresses them.
    await reportAll(deps.childrenB, 'error');
    const waiting = await service.statuses(deps.childrenB);
    const routerB = await transition({ id: deps.routerB, path: deps.path }, 'error', 'monitor.down');
    const b = await service.statuses(deps.childrenB);
    // Nothing else may reach the routers' webhook; the independent alerts all arrive.
    const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
    while (
      receiver.arrivals.filter((x) => x.path === deps.independentPath).length < DEPENDENTS &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const onRouters = receiver.arrivals.filter((x) => x.path === deps.path);
    const independentAlerts = receiver.arrivals.filter((x) => x.path === deps.independentPath).length;
    const quiet =
      onRouters.length === 2 &&
      onRouters.every((x) => x.event === 'monitor.down' && [deps.routerA, deps.routerB].includes(x.monitorId)) &&
      a.suppressed === DEPENDENTS &&
      Object.keys(a).length === 1 &&
      waiting.waiting === DEPENDENTS &&
      b.suppressed === DEPENDENTS &&
      Object.keys(b).length === 1 &&
      independentAlerts === DEPENDENTS;
    print(`Dependencies on ${kind}: ${DEPENDENTS} children of a failing router`, [
      [
        `baseline: ingest of ${DEPENDENTS} failing independent monitors, alerts queued (ms)`,
        `${fmt(independentMs, 1)} (${Math.ceil(DEPENDENTS / BATCH)} requests of ${BATCH})`,
      ],
      [
        `(a) router down first: ingest of its ${DEPENDENTS} failing children, alerts suppressed (ms)`,
        `${fmt(childrenMs, 1)}: ${fmt(childrenMs / independentMs, 2)}x the baseline`,
      ],
      [
        `(b) children first: the router's failing ingest, suppressing ${DEPENDENTS} waiting alerts (ms)`,
        `${fmt(routerB.ingestMs, 1)}: ${fmt(routerB.ingestMs / plainIngestP50, 1)}x a plain failing ingest (p50 ${fmt(plainIngestP50, 1)})`,
      ],
      [
        'router alert: ingest sent -> receiver got it (ms)',
        `(a) ${fmt(routerA.alertMs, 1)}  (b) ${fmt(routerB.alertMs, 1)}`,
      ],
      [
        "alerts on the routers' webhook / suppressed children",
        `${onRouters.length} (${onRouters.map((x) => x.event).join(', ')}) / (a) ${JSON.stringify(a)} (b) ${JSON.stringify(b)}`,
      ],
      ['only the routers paged', quiet ? 'yes' : 'NO: the figures above do not count'],
    ]);
    if (!quiet) throw new Error('a child of a failing router was alerted, or an alert went missing');
  };

  const expected: string[] = [];
  const ingest: number[] = [];
  const alert: number[] = [];
  const repeat: number[] = [];
  const recovery: number[] = [];
  let early = 0;
  try {
    // Every monitor healthy first (unknown -> active alerts nobody), then the warm-up cycles.
    for (const m of monitors) await report(m.id, 'success');
    for (let i = 0; i < WARMUP; i++) {
      const m = monitors[i % monitors.length];
      const down = await transition(m, 'error', 'monitor.down');
      await transition(m, 'success', 'monitor.recovered');
      expected.push(
        `${m.id} monitor.down ${down.alert.incidentKey}`,
        `${m.id} monitor.recovered ${down.alert.incidentKey}`,
      );
    }
    // Round after round: every monitor goes down (timed), fails again (no transition), then recovers.
    const started = performance.now();
    for (let done = 0; done < TRANSITIONS;) {
      const round = monitors.slice(0, Math.min(monitors.length, TRANSITIONS - done));
      const keys: string[] = [];
      for (const m of round) {
        const down = await transition(m, 'error', 'monitor.down');
        ingest.push(down.ingestMs);
        alert.push(down.alertMs);
        if (down.early) early += 1;
        keys.push(down.alert.incidentKey);
        expected.push(`${m.id} monitor.down ${down.alert.incidentKey}`);
        done += 1;
      }
      for (const m of round) repeat.push(await report(m.id, 'error'));
      for (const [i, m] of round.entries()) {
        const up = await transition(m, 'success', 'monitor.recovered');
        recovery.push(up.alertMs);
        expected.push(`${m.id} monitor.recovered ${keys[i]}`);
      }
    }
    const measuredS = (performance.now() - started) / 1000;

    // Exactly one alert per transition: the receiver's requests match the transitions one to one, and
    // the outbox sent each delivery once and has nothing left.
    const outbox = await service.settle();
    const received = receiver.arrivals
      .filter((a) => a.path !== deps.path && a.path !== deps.independentPath)
      .map((a) => `${a.monitorId} ${a.event} ${a.incidentKey}`)
      .sort();
    const exactlyOnce =
      JSON.stringify(received) === JSON.stringify([...expected].sort()) &&
      new Set(received).size === received.length &&
      outbox.alerting === expected.length &&
      Object.keys(outbox.deliveries).join() === 'delivered' &&
      outbox.deliveries.delivered.rows === expected.length &&
      outbox.deliveries.delivered.attempts === expected.length;

    const i = stats(ingest);
    const a = stats(alert);
    const met = a.p99 <= TARGET_P99_MS;
    print(`Alert latency on ${kind}: ingest to webhook receiver`, [
      ['database', kind === 'postgres' ? 'postgres (DATABASE_URL, scratch database)' : 'pglite (embedded)'],
      [
        'transitions measured',
        `${alert.length} down (${MONITORS} monitors, 1 region, 1 webhook each), ${fmt(measuredS, 1)} s`,
      ],
      ['baseline: ingest of the failing result (ms)', row(i)],
      ['alert: ingest sent -> receiver got it (ms)', row(a)],
      ['alert / ingest at p50', `${fmt(a.p50 / i.p50, 1)}x`],
      ['alert / ingest at p99', `${fmt(a.p99 / i.p99, 1)}x`],
      ['alert - ingest at p50 (ms)', fmt(a.p50 - i.p50, 1)],
      ['alerts in before the ingest answer', `${early} of ${alert.length}`],
      [`target alert p99 <= ${TARGET_P99_MS} ms`, `${fmt(a.p99, 1)} ms: ${met ? 'PASS' : 'FAIL'}`],
      ['ingest, failing again, no transition (ms)', row(stats(repeat))],
      ['recovery: ingest sent -> receiver got it (ms)', row(stats(recovery))],
      [
        'alerts received / transitions',
        `${receiver.arrivals.length} / ${outbox.alerting} (warm-up ${WARMUP * 2} included); deliveries ${JSON.stringify(outbox.deliveries)}`,
      ],
      ['exactly one alert per transition', exactlyOnce ? 'yes' : 'NO: the figures above do not count'],
    ]);
    if (!exactlyOnce) throw new Error('the alerts received do not match the transitions one to one');
    await dependencies(i.p50);
  } finally {
    await service.stop();
    await receiver.close();
  }
}

if (process.argv[2] === 'service') {
  service(process.argv[3], Number(process.argv[4])).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
