// Backup, restore and the move to PostgreSQL, end to end with the BUILT command line and server:
// a server with one of every kind of resource (monitors of each kind, channels with sealed secrets,
// status pages with groups and components, reports, maintenances, subscribers, API keys, a private
// location, a heartbeat monitor with pings, check results, alert transitions and deliveries) is
// backed up while it runs; the file is restored into a fresh embedded data folder and into a fresh
// PostgreSQL database; a server started on each answers every RPC read (every Get and List of every
// service, with every id) exactly as the original did, and keeps checking and alerting on loopback.
// A wrong SECRET_KEY and a database with rows are refused, and nothing is written. Last, an embedded
// installation is moved to PostgreSQL with migrate-to-postgres while its server runs.
//
// Needs the PostgreSQL at DATABASE_URL (or TEST_DATABASE_URL): it creates its scratch databases there.
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScalarType, toJson, type DescMessage, type DescService } from '@bufbuild/protobuf';
import { createClient } from '@connectrpc/connect';
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MaintenanceService } from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { PrivateLocationService } from '@uptime/proto/gen/private_location/v1/private_location_service_pb';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import { StatusReportService } from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { SubscriberService } from '@uptime/proto/gen/subscriber/v1/subscriber_service_pb';
import { Client } from 'pg';
import { AlertDeliveryWorker } from '../../backend/src/alerts/alert-delivery.worker';
import { emptyResult } from '../../backend/src/checker/probe';
import { ResultIngestService } from '../../backend/src/check-results/result-ingest';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { openEmbeddedDatabase } from '../../backend/src/database/embedded/embedded-postgres';
import { MaintenancesService } from '../../backend/src/maintenances/maintenances.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { adminDatabaseUrl, createTestDatabase, type TestDatabase } from '../support/database';
import { pingsApplied } from '../support/heartbeats';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { startReceiver, type Receiver } from '../support/receivers';
import { eventually, rpcTransport } from '../support/rpc';
import { bannerKey, runCli, startServer, type RunningServer } from '../support/server';

const SECRET_KEY = 'test-secret-key-that-is-long-enough-0123456789';
const WRONG_KEY = 'another-secret-key-that-is-long-enough-9876543210';
const HOOK_SECRET = 'Bearer hook-secret-0123456789';
/** One public origin for every server, so answers that carry links compare equal. */
const BASE_URL = 'http://uptime.test';
const SERVICES: DescService[] = [
  MonitorService,
  StatusPageService,
  StatusReportService,
  MaintenanceService,
  NotificationService,
  PrivateLocationService,
  SubscriberService,
];

if (!adminDatabaseUrl()) {
  console.error(
    'backup-restore.test.ts NEEDS PostgreSQL: set DATABASE_URL (e.g. postgres://svc_ci:svc_ci@127.0.0.1:5432/svc_ci)',
  );
}

const idField = (name: string) => name === 'id' || /Id$/.test(name);

function idFieldsOf(input: DescMessage) {
  return input.fields.filter((f) => f.fieldKind === 'scalar' && idField(f.localName));
}

function idValue(field: DescMessage['fields'][number], id: string): unknown {
  if (field.fieldKind !== 'scalar') return id;
  switch (field.scalar) {
    case ScalarType.STRING:
      return id;
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return field.longAsString ? id : BigInt(id);
    case ScalarType.INT32:
    case ScalarType.UINT32:
    case ScalarType.SINT32:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return Number(id);
    case ScalarType.BOOL:
    case ScalarType.BYTES:
      return id;
  }
}

function collectIds(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectIds(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'id' && (typeof inner === 'string' || typeof inner === 'number')) into.add(String(inner));
      else collectIds(inner, into);
    }
  }
}

/**
 * Every read of the RPC API, as a write key sees it (secrets shown unsealed): each List/Get method without an id called
 * once, then each method that takes ids called with every id the first answers named. Answers are
 * keyed by method and request; the server's own origin is replaced, since each server has its port.
 */
