// Loads backup records into an empty database: the migrations first (the application's own, brought
// to the backup's level), then, in one transaction, every table's rows in foreign-key order (with
// OVERRIDING SYSTEM VALUE, so identity columns keep their ids), the partitions those rows need, and
// every sequence set past the largest id. A failure anywhere rolls the rows back: the database is
// left migrated and empty, ready for another attempt.
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { PreconditionFailedError } from '../common/errors';
import { createDataSource } from '../database/data-source';
import { migrate } from '../database/database.module';
import { MIGRATIONS } from '../database/migrations';
import { BackupFormatError, ident, type BackupHeader, type BackupRecord, type TableStart } from './backup-format';
import { appliedMigrations, applicationTables, columnsOf } from './catalog';

/** Rows per INSERT, and the most JSON text one INSERT carries. */
const INSERT_ROWS = 2000;
const INSERT_BYTES = 8 * 1024 * 1024;

const BOUND_VALUE = `(?:'[^']*'|MINVALUE|MAXVALUE)`;
const BOUND_LIST = `\\(${BOUND_VALUE}(?:, ${BOUND_VALUE})*\\)`;
const PARTITION_BOUND = new RegExp(`^(?:DEFAULT|FOR VALUES FROM ${BOUND_LIST} TO ${BOUND_LIST})$`);

/** The names of this build's migrations, in the order they apply. */
export const BUILD_MIGRATIONS: string[] = MIGRATIONS.map((m) => {
  const instance = new (m as new () => { name?: string })();
  return instance.name ?? m.name;
});

/** Refusal of a target that holds data, or whose schema is not one a backup can go into. */
export class TargetNotEmptyError extends PreconditionFailedError {}

/**
 * The application tables of the database that hold at least one row. "Empty" means this list is
 * empty: no row in any table but schema_migrations (TypeORM's record of the migrations). No
 * migration inserts rows, so a database with only the migrations applied is empty.
 */
export async function tablesWithRows(client: Client): Promise<string[]> {
  const tables = await applicationTables(client);
  if (!tables.length) return [];
  const probes = tables.map((t, i) => `SELECT $${i + 1}::text AS name WHERE EXISTS (SELECT 1 FROM ${ident(t.name)})`);
  const result = await client.query<{ name: string }>(
    probes.join(' UNION ALL '),
    tables.map((t) => t.name),
  );
  return result.rows.map((r) => r.name);
}

