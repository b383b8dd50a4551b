// GET /oauth/authorize (error page versus error redirect, PKCE, scope, resource), client-ID metadata
// documents, and the consent verbs the dashboard's consent page calls.
import { NotFoundError, ValidationError } from '../../../backend/src/common/errors';
import { fetchClientMetadata } from '../../../backend/src/oauth/client-metadata.fetcher';
import { OAuthConsentService } from '../../../backend/src/oauth/oauth-consent.service';
import { newTenant, type HttpTestApp, type Tenant } from '../../support/http-app';
import {
  authorize,
  authorizationParams,
  consentRequestOf,
  LOOPBACK_REDIRECT,
  metadataServer,
  pkce,
  registeredClient,
  startOAuthApp,
  type MetadataServer,
} from '../../support/oauth-client';

describe('OAuth authorization endpoint', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let other: Tenant;
  let clientId: string;
  let docs: MetadataServer;
  let consent: OAuthConsentService;

  beforeAll(async () => {
    t = await startOAuthApp();
    tenant = await newTenant(t);
    other = await newTenant(t);
    clientId = await registeredClient(t, [LOOPBACK_REDIRECT, 'https://claude.ai/api/mcp/auth_callback']);
    consent = t.app.get(OAuthConsentService);
    docs = await metadataServer({
      '/good.json': {
        json: (url) => ({
          client_id: url,
          client_name: 'Doc Client',
          redirect_uris: ['http://127.0.0.1/doc-callback'],
        }),
      },
      '/other-id.json': {
        json: () => ({ client_id: 'https://someone-else.example/meta.json', redirect_uris: [LOOPBACK_REDIRECT] }),
      },
      '/xss.json': { json: () => ({ client_id: '<script>alert(1)</script>', redirect_uris: [LOOPBACK_REDIRECT] }) },
      '/redirect.json': { status: 302, headers: { location: '/good.json' } },
      '/huge.json': { status: 200, headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(70_000)}"` },
      '/not-json.json': { status: 200, body: '<html>' },
    });
  });

  afterAll(async () => {
    await docs.close();
    await t.close();
  });

  const params = (overrides: Record<string, string | undefined> = {}) => {
    const base = authorizationParams({ clientId, pkce: pkce() });
    const merged: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...base, ...overrides })) if (value !== undefined) merged[key] = value;
    return merged;
  };

  async function errorRedirect(response: Response): Promise<URLSearchParams> {
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(LOOPBACK_REDIRECT);
    return location.searchParams;
  }

  async function errorPage(response: Response): Promise<string> {
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    return response.text();
  }

  /** The RFC 6749 code the error page shows. */
  const codeOn = (html: string) => /Error code: <code>([a-z_]+)<\/code>/.exec(html)?.[1];

  /** GET /oauth/authorize as a program that reads JSON would send it. */
  async function authorizeAsProgram(query: Record<string, string>, accept = 'application/json') {
    const url = new URL(`${t.baseUrl}/oauth/authorize`);
    for (const [key, value] of Object.entries(query)) url.searchParams.append(key, value);
    const response = await fetch(url, { redirect: 'manual', headers: { accept } });
    expect(response.headers.get('location')).toBeNull();
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      cache: response.headers.get('cache-control'),
      body: await response.json(),
    };
  }

  it('stores a valid request and sends the browser to the consent screen', async () => {
    const response = await authorize(t, params({ scope: 'read', resource: `${t.baseUrl}/mcp` }));
    const requestId = consentRequestOf(t, response);
    expect(requestId.length).toBeGreaterThanOrEqual(32);
    const pending = await consent.pending(requestId);
    expect(pending).toEqual({
      id: requestId,
      clientId,
      clientName: 'Test client',
      redirectUri: LOOPBACK_REDIRECT,
      redirectHost: '127.0.0.1',
      allLoopback: false,
      scope: 'read',
      expiresAt: expect.any(Date) as unknown,
    });
    // Only the hash of the request id is stored.
    const [row] = await t.db.rows<{ request_hash: string }>(
      `SELECT request_hash FROM oauth_authorization_requests WHERE client_id = $1 ORDER BY id DESC LIMIT 1`,
      [clientId],
    );
    expect(row.request_hash).not.toContain(requestId);
  });

  it('asks for write when no scope is given', async () => {
    const requestId = consentRequestOf(t, await authorize(t, params({ scope: undefined })));
    expect((await consent.pending(requestId)).scope).toBe('write');
  });

  it('matches a loopback redirect URI on any port', async () => {
    const response = await authorize(t, params({ redirect_uri: 'http://127.0.0.1:49152/callback' }));
    const requestId = consentRequestOf(t, response);
    expect((await consent.pending(requestId)).redirectUri).toBe('http://127.0.0.1:49152/callback');
  });

  describe('refuses with an error page, never a redirect, when the redirect cannot be trusted', () => {
    it('an unregistered redirect URI (open redirect attempt)', async () => {
      const html = await errorPage(await authorize(t, params({ redirect_uri: 'https://evil.example/steal' })));
      expect(html).toContain('redirect_uri is not one of the client');
      expect(codeOn(html)).toBe('invalid_request');
    });

    it('a registered redirect URI with another path or an extra query', async () => {
      await errorPage(await authorize(t, params({ redirect_uri: 'http://127.0.0.1/callback/../evil' })));
      await errorPage(
        await authorize(t, params({ redirect_uri: 'https://claude.ai/api/mcp/auth_callback?x=https://evil' })),
      );
      await errorPage(await authorize(t, params({ redirect_uri: 'https://claude.ai:8443/api/mcp/auth_callback' })));
    });

    it('an unknown client, and no client at all', async () => {
      const unknown = await errorPage(await authorize(t, params({ client_id: 'nope' })));
      expect(unknown).toContain('Unknown client_id');
      expect(codeOn(unknown)).toBe('invalid_client');
      const none = await errorPage(await authorize(t, params({ client_id: undefined })));
      expect(none).toContain('client_id is required');
      expect(codeOn(none)).toBe('invalid_request');
    });

    it('a redirect URI given twice, and a client with several URIs but none given', async () => {
      const url = new URL(`${t.baseUrl}/oauth/authorize`);
      for (const [key, value] of Object.entries(params())) url.searchParams.append(key, value);
      url.searchParams.append('redirect_uri', 'https://evil.example/');
      await errorPage(await fetch(url, { redirect: 'manual' }));
      expect(await errorPage(await authorize(t, params({ redirect_uri: undefined })))).toContain(
        'redirect_uri is required',
      );
    });

    it('answers a program that asks for JSON with the RFC 6749 error body, never a redirect', async () => {
      expect(await authorizeAsProgram(params({ client_id: 'nope' }))).toEqual({
        status: 400,
        type: expect.stringMatching(/^application\/json/) as unknown,
        cache: 'no-store',
        body: {
          error: 'invalid_client',
          error_description: 'Unknown client_id: register the client first, or use a client metadata document URL',
        },
      });
      expect(await authorizeAsProgram(params({ redirect_uri: 'https://evil.example/steal' }))).toMatchObject({
        status: 400,
        body: { error: 'invalid_request', error_description: "redirect_uri is not one of the client's redirect URIs" },
      });
      expect(
        (
          await authorizeAsProgram(
            params({ client_id: docs.url('/not-json.json') }),
            'application/json;q=0.9, */*;q=0.1',
          )
        ).body,
      ).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('not JSON') as unknown });
      expect((await authorizeAsProgram(params({ redirect_uri: undefined }))).body).toEqual({
        error: 'invalid_request',
        error_description: 'redirect_uri is required: the client has several redirect URIs',
      });
    });

    it('keeps the page for browsers and for clients that accept anything', async () => {
      const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
      for (const accept of [browser, '*/*']) {
        const url = new URL(`${t.baseUrl}/oauth/authorize`);
        for (const [key, value] of Object.entries(params({ client_id: 'nope' }))) url.searchParams.append(key, value);
        const response = await fetch(url, { redirect: 'manual', headers: { accept } });
        expect(response.headers.get('vary')).toMatch(/accept/i);
        expect(codeOn(await errorPage(response))).toBe('invalid_client');
      }
    });

    it('escapes what it shows', async () => {
      const html = await errorPage(await authorize(t, params({ client_id: docs.url('/xss.json') })));
      expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
      expect(html).not.toContain('<script>');
    });
  });

  describe('refuses with an error redirect carrying state and iss once the client is trusted', () => {
    it('missing PKCE', async () => {
      const answer = await errorRedirect(
        await authorize(t, params({ code_challenge: undefined, code_challenge_method: undefined })),
      );
      expect(Object.fromEntries(answer)).toEqual({
        error: 'invalid_request',
        error_description: 'code_challenge is required: PKCE with S256',
        state: 'state-123',
        iss: t.baseUrl,
      });
    });

    it('plain PKCE, or no method (which means plain)', async () => {
      const plain = await errorRedirect(await authorize(t, params({ code_challenge_method: 'plain' })));
      expect(plain.get('error')).toBe('invalid_request');
      expect(plain.get('error_description')).toMatch(/"plain" is not supported: use S256/);
      const none = await errorRedirect(await authorize(t, params({ code_challenge_method: undefined })));
      expect(none.get('error_description')).toMatch(/must be S256/);
    });

    it('a challenge that is no S256 hash', async () => {
      const answer = await errorRedirect(await authorize(t, params({ code_challenge: 'short' })));
      expect(answer.get('error')).toBe('invalid_request');
    });

    it('another response type', async () => {
      const answer = await errorRedirect(await authorize(t, params({ response_type: 'token' })));
      expect(answer.get('error')).toBe('unsupported_response_type');
      expect(answer.get('state')).toBe('state-123');
    });

    it('an unknown scope', async () => {
      const answer = await errorRedirect(await authorize(t, params({ scope: 'read admin' })));
      expect(answer.get('error')).toBe('invalid_scope');
    });

    it('a token for another resource (RFC 8707)', async () => {
      const answer = await errorRedirect(await authorize(t, params({ resource: 'https://other.example/mcp' })));
      expect(answer.get('error')).toBe('invalid_target');
      expect(answer.get('iss')).toBe(t.baseUrl);
    });
  });

  describe('client-ID metadata documents', () => {
    it('fetches the document and uses its redirect URIs and name', async () => {
      const docClient = docs.url('/good.json');
      const response = await authorize(
        t,
        params({ client_id: docClient, redirect_uri: 'http://127.0.0.1:5555/doc-callback' }),
      );
      const pending = await consent.pending(consentRequestOf(t, response));
      expect(pending).toMatchObject({ clientId: docClient, clientName: 'Doc Client', allLoopback: true });
      // Its redirect URIs are the document's own: a registered client's is refused.
      await errorPage(await authorize(t, params({ client_id: docClient })));
    });

    it('refuses a document whose client_id differs from its URL', async () => {
      const html = await errorPage(await authorize(t, params({ client_id: docs.url('/other-id.json') })));
      expect(html).toContain('client_id must be its own URL');
    });

    it('refuses redirects, oversized documents, non-JSON and missing documents', async () => {
      expect(await errorPage(await authorize(t, params({ client_id: docs.url('/redirect.json') })))).toContain(
        'redirects are not followed',
      );
      expect(await errorPage(await authorize(t, params({ client_id: docs.url('/huge.json') })))).toContain(
        'larger than 64 KiB',
      );
      expect(await errorPage(await authorize(t, params({ client_id: docs.url('/not-json.json') })))).toContain(
        'not JSON',
      );
      expect(await errorPage(await authorize(t, params({ client_id: docs.url('/missing.json') })))).toContain(
        'HTTP 404',
      );
    });

    it('refuses a URL on a private address without sending it anything', async () => {
      const html = await errorPage(await authorize(t, params({ client_id: 'https://10.0.0.1/client.json' })));
      expect(html).toContain('10.0.0.1 is a private, loopback or reserved address');
      await expect(fetchClientMetadata('https://[fd00::1]/client.json', { allowLoopback: true })).rejects.toThrow(
        /private/,
      );
      await expect(fetchClientMetadata('https://169.254.169.254/latest', { allowLoopback: true })).rejects.toThrow(
        /private/,
      );
    });

    it('refuses a host name that resolves to loopback when loopback is not allowed', async () => {
      // `localhost` resolves to loopback: the address check inside the connection refuses it.
      await expect(fetchClientMetadata('https://localhost/client.json', { allowLoopback: false })).rejects.toThrow(
        /localhost resolves to a private, loopback or reserved address/,
      );
      await expect(fetchClientMetadata(docs.url('/good.json'), { allowLoopback: false })).rejects.toThrow(
        /must use https/,
      );
    });

    it('resolves a host name inside the connection and fetches from the checked address', async () => {
      const byName = docs.url('/good.json').replace('127.0.0.1', 'localhost');
      await expect(fetchClientMetadata(byName, { allowLoopback: true })).resolves.toEqual({
        clientId: byName,
        clientName: 'Doc Client',
        redirectUris: ['http://127.0.0.1/doc-callback'],
      });
    });

    it('refuses a URL without a path', async () => {
      expect(await errorPage(await authorize(t, params({ client_id: 'https://client.example/' })))).toContain(
        'must have a path',
      );
    });
  });

  describe('consent', () => {
    async function pendingRequest(scope?: string): Promise<string> {
      return consentRequestOf(t, await authorize(t, params({ scope })));
    }

    it('approves once, with the code, state and iss on the redirect URI', async () => {
      const requestId = await pendingRequest();
      const location = new URL(
        await consent.approve(requestId, {
          userId: tenant.userId,
          workspaceId: tenant.ctx.workspace.id,
          scope: 'read',
        }),
      );
      expect(`${location.origin}${location.pathname}`).toBe(LOOPBACK_REDIRECT);
      expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9]{43}$/);
      expect(location.searchParams.get('state')).toBe('state-123');
      expect(location.searchParams.get('iss')).toBe(t.baseUrl);
      const [code] = await t.db.rows<{ scope: string; code_hash: string }>(
        `SELECT scope, code_hash FROM oauth_authorization_codes WHERE client_id = $1 ORDER BY id DESC LIMIT 1`,
        [clientId],
      );
      expect(code).toEqual({
        scope: 'read',
        code_hash: expect.not.stringContaining(location.searchParams.get('code')!) as unknown,
      });
      await expect(
        consent.approve(requestId, { userId: tenant.userId, workspaceId: tenant.ctx.workspace.id, scope: 'read' }),
      ).rejects.toThrow(NotFoundError);
      await expect(consent.pending(requestId)).rejects.toThrow(NotFoundError);
    });

    it('refuses a workspace the user is not a member of, as if unknown', async () => {
      const requestId = await pendingRequest();
      await expect(
        consent.approve(requestId, { userId: tenant.userId, workspaceId: other.ctx.workspace.id, scope: 'write' }),
      ).rejects.toThrow(NotFoundError);
      // Still pending: the user can pick their own workspace.
      await expect(consent.pending(requestId)).resolves.toMatchObject({ scope: 'write' });
    });

    it('lets write be downgraded to read, never read upgraded to write', async () => {
      const readRequest = await pendingRequest('read');
      await expect(
        consent.approve(readRequest, { userId: tenant.userId, workspaceId: tenant.ctx.workspace.id, scope: 'write' }),
      ).rejects.toThrow(ValidationError);
    });

    it('denies with access_denied, once', async () => {
      const requestId = await pendingRequest();
      const location = new URL(await consent.deny(requestId, tenant.userId));
      expect(Object.fromEntries(location.searchParams)).toEqual({
        error: 'access_denied',
        error_description: 'The user denied the authorization request',
        state: 'state-123',
        iss: t.baseUrl,
      });
      await expect(consent.deny(requestId, tenant.userId)).rejects.toThrow(NotFoundError);
    });

    it('knows nothing of made-up request ids', async () => {
      await expect(consent.pending('made-up')).rejects.toThrow(NotFoundError);
      await expect(consent.pending('')).rejects.toThrow(NotFoundError);
    });
  });
});