async function everyRead(baseUrl: string, key: string): Promise<Map<string, string>> {
  const transport = rpcTransport(baseUrl, key);
  const answers = new Map<string, string>();
  const origin = new RegExp(`(127\\.0\\.0\\.1|localhost):${new URL(baseUrl).port}`, 'g');
  const ids = new Set<string>();
  const call = async (service: DescService, method: DescService['methods'][number], request: object) => {
    const client = createClient(service, transport) as unknown as Record<string, (r: object) => Promise<unknown>>;
    const label = `${service.name}.${method.name} ${JSON.stringify(request, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`;
    try {
      const answer = toJson(method.output, (await client[method.localName](request)) as never);
      collectIds(answer, ids);
      answers.set(label, JSON.stringify(answer).replace(origin, 'SERVER'));
    } catch (error) {
      answers.set(label, `error ${String((error as { code?: number }).code ?? (error as Error).message)}`);
    }
  };
  const reads = SERVICES.flatMap((service) =>
    service.methods.filter((m) => /^(Get|List)/.test(m.name)).map((method) => ({ service, method })),
  );
  for (const { service, method } of reads) if (!idFieldsOf(method.input).length) await call(service, method, {});
  for (const { service, method } of reads) {
    const fields = idFieldsOf(method.input);
    if (!fields.length) continue;
    for (const id of [...ids].sort()) {
      await call(service, method, Object.fromEntries(fields.map((f) => [f.localName, idValue(f, id)])));
    }
  }
  return answers;
}

/** The keys whose answers differ, with both answers, for a readable failure. */
function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .filter((k) => before.get(k) !== after.get(k))
    .map((k) => `${k}\n  before ${before.get(k)}\n  after  ${after.get(k)}`);
}

async function sql<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The URL of a running embedded server's database (the way the command line joins it). */
async function embeddedUrl(dataDir: string): Promise<string> {
  const joined = await openEmbeddedDatabase({ dataDir, role: 'cli' });
  return joined.url;
}

/** Sequences that would hand out an id a row already has: none after a restore. */
async function sequencesBehind(url: string): Promise<string[]> {
  const owned = await sql<{ seq: string; tbl: string; col: string }>(
    url,
    `SELECT s.relname AS seq, t.relname AS tbl, a.attname AS col FROM pg_class s
       JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.relkind = 'S' AND s.relnamespace = 'public'::regnamespace`,
  );
  const behind: string[] = [];
  for (const { seq, tbl, col } of owned) {
    const [row] = await sql<{ max: string | null; last: string; called: boolean }>(
      url,
      `SELECT (SELECT max("${col}")::text FROM "${tbl}") AS max, last_value::text AS last, is_called AS called FROM "${seq}"`,
    );
    const next = BigInt(row.last) + (row.called ? 1n : 0n);
    if (row.max !== null && BigInt(row.max) >= next)
      behind.push(`${seq} (next ${next}, ${tbl}.${col} up to ${row.max})`);
  }
  return behind;
}

const results = async (url: string, monitorId: string) =>
  Number(
    (await sql<{ n: string }>(url, 'SELECT count(*) AS n FROM check_results WHERE monitor_id = $1', [monitorId]))[0].n,
  );

/** Brings the monitor's next slot forward and waits for its new result. */
async function checkNow(url: string, monitorId: string): Promise<void> {
  const before = await results(url, monitorId);
  await sql(url, 'UPDATE monitor_schedules SET next_run_at = now() WHERE monitor_id = $1', [monitorId]);
  const after = await eventually(
    () => results(url, monitorId),
    (n) => n > before,
    30_000,
  );
  if (after <= before) {
    const schedules = await sql(url, 'SELECT * FROM monitor_schedules WHERE monitor_id = $1', [monitorId]);
    throw new Error(`no new result for monitor ${monitorId}: schedules ${JSON.stringify(schedules)}`);
  }
}

