// Client-ID metadata documents: a client that did not register names itself by the https URL of a
// JSON document it publishes (SPEC §5.1 rule 5). Fetching a URL a stranger chose is a server-side
// request forgery risk, so the fetch is narrow: https only, no redirects, 200 only, at most 64 KiB
// (counted while reading), 5 s for everything, and never to a private, loopback, link-local or
// unique-local address. The address is checked inside the connection's own name lookup, so the
// socket connects to exactly the address that was checked (no DNS rebinding between check and use).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { isSingleLine } from '../common/validation';
import { isLoopbackHost } from './oauth-rules';

export const CIMD_MAX_BYTES = 64 * 1024;
export const CIMD_TIMEOUT_MS = 5_000;
const MAX_REDIRECT_URIS = 10;

export interface ClientMetadataDocument {
  clientId: string;
  clientName: string;
  redirectUris: string[];
}

/** Why a metadata document cannot be used; the message is shown on the authorization error page. */
export class ClientMetadataError extends Error {}

/** Whether a client_id is meant as a metadata document URL rather than a registered client's id. */
export function isMetadataDocumentUrl(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId);
}

const privateV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateV4.addSubnet(net, prefix, 'ipv4');
}
const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');

const privateV6 = new BlockList();
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  privateV6.addSubnet(net, prefix, 'ipv6');
}

const loopbackV6 = new BlockList();
loopbackV6.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:7f00:1), if any. */
function mappedV4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address);
  if (!match) return null;
  const tail = match[1];
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * Why the service must not connect to an address, or null when it may: every non-public range;
 * with `allowLoopback` (tests, local development) the loopback ranges are let through.
 */
export function addressProblem(address: string, allowLoopback: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const v4 = family === 4 ? address : mappedV4(address);
  if (v4) {
    if (allowLoopback && loopbackV4.check(v4, 'ipv4')) return null;
    return privateV4.check(v4, 'ipv4') ? `${address} is a private, loopback or reserved address` : null;
  }
  if (allowLoopback && loopbackV6.check(address, 'ipv6')) return null;
  return privateV6.check(address, 'ipv6') ? `${address} is a private, loopback or reserved address` : null;
}

export interface MetadataFetchOptions {
  allowLoopback: boolean;
}

/** Fetches and checks the document at `clientId` (see the file comment for the rules). */
export async function fetchClientMetadata(
  clientId: string,
  options: MetadataFetchOptions,
): Promise<ClientMetadataDocument> {
  const url = documentUrl(clientId, options.allowLoopback);
  const { status, body } = await get(url, options.allowLoopback);
  if (status >= 300 && status < 400) {
    throw new ClientMetadataError(
      `the client metadata document answered a redirect (${status}); redirects are not followed`,
    );
  }
  if (status !== 200) throw new ClientMetadataError(`the client metadata document answered HTTP ${status}, not 200`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ClientMetadataError('the client metadata document is not JSON');
  }
  return checkDocument(clientId, parsed);
}

function documentUrl(clientId: string, allowLoopback: boolean): URL {
  if (clientId.length > 2048 || !isSingleLine(clientId)) {
    throw new ClientMetadataError('client_id must be a URL of at most 2048 characters without control characters');
  }
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw new ClientMetadataError('client_id is not a valid URL');
  }
  const loopbackHttp = allowLoopback && url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    throw new ClientMetadataError('a client_id URL must use https');
  }
  if (url.pathname === '/' || url.pathname === '') throw new ClientMetadataError('a client_id URL must have a path');
  if (url.hash || url.username || url.password) {
    throw new ClientMetadataError('a client_id URL must not have a fragment or credentials');
  }
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) {
    const problem = addressProblem(literal, allowLoopback);
    if (problem) throw new ClientMetadataError(`the client metadata document's host ${problem}`);
  }
  return url;
}

/**
 * The connection's name lookup: resolves every address of the host and refuses the host when any one
 * of them is not public (a name that also resolves privately could be answered either way next time).
 */
function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { all: true, family: lookupOptions.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      for (const { address } of addresses) {
        const problem = addressProblem(address, allowLoopback);
        if (problem) {
          callback(
            new ClientMetadataError(`the client metadata document's host ${hostname} resolves to ${problem}`),
            '',
            0,
          );
          return;
        }
      }
      if (addresses.length === 0) {
        callback(new ClientMetadataError(`the client metadata document's host ${hostname} has no address`), '', 0);
        return;
      }
      if (lookupOptions.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function get(url: URL, allowLoopback: boolean): Promise<{ status: number; body: Buffer }> {
  const signal = AbortSignal.timeout(CIMD_TIMEOUT_MS);
  const options: RequestOptions = {
    method: 'GET',
    headers: { accept: 'application/json' },
    lookup: checkedLookup(allowLoopback),
    signal,
    // A fresh connection, whose lookup runs the check; a pooled socket would skip it.
    agent: false,
  };
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      if (error instanceof ClientMetadataError) reject(error);
      else if (signal.aborted) {
        reject(
          new ClientMetadataError(`the client metadata document did not arrive within ${CIMD_TIMEOUT_MS / 1000} s`),
        );
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        reject(new ClientMetadataError(`the client metadata document could not be fetched: ${reason}`));
      }
    };
    const onResponse = (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.destroy();
        resolve({ status, body: Buffer.alloc(0) });
        return;
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > CIMD_MAX_BYTES) {
        response.destroy();
        reject(new ClientMetadataError(`the client metadata document is larger than ${CIMD_MAX_BYTES / 1024} KiB`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > CIMD_MAX_BYTES) {
          response.destroy();
          reject(new ClientMetadataError(`the client metadata document is larger than ${CIMD_MAX_BYTES / 1024} KiB`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
      response.on('error', fail);
    };
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, onResponse);
    request.on('error', fail);
    request.end();
  });
}

function checkDocument(clientId: string, document: unknown): ClientMetadataDocument {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ClientMetadataError('the client metadata document must be a JSON object');
  }
  const doc = document as Record<string, unknown>;
  if (doc.client_id !== clientId) {
    throw new ClientMetadataError(
      `the client metadata document's client_id must be its own URL ${JSON.stringify(clientId)}, got ${JSON.stringify(String(doc.client_id).slice(0, 200))}`,
    );
  }
  const uris = doc.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new ClientMetadataError(`redirect_uris must be an array of 1 to ${MAX_REDIRECT_URIS} URLs`);
  }
  for (const uri of uris) {
    if (typeof uri !== 'string' || uri.length > 2048 || !isSingleLine(uri) || uri.includes('#') || !URL.canParse(uri)) {
      throw new ClientMetadataError(
        'each of redirect_uris must be an absolute URL of at most 2048 characters without a fragment',
      );
    }
  }
  const method = doc.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') {
    throw new ClientMetadataError('token_endpoint_auth_method must be none: only public clients are supported');
  }
  const name = doc.client_name;
  const clientName =
    typeof name === 'string' && name.trim() !== '' && name.length <= 256 && isSingleLine(name)
      ? name.trim()
      : new URL(clientId).host;
  return { clientId, clientName, redirectUris: uris as string[] };
}
