// Benchmark: `cli export terraform` of a workspace of 500 resources (450 monitors of four kinds, 20
// channels wired to them, 5 status pages with 5 groups and 20 components), built through the RPC API
// of the real built server. Times the export (the built CLI, start-up included, against a CLI command
// that only starts and lists workspaces), then the real `terraform plan` of the exported folder,
// which must show 500 imports and no change (asserted), against the baseline measured in the same
// run: the plan of the same folder after the imports are applied, which reads the same 500
// resources from the service but imports nothing.
//   npm run bench:export                              (embedded PGlite)
//   DATABASE_URL=postgres://... npm run bench:export  (a scratch database, dropped afterwards)
//   BENCH_ROUNDS=3
// Needs the built server, CLI and provider (the script runs `npm run build`) and terraform on the PATH.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, print, startBuiltServer, terraformEnvFor } from './harness';

const ROOT = join(__dirname, '..', '..', '..', '..');
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 3), 1), 10);
const MONITORS = { http: 300, tcp: 80, dns: 40, icmp: 30 };
const CHANNELS = 20;
const PAGES = 5;
const COMPONENTS_PER_PAGE = 4;
const RESOURCES =
  Object.values(MONITORS).reduce((a, b) => a + b, 0) + CHANNELS + PAGES * 2 + PAGES * COMPONENTS_PER_PAGE;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function timed(dir: string, command: string, args: string[], env: NodeJS.ProcessEnv, ok = [0]): number {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: dir, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (!ok.includes(run.status ?? -1))
    throw new Error(`${command} ${args.join(' ')} exited ${run.status}\n${run.stderr}`);
  return ms;
}

interface PlanChange {
  change: { actions: string[]; importing?: unknown };
}

