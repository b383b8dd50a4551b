// Heartbeat lateness judged by two API nodes at once, with one of them killed (SIGKILL) as the
// deadlines pass: two built servers (backend/dist/main.js) share one PostgreSQL database, and both
// run the heartbeat sweeper every second. Pings come from real `curl` in a shell loop, as cron runs
// them, through either node. Each monitor must go down exactly once (one transition row, one webhook
// request at the loopback receiver), and come back up exactly once on the next success, with the
// killed node restarted and sweeping again.
//
// Time is the real clock: the server has no test clock, and the deadlines are the ones the pings
// set (the minimum period, 30 s, plus a grace of 0, 1 and 2 s), read back from heartbeat_states so
// the kill lands half a second after the first deadline, between the sweeps that judge the three. The
// whole test takes about 45 s after the servers are up.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@connectrpc/connect';
import { HeartbeatSchedule } from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { Client } from 'pg';
import { adminDatabaseUrl, createTestDatabase, type TestDatabase } from '../support/database';
import { startReceiver, type Receiver } from '../support/receivers';
import { eventually, rpcTransport } from '../support/rpc';
import { bannerKey, startServer, type RunningServer } from '../support/server';
import { describeUnless } from '../support/skips';

const run = promisify(execFile);

/** A node of its own (data folder) on the shared database; the embedded checker is off: nothing is probed. */
function nodeEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-heartbeat-nodes-')),
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    CHECKER_EMBEDDED: 'false',
  };
}

