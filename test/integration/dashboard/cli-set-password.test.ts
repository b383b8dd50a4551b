// `users set-password` on the real built CLI (npm run build first), against the database of an
// in-process server: the password comes from stdin, the user can then sign in to the dashboard, and
// their existing sessions end.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DashboardClient, newMember, PASSWORD } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { CLI } from '../../support/server';

interface CliAnswer {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], stdin: string, databaseUrl: string): Promise<CliAnswer> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-cli-pw-')),
        SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
        LOG_LEVEL: 'warn',
        DASHBOARD_PORT: 'off',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('users set-password (command line)', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
  });
  afterAll(() => t.close());

  it('sets the password from a pipe: the user signs in with it and their other sessions end', async () => {
    const { userId, email } = await newMember(t, tenant.ctx, 'member');
    const before = new DashboardClient(t.baseUrl);
    await before.signIn(email, PASSWORD);
    expect((await before.get(`/app/w/${tenant.ctx.workspace.slug}/settings`)).status).toBe(200);

    const done = await cli(['users', 'set-password', email.toUpperCase()], 'a brand new pass phrase\n', t.database.url);
    expect(done).toMatchObject({ code: 0, stdout: `${userId}\n` });
    expect(done.stderr).toContain(`set the password of ${email}`);
    expect(done.stderr).not.toContain('a brand new pass phrase');

    expect((await before.get(`/app/w/${tenant.ctx.workspace.slug}/settings`)).status).toBe(303);
    expect((await new DashboardClient(t.baseUrl).signIn(email, PASSWORD)).status).toBe(401);
    expect((await new DashboardClient(t.baseUrl).signIn(email, 'a brand new pass phrase')).status).toBe(303);
  });

  it('exits 1 for a password out of bounds or an unknown e-mail, 2 without the e-mail', async () => {
    const { email } = await newMember(t, tenant.ctx, 'member');
    const short = await cli(['users', 'set-password', email], 'short\n', t.database.url);
    expect(short).toMatchObject({ code: 1, stdout: '' });
    expect(short.stderr).toContain('password: must be at least 12 characters');
    const unknown = await cli(
      ['users', 'set-password', 'nobody@example.com'],
      'long enough password\n',
      t.database.url,
    );
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('user "nobody@example.com" not found');
    const usage = await cli(['users', 'set-password'], '', t.database.url);
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(usage.stderr).toContain('users set-password needs the e-mail');
  });
});
