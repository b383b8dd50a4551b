// Reading an Uptime Kuma database (kuma.db) with Node's built-in node:sqlite, read-only. The bytes
// are written to a private temporary file (a directory of our own, mode 0600) because SQLite cannot
// open a database held in memory when the file is in WAL mode, as Kuma's is; the directory is removed
// when the rows are read. 1.23 is its template database plus patch-*.sql files; 2.x adds knex
// migrations (a `knex_migrations` table). Columns that only some versions have are read as absent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValidationError } from '../../common/errors';

export type Row = Record<string, unknown>;

export interface KumaRows {
  version: '1.23' | '2';
  monitors: Row[];
  monitorNotifications: Row[];
  notifications: Row[];
  tags: Row[];
  monitorTags: Row[];
  statusPages: Row[];
  statusPageDomains: Row[];
  groups: Row[];
  monitorGroups: Row[];
  maintenances: Row[];
  maintenancePages: Row[];
  maintenanceMonitors: Row[];
  incidents: Row[];
  settings: Map<string, string>;
}

interface SqliteStatement {
  all(...params: unknown[]): Row[];
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  close(): void;
}
interface NodeSqlite {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => SqliteDatabase;
}

const SQLITE_HEADER = 'SQLite format 3\u0000';

/** The tables every Kuma 1.23 or 2.x database has and the parser reads. */
const REQUIRED_TABLES = [
  'monitor',
  'notification',
  'monitor_notification',
  'tag',
  'monitor_tag',
  'status_page',
  'group',
  'monitor_group',
  'maintenance',
  'maintenance_status_page',
  'monitor_maintenance',
  'setting',
];

function loadSqlite(): NodeSqlite {
  const sqlite = process.getBuiltinModule?.('node:sqlite') as NodeSqlite | undefined;
  if (!sqlite?.DatabaseSync)
    throw ValidationError.field('file', 'reading an Uptime Kuma database needs Node.js 22.5 or later (node:sqlite)');
  return sqlite;
}

export function readKumaDatabase(file: Uint8Array): KumaRows {
  if (file.byteLength < 100 || Buffer.from(file.subarray(0, 16)).toString('latin1') !== SQLITE_HEADER)
    throw ValidationError.field('file', 'is not an SQLite database (Uptime Kuma keeps its data in kuma.db)');
  const { DatabaseSync } = loadSqlite();
  const dir = mkdtempSync(join(tmpdir(), 'kuma-import-'));
  try {
    const path = join(dir, 'kuma.db');
    writeFileSync(path, file, { mode: 0o600 });
    let db: SqliteDatabase;
    try {
      db = new DatabaseSync(path, { readOnly: true });
    } catch {
      throw ValidationError.field('file', 'is not a readable SQLite database');
    }
    try {
      return readRows(db);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function readRows(db: SqliteDatabase): KumaRows {
  let tables: Set<string>;
  try {
    tables = new Set(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((r) => String(r.name)),
    );
  } catch {
    throw ValidationError.field('file', 'is not a readable SQLite database');
  }
  const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
  if (missing.length === REQUIRED_TABLES.length)
    throw ValidationError.field('file', 'is an SQLite database, but not an Uptime Kuma one (no monitor table)');
  if (missing.length)
    throw ValidationError.field(
      'file',
      `is not an Uptime Kuma 1.23 or 2.x database: tables ${missing.join(', ')} are missing`,
    );
  const columns = (table: string) =>
    new Set(
      db
        .prepare(`PRAGMA table_info("${table}")`)
        .all()
        .map((r) => String(r.name)),
    );
  const monitorColumns = columns('monitor');
  // 1.23's last patches added these; a database without them predates 1.23 and is read differently.
  const needed123 = ['parent', 'json_path', 'expected_value', 'resend_interval', 'timeout', 'invert_keyword'];
  const absent = needed123.filter((c) => !monitorColumns.has(c));
  if (absent.length)
    throw ValidationError.field(
      'file',
      `is an Uptime Kuma database older than 1.23 (monitor lacks ${absent.join(', ')}): upgrade Kuma to 1.23 or later first`,
    );
  const version: KumaRows['version'] = tables.has('knex_migrations') ? '2' : '1.23';
  if (version === '2' && !monitorColumns.has('conditions') && !monitorColumns.has('json_path_operator')) {
    // A 2.0 beta before the migrations this parser knows of: read it like 1.23 would be wrong for
    // json-query, so say so.
    throw ValidationError.field(
      'file',
      'is an Uptime Kuma 2.0 pre-release database (no json_path_operator column): upgrade Kuma to 2.0 or later first',
    );
  }
  const all = (table: string, order = 'id') => db.prepare(`SELECT * FROM "${table}" ORDER BY ${order}`).all();
  const settings = new Map<string, string>();
  for (const r of db.prepare('SELECT key, value FROM setting').all())
    if (typeof r.value === 'string') settings.set(String(r.key), r.value);
  return {
    version,
    monitors: all('monitor'),
    monitorNotifications: all('monitor_notification'),
    notifications: all('notification'),
    tags: all('tag'),
    monitorTags: all('monitor_tag'),
    statusPages: all('status_page'),
    statusPageDomains: tables.has('status_page_cname') ? all('status_page_cname') : [],
    groups: all('group', 'weight, id'),
    monitorGroups: all('monitor_group', 'weight, id'),
    maintenances: all('maintenance'),
    maintenancePages: all('maintenance_status_page'),
    maintenanceMonitors: all('monitor_maintenance'),
    incidents: tables.has('incident') ? all('incident') : [],
    settings,
  };
}

/** A value as text: '' for null/absent, JSON for what is neither text nor a number nor a boolean. */
export function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
}

/** A column's text, or '' for null/absent. */
export function str(row: Row, column: string): string {
  return textOf(row[column]);
}

/** A JSON object's entries as {key, value} pairs, without empty keys or values (headers, metadata). */
export function keyValues(value: unknown): Array<{ key: string; value: string }> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .map(([key, v]) => ({ key: key.trim(), value: textOf(v) }))
    .filter((kv) => kv.key !== '' && kv.value !== '');
}

/** A column's number, or `fallback` for null/absent/non-numeric. */
export function num(row: Row, column: string, fallback = 0): number {
  const v = row[column];
  const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** A SQLite boolean (0/1, or 'true'/'false' from MariaDB exports), `fallback` when null/absent. */
export function bool(row: Row, column: string, fallback = false): boolean {
  const v = row[column];
  if (v === null || v === undefined) return fallback;
  if (typeof v === 'string') return v === '1' || v.toLowerCase() === 'true';
  return Number(v) !== 0;
}

export function json<T>(text: string, fallback: T): T {
  if (!text.trim()) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
