// The backup file: gzip'ed JSON lines. Every line is one JSON value, and its first character says
// what it is, so the reader never parses a row it only passes on:
//   ["uptime-service-backup", {header}]      first line: format, version, migrations, key check
//   ["table", {name, columns, partitions}]    a table starts; its rows follow
//   {"id": 1, "name": "..."}                  a row, as PostgreSQL's to_json() wrote it (objects only)
//   ["end-table", {name, rows}]               the table's row count, checked on restore
//   ["sequences", [{name, table, column, lastValue, isCalled}]]
//   ["end", {tables, rows}]                   the last line: a file without it was cut short
// Rows stay in PostgreSQL's own JSON text (exact timestamps, bigints beyond 2^53, jsonb as written)
// from the dump to json_populate_recordset on restore; Node.js never turns them into numbers or Dates.
import { createHmac } from 'node:crypto';
import { safeEqual } from '../common/crypto';
import { PreconditionFailedError } from '../common/errors';

export const BACKUP_FORMAT = 'uptime-service-backup';
export const BACKUP_VERSION = 1;

/** Fixed label of the key check: an HMAC of it under SECRET_KEY proves the key without revealing it. */
const KEY_CHECK_LABEL = 'uptime-service backup key check v1';

export interface BackupHeader {
  version: number;
  createdAt: string;
  /** 'embedded' (PGlite) or 'postgresql', with the server's version() text. */
  source: { kind: 'embedded' | 'postgresql'; version: string };
  /** Migrations applied to the backed-up database, in the order they ran. */
  migrations: string[];
  keyCheck: string;
  /** Tables in foreign-key dependency order: every table after the tables it references. */
  tables: string[];
}

export interface ColumnInfo {
  name: string;
  type: string;
}

export interface PartitionInfo {
  name: string;
  /** pg_get_expr of the partition bound, e.g. FOR VALUES FROM ('...') TO ('...'). */
  bound: string;
}

export interface TableStart {
  name: string;
  columns: ColumnInfo[];
  partitions: PartitionInfo[];
}

export interface SequenceState {
  name: string;
  /** The column the sequence feeds (identity or OWNED BY), when it has one. */
  table: string | null;
  column: string | null;
  lastValue: string;
  isCalled: boolean;
}

/** What a backup holds, in the order it holds it: what the file writer writes and the loader reads. */
export type BackupRecord =
  | { kind: 'table'; table: TableStart }
  | { kind: 'rows'; rows: string[] }
  | { kind: 'end-table'; name: string; rows: number }
  | { kind: 'sequences'; sequences: SequenceState[] }
  | { kind: 'end'; tables: number; rows: number };

/** A file that is not a readable backup of this service, or is damaged: nothing is restored from it. */
export class BackupFormatError extends PreconditionFailedError {}

export function keyCheck(secretKey: string): string {
  return createHmac('sha256', secretKey).update(KEY_CHECK_LABEL).digest('base64url');
}

export function keyMatches(secretKey: string, check: string): boolean {
  return safeEqual(keyCheck(secretKey), check);
}

export function headerLine(header: BackupHeader): string {
  return JSON.stringify([BACKUP_FORMAT, header]);
}

/** The header from the file's first line; refuses anything else (another file, a newer format). */
export function parseHeader(line: string | undefined): BackupHeader {
  let value: unknown;
  try {
    value = line === undefined ? undefined : JSON.parse(line);
  } catch {
    value = undefined;
  }
  if (!Array.isArray(value) || value[0] !== BACKUP_FORMAT || typeof value[1] !== 'object' || value[1] === null) {
    throw new BackupFormatError(`not a backup of this service (the first line is not a ${BACKUP_FORMAT} header)`);
  }
  const header = value[1] as BackupHeader;
  if (header.version !== BACKUP_VERSION) {
    throw new BackupFormatError(
      `backup format version ${String(header.version)} is not readable by this build (it reads version ${BACKUP_VERSION})`,
    );
  }
  if (!Array.isArray(header.migrations) || !Array.isArray(header.tables) || typeof header.keyCheck !== 'string') {
    throw new BackupFormatError('the backup header is incomplete');
  }
  return header;
}

