// Benchmark 7: the Terraform provider. The real `terraform` plans (refresh included) a configuration
// of 50 of our resources against the service, and in the same run plans 50 built-in `terraform_data`
// resources (no plugin, no network: the floor terraform itself sets). Also times the apply of the 50.
// Targets: plan ratio <= 2.0x the terraform_data baseline; apply of 50 resources <= 10 s.
//   npm run bench:provider                              (embedded PGlite)
//   DATABASE_URL=postgres://... npm run bench:provider  (a scratch database, dropped afterwards)
//   BENCH_ROUNDS=5
// The service runs with its per-key rate limit off (RATE_LIMIT_PER_MINUTE=0), as bench:api does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, print, startBuiltServer, terraformEnvFor } from './harness';

const ROOT = join(__dirname, '..', '..', '..', '..');
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 5), 1), 20);
const PROVIDER = `terraform {
  required_providers {
    service = {
      source  = "uptime.local/uptime/service"
      version = "~> 0.1"
    }
  }
}

provider "service" {}
`;

/** 50 resources of every managed kind: 40 monitors, 5 channels, a page with 3 components and a group. */
function ours(): string {
  const parts: string[] = [PROVIDER];
  for (let i = 0; i < 25; i++) {
    parts.push(`resource "service_http_monitor" "h${i}" {
  name        = "http ${i}"
  url         = "http://127.0.0.1:9/h${i}"
  periodicity = "5m"
  headers {
    key   = "X-Bench"
    value = "${i}"
  }
  status_code_assertions {
    target     = 200
    comparator = "eq"
  }
}
`);
  }
  for (let i = 0; i < 5; i++) {
    parts.push(`resource "service_tcp_monitor" "t${i}" {
  name        = "tcp ${i}"
  uri         = "127.0.0.1:${1000 + i}"
  periodicity = "5m"
}
resource "service_dns_monitor" "d${i}" {
  name        = "dns ${i}"
  uri         = "d${i}.example.test"
  periodicity = "5m"
}
resource "service_icmp_monitor" "i${i}" {
  name        = "icmp ${i}"
  uri         = "127.0.0.1"
  periodicity = "5m"
}
resource "service_notification" "n${i}" {
  name          = "mail ${i}"
  provider_type = "email"
  monitor_ids   = [service_http_monitor.h${i}.id]
  email {
    email = "oncall${i}@example.test"
  }
}
`);
  }
  parts.push(`resource "service_status_page" "page" {
  title = "Bench"
  slug  = "bench-${process.pid}"
}
resource "service_status_page_component_group" "group" {
  page_id = service_status_page.page.id
  name    = "APIs"
}
`);
  for (let i = 0; i < 3; i++) {
    parts.push(`resource "service_status_page_component" "c${i}" {
  page_id    = service_status_page.page.id
  type       = "monitor"
  monitor_id = service_http_monitor.h${i}.id
  group_id   = service_status_page_component_group.group.id
}
`);
  }
  return parts.join('\n');
}

function baseline(): string {
  const parts: string[] = [];
  for (let i = 0; i < 50; i++)
    parts.push(
      `resource "terraform_data" "r${i}" {\n  input = { name = "r${i}", url = "http://127.0.0.1:9/r${i}" }\n}\n`,
    );
  return parts.join('\n');
}

/** CPU ms of this process's finished children (terraform and the launchers it waited for), Linux only. */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // cutime and cstime: fields 16 and 17 of proc(5), in clock ticks (100 per second).
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

const cpu: Record<string, number[]> = {};

