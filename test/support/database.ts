// A fresh database for one test file: a scratch database on the PostgreSQL named by
// TEST_DATABASE_URL (or DATABASE_URL), otherwise an in-memory PGlite served on loopback.
//
// It comes with the migrations applied, copied from a template made once per set of migrations
// (PostgreSQL: a template database; PGlite: a dump of its data folder under the temporary folder),
// because initdb and the migrations cost PGlite about 9 s each time. `{ empty: true }` gives a
// database without them, for the tests of the migrations themselves.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../../backend/src/database/data-source';
import { ENTITIES } from '../../backend/src/entities';
import { migrate } from '../../backend/src/database/database.module';
import { startEphemeralDatabase } from '../../backend/src/database/embedded/embedded-postgres';
import { cachedFile } from './template-cache';

export interface TestDatabase {
  url: string;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export function adminDatabaseUrl(): string | null {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
}

const MIGRATIONS_DIR = join(__dirname, '../../backend/src/database/migrations');

/** Changes whenever a migration (or the PGlite version) does, so a stale template is never used. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  // The whole package.json of PGlite (its version among it): a new PGlite may not read an old dump.
  hash.update(readFileSync(join(__dirname, '../../node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function applyMigrations(url: string): Promise<void> {
  const dataSource = createDataSource({ url, poolSize: 2, applicationName: 'test-template', entities: ENTITIES });
  await dataSource.initialize();
  try {
    await migrate(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * The PGlite template: built by the first test file that needs it while the other workers wait, then
 * read by them (template-cache.ts: written atomically, under a lock).
 */
async function pgliteTemplate(): Promise<Blob> {
  const template = await cachedFile({
    folder: join(tmpdir(), 'uptime-test-templates'),
    name: `pglite-${migrationsDigest()}.tar`,
    stalePrefix: 'pglite-',
    build: async () => {
      const fresh = await startEphemeralDatabase();
      try {
        await applyMigrations(fresh.url);
        return new Uint8Array(await (await fresh.dumpDataDir()).arrayBuffer());
      } finally {
        await fresh.close();
      }
    },
  });
  return new Blob([template]);
}

async function withAdmin<T>(admin: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Runs a statement that needs a database nobody is connected to, waiting out backends still closing. */
async function whenUnused(client: Client, sql: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await client.query(sql);
      return;
    } catch (error) {
      // 55006 object_in_use: "database ... is being accessed by other users".
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The PostgreSQL template database, made under an advisory lock so parallel workers make it once. */
async function postgresTemplate(admin: string): Promise<string> {
  const template = `uptime_test_template_${migrationsDigest()}`;
  await withAdmin(admin, async (client) => {
    await client.query(`SELECT pg_advisory_lock(hashtext('uptime_test_template'))`);
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (exists.rowCount) return;
      const stale = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'uptime\\_test\\_template\\_%'`,
      );
      for (const { datname } of stale.rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      const building = `${template}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const url = new URL(admin);
      url.pathname = `/${building}`;
      await applyMigrations(url.toString());
      await whenUnused(client, `ALTER DATABASE ${building} RENAME TO ${template}`);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('uptime_test_template'))`);
    }
  });
  return template;
}

export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const admin = adminDatabaseUrl();
  if (!admin) {
    const embedded = await startEphemeralDatabase({}, options.empty ? undefined : await pgliteTemplate());
    return { url: embedded.url, kind: 'pglite', close: embedded.close };
  }
  const template = options.empty ? null : await postgresTemplate(admin);
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(admin, (client) =>
    whenUnused(client, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: 'postgres',
    close: () =>
      withAdmin(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Runs SQL on a connection of its own, like another process (the command line, an operator). */
export async function sqlElsewhere(url: string, sql: string, params: unknown[] = []): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql, params);
  } finally {
    await client.end();
  }
}
