// The README's RPC examples, run exactly as a new user would: each block is read from README.md at
// test time (found by its `<!-- readme-test: NAME -->` marker), so a broken snippet fails here.
// The curl block runs in bash against the real built server; the client block is saved as
// client.mjs in a folder whose node_modules is the clone's, run with node, and type-checked as an
// ES module TypeScript file (module nodenext, strict).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/rpc';
import { cloneLikeFolder, readme, readmeBlock, ROOT, typeErrorsAsModule } from '../support/readme';
import { bannerKey, startServer, type RunningServer } from '../support/server';

describe('README: the RPC API examples', () => {
  let server: RunningServer;
  let key: string;

  beforeAll(async () => {
    // The embedded checker runs: the active example watches this server itself, and the other
    // example's monitor is inactive, so nothing is sent beyond loopback.
    server = await startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-readme-data-')) });
    key = bannerKey(server.stderr());
  });

  afterAll(async () => {
    await server?.stop();
  });

  const rpc = async (method: string, body: object) => {
    const response = await fetch(`${server.baseUrl}/rpc/monitor.v1.MonitorService/${method}`, {
      method: 'POST',
      headers: { 'x-service-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };

  it('runs the curl block: creates an active monitor of the service itself, which its checks find up', async () => {
    const script = readmeBlock('rpc-curl');
    expect(script).toContain('http://localhost:3000/rpc/');
    const withServer = script.replaceAll('http://localhost:3000', server.baseUrl);
    const run = spawnSync('bash', ['-c', `set -euo pipefail\n${withServer}`], {
      env: { PATH: process.env.PATH, SERVICE_API_KEY: key },
      // stdin not a socket: bash would otherwise read ~/.bashrc as if started over ssh.
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Two Connect JSON answers, back to back on stdout.
    const answers = JSON.parse(`[${run.stdout.replace(/}\s*{/g, '},{')}]`) as Array<{
      monitor: Record<string, unknown> & { http?: Record<string, unknown> };
    }>;
    expect(answers).toHaveLength(2);
    expect(answers[0].monitor).toMatchObject({ id: '1', active: true });
    // Its target is this very server: a new user's first monitor checks nothing elsewhere.
    expect(answers[1].monitor.http).toMatchObject({ id: '1', url: `${server.baseUrl}/health` });
    // Its first check is due within the period (5 minutes); a triggered one runs now.
    expect(await rpc('TriggerMonitor', { id: '1' })).not.toHaveProperty('code');
    const status = await eventually(
      () => rpc('GetMonitorStatus', { id: '1' }),
      (answer) => {
        const regions = (answer.regions ?? []) as Array<{ status?: string }>;
        return regions.length > 0 && regions.every((r) => r.status === 'MONITOR_STATUS_ACTIVE');
      },
      30_000,
    );
    expect(status.regions).toEqual([
      { region: 'REGION_FLY_AMS', status: 'MONITOR_STATUS_ACTIVE' },
      { region: 'REGION_FLY_IAD', status: 'MONITOR_STATUS_ACTIVE' },
    ]);
  });

  it('runs the TypeScript/JavaScript client block as client.mjs with node', () => {
    const dir = cloneLikeFolder();
    writeFileSync(join(dir, 'client.mjs'), readmeBlock('rpc-client'));
    const run = spawnSync(process.execPath, ['client.mjs'], {
      cwd: dir,
      env: { PATH: process.env.PATH, SERVICE_API_KEY: key, BASE_URL: server.baseUrl },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Created inactive, as the README says next to the first example.
    expect(run.stdout).toMatch(/^created monitor \d+ \(active: false\)\n$/);
  });

  it('type-checks the client block as an ES module TypeScript file', () => {
    expect(typeErrorsAsModule(readmeBlock('rpc-client'))).toEqual([]);
  });

  it('lists every RPC service the server answers, in the README and on the site', async () => {
    const paths = Object.keys(
      ((await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { paths: Record<string, unknown> }).paths,
    );
    const served = [...new Set(paths.flatMap((path) => /^\/rpc\/([\w.]+)\//.exec(path)?.[1] ?? []))].sort();
    // One service per proto package: the served list is the whole contract.
    const packages = readdirSync(join(ROOT, 'proto')).filter((name) => /^[a-z_]+$/.test(name) && name !== 'gen');
    expect(served.map((service) => service.split('.')[0]).sort()).toEqual(packages.sort());
    const listed = /^Services: ([\s\S]*?)\n\n/m.exec(readme())?.[1] ?? '';
    const reference = readFileSync(join(ROOT, 'content', 'docs', 'reference', 'rpc-api.md'), 'utf8');
    for (const service of served) {
      expect(listed).toContain(`\`${service}\``);
      expect(reference).toContain(`| \`${service}\``);
    }
  });
});
