// Helpers of the cross-workspace isolation matrix: one workspace's rows as text (to prove a call changed
// nothing there), the id-carrying fields of an RPC request or an MCP tool's input, every route the
// HTTP server serves, and the normal form of an answer (to prove a foreign id is answered exactly as a
// nonexistent one).
import { ScalarType, type DescMessage } from '@bufbuild/protobuf';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Database } from '../../backend/src/database/database';

/** A name that carries a resource id: `id`, `page_id`, `monitor_ids`, `pageId`, `pageComponentIds`... */
const ID_NAME = /(^id$|_ids?$|[a-z]Ids?$)/;

/**
 * The dotted paths (proto field names) of the string fields of a request message, however deep, whose
 * name says they carry an id. Well-known types (timestamps, field masks) carry none.
 */
export function idFieldPaths(message: DescMessage, prefix = '', seen: ReadonlySet<string> = new Set()): string[] {
  if (message.typeName.startsWith('google.protobuf.') || seen.has(message.typeName)) return [];
  const inside = new Set([...seen, message.typeName]);
  const paths: string[] = [];
  for (const field of message.fields) {
    const path = `${prefix}${field.name}`;
    const nested =
      field.fieldKind === 'message'
        ? field.message
        : field.fieldKind === 'list' && field.listKind === 'message'
          ? field.message
          : undefined;
    if (nested) {
      paths.push(...idFieldPaths(nested, `${path}.`, inside));
      continue;
    }
    const isString =
      (field.fieldKind === 'scalar' || (field.fieldKind === 'list' && field.listKind === 'scalar')) &&
      field.scalar === ScalarType.STRING;
    if (isString && ID_NAME.test(field.name)) paths.push(path);
  }
  return paths;
}

/** The same for a JSON schema (an MCP tool's inputSchema): properties whose name carries an id. */
export function schemaIdPaths(schema: unknown, prefix = ''): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  const paths: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const p = property as { type?: string; properties?: unknown; items?: { properties?: unknown } };
    if (p.properties) paths.push(...schemaIdPaths(p, `${prefix}${name}.`));
    else if (p.items?.properties) paths.push(...schemaIdPaths(p.items, `${prefix}${name}.`));
    else if (ID_NAME.test(name)) paths.push(`${prefix}${name}`);
  }
  return paths;
}

export interface Route {
  method: string;
  /** As registered, with `:param` and `*`. */
  url: string;
}

/**
 * Every route of the Fastify instance, read from its route tree (`printRoutes({ commonPrefix: false })`
 * prints only nodes with handlers, each keyed by its path relative to the printed parent). HEAD routes
 * that mirror GET are left out. Each route read back is confirmed with `hasRoute`, so a change in the
 * tree's printed form fails loudly instead of hiding routes.
 */
export function serverRoutes(app: NestFastifyApplication): Route[] {
  const fastify = app.getHttpAdapter().getInstance();
  const tree = fastify.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const key = match[2];
    const parent = depth === 0 ? '' : stack[depth - 1];
    // A wildcard node is printed as `*` under the nearest printed ancestor, without the slash before it;
    // when its own static prefix has no handler (`/ping/*` beside `/ping/:token`) the prefix is not
    // printed at all, so it is one of the static prefixes of the routes read so far.
    let url = key === '*' && !parent.endsWith('/') ? `${parent}/*` : `${parent}${key}`;
    if (key === '*' && !match[3].split(', ').some((method) => fastify.hasRoute({ method, url }))) {
      const prefixes = routes
        .map((r) => r.url)
        .filter((u) => u.startsWith(parent))
        .flatMap((u) => [...u.matchAll(/\//g)].map((m) => u.slice(0, (m.index ?? 0) + 1)))
        .filter((prefix) => prefix.length > parent.length && !prefix.includes(':'));
      url =
        prefixes
          .map((prefix) => `${prefix}*`)
          .find(
            (candidate) =>
              !routes.some((r) => r.url === candidate) && fastify.hasRoute({ method: 'GET', url: candidate }),
          ) ?? url;
    }
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of match[3].split(', ')) {
      if (method === 'HEAD') continue;
      if (!fastify.hasRoute({ method, url }))
        throw new Error(`route tree misread: ${method} ${url} is not a route (tree line ${JSON.stringify(line)})`);
      routes.push({ method, url });
    }
  }
  return routes;
}

/**
 * An answer about foreign ids, with each foreign id (as a JSON string value, or quoted inside a
 * message) replaced by the nonexistent id sent in its place: then it must equal the answer about the
 * nonexistent ids exactly, counts and messages included.
 */
export function asIfMissing(value: unknown, pairs: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') {
    const whole = pairs.get(value);
    if (whole !== undefined) return whole;
    return value.replace(/"(\d+)"/g, (quoted, id: string) => {
      const replacement = pairs.get(id);
      return replacement === undefined ? quoted : `"${replacement}"`;
    });
  }
  if (Array.isArray(value)) return value.map((v) => asIfMissing(v, pairs));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asIfMissing(v, pairs)]));
  return value;
}

