import { lookup, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Splits `host:port` (with `[v6]:port`) as validated by the monitor schemas. */
export function splitHostPort(uri: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:\s]+):(\d{1,5})$/.exec(uri);
  if (!match) throw new Error(`not host:port: ${uri}`);
  return { host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

/** A failed resolution of a target's host name, whatever resolver failed (code: its error code). */
export class NameResolutionError extends Error {
  constructor(
    readonly host: string,
    readonly code: string,
  ) {
    super(`DNS lookup of ${host} failed: ${code}`);
  }
}

/** The error a resolution cut short by the check's deadline rejects with. */
function aborted(signal: AbortSignal): Error {
  return Object.assign(new Error('name resolution did not finish within the timeout'), {
    code: 'ETIMEOUT',
    cause: signal.reason as unknown,
  });
}

/**
 * The system resolver (getaddrinfo, which reads /etc/hosts) cannot be cancelled, so the lookup is
 * raced against the deadline: the check moves on when the budget is spent and the stray lookup's
 * answer is dropped.
 */
function systemLookup(host: string, signal: AbortSignal): Promise<string> {
  if (signal.aborted) return Promise.reject(aborted(signal));
  let onAbort = () => {};
  const deadline = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(aborted(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([lookup(host).then(({ address }) => address), deadline]).finally(() =>
    signal.removeEventListener('abort', onAbort),
  );
}

/** A configured resolver (CHECKER_DNS_SERVER): A records first, then AAAA; cancelled at the deadline. */
async function serverLookup(host: string, server: string, signal: AbortSignal): Promise<string> {
  if (signal.aborted) throw aborted(signal);
  const resolver = new Resolver({ tries: 1 });
  resolver.setServers([server]);
  const cancel = () => resolver.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    const v4 = await resolver.resolve4(host).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENODATA' || error.code === 'ENOTFOUND') return [];
      throw error;
    });
    if (v4.length) return v4[0];
    const v6 = await resolver.resolve6(host);
    if (v6.length) return v6[0];
    throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  } catch (error) {
    throw signal.aborted ? aborted(signal) : error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * Resolves a check target's host name within the check's deadline: through the configured resolver
 * when there is one, else the system's. IP addresses pass through without a lookup. Failures reject
 * with a NameResolutionError; one the deadline cut short has code ETIMEOUT (and the signal aborted).
 */
export async function resolveHost(host: string, signal: AbortSignal, server?: string): Promise<string> {
  if (isIP(host)) return host;
  try {
    return await (server ? serverLookup(host, server, signal) : systemLookup(host, signal));
  } catch (error) {
    throw new NameResolutionError(host, (error as NodeJS.ErrnoException).code ?? String(error));
  }
}
