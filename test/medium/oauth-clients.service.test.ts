// The rules of OAuth client registration (RFC 7591) and lookup, on a real database: public clients
// only, redirect URIs bounded and limited to loopback, the service's own hosts, allowed AI-client
// domains and editor schemes, the grant and response types and scope supported, and which client_ids
// an authorization request may name.
import { OAuthClientsService, UntrustedClientError } from '../../backend/src/oauth/oauth-clients.service';
import { OAuthModule } from '../../backend/src/oauth/oauth.module';
import { createTestApp, servicesOf, type TestApp } from '../support/app';
import { REDIRECT_URI } from '../support/access-fixtures';

describe(OAuthClientsService.name, () => {
  let t: TestApp;
  let sut: OAuthClientsService;

  beforeAll(async () => {
    t = await createTestApp(
      { BASE_URL: 'https://status.acme.test', OAUTH_REDIRECT_DOMAINS: 'claude.ai', OAUTH_REDIRECT_SCHEMES: 'cursor' },
      [servicesOf(OAuthModule)],
    );
    sut = t.app.get(OAuthClientsService);
  });

  afterAll(() => t.close());

  const refused = (body: unknown, error: string, message?: RegExp) =>
    expect(sut.register(body)).rejects.toMatchObject({
      error,
      ...(message ? { description: expect.stringMatching(message) as unknown } : {}),
    });

  it('registers a public client and answers its client_id with the metadata accepted', async () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const answer = await sut.register({ redirect_uris: [REDIRECT_URI], client_name: ' Editor ', scope: 'read' }, now);
    expect(answer).toEqual({
      client_id: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/) as unknown,
      client_id_issued_at: now.getTime() / 1000,
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'Editor',
      scope: 'read',
    });
    expect(await sut.resolve(answer.client_id)).toEqual({
      clientId: answer.client_id,
      clientName: 'Editor',
      redirectUris: [REDIRECT_URI],
      kind: 'registered',
    });
  });

  it('registers public clients only: no client secret', async () => {
    await refused(
      { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_basic' },
      'invalid_client_metadata',
      /only public clients/,
    );
    await refused('not an object', 'invalid_client_metadata');
  });

  it('requires 1 to 10 redirect URIs', async () => {
    await refused({}, 'invalid_redirect_uri', /redirect_uris is required/);
    await refused({ redirect_uris: [] }, 'invalid_redirect_uri', /1 to 10/);
    const eleven = Array.from({ length: 11 }, (_, i) => `http://127.0.0.1/cb${i}`);
    await refused({ redirect_uris: eleven }, 'invalid_redirect_uri', /1 to 10/);
    await refused({ redirect_uris: 'http://127.0.0.1/cb' }, 'invalid_client_metadata', /array of strings/);
  });

  it('accepts redirect URIs on loopback, its own host, allowed domains and editor schemes only', async () => {
    for (const uri of [
      'http://localhost:8080/cb',
      'https://[::1]/cb',
      'https://status.acme.test/cb',
      'https://app.claude.ai/cb',
      'cursor://callback',
    ]) {
      await expect(sut.register({ redirect_uris: [uri] })).resolves.toMatchObject({ redirect_uris: [uri] });
    }
    await refused({ redirect_uris: ['http://client.example/cb'] }, 'invalid_redirect_uri', /^redirect_uris.0: http/);
    await refused(
      { redirect_uris: [REDIRECT_URI, 'https://evil.example/cb'] },
      'invalid_redirect_uri',
      /^redirect_uris.1: host evil.example is not allowed/,
    );
    await refused({ redirect_uris: ['https://notclaude.ai/cb'] }, 'invalid_redirect_uri');
    await refused({ redirect_uris: ['vscode://callback'] }, 'invalid_redirect_uri', /scheme vscode/);
    await refused({ redirect_uris: ['http://127.0.0.1/cb#frag'] }, 'invalid_redirect_uri', /fragment/);
    await refused({ redirect_uris: ['http://user:pw@127.0.0.1/cb'] }, 'invalid_redirect_uri', /credentials/);
  });

  it('supports the authorization code and refresh token grants, the code response type and read/write scopes', async () => {
    await refused({ redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] }, 'invalid_client_metadata');
    await refused({ redirect_uris: [REDIRECT_URI], response_types: ['token'] }, 'invalid_client_metadata');
    await refused({ redirect_uris: [REDIRECT_URI], scope: 'admin' }, 'invalid_client_metadata', /scope/);
    await expect(
      sut.register({ redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code'], scope: 'read write' }),
    ).resolves.toMatchObject({ grant_types: ['authorization_code'], scope: 'read write' });
  });

  it('bounds the client name: 256 characters on one line', async () => {
    await refused({ redirect_uris: [REDIRECT_URI], client_name: 'x'.repeat(257) }, 'invalid_client_metadata');
    await refused({ redirect_uris: [REDIRECT_URI], client_name: 'two\nlines' }, 'invalid_client_metadata');
    const unnamed = await sut.register({ redirect_uris: [REDIRECT_URI], client_name: '  ' });
    expect(unnamed.client_name).toBeUndefined();
    expect((await sut.resolve(unnamed.client_id)).clientName).toBe('Unnamed client');
  });

  it('trusts only registered clients and metadata documents it may fetch', async () => {
    await expect(sut.resolve('never-registered')).rejects.toThrow(UntrustedClientError);
    await expect(sut.resolve('x'.repeat(3000))).rejects.toThrow(UntrustedClientError);
    // Loopback documents are refused unless OAUTH_CIMD_ALLOW_LOOPBACK: no request is made.
    await expect(sut.resolve('http://127.0.0.1:9/client.json')).rejects.toThrow(UntrustedClientError);
  });

  it('lets the token endpoint serve registered clients and metadata document URLs only', async () => {
    const { client_id } = await sut.register({ redirect_uris: [REDIRECT_URI] });
    expect(await sut.exists(client_id)).toBe(true);
    expect(await sut.exists('https://client.example/meta.json')).toBe(true);
    expect(await sut.exists('never-registered')).toBe(false);
  });
});