/** Digits out, for two successes that differ in the ids and times of what each created. */
export const shapeOf = (text: string): string => text.replace(/\d+/g, '#');

/** Text of any value, bigints included. */
export const textOf = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'undefined';

interface TableInfo {
  name: string;
  columns: string[];
  /** Foreign keys: local column -> referenced table. */
  references: Array<{ column: string; table: string }>;
}

async function tables(db: Database): Promise<TableInfo[]> {
  const names = await db.rows<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  );
  const columns = await db.rows<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const keys = await db.rows<{ table_name: string; column_name: string; target: string }>(
    `SELECT src.relname AS table_name, a.attname AS column_name, dst.relname AS target
       FROM pg_constraint k
       JOIN pg_class src ON src.oid = k.conrelid
       JOIN pg_class dst ON dst.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = src.relnamespace
       JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
      WHERE k.contype = 'f' AND n.nspname = 'public' AND array_length(k.conkey, 1) = 1`,
  );
  return names.map(({ name }) => ({
    name,
    columns: columns.filter((c) => c.table_name === name).map((c) => c.column_name),
    references: keys.filter((k) => k.table_name === name).map((k) => ({ column: k.column_name, table: k.target })),
  }));
}

/**
 * Bookkeeping that legitimately moves while other workspaces make calls, never data of a workspace:
 * the rate-limit windows (per key and per address), and which agents serve the public regions (moved by
 * any agent's claims).
 */
const VOLATILE_TABLES = new Set(['rate_limit_windows', 'agent_presence']);

/**
 * Columns that move after a workspace's own calls, on their own schedule: a credential's last use is
 * written in the background up to a second after the call that used it (api-keys/last-used.recorder).
 */
const VOLATILE_COLUMNS = ['last_used_at'];

/**
 * Every row that belongs to one workspace, as sorted lines of text: its own row in `workspaces`, the
 * rows with its workspace_id, and the rows of link tables whose foreign keys point at those (a channel's
 * monitors, a report's components...). Tables that belong to no workspace (users, OAuth clients) are
 * taken whole, so a change there shows too.
 */
export async function workspaceRows(db: Database, workspaceId: string): Promise<string[]> {
  const all = await tables(db);
  const lines: string[] = [];
  const idsByTable = new Map<string, Set<string>>();
  const dump = async (table: TableInfo, where: string, params: unknown[]) => {
    const rows = await db.rows<{ t: string; id: string | null }>(
      `SELECT (to_jsonb(x) - $${params.length + 1}::text[])::text AS t, ${table.columns.includes('id') ? 'x.id::text' : 'NULL'} AS id
         FROM "${table.name}" x WHERE ${where}`,
      [...params, VOLATILE_COLUMNS],
    );
    idsByTable.set(table.name, new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id]))));
    lines.push(...rows.map((r) => `${table.name} ${r.t}`));
  };
  const owned = all.filter((t) => t.columns.includes('workspace_id'));
  for (const table of owned) await dump(table, 'x.workspace_id::text = $1', [workspaceId]);
  for (const table of all) {
    if (owned.includes(table) || VOLATILE_TABLES.has(table.name)) continue;
    if (table.name === 'workspaces') {
      await dump(table, 'x.id::text = $1', [workspaceId]);
      continue;
    }
    const links = table.references.filter((r) => idsByTable.has(r.table) && r.table !== 'workspaces');
    if (!links.length) {
      await dump(table, 'true', []);
      continue;
    }
    const conditions = links.map((l, i) => `x."${l.column}"::text = ANY($${i + 1}::text[])`);
    await dump(
      table,
      conditions.join(' OR '),
      links.map((l) => [...(idsByTable.get(l.table) ?? [])]),
    );
  }
  return lines.sort();
}

/** The lines only in `before` (-) and only in `after` (+), for a failure message. */
export function rowDiff(before: string[], after: string[]): string[] {
  const a = new Set(after);
  const b = new Set(before);
  return [
    ...before.filter((l) => !a.has(l)).map((l) => `- ${l}`),
    ...after.filter((l) => !b.has(l)).map((l) => `+ ${l}`),
  ];
}
