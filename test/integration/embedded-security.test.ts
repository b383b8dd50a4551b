// The embedded database's wire port is reachable by every local user: it must ask for the password,
// keep its files private, and not let one connection that holds the session stall everyone else.
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { loadConfig, resolveSecretKey } from '../../backend/src/config/config';
import {
  openEmbeddedDatabase,
  startEphemeralDatabase,
  type EmbeddedDatabase,
} from '../../backend/src/database/embedded/embedded-postgres';
import { endpoint, RawPgClient, wire } from '../support/raw-pg';

async function connected(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function run<T extends object>(url: string, sql: string): Promise<T[]> {
  const client = await connected(url);
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function count(url: string): Promise<number> {
  return (await run<{ n: number }>(url, 'SELECT count(*)::int AS n FROM marks'))[0].n;
}

function withPassword(url: string, password: string | null): string {
  const parsed = new URL(url);
  parsed.password = password ?? '';
  return parsed.toString();
}

/** Every path under `dir` (itself included) whose permission bits are not `dirs` / `files`. */
function loosePaths(dir: string, dirs = 0o700, files = 0o600): string[] {
  const found: string[] = [];
  const walk = (path: string): void => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? dirs : files)) found.push(`${mode.toString(8)} ${path}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

describe('embedded database wire port: authentication', () => {
  let db: EmbeddedDatabase;

  beforeAll(async () => {
    db = await startEphemeralDatabase();
  });

  afterAll(async () => {
    await db.close();
  });

  it('accepts the password in the URL it hands out', async () => {
    expect(endpoint(db.url).password.length).toBeGreaterThanOrEqual(32);
    const client = await connected(db.url);
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  });

  it.each([
    ['a wrong password', 'postgres'],
    ['the right password with one character changed', null],
  ])('refuses %s with 28P01', async (_case, wrong) => {
    const right = endpoint(db.url).password;
    const password = wrong ?? `${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`;
    const client = new Client({ connectionString: withPassword(db.url, password) });
    client.on('error', () => undefined);
    await expect(client.connect()).rejects.toMatchObject({ code: '28P01' });
  });

  it('asks node-postgres without a password for one instead of letting it in', async () => {
    const client = new Client({ connectionString: withPassword(db.url, null), password: '' });
    client.on('error', () => undefined);
    await expect(client.connect()).rejects.toThrow(/SASL/);
  });

  it.each([
    ['a query without authenticating', wire.query('SELECT 42')],
    ['a cleartext password', wire.password('postgres')],
    ['an empty password', wire.password('')],
  ])('answers %s with FATAL 28P01, closes the socket and runs nothing', async (_case, attempt) => {
    const raw = await RawPgClient.open(endpoint(db.url).port);
    await raw.untilReceived('R');
    raw.send(attempt);
    await raw.closed;
    expect(raw.authentications).toEqual([10]);
    expect(raw.errorCodes).toEqual(['28P01']);
    expect(raw.rows).toEqual([]);
    expect(raw.readyCount).toBe(0);
  });
});

describe('embedded database wire port: a connection holding the session', () => {
  let db: EmbeddedDatabase;

  beforeAll(async () => {
    db = await startEphemeralDatabase({ idleInTransactionTimeoutMs: 300 });
    const setup = await connected(db.url);
    await setup.query('CREATE TABLE marks (n int)');
    await setup.end();
  });

  afterAll(async () => {
    await db.close();
  });

  it('rolls back and cuts off a client idle in a transaction (25P03), and the others go on', async () => {
    const { port, password } = endpoint(db.url);
    const idle = await RawPgClient.connect(port, password);
    idle.send(wire.query('BEGIN; INSERT INTO marks VALUES (1)'));
    await idle.untilReady(2);
    // Waits behind the idle transaction until the server ends it.
    expect(await count(db.url)).toBe(0);
    await idle.closed;
    expect(idle.errorCodes).toEqual(['25P03']);
    await run(db.url, 'INSERT INTO marks VALUES (2)');
    expect(await count(db.url)).toBe(1);
    await run(db.url, 'DELETE FROM marks');
  });

  it('cuts off a client that stops between Flush and Sync, without committing what it executed', async () => {
    const { port, password } = endpoint(db.url);
    const idle = await RawPgClient.connect(port, password);
    idle.send(wire.parse('INSERT INTO marks VALUES (7)'), wire.bind(), wire.execute(), wire.flush());
    await idle.untilReceived('C');
    expect(await count(db.url)).toBe(0);
    await idle.closed;
    expect(idle.errorCodes).toEqual(['25P03']);
  });

  it('does not commit the open extended query of a client that disconnects', async () => {
    const { port, password } = endpoint(db.url);
    const leaving = await RawPgClient.connect(port, password);
    leaving.send(wire.parse('INSERT INTO marks VALUES (8)'), wire.bind(), wire.execute(), wire.flush());
    await leaving.untilReceived('C');
    leaving.end();
    expect(await count(db.url)).toBe(0);
  });
});

describe('embedded database wire port: waiting for the session', () => {
  let db: EmbeddedDatabase;

  beforeAll(async () => {
    db = await startEphemeralDatabase({ idleInTransactionTimeoutMs: 600000, lockWaitTimeoutMs: 300 });
  });

  afterAll(async () => {
    await db.close();
  });

  it('gives up on a waiter (55P03) instead of hanging behind a transaction that does not end', async () => {
    const holder = await connected(db.url);
    const waiter = await connected(db.url);
    await holder.query('BEGIN');
    await holder.query('CREATE TABLE marks (n int)');
    await expect(waiter.query('SELECT 1')).rejects.toMatchObject({ code: '55P03' });
    await holder.query('COMMIT');
    expect(await count(db.url)).toBe(0);
    await holder.end();
  });
});

describe('embedded data folder permissions', () => {
  const root = mkdtempSync(join(tmpdir(), 'embedded-modes-'));
  const dataDir = join(root, 'data');
  let owner: EmbeddedDatabase | null = null;

  afterEach(async () => {
    await owner?.close();
    owner = null;
  });

  it('creates a fresh folder 0700 with every file 0600, the password only in the private JSON', async () => {
    resolveSecretKey(loadConfig({ DATA_DIR: dataDir }));
    owner = await openEmbeddedDatabase({ dataDir, role: 'server' });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'embedded-db.lock')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'embedded-db.json')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loosePaths(dataDir)).toEqual([]);
    const info = JSON.parse(readFileSync(join(dataDir, 'embedded-db.json'), 'utf8')) as { password: string };
    expect(info.password).toBe(endpoint(owner.url).password);
    // Files PostgreSQL creates while running are private too.
    await run(owner.url, 'CREATE TABLE later (n int); INSERT INTO later SELECT generate_series(1, 1000)');
    await run(owner.url, 'CHECKPOINT');
    expect(loosePaths(dataDir)).toEqual([]);
  });

  it('tightens an existing folder whose files were left world-readable and writable', async () => {
    const loosen = (path: string): void => {
      const stat = lstatSync(path);
      chmodSync(path, stat.isDirectory() ? 0o777 : 0o666);
      if (stat.isDirectory()) for (const name of readdirSync(path)) loosen(join(path, name));
    };
    loosen(dataDir);
    writeFileSync(join(dataDir, 'notes.txt'), 'left by an older version', { mode: 0o644 });
    chmodSync(join(dataDir, 'notes.txt'), 0o644);
    expect(loosePaths(dataDir).length).toBeGreaterThan(100);
    owner = await openEmbeddedDatabase({ dataDir, role: 'server' });
    expect(loosePaths(dataDir)).toEqual([]);
    await owner.close();
    owner = null;
    chmodSync(join(dataDir, 'secret.key'), 0o644);
    resolveSecretKey(loadConfig({ DATA_DIR: dataDir }));
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it('hands the command line the running server’s password from the private JSON', async () => {
    owner = await openEmbeddedDatabase({ dataDir, role: 'server' });
    const cli = await openEmbeddedDatabase({ dataDir, role: 'cli' });
    expect(cli.owner).toBe(false);
    expect(endpoint(cli.url).password.length).toBeGreaterThanOrEqual(32);
    expect(endpoint(cli.url).password).toBe(endpoint(owner.url).password);
    expect(await run(cli.url, 'SELECT count(*)::int AS n FROM later')).toEqual([{ n: 1000 }]);
  });
});
