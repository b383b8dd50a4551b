// Benchmark 5: the request path of the API. The service (rate limit off, checker off; PostgreSQL at
// DATABASE_URL, else embedded PGlite) and a bare Fastify route answering the same JSON as GetMonitor,
// each in a process of its own, driven in the same run by the same client (autocannon, 16 connections,
// one thread, loopback only) for a fixed time.
// Targets: RPC GetMonitor >= 0.25x the baseline on PostgreSQL and >= 1,500 req/s embedded;
// MCP tools/call get_monitor p95 <= 25 ms.
//   npm run bench:api                                   (embedded PGlite)
//   DATABASE_URL=postgres://... npm run bench:api       (a scratch database, dropped afterwards)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=16 BENCH_ROUNDS=1
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { TargetInfo } from './api-target';
import { fmt, percentile, print } from './harness';

const SECONDS = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 10), 1), 120);
const CONNECTIONS = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 16), 1), 256);
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 1), 1), 10);
const WARMUP_SECONDS = 2;

interface Target {
  info: TargetInfo;
  stop(): Promise<void>;
}

/** Starts api-target.js in a child process and waits for its one line of JSON. */
function startTarget(args: string[], env: NodeJS.ProcessEnv): Promise<Target> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'api-target.js'), ...args], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('target did not start within 120 s')), 120_000);
    child.once('exit', (code) => reject(new Error(`target exited with ${code}`)));
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

interface Load {
  url: string;
  headers: Record<string, string>;
  body: string;
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Exact percentiles from every response time (autocannon's own histogram has no p95). */
async function drive(load: Load, seconds: number): Promise<Figures> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: load.url,
        method: 'POST',
        headers: load.headers,
        body: load.body,
        connections: CONNECTIONS,
        duration: seconds,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
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

async function measure(load: Load): Promise<Figures> {
  await drive(load, WARMUP_SECONDS);
  return drive(load, SECONDS);
}

const row = (f: Figures) =>
  `${fmt(f.rps, 0).padStart(6)} req/s  p50 ${fmt(f.p50, 1)} ms  p95 ${fmt(f.p95, 1)} ms  p99 ${fmt(f.p99, 1)} ms  errors ${f.errors}`;

async function main(): Promise<void> {
  const service = await startTarget(['service'], process.env);
  const { url, key, monitorId, kind } = service.info;
  const rpc: Load = {
    url: `${url}/rpc/monitor.v1.MonitorService/GetMonitor`,
    headers: { 'content-type': 'application/json', 'x-service-key': key! },
    body: JSON.stringify({ id: monitorId }),
  };
  const mcp: Load = {
    url: `${url}/mcp`,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-service-key': key!,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_monitor', arguments: { monitorId } },
    }),
  };
  const sample = await fetch(rpc.url, { method: 'POST', headers: rpc.headers, body: rpc.body });
  const sampleBody = await sample.text();
  if (sample.status !== 200) throw new Error(`GetMonitor answered ${sample.status}: ${sampleBody}`);
  const check = await fetch(mcp.url, { method: 'POST', headers: mcp.headers, body: mcp.body });
  if (check.status !== 200) throw new Error(`tools/call answered ${check.status}: ${await check.text()}`);
  const baselineTarget = await startTarget(['baseline', sampleBody], process.env);
  const base: Load = { url: baselineTarget.info.url, headers: { 'content-type': 'application/json' }, body: rpc.body };

  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const b = await measure(base);
      const r = await measure(rpc);
      const m = await measure(mcp);
      const ratio = r.rps / b.rps;
      const rpcTarget =
        kind === 'postgres'
          ? `${fmt(ratio, 3)}x >= 0.25x: ${ratio >= 0.25 ? 'met' : 'NOT met'}`
          : `${fmt(r.rps, 0)} req/s >= 1500: ${r.rps >= 1500 ? 'met' : 'NOT met'}`;
      print(`API request path on ${kind}, ${CONNECTIONS} connections, ${SECONDS} s, round ${round}/${ROUNDS}`, [
        ['baseline (bare Fastify)', row(b)],
        ['RPC GetMonitor', row(r)],
        ['MCP tools/call get_monitor', row(m)],
        ['RPC / baseline', `${fmt(ratio, 3)}x`],
        ['MCP / baseline', `${fmt(m.rps / b.rps, 3)}x`],
        ['target RPC', rpcTarget],
        ['target MCP p95 <= 25 ms', `${fmt(m.p95, 1)} ms: ${m.p95 <= 25 ? 'met' : 'NOT met'}`],
      ]);
    }
  } finally {
    await baselineTarget.stop();
    await service.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
