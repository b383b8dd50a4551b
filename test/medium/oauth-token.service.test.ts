// The rules of the token and revocation endpoints, on a real database: the code exchange with PKCE,
// its redirect URI, its 60 seconds and its single use (a replay revokes what the code gave); one live
// grant per client and person; refresh tokens rotated on every use, a reused one revoking the
// connection; 90 days of refresh; tokens kept as hashes; revocation of a whole grant by either token.
import { OAuthAccessTokenVerifier } from '../../backend/src/oauth/access-token.verifier';
import { CODE_LIFETIME_MS } from '../../backend/src/oauth/oauth-consent.service';
import { OAuthGrantsService } from '../../backend/src/oauth/oauth-grants.service';
import { OAuthModule } from '../../backend/src/oauth/oauth.module';
import {
  ACCESS_TOKEN_LIFETIME_S,
  OAuthTokenService,
  REFRESH_TOKEN_LIFETIME_MS,
} from '../../backend/src/oauth/oauth-token.service';
import { UsersService } from '../../backend/src/users/users.service';
import { createTestApp, installer, newWorkspace, servicesOf, type TestApp } from '../support/app';
import {
  approvedCode,
  auditOf,
  connectApp,
  newMember,
  pkce,
  REDIRECT_URI,
  registeredClient,
  type Person,
} from '../support/access-fixtures';
import { wholeDatabaseText } from '../support/rpc';

const ISSUER = 'https://status.acme.test';

