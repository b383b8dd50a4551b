// The `err` serializer of every log line. pino's standard one copies every enumerable property of an
// error, and TypeORM's QueryFailedError carries the statement's parameters, its text and all of the
// driver's fields: a failed write logged a monitor's Authorization header, webhook tokens and header
// values in plain text. This one keeps only what diagnoses a failure without revealing data: the
// error's type, its SQLSTATE and the constraint, table and column it names, a statement name
// (`INSERT monitors`), the message with quoted values blanked, and the stack frames.

/** Fields of a PostgreSQL error that name things, never values. `detail`, `hint`, `where` and `internalQuery` can quote row values and are dropped. */
const DATABASE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'dataType', 'routine'] as const;

/** Fields of ordinary errors (system calls, sockets, HTTP clients) that carry no payload. */
const PLAIN_FIELDS = ['code', 'errno', 'syscall', 'address', 'port', 'statusCode'] as const;

const MAX_MESSAGE = 500;
const MAX_DEPTH = 5;

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  statement?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
  [field: string]: unknown;
}

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string')
  );
}

/** A PostgreSQL error: pg's DatabaseError, or TypeORM's QueryFailedError that wraps one. */
function databaseErrorOf(error: ErrorLike): Record<string, unknown> | null {
  const driver = error.driverError;
  const candidate = (isErrorLike(driver) ? driver : error) as Record<string, unknown>;
  const code = candidate.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in candidate ? candidate : null;
}

const VERB = /^\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM|SELECT|WITH|CREATE|ALTER|DROP|TRUNCATE|LOCK|CALL)\b/i;
const TABLE_AFTER =
  /\b(?:INTO|UPDATE|FROM|TABLE|JOIN)\s+((?:"[^"]{1,63}"|[A-Za-z_][A-Za-z0-9_]{0,62})(?:\.(?:"[^"]{1,63}"|[A-Za-z_][A-Za-z0-9_]{0,62}))?)/i;

/**
 * A name for a statement that never includes its values: the verb and the first table it names,
 * e.g. `INSERT monitors` or `UPDATE notification_channels`. Values in a statement's text (inlined
 * literals) never reach the log, as only these two words are kept.
 */
export function statementName(sql: unknown): string | undefined {
  if (typeof sql !== 'string') return undefined;
  const verb = VERB.exec(sql)?.[1]?.split(/\s+/)[0]?.toUpperCase();
  if (!verb) return 'statement';
  // Skip string literals so a table-like word inside a value is never mistaken for the table.
  const withoutLiterals = sql.replace(/'(?:[^']|'')*'/g, "''");
  const table = TABLE_AFTER.exec(withoutLiterals)?.[1]?.replace(/"/g, '');
  return table ? `${verb} ${table}` : verb;
}

/**
 * PostgreSQL quotes both names and values in its messages (`invalid input syntax for type bigint:
 * "secret"`); a quoted word that is not one of the names the error reports is blanked.
 */
function scrubDatabaseMessage(message: string, names: Set<string>): string {
  return message.replace(/"((?:[^"\\]|\\.)*)"/g, (whole, inner: string) => (names.has(inner) ? whole : '"…"'));
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/** The stack frames under a first line we wrote, so the raw message never rides along in the stack. */
function framesOf(stack: unknown, header: string): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames].join('\n');
}

function typeOf(error: ErrorLike): string {
  const ctor = (error as { constructor?: { name?: unknown } }).constructor;
  return typeof ctor?.name === 'string' && ctor.name !== 'Object' ? ctor.name : String(error.name ?? 'Error');
}

function serialize(error: ErrorLike, depth: number, seen: Set<unknown>): SerializedError {
  seen.add(error);
  const type = typeOf(error);
  const db = databaseErrorOf(error);
  const out: SerializedError = { type, message: '' };
  if (db) {
    const names = new Set<string>();
    for (const field of DATABASE_FIELDS) {
      const value = db[field];
      if (typeof value === 'string' || typeof value === 'number') {
        out[field] = value;
        if (typeof value === 'string') names.add(value);
      }
    }
    const statement = statementName(error.query ?? db.query);
    if (statement) out.statement = statement;
    out.message = clip(scrubDatabaseMessage(String(error.message ?? ''), names));
  } else {
    for (const field of PLAIN_FIELDS) {
      const value = error[field];
      if (typeof value === 'string' || typeof value === 'number') out[field] = value;
    }
    out.message = clip(String(error.message ?? ''));
  }
  const stack = framesOf(error.stack, `${type}: ${out.message}`);
  if (stack) out.stack = stack;
  if (depth < MAX_DEPTH) {
    const cause = error.cause;
    if (isErrorLike(cause) && !seen.has(cause)) out.cause = serialize(cause, depth + 1, seen);
    if (Array.isArray(error.errors)) {
      out.errors = error.errors
        .filter((e): e is ErrorLike => isErrorLike(e) && !seen.has(e))
        .slice(0, 10)
        .map((e) => serialize(e, depth + 1, seen));
    }
  }
  return out;
}

/**
 * pino `err` (and `error`) serializer. A string is a message someone wrote and stays as it is; any
 * other non-error object could be anything, a row included: it is logged as its type only.
 */
export function serializeError(value: unknown): unknown {
  if (isErrorLike(value)) return serialize(value, 0, new Set());
  if (value === null || value === undefined || typeof value !== 'object') return value;
  return { type: 'object', message: '[not an error]' };
}

interface LoggedRequest {
  method?: unknown;
  url?: unknown;
  host?: unknown;
  ip?: unknown;
  socket?: { remotePort?: unknown } | null;
}

/**
 * pino `req` serializer (Fastify's request lines): its own fields, with the query string of the URL
 * left out. Links carry tokens there (subscription confirmations, unsubscribes), and Connect GET
 * requests the whole request message.
 */
export function serializeRequest(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const req = value as LoggedRequest;
  const url = typeof req.url === 'string' ? req.url : undefined;
  const query = url?.indexOf('?') ?? -1;
  return {
    method: req.method,
    url: url && query >= 0 ? `${url.slice(0, query)}?[redacted]` : url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