function terraform(dir: string, args: string[], env: NodeJS.ProcessEnv, cpuKey?: string): number {
  const started = performance.now();
  const cpuBefore = childrenCpuMs();
  const run = spawnSync('terraform', args, { cwd: dir, env, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (cpuKey) (cpu[cpuKey] ??= []).push(childrenCpuMs() - cpuBefore);
  if (run.status !== 0 && !(args[0] === 'plan' && run.status === 2)) {
    throw new Error(`terraform ${args.join(' ')} exited ${run.status}\n${run.stdout}\n${run.stderr}`);
  }
  return ms;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  if (spawnSync('sh', ['-c', 'command -v terraform']).status !== 0) {
    process.stdout.write('*** SKIP: bench:provider needs the terraform binary on the PATH ***\n');
    return;
  }
  const server = await startBuiltServer(ROOT, 'tf');
  try {
    const env = terraformEnvFor(ROOT, server);
    const oursDir = mkdtempSync(join(tmpdir(), 'bench-tf-ours-'));
    const baseDir = mkdtempSync(join(tmpdir(), 'bench-tf-base-'));
    writeFileSync(join(oursDir, 'main.tf'), ours());
    writeFileSync(join(baseDir, 'main.tf'), baseline());
    terraform(oursDir, ['init', '-input=false'], env);
    terraform(baseDir, ['init', '-input=false'], env);

    const applyOurs = terraform(oursDir, ['apply', '-auto-approve', '-input=false'], env);
    const applyBase = terraform(baseDir, ['apply', '-auto-approve', '-input=false'], env);
    const planOurs: number[] = [];
    const planBase: number[] = [];
    const planNoRefresh: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate so neither side always runs on a warmer machine.
      planBase.push(terraform(baseDir, ['plan', '-detailed-exitcode', '-input=false'], env, 'base'));
      planOurs.push(terraform(oursDir, ['plan', '-detailed-exitcode', '-input=false'], env, 'ours'));
      planNoRefresh.push(
        terraform(oursDir, ['plan', '-refresh=false', '-detailed-exitcode', '-input=false'], env, 'noRefresh'),
      );
    }
    const destroyOurs = terraform(oursDir, ['destroy', '-auto-approve', '-input=false'], env);
    const ratio = median(planOurs) / median(planBase);
    // How many cores terraform keeps busy on the baseline's plan, and what terraform's own CPU for our
    // plan would take at that rate with a provider and a service that cost nothing: a floor the
    // plugin cannot go under, measured in this run.
    const cores = median(cpu.base ?? []) / median(planBase);
    const floor = median(cpu.ours ?? []) / cores;
    print(
      `terraform with the provider, 50 resources (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, Node.js ${process.versions.node}, ${ROUNDS} plan rounds, medians)`,
      [
        ['plan, 50 terraform_data (baseline)', `${fmt(median(planBase) / 1000)} s`],
        ['plan, 50 service_* resources', `${fmt(median(planOurs) / 1000)} s`],
        ['plan ratio (target <= 2.0)', `${fmt(ratio)}x ${ratio <= 2 ? 'MET' : 'MISSED'}`],
        // No ReadResource and so no call to the service: what terraform and the plugin protocol cost alone.
        [
          'plan -refresh=false, 50 service_* resources',
          `${fmt(median(planNoRefresh) / 1000)} s (${fmt(median(planNoRefresh) / median(planBase))}x)`,
        ],
        // terraform's own CPU per plan (with the launchers it starts; the daemon and the service not
        // included): on 2 cores, what terraform alone spends with a plugin bounds the plan's wall time.
        ['terraform CPU per plan, 50 terraform_data', `${fmt(median(cpu.base ?? []) / 1000)} s`],
        ['terraform CPU per plan, 50 service_* resources', `${fmt(median(cpu.ours ?? []) / 1000)} s`],
        ['terraform CPU per plan -refresh=false, 50 service_*', `${fmt(median(cpu.noRefresh ?? []) / 1000)} s`],
        ['cores terraform keeps busy, baseline plan', fmt(cores)],
        [
          'terraform alone at that rate, 50 service_* (floor)',
          `${fmt(floor / 1000)} s (${fmt(floor / median(planBase))}x)`,
        ],
        ['apply, 50 terraform_data', `${fmt(applyBase / 1000)} s`],
        [
          'apply, 50 service_* resources (target <= 10 s)',
          `${fmt(applyOurs / 1000)} s ${applyOurs <= 10_000 ? 'MET' : 'MISSED'}`,
        ],
        ['destroy, 50 service_* resources', `${fmt(destroyOurs / 1000)} s`],
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
