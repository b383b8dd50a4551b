// A fresh database for one test file: a scratch database on the PostgreSQL named by
// TEST_DATABASE_URL (or DATABASE_URL), otherwise an in-memory PGlite served on loopback.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startEphemeralDatabase } from '../../backend/src/database/embedded/embedded-postgres';

export interface TestDatabase {
  url: string;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export function adminDatabaseUrl(): string | null {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const admin = adminDatabaseUrl();
  if (!admin) {
    const embedded = await startEphemeralDatabase();
    return { url: embedded.url, kind: 'pglite', close: embedded.close };
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: 'postgres',
    close: async () => {
      const dropper = new Client({ connectionString: admin });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
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
