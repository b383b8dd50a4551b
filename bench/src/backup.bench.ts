// Benchmark: `cli backup` and `cli restore` (BackupService) at BENCH_MONITORS monitors (1,000) with
// BENCH_DAYS days (14) of check results, one every BENCH_PERIOD_MINUTES (10) per monitor, against
// pg_dump -Fc / pg_restore of the same database in the same run (the Debian postgresql-client
// binaries, PG_BIN or /usr/lib/postgresql/15/bin). Prints times, dump sizes and the ratios.
//
// The data is made fast: one monitor through MonitorsService.create, copied in bulk with SQL, and the
// results generated with one INSERT ... SELECT over generate_series into the daily partitions the
// retention job would have made. Each restore goes into a scratch database of its own.
//   DATABASE_URL=postgres://... npm run bench:backup         (scratch databases, dropped afterwards)
//   npm run bench:backup                                     (embedded PGlite; no pg_dump baseline)
//   BENCH_MONITORS=1000 BENCH_DAYS=14 BENCH_PERIOD_MINUTES=10
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupService } from '../../backend/src/backup/backup.service';
import { CheckResultPartitions } from '../../backend/src/check-results/check-result-partitions';
import { loadConfig } from '../../backend/src/config/config';
import { startEphemeralDatabase } from '../../backend/src/database/embedded/embedded-postgres';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { fmt, print, scratchDatabase, startBenchApp } from './harness';

const clamp = (name: string, fallback: number, min: number, max: number) =>
  Math.min(Math.max(Number(process.env[name] ?? fallback), min), max);
const MONITORS = clamp('BENCH_MONITORS', 1_000, 1, 100_000);
const DAYS = clamp('BENCH_DAYS', 14, 1, 60);
const PERIOD_MINUTES = clamp('BENCH_PERIOD_MINUTES', 10, 1, 1_440);
const SECRET_KEY = 'bench-secret-key-that-is-long-enough-0123456789';
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
const seconds = (ms: number) => `${fmt(ms / 1000, 2)} s`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

function configFor(databaseUrl: string) {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-backup-')),
    SECRET_KEY,
    LOG_LEVEL: 'silent',
  });
}

