import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openEmbeddedDatabase, type EmbeddedDatabase } from '../../backend/src/database/embedded/embedded-postgres';
import { endpoint, RawPgClient, wire } from '../support/raw-pg';

async function query(url: string, sql: string, params: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe(openEmbeddedDatabase.name, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'embedded-'));
  let owner: EmbeddedDatabase | null = null;

  afterEach(async () => {
    await owner?.close();
    owner = null;
  });

  it('persists data across close and reopen', async () => {
    owner = await openEmbeddedDatabase({ dataDir, role: 'server' });
    expect(owner.owner).toBe(true);
    await query(owner.url, 'CREATE TABLE notes (body text)');
    await query(owner.url, 'INSERT INTO notes VALUES ($1)', ['kept']);
    await owner.close();
    expect(existsSync(join(dataDir, 'embedded-db.lock'))).toBe(false);
    owner = await openEmbeddedDatabase({ dataDir, role: 'server' });
    expect(await query(owner.url, 'SELECT body FROM notes')).toEqual([{ body: 'kept' }]);
  });

  it('never lets a second server open the same folder', async () => {
    owner = await openEmbeddedDatabase({ dataDir, role: 'server' });
    await expect(openEmbeddedDatabase({ dataDir, role: 'server' })).rejects.toThrow(
      /Another server \(pid \d+\) is already using/,
    );
  });

  it('connects the command line to the running server instead of opening the folder', async () => {
    owner = await openEmbeddedDatabase({ dataDir, role: 'server' });
    const cli = await openEmbeddedDatabase({ dataDir, role: 'cli' });
    expect(cli.owner).toBe(false);
    expect(cli.url).toBe(owner.url);
    await query(cli.url, 'INSERT INTO notes VALUES ($1)', ['from the cli']);
    await cli.close();
    expect(await query(owner.url, 'SELECT count(*)::int AS n FROM notes')).toEqual([{ n: 2 }]);
  });

  it('makes a starting server wait until the command line releases the folder', async () => {
    const cli = await openEmbeddedDatabase({ dataDir, role: 'cli' });
    expect(cli.owner).toBe(true);
    let serverOpened = false;
    const starting = openEmbeddedDatabase({ dataDir, role: 'server', waitMs: 20000 }).then((db) => {
      serverOpened = true;
      return db;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(serverOpened).toBe(false);
    await cli.close();
    owner = await starting;
    expect(owner.owner).toBe(true);
  });

  it('recovers a lock left by a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(dataDir, 'embedded-db.lock'), `${dead}\n`);
    writeFileSync(join(dataDir, 'embedded-db.json'), JSON.stringify({ pid: Number(dead), role: 'server', port: 1 }));
    owner = await openEmbeddedDatabase({ dataDir, role: 'server', waitMs: 2000 });
    expect(owner.owner).toBe(true);
    expect(await query(owner.url, 'SELECT count(*)::int AS n FROM notes')).toEqual([{ n: 2 }]);
  });

  it('keeps transactions of concurrent connections apart', async () => {
    owner = await openEmbeddedDatabase({ dataDir, role: 'server' });
    const url = owner.url;
    await query(url, 'CREATE TABLE counters (id int primary key, n int)');
    const clients = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const c = new Client({ connectionString: url });
        await c.connect();
        return c;
      }),
    );
    await Promise.all(
      clients.map(async (c, i) => {
        await c.query('BEGIN');
        await c.query('INSERT INTO counters VALUES ($1, $2)', [i, i]);
        const seen = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM counters WHERE id = $1', [i]);
        expect(seen.rows[0].n).toBe(1);
        await c.query(i % 2 ? 'ROLLBACK' : 'COMMIT');
      }),
    );
    // A connection that dies inside a transaction is rolled back and releases the session.
    const doomed = clients[0];
    doomed.on('error', () => undefined);
    await doomed.query('BEGIN');
    await doomed.query('INSERT INTO counters VALUES (100, 100)');
    (doomed as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const survivor = clients[1];
    const left = await survivor.query<{ id: number }>('SELECT id FROM counters ORDER BY id');
    expect(left.rows.map((r) => r.id)).toEqual([0, 2, 4]);
    await Promise.all(clients.slice(1).map((c) => c.end()));
  });

  it("never runs one connection's statement for another, even when a batch arrives in pieces", async () => {
    // Over a real PostgreSQL each connection has its own unnamed statement. A single PGlite session
    // has one, so a server that forwarded message by message would let B's Parse replace A's between
    // A's Parse and Bind, and A would get B's row (@electric-sql/pglite-socket does exactly that).
    owner = await openEmbeddedDatabase({ dataDir, role: 'server' });
    const { port, password } = endpoint(owner.url);
    const a = await RawPgClient.connect(port, password);
    const b = await RawPgClient.connect(port, password);
    a.send(wire.parse("SELECT 'from A'::text"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    b.send(wire.parse("SELECT 'from B'::text"), wire.bind(), wire.execute(), wire.sync());
    await b.untilReady(2);
    a.send(wire.bind(), wire.execute(), wire.sync());
    await a.untilReady(2);
    expect(a.rows).toEqual(['from A']);
    expect(b.rows).toEqual(['from B']);
    expect([...a.errors, ...b.errors]).toEqual([]);
    a.end();
    b.end();
  });
});