/** Three pings to `url` the way a cron line sends them; answers what curl printed. */
async function curlLoop(url: string): Promise<string> {
  const { stdout } = await run('sh', ['-c', 'for i in 1 2 3; do curl -fsS -m 5 "$URL"; echo; done'], {
    env: { PATH: process.env.PATH, URL: url },
    timeout: 30_000,
  });
  return stdout;
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

interface Hook {
  event: string;
  eventId: string;
  monitorId: string;
}

describeUnless(!adminDatabaseUrl(), 'postgres-only')('heartbeats on two API nodes with a kill -9', () => {
  let database: TestDatabase;
  let receiver: Receiver;
  let sql: Client;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver();
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await sql?.end();
    await receiver?.close();
    await database?.close();
  });

  it('alerts once per transition while one node dies and comes back', async () => {
    const env = nodeEnv(database.url);
    const a = await startServer(env);
    servers.push(a);
    const key = bannerKey(a.stderr());
    const b = await startServer(nodeEnv(database.url));
    servers.push(b);

    // Three monitors, every 30 s with 0, 1 and 2 s of grace, each with its own webhook channel.
    const transport = rpcTransport(a.baseUrl, key);
    const monitorsRpc = createClient(MonitorService, transport);
    const channels = createClient(NotificationService, transport);
    const monitors: Array<{ id: string; path: string }> = [];
    for (const grace of [0, 1, 2]) {
      const { monitor } = await monitorsRpc.createHeartbeatMonitor({
        monitor: {
          name: `job with ${grace} s grace`,
          active: true,
          schedule: HeartbeatSchedule.PERIOD,
          periodSeconds: 30n,
          graceSeconds: BigInt(grace),
        },
      });
      // BASE_URL decides the origin the answer shows; the path is the ping route on any node.
      const path = new URL(monitor!.pingUrl).pathname;
      expect(path).toMatch(/^\/ping\/[A-Za-z0-9_-]{16,}$/);
      await channels.createNotification({
        notification: {
          name: `hook ${grace}`,
          providerType: 'webhook',
          monitorIds: [monitor!.id],
          provider: { case: 'webhook', value: { endpoint: `${receiver.url}/hook/${monitor!.id}`, headers: [] } },
        },
      });
      monitors.push({ id: monitor!.id, path });
    }
    const ids = monitors.map((m) => m.id);
    const hooks = (): Hook[] =>
      receiver.requests.map((r) => {
        const body = JSON.parse(r.body) as { event: string; event_id: string; monitor: { id: string } };
        return { event: body.event, eventId: body.event_id, monitorId: body.monitor.id };
      });
    const eventsOf = (id: string) =>
      hooks()
        .filter((h) => h.monitorId === id)
        .map((h) => h.event);
    const transitions = () =>
      sql
        .query<{
          monitor_id: string;
          kind: string | null;
        }>('SELECT monitor_id::text AS monitor_id, kind FROM alert_transitions ORDER BY monitor_id::bigint, seq')
        .then((r) => r.rows);

    // The first pings, through one node or the other, and all three successes (unknown -> up alerts nobody).
    const outputs = await Promise.all(monitors.map((m, i) => curlLoop(`${(i % 2 ? b : a).baseUrl}${m.path}`)));
    expect(outputs).toEqual(monitors.map(() => 'OK\nOK\nOK\n'));
    const pings = await sql.query<{ monitor_id: string; n: string }>(
      'SELECT monitor_id::text AS monitor_id, count(*) AS n FROM heartbeat_pings GROUP BY monitor_id ORDER BY monitor_id',
    );
    expect(new Map(pings.rows.map((r) => [r.monitor_id, Number(r.n)]))).toEqual(new Map(ids.map((id) => [id, 3])));

    // Answered once stored; the deadlines follow once the materializers applied the pings.
    await eventually(
      async () =>
        Number(
          (await sql.query<{ n: string }>('SELECT count(*) AS n FROM heartbeat_pings WHERE applied_at IS NULL')).rows[0]
            .n,
        ),
      (n) => n === 0,
    );
    const states = await sql.query<{ monitor_id: string; due: Date }>(
      'SELECT monitor_id::text AS monitor_id, due_at AS due FROM heartbeat_states',
    );
    expect(states.rows.map((r) => r.monitor_id).sort()).toEqual([...ids].sort());
    const deadlines = new Map(states.rows.map((r) => [r.monitor_id, r.due.getTime()]));
    const first = Math.min(...deadlines.values());
    expect(first - Date.now()).toBeGreaterThan(20_000);
    expect(hooks()).toEqual([]);

    // Both nodes sweep as the deadlines pass; node a dies half a second after the first one (its
    // sweep may have judged it, be judging it or not have come yet), so node b alone is left for the
    // other two, and for the first if a's transaction died with it.
    await sleepUntil(first + 500);
    await a.stop('SIGKILL');

    // Every deadline judged once, by whoever came first: one down each, one failed result each, at
    // the deadline. Node b must manage without a: the last deadline is 2.5 s away, so 10 s is ample.
    const downs = await eventually(
      () => Promise.resolve(ids.map(eventsOf)),
      (e) => e.every((events) => events.length >= 1),
      10_000,
    );
    expect(downs).toEqual(ids.map(() => ['monitor.down']));
    const failures = async () => {
      const { rows } = await sql.query<{ monitor_id: string; at: Date; message: string }>(
        `SELECT monitor_id::text AS monitor_id, cron_timestamp AS at, error->>'message' AS message
           FROM check_results WHERE region = 'heartbeat' AND status = 'error'`,
      );
      return rows.sort(
        (x, y) => ids.indexOf(x.monitor_id) - ids.indexOf(y.monitor_id) || x.at.getTime() - y.at.getTime(),
      );
    };
    const judged = await failures();
    expect(judged.map((r) => [r.monitor_id, r.at.getTime()])).toEqual(ids.map((id) => [id, deadlines.get(id)]));
    for (const r of judged) expect(r.message).toMatch(/^No ping came/);

    // The killed node comes back on the same database and sweeps again: it finds nothing to judge.
    const restartedNode = await startServer(env);
    servers.push(restartedNode);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await failures()).toEqual(judged);
    expect(ids.map(eventsOf)).toEqual(ids.map(() => ['monitor.down']));

    // The next success, from curl through either node, the restarted one included: one recovery each.
    // It must come before the second expected pings (30 s after the first) are late.
    const recoveredAt = Date.now();
    expect(recoveredAt).toBeLessThan(first + 25_000);
    await Promise.all(
      monitors.map((m, i) => run('curl', ['-fsS', '-m', '5', `${(i % 2 ? b : restartedNode).baseUrl}${m.path}`])),
    );
    await eventually(
      () => Promise.resolve(ids.map(eventsOf)),
      (e) => e.every((events) => events.length >= 2),
      30_000,
    );
    // Both nodes sweep a few more times: nothing more may arrive (the next deadline is 30 s away).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(Date.now()).toBeLessThan(recoveredAt + 25_000);

    expect(ids.map(eventsOf)).toEqual(ids.map(() => ['monitor.down', 'monitor.recovered']));
    expect(new Set(hooks().map((h) => h.eventId)).size).toBe(hooks().length);
    expect(await transitions()).toEqual(
      ids.flatMap((id) => [
        { monitor_id: id, kind: null },
        { monitor_id: id, kind: 'down' },
        { monitor_id: id, kind: 'recovered' },
      ]),
    );
    const deliveries = await sql.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM alert_deliveries',
    );
    expect(deliveries.rows).toEqual(ids.flatMap(() => [1, 2].map(() => ({ status: 'delivered', attempts: 1 }))));
  }, 150_000);
});
