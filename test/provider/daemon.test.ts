// The installed launcher and the provider daemon, without terraform: launches go through the bash
// launcher `npm run provider:install` writes, as terraform starts it; the daemon serves each launch a
// session of its own, is reused across launches, and goes away when idle.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchPlugin } from './support/plugin-client';
import { installPlugin } from './support/terraform';

const LAUNCHER = (home: string) =>
  join(
    home,
    '.terraform.d',
    'plugins',
    'uptime.local',
    'uptime',
    'service',
    '0.1.0',
    'linux_amd64',
    'terraform-provider-service_v0.1.0',
  );
const STATE = (home: string) => join(home, '.terraform.d', 'service-provider', 'daemon.state');
const INSTALL = (home: string) => join(home, '.terraform.d', 'service-provider', 'install');
const DIST = join(__dirname, '..', '..', 'provider', 'dist');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describe('the installed launcher and the provider daemon', () => {
  it('serves every launch from one daemon, each a session of its own, and the daemon exits when idle', async () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-daemon-home-'));
    installPlugin(home);
    const env = { HOME: home, SERVICE_PROVIDER_DAEMON_IDLE_MS: '1500' };
    const first = await launchPlugin(env, [LAUNCHER(home)]);
    const second = await launchPlugin(env, [LAUNCHER(home)]);
    try {
      // Two sessions: two gRPC servers, each pinned to its own terraform client certificate.
      expect(first.handshake[3]).not.toBe(second.handshake[3]);
      for (const plugin of [first, second]) {
        const schema = await plugin.call('getProviderSchema', {});
        expect(Object.keys(schema.resourceSchemas)).toContain('service_http_monitor');
      }
      const [port, secret] = readFileSync(STATE(home), 'utf8').trim().split(' ');
      expect(Number(port)).toBeGreaterThan(0);
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      // Shutdown ends each session; the launcher then exits 0, as go-plugin expects.
      expect(await first.shutdown()).toBe(0);
      expect(await second.shutdown()).toBe(0);
    }
    await until(() => !existsSync(STATE(home)), 'the idle daemon to remove its state file');
  });

  it('runs the plugin in the launching process with SERVICE_PROVIDER_DAEMON=0', async () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-daemon-home-'));
    installPlugin(home);
    const plugin = await launchPlugin({ HOME: home, SERVICE_PROVIDER_DAEMON: '0' }, [LAUNCHER(home)]);
    try {
      const schema = await plugin.call('getProviderSchema', {});
      expect(Object.keys(schema.dataSourceSchemas)).toContain('service_monitors');
      expect(existsSync(STATE(home))).toBe(false);
    } finally {
      expect(await plugin.shutdown()).toBe(0);
    }
  });

  it('keeps the launcher byte for byte when reinstalled with another Node.js, and retires the daemon of the old one', async () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-daemon-home-'));
    installPlugin(home);
    // terraform pins the launcher's checksum in each lock file: nothing of the installation is in it.
    const launcher = readFileSync(LAUNCHER(home), 'utf8');
    expect(launcher).not.toContain(process.execPath);
    expect(launcher).not.toContain(DIST);
    expect(readFileSync(INSTALL(home), 'utf8')).toBe(`${process.execPath}\n${DIST}\n`);
    const env = { HOME: home, SERVICE_PROVIDER_DAEMON_IDLE_MS: '10000' };
    const before = await launchPlugin(env, [LAUNCHER(home)]);
    await before.call('getProviderSchema', {});
    expect(await before.shutdown()).toBe(0);
    expect(existsSync(STATE(home))).toBe(true);

    // Another Node.js: the same program at another path (a copy; a symlink would resolve to this one).
    const otherNode = join(home, 'node');
    copyFileSync(process.execPath, otherNode);
    chmodSync(otherNode, 0o755);
    installPlugin(home, otherNode);
    expect(readFileSync(LAUNCHER(home), 'utf8')).toBe(launcher);
    expect(readFileSync(INSTALL(home), 'utf8')).toBe(`${otherNode}\n${DIST}\n`);

    // The old daemon answers STALE and goes; this launch runs the plugin in its own process, with the
    // new Node.js; the next one starts a daemon of the new installation.
    const during = await launchPlugin(env, [LAUNCHER(home)]);
    try {
      expect(Object.keys((await during.call('getProviderSchema', {})).resourceSchemas)).toContain(
        'service_http_monitor',
      );
      expect(existsSync(STATE(home))).toBe(false);
    } finally {
      expect(await during.shutdown()).toBe(0);
    }
    const after = await launchPlugin(env, [LAUNCHER(home)]);
    try {
      await after.call('getProviderSchema', {});
      expect(existsSync(STATE(home))).toBe(true);
    } finally {
      expect(await after.shutdown()).toBe(0);
    }
    await until(() => !existsSync(STATE(home)), 'the new daemon to go idle');
  });

  it('tells the user to install when the launcher finds no installation', () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-daemon-home-'));
    installPlugin(home);
    const run = spawnSync(LAUNCHER(home), [], {
      env: { PATH: process.env.PATH, HOME: join(home, 'elsewhere') },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('not installed for this user');
    expect(run.stderr).toContain('npm run provider:install');
  });

  it('ends the session when terraform kills the launcher', async () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-daemon-home-'));
    installPlugin(home);
    const plugin = await launchPlugin({ HOME: home, SERVICE_PROVIDER_DAEMON_IDLE_MS: '1000' }, [LAUNCHER(home)]);
    await plugin.call('getProviderSchema', {});
    const launcher = plugin.child.pid ?? 0;
    plugin.child.kill('SIGKILL');
    await until(() => !alive(launcher), 'the launcher to die');
    // The daemon noticed the session's end: with no session left it goes idle and exits.
    await until(() => !existsSync(STATE(home)), 'the daemon to go idle');
  });
});
