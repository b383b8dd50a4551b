// Alerting end to end: the embedded agent checks a loopback server that is made to fail and recover;
// the results it reports move the monitor's alert status and a loopback webhook receiver gets exactly
// one down and one recovery.
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

/** Results stored for the monitor. */
async function storedIn(t: HttpTestApp, monitorId: string): Promise<number> {
  const [row] = await t.db.rows<{ n: string }>('SELECT count(*) AS n FROM check_results WHERE monitor_id = $1', [
    monitorId,
  ]);
  return Number(row.n);
}

describe('alerts end to end (embedded agent)', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let target: Receiver;
  let hooks: Receiver;

  beforeAll(async () => {
    target = await startReceiver();
    hooks = await startReceiver();
    t = await startHttpApp({ checkerRegions: ['fly-ams'] });
    t.app.get(AlertDeliveryWorker).configure({ pollMs: 200 });
    tenant = await newTenant(t);
  });

  const stored = (monitorId: string) => storedIn(t, monitorId);

  afterAll(async () => {
    await t.close();
    await target.close();
    await hooks.close();
  });

  it('a server that fails and recovers produces one down and one recovery per channel', async () => {
    const monitors = createClient(
      MonitorService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.writeKey)],
      }),
    );
    const { monitor } = await monitors.createHTTPMonitor({
      monitor: {
        name: 'flaky',
        url: `${target.url}/health`,
        periodicity: Periodicity.PERIODICITY_1H,
        active: true,
        regions: [Region.FLY_AMS],
        retry: 0n,
        timeout: 5_000n,
        bodyAssertions: [],
      },
    });
    const id = monitor!.id;
    await t.app.get(NotificationsService).create(tenant.ctx, {
      name: 'on-call',
      providerType: 'webhook',
      monitorIds: [id],
      provider: { kind: 'webhook', args: { endpoint: `${hooks.url}/alerts`, headers: [] } },
    });
    const events = () => hooks.requests.map((r) => (JSON.parse(r.body) as { event: string }).event);
    const checks = () => stored(id);
    const check = async () => {
      const before = await checks();
      // The next slot brought forward, as the check-engine tests do, instead of waiting an hour.
      await t.db.manager.query('UPDATE monitor_schedules SET next_run_at = now() WHERE monitor_id = $1', [id]);
      // The result stored, and with it the schedule moved on: only then may the next slot be brought forward.
      await eventually(checks, (n) => n > before);
    };

    target.reply({ status: 200, body: 'fine' });
    await check();
    target.reply({ status: 500, body: 'broken' });
    await check();
    await eventually(
      async () => events(),
      (e) => e.length >= 1,
    );
    target.reply({ status: 200, body: 'fine' });
    await check();
    const seen = await eventually(
      async () => events(),
      (e) => e.length >= 2,
    );
    expect(seen).toEqual(['monitor.down', 'monitor.recovered']);
  });

  it('`notifications test` on the command line sends a test alert and prints the answer', async () => {
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

describe('alerts end to end (embedded agent, two locations)', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let target: Receiver;
  let hooks: Receiver;

  beforeAll(async () => {
    target = await startReceiver();
    hooks = await startReceiver();
    t = await startHttpApp({ checkerRegions: ['fly-ams', 'fly-iad'] });
    t.app.get(AlertDeliveryWorker).configure({ pollMs: 200 });
    tenant = await newTenant(t);
  });

  const stored = (monitorId: string) => storedIn(t, monitorId);

  afterAll(async () => {
    await t.close();
    await target.close();
    await hooks.close();
  });

  it('two locations reporting on their own still alert once per transition', async () => {
    const monitors = createClient(
      MonitorService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.writeKey)],
      }),
    );
    const { monitor } = await monitors.createHTTPMonitor({
      monitor: {
        name: 'two regions',
        url: `${target.url}/two`,
        periodicity: Periodicity.PERIODICITY_1H,
        active: true,
        regions: [Region.FLY_AMS, Region.FLY_IAD],
        retry: 0n,
        timeout: 5_000n,
        bodyAssertions: [],
      },
    });
    const id = monitor!.id;
    await t.app.get(NotificationsService).create(tenant.ctx, {
      name: 'two',
      providerType: 'webhook',
      monitorIds: [id],
      provider: { kind: 'webhook', args: { endpoint: `${hooks.url}/two`, headers: [] } },
    });
    const events = () =>
      hooks.requests.filter((r) => r.path === '/two').map((r) => (JSON.parse(r.body) as { event: string }).event);
    const checked = () => stored(id);
    const checkBoth = async () => {
      const before = await checked();
      await t.db.manager.query('UPDATE monitor_schedules SET next_run_at = now() WHERE monitor_id = $1', [id]);
      await eventually(
        async () => checked(),
        (n) => n >= before + 2,
      );
    };

    target.reply({ status: 500, body: 'broken' });
    await checkBoth();
    await eventually(
      async () => events(),
      (e) => e.length >= 1,
    );
    target.reply({ status: 200, body: 'fine' });
    await checkBoth();
    const seen = await eventually(
      async () => events(),
      (e) => e.length >= 2,
    );
    expect(seen).toEqual(['monitor.down', 'monitor.recovered']);
  });
});