async function main(): Promise<void> {
  if (spawnSync('sh', ['-c', 'command -v terraform']).status !== 0) {
    process.stdout.write('*** SKIP: bench:export needs the terraform binary on the PATH ***\n');
    return;
  }
  const server = await startBuiltServer(ROOT, 'export');
  const { port, key, env: serverEnv } = server;
  try {
    const rpcUrl = `http://127.0.0.1:${port}/rpc`;
    /** One Connect unary call in its JSON form. */
    const call = async <T>(method: string, body: unknown): Promise<T> => {
      const res = await fetch(`${rpcUrl}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': key },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };

    const built = performance.now();
    const monitorIds: string[] = [];
    const create = async (kind: string, n: number, monitor: (i: number) => Record<string, unknown>) => {
      for (let i = 0; i < n; i += 10) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(10, n - i) }, (_, j) =>
            call<{ monitor: { id: string } }>(`monitor.v1.MonitorService/Create${kind}Monitor`, {
              monitor: { periodicity: 'PERIODICITY_5M', ...monitor(i + j) },
            }),
          ),
        );
        monitorIds.push(...batch.map((r) => r.monitor.id));
      }
    };
    await create('HTTP', MONITORS.http, (i) => ({
      name: `API ${i}`,
      url: `http://127.0.0.1:9/h${i}`,
      tags: ['bench', i % 2 ? 'odd' : 'even'],
      headers: [{ key: 'X-Bench', value: String(i) }],
      statusCodeAssertions: [{ target: '200', comparator: 'NUMBER_COMPARATOR_EQUAL' }],
    }));
    await create('TCP', MONITORS.tcp, (i) => ({ name: `Database ${i}`, uri: `127.0.0.1:${1000 + i}` }));
    await create('DNS', MONITORS.dns, (i) => ({ name: `DNS ${i}`, uri: `d${i}.example.test` }));
    await create('ICMP', MONITORS.icmp, (i) => ({ name: `Gateway ${i}`, uri: '127.0.0.1' }));
    for (let i = 0; i < CHANNELS; i++) {
      await call('notification.v1.NotificationService/CreateNotification', {
        notification: {
          name: `Mail ${i}`,
          providerType: 'email',
          monitorIds: monitorIds.slice(i * 5, i * 5 + 5),
          email: { email: `oncall${i}@example.test` },
        },
      });
    }
    for (let p = 0; p < PAGES; p++) {
      const page = await call<{ statusPage: { id: string } }>('status_page.v1.StatusPageService/CreateStatusPage', {
        statusPage: { title: `Status ${p}`, slug: `status-${p}` },
      });
      const group = await call<{ group: { id: string } }>('status_page.v1.StatusPageService/CreateComponentGroup', {
        group: { pageId: page.statusPage.id, name: `Group ${p}` },
      });
      for (let c = 0; c < COMPONENTS_PER_PAGE; c++) {
        await call('status_page.v1.StatusPageService/CreatePageComponent', {
          component: {
            pageId: page.statusPage.id,
            type: 'monitor',
            monitorId: monitorIds[p * COMPONENTS_PER_PAGE + c],
            groupId: group.group.id,
          },
        });
      }
    }
    const buildMs = performance.now() - built;

    // The export, with the built CLI as a user runs it; against a command that only starts the CLI.
    const cliEnv: NodeJS.ProcessEnv = { ...serverEnv, LOG_LEVEL: 'warn' };
    const cli = join(ROOT, 'backend', 'dist', 'cli', 'cli.js');
    const startMs: number[] = [];
    const exportMs: number[] = [];
    let folder = '';
    for (let round = 0; round < ROUNDS; round++) {
      startMs.push(timed(ROOT, process.execPath, [cli, 'workspaces', 'list', '--json'], cliEnv));
      folder = join(mkdtempSync(join(tmpdir(), 'bench-export-')), 'infra');
      exportMs.push(
        timed(ROOT, process.execPath, [cli, 'export', 'terraform', '--workspace', 'default', '--out', folder], cliEnv),
      );
    }

    const env = terraformEnvFor(ROOT, server);
    timed(folder, 'terraform', ['init', '-input=false'], env);

    // Only imports, no change: asserted on the saved plan, not timed.
    timed(folder, 'terraform', ['plan', '-input=false', '-out=export.tfplan'], env);
    const shown = spawnSync('terraform', ['show', '-json', 'export.tfplan'], {
      cwd: folder,
      env,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const changes = (JSON.parse(shown.stdout) as { resource_changes: PlanChange[] }).resource_changes;
    const clean = changes.filter((c) => c.change.importing !== undefined && c.change.actions.join() === 'no-op');
    if (changes.length !== RESOURCES || clean.length !== RESOURCES) {
      throw new Error(`the plan is not ${RESOURCES} imports without change: ${clean.length} of ${changes.length}`);
    }

    const planImport: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      planImport.push(timed(folder, 'terraform', ['plan', '-detailed-exitcode', '-input=false'], env, [0, 2]));
    }
    const applyMs = timed(folder, 'terraform', ['apply', '-input=false', 'export.tfplan'], env);
    const planAfter: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Exit 0: nothing to do once imported.
      planAfter.push(timed(folder, 'terraform', ['plan', '-detailed-exitcode', '-input=false'], env, [0]));
    }
    const ratio = median(planImport) / median(planAfter);
    print(
      `cli export terraform, ${RESOURCES} resources (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, Node.js ${process.versions.node}, ${ROUNDS} rounds, medians)`,
      [
        ['build the workspace through RPC (not the export)', `${fmt(buildMs / 1000)} s`],
        ['CLI start only (workspaces list, baseline)', `${fmt(median(startMs) / 1000)} s`],
        ['cli export terraform, start-up included', `${fmt(median(exportMs) / 1000)} s`],
        ['export work beyond the start-up', `${fmt((median(exportMs) - median(startMs)) / 1000)} s`],
        [`plan of the export: ${RESOURCES} imports, 0 changes (asserted)`, `${fmt(median(planImport) / 1000)} s`],
        [`plan after apply: ${RESOURCES} refreshed, nothing to do (baseline)`, `${fmt(median(planAfter) / 1000)} s`],
        ['plan ratio, imports / refresh', `${fmt(ratio)}x`],
        [`apply of the ${RESOURCES} imports`, `${fmt(applyMs / 1000)} s`],
      ],
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