describe('backup, restore and migrate-to-postgres (built CLI and server)', () => {
  let target: Receiver;
  let hooks: Receiver;
  let t: HttpTestApp;
  let tenant: Tenant;
  let checkedId = '';
  let backupFile = '';
  let before = new Map<string, string>();
  const databases: TestDatabase[] = [];
  const servers: RunningServer[] = [];

  const hookEvents = (path: string) =>
    hooks.requests.filter((r) => r.path === path).map((r) => (JSON.parse(r.body) as { event: string }).event);

  beforeAll(async () => {
    if (!adminDatabaseUrl()) throw new Error('backup-restore.test.ts needs PostgreSQL at DATABASE_URL');
    target = await startReceiver();
    hooks = await startReceiver();
    t = await startHttpApp({ checkerRegions: ['fly-ams'], env: { BASE_URL } });
    t.app.get(AlertDeliveryWorker).configure({ pollMs: 200 });
    tenant = await newTenant(t);
    const ctx = tenant.ctx;
    const get = <T>(type: new (...args: never[]) => T): T => t.app.get(type as never);
    const monitors = get(MonitorsService);

    // Monitors of every kind. Only the checked one is active: nothing probes anything but loopback.
    const idle = { periodicity: '1h' as const, active: false, regions: ['fly-ams' as const] };
    const http = await monitors.create(ctx, 'http', {
      ...idle,
      name: 'API with a key',
      url: 'http://127.0.0.1:9/health',
      headers: [{ key: 'Authorization', value: 'Bearer monitor-secret-0123' }],
      tags: ['api', 'prod'],
    });
    await monitors.create(ctx, 'tcp', { ...idle, name: 'db', uri: '127.0.0.1:9' });
    await monitors.create(ctx, 'dns', { ...idle, name: 'dns', uri: 'example.test' });
    await monitors.create(ctx, 'icmp', { ...idle, name: 'ping', uri: '127.0.0.1' });
    await monitors.create(ctx, 'grpc', { ...idle, name: 'grpc', uri: '127.0.0.1:9' });
    await monitors.create(ctx, 'tls', { ...idle, name: 'tls', uri: '127.0.0.1:9' });
    const heartbeat = await monitors.create(ctx, 'heartbeat', { name: 'nightly job' });
    const checked = await monitors.create(ctx, 'http', {
      name: 'checked',
      url: `${target.url}/health`,
      periodicity: '1h',
      active: true,
      regions: ['fly-ams' as const],
      retry: 0,
      timeout: 5000,
    });
    checkedId = checked.id;

    // Status page with a group, components, a report with an update, a maintenance, subscribers.
    const page = await get(StatusPagesService).create(ctx, { title: 'Acme status', slug: `acme-${Date.now()}` });
    const components = get(PageComponentsService);
    const group = await components.createGroup(ctx, { pageId: page.id, name: 'Core' });
    const component = await components.createComponent(ctx, {
      pageId: page.id,
      type: 'monitor',
      monitorId: checked.id,
      name: 'API',
      groupId: group.id,
    });
    await components.createComponent(ctx, { pageId: page.id, type: 'static', name: 'Docs' });
    const { record: report } = await get(StatusReportsService).create(
      ctx,
      { pageId: page.id, title: 'Slow API', message: 'Looking into it', pageComponentIds: [component.id] },
      false,
    );
    await get(StatusReportsService).addUpdate(
      ctx,
      report.report.id,
      { status: 'identified', message: 'Found it' },
      false,
    );
    await get(MaintenancesService).create(
      ctx,
      {
        pageId: page.id,
        title: 'Upgrade',
        from: new Date(Date.now() + 3_600_000),
        to: new Date(Date.now() + 7_200_000),
      },
      false,
    );
    await get(SubscribersService).import(ctx, page.id, ['reader@example.com'], { confirmed: true });

    // Channels with sealed secrets: a Slack webhook URL, and the webhook the checked monitor alerts.
    const channels = get(NotificationsService);
    await channels.create(ctx, {
      name: 'Slack',
      providerType: 'slack',
      provider: { kind: 'slack', args: { webhookUrl: 'https://hooks.example.com/services/T0/B0/secret' } },
      monitorIds: [http.id],
    });
    await channels.create(ctx, {
      name: 'on-call',
      providerType: 'webhook',
      monitorIds: [checked.id],
      provider: {
        kind: 'webhook',
        args: { endpoint: `${hooks.url}/alerts`, headers: [{ key: 'Authorization', value: HOOK_SECRET }] },
      },
    });
    await get(PrivateLocationsService).create(ctx, { name: 'Basement', monitorIds: [http.id] });

    // Results of a past day too (another partition), and heartbeat pings.
    await get(RetentionService).maintain(new Date());
    const at = new Date(Date.now() - 86_400_000 - 60_000);
    await get(ResultIngestService).ingest(
      { agentId: 'backup-seed', locations: ['fly-ams'], privateLocationId: null },
      [
        {
          run: {
            monitorId: http.id,
            location: 'fly-ams',
            trigger: 'cron',
            triggerId: null,
            cronTimestamp: at,
            periodMs: 3_600_000,
          },
          outcome: { ...emptyResult(), status: 'success', latencyMs: 42, statusCode: 200, attempts: 1 },
          startedAt: at,
        },
      ],
      new Date(),
    );
    for (let i = 0; i < 2; i++) {
      const ping = await fetch(heartbeat.pingUrl!.replace(/^https?:\/\/[^/]+/, t.baseUrl), { method: 'POST' });
      expect(ping.status).toBe(200);
    }
    await pingsApplied(t.app, t.db);

    // Checks and alerts: up, down (an alert), up again (a recovery).
    target.reply({ status: 200, body: 'fine' });
    await checkNow(t.database.url, checked.id);
    target.reply({ status: 500, body: 'broken' });
    await checkNow(t.database.url, checked.id);
    await eventually(
      async () => hookEvents('/alerts'),
      (e) => e.length >= 1,
      30_000,
    );
    target.reply({ status: 200, body: 'fine' });
    await checkNow(t.database.url, checked.id);
    await eventually(
      async () => hookEvents('/alerts'),
      (e) => e.length >= 2,
      30_000,
    );
    expect(hookEvents('/alerts')).toEqual(['monitor.down', 'monitor.recovered']);
    expect(hooks.requests[0].headers.authorization).toBe(HOOK_SECRET);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await t?.close();
    for (const database of databases) await database.close();
    await target?.close();
    await hooks?.close();
  });

  it('backs up while the server runs: a gzip file of mode 0600 that says SECRET_KEY is needed', async () => {
    const deliveries = await sql<{ n: string }>(t.database.url, 'SELECT count(*) AS n FROM alert_deliveries');
    expect(Number(deliveries[0].n)).toBeGreaterThanOrEqual(2);
    before = await everyRead(t.baseUrl, tenant.writeKey);
    backupFile = join(mkdtempSync(join(tmpdir(), 'svc-backup-')), 'uptime.backup');
    const env = { DATABASE_URL: t.database.url, SECRET_KEY, DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-backup-cli-')) };
    const done = await runCli(['backup', '--out', backupFile], env);
    expect(done.stderr).toContain('SECRET_KEY');
    expect(done.code).toBe(0);
    expect(done.lastLine).toBe(backupFile);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(done.stderr + done.stdout).not.toContain(SECRET_KEY);

    const again = await runCli(['backup', '--out', backupFile], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('--force');
    // The reads did not move while the backup ran: what the restored servers must answer.
    expect(differences(before, await everyRead(t.baseUrl, tenant.writeKey))).toEqual([]);
    const answered = [...before.values()].filter((a) => !a.startsWith('error'));
    expect(answered.length).toBeGreaterThan(40);
    // A sealed secret, unsealed for the write key: the restored servers must read it back too.
    expect(answered.join('\n')).toContain('Bearer monitor-secret-0123');
  }, 120_000);

  it('refuses a wrong SECRET_KEY clearly, and writes nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-restore-wrong-'));
    const embedded = await runCli(['restore', backupFile], { DATA_DIR: dataDir, SECRET_KEY: WRONG_KEY });
    expect(embedded.code).toBe(1);
    expect(embedded.stderr).toMatch(/SECRET_KEY is not the key this backup was made with/);
    expect(readdirSync(dataDir)).toEqual([]);

    const fresh = await createTestDatabase({ empty: true });
    databases.push(fresh);
    const postgres = await runCli(['restore', backupFile], {
      DATABASE_URL: fresh.url,
      SECRET_KEY: WRONG_KEY,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-restore-wrong-pg-')),
    });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toContain('SECRET_KEY');
    const tables = await sql(fresh.url, `SELECT 1 FROM pg_class WHERE relnamespace = 'public'::regnamespace`);
    expect(tables).toEqual([]);
  }, 120_000);

  it('refuses a database that holds rows, and changes nothing in it', async () => {
    const count = async () => (await sql<{ n: string }>(t.database.url, 'SELECT count(*) AS n FROM monitors'))[0].n;
    const monitorsBefore = await count();
    const refused = await runCli(['restore', backupFile], {
      DATABASE_URL: t.database.url,
      SECRET_KEY,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-restore-full-')),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/the target database is not empty: \d+ table\(s\) hold rows/);
    expect(await count()).toBe(monitorsBefore);
  }, 120_000);

  /** Restores into the given environment, starts a server there and checks reads, checks and alerts. */
  async function restoreAndRun(
    name: string,
    env: Record<string, string>,
    sqlUrl: (dataDir: string) => Promise<string>,
  ) {
    const restored = await runCli(['restore', backupFile], env);
    expect(restored.stderr).toMatch(/restored \d+ tables, \d+ rows/);
    expect(restored.code).toBe(0);

    const again = await runCli(['restore', backupFile], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('not empty');
    // Every sequence is past the ids restored, so the server's next rows do not collide with them.
    const closed = env.DATABASE_URL ? null : await openEmbeddedDatabase({ dataDir: env.DATA_DIR, role: 'cli' });
    try {
      expect(await sequencesBehind(closed?.url ?? env.DATABASE_URL)).toEqual([]);
    } finally {
      await closed?.close();
    }

    const server = await startServer({
      ...env,
      BASE_URL,
      BOOTSTRAP: 'false',
      CHECKER_EMBEDDED: 'true',
      CHECKER_REGIONS: 'fly-ams',
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    servers.push(server);
    try {
      expect(differences(before, await everyRead(server.baseUrl, tenant.writeKey))).toEqual([]);
      const url = await sqlUrl(env.DATA_DIR);
      // It keeps checking: a new result of the loopback target...
      target.reply({ status: 200, body: 'fine' });
      await checkNow(url, checkedId);
      // ...and alerting: the target goes down, the webhook (its secret header unsealed) gets the alert.
      const path = `/alerts`;
      const seen = hookEvents(path).length;
      target.reply({ status: 500, body: `broken for ${name}` });
      await checkNow(url, checkedId);
      const events = await eventually(
        async () => hookEvents(path),
        (e) => e.length > seen,
        30_000,
      );
      expect(events.slice(seen)).toEqual(['monitor.down']);
      expect(hooks.requests[hooks.requests.length - 1].headers.authorization).toBe(HOOK_SECRET);
    } finally {
      await server.stop();
    }
  }

  it('restores into a fresh embedded data folder: same reads, still checking and alerting', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-restore-embedded-'));
    await restoreAndRun('embedded', { DATA_DIR: dataDir, SECRET_KEY }, embeddedUrl);
  }, 240_000);

  it('restores into a fresh PostgreSQL database: same reads, still checking and alerting', async () => {
    const fresh = await createTestDatabase({ empty: true });
    databases.push(fresh);
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-restore-pg-'));
    await restoreAndRun('postgres', { DATABASE_URL: fresh.url, DATA_DIR: dataDir, SECRET_KEY }, async () => fresh.url);
  }, 240_000);

  it('moves a running embedded installation to PostgreSQL and prints the one setting, without the password', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-move-'));
    const embedded = await startServer({
      DATA_DIR: dataDir,
      BASE_URL,
      CHECKER_EMBEDDED: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    servers.push(embedded);
    const key = bannerKey(embedded.stderr());
    const monitors = createClient(MonitorService, rpcTransport(embedded.baseUrl, key));
    await monitors.createTCPMonitor({
      monitor: { name: 'moved', uri: '127.0.0.1:9', active: false, periodicity: Periodicity.PERIODICITY_1H },
    });

    // A backup of the embedded database while its server runs, too.
    const file = join(dataDir, '..', `${Date.now()}-embedded.backup`);
    const backedUp = await runCli(['backup', '--out', file], { DATA_DIR: dataDir });
    expect(backedUp.code).toBe(0);
    expect(existsSync(file)).toBe(true);

    const movedBefore = await everyRead(embedded.baseUrl, key);
    const fresh = await createTestDatabase({ empty: true });
    databases.push(fresh);
    const moved = await runCli(['migrate-to-postgres', fresh.url], { DATA_DIR: dataDir });
    expect(moved.stderr).toMatch(/copied \d+ tables/);
    expect(moved.code).toBe(0);
    const masked = new URL(fresh.url);
    masked.password = '****';
    expect(moved.lastLine).toBe(`DATABASE_URL=${masked.toString()}`);
    expect(moved.stdout + moved.stderr).not.toContain(`:${new URL(fresh.url).password}@`);

    const refused = await runCli(['migrate-to-postgres', fresh.url], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not empty');
    await embedded.stop();

    // The same data folder (its secret.key) with DATABASE_URL set: the one setting changed.
    const onPostgres = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: fresh.url,
      BASE_URL,
      CHECKER_EMBEDDED: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    servers.push(onPostgres);
    try {
      expect(differences(movedBefore, await everyRead(onPostgres.baseUrl, key))).toEqual([]);
      const [{ n }] = await sql<{ n: string }>(fresh.url, `SELECT count(*) AS n FROM monitors WHERE name = 'moved'`);
      expect(n).toBe('1');
    } finally {
      await onPostgres.stop();
    }
  }, 240_000);
});
