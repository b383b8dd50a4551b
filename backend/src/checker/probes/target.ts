import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Splits `host:port` (with `[v6]:port`) as validated by the monitor schemas. */
export function splitHostPort(uri: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:\s]+):(\d{1,5})$/.exec(uri);
  if (!match) throw new Error(`not host:port: ${uri}`);
  return { host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

/** Resolves a host name with the system resolver; IP addresses pass through without a lookup. */
export async function resolveHost(host: string): Promise<string> {
  return isIP(host) ? host : (await lookup(host)).address;
}
