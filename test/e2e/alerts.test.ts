// Alerting end to end: agents check a loopback server that is made to fail and recover; the results
// they report move the monitor's alert status and a loopback webhook receiver gets exactly one down
// and one recovery: with the embedded agent, and with two agents (the embedded one and a remote agent
// process) each reporting one of the monitor's regions.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { AlertDeliveryWorker } from '../../backend/src/alerts/alert-delivery.worker';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { startReceiver, type Receiver } from '../support/receivers';
import { eventually, withKey } from '../support/rpc';
import { runCli } from '../support/server';

const AGENT_TOKEN = 'shared-agent-token-for-alert-tests-0123456789';
const AGENT_MAIN = join(__dirname, '..', '..', 'backend', 'dist', 'agent', 'main.js');

/** Results stored for the monitor. */
async function storedIn(t: HttpTestApp, monitorId: string): Promise<number> {
  const [row] = await t.db.rows<{ n: string }>('SELECT count(*) AS n FROM check_results WHERE monitor_id = $1', [
    monitorId,
  ]);
  return Number(row.n);
}

interface Fixture {
  t: HttpTestApp;
  tenant: Tenant;
  /** The server the monitors check. */
  target: Receiver;
  /** The webhook receiver of the channels. */
  hooks: Receiver;
}

/** A server with an embedded agent serving `regions`, a checked server and a webhook receiver. */
function fixture(regions: string[]): Fixture {
  const f = {} as Fixture;
  beforeAll(async () => {
    f.target = await startReceiver();
    f.hooks = await startReceiver();
    f.t = await startHttpApp({ checkerRegions: regions, env: { AGENT_TOKEN } });
    f.t.app.get(AlertDeliveryWorker).configure({ pollMs: 200 });
    f.tenant = await newTenant(f.t);
  });
  afterAll(async () => {
    await f.t.close();
    await f.target.close();
    await f.hooks.close();
  });
  return f;
}

/**
 * An hourly HTTP monitor of the target in `regions`, created over RPC, wired to a webhook channel at
 * `path`. `check` brings its next slot forward and waits until every region stored its result;
 * `events` lists the alerts the channel got; `deliveries` the outbox rows of the monitor.
 */
async function wiredMonitor(f: Fixture, path: string, regions: Region[]) {
  const monitors = createClient(
    MonitorService,
    createConnectTransport({
      baseUrl: `${f.t.baseUrl}/rpc`,
      httpVersion: '1.1',
      interceptors: [withKey(f.tenant.writeKey)],
    }),
  );
  const { monitor } = await monitors.createHTTPMonitor({
    monitor: {
      name: `checked ${path}`,
      url: `${f.target.url}${path}`,
      periodicity: Periodicity.PERIODICITY_1H,
      active: true,
      regions,
      retry: 0n,
      timeout: 5_000n,
      bodyAssertions: [],
    },
  });
  const id = monitor!.id;
  await f.t.app.get(NotificationsService).create(f.tenant.ctx, {
    name: `on-call ${path}`,
    providerType: 'webhook',
    monitorIds: [id],
    provider: { kind: 'webhook', args: { endpoint: `${f.hooks.url}${path}`, headers: [] } },
  });
  const stored = () => storedIn(f.t, id);
  return {
    id,
    events: () =>
      f.hooks.requests.filter((r) => r.path === path).map((r) => (JSON.parse(r.body) as { event: string }).event),
    deliveries: () =>
      f.t.db.rows<{ kind: string; status: string }>(
        'SELECT kind, status FROM alert_deliveries WHERE monitor_id = $1 ORDER BY id',
        [id],
      ),
    check: async () => {
      const before = await stored();
      // The next slot brought forward, as the check-engine tests do, instead of waiting an hour.
      await f.t.db.manager.query('UPDATE monitor_schedules SET next_run_at = now() WHERE monitor_id = $1', [id]);
      // Every region's result stored, and with it the schedule moved on: only then may the next slot
      // be brought forward.
      await eventually(stored, (n) => n >= before + regions.length);
    },
  };
}

