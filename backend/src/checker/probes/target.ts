import { lookup, Resolver } from 'node:dns/promises';
import { addressProblem, literalAddressOf, resolvesPrivately } from '../../common/network-addresses';
import type { ProbeResult } from '../../checks/check-types';
import { elapsed, type ProbeContext } from '../probe';

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

/**
 * A target the check may not reach: a private, loopback, link-local, CGNAT, multicast or reserved
 * address, in a check for a shared region (private locations and ALLOW_PRIVATE_TARGETS=true are
 * exempt). Thrown before any connection is made; a host name's resolved address is not named.
 */
export class TargetRefusedError extends Error {
  constructor(problem: string) {
    super(
      `refused: ${problem}; checks from shared regions do not reach private networks. ` +
        'Run this monitor from a private location, or (a self-hosted service watching its own network) ' +
        'set ALLOW_PRIVATE_TARGETS=true',
    );
    this.name = 'TargetRefusedError';
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
function systemLookup(host: string, signal: AbortSignal): Promise<string[]> {
  if (signal.aborted) return Promise.reject(aborted(signal));
  let onAbort = () => {};
  const deadline = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(aborted(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([lookup(host, { all: true }).then((all) => all.map((a) => a.address)), deadline]).finally(() =>
    signal.removeEventListener('abort', onAbort),
  );
}

/** A configured resolver (CHECKER_DNS_SERVER): A records first, then AAAA; cancelled at the deadline. */
async function serverLookup(host: string, server: string, signal: AbortSignal): Promise<string[]> {
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
    if (v4.length) return v4;
    const v6 = await resolver.resolve6(host);
    if (v6.length) return v6;
    throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  } catch (error) {
    throw signal.aborted ? aborted(signal) : error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

export interface ResolveOptions {
  signal: AbortSignal;
  /** `host:port` of the configured resolver; the system's when unset. */
  server?: string;
  /** Whether private, loopback and reserved addresses may be reached (see TargetRefusedError). */
  privateTargets: boolean;
}

/**
 * The address a check connects to: a literal (in any spelling, see literalAddressOf) as it is, a name
 * resolved within the check's deadline through the configured resolver when there is one, else the
 * system's. Unless private targets are allowed, a refused address rejects with TargetRefusedError
 * before any connection, and so does a name of which any address is refused (it could be answered
 * either way next time). Failed lookups reject with a NameResolutionError; one the deadline cut short
 * has code ETIMEOUT (and the signal aborted).
 */
export async function resolveHost(host: string, options: ResolveOptions): Promise<string> {
  const literal = literalAddressOf(host);
  if (literal) {
    const problem = options.privateTargets ? null : addressProblem(literal, false);
    if (problem) throw new TargetRefusedError(`the target ${problem}`);
    return literal;
  }
  let addresses: string[];
  try {
    addresses = await (options.server
      ? serverLookup(host, options.server, options.signal)
      : systemLookup(host, options.signal));
  } catch (error) {
    throw new NameResolutionError(host, (error as NodeJS.ErrnoException).code ?? String(error));
  }
  if (!addresses.length) throw new NameResolutionError(host, 'ENOTFOUND');
  if (!options.privateTargets && addresses.some((address) => addressProblem(address, false)))
    throw new TargetRefusedError(resolvesPrivately(host));
  return addresses[0];
}

/** The error of a check whose target could not be resolved: refused, timed out, or a failed lookup. */
export function targetFailure(
  error: unknown,
  signal: AbortSignal,
): { kind: 'refused' | 'timeout' | 'dns'; message: string } {
  if (error instanceof TargetRefusedError) return { kind: 'refused', message: error.message };
  return { kind: signal.aborted ? 'timeout' : 'dns', message: (error as Error).message };
}

/**
 * Resolves a probe's target under its context's rules (resolver, private targets, deadline). When it
 * cannot be, the result records why and how long it took, and the answer is null: the probe returns it.
 */
export async function resolveTarget(
  host: string,
  ctx: ProbeContext,
  result: ProbeResult,
  started: number,
): Promise<string | null> {
  try {
    return await resolveHost(host, { signal: ctx.signal, server: ctx.dnsServer, privateTargets: ctx.privateTargets });
  } catch (error) {
    result.error = targetFailure(error, ctx.signal);
    result.latencyMs = elapsed(started);
    return null;
  }
}
