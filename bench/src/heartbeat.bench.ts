// Benchmark: heartbeat monitors. Two figures, one service:
// a) pings accepted per second (POST /ping/<token>, round-robin over every monitor's token, so no
//    token comes near its limit of 60 a minute), against a bare Fastify route answering "OK" to the
//    same paths, driven by the same client (autocannon, one thread, same connections, same time) in
//    the same run. Target: >= 0.3x the baseline on PostgreSQL. 64 connections by default (both
//    sides): many cron jobs pinging at once, which is what the intake's group commit batches
//    (heartbeats.service.ts receivePing); 16 measures a quieter intake. A ping is answered once stored
//    (pending); the materializer judges it after, so the rate at which the run's pings are all
//    applied is printed too.
// b) at BENCH_MONITORS heartbeat monitors (10,000), the delay from a deadline passing to the down
//    alert reaching a loopback webhook receiver: BENCH_LATE of them (200) are made late at known
//    deadlines spread over BENCH_LATE_SPREAD seconds, while the others stay on time and keep pinging
//    (BENCH_BACKGROUND_PINGS a second over their tokens). Measured per late monitor: arrival at the
//    receiver - deadline, on this machine's one clock. Target: p99 <= 2 s (the sweeper runs every
//    second on every node; one node here).
//
// Three processes, so the client and the receiver never share the service's event loop (as in
// api.bench.ts and alerts.bench.ts): this one measures; the service (argument `service`: the whole
// HTTP application with its sweeper and delivery worker at production settings, on a scratch
// database of the PostgreSQL at DATABASE_URL, dropped afterwards, or on embedded PGlite) and the
// baseline (argument `baseline`) are started by this same file.
//
// The monitors are made fast: one through MonitorsService.create (monitor row, heartbeat state, its
// channel link), then copied in bulk with SQL, row for row as the service wrote them (every column of
// the template, with its own name, ping token hash and state). The late deadlines are set with SQL
// on heartbeat_states, as a job that stopped pinging leaves them: expected_at = due_at (no grace) in
// the near past or future. The period is an hour, so nothing else falls due during the run.
//   npm run bench:heartbeat                                  (embedded PGlite)
//   DATABASE_URL=postgres://... npm run bench:heartbeat      (a scratch database, dropped afterwards)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=64 BENCH_MONITORS=10000 BENCH_LATE=200 BENCH_LATE_SPREAD=10
//   BENCH_PROFILE_DIR=/tmp/prof   (a V8 CPU profile of the service process, written there as it exits)
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Client } from 'pg';
import { Database } from '../../backend/src/database/database';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { fmt, percentile, print, startBenchHttpApp } from './harness';

const clamp = (name: string, fallback: number, min: number, max: number) =>
  Math.min(Math.max(Number(process.env[name] ?? fallback), min), max);
const SECONDS = clamp('BENCH_SECONDS', 10, 1, 120);
const CONNECTIONS = clamp('BENCH_CONNECTIONS', 64, 1, 256);
const MONITORS = clamp('BENCH_MONITORS', 10_000, 100, 100_000);
const LATE = clamp('BENCH_LATE', 200, 1, 2_000);
const LATE_SPREAD_S = clamp('BENCH_LATE_SPREAD', 10, 1, 120);
const BACKGROUND_PINGS = clamp('BENCH_BACKGROUND_PINGS', 200, 0, 5_000);
/** Webhook channels, the monitors shared among them in turn. */
const CHANNELS = 4;
const WARMUP_SECONDS = 2;
const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 2_000;
/** The first late deadline is this far after the deadlines are set. */
const LEAD_MS = 2_000;
/** How long after the last deadline an alert may still come before it counts as missing. */
const ARRIVAL_TIMEOUT_MS = 30_000;
const PERIOD_SECONDS = 3_600;

/** The ping token of monitor `i` (0-based): 16 to 64 URL-safe characters, as the service accepts. */
const tokenOf = (i: number) => `bench-ping-token-${String(i).padStart(6, '0')}`;

interface ServiceInfo {
  url: string;
  kind: 'postgres' | 'pglite';
  /** Where this process reads and sets the states. */
  databaseUrl: string;
  /** Monitor ids by index i (token tokenOf(i)). */
  ids: string[];
}

/** Node's flags for a child process: the service's is profiled when BENCH_PROFILE_DIR names a folder. */
const profiling = (role: string | undefined): string[] =>
  role === 'service' && process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];

