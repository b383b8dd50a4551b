// Alerting survives a kill -9 between ingest and delivery: the built server checks a failing loopback
// target, queues the down alert in the ingest transaction and cannot deliver it yet (the receiver is
// not listening, so the row waits for a retry); the server is killed with SIGKILL, the receiver comes
// up, and a new server on the same database sends the alert, once.
// Delivery is at least once: a server killed while its send is in flight leaves the row leased, and
// the next server sends it again. The receiver then gets the alert twice, both times with the event id
// stored with the outbox row, in the X-Alert-Event-Id header and the body's event_id alike.
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { freePort } from '../support/http-app';
import { startReceiver, type Receiver } from '../support/receivers';
import { eventually, rpcTransport } from '../support/rpc';
import { bannerKey, startServer, type RunningServer } from '../support/server';

/** A built server on `databaseUrl` with its embedded agent serving fly-ams, in a data folder of its own. */
function serverEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-alerts-kill-')),
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    CHECKER_EMBEDDED: 'true',
    CHECKER_REGIONS: 'fly-ams',
  };
}

/** Over RPC on `server`: an hourly monitor of `target` (answering 500) with a webhook to `endpoint`, triggered. */
async function failingMonitorWithWebhook(
  server: RunningServer,
  target: Receiver,
  name: string,
  endpoint: string,
): Promise<void> {
  const transport = rpcTransport(server.baseUrl, bannerKey(server.stderr()));
  const { monitor } = await createClient(MonitorService, transport).createHTTPMonitor({
    monitor: {
      name,
      url: `${target.url}/health`,
      periodicity: Periodicity.PERIODICITY_1H,
      regions: [Region.FLY_AMS],
      retry: 0n,
      timeout: 5_000n,
      bodyAssertions: [],
    },
  });
  await createClient(NotificationService, transport).createNotification({
    notification: {
      name: 'on-call',
      providerType: 'webhook',
      monitorIds: [monitor!.id],
      provider: { case: 'webhook', value: { endpoint, headers: [] } },
    },
  });
  await createClient(MonitorService, transport).triggerMonitor({ id: monitor!.id });
}

describe('alerts after kill -9 (built server)', () => {
  let database: TestDatabase;
  let target: Receiver;
  let hookServer: Server | null = null;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    target = await startReceiver();
  });

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await new Promise<void>((resolve) => (hookServer ? hookServer.close(() => resolve()) : resolve()));
    await target.close();
    await database.close();
  });

  it('sends the queued down alert once, from the next server', async () => {
    const env = serverEnv(database.url);
    const first = await startServer(env);
    servers.push(first);
    const hookPort = await freePort();
    target.reply({ status: 500, body: 'broken' });
    await failingMonitorWithWebhook(first, target, 'killed', `http://127.0.0.1:${hookPort}/alerts`);

    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    try {
      const rows = () =>
        sql
          .query<{
            status: string;
            attempts: number;
            leased: boolean;
          }>('SELECT status, attempts, lease_until IS NOT NULL AS leased FROM alert_deliveries')
          .then((r) => r.rows);
      // Queued, tried, and waiting for a retry: the receiver is not listening yet. The attempt counts
      // when a worker claims the row; wait until its outcome is recorded (the lease released), since a
      // server killed mid-send leaves its lease (send deadline + 30 s) for the next one to wait out.
      const tried = await eventually(rows, (r) => r.length === 1 && r[0].attempts >= 1 && !r[0].leased);
      expect(tried).toEqual([{ status: 'pending', attempts: expect.any(Number) as unknown, leased: false }]);

      await first.stop('SIGKILL');
      const bodies: string[] = [];
      const eventIds: Array<string | string[] | undefined> = [];
      hookServer = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          bodies.push(body);
          eventIds.push(req.headers['x-alert-event-id']);
          res.writeHead(200).end('ok');
        });
      });
      await new Promise<void>((resolve) => hookServer!.listen(hookPort, '127.0.0.1', resolve));

      servers.push(await startServer(env));
      // The retry is due within the backoff of the attempts made so far (at most a few seconds here).
      const done = await eventually(rows, (r) => r[0]?.status === 'delivered', 30_000);
      expect(done.map((r) => r.status)).toEqual(['delivered']);
      expect(bodies.map((b) => (JSON.parse(b) as { event: string }).event)).toEqual(['monitor.down']);
      // The attempt that failed before the kill drew no id of its own: the row's id is the one sent.
      const [{ event_id: stored }] = (
        await sql.query<{ event_id: string }>('SELECT event_id::text AS event_id FROM alert_deliveries')
      ).rows;
      expect(eventIds).toEqual([stored]);
      expect(bodies.map((b) => (JSON.parse(b) as { event_id: string }).event_id)).toEqual([stored]);
    } finally {
      await sql.end();
    }
  }, 120_000);

  it('sends again a send cut short by kill -9, with the event id of the first', async () => {
    const own = await createTestDatabase();
    const hook = await startReceiver();
    const sql = new Client({ connectionString: own.url });
    await sql.connect();
    let second: RunningServer | null = null;
    try {
      const env = serverEnv(own.url);
      const first = await startServer(env);
      servers.push(first);
      target.reply({ status: 500, body: 'broken' });
      // The receiver takes the request in and never answers: the send is in flight when the kill comes.
      hook.hang();
      await failingMonitorWithWebhook(first, target, 'killed mid-send', `${hook.url}/alerts`);
      await eventually(
        () => Promise.resolve(hook.requests.length),
        (n) => n === 1,
        30_000,
      );

      await first.stop('SIGKILL');
      const rows = () =>
        sql
          .query<{
            status: string;
            event_id: string;
            leased: boolean;
          }>('SELECT status, event_id::text AS event_id, lease_until > now() AS leased FROM alert_deliveries')
          .then((r) => r.rows);
      const [cut] = await rows();
      expect(cut).toMatchObject({ status: 'pending', leased: true });
      // The dead server's lease (send deadline + 30 s) is run out here rather than waited out; that a
      // lease running out by itself frees the row is test/integration/alerts/pipeline.test.ts's part.
      await sql.query('UPDATE alert_deliveries SET lease_until = now()');
      hook.reply({ status: 200, body: 'ok' });

      second = await startServer(env);
      await eventually(rows, (r) => r[0]?.status === 'delivered', 30_000);

      // The receiver got the alert twice: the duplicate carries the id of the first, and in every
      // request the header and the body say the same id, the one stored with the row.
      expect(hook.requests.length).toBeGreaterThanOrEqual(2);
      const [original, ...repeats] = hook.requests;
      const idOf = (r: (typeof hook.requests)[number]) => ({
        header: r.headers['x-alert-event-id'],
        body: (JSON.parse(r.body) as { event_id: string }).event_id,
      });
      expect(idOf(original)).toEqual({ header: cut.event_id, body: cut.event_id });
      for (const repeat of repeats) expect(idOf(repeat)).toEqual(idOf(original));
      expect(hook.requests.map((r) => (JSON.parse(r.body) as { event: string }).event)).toEqual(
        hook.requests.map(() => 'monitor.down'),
      );
    } finally {
      await second?.stop('SIGKILL');
      await sql.end();
      await hook.close();
      await own.close();
    }
  }, 120_000);
});
