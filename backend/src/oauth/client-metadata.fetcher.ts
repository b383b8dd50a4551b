// Client-ID metadata documents: a client that did not register names itself by the https URL of a
// JSON document it publishes (SPEC §5.1 rule 5). Fetching a URL a stranger chose is a server-side
// request forgery risk, so the fetch is narrow: https only, no redirects, 200 only, at most 64 KiB
// (counted while reading), 5 s for everything, and never to a private, loopback, link-local or
// unique-local address. The address is checked inside the connection's own name lookup, so the
// socket connects to exactly the address that was checked (no DNS rebinding between check and use).
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { addressProblem, checkedLookup, ipLiteralOf } from '../common/network-addresses';
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
  const literal = ipLiteralOf(url.hostname);
  if (literal) {
    const problem = addressProblem(literal, allowLoopback);
    if (problem) throw new ClientMetadataError(`the client metadata document's host ${problem}`);
  }
  return url;
}

function get(url: URL, allowLoopback: boolean): Promise<{ status: number; body: Buffer }> {
  const signal = AbortSignal.timeout(CIMD_TIMEOUT_MS);
  const options: RequestOptions = {
    method: 'GET',
    headers: { accept: 'application/json' },
    lookup: checkedLookup(
      allowLoopback,
      (message) => new ClientMetadataError(`the client metadata document's host ${message}`),
    ),
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
