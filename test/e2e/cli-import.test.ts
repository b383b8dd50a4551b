// `cli import` on the real built CLI (npm run build first) and the embedded database: the plan on
// stdout before anything is written, --dry-run writing nothing, the import, a second run matching
// everything, --json, Gatus's ${VAR} taken from the command's environment, and the exit codes of
// refusals (1) and usage errors (2). What each source maps is tested below the transports
// (test/integration/imports/*).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportPlan } from '../../backend/src/imports/import-plan';
import { openStatusYaml } from '../support/imports/openstatus-fixture';
import { runCli } from '../support/server';

const GATUS = `alerting:
  slack:
    webhook-url: "\${SLACK_WEBHOOK_URL}"
endpoints:
  - name: api
    group: core
    url: "http://127.0.0.1:9/health"
    interval: 45s
    conditions:
      - "[STATUS] == 200"
    alerts:
      - type: slack
`;

describe('cli import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cli-import-'));
  const env = { DATA_DIR: join(dir, 'data') };
  const openstatus = join(dir, 'openstatus.yaml');
  const gatus = join(dir, 'gatus.yaml');

  beforeAll(async () => {
    writeFileSync(
      openstatus,
      openStatusYaml({
        http: 'http://127.0.0.1:9',
        tcpOpen: { host: '127.0.0.1', port: 9 },
        tcpClosed: { host: '127.0.0.1', port: 1 },
      }),
    );
    writeFileSync(gatus, GATUS);
    expect((await runCli(['workspaces', 'create', '--name', 'Acme'], env)).code).toBe(0);
  });

  it('prints the plan and writes nothing with --dry-run, imports, then matches everything on a second run', async () => {
    const dry = await runCli(['import', 'openstatus', openstatus, '--workspace', 'acme', '--dry-run'], env);
    expect(dry.code).toBe(0);
    const [, toCreate] = /^Plan from openstatus: (\d+) to create, 0 already imported/m.exec(dry.stdout) ?? [];
    expect(Number(toCreate)).toBeGreaterThan(0);
    expect(dry.stdout).toContain('~ approximate');
    expect(dry.stdout).toContain('! not mapped');
    expect(dry.stderr).toContain('dry run: nothing was written');
    // Nothing was written: the same plan again.
    const again = await runCli(['import', 'openstatus', openstatus, '--workspace', 'acme', '--dry-run'], env);
    expect(again.stdout).toBe(dry.stdout);

    const applied = await runCli(['import', 'openstatus', openstatus, '--workspace', 'acme'], env);
    expect(applied.code).toBe(0);
    expect(applied.stdout.startsWith(dry.stdout.trimEnd())).toBe(true);
    expect(applied.lastLine).toBe(
      `Imported from openstatus into acme: ${toCreate} created, 0 already imported, 0 skipped.`,
    );
    expect(applied.stderr).toContain('monitors were created inactive');

    const second = await runCli(['import', 'openstatus', openstatus, '--workspace', 'acme', '--json'], env);
    expect(second.code).toBe(0);
    const result = JSON.parse(second.stdout) as { plan: ImportPlan; activated: boolean };
    expect(result.plan.counts).toMatchObject({ create: 0, match: Number(toCreate) });
    expect(result.activated).toBe(false);
  });

  it('substitutes ${VAR} in a Gatus file from the command’s environment', async () => {
    const plan = async (extra: Record<string, string>) => {
      const run = await runCli(['import', 'gatus', gatus, '--workspace', 'acme', '--dry-run', '--json'], {
        ...env,
        ...extra,
      });
      expect(run.code).toBe(0);
      return JSON.parse(run.stdout) as ImportPlan;
    };
    const unset = await plan({});
    expect(JSON.stringify(unset)).toContain('SLACK_WEBHOOK_URL');
    const set = await plan({ SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/cli-secret-value' });
    expect(set.items.find((i) => i.kind === 'channel')).toMatchObject({ action: 'create' });
    expect(JSON.stringify(set)).not.toContain('cli-secret-value');
  });

  it('exits 1 on a refused file or source, 2 on a usage error, with nothing on stdout', async () => {
    const source = await runCli(['import', 'nagios', openstatus, '--workspace', 'acme'], env);
    expect(source).toMatchObject({ code: 1, stdout: '' });
    expect(source.stderr).toContain('source: must be one of uptime-kuma, gatus, openstatus');

    const missing = await runCli(['import', 'gatus', join(dir, 'nope.yaml'), '--workspace', 'acme'], env);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('does not exist');

    const notGatus = await runCli(['import', 'gatus', openstatus, '--workspace', 'acme'], env);
    expect(notGatus).toMatchObject({ code: 1, stdout: '' });
    expect(notGatus.stderr).toMatch(/^error: file: /m);

    const usage = await runCli(['import', 'gatus', '--workspace', 'acme'], env);
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(usage.stderr).toContain('import needs a source and a file');
  });
});
