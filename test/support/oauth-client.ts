// A plain OAuth client for the authorization-server tests: raw HTTP requests (so every refusal can be
// read as it is sent), PKCE pairs, and the consent approved through the dashboard's verb, as the
// consent page would (the browser part is the dashboard's tests).
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as OAuth4WebApi from 'oauth4webapi';
import type { Scope } from '../../backend/src/common/context';
import { OAuthConsentService } from '../../backend/src/oauth/oauth-consent.service';
import { freePort, startHttpApp, type HttpAppOptions, type HttpTestApp, type Tenant } from './http-app';

/** The app on one origin for the API, the issuer and the dashboard (tests follow every redirect). */
export async function startOAuthApp(options: HttpAppOptions = {}): Promise<HttpTestApp> {
  return startHttpApp({
    ...options,
    port: await freePort(),
    env: { OAUTH_CIMD_ALLOW_LOOPBACK: 'true', ...options.env },
  });
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const LOOPBACK_REDIRECT = 'http://127.0.0.1/callback';

export async function register(t: HttpTestApp, metadata: Record<string, unknown>): Promise<Response> {
  return fetch(`${t.baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
}

/** A registered public client with a loopback redirect; answers its client_id. */
export async function registeredClient(t: HttpTestApp, redirectUris = [LOOPBACK_REDIRECT]): Promise<string> {
  const response = await register(t, { client_name: 'Test client', redirect_uris: redirectUris });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** GET /oauth/authorize without following the redirect. */
export async function authorize(t: HttpTestApp, params: Record<string, string>): Promise<Response> {
  const url = new URL(`${t.baseUrl}/oauth/authorize`);
  for (const [key, value] of Object.entries(params)) url.searchParams.append(key, value);
  return fetch(url, { redirect: 'manual' });
}

export interface AuthorizationParams {
  clientId: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
  pkce?: Pkce;
  extra?: Record<string, string>;
}

export function authorizationParams(p: AuthorizationParams & { pkce: Pkce }): Record<string, string> {
  return {
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: p.redirectUri ?? LOOPBACK_REDIRECT,
    code_challenge: p.pkce.challenge,
    code_challenge_method: 'S256',
    state: p.state ?? 'state-123',
    ...(p.scope !== undefined ? { scope: p.scope } : {}),
    ...p.extra,
  };
}

/** The pending request id of a redirect to the consent screen. */
export function consentRequestOf(t: HttpTestApp, response: Response): string {
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`expected a redirect, got ${response.status}`);
  const url = new URL(location);
  if (`${url.origin}${url.pathname}` !== `${t.baseUrl}/oauth/consent`)
    throw new Error(`not the consent screen: ${location}`);
  return url.searchParams.get('request')!;
}

/** The user approves a pending request for their workspace, as the consent page does. */
export function approve(t: HttpTestApp, requestId: string, tenant: Tenant, scope: Scope = 'write'): Promise<string> {
  return t.app
    .get(OAuthConsentService)
    .approve(requestId, { userId: tenant.userId, workspaceId: tenant.ctx.workspace.id, scope });
}

/** Authorization request, consent and the callback's parameters. */
export async function authorizedCode(
  t: HttpTestApp,
  tenant: Tenant,
  p: AuthorizationParams & { grantScope?: Scope },
): Promise<{ code: string; pkce: Pkce; callback: URL }> {
  const pair = p.pkce ?? pkce();
  const requestId = consentRequestOf(t, await authorize(t, authorizationParams({ ...p, pkce: pair })));
  const callback = new URL(await approve(t, requestId, tenant, p.grantScope ?? 'write'));
  return { code: callback.searchParams.get('code')!, pkce: pair, callback };
}

export async function tokenRequest(
  t: HttpTestApp,
  params: Record<string, string>,
  as: 'form' | 'json' = 'form',
): Promise<Response> {
  return fetch(`${t.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: as === 'form' ? new URLSearchParams(params).toString() : JSON.stringify(params),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** The whole flow for a new registered client: answers the client id and the tokens. */
export async function connect(
  t: HttpTestApp,
  tenant: Tenant,
  options: { scope?: string; grantScope?: Scope; clientId?: string } = {},
): Promise<{ clientId: string; tokens: Tokens }> {
  const clientId = options.clientId ?? (await registeredClient(t));
  const { code, pkce: pair } = await authorizedCode(t, tenant, { clientId, ...options });
  const response = await tokenRequest(t, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: LOOPBACK_REDIRECT,
    code_verifier: pair.verifier,
    client_id: clientId,
  });
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
  return { clientId, tokens: (await response.json()) as Tokens };
}

/** The HTTP status of a tools/list on /mcp with the bearer token. */
export async function mcpStatus(t: HttpTestApp, accessToken: string): Promise<number> {
  const response = await fetch(`${t.baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * A loopback server publishing client metadata documents: path → document (or a raw answer). A
 * document is built from the URL it was fetched at (its Host header), so it can echo its own URL.
 */
export interface MetadataServer {
  url(path: string): string;
  close(): Promise<void>;
}

export type MetadataAnswer =
  { json: (url: string) => unknown } | { status: number; headers?: Record<string, string>; body?: string };

export async function metadataServer(routes: Record<string, MetadataAnswer>): Promise<MetadataServer> {
  const server: Server = createServer((request, response) => {
    const route = routes[request.url ?? ''];
    if (!route) {
      response.writeHead(404).end();
    } else if ('json' in route) {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(route.json(`http://${request.headers.host}${request.url}`)));
    } else {
      response.writeHead(route.status, route.headers).end(route.body ?? '');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * oauth4webapi, a third-party OAuth client, loaded as the ES module it only ships as. The test files are
 * compiled to CommonJS, which turns `import()` into `require()` of an ES module (refused by Node 20);
 * a function made at run time keeps the real dynamic import, served by Node's own loader. The source
 * is a constant: nothing from outside is evaluated.
 */
export function loadOauth4webapi(): Promise<typeof OAuth4WebApi> {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a constant source; see above
  const load = new Function('specifier', 'return import(specifier)') as (
    specifier: string,
  ) => Promise<typeof OAuth4WebApi>;
  return load('oauth4webapi');
}
