// Benchmark 2: the scheduler at scale. N HTTP monitors every 30 s against a loopback target that
// answers after a known delay; one in-process agent claims, runs and reports them through the
// database for BENCH_SECONDS after a warm-up of BENCH_WARMUP seconds (default 5: the first claims and the
// JIT are not steady state). Prints lateness (start minus slot) and measured-minus-true
// latency, p50 and p99. Baseline, measured in the same run: the same at 100 monitors.
// Targets: p99 of both <= 10 ms at 30,000 monitors; under overload, shed or queue, never distort.
//   BENCH_MONITORS=30000 BENCH_SECONDS=45 DATABASE_URL=postgres://... npm run bench:scheduler
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CheckAgent, DEFAULT_AGENT_OPTIONS } from '../../backend/src/checker/agent';
import { createExecutor } from '../../backend/src/checker/check-executor';
import { AgentPresenceService } from '../../backend/src/agent-presence/agent-presence.service';
import { CheckWorkService, type AgentIdentity } from '../../backend/src/checker/check-work.service';
import type { AppConfig } from '../../backend/src/config/config';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { ResultIngestService } from '../../backend/src/check-results/result-ingest';
import { createProbeRegistry } from '../../backend/src/checker/probe-registry';
import { SchedulesRepository } from '../../backend/src/schedules/schedules.repository';
import { firstSlot, offsetMs } from '../../backend/src/schedules/slots';
import { MonitorsRepository } from '../../backend/src/monitors/monitors.repository';
import { PrivateLocationsRepository } from '../../backend/src/private-locations/private-locations.repository';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { fmt, percentile, print, startBenchApp } from './harness';

const MONITORS = Number(process.env.BENCH_MONITORS ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 45);
/** Seconds run before measuring: the agent's first claims and the JIT's warm-up are not steady state. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 5);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
/** Optional file for one line per measured check: ms since measuring began, lateness, latency error, timings. */
const DUMP = process.env.BENCH_DUMP;
const DELAY_MS = 20;
const PERIOD_MS = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface RunFigures {
  monitors: number;
  checks: number;
  expected: number;
  lateP50: number;
  lateP99: number;
  errorP50: number;
  errorP99: number;
  failed: number;
  loopP99: number;
  loopMax: number;
}

async function run(monitors: number, targetUrl: string): Promise<RunFigures> {
  const bench = await startBenchApp();
  try {
    const installer = {
      actor: { type: 'system' as const, name: 'bench' },
      scope: 'write' as const,
      via: 'system' as const,
    };
    const workspace = await bench.app.get(WorkspacesService).create(installer, { name: 'Bench', plan: 'pro' });
    toWorkspaceRef(workspace);
    await bench.app.get(RetentionService).maintain(new Date());
    const ids = (
      await bench.db.rows<{ id: string }>(
        `INSERT INTO monitors (workspace_id, kind, name, url, periodicity, timeout, retry, regions, active)
         SELECT $1, 'http', 'm' || i, $2, '30s', 10000, 0, '{fly-ams}', true FROM generate_series(1, $3) AS i RETURNING id::text AS id`,
        [workspace.id, targetUrl, monitors],
      )
    ).map((r) => r.id);
    // Plans as the service does, starting a few seconds from now so the first period is complete.
    const start = Date.now() + 3000;
    const next = ids.map((id) => new Date(firstSlot(start, PERIOD_MS, offsetMs(id, PERIOD_MS))));
    await bench.db.manager.query(
      `INSERT INTO monitor_schedules (monitor_id, location, workspace_id, period_ms, next_run_at)
       SELECT m, 'fly-ams', $3, $4, n FROM unnest($1::bigint[], $2::timestamptz[]) AS t(m, n)`,
      [ids, next, workspace.id, PERIOD_MS],
    );
    const work = new CheckWorkService(
      bench.app.get(ResultIngestService),
      bench.app.get(SchedulesRepository),
      bench.app.get(MonitorsRepository),
      bench.app.get(PrivateLocationsRepository),
      bench.app.get<AppConfig>(APP_CONFIG),
      bench.app.get(AgentPresenceService),
    );
    // As the embedded agent claims: its presence is recorded on the claim path, throttled.
    const identity: AgentIdentity = {
      agentId: 'bench',
      locations: ['fly-ams'],
      privateLocationId: null,
      presence: { kind: 'embedded', agentId: 'bench', host: 'bench' },
    };
    const late: number[] = [];
    const error: number[] = [];
    let failed = 0;
    const dump: string[] = [];
    let measureFrom = Infinity;
    const agent = new CheckAgent(
      {
        claim: (max, lookahead) => work.claim(identity, max, lookahead),
        report: async (r) => void (await work.report(identity, r)),
      },
      createExecutor({ workers: WORKERS, run: {}, probes: createProbeRegistry }),
      {
        ...DEFAULT_AGENT_OPTIONS,
        concurrency: 5000,
        lookaheadMs: 2000,
        pollMs: 100,
        onCheck: ({ item, outcome, startedAt }) => {
          if (startedAt.getTime() < measureFrom) return;
          // Lateness against the slot itself, so a run claimed late cannot hide its delay.
          const lateMs = startedAt.getTime() - item.run.cronTimestamp.getTime();
          late.push(lateMs);
          if (outcome.status === 'error') failed += 1;
          else error.push(outcome.latencyMs - DELAY_MS);
          if (DUMP && monitors === MONITORS)
            dump.push(
              `${startedAt.getTime() - measureFrom} ${lateMs} ${outcome.latencyMs - DELAY_MS} ${JSON.stringify(outcome.timings)}`,
            );
        },
      },
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start - Date.now())));
    agent.start();
    measureFrom = Date.now() + WARMUP_SECONDS * 1000;
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    loop.disable();
    await agent.stop();
    if (DUMP) writeFileSync(DUMP, dump.join('\n'));
    return {
      monitors,
      checks: late.length,
      expected: Math.floor((monitors * SECONDS * 1000) / PERIOD_MS),
      lateP50: percentile(late, 0.5),
      lateP99: percentile(late, 0.99),
      errorP50: percentile(error, 0.5),
      errorP99: percentile(error, 0.99),
      failed,
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
    };
  } finally {
    await bench.close();
  }
}

async function main(): Promise<void> {
  const port = await freePort();
  const target = spawn(
    process.execPath,
    [
      '-e',
      `require('http').createServer((q, s) => setTimeout(() => s.end('ok'), ${DELAY_MS})).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  try {
    const url = `http://127.0.0.1:${port}/`;
    const baseline = await run(100, url);
    const scaled = await run(MONITORS, url);
    const line = (f: RunFigures): string =>
      `${f.checks}/${f.expected} checks, ${f.failed} failed; late p50 ${fmt(f.lateP50, 0)} ms p99 ${fmt(f.lateP99, 0)} ms; ` +
      `latency error p50 ${fmt(f.errorP50, 0)} ms p99 ${fmt(f.errorP99, 0)} ms; ` +
      `agent event-loop delay p99 ${fmt(f.loopP99, 0)} ms max ${fmt(f.loopMax, 0)} ms`;
    print(`Scheduler, ${SECONDS} s of 30-second monitors`, [
      ['baseline: 100 monitors', line(baseline)],
      [`${MONITORS} monitors`, line(scaled)],
      ['timer lateness p99 vs baseline', `${fmt(scaled.lateP99 - baseline.lateP99, 0)} ms more   target p99 <= 10 ms`],
      ['latency error p99 vs baseline', `${fmt(scaled.errorP99 - baseline.errorP99, 0)} ms more   target p99 <= 10 ms`],
    ]);
  } finally {
    target.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
