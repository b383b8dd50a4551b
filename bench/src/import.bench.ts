// Benchmark: imports of BENCH_IMPORT_MONITORS monitors (500) from each source (issue 30): an Uptime
// Kuma 2 database, a Gatus configuration and an OpenStatus file, each written here with that many
// monitors of several kinds (plus the channels, status page and groups the source has). For each:
// read + plan, apply (one transaction, every create through the service verbs), and a second apply
// that matches everything and creates nothing.
//
// Baseline, measured in the same run: the same monitors (the model the importer read) created one
// MonitorsService.create call each, in a workspace of their own: what a migration script calling the
// API would cost at least (without HTTP). The ratio is the import's whole apply (monitors, channels,
// pages, components and the source keys recorded) against creating just the monitors that way.
//   DATABASE_URL=postgres://... npm run bench:import      (a scratch database, dropped afterwards)
//   npm run bench:import                                  (embedded PGlite)
// Needs node:sqlite (Node.js 22.5+) for the Kuma database: npm scripts run on the project's Node.js 24.
import 'reflect-metadata';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceContext } from '../../backend/src/common/context';
import type { ImportModel } from '../../backend/src/imports/import-model';
import { IMPORT_PARSERS } from '../../backend/src/imports/import-sources';
import { ImportsService } from '../../backend/src/imports/imports.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { buildKumaDatabase } from '../../test/support/imports/uptime-kuma-fixture';
import { fmt, print, startBenchApp } from './harness';

const MONITORS = Math.min(Math.max(Number(process.env.BENCH_IMPORT_MONITORS ?? 500), 10), 5_000);
const seconds = (ms: number) => `${fmt(ms / 1000, 2)} s`;

/** A Gatus configuration of `n` endpoints in 10 groups: HTTP with conditions, TCP, DNS, ICMP; one Slack alert. */
function gatusYaml(n: number): string {
  const lines = [
    'alerting:',
    '  slack:',
    '    webhook-url: "https://hooks.slack.com/services/T0/B0/${SLACK_TOKEN}"',
    'endpoints:',
  ];
  for (let i = 0; i < n; i++) {
    const group = `group-${i % 10}`;
    lines.push(`  - name: service-${i}`, `    group: ${group}`, '    interval: 1m');
    switch (i % 4) {
      case 0:
        lines.push(
          `    url: "http://127.0.0.1:8080/service/${i}"`,
          '    conditions:',
          '      - "[STATUS] == 200"',
          '      - "[BODY].status == UP"',
          '      - "[RESPONSE_TIME] < 500"',
          '    alerts:',
          '      - type: slack',
          '        failure-threshold: 3',
          '        success-threshold: 2',
        );
        break;
      case 1:
        lines.push(
          `    url: "tcp://127.0.0.1:${5000 + (i % 1000)}"`,
          '    conditions:',
          '      - "[CONNECTED] == true"',
        );
        break;
      case 2:
        lines.push(
          '    url: "127.0.0.1"',
          '    dns:',
          `      query-name: "host-${i}.example.com"`,
          '      query-type: "A"',
          '    conditions:',
          '      - "[DNS_RCODE] == NOERROR"',
        );
        break;
      default:
        lines.push('    url: "icmp://127.0.0.1"', '    conditions:', '      - "[CONNECTED] == true"');
    }
  }
  return `${lines.join('\n')}\n`;
}

/** An OpenStatus file of `n` monitors: HTTP with status and body assertions, and TCP. */
function openStatusYaml(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    lines.push(`monitor-${i}:`, `  name: "Monitor ${i}"`, '  frequency: "1m"', '  regions: ["ams", "iad"]');
    if (i % 2 === 0) {
      lines.push(
        '  kind: "http"',
        '  request:',
        `    url: "http://127.0.0.1:8080/m/${i}"`,
        '    method: "GET"',
        '  assertions:',
        '    - kind: "statusCode"',
        '      compare: "eq"',
        '      target: 200',
        '    - kind: "textBody"',
        '      compare: "contains"',
        '      target: "ok"',
      );
    } else {
      lines.push('  kind: "tcp"', '  request:', '    host: "127.0.0.1"', `    port: ${5000 + (i % 1000)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const bench = await startBenchApp();
  const workspaces = bench.app.get(WorkspacesService);
  const imports = bench.app.get(ImportsService);
  const monitors = bench.app.get(MonitorsService);
  const contextOf = async (name: string): Promise<ServiceContext> => {
    const workspace = await workspaces.create(
      { actor: { type: 'system', name: 'bench' }, scope: 'write', via: 'system' },
      { name, plan: 'pro' },
    );
    return {
      actor: { type: 'system', name: 'bench' },
      scope: 'write',
      via: 'system',
      workspace: toWorkspaceRef(workspace),
    };
  };

  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const kumaPath = join(dir, 'kuma.db');
  // The fixture has 23 monitors of every type; the rest are HTTP monitors.
  buildKumaDatabase(kumaPath, { version: '2', extraHttpMonitors: MONITORS - 23 });
  const files = [
    { source: 'uptime-kuma', file: new Uint8Array(readFileSync(kumaPath)), env: {} },
    { source: 'gatus', file: new TextEncoder().encode(gatusYaml(MONITORS)), env: { SLACK_TOKEN: 'bench-token' } },
    { source: 'openstatus', file: new TextEncoder().encode(openStatusYaml(MONITORS)), env: {} },
  ] as const;

  const rows: Array<[string, string]> = [];
  for (const { source, file, env } of files) {
    const ctx = await contextOf(`bench ${source}`);
    let start = performance.now();
    const model: ImportModel = await IMPORT_PARSERS[source](file, { env });
    const readMs = performance.now() - start;
    start = performance.now();
    const plan = await imports.plan(ctx, { source, file, env });
    const planMs = performance.now() - start;
    start = performance.now();
    const applied = await imports.apply(ctx, { source, file, env });
    const applyMs = performance.now() - start;
    start = performance.now();
    const again = await imports.apply(ctx, { source, file, env });
    const againMs = performance.now() - start;
    if (again.plan.counts.create !== 0)
      throw new Error(`${source}: the second run created ${again.plan.counts.create}`);
    if (applied.plan.counts.create !== plan.counts.create) throw new Error(`${source}: apply did not follow the plan`);

    // Baseline: the same monitors, one create each (as a script calling the API would), no import.
    const baseline = await contextOf(`bench ${source} baseline`);
    start = performance.now();
    for (const m of model.monitors) {
      await monitors.create(baseline, m.kind, { ...m.input, active: false }, {});
    }
    const baselineMs = performance.now() - start;
    const created = applied.plan.items.filter((i) => i.action === 'create');
    rows.push(
      [`${source}: monitors read, items created`, `${model.monitors.length}, ${created.length}`],
      [`${source}: read`, seconds(readMs)],
      [`${source}: read + plan`, seconds(planMs)],
      [`${source}: apply (one transaction)`, seconds(applyMs)],
      [`${source}: second apply (all matched)`, seconds(againMs)],
      [`${source}: baseline, one create per monitor`, seconds(baselineMs)],
      [`${source}: apply / baseline`, `${fmt(applyMs / baselineMs, 2)}x`],
    );
  }
  print(`import of ${MONITORS} monitors per source (${bench.kind})`, rows);
  await bench.close();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