/** One record as its line(s); rows are already JSON text and go out as they are. */
export function recordLines(record: BackupRecord): string {
  switch (record.kind) {
    case 'table':
      return JSON.stringify(['table', record.table]);
    case 'rows':
      return record.rows.join('\n');
    case 'end-table':
      return JSON.stringify(['end-table', { name: record.name, rows: record.rows }]);
    case 'sequences':
      return JSON.stringify(['sequences', record.sequences]);
    case 'end':
      return JSON.stringify(['end', { tables: record.tables, rows: record.rows }]);
  }
}

/** A line after the header: a row (its text, unparsed) or a control record. */
export function parseLine(line: string): { row: string } | BackupRecord {
  if (line.startsWith('{')) return { row: line };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupFormatError('the backup file is damaged (a line is not JSON)');
  }
  if (!Array.isArray(value)) throw new BackupFormatError('the backup file is damaged (unexpected line)');
  const [kind, body] = value as [string, Record<string, unknown>];
  switch (kind) {
    case 'table':
      return { kind: 'table', table: body as unknown as TableStart };
    case 'end-table':
      return { kind: 'end-table', name: String(body.name), rows: Number(body.rows) };
    case 'sequences':
      return { kind: 'sequences', sequences: body as unknown as SequenceState[] };
    case 'end':
      return { kind: 'end', tables: Number(body.tables), rows: Number(body.rows) };
    default:
      throw new BackupFormatError(`the backup file is damaged (unknown record ${JSON.stringify(kind)})`);
  }
}

/**
 * Tables ordered so that each comes after every table it references (Kahn's algorithm; ties by name,
 * so the order is stable). A reference of a table to itself is left to the database, which checks it
 * at the end of each INSERT statement. A cycle between tables cannot be loaded in any order without
 * deferrable constraints, which this schema does not use: it is refused, naming the tables.
 */
export function dependencyOrder(tables: string[], references: Array<{ from: string; to: string }>): string[] {
  const known = new Set(tables);
  const needs = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const { from, to } of references) {
    if (from === to || !known.has(from) || !known.has(to)) continue;
    needs.get(from)!.add(to);
  }
  const order: string[] = [];
  const placed = new Set<string>();
  for (;;) {
    const ready = tables.filter((t) => !placed.has(t) && [...needs.get(t)!].every((n) => placed.has(n))).sort();
    if (!ready.length) break;
    for (const table of ready) {
      order.push(table);
      placed.add(table);
    }
  }
  if (order.length < tables.length) {
    const left = tables.filter((t) => !placed.has(t)).sort();
    throw new BackupFormatError(`the foreign keys of these tables form a cycle: ${left.join(', ')}`);
  }
  return order;
}

/**
 * Whether a backup with `backup` migrations can be restored by a build with `build` migrations: the
 * backup's must be the build's first ones, in order (an older backup is brought up to date by the
 * remaining migrations after its rows are in). Answers the problem, or null.
 */
export function migrationsProblem(backup: string[], build: string[]): string | null {
  const unknown = backup.filter((name) => !build.includes(name));
  if (unknown.length) {
    return `the backup was made by a newer version of the service (migrations this build does not have: ${unknown.join(', ')}); restore it with that version or a later one`;
  }
  for (let i = 0; i < backup.length; i++) {
    if (backup[i] !== build[i]) {
      return `the backup's migrations do not match this build's (at ${backup[i]}, this build has ${build[i] ?? 'nothing'})`;
    }
  }
  return null;
}

/** A SQL identifier, quoted. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The URL without its password, for messages and the setting to print. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return '(an invalid URL)';
  }
}