/** Fails the target, then recovers it; answers the alerts and outbox rows once both settled. */
async function failAndRecover(f: Fixture, monitor: Awaited<ReturnType<typeof wiredMonitor>>) {
  f.target.reply({ status: 200, body: 'fine' });
  await monitor.check();
  f.target.reply({ status: 500, body: 'broken' });
  await monitor.check();
  await eventually(
    async () => monitor.events(),
    (e) => e.length >= 1,
  );
  f.target.reply({ status: 200, body: 'fine' });
  await monitor.check();
  const rows = await eventually(monitor.deliveries, (r) => r.length >= 2 && r.every((d) => d.status !== 'pending'));
  const events = await eventually(
    async () => monitor.events(),
    (e) => e.length >= 2,
  );
  return { rows, events };
}

describe('alerts end to end (embedded agent)', () => {
  const f = fixture(['fly-ams']);

  it('a server that fails and recovers produces one down and one recovery per channel', async () => {
    const monitor = await wiredMonitor(f, '/alerts', [Region.FLY_AMS]);
    const { rows, events } = await failAndRecover(f, monitor);
    expect(rows).toEqual([
      { kind: 'down', status: 'delivered' },
      { kind: 'recovered', status: 'delivered' },
    ]);
    expect(events).toEqual(['monitor.down', 'monitor.recovered']);
  });

  it('`notifications test` on the command line sends a test alert and prints the answer', async () => {
    const { t, tenant, hooks } = f;
    hooks.reply({ status: 200, body: 'thanks' });
    const channel = await t.app.get(NotificationsService).create(tenant.ctx, {
      name: 'cli',
      providerType: 'webhook',
      provider: { kind: 'webhook', args: { endpoint: `${hooks.url}/cli`, headers: [] } },
    });
    const env = {
      DATABASE_URL: t.database.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-alerts-cli-')),
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    };
    const args = ['notifications', 'test', '--workspace', tenant.ctx.workspace.slug, '--id', channel.id];
    const sent = await runCli(args, env);
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.stdout)).toEqual({ ok: true, status: 200, response: 'thanks', error: null });
    const got = hooks.requests.filter((r) => r.path === '/cli');
    expect(got.map((r) => (JSON.parse(r.body) as { event: string }).event)).toEqual(['monitor.test']);

    hooks.reply({ status: 410, body: 'gone' });
    const refused = await runCli(args, env);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, status: 410 });
    expect(refused.stderr).toContain('did not accept');
  });
});

describe('alerts end to end (two agents: embedded and a remote process)', () => {
  const f = fixture(['fly-ams']);
  let agent: ChildProcess | undefined;

  afterAll(async () => {
    if (!agent || agent.exitCode !== null) return;
    const exited = new Promise((resolve) => agent!.once('exit', resolve));
    agent.kill('SIGTERM');
    await exited;
  });

  it('each reporting one region, they alert once per transition', async () => {
    agent = spawn(process.execPath, [AGENT_MAIN], {
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: 'warn',
        API_URL: f.t.baseUrl,
        AGENT_TOKEN,
        AGENT_REGIONS: 'fly-iad',
        AGENT_ID: 'alerts-remote-1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const monitor = await wiredMonitor(f, '/two', [Region.FLY_AMS, Region.FLY_IAD]);
    const { rows, events } = await failAndRecover(f, monitor);
    const runners = await f.t.db.rows<{ runner: string }>(
      'SELECT DISTINCT runner FROM check_results WHERE monitor_id = $1 ORDER BY runner',
      [monitor.id],
    );
    expect(runners.map((r) => r.runner)).toEqual([expect.stringMatching(/^embedded/), 'remote-alerts-remote-1']);
    expect(rows).toEqual([
      { kind: 'down', status: 'delivered' },
      { kind: 'recovered', status: 'delivered' },
    ]);
    expect(events).toEqual(['monitor.down', 'monitor.recovered']);
  });
});
