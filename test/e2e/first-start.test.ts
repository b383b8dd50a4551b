// The first start's terminal as a new user meets it, on the real built server and command line
// (npm run build first): the banner's command pasted into bash as it stands, the command line on a
// pipe whose reader ends early, and a dashboard port that is taken.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bannerKey, CLI, runCli, runServerToFailure, startServer, type RunningServer } from '../support/server';

const ROOT = join(__dirname, '..', '..');

/** Runs a line in bash as typed at a prompt in the clone's root, with the server's environment. */
function bash(line: string, env: Record<string, string>) {
  return spawnSync('bash', ['-c', line], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    // stdin not a socket: bash would otherwise read ~/.bashrc as if started over ssh.
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 60_000,
  });
}

const whoami = async (server: RunningServer, key: string) => {
  const response = await fetch(`${server.baseUrl}/v1/whoami`, { headers: { 'x-service-key': key } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** The sign-in link a start printed, fetched on 127.0.0.1 (the server listens there, not on ::1). */
function signInLink(stderr: string): URL {
  const match = /(https?:\/\/\S+\/app\/sign-in\/link\?token=\w+)/.exec(stderr);
  if (!match) throw new Error(`no sign-in link in:\n${stderr}`);
  return new URL(match[1]);
}
const onLoopback = (url: URL) => url.href.replace('//localhost:', '//127.0.0.1:');

describe('first start: the banner can be pasted and followed', () => {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-first-start-')) };
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer(env);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('names the port the API actually listens on (PORT=0 picks a free one)', async () => {
    const banner = server.stderr();
    expect(banner).toContain(`curl -H "x-service-key: $SERVICE_API_KEY" http://localhost:${server.port}/v1/whoami`);
    expect((await whoami(server, bannerKey(banner))).status).toBe(200);
  });

  it('prints a command for more keys that works when pasted into bash as it stands', async () => {
    const command = /More keys[^\n]*\n\n {4}(\S.*)\n/.exec(server.stderr())?.[1];
    expect(command).toBe('npm run --silent cli -- api-keys create --workspace default --scope read');
    const pasted = bash(command!, env);
    expect(pasted.stderr).not.toMatch(/command not found|\n\s+at /);
    expect(pasted.status).toBe(0);
    expect(pasted.stdout).toMatch(/^svc_\S+\n$/);
    expect(await whoami(server, pasted.stdout.trim())).toMatchObject({ status: 200, body: { scope: 'read' } });
  });

  it('ends quietly with 141 when the reader of stdout has gone, and revokes a key nobody could read', async () => {
    // `head -c0` exits before the command line has started: every write meets a closed pipe (EPIPE).
    const lost = bash(
      `node "${CLI}" api-keys create --workspace default --scope read --name piped | head -c0; echo "exit \${PIPESTATUS[0]}" >&2`,
      env,
    );
    expect(lost.stderr).not.toMatch(/\n\s+at |Error: write EPIPE|Unhandled/);
    expect(lost.stderr).toMatch(/stdout was closed before the key could be written: revoked key \d+; create another\n/);
    expect(lost.stderr).toMatch(/exit 141\n$/);
    const keys = await runCli(['api-keys', 'list', '--workspace', 'default', '--all', '--json'], env);
    const piped = (JSON.parse(keys.stdout) as Array<{ name: string; revokedAt: string | null }>).filter(
      (key) => key.name === 'piped',
    );
    expect(piped).toEqual([expect.objectContaining({ revokedAt: expect.any(String) as unknown })]);

    const listing = bash(`node "${CLI}" workspaces list | head -c0; echo "exit \${PIPESTATUS[0]}" >&2`, env);
    expect(listing.stderr).toBe('exit 141\n');
    // A reader that takes what it wants, then ends: the answer was written whole before it left.
    const first = bash(`node "${CLI}" workspaces list | head -c1; echo; echo "exit \${PIPESTATUS[0]}" >&2`, env);
    expect(first).toMatchObject({ stdout: 'I\n', stderr: 'exit 0\n' });
  });
});

describe('first start: a taken dashboard port', () => {
  const blockers: Server[] = [];

  /** Holds 127.0.0.1:port, or leaves it when something else already does: either way it is taken. */
  async function take(port: number): Promise<void> {
    const blocker = createServer();
    const held = await new Promise<boolean>((resolve) => {
      blocker.once('error', () => resolve(false));
      blocker.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (held) blockers.push(blocker);
  }

  afterAll(async () => {
    await Promise.all(blockers.map((b) => new Promise((resolve) => b.close(resolve))));
  });

  it('stops before creating anything, advises a DASHBOARD_URL on a free port, and the links follow it', async () => {
    await take(3001);
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-port-taken-')), DASHBOARD_PORT: '' };
    const failed = runServerToFailure(env);
    expect(failed.code).toBe(1);
    const advice =
      /the dashboard could not listen on port 3001 \([^)]*EADDRINUSE[^)]*\); set DASHBOARD_URL to an origin on a free port, such as DASHBOARD_URL=(http:\/\/localhost:(\d+)), or DASHBOARD_PORT=off/.exec(
        failed.stderr,
      );
    expect(advice).not.toBeNull();
    expect(Number(advice![2])).toBeGreaterThan(3001);
    // No key was spent on the start that ended: none was printed.
    expect(failed.stderr).not.toContain('SERVICE_API_KEY');

    const server = await startServer({ ...env, DASHBOARD_URL: advice![1] });
    try {
      // The first start happens now, and its sign-in link is on the advised port, where it opens.
      expect(bannerKey(server.stderr())).toMatch(/^svc_/);
      const link = signInLink(server.stderr());
      expect(link.origin).toBe(advice![1]);
      expect((await fetch(onLoopback(link))).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('prints the sign-in link on the port DASHBOARD_PORT gives, when DASHBOARD_URL is unset', async () => {
    const probe = createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
    );
    await new Promise((resolve) => probe.close(resolve));
    const server = await startServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-dash-port-')),
      DASHBOARD_PORT: String(port),
    });
    try {
      const link = signInLink(server.stderr());
      expect(link.origin).toBe(`http://localhost:${port}`);
      expect((await fetch(onLoopback(link))).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
