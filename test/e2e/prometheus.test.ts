// A real Prometheus (Debian package `prometheus`) on loopback scrapes the built server's /metrics with
// a bearer token, as the README's scrape configuration says: one job with a workspace's API key, one
// with METRICS_TOKEN. A PromQL query through Prometheus's HTTP API returns the status of a monitor that
// checks a loopback target, and the answer changes to down once the target is stopped. Without the
// prometheus binary the test fails, saying so in one line.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { startHttpTarget, type LoopbackServer } from '../support/loopback';
import { PROMETHEUS_BIN, requireTool } from '../support/prometheus';
import { rpcTransport } from '../support/rpc';
import { bannerKey, startServer, type RunningServer } from '../support/server';

const METRICS_TOKEN = 'e2e-metrics-token-0123456789abcdefghijkl';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls until `done` holds, failing with the last value read once the deadline passes. */
async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (done(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `${what}: not reached in ${timeoutMs} ms; last answer ${JSON.stringify(last)}${lastError ? `, last error ${lastError instanceof Error ? lastError.message : JSON.stringify(lastError)}` : ''}`,
  );
}

interface QueryAnswer {
  status: string;
  data: { resultType: string; result: Array<{ metric: Record<string, string>; value: [number, string] }> };
}

describe('Prometheus scrapes /metrics (real prometheus on loopback)', () => {
  let prometheusBin: string;
  let server: RunningServer;
  let target: LoopbackServer;
  let prometheus: ChildProcess | undefined;
  let prometheusLog = '';
  let prometheusUrl = '';
  let monitorId = '';
  let key = '';

  const query = async (promql: string): Promise<QueryAnswer['data']['result']> => {
    const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await response.json()) as QueryAnswer;
    if (body.status !== 'success') throw new Error(`query failed: ${JSON.stringify(body)}`);
    return body.data.result;
  };
  const statusOf = async (job: string): Promise<string | null> => {
    const result = await query(`uptime_monitor_status{job="${job}",monitor_id="${monitorId}",region="fly-ams"} == 1`);
    return result.length === 1 ? result[0].metric.status : null;
  };

  beforeAll(async () => {
    // Fails here, loudly, on a machine without the Debian package.
    prometheusBin = requireTool(PROMETHEUS_BIN);
    target = await startHttpTarget();
    server = await startServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-prometheus-data-')),
      METRICS_TOKEN,
      CHECKER_REGIONS: 'fly-ams',
    });
    key = bannerKey(server.stderr());
    const monitors = createClient(MonitorService, rpcTransport(server.baseUrl, key));
    const { monitor } = await monitors.createHTTPMonitor({
      monitor: {
        name: 'loopback target',
        url: `${target.url}/`,
        periodicity: Periodicity.PERIODICITY_30S,
        regions: [Region.FLY_AMS],
        active: true,
        retry: 0n,
      },
    });
    monitorId = monitor!.id;

    const dir = mkdtempSync(join(tmpdir(), 'svc-prometheus-'));
    const config = `global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: uptime-workspace
    metrics_path: /metrics
    authorization:
      credentials: ${key}
    static_configs:
      - targets: ['127.0.0.1:${server.port}']
  - job_name: uptime-operator
    metrics_path: /metrics
    authorization:
      credentials_file: ${join(dir, 'metrics-token')}
    static_configs:
      - targets: ['127.0.0.1:${server.port}']
`;
    // With a trailing newline, as `openssl rand -hex 32 | tee <file>` in the README writes it.
    writeFileSync(join(dir, 'metrics-token'), `${METRICS_TOKEN}\n`, { mode: 0o600 });
    writeFileSync(join(dir, 'prometheus.yml'), config);
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      prometheusBin,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout!.on('data', (chunk: Buffer) => (prometheusLog += chunk.toString()));
    prometheus.stderr!.on('data', (chunk: Buffer) => (prometheusLog += chunk.toString()));
    await until(
      'prometheus ready',
      async () => (await fetch(`${prometheusUrl}/-/ready`)).status,
      (status) => status === 200,
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${prometheusLog}`);
    });
  }, 120_000);

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await server?.stop();
    await target?.close().catch(() => undefined);
  });

  it('both jobs scrape with their bearer token: the targets are up', async () => {
    const up = await until(
      'both targets up',
      () => query('up{job=~"uptime-.*"}'),
      (result) => result.length === 2 && result.every((r) => r.value[1] === '1'),
      30_000,
    );
    expect(up.map((r) => r.metric.job).sort()).toEqual(['uptime-operator', 'uptime-workspace']);
  });

  it('a PromQL query returns the monitor’s status, which turns to down when the target stops', async () => {
    // The first check runs at the monitor's slot (within its 30 s period); both jobs see it up.
    for (const job of ['uptime-workspace', 'uptime-operator'])
      expect(
        await until(
          `${job}: status up`,
          () => statusOf(job),
          (s) => s === 'up',
          90_000,
        ),
      ).toBe('up');
    const latency = await query(`uptime_monitor_latency_seconds{job="uptime-workspace",monitor_id="${monitorId}"}`);
    expect(Number(latency[0]?.value[1])).toBeGreaterThan(0);

    await target.close();
    // The next periodic check (at most 30 s away) fails to connect: down, on both jobs.
    for (const job of ['uptime-workspace', 'uptime-operator'])
      expect(
        await until(
          `${job}: status down`,
          () => statusOf(job),
          (s) => s === 'down',
          90_000,
        ),
      ).toBe('down');
    const up = await query(`uptime_monitor_up{job="uptime-workspace",monitor_id="${monitorId}"}`);
    expect(up.map((r) => r.value[1])).toEqual(['0']);
  }, 240_000);

  it('only the operator job has the service’s internals', async () => {
    const internals = await until(
      'internals scraped',
      () => query('uptime_http_requests_total{route="/metrics",code="200"}'),
      (result) => result.length > 0,
      30_000,
    );
    expect(new Set(internals.map((r) => r.metric.job))).toEqual(new Set(['uptime-operator']));
    const stored = await query('sum(uptime_check_results_stored_total)');
    expect(Number(stored[0]?.value[1])).toBeGreaterThanOrEqual(2);
  });
});
