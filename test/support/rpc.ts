// Helpers shared by the end-to-end suites: an interceptor that sends an API key, a transport with it, the error of a call
// expected to fail, polling until a condition holds, and the whole database as text.
import { ConnectError, type Interceptor, type Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import type { Database } from '../../backend/src/database/database';

export const withKey =
  (key: string | null): Interceptor =>
  (next) =>
  (req) => {
    if (key) req.header.set('x-service-key', key);
    return next(req);
  };

/** A Connect transport to the RPC API of the server at `baseUrl` (HTTP/1.1), sending `key`. */
export function rpcTransport(baseUrl: string, key: string | null): Transport {
  return createConnectTransport({ baseUrl: `${baseUrl}/rpc`, httpVersion: '1.1', interceptors: [withKey(key)] });
}

export async function rpcError(promise: Promise<unknown>): Promise<ConnectError> {
  try {
    await promise;
  } catch (error) {
    return ConnectError.from(error);
  }
  throw new Error('expected the call to fail');
}

/** Reads until `done` holds or the time is up; returns the last value read. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every row of every table as text, to prove a value is stored nowhere. */
export async function wholeDatabaseText(db: Database): Promise<string> {
  const tables = await db.rows<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await db.rows<{ t: string }>(`SELECT row_to_json(x)::text AS t FROM "${name}" x`);
    parts.push(...rows.map((r) => r.t));
  }
  return parts.join('\n');
}
