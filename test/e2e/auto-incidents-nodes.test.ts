// Incidents opened by monitors on two API nodes with a kill -9: two built servers (backend/dist/main.js)
// share one PostgreSQL database and both run the auto-incident sweeper. The component's settings are
// made over RPC (the new PageComponent fields). Its monitor checks a loopback target that answers 500
// (the embedded checker, fly-ams) and goes down. The test holds a row lock that the opening
// transaction needs (the component's row, which the auto_incidents foreign key checks), so both
// nodes stop inside that transaction, seen waiting in pg_stat_activity; one is killed with SIGKILL
// there, the lock is let go, and the other carries on; the killed node comes back. Then the target
// answers 200, the monitor recovers, and the resolution is raced the same way, both nodes held on the
// report's row lock and the other node killed. Exactly one report and one resolution must come of it.
//
// The server has no test clock: the minute the setting waits (its minimum) is run out by moving the
// transition's time back in the database, as alerts-kill.test.ts runs out a dead node's lease; that
// the minutes are counted is test/integration/auto-incidents' part, with an explicit clock.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import {
  StatusReportFilter,
  StatusReportService,
  StatusReportStatus,
} from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { Client } from 'pg';
import { adminDatabaseUrl, createTestDatabase, type TestDatabase } from '../support/database';
import { startReceiver, type Receiver } from '../support/receivers';
import { eventually, rpcTransport } from '../support/rpc';
import { bannerKey, startServer, type RunningServer } from '../support/server';
import { describeUnless } from '../support/skips';

/** The sweeper's interval (auto-incident-sweeper.ts): a few of them let every node sweep again. */
const SWEEP_MS = 5_000;

function nodeEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-auto-incidents-')),
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    CHECKER_EMBEDDED: 'true',
    CHECKER_REGIONS: 'fly-ams',
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds `FOR UPDATE` on one row in a transaction of its own until release(): a transaction that needs
 * the row (a foreign key check, a lock) waits there.
 */
/** The holders not released yet: a failing test ends them before its database goes. */
const holders = new Set<Client>();

async function holdRow(url: string, table: 'status_pages' | 'auto_incidents', id: string) {
  const holder = new Client({ connectionString: url });
  // Its connection ends with the database when a test fails; that is no error of the test's.
  holder.on('error', () => undefined);
  await holder.connect();
  holders.add(holder);
  await holder.query('BEGIN');
  await holder.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  return {
    release: async () => {
      await holder.query('COMMIT');
      await holder.end();
      holders.delete(holder);
    },
  };
}

