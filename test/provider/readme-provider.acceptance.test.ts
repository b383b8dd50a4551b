// The README's provider section, run as a new user would: each block is read from README.md (by its
// `<!-- readme-test: NAME -->` marker) and run in bash from a folder laid out like the clone, against
// the real built server, with the real terraform. Only the key placeholder and the paths change.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  describeWithTerraform,
  ROOT,
  runTerraform,
  startProviderFixture,
  terraformEnv,
  type ProviderFixture,
} from './support/terraform';

function readmeBlock(name: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const marker = readme.indexOf(`<!-- readme-test: ${name}`);
  if (marker < 0) throw new Error(`README.md has no <!-- readme-test: ${name} --> marker`);
  const block = /```[a-z]*\n([\s\S]*?)\n```/.exec(readme.slice(marker));
  if (!block?.[1]) throw new Error(`no code block after the readme-test marker ${name}`);
  return block[1];
}

/** The clone's top level by symlink, with a copy of examples/ (the blocks write into it). */
function cloneLike(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-readme-tf-'));
  for (const entry of readdirSync(ROOT)) {
    if (entry === 'examples' || entry === '.git') continue;
    symlinkSync(join(ROOT, entry), join(dir, entry));
  }
  cpSync(join(ROOT, 'examples'), join(dir, 'examples'), {
    recursive: true,
    filter: (source) => !/[/\\](dist|cdktf\.out|\.terraform)([/\\]|$)/.test(source),
  });
  return dir;
}

describeWithTerraform('README: the provider section', () => {
  let fixture: ProviderFixture;

  beforeAll(async () => {
    fixture = await startProviderFixture();
  });

  afterAll(async () => {
    await fixture?.close();
  });

  function run(
    script: string,
    cwd: string,
    env: NodeJS.ProcessEnv,
  ): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync('bash', ['-c', `set -euo pipefail\n${script}`], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('goes from the clone to terraform apply of examples/resources/service_http_monitor', async () => {
    const block = readmeBlock('provider-hcl');
    expect(block).toContain('npm run provider:install');
    const work = mkdtempSync(join(tmpdir(), 'svc-first-monitor-'));
    const script = block.replaceAll('svc_...', fixture.key).replaceAll('/tmp/first-monitor', work);
    // A HOME of its own: the block installs the plugin there, as it would in the user's.
    const home = mkdtempSync(join(tmpdir(), 'svc-readme-home-'));
    const env = terraformEnv(home, { TF_VAR_service_base_url: fixture.rpcUrl });
    const result = run(script, cloneLike(), env);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Apply complete! Resources: 1 added');

    const listed = await fixture.rpc.monitors.listMonitors({});
    expect(listed.httpMonitors.map((m) => m.name)).toContain('Service health');
    const destroyed = await runTerraform(work, ['destroy', '-auto-approve', '-no-color'], {
      ...env,
      SERVICE_API_TOKEN: fixture.key,
    });
    expect(destroyed.code).toBe(0);
  });

  it('synthesizes and applies the website stack as the CDKTF block says', async () => {
    const block = readmeBlock('provider-cdktf');
    const clone = cloneLike();
    const home = mkdtempSync(join(tmpdir(), 'svc-readme-home-'));
    const env = terraformEnv(home, { SERVICE_API_TOKEN: fixture.key, SERVICE_BASE_URL: fixture.rpcUrl });
    // The plugin as `npm run provider:install` puts it (the HCL block shows that step).
    expect(run('npm run provider:install', clone, env).status).toBe(0);
    const result = run(block, clone, env);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Apply complete! Resources: \d+ added/);
    const stack = join(clone, 'examples', 'cdktf', 'cdktf.out', 'stacks', 'website');
    const destroyed = await runTerraform(stack, ['destroy', '-auto-approve', '-no-color'], env);
    expect(destroyed.code).toBe(0);
    const listed = await fixture.rpc.monitors.listMonitors({});
    expect(listed.totalSize).toBe(0);
  });
});