function run(command: string, args: string[]): number {
  const start = performance.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} exited with ${result.status}`);
  return performance.now() - start;
}

async function main(): Promise<void> {
  const bench = await startBenchApp();
  const dir = mkdtempSync(join(tmpdir(), 'bench-backup-files-'));
  const scratches: Array<{ drop: () => Promise<void> }> = [];
  try {
    const installer = {
      actor: { type: 'system' as const, name: 'bench' },
      scope: 'write' as const,
      via: 'system' as const,
    };
    const workspace = await bench.app.get(WorkspacesService).create(installer, { name: 'Bench', plan: 'pro' });
    const ctx = { ...installer, workspace: toWorkspaceRef(workspace) };
    const template = await bench.app.get(MonitorsService).create(ctx, 'http', {
      name: 'bench 0',
      url: 'http://127.0.0.1:9/health',
      periodicity: '10m',
      active: false,
    });
    const db = bench.db;
    const madeStart = performance.now();
    // The other monitors: copies of the template's row, every column as the service wrote it.
    const columns = (
      await db.rows<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'monitors' AND is_generated = 'NEVER'
            AND COALESCE(identity_generation, '') <> 'ALWAYS' ORDER BY ordinal_position`,
      )
    ).map((c) => c.name);
    const values = columns.map((c) => (c === 'name' ? `'bench ' || g` : `src."${c}"`));
    await db.manager.query(
      `INSERT INTO monitors (${columns.map((c) => `"${c}"`).join(', ')})
       SELECT ${values.join(', ')} FROM monitors src, generate_series(1, $2::int - 1) g WHERE src.id = $1`,
      [template.id, MONITORS],
    );
    await new CheckResultPartitions(db).ensure(new Date(Date.now() - DAYS * 86_400_000), DAYS + 2);
    await db.manager.query(
      `INSERT INTO check_results (cron_timestamp, workspace_id, monitor_id, kind, region, trigger, status, latency,
                                  status_code, timestamp, timing, url, assertions)
       SELECT ts, m.workspace_id, m.id, 'http', 'fly-ams', 'cron',
              CASE WHEN random() < 0.01 THEN 'error' ELSE 'success' END, (20 + random() * 200)::int, 200,
              ts + interval '150 milliseconds',
              jsonb_build_object('dns', 1, 'connect', 2, 'tls', 0, 'firstByte', (random() * 100)::int, 'transfer', 1),
              'http://127.0.0.1:9/health', '[]'::jsonb
         FROM monitors m,
              generate_series(date_trunc('minute', now()) - make_interval(days => $1::int),
                              date_trunc('minute', now()), make_interval(mins => $2::int)) ts`,
      [DAYS, PERIOD_MINUTES],
    );
    const [{ n: resultRows }] = await db.rows<{ n: string }>('SELECT count(*)::text AS n FROM check_results');
    const madeMs = performance.now() - madeStart;
    await db.manager.query('ANALYZE');

    const source = (db.dataSource.options as { url: string }).url;

    // Ours: the verbs `cli backup` and `cli restore` call.
    const file = join(dir, 'uptime.backup');
    const [backup, backupMs] = await timed(() => new BackupService(configFor(source)).backup({ file, force: true }));
    const restoreTarget = bench.kind === 'postgres' ? await scratchDatabase(process.env.DATABASE_URL!) : null;
    if (restoreTarget) scratches.push(restoreTarget);
    const ephemeral = restoreTarget ? null : await startEphemeralDatabase();
    const [restored, restoreMs] = await timed(() =>
      new BackupService(configFor(restoreTarget?.url ?? ephemeral!.url)).restore({ file }),
    );
    await ephemeral?.close();

    const rows: Array<[string, string | number]> = [
      ['database', bench.kind],
      ['monitors', MONITORS],
      ['check results', `${resultRows} (${DAYS} days, one per ${PERIOD_MINUTES} min per monitor)`],
      ['rows in the backup', `${backup.rows} in ${backup.tables} tables (restored ${restored.rows})`],
      ['generating the data', seconds(madeMs)],
      ['cli backup', `${seconds(backupMs)}  (${fmt(backup.rows / (backupMs / 1000), 0)} rows/s)`],
      ['backup file (gzip JSON lines)', mb(backup.bytes)],
      ['cli restore', `${seconds(restoreMs)}  (${fmt(restored.rows / (restoreMs / 1000), 0)} rows/s)`],
    ];

    // Baseline: pg_dump -Fc and pg_restore of the same database, same machine, same run.
    if (bench.kind === 'postgres' && existsSync(join(PG_BIN, 'pg_dump'))) {
      const dumpFile = join(dir, 'uptime.pgdump');
      const dumpMs = run(join(PG_BIN, 'pg_dump'), [
        '-Fc',
        '--no-owner',
        '--no-privileges',
        '-f',
        dumpFile,
        `--dbname=${source}`,
      ]);
      const baselineTarget = await scratchDatabase(process.env.DATABASE_URL!);
      scratches.push(baselineTarget);
      const pgRestoreMs = run(join(PG_BIN, 'pg_restore'), [
        '--no-owner',
        '--no-privileges',
        `--dbname=${baselineTarget.url}`,
        dumpFile,
      ]);
      rows.push(
        ['pg_dump -Fc (baseline)', seconds(dumpMs)],
        ['pg_dump file', mb(statSync(dumpFile).size)],
        ['pg_restore (baseline)', seconds(pgRestoreMs)],
        [
          'backup / pg_dump',
          `${fmt(backupMs / dumpMs)}x the time, ${fmt(backup.bytes / statSync(dumpFile).size)}x the size`,
        ],
        ['restore / pg_restore', `${fmt(restoreMs / pgRestoreMs)}x the time`],
      );
    } else {
      rows.push(['baseline', `none: pg_dump needs DATABASE_URL and ${PG_BIN}/pg_dump`]);
    }
    print('Backup and restore', rows);
  } finally {
    await bench.close();
    for (const scratch of scratches) await scratch.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
