import { createTestApp, type TestApp } from '../support/app';

describe('readiness checks', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('see the database and no pending migrations after start', async () => {
    await expect(t.db.ping()).resolves.toBeUndefined();
    await expect(t.db.pendingMigrations()).resolves.toBe(false);
  });

  it('notice a migration that has not been applied', async () => {
    const [last]: Array<{ id: number }> = await t.db.manager.query('SELECT max(id) AS id FROM schema_migrations');
    const [row]: Array<{ name: string; timestamp: string }> = await t.db.manager.query(
      'SELECT name, timestamp FROM schema_migrations WHERE id = $1',
      [last.id],
    );
    await t.db.manager.query('DELETE FROM schema_migrations WHERE id = $1', [last.id]);
    await expect(t.db.pendingMigrations()).resolves.toBe(true);
    await t.db.manager.query('INSERT INTO schema_migrations (timestamp, name) VALUES ($1, $2)', [
      row.timestamp,
      row.name,
    ]);
    await expect(t.db.pendingMigrations()).resolves.toBe(false);
  });
});
