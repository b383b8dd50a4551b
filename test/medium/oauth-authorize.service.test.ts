// The rules of the authorization endpoint (RFC 6749 §4.1, OAuth 2.1), on a real database: no redirect
// until the client and its redirect URI are trusted (no open redirect), then every refusal goes back
// with state and iss; PKCE with S256 is required; scope and resource are checked; the pending request
// is kept hashed for ten minutes.
import { OAuthAuthorizeService, REQUEST_LIFETIME_MS } from '../../backend/src/oauth/oauth-authorize.service';
import { OAuthConsentService } from '../../backend/src/oauth/oauth-consent.service';
import { OAuthModule } from '../../backend/src/oauth/oauth.module';
import { createTestApp, servicesOf, type TestApp } from '../support/app';
import { pkce, REDIRECT_URI, registeredClient } from '../support/access-fixtures';
import { wholeDatabaseText } from '../support/rpc';

const ISSUER = 'https://status.acme.test';

describe(OAuthAuthorizeService.name, () => {
  let t: TestApp;
  let sut: OAuthAuthorizeService;
  let clientId: string;

  beforeAll(async () => {
    t = await createTestApp({ BASE_URL: ISSUER, DASHBOARD_URL: 'https://app.acme.test' }, [servicesOf(OAuthModule)]);
    sut = t.app.get(OAuthAuthorizeService);
    clientId = await registeredClient(t);
  });

  afterAll(() => t.close());

  const request = (overrides: Record<string, unknown> = {}) => {
    const params: Record<string, unknown> = {
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      scope: 'read',
      state: 'xyz',
      ...overrides,
    };
    return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
  };

  /** The error parameters a refusal sends back to the client's redirect URI. */
  async function redirectedError(query: Record<string, unknown>) {
    const outcome = await sut.authorize(query);
    if (outcome.kind !== 'redirect') throw new Error(`expected a redirect, got ${JSON.stringify(outcome)}`);
    const url = new URL(outcome.location);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
    return Object.fromEntries(url.searchParams);
  }

  it('keeps a good request pending, hashed, and sends the browser to the consent screen', async () => {
    const now = new Date();
    const outcome = await sut.authorize(request({ scope: 'read write' }), now);
    expect(outcome.kind).toBe('redirect');
    const location = new URL((outcome as { location: string }).location);
    expect(`${location.origin}${location.pathname}`).toBe('https://app.acme.test/oauth/consent');
    const requestId = location.searchParams.get('request')!;
    expect(await wholeDatabaseText(t.db)).not.toContain(requestId);
    expect(await t.app.get(OAuthConsentService).pending(requestId, now)).toMatchObject({
      clientId,
      redirectUri: REDIRECT_URI,
      redirectHost: '127.0.0.1',
      allLoopback: true,
      scope: 'write',
      expiresAt: new Date(now.getTime() + REQUEST_LIFETIME_MS),
    });
  });

  it('expires a pending request after ten minutes', async () => {
    const now = new Date();
    const outcome = await sut.authorize(request(), now);
    const requestId = new URL((outcome as { location: string }).location).searchParams.get('request')!;
    const consent = t.app.get(OAuthConsentService);
    await expect(consent.pending(requestId, new Date(now.getTime() + REQUEST_LIFETIME_MS - 1))).resolves.toBeDefined();
    await expect(consent.pending(requestId, new Date(now.getTime() + REQUEST_LIFETIME_MS))).rejects.toThrow(
      'unknown, expired or already answered',
    );
  });

  it('shows an error page, never a redirect, while the client is unknown', async () => {
    expect(await sut.authorize(request({ client_id: undefined }))).toEqual({
      kind: 'page',
      error: 'invalid_request',
      message: 'client_id is required',
    });
    expect(await sut.authorize(request({ client_id: [clientId, clientId] }))).toMatchObject({
      kind: 'page',
      error: 'invalid_request',
    });
    expect(await sut.authorize(request({ client_id: 'never-registered' }))).toMatchObject({
      kind: 'page',
      error: 'invalid_client',
    });
  });

  it('shows an error page, never a redirect, for a redirect URI the client did not register', async () => {
    expect(await sut.authorize(request({ redirect_uri: 'https://evil.example/cb' }))).toMatchObject({
      kind: 'page',
      error: 'invalid_request',
      message: "redirect_uri is not one of the client's redirect URIs",
    });
    expect(await sut.authorize(request({ redirect_uri: [REDIRECT_URI, REDIRECT_URI] }))).toMatchObject({
      kind: 'page',
    });
  });

  it('lets a loopback redirect URI use another port (RFC 8252)', async () => {
    expect((await sut.authorize(request({ redirect_uri: 'http://127.0.0.1:53117/callback' }))).kind).toBe('redirect');
  });

  it('uses the one registered redirect URI when none is given, and asks for one among several', async () => {
    expect((await sut.authorize(request({ redirect_uri: undefined }))).kind).toBe('redirect');
    const several = await registeredClient(t, [REDIRECT_URI, 'http://localhost/other']);
    expect(await sut.authorize(request({ client_id: several, redirect_uri: undefined }))).toMatchObject({
      kind: 'page',
      message: 'redirect_uri is required: the client has several redirect URIs',
    });
  });

  it('sends refusals of a trusted client back to it, with state and iss', async () => {
    expect(await redirectedError(request({ response_type: 'token' }))).toEqual({
      error: 'unsupported_response_type',
      error_description: 'response_type must be code',
      state: 'xyz',
      iss: ISSUER,
    });
    expect(await redirectedError(request({ response_type: undefined }))).toMatchObject({ error: 'invalid_request' });
  });

  it('requires PKCE with S256', async () => {
    for (const overrides of [
      { code_challenge: undefined },
      { code_challenge_method: undefined },
      { code_challenge_method: 'plain' },
      { code_challenge: 'too-short' },
    ]) {
      expect(await redirectedError(request(overrides))).toMatchObject({ error: 'invalid_request', state: 'xyz' });
    }
  });

  it('accepts the scopes read, write and "read write" only, and the MCP resource only', async () => {
    expect(await redirectedError(request({ scope: 'admin' }))).toMatchObject({ error: 'invalid_scope' });
    expect(await redirectedError(request({ resource: 'https://other.example/mcp' }))).toMatchObject({
      error: 'invalid_target',
    });
    expect((await sut.authorize(request({ resource: `${ISSUER}/mcp` }))).kind).toBe('redirect');
  });

  it('refuses a malformed state, and leaves it out of the answer', async () => {
    const answer = await redirectedError(request({ state: ['a', 'b'] }));
    expect(answer).toMatchObject({ error: 'invalid_request' });
    expect(answer.state).toBeUndefined();
    expect(await redirectedError(request({ state: 'x'.repeat(2049) }))).not.toHaveProperty('state');
  });
});
