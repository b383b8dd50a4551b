// Discovery documents (RFC 8414, RFC 9728) and dynamic client registration (RFC 7591).
import type { HttpTestApp } from '../../support/http-app';
import { register, startOAuthApp } from '../../support/oauth-client';

describe('OAuth metadata and registration', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    t = await startOAuthApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('publishes the authorization server metadata with the issuer from configuration', async () => {
    const response = await fetch(`${t.baseUrl}/.well-known/oauth-authorization-server`, {
      headers: { host: 'attacker.example' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      issuer: t.baseUrl,
      authorization_endpoint: `${t.baseUrl}/oauth/authorize`,
      token_endpoint: `${t.baseUrl}/oauth/token`,
      registration_endpoint: `${t.baseUrl}/oauth/register`,
      revocation_endpoint: `${t.baseUrl}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['read', 'write'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('publishes the protected resource metadata of /mcp where the 401 of /mcp points', async () => {
    const unauthorized = await fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(unauthorized.status).toBe(401);
    const pointer = /resource_metadata="([^"]+)"/.exec(unauthorized.headers.get('www-authenticate') ?? '')?.[1];
    expect(pointer).toBe(`${t.baseUrl}/.well-known/oauth-protected-resource/mcp`);
    const response = await fetch(pointer!);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      resource: `${t.baseUrl}/mcp`,
      authorization_servers: [t.baseUrl],
      scopes_supported: ['read', 'write'],
      bearer_methods_supported: ['header'],
    });
  });

  it('registers a public client and answers its metadata', async () => {
    const response = await register(t, {
      client_name: 'Claude Code',
      redirect_uris: [
        'http://localhost:33418/callback',
        'https://claude.ai/api/mcp/auth_callback',
        'cursor://anysphere.cursor-retrieval/oauth/callback',
      ],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'read write',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      client_id: expect.stringMatching(/^[A-Za-z0-9]{32}$/) as unknown,
      client_id_issued_at: expect.any(Number) as unknown,
      client_name: 'Claude Code',
      redirect_uris: [
        'http://localhost:33418/callback',
        'https://claude.ai/api/mcp/auth_callback',
        'cursor://anysphere.cursor-retrieval/oauth/callback',
      ],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'read write',
    });
    expect(body).not.toHaveProperty('client_secret');
    const again = (await (await register(t, { redirect_uris: ['http://127.0.0.1/cb'] })).json()) as Record<
      string,
      unknown
    >;
    expect(again.client_id).not.toBe(body.client_id);
    expect(again.token_endpoint_auth_method).toBe('none');
  });

  it('accepts https redirects on its own host', async () => {
    const response = await register(t, { redirect_uris: [`https://127.0.0.1/own`, 'https://app.claude.ai/cb'] });
    expect(response.status).toBe(201);
  });

  it.each([
    [
      { redirect_uris: ['https://evil.example/cb'] },
      'invalid_redirect_uri',
      /redirect_uris.0: host evil.example is not allowed/,
    ],
    [{ redirect_uris: ['http://claude.ai/cb'] }, 'invalid_redirect_uri', /http is allowed only on loopback/],
    [{ redirect_uris: ['myapp://cb'] }, 'invalid_redirect_uri', /scheme myapp: is not allowed/],
    [{ redirect_uris: ['http://127.0.0.1/cb#x'] }, 'invalid_redirect_uri', /fragment/],
    [{ redirect_uris: ['http://127.0.0.1/cb\u0000'] }, 'invalid_redirect_uri', /control characters/],
    [{ redirect_uris: [] }, 'invalid_redirect_uri', /1 to 10/],
    [
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `http://127.0.0.1/${i}`) },
      'invalid_redirect_uri',
      /1 to 10/,
    ],
    [{}, 'invalid_redirect_uri', /redirect_uris is required/],
    [{ redirect_uris: 'http://127.0.0.1/cb' }, 'invalid_client_metadata', /array of strings/],
    [
      { redirect_uris: ['http://127.0.0.1/cb'], token_endpoint_auth_method: 'client_secret_basic' },
      'invalid_client_metadata',
      /only public clients/,
    ],
    [
      { redirect_uris: ['http://127.0.0.1/cb'], grant_types: ['client_credentials'] },
      'invalid_client_metadata',
      /not supported/,
    ],
    [{ redirect_uris: ['http://127.0.0.1/cb'], response_types: ['token'] }, 'invalid_client_metadata', /only code/],
    [
      { redirect_uris: ['http://127.0.0.1/cb'], client_name: 'x'.repeat(257) },
      'invalid_client_metadata',
      /at most 256/,
    ],
    [
      { redirect_uris: ['http://127.0.0.1/cb'], client_name: 'bad\nname' },
      'invalid_client_metadata',
      /control characters/,
    ],
    [{ redirect_uris: ['http://127.0.0.1/cb'], scope: 'admin' }, 'invalid_client_metadata', /scope/],
    [['http://127.0.0.1/cb'], 'invalid_client_metadata', /JSON object/],
  ])('refuses %j with %s', async (metadata, error, description) => {
    const response = await register(t, metadata as Record<string, unknown>);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body).toEqual({ error, error_description: expect.stringMatching(description) as unknown });
  });

  it('lets browser-based clients (the MCP Inspector) call it from their own origin', async () => {
    const preflight = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:6274',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    const discovery = await fetch(`${t.baseUrl}/.well-known/oauth-protected-resource/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:6274', 'access-control-request-headers': 'mcp-protocol-version' },
    });
    expect(discovery.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
    const metadata = await fetch(`${t.baseUrl}/.well-known/oauth-authorization-server`, {
      headers: { origin: 'http://localhost:6274' },
    });
    expect(metadata.headers.get('access-control-allow-origin')).toBe('*');
    const registered = await register(t, { redirect_uris: ['http://localhost:6274/oauth/callback'] });
    expect(registered.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a malformed body with invalid_request, not a server error', async () => {
    const malformed = await fetch(`${t.baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"redirect_uris": [',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.stringMatching(/malformed/) as unknown,
    });
  });
});