describeUnless(!adminDatabaseUrl(), 'postgres-only')('auto-incidents on two API nodes with a kill -9', () => {
  let database: TestDatabase;
  let target: Receiver;
  let sql: Client;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    target = await startReceiver();
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await Promise.allSettled([...holders].map((h) => h.end()));
    await sql?.end();
    await target?.close();
    await database?.close();
  });

  it('opens one report and adds one resolution while a node dies and comes back', async () => {
    const env = nodeEnv(database.url);
    const a = await startServer(env);
    servers.push(a);
    const key = bannerKey(a.stderr());
    const b = await startServer(nodeEnv(database.url));
    servers.push(b);

    const transport = rpcTransport(b.baseUrl, key);
    target.reply({ status: 500, body: 'broken' });
    const { monitor } = await createClient(MonitorService, transport).createHTTPMonitor({
      monitor: {
        name: 'Checkout',
        url: `${target.url}/health`,
        periodicity: Periodicity.PERIODICITY_1H,
        regions: [Region.FLY_AMS],
        retry: 0n,
        timeout: 5_000n,
        bodyAssertions: [],
      },
    });
    const pagesRpc = createClient(StatusPageService, transport);
    const { statusPage } = await pagesRpc.createStatusPage({ statusPage: { title: 'Acme', slug: 'acme' } });
    const { component } = await pagesRpc.createPageComponent({
      component: {
        pageId: statusPage!.id,
        type: 'monitor',
        monitorId: monitor!.id,
        name: 'Checkout API',
        autoIncident: 'published',
        autoIncidentAfterMinutes: 1,
        autoIncidentTitle: '{{component}} is down',
      },
    });
    expect(component).toMatchObject({ autoIncident: 'published', autoIncidentAfterMinutes: 1, autoResolve: true });

    const status = () =>
      sql
        .query<{ status: string }>('SELECT status FROM monitor_alert_states WHERE monitor_id = $1', [monitor!.id])
        .then((r) => r.rows[0]?.status);
    await createClient(MonitorService, transport).triggerMonitor({ id: monitor!.id });
    await eventually(status, (s) => s === 'error', 30_000);

    const reports = () =>
      sql
        .query<{
          id: string;
          title: string;
          status: string;
          updates: string[];
        }>(
          `SELECT r.id::text AS id, r.title, r.status,
                  ARRAY(SELECT u.status FROM status_report_updates u WHERE u.report_id = r.id ORDER BY u.id) AS updates
             FROM status_reports r ORDER BY r.id`,
        )
        .then((r) => r.rows);
    expect(await reports()).toEqual([]);

    const claims = () =>
      sql
        .query<{
          outcome: string;
          resolution: string | null;
          report_id: string | null;
        }>('SELECT outcome, resolution, report_id::text AS report_id FROM auto_incidents ORDER BY id')
        .then((r) => r.rows);
    const claimIds = () =>
      sql
        .query<{ id: string }>('SELECT id::text AS id FROM auto_incidents ORDER BY id')
        .then((r) => r.rows.map((x) => x.id));

    /** What the server sessions waiting for a lock are running, by the table named: sorted. */
    const waiting = () =>
      sql
        .query<{ query: string }>(
          `SELECT query FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND datname = current_database() AND pid <> pg_backend_pid()`,
        )
        .then((r) =>
          r.rows
            .map(({ query }) => {
              const q = query.replace(/\s+/g, ' ').trim();
              const verb = /^\w+/.exec(q)?.[0].toLowerCase() ?? '?';
              const table = /(auto_incidents|status_pages|status_reports)/.exec(q)?.[1] ?? q.slice(0, 60);
              return `${verb} ${table}`;
            })
            .sort(),
        );

    // The monitor has been down "for two minutes": both nodes find the report due at their next sweep.
    // With the page's row held, the first to claim the outage stops inside its transaction right
    // after the claim (the report's verb reads the page with a share lock), holding its claim; the
    // other waits for that claim. Both are killed there.
    const pageRow = await holdRow(database.url, 'status_pages', statusPage!.id);
    await sql.query(
      `UPDATE alert_transitions SET at = at - interval '2 minutes', since = since - interval '2 minutes'
        WHERE monitor_id = $1 AND seq = (SELECT seq FROM monitor_alert_states WHERE monitor_id = $1)`,
      [monitor!.id],
    );
    expect(await eventually(waiting, (w) => w.length === 2, 30_000)).toEqual([
      'insert auto_incidents',
      'select status_pages',
    ]);
    await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')]);
    await pageRow.release();
    // Nothing of either transaction stays once their sessions are gone: no claim to say a report was
    // opened, no report.
    const sessions = () =>
      sql
        .query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        )
        .then((r) => r.rows[0].n);
    await eventually(sessions, (n) => n === 0, 30_000);
    expect([await claims(), await reports()]).toEqual([[], []]);

    // Two nodes again: one report, opened once.
    const a2 = await startServer(env);
    const b2 = await startServer(nodeEnv(database.url));
    servers.push(a2, b2);
    const opened = await eventually(reports, (r) => r.length > 0, 30_000);
    expect(opened.map((r) => r.title)).toEqual(['Checkout API is down']);
    await sleep(2 * SWEEP_MS);
    expect(await reports()).toEqual([
      { id: opened[0].id, title: 'Checkout API is down', status: 'investigating', updates: ['investigating'] },
    ]);
    expect(await claims()).toEqual([{ outcome: 'opened', resolution: null, report_id: opened[0].id }]);
    const audit = await sql.query<{ actor_type: string; actor_id: string }>(
      `SELECT actor_type, actor_id FROM audit_logs WHERE entity_type = 'status_report' AND entity_id = $1`,
      [opened[0].id],
    );
    expect(audit.rows).toEqual([{ actor_type: 'system', actor_id: 'auto-incident' }]);

    // Recovery: with the claim's row held, the node that locked the report first stops inside the
    // resolving transaction, the other waits for the report. One of them is killed there, the other
    // carries on once the row is let go.
    const claimRow = await holdRow(database.url, 'auto_incidents', (await claimIds())[0]);
    target.reply({ status: 200, body: 'ok' });
    await createClient(MonitorService, rpcTransport(a2.baseUrl, key)).triggerMonitor({ id: monitor!.id });
    await eventually(status, (s) => s === 'active', 30_000);
    expect(await eventually(waiting, (w) => w.length === 2, 30_000)).toEqual([
      'select auto_incidents',
      'select status_reports',
    ]);
    await b2.stop('SIGKILL');
    await claimRow.release();
    await eventually(reports, (r) => r[0]?.status === 'resolved', 30_000);
    servers.push(await startServer(nodeEnv(database.url)));
    await sleep(2 * SWEEP_MS);
    expect(await reports()).toEqual([
      { id: opened[0].id, title: 'Checkout API is down', status: 'resolved', updates: ['investigating', 'resolved'] },
    ]);
    expect(await claims()).toEqual([{ outcome: 'opened', resolution: 'resolved', report_id: opened[0].id }]);

    // And over RPC the report reads as any other.
    const listed = await createClient(StatusReportService, rpcTransport(a2.baseUrl, key)).listStatusReports({
      pageId: statusPage!.id,
      filter: StatusReportFilter.ALL,
    });
    expect(listed.statusReports.map((r) => [r.title, r.status, r.draft, r.pageComponentIds])).toEqual([
      ['Checkout API is down', StatusReportStatus.RESOLVED, false, [component!.id]],
    ]);
  }, 180_000);
});
