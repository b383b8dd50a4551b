// The first-minute experience, end to end on the real built server with the embedded database:
// start, health, the first-run key, an authenticated call, the command line while the server runs,
// graceful shutdown, and a restart that keeps the data.
import { existsSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { adminDatabaseUrl } from '../support/database';
import { bannerKey, runCli, runServerToFailure, startServer, type RunningServer } from '../support/server';
import { describeUnless } from '../support/skips';

const get = async (server: RunningServer, path: string, key?: string) => {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: key ? { 'x-service-key': key } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('server on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-e2e-'));
  const env = { DATA_DIR: dataDir };
  let server: RunningServer;
  let key: string;

  beforeAll(async () => {
    server = await startServer(env);
    key = bannerKey(server.stderr());
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers /health and /ready', async () => {
    expect(await get(server, '/health')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get(server, '/ready')).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('prints a first-run key that authenticates to the default workspace, and never logs it', async () => {
    const { status, body } = await get(server, '/v1/whoami', key);
    expect(status).toBe(200);
    expect(body).toMatchObject({ workspace: { slug: 'default', plan: 'pro' }, scope: 'write' });
    expect(server.stdout()).not.toContain(key);
  });

  it('refuses a missing or wrong key with 401', async () => {
    expect(await get(server, '/v1/whoami')).toEqual({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: 'Missing x-service-key header' },
    });
    expect((await get(server, '/v1/whoami', `${key.slice(0, -2)}xx`)).status).toBe(401);
  });

  it('runs the command line against the running server (one process owns the data folder)', async () => {
    const created = await runCli(['workspaces', 'create', '--name', 'Acme', '--plan', 'free'], env);
    expect(created).toMatchObject({ code: 0 });
    expect(created.lastLine).toMatch(/^\d+$/);

    const issued = await runCli(['api-keys', 'create', '--workspace', 'acme', '--scope', 'read'], env);
    expect(issued.code).toBe(0);
    expect(issued.lastLine).toMatch(/^svc_/);
    const whoami = await get(server, '/v1/whoami', issued.lastLine);
    expect(whoami.body).toMatchObject({
      workspace: { id: created.lastLine, slug: 'acme', plan: 'free' },
      scope: 'read',
      features: [],
    });

    const listed = await runCli(['api-keys', 'list', '--workspace', 'acme', '--json'], env);
    const keys = JSON.parse(listed.lastLine) as Array<{ id: string; prefix: string }>;
    expect(keys).toHaveLength(1);
    expect(listed.stdout).not.toContain(issued.lastLine);

    const revoked = await runCli(['api-keys', 'revoke', '--workspace', 'acme', '--id', keys[0].id], env);
    expect(revoked).toMatchObject({ code: 0, lastLine: keys[0].id });
    expect((await get(server, '/v1/whoami', issued.lastLine)).status).toBe(401);
  });

  it('gives the command line clear errors and exit codes', async () => {
    const usage = await runCli(['api-keys', 'create', '--workspace', 'acme'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--scope is required');
    const bad = await runCli(['api-keys', 'create', '--workspace', 'acme', '--scope', 'admin'], env);
    expect(bad).toMatchObject({ code: 1 });
    expect(bad.stderr).toContain('scope: must be read or write');
    const missing = await runCli(['api-keys', 'list', '--workspace', 'nope'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('workspace "nope" not found');
  });

  it('refuses to start a second server on the same data folder', () => {
    const second = runServerToFailure(env);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/Another server \(pid \d+\) is already using the data folder/);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0 and releases the folder', async () => {
    // The request is in flight while its body is still arriving; the route does not matter.
    const socket = connect(server.port, '127.0.0.1');
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /v1/whoami HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exit = server.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write('{}');
    expect(await exit).toBe(0);
    expect(response).toMatch(/^HTTP\/1\.1 404/);
    expect(response.toLowerCase()).toContain('connection: close');
    expect(server.stdout()).toContain('"msg":"stopped"');
    expect(existsSync(join(dataDir, 'embedded-db.lock'))).toBe(false);
  });

  it('keeps everything across a restart and does not bootstrap again', async () => {
    server = await startServer(env);
    expect(server.stderr()).not.toContain('SERVICE_API_KEY');
    expect((await get(server, '/v1/whoami', key)).status).toBe(200);
    const workspaces = await runCli(['workspaces', 'list', '--json'], env);
    expect((JSON.parse(workspaces.lastLine) as Array<{ slug: string }>).map((w) => w.slug)).toEqual([
      'default',
      'acme',
    ]);
  });
});

describe('server configuration errors', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT: expected an integer from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: expected a PostgreSQL URL'],
    [{ NODE_ENV: 'production' }, 'SECRET_KEY: required when NODE_ENV=production'],
  ])('stops with a message naming the variable: %j', (env, message) => {
    const result = runServerToFailure({ DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-cfg-')), ...env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });

  it('stops with a clear message when PostgreSQL is unreachable', () => {
    const result = runServerToFailure({ DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Failed to start: .*ECONNREFUSED/);
  });
});

const admin = adminDatabaseUrl();
describeUnless(!admin, 'postgres-only')('server on PostgreSQL (DATABASE_URL)', () => {
  const name = `e2e_${process.pid}`;
  let server: RunningServer;

  beforeAll(async () => {
    const client = new Client({ connectionString: admin! });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(admin!);
    url.pathname = `/${name}`;
    server = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-pg-')) });
  });

  afterAll(async () => {
    await server?.stop();
    const client = new Client({ connectionString: admin! });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('migrates, bootstraps and authenticates', async () => {
    expect(server.stdout()).toContain('"database":"postgres"');
    expect(await get(server, '/ready')).toEqual({ status: 200, body: { status: 'ready' } });
    const key = bannerKey(server.stderr());
    expect((await get(server, '/v1/whoami', key)).body).toMatchObject({ workspace: { slug: 'default' } });
  });
});

describeUnless(!admin, 'postgres-only')('server under production settings', () => {
  const name = `e2e_prod_${process.pid}`;
  let url: string;

  beforeAll(async () => {
    const client = new Client({ connectionString: admin! });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const parsed = new URL(admin!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });

  afterAll(async () => {
    const client = new Client({ connectionString: admin! });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  /** The log lines of a production start until the address mode was said, then the server stops. */
  async function startLines(extra: Record<string, string>): Promise<string[]> {
    const server = await startServer({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      SECRET_KEY: 'a-production-secret-key-of-at-least-32-characters',
      OAUTH_ISSUER: 'https://status.example.com',
      DASHBOARD_URL: 'https://app.example.com',
      CHECKER_EMBEDDED: 'false',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-prod-')),
      ...extra,
    });
    try {
      for (let i = 0; i < 100 && !/private targets/.test(server.stdout()); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return server
        .stdout()
        .split('\n')
        .filter((line) => line.includes('private targets'));
    } finally {
      await server.stop();
    }
  }

  it('says once at start which address mode it runs in', async () => {
    const refusing = await startLines({});
    expect(refusing).toHaveLength(1);
    const refused = JSON.parse(refusing[0]) as { allowPrivateTargets: boolean; msg: string };
    expect(refused.allowPrivateTargets).toBe(false);
    expect(refused.msg).toMatch(/^private targets refused/);
    const allowing = await startLines({ ALLOW_PRIVATE_TARGETS: 'true' });
    expect(allowing).toHaveLength(1);
    const allowed = JSON.parse(allowing[0]) as { allowPrivateTargets: boolean; msg: string };
    expect(allowed.allowPrivateTargets).toBe(true);
    expect(allowed.msg).toMatch(/^private targets allowed/);
  });
});
