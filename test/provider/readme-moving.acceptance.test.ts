// The README's "Moving in" and "Workspace as code" blocks, run in bash as a new user would, from a
// folder laid out like the clone, against the real built server and the real terraform: the three
// imports (files made by the fixtures, written where the block reads them), the two exports, and the
// terraform block in the exported folder. Only the key placeholder, the paths and the secret
// variables' values change.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildKumaDatabase } from '../support/imports/uptime-kuma-fixture';
import { gatusConfig, gatusEnv } from '../support/imports/gatus-fixture';
import { openStatusYaml } from '../support/imports/openstatus-fixture';
import { readmeBlock } from '../support/readme';
import { runCli } from '../support/server';
import { describeWithTerraform, ROOT, startProviderFixture, type ProviderFixture } from './support/terraform';

/** The clone's top level by symlink (the blocks run `npm run` from it). */
function cloneLike(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-readme-moving-'));
  for (const entry of readdirSync(ROOT)) if (entry !== '.git') symlinkSync(join(ROOT, entry), join(dir, entry));
  return dir;
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  return spawnSync('bash', ['-c', `set -euo pipefail\n${script}`], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

describeWithTerraform('README: moving in, and the workspace as code', () => {
  let fixture: ProviderFixture;
  let key: string;
  const files = mkdtempSync(join(tmpdir(), 'svc-readme-files-'));
  const out = mkdtempSync(join(tmpdir(), 'svc-readme-out-'));

  beforeAll(async () => {
    fixture = await startProviderFixture();
    expect((await runCli(['workspaces', 'create', '--name', 'Acme'], fixture.serverEnv)).code).toBe(0);
    key = (await runCli(['api-keys', 'create', '--workspace', 'acme', '--scope', 'write'], fixture.serverEnv)).lastLine;
    buildKumaDatabase(join(files, 'kuma.db'), { version: '2' });
    writeFileSync(join(files, 'config.yaml'), gatusConfig());
    writeFileSync(
      join(files, 'openstatus.yaml'),
      openStatusYaml({
        http: 'http://127.0.0.1:9',
        tcpOpen: { host: '127.0.0.1', port: 9 },
        tcpClosed: { host: '127.0.0.1', port: 1 },
      }),
    );
  });

  afterAll(async () => {
    await fixture?.close();
  });

  it('imports the three sources, exports the workspace, and terraform plans only imports, then nothing', () => {
    // The user's shell: the server's database, and for Gatus the variables its file reads.
    const gatusVariables = gatusEnv({
      httpBase: 'http://127.0.0.1:9',
      httpsBase: 'https://127.0.0.1:9',
      tcpOpen: '127.0.0.1:9',
      tcpClosed: '127.0.0.1:1',
      tlsAddress: '127.0.0.1:9',
      dnsServer: '127.0.0.1:9',
      grpcAddress: '127.0.0.1:9',
    });
    const shell = { PATH: process.env.PATH, HOME: fixture.home, ...fixture.serverEnv, ...gatusVariables };
    const clone = cloneLike();

    const importBlock = readmeBlock('import');
    expect(importBlock).toContain('--dry-run');
    const imported = bash(importBlock.replaceAll('./', `${files}/`), clone, shell);
    expect(imported.stderr).not.toMatch(/^error/m);
    expect(imported.status).toBe(0);
    expect(imported.stdout).toMatch(/^Plan from uptime-kuma: \d+ to create/m);
    expect(imported.stdout).toMatch(/^Imported from gatus into acme: \d+ created/m);
    expect(imported.stdout).toMatch(/^Imported from openstatus into acme: \d+ created/m);

    const exported = bash(readmeBlock('export').replaceAll('./', `${out}/`), clone, shell);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toContain(`${out}/acme-infra/imports.tf`);
    expect(exported.stdout).toContain(`${out}/acme-stack/main.ts`);

    // Every secret variable the export declares, given a value (the block shows one as `...`).
    const variables = [
      ...readFileSync(join(out, 'acme-infra', 'variables.tf'), 'utf8').matchAll(/variable "([^"]+)"/g),
    ].map((m) => m[1]);
    expect(variables.length).toBeGreaterThan(0);
    const block = readmeBlock('export-plan');
    const script = block
      .replace('cd acme-infra', `cd ${out}/acme-infra`)
      .replace('svc_...', key)
      .replace('http://localhost:3000/rpc', fixture.rpcUrl)
      .replace(
        /^export TF_VAR_ops_slack_webhook_url=\.\.\..*$/m,
        variables.map((name) => `export TF_VAR_${name}='http://127.0.0.1:9/${name}-value'`).join('\n'),
      );
    const planned = bash(script, clone, fixture.env);
    // terraform colours its summary lines even in automation.
    const said = planned.stdout.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
    expect(planned.stderr).not.toMatch(/Error/);
    expect(planned.status).toBe(0);
    const [, imports, add, , destroy] = /Plan: (\d+) to import, (\d+) to add, (\d+) to change, (\d+) to destroy/.exec(
      said,
    ) ?? [undefined, '0', '-1', '', '-1'];
    expect(Number(imports)).toBeGreaterThan(30);
    expect([add, destroy]).toEqual(['0', '0']);
    expect(said).toContain(`Apply complete! Resources: ${imports} imported, 0 added`);
    expect(said).toContain('No changes. Your infrastructure matches the configuration.');
  });
});