const untilStdinCloses = () =>
  new Promise<void>((resolve) => {
    process.stdin.on('end', resolve).on('close', resolve).resume();
  });

// --- the service process --------------------------------------------------------------------------

/** The columns of `table` an INSERT may name (not generated, not an identity ALWAYS). */
async function insertableColumns(db: Database, table: string): Promise<string[]> {
  const rows = await db.rows<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
        AND COALESCE(identity_generation, '') <> 'ALWAYS'
      ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/** Copies `table`'s rows from `from` with the column expressions in `set` replaced (SQL over `src` and `g`). */
async function copyRows(db: Database, table: string, from: string, set: Record<string, string>): Promise<string> {
  const columns = await insertableColumns(db, table);
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = columns.map((c) => set[c] ?? `src."${c}"`).join(', ');
  return `INSERT INTO ${table} (${list}) SELECT ${values} FROM ${from}`;
}

async function service(receiverUrl: string, monitors: number): Promise<void> {
  const service = await startBenchHttpApp('heartbeat');
  const { app, databaseUrl } = service;
  const installer = {
    actor: { type: 'system' as const, name: 'bench' },
    scope: 'write' as const,
    via: 'system' as const,
  };
  const workspace = await app.get(WorkspacesService).create(installer, { name: 'Bench', plan: 'pro' });
  const ctx = { ...installer, workspace: toWorkspaceRef(workspace) };
  const template = await app.get(MonitorsService).create(
    ctx,
    'heartbeat',
    {
      name: 'bench 0',
      active: true,
      heartbeat: { schedule: 'period', periodSeconds: PERIOD_SECONDS, graceSeconds: 0 },
    },
    { pingToken: tokenOf(0) },
  );
  const channels: string[] = [];
  for (let c = 0; c < CHANNELS; c++) {
    const channel = await app.get(NotificationsService).create(ctx, {
      name: `hook ${c}`,
      providerType: 'webhook',
      monitorIds: c === 0 ? [template.id] : [],
      provider: { kind: 'webhook', args: { endpoint: `${receiverUrl}/hook/${c}`, headers: [] } },
    });
    channels.push(channel.id);
  }

  // The other monitors: copies of the template's rows, in one transaction.
  const db = app.get(Database);
  const ids = [template.id];
  await db.transaction(async () => {
    const copies = await db.rows<{ id: string; name: string }>(
      `${await copyRows(db, 'monitors', 'monitors src, generate_series(1, $2::int - 1) g WHERE src.id = $1', {
        name: `'bench ' || g`,
        ping_token_hash: `encode(sha256(convert_to('bench-ping-token-' || lpad(g::text, 6, '0'), 'UTF8')), 'hex')`,
      })} RETURNING id::text AS id, name`,
      [template.id, monitors],
    );
    const byIndex = new Map(copies.map((c) => [Number(c.name.slice('bench '.length)), c.id]));
    for (let i = 1; i < monitors; i++) ids.push(byIndex.get(i)!);
    const news = `unnest($2::bigint[], $3::int[]) AS n(id, i)`;
    await db.manager.query(
      await copyRows(db, 'heartbeat_states', `heartbeat_states src, ${news} WHERE src.monitor_id = $1`, {
        monitor_id: 'n.id',
      }),
      [template.id, ids.slice(1), ids.slice(1).map((_, k) => k + 1)],
    );
    // Monitor i on channel i mod CHANNELS (the template, 0, got channel 0 through the service).
    await db.manager.query(
      `INSERT INTO notification_channel_monitors (channel_id, monitor_id)
       SELECT ($3::bigint[])[n.i % $4 + 1], n.id FROM unnest($1::bigint[], $2::int[]) AS n(id, i)`,
      [ids.slice(1), ids.slice(1).map((_, k) => k + 1), channels, CHANNELS],
    );
  });

  const info: ServiceInfo = {
    url: service.url,
    kind: service.kind,
    databaseUrl,
    ids,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  await untilStdinCloses();
  await service.close();
}

/** The baseline: a bare Fastify route on the same paths, answering what a ping answers. */
async function baseline(): Promise<void> {
  const app = Fastify({ logger: false });
  app.route({
    method: ['GET', 'POST'],
    url: '/ping/:token',
    handler: async (_request, reply) => reply.header('cache-control', 'no-store').type('text/plain').send('OK'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  await untilStdinCloses();
  await app.close();
}

// --- the measuring process ------------------------------------------------------------------------

interface Child<T> {
  info: T;
  stop(): Promise<void>;
}

function startChild<T>(args: string[]): Promise<Child<T>> {
  const child: ChildProcess = spawn(process.execPath, [...profiling(args[0]), __filename, ...args], {
    env: process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start within 300 s`)), 300_000);
    child.once('exit', (code) => {
      process.stderr.write(`${args[0]} exited with ${code}\n`);
      process.exit(1);
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve({
        info: JSON.parse(line) as T,
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

interface Alert {
  /** Wall-clock milliseconds (sub-millisecond), when the body had fully arrived. */
  at: number;
  event: string;
  monitorId: string;
}

/** A webhook receiver on 127.0.0.1 that stamps each alert when its body has fully arrived. */
async function startReceiver() {
  const alerts: Alert[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event: string; monitor: { id: string } };
      alerts.push({ at, event: body.event, monitorId: body.monitor.id });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    alerts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

/** POST /ping/<token> for `seconds`, the tokens taken in turn from `tokens` (shared cursor). */
async function drive(url: string, tokens: string[], seconds: number, options: { overallRate?: number } = {}) {
  let next = 0;
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: options.overallRate ? 4 : CONNECTIONS,
        duration: seconds,
        overallRate: options.overallRate,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => ({ ...request, path: `/ping/${tokens[next++ % tokens.length]}` }),
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    ).on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  return {
    rps: result['2xx'] / seconds,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    ok: result['2xx'],
    errors: result.errors + result.timeouts + result.non2xx,
  } satisfies Load;
}

const loadRow = (f: Load) =>
  `${fmt(f.rps, 0).padStart(6)} pings/s  p50 ${fmt(f.p50, 1)} ms  p99 ${fmt(f.p99, 1)} ms  answered 200: ${f.ok}, errors ${f.errors}`;

async function main(): Promise<void> {
  const receiver = await startReceiver();
  const created = performance.now();
  const service = await startChild<ServiceInfo>(['service', receiver.url, String(MONITORS)]);
  const setupS = (performance.now() - created) / 1000;
  const base = await startChild<{ url: string }>(['baseline']);
  const { url, kind, databaseUrl, ids } = service.info;
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();
  const tokens = ids.map((_, i) => tokenOf(i));
  /** Pings stored and not yet applied to their monitors (heartbeats.service.ts applyPending). */
  const pending = async () =>
    Number(
      (await sql.query<{ n: string }>('SELECT count(*) AS n FROM heartbeat_pings WHERE applied_at IS NULL')).rows[0].n,
    );
  const applied = async () => {
    const until = Date.now() + 120_000;
    while ((await pending()) > 0) {
      if (Date.now() > until) throw new Error('heartbeat pings still pending after 120 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  try {
    const check = await fetch(`${url}/ping/${tokens[1]}`, { method: 'POST' });
    if (check.status !== 200) throw new Error(`a ping answered ${check.status}: ${await check.text()}`);

    // a) Pings accepted per second, the baseline first, each after a warm-up.
    await drive(base.info.url, tokens, WARMUP_SECONDS);
    const b = await drive(base.info.url, tokens, SECONDS);
    await drive(url, tokens, WARMUP_SECONDS);
    await applied();
    // Pings are answered once stored; the materializer judges them after: how long it takes to
    // apply all those the run stored (from the run's start) is the judging throughput.
    const driven = performance.now();
    const p = await drive(url, tokens, SECONDS);
    const backlog = await pending();
    await applied();
    const appliedS = (performance.now() - driven) / 1000;
    const ratio = p.rps / b.rps;

    // b) The late ones: spread evenly over the monitors; each pinged once (up, so a miss is a
    // transition), then given a deadline. Everyone else stays on time and keeps pinging meanwhile.
    const step = Math.floor(ids.length / LATE);
    const late = Array.from({ length: LATE }, (_, k) => k * step + 1);
    const lateSet = new Set(late);
    const onTime = tokens.filter((_, i) => !lateSet.has(i));
    for (const i of late) {
      const answer = await fetch(`${url}/ping/${tokens[i]}`, { method: 'POST' });
      if (answer.status !== 200) throw new Error(`ping of late monitor ${ids[i]} answered ${answer.status}`);
    }
    await applied();
    const { rows: alertStates } = await sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM monitor_alert_states WHERE monitor_id = ANY($1::bigint[]) AND status = 'active'`,
      [late.map((i) => ids[i])],
    );
    if (Number(alertStates[0].n) !== LATE) throw new Error(`${alertStates[0].n} of ${LATE} late monitors are up`);
    receiver.alerts.length = 0;

    const start = Date.now() + LEAD_MS;
    const deadlines = new Map(late.map((i, k) => [ids[i], start + Math.round((k * LATE_SPREAD_S * 1000) / LATE)]));
    const background =
      BACKGROUND_PINGS > 0
        ? drive(url, onTime, LATE_SPREAD_S + LEAD_MS / 1000 + 3, { overallRate: BACKGROUND_PINGS })
        : Promise.resolve(null);
    await sql.query(
      `UPDATE heartbeat_states s SET expected_at = t.due, due_at = t.due
         FROM unnest($1::bigint[], $2::timestamptz[]) AS t(id, due) WHERE s.monitor_id = t.id`,
      [[...deadlines.keys()], [...deadlines.values()].map((ms) => new Date(ms))],
    );
    const lastDeadline = Math.max(...deadlines.values());
    while (
      receiver.alerts.filter((a) => a.event === 'monitor.down').length < LATE &&
      Date.now() < lastDeadline + ARRIVAL_TIMEOUT_MS
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    const bg = await background;
    // Anything more (a duplicate, an on-time monitor) would have a second to show.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const downs = receiver.alerts.filter((a) => a.event === 'monitor.down');
    const delays = downs.filter((a) => deadlines.has(a.monitorId)).map((a) => a.at - deadlines.get(a.monitorId)!);
    const once =
      downs.length === LATE &&
      new Set(downs.map((a) => a.monitorId)).size === LATE &&
      downs.every((a) => deadlines.has(a.monitorId)) &&
      receiver.alerts.length === LATE;
    const p99 = percentile(delays, 0.99);

    print(`Heartbeats on ${kind}: ping intake, ${CONNECTIONS} connections, ${SECONDS} s`, [
      ['database', kind === 'postgres' ? 'postgres (DATABASE_URL, scratch database)' : 'pglite (embedded)'],
      ['monitors', `${ids.length} (made in ${fmt(setupS, 1)} s, service start included)`],
      ['baseline (bare Fastify, "OK")', loadRow(b)],
      ['POST /ping/<token>', loadRow(p)],
      ['pings / baseline', `${fmt(ratio, 3)}x`],
      [
        'applied (materializer)',
        `${fmt(p.ok / appliedS, 0)} pings/s (all ${p.ok} judged ${fmt(appliedS, 1)} s after the run began; ${backlog} pending at its end)`,
      ],
      [`target >= ${TARGET_RATIO}x`, `${fmt(ratio, 3)}x: ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'}`],
    ]);
    print(`Heartbeats on ${kind}: deadline to webhook, ${ids.length} monitors, ${LATE} late`, [
      ['late deadlines', `${LATE} over ${LATE_SPREAD_S} s; the other ${ids.length - LATE} on time`],
      ['background pings meanwhile', bg ? loadRow(bg) : 'none'],
      ['down alerts received', `${downs.length} of ${LATE} (all alerts received: ${receiver.alerts.length})`],
      [
        'deadline -> receiver (ms)',
        delays.length
          ? `p50 ${fmt(percentile(delays, 0.5), 0)}  p95 ${fmt(percentile(delays, 0.95), 0)}  p99 ${fmt(p99, 0)}  min ${fmt(Math.min(...delays), 0)}  max ${fmt(Math.max(...delays), 0)}`
          : 'none arrived',
      ],
      [
        `target p99 <= ${TARGET_P99_MS} ms`,
        `${fmt(p99, 0)} ms: ${p99 <= TARGET_P99_MS && downs.length === LATE ? 'PASS' : 'FAIL'}`,
      ],
      ['exactly one alert per late monitor, none other', once ? 'yes' : 'NO: the figures above do not count'],
    ]);
    if (!once) throw new Error('the alerts received do not match the late monitors one to one');
  } finally {
    await sql.end();
    await base.stop();
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
} else if (process.argv[2] === 'baseline') {
  baseline().then(
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
