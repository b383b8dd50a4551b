import type { DataSource } from 'typeorm';
import { createDataSource, pendingSchemaChanges } from '../../backend/src/database/data-source';
import { ENTITIES } from '../../backend/src/entities';
import { migrate } from '../../backend/src/database/database.module';
import { MIGRATIONS } from '../../backend/src/database/migrations';
import { createTestDatabase, type TestDatabase } from '../support/database';

const TABLES = [
  'workspaces',
  'users',
  'memberships',
  'api_keys',
  'monitors',
  'monitor_region_statuses',
  'check_results',
  'status_pages',
  'page_component_groups',
  'page_components',
  'page_subscribers',
  'page_subscriber_components',
  'subscription_mail_quotas',
  'status_reports',
  'status_report_updates',
  'status_report_components',
  'auto_incidents',
  'maintenances',
  'maintenance_components',
  'notification_channels',
  'notification_channel_monitors',
  'private_locations',
  'rate_limit_windows',
  'private_location_monitors',
  'audit_logs',
  'monitor_schedules',
  'check_triggers',
  'check_aggregates',
  'oauth_clients',
  'oauth_grants',
  'oauth_authorization_codes',
  'oauth_authorization_requests',
  'oauth_tokens',
  'dashboard_sessions',
  'sign_in_links',
  'monitor_alert_states',
  'alert_transitions',
  'alert_deliveries',
  'certificate_alerts',
  'alerts',
  'escalation_policies',
  'agent_presence',
  'heartbeat_states',
  'imported_resources',
  'heartbeat_pings',
];

async function tables(ds: DataSource): Promise<string[]> {
  const rows: Array<{ name: string }> = await ds.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
  );
  return rows
    .map((r) => r.name)
    .filter((n) => n !== 'schema_migrations')
    .sort();
}

describe('migrations', () => {
  let database: TestDatabase;
  let sut: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    sut = createDataSource({ url: database.url, poolSize: 2, entities: ENTITIES });
    await sut.initialize();
  });

  afterAll(async () => {
    await sut.destroy();
    await database.close();
  });

  it('apply on an empty database and create every table of the domain model', async () => {
    const applied = await migrate(sut);
    expect(applied).toHaveLength(MIGRATIONS.length);
    expect(await tables(sut)).toEqual([...TABLES].sort());
  });

  it('leave nothing for the entities to change (no drift)', async () => {
    expect(await pendingSchemaChanges(sut)).toEqual({ up: [], down: [] });
  });

  it('are idempotent: a second run applies nothing', async () => {
    expect(await migrate(sut)).toEqual([]);
  });

  it('partition check_results by range of cron_timestamp', async () => {
    const [row]: Array<{ key: string }> = await sut.query(
      `SELECT pg_get_partkeydef(c.oid) AS key FROM pg_class c WHERE c.relname = 'check_results'`,
    );
    expect(row.key).toBe('RANGE (cron_timestamp)');
  });

  it('let the database refuse values outside the bounds of the spec', async () => {
    const [workspace]: Array<{ id: string }> = await sut.query(
      `INSERT INTO workspaces (slug, name) VALUES ('bounds', 'Bounds') RETURNING id`,
    );
    const insert = (columns: string, values: string) =>
      sut.query(`INSERT INTO monitors (workspace_id, kind, name, periodicity, ${columns}) VALUES ($1, ${values})`, [
        workspace.id,
      ]);
    await expect(insert('url, timeout', `'http', 'x', '1m', 'https://a', 45000`)).resolves.toBeDefined();
    await expect(insert('url, timeout', `'http', 'x', '1m', 'https://a', 120001`)).rejects.toThrow(
      /ck_monitors_timeout/,
    );
    await expect(insert('url, retry', `'http', 'x', '1m', 'https://a', 11`)).rejects.toThrow(/ck_monitors_retry/);
    await expect(insert('url', `'http', 'x', '2m', 'https://a'`)).rejects.toThrow(/ck_monitors_periodicity/);
    await expect(insert('uri', `'http', 'x', '1m', 'a:1'`)).rejects.toThrow(/ck_monitors_target/);
    await expect(insert('uri', `'smtp', 'x', '1m', 'a:1'`)).rejects.toThrow(/ck_monitors_kind/);
    const tooMany = JSON.stringify(Array.from({ length: 11 }, () => ({ comparator: 'eq', target: 200 })));
    await expect(insert('url, status_code_assertions', `'http', 'x', '1m', 'https://a', '${tooMany}'`)).rejects.toThrow(
      /ck_monitors_assertions/,
    );
  });

  it('revert completely and apply again', async () => {
    for (let i = 0; i < MIGRATIONS.length; i++) await sut.undoLastMigration({ transaction: 'each' });
    expect(await tables(sut)).toEqual([]);
    expect(await migrate(sut)).toHaveLength(MIGRATIONS.length);
    expect(await pendingSchemaChanges(sut)).toEqual({ up: [], down: [] });
  });
});