async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'uptime-service restore' });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Applies this build's migrations up to and including `upTo` (all of them when null). */
async function migrateTo(url: string, upTo: string[] | null): Promise<void> {
  const base = createDataSource({ url, entities: [], poolSize: 2, applicationName: 'uptime-service restore' });
  const migrations = upTo ? MIGRATIONS.filter((_, i) => upTo.includes(BUILD_MIGRATIONS[i])) : MIGRATIONS;
  const dataSource = new DataSource({ ...base.options, migrations });
  await dataSource.initialize();
  try {
    await migrate(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Checks that the target is empty and its migrations are no further than the backup's, then brings
 * it to the backup's migrations: the schema the rows were read from.
 */
export async function prepareTarget(url: string, backupMigrations: string[]): Promise<void> {
  await withClient(url, async (client) => {
    const full = await tablesWithRows(client);
    if (full.length) {
      throw new TargetNotEmptyError(
        `the target database is not empty: ${full.length} table(s) hold rows (${full.slice(0, 5).join(', ')}${full.length > 5 ? ', ...' : ''}); restore into a new, empty database`,
      );
    }
    const applied = await appliedMigrations(client);
    if (applied.some((name, i) => backupMigrations[i] !== name)) {
      throw new TargetNotEmptyError(
        'the target database has migrations the backup does not (it was set up by a newer version); restore into a new, empty database',
      );
    }
  });
  await migrateTo(url, backupMigrations);
}

/** After the rows are in: the migrations this build has beyond the backup's. */
export function finishMigrations(url: string): Promise<void> {
  return migrateTo(url, null);
}

interface OpenTable {
  start: TableStart;
  insert: string;
  pending: string[];
  pendingBytes: number;
  count: number;
}

/** Loads the records into the target, in one transaction; answers the tables and rows loaded. */
export async function loadRecords(
  url: string,
  header: BackupHeader,
  records: AsyncIterable<BackupRecord>,
  progress: (table: string, rows: number) => void = () => undefined,
): Promise<{ tables: number; rows: number }> {
  return withClient(url, async (client) => {
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL TimeZone = 'UTC'`);
      // Checked again inside the transaction: a server started on the target since prepareTarget.
      const full = await tablesWithRows(client);
      if (full.length) throw new TargetNotEmptyError(`the target database is no longer empty (${full.join(', ')})`);
      const targetTables = new Map((await applicationTables(client)).map((t) => [t.name, t.oid]));
      let open: OpenTable | null = null;
      let tables = 0;
      let rows = 0;
      let ended = false;
      const flush = async (table: OpenTable) => {
        if (!table.pending.length) return;
        await client.query(table.insert, [`[${table.pending.join(',')}]`]);
        table.pending = [];
        table.pendingBytes = 0;
      };
      for await (const record of records) {
        if (ended) throw new BackupFormatError('the backup file is damaged (lines after its end)');
        switch (record.kind) {
          case 'table': {
            if (open) throw new BackupFormatError(`the backup file is damaged (table ${open.start.name} has no end)`);
            open = await startTable(client, record.table, targetTables);
            break;
          }
          case 'rows': {
            if (!open) throw new BackupFormatError('the backup file is damaged (rows outside a table)');
            for (const row of record.rows) {
              open.pending.push(row);
              open.pendingBytes += row.length;
              open.count += 1;
              if (open.pending.length >= INSERT_ROWS || open.pendingBytes >= INSERT_BYTES) await flush(open);
            }
            break;
          }
          case 'end-table': {
            if (!open || open.start.name !== record.name) {
              throw new BackupFormatError(`the backup file is damaged (unexpected end of table ${record.name})`);
            }
            await flush(open);
            if (open.count !== record.rows) {
              throw new BackupFormatError(
                `the backup file is damaged (table ${record.name}: ${open.count} rows read, ${record.rows} written)`,
              );
            }
            progress(record.name, open.count);
            tables += 1;
            rows += open.count;
            open = null;
            break;
          }
          case 'sequences': {
            for (const sequence of record.sequences) {
              const exists = await client.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [
                ident(sequence.name),
              ]);
              if (!exists.rows[0].ok) continue;
              let value = BigInt(sequence.lastValue) - (sequence.isCalled ? 0n : 1n);
              if (sequence.table && sequence.column && targetTables.has(sequence.table)) {
                const max = await client.query<{ max: string | null }>(
                  `SELECT max(${ident(sequence.column)})::text AS max FROM ${ident(sequence.table)}`,
                );
                const top = max.rows[0].max;
                if (top !== null && BigInt(top) > value) value = BigInt(top);
              }
              if (value >= 1n) {
                await client.query('SELECT setval($1::regclass, $2::bigint, true)', [
                  ident(sequence.name),
                  value.toString(),
                ]);
              }
            }
            break;
          }
          case 'end': {
            if (open) throw new BackupFormatError(`the backup file is damaged (table ${open.start.name} has no end)`);
            if (record.tables !== tables || record.rows !== rows) {
              throw new BackupFormatError(
                `the backup file is damaged (${tables} tables and ${rows} rows read, ${record.tables} and ${record.rows} written)`,
              );
            }
            ended = true;
            break;
          }
        }
      }
      if (!ended)
        throw new BackupFormatError('the backup file is cut short (it has no end line); nothing was restored');
      if (tables !== header.tables.length) {
        throw new BackupFormatError(`the backup file is damaged (${tables} of ${header.tables.length} tables)`);
      }
      await client.query('COMMIT');
      return { tables, rows };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

/** Checks the table and its columns exist in the target, creates its partitions, prepares its INSERT. */
async function startTable(client: Client, start: TableStart, targetTables: Map<string, number>): Promise<OpenTable> {
  const oid = targetTables.get(start.name);
  if (oid === undefined) {
    throw new BackupFormatError(`the backup has a table this database does not: ${start.name}`);
  }
  const columns = new Set((await columnsOf(client, oid)).map((c) => c.name));
  const missing = start.columns.filter((c) => !columns.has(c.name)).map((c) => c.name);
  if (missing.length) {
    throw new BackupFormatError(
      `the backup has columns of ${start.name} this database does not: ${missing.join(', ')}`,
    );
  }
  for (const partition of start.partitions) {
    // The bound is SQL text from the file: only the shape PostgreSQL writes for range and default partitions.
    if (!PARTITION_BOUND.test(partition.bound)) {
      throw new BackupFormatError(`the backup file is damaged (partition ${partition.name} has an unexpected bound)`);
    }
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${ident(partition.name)} PARTITION OF ${ident(start.name)} ${partition.bound}`,
    );
  }
  const list = start.columns.map((c) => ident(c.name)).join(', ');
  return {
    start,
    // Columns the backup does not name get their defaults; rows are matched to columns by name.
    insert: `INSERT INTO ${ident(start.name)} (${list}) OVERRIDING SYSTEM VALUE
             SELECT ${list} FROM json_populate_recordset(NULL::${ident(start.name)}, $1::json)`,
    pending: [],
    pendingBytes: 0,
    count: 0,
  };
}
