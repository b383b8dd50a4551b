// What a backup copies, read from the PostgreSQL catalog of the current schema rather than listed by
// hand: every table (a partitioned table once, its partitions through it), its columns, its foreign
// keys for the load order, its partitions, and every sequence with the column it feeds. A migration
// that adds a table is backed up without touching this folder.
import type { Client } from 'pg';
import { dependencyOrder, type ColumnInfo, type PartitionInfo, type SequenceState } from './backup-format';

/** TypeORM's record of applied migrations: restored by running the migrations, not copied. */
export const MIGRATIONS_TABLE = 'schema_migrations';

interface TableRow {
  oid: number;
  name: string;
}

/** The application's tables (not partitions, not the migrations table), in foreign-key order. */
export async function applicationTables(client: Client): Promise<Array<{ oid: number; name: string }>> {
  const tables = await client.query<TableRow>(
    `SELECT c.oid::int AS oid, c.relname AS name FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
        AND NOT c.relispartition AND c.relname <> $1`,
    [MIGRATIONS_TABLE],
  );
  const references = await client.query<{ from: string; to: string }>(
    `SELECT f.relname AS "from", t.relname AS "to" FROM pg_constraint k
       JOIN pg_class f ON f.oid = k.conrelid
       JOIN pg_class t ON t.oid = k.confrelid
      WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace`,
  );
  const byName = new Map(tables.rows.map((t) => [t.name, t]));
  return dependencyOrder(
    tables.rows.map((t) => t.name),
    references.rows,
  ).map((name) => byName.get(name)!);
}

/** Columns a row can be inserted with (generated columns are computed again by the target). */
export async function columnsOf(client: Client, oid: number): Promise<ColumnInfo[]> {
  const result = await client.query<ColumnInfo>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attnum`,
    [oid],
  );
  return result.rows;
}

/** The partitions of a partitioned table with their bounds (check_results: one per day). */
export async function partitionsOf(client: Client, oid: number): Promise<PartitionInfo[]> {
  const result = await client.query<PartitionInfo>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i
       JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = $1
      ORDER BY c.relname`,
    [oid],
  );
  return result.rows;
}

/** Every sequence of the schema, with the column it feeds (identity columns and OWNED BY alike). */
export async function sequencesOf(client: Client): Promise<Array<Omit<SequenceState, 'lastValue' | 'isCalled'>>> {
  const result = await client.query<{ name: string; table: string | null; column: string | null }>(
    `SELECT s.relname AS name, t.relname AS "table", a.attname AS "column" FROM pg_class s
       LEFT JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass
            AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       LEFT JOIN pg_class t ON t.oid = d.refobjid
       LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.relkind = 'S' AND s.relnamespace = current_schema()::regnamespace
        AND t.relname IS DISTINCT FROM $1
      ORDER BY s.relname`,
    [MIGRATIONS_TABLE],
  );
  return result.rows;
}

/** Migrations applied to the database, in the order they ran; empty when it has none yet. */
export async function appliedMigrations(client: Client): Promise<string[]> {
  const exists = await client.query(
    `SELECT 1 FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relname = $1`,
    [MIGRATIONS_TABLE],
  );
  if (!exists.rowCount) return [];
  const result = await client.query<{ name: string }>(`SELECT name FROM "${MIGRATIONS_TABLE}" ORDER BY id`);
  return result.rows.map((r) => r.name);
}