describe(OAuthTokenService.name, () => {
  let t: TestApp;
  let sut: OAuthTokenService;
  let verifier: OAuthAccessTokenVerifier;

  beforeAll(async () => {
    t = await createTestApp({ BASE_URL: ISSUER }, [servicesOf(OAuthModule)]);
    sut = t.app.get(OAuthTokenService);
    verifier = t.app.get(OAuthAccessTokenVerifier);
  });

  afterAll(() => t.close());

  async function person(role: 'member' | 'viewer' = 'member'): Promise<Person> {
    return newMember(t, await newWorkspace(t), role);
  }

  /** A code and what its exchange needs. */
  async function codeFor(someone: Person, options: { now?: Date; scope?: 'read' | 'write' } = {}) {
    const clientId = await registeredClient(t);
    const challenge = pkce();
    const code = await approvedCode(t, someone, clientId, challenge, options);
    const body = {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: challenge.verifier,
    };
    return { clientId, code, body };
  }

  const refreshBody = (clientId: string, refreshToken: string) => ({
    grant_type: 'refresh_token',
    client_id: clientId,
    refresh_token: refreshToken,
  });

  const live = async (someone: Person) => (await t.app.get(OAuthGrantsService).list(someone.ctx)).map((g) => g.id);

  it('exchanges a code for an access token of an hour and a refresh token, kept only as hashes', async () => {
    const someone = await person();
    const { body } = await codeFor(someone, { scope: 'read' });
    const tokens = await sut.token(body);
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^svc_oat_/) as unknown,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      refresh_token: expect.stringMatching(/^svc_ort_/) as unknown,
      scope: 'read',
    });
    const everything = await wholeDatabaseText(t.db);
    expect(everything).not.toContain(tokens.access_token);
    expect(everything).not.toContain(tokens.refresh_token);
    expect(await verifier.verify(tokens.access_token, 'mcp')).toMatchObject({
      workspace: someone.ctx.workspace,
      actor: { type: 'oauth', userId: someone.userId },
      scope: 'read',
    });
  });

  it('audits the new grant, by the person who approved it, without a token', async () => {
    const someone = await person();
    const { tokens, grantId } = await connectApp(t, someone);
    const [entry] = await auditOf(t, someone.ctx, { entityType: 'oauth_grant', entityId: grantId });
    expect(entry).toMatchObject({ action: 'oauth_grant.create', actorId: `user_${someone.userId}` });
    expect(JSON.stringify(entry)).not.toContain(tokens.access_token.slice(8));
  });

  it('checks PKCE: the verifier must match the challenge and be well formed', async () => {
    const { body } = await codeFor(await person());
    await expect(sut.token({ ...body, code_verifier: pkce().verifier })).rejects.toMatchObject({
      error: 'invalid_grant',
      description: 'code_verifier does not match the code_challenge',
    });
    await expect(sut.token({ ...body, code_verifier: 'short' })).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(sut.token(body)).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it('requires the redirect URI of the authorization request, and the client the code was issued to', async () => {
    const { body } = await codeFor(await person());
    await expect(sut.token({ ...body, redirect_uri: 'http://127.0.0.1:9/callback' })).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const otherClient = await registeredClient(t);
    await expect(sut.token({ ...body, client_id: otherClient })).rejects.toMatchObject({
      error: 'invalid_grant',
      description: 'Unknown authorization code',
    });
  });

  it('lets a code live 60 seconds', async () => {
    const now = new Date();
    const { body } = await codeFor(await person(), { now });
    await expect(sut.token(body, new Date(now.getTime() + CODE_LIFETIME_MS))).rejects.toMatchObject({
      error: 'invalid_grant',
      description: 'The authorization code has expired',
    });
    await expect(sut.token(body, new Date(now.getTime() + CODE_LIFETIME_MS - 1))).resolves.toBeDefined();
  });

  it('revokes what a code gave when the code comes back (replay)', async () => {
    const someone = await person();
    const { body } = await codeFor(someone);
    const tokens = await sut.token(body);
    await expect(sut.token(body)).rejects.toMatchObject({
      error: 'invalid_grant',
      description: 'The authorization code was already used; the connection it created has been revoked',
    });
    await expect(verifier.verify(tokens.access_token, 'mcp')).rejects.toThrow('revoked');
    expect(await live(someone)).toEqual([]);
  });

  it('refuses the code of a person who left the workspace since approving', async () => {
    const someone = await person();
    const { body } = await codeFor(someone);
    await t.app.get(UsersService).removeMember({ ...installer, workspace: someone.ctx.workspace }, someone.userId);
    await expect(sut.token(body)).rejects.toMatchObject({
      error: 'invalid_grant',
      description: 'The approving user is no longer a member of the workspace',
    });
  });

  it('keeps one live grant per client and person: connecting again replaces the previous one', async () => {
    const someone = await person();
    const first = await connectApp(t, someone);
    const second = await connectApp(t, someone, { clientId: first.clientId });
    expect(await live(someone)).toEqual([second.grantId]);
    await expect(verifier.verify(first.tokens.access_token, 'mcp')).rejects.toThrow('revoked');
    const [entry] = await auditOf(t, someone.ctx, { entityType: 'oauth_grant', entityId: first.grantId });
    expect(entry.action).toBe('oauth_grant.delete');
  });

  it('rotates the refresh token on every use', async () => {
    const someone = await person();
    const { clientId, tokens } = await connectApp(t, someone);
    const next = await sut.token(refreshBody(clientId, tokens.refresh_token));
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.access_token).not.toBe(tokens.access_token);
    await expect(verifier.verify(next.access_token, 'mcp')).resolves.toBeDefined();
    await expect(sut.token(refreshBody(clientId, next.refresh_token))).resolves.toBeDefined();
  });

  it('revokes the connection when a rotated refresh token comes back (reuse)', async () => {
    const someone = await person();
    const { clientId, tokens } = await connectApp(t, someone);
    const next = await sut.token(refreshBody(clientId, tokens.refresh_token));
    await expect(sut.token(refreshBody(clientId, tokens.refresh_token))).rejects.toMatchObject({
      error: 'invalid_grant',
      description: 'The refresh token was already used; the connection has been revoked for safety',
    });
    await expect(verifier.verify(next.access_token, 'mcp')).rejects.toThrow('revoked');
    await expect(sut.token(refreshBody(clientId, next.refresh_token))).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await live(someone)).toEqual([]);
  });

  it('lets a refresh token live 90 days from its issue', async () => {
    const now = new Date();
    const someone = await person();
    const { clientId, tokens } = await connectApp(t, someone, { now });
    await expect(
      sut.token(refreshBody(clientId, tokens.refresh_token), new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS)),
    ).rejects.toMatchObject({ error: 'invalid_grant', description: 'The refresh token has expired' });
  });

  it('refreshes only for its own client and with the scope granted', async () => {
    const someone = await person();
    const { clientId, tokens } = await connectApp(t, someone, { scope: 'read' });
    const otherClient = await registeredClient(t);
    await expect(sut.token(refreshBody(otherClient, tokens.refresh_token))).rejects.toMatchObject({
      error: 'invalid_grant',
      description: 'Unknown refresh token',
    });
    await expect(
      sut.token({ ...refreshBody(clientId, tokens.refresh_token), scope: 'read write' }),
    ).rejects.toMatchObject({ error: 'invalid_scope' });
    await expect(sut.token({ ...refreshBody(clientId, tokens.refresh_token), scope: 'read' })).resolves.toMatchObject({
      scope: 'read',
    });
  });

  it('refuses unknown clients, grant types and resources, and malformed bodies', async () => {
    const { body, clientId } = await codeFor(await person());
    await expect(sut.token({ ...body, client_id: 'never-registered' })).rejects.toMatchObject({
      error: 'invalid_client',
    });
    await expect(sut.token({ ...body, grant_type: 'password' })).rejects.toMatchObject({
      error: 'unsupported_grant_type',
    });
    await expect(sut.token({ ...body, resource: 'https://other.example/mcp' })).rejects.toMatchObject({
      error: 'invalid_target',
    });
    await expect(sut.token({ ...body, code: ['a', 'b'] })).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(sut.token({ grant_type: 'refresh_token', client_id: clientId })).rejects.toMatchObject({
      error: 'invalid_request',
      description: 'refresh_token is required',
    });
    await expect(sut.token('grant_type=authorization_code')).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(sut.token({ ...body, resource: `${ISSUER}/mcp` })).resolves.toBeDefined();
  });

  it('revokes the whole grant with either token, audited', async () => {
    for (const which of ['access_token', 'refresh_token'] as const) {
      const someone = await person();
      const { clientId, tokens, grantId } = await connectApp(t, someone);
      await sut.revoke({ token: tokens[which], client_id: clientId });
      await expect(verifier.verify(tokens.access_token, 'mcp')).rejects.toThrow('revoked');
      await expect(sut.token(refreshBody(clientId, tokens.refresh_token))).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      const [entry] = await auditOf(t, someone.ctx, { entityType: 'oauth_grant', entityId: grantId });
      expect(entry).toMatchObject({ action: 'oauth_grant.delete', actorType: 'mcp', actorId: `oat_${grantId}` });
    }
  });

  it('answers a revocation of an unknown or revoked token as a success, and refuses another client', async () => {
    const someone = await person();
    const { clientId, tokens } = await connectApp(t, someone);
    await expect(sut.revoke({ token: 'svc_oat_unknown' })).resolves.toBeUndefined();
    const otherClient = await registeredClient(t);
    await expect(sut.revoke({ token: tokens.access_token, client_id: otherClient })).rejects.toMatchObject({
      error: 'unauthorized_client',
    });
    await expect(verifier.verify(tokens.access_token, 'mcp')).resolves.toBeDefined();
    await sut.revoke({ token: tokens.access_token, client_id: clientId });
    await expect(sut.revoke({ token: tokens.access_token, client_id: otherClient })).resolves.toBeUndefined();
  });
});
