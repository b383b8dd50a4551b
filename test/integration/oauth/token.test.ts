// POST /oauth/token and /oauth/revoke over HTTP, the tokens on /mcp, and the connected-apps verbs:
// code exchange, refresh rotation, the replay and reuse attacks, revocation and workspace isolation.
import { LastUsedRecorder } from '../../../backend/src/api-keys/last-used.recorder';
import { NotFoundError } from '../../../backend/src/common/errors';
import type { ServiceContext } from '../../../backend/src/common/context';
import { OAuthConsentService } from '../../../backend/src/oauth/oauth-consent.service';
import { OAuthGrantsRepository } from '../../../backend/src/oauth/oauth-grants.repository';
import { OAuthGrantsService } from '../../../backend/src/oauth/oauth-grants.service';
import { UsersService } from '../../../backend/src/users/users.service';
import { newTenant, type HttpTestApp, type Tenant } from '../../support/http-app';
import {
  authorize,
  authorizationParams,
  authorizedCode,
  consentRequestOf,
  connect,
  LOOPBACK_REDIRECT,
  mcpStatus,
  pkce,
  registeredClient,
  startOAuthApp,
  tokenRequest,
  type Tokens,
} from '../../support/oauth-client';

describe('OAuth token endpoint', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    t = await startOAuthApp();
    tenant = await newTenant(t);
    other = await newTenant(t);
  });

  afterAll(async () => {
    await t.close();
  });

  async function oauthError(response: Response, status = 400): Promise<{ error: string; error_description: string }> {
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { error: string; error_description: string };
    expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
    return body;
  }

  const refresh = (clientId: string, refreshToken: string) =>
    tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });

  const liveGrants = async (clientId: string) =>
    t.db.rows<{ id: string; scope: string; workspace_id: string }>(
      `SELECT id::text AS id, scope, workspace_id::text AS workspace_id FROM oauth_grants
       WHERE client_id = $1 AND revoked_at IS NULL`,
      [clientId],
    );

  const auditActions = async (grantId: string) =>
    (
      await t.db.rows<{ action: string }>(
        `SELECT action FROM audit_logs WHERE entity_type = 'oauth_grant' AND entity_id = $1 ORDER BY id`,
        [grantId],
      )
    ).map((r) => r.action);

  it('exchanges a code for tokens that work on /mcp, form-encoded', async () => {
    const clientId = await registeredClient(t);
    const { code, pkce: pair } = await authorizedCode(t, tenant, { clientId, scope: 'read write' });
    const response = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: LOOPBACK_REDIRECT,
      code_verifier: pair.verifier,
      client_id: clientId,
      resource: `${t.baseUrl}/mcp`,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    const tokens = (await response.json()) as Tokens;
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^svc_oat_[A-Za-z0-9]{43}$/) as unknown,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^svc_ort_[A-Za-z0-9]{43}$/) as unknown,
      scope: 'read write',
    });
    expect(await mcpStatus(t, tokens.access_token)).toBe(200);
    const [grant] = await liveGrants(clientId);
    expect(grant).toEqual({ id: expect.any(String) as unknown, scope: 'write', workspace_id: tenant.ctx.workspace.id });
    // Stored only as hashes.
    const stored = await t.db.rows<{ token_hash: string }>(`SELECT token_hash FROM oauth_tokens WHERE grant_id = $1`, [
      grant.id,
    ]);
    expect(stored).toHaveLength(2);
    for (const { token_hash } of stored) {
      expect([tokens.access_token, tokens.refresh_token]).not.toContain(token_hash);
    }
    const [audit] = await t.db.rows<{ actor_type: string; actor_user_id: string; after: Record<string, unknown> }>(
      `SELECT actor_type, actor_user_id::text AS actor_user_id, after FROM audit_logs
       WHERE action = 'oauth_grant.create' AND entity_id = $1`,
      [grant.id],
    );
    expect(audit).toMatchObject({ actor_type: 'user', actor_user_id: tenant.userId });
    expect(JSON.stringify(audit.after)).not.toMatch(/svc_o/);
  });

  it('exchanges a code sent as JSON', async () => {
    const clientId = await registeredClient(t);
    const { code, pkce: pair } = await authorizedCode(t, tenant, { clientId });
    const response = await tokenRequest(
      t,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: LOOPBACK_REDIRECT,
        code_verifier: pair.verifier,
        client_id: clientId,
      },
      'json',
    );
    expect(response.status).toBe(200);
  });

  it('binds the token to the one workspace and the scope approved (downgraded to read)', async () => {
    const { tokens } = await connect(t, other, { grantScope: 'read' });
    expect(tokens.scope).toBe('read');
    const response = await fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_monitors', arguments: {} },
      }),
    });
    expect(response.status).toBe(200);
    // The other tenant's workspace: nothing of `tenant` is reachable through this grant.
    const grants = await t.db.rows<{ workspace_id: string }>(
      `SELECT g.workspace_id::text AS workspace_id FROM oauth_tokens k JOIN oauth_grants g ON g.id = k.grant_id
       WHERE k.token_hash = encode(sha256($1::bytea), 'hex')`,
      [tokens.access_token],
    );
    expect(grants).toEqual([{ workspace_id: other.ctx.workspace.id }]);
  });

  describe('refuses code exchanges', () => {
    let clientId: string;

    beforeAll(async () => {
      clientId = await registeredClient(t);
    });

    const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
      tokenRequest(t, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: LOOPBACK_REDIRECT,
        code_verifier: verifier,
        client_id: clientId,
        ...extra,
      });

    it('with the wrong PKCE verifier', async () => {
      const { code } = await authorizedCode(t, tenant, { clientId });
      const body = await oauthError(await exchange(code, pkce().verifier));
      expect(body).toEqual({
        error: 'invalid_grant',
        error_description: 'code_verifier does not match the code_challenge',
      });
    });

    it('without a verifier, or with a malformed one', async () => {
      const { code, pkce: pair } = await authorizedCode(t, tenant, { clientId });
      expect((await oauthError(await exchange(code, ''))).error).toBe('invalid_request');
      expect((await oauthError(await exchange(code, 'short'))).error).toBe('invalid_request');
      // The refusals did not use the code up.
      expect((await exchange(code, pair.verifier)).status).toBe(200);
    });

    it('for another redirect URI or another client', async () => {
      const { code, pkce: pair } = await authorizedCode(t, tenant, { clientId });
      expect(
        (await oauthError(await exchange(code, pair.verifier, { redirect_uri: 'http://127.0.0.1:9/callback' }))).error,
      ).toBe('invalid_grant');
      const thief = await registeredClient(t);
      expect((await oauthError(await exchange(code, pair.verifier, { client_id: thief }))).error).toBe('invalid_grant');
    });

    it('of a code older than 60 seconds', async () => {
      const pair = pkce();
      const requestId = consentRequestOf(t, await authorize(t, authorizationParams({ clientId, pkce: pair })));
      // Approved 61 s ago: the code's life is counted from the approval.
      const callback = new URL(
        await t.app
          .get(OAuthConsentService)
          .approve(
            requestId,
            { userId: tenant.userId, workspaceId: tenant.ctx.workspace.id, scope: 'write' },
            new Date(Date.now() - 61_000),
          ),
      );
      const body = await oauthError(await exchange(callback.searchParams.get('code')!, pair.verifier));
      expect(body).toEqual({ error: 'invalid_grant', error_description: 'The authorization code has expired' });
    });

    it('for another resource (RFC 8707)', async () => {
      const { code, pkce: pair } = await authorizedCode(t, tenant, { clientId });
      const body = await oauthError(await exchange(code, pair.verifier, { resource: 'https://other.example/mcp' }));
      expect(body.error).toBe('invalid_target');
    });

    it('of a replayed code, and revokes the grant it created', async () => {
      const replayClient = await registeredClient(t);
      const { code, pkce: pair } = await authorizedCode(t, tenant, { clientId: replayClient });
      const params = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: LOOPBACK_REDIRECT,
        code_verifier: pair.verifier,
        client_id: replayClient,
      };
      const first = (await (await tokenRequest(t, params)).json()) as Tokens;
      expect(await mcpStatus(t, first.access_token)).toBe(200);
      const [grant] = await liveGrants(replayClient);
      const body = await oauthError(await tokenRequest(t, params));
      expect(body.error).toBe('invalid_grant');
      expect(body.error_description).toMatch(/already used/);
      expect(await liveGrants(replayClient)).toEqual([]);
      expect(await mcpStatus(t, first.access_token)).toBe(401);
      expect((await oauthError(await refresh(replayClient, first.refresh_token))).error).toBe('invalid_grant');
      expect(await auditActions(grant.id)).toEqual(['oauth_grant.create', 'oauth_grant.delete']);
    });

    it('of an unknown code, an unknown client, an unknown grant type and missing parameters', async () => {
      expect((await oauthError(await exchange('made-up', pkce().verifier))).error).toBe('invalid_grant');
      const unknownClient = await tokenRequest(t, { grant_type: 'authorization_code', code: 'x', client_id: 'nobody' });
      expect((await oauthError(unknownClient, 401)).error).toBe('invalid_client');
      const grantType = await tokenRequest(t, { grant_type: 'password', client_id: clientId });
      expect((await oauthError(grantType)).error).toBe('unsupported_grant_type');
      const missing = await tokenRequest(t, { client_id: clientId });
      expect(await oauthError(missing)).toEqual({
        error: 'invalid_request',
        error_description: 'grant_type is required',
      });
    });

    it('of bodies that are neither form nor JSON, malformed, or repeat a parameter', async () => {
      const text = await fetch(`${t.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'grant_type=authorization_code',
      });
      expect((await oauthError(text)).error).toBe('invalid_request');
      const multipart = new FormData();
      multipart.set('grant_type', 'authorization_code');
      const form = await fetch(`${t.baseUrl}/oauth/token`, { method: 'POST', body: multipart });
      expect((await oauthError(form)).error).toBe('invalid_request');
      const json = await fetch(`${t.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"grant_type":',
      });
      expect((await oauthError(json)).error).toBe('invalid_request');
      const twice = await fetch(`${t.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=refresh_token&grant_type=authorization_code&client_id=${clientId}`,
      });
      expect(await oauthError(twice)).toEqual({
        error: 'invalid_request',
        error_description: 'grant_type must be given once, as a string',
      });
      const nul = await tokenRequest(t, {
        grant_type: 'refresh_token',
        client_id: clientId,
        refresh_token: 'a\u0000b',
      });
      expect((await oauthError(nul)).error).toBe('invalid_request');
    });
  });

  describe('refresh', () => {
    it('rotates the refresh token on every use; the old access token keeps working until it expires', async () => {
      const { clientId, tokens } = await connect(t, tenant);
      const second = await refresh(clientId, tokens.refresh_token);
      expect(second.status).toBe(200);
      const rotated = (await second.json()) as Tokens;
      expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
      expect(rotated.access_token).not.toBe(tokens.access_token);
      expect(rotated.scope).toBe('read write');
      expect(await mcpStatus(t, rotated.access_token)).toBe(200);
      const third = await refresh(clientId, rotated.refresh_token);
      expect(third.status).toBe(200);
      const [expiry] = await t.db.rows<{ days: number }>(
        `SELECT round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM oauth_tokens
         WHERE token_hash = encode(sha256($1::bytea), 'hex')`,
        [((await third.json()) as Tokens).refresh_token],
      );
      expect(expiry).toEqual({ days: 90 });
    });

    it('revokes the grant when a rotated refresh token comes back', async () => {
      const { clientId, tokens } = await connect(t, tenant);
      const rotated = (await (await refresh(clientId, tokens.refresh_token)).json()) as Tokens;
      const [grant] = await liveGrants(clientId);
      const reuse = await oauthError(await refresh(clientId, tokens.refresh_token));
      expect(reuse.error).toBe('invalid_grant');
      expect(reuse.error_description).toMatch(/already used/);
      expect(await liveGrants(clientId)).toEqual([]);
      // Every token of the grant is dead, the newest included.
      expect(await mcpStatus(t, rotated.access_token)).toBe(401);
      expect((await oauthError(await refresh(clientId, rotated.refresh_token))).error).toBe('invalid_grant');
      expect(await auditActions(grant.id)).toEqual(['oauth_grant.create', 'oauth_grant.delete']);
    });

    it('refuses a refresh token of another client, an access token, and another scope', async () => {
      const { clientId, tokens } = await connect(t, tenant, { grantScope: 'read' });
      const thief = await registeredClient(t);
      expect((await oauthError(await refresh(thief, tokens.refresh_token))).error).toBe('invalid_grant');
      expect((await oauthError(await refresh(clientId, tokens.access_token))).error).toBe('invalid_grant');
      const wider = await tokenRequest(t, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: clientId,
        scope: 'write',
      });
      expect((await oauthError(wider)).error).toBe('invalid_scope');
      // None of those refusals used the token up or revoked the grant.
      expect((await refresh(clientId, tokens.refresh_token)).status).toBe(200);
    });
  });

  describe('one live grant per client and user', () => {
    it('replaces the previous grant when the user connects the same client again', async () => {
      const { clientId, tokens: first } = await connect(t, tenant);
      const [previous] = await liveGrants(clientId);
      const { tokens: second } = await connect(t, tenant, { clientId, grantScope: 'read' });
      const live = await liveGrants(clientId);
      expect(live).toHaveLength(1);
      expect(live[0].id).not.toBe(previous.id);
      expect(live[0].scope).toBe('read');
      expect(await mcpStatus(t, first.access_token)).toBe(401);
      expect(await mcpStatus(t, second.access_token)).toBe(200);
      expect(await auditActions(previous.id)).toEqual(['oauth_grant.create', 'oauth_grant.delete']);
    });
  });

  it('keeps one live grant when two codes of the same client and user are exchanged at once', async () => {
    const clientId = await registeredClient(t);
    const codes = [await authorizedCode(t, tenant, { clientId }), await authorizedCode(t, tenant, { clientId })];
    const answers = await Promise.all(
      codes.map(({ code, pkce: pair }) =>
        tokenRequest(t, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: LOOPBACK_REDIRECT,
          code_verifier: pair.verifier,
          client_id: clientId,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await liveGrants(clientId)).toHaveLength(1);
  });

  describe('revocation (RFC 7009)', () => {
    const revoke = (params: Record<string, string>) =>
      fetch(`${t.baseUrl}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      });

    it('revokes the whole grant with its refresh token', async () => {
      const { clientId, tokens } = await connect(t, tenant);
      const [grant] = await liveGrants(clientId);
      const response = await revoke({
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: clientId,
      });
      expect(response.status).toBe(200);
      expect(await mcpStatus(t, tokens.access_token)).toBe(401);
      expect(await liveGrants(clientId)).toEqual([]);
      const [audit] = await t.db.rows<{ actor_type: string; actor_id: string; actor_user_id: string }>(
        `SELECT actor_type, actor_id, actor_user_id::text AS actor_user_id FROM audit_logs
         WHERE action = 'oauth_grant.delete' AND entity_id = $1`,
        [grant.id],
      );
      expect(audit).toEqual({ actor_type: 'mcp', actor_id: `oat_${grant.id}`, actor_user_id: tenant.userId });
    });

    it('revokes the whole grant with its access token', async () => {
      const { clientId, tokens } = await connect(t, tenant);
      expect((await revoke({ token: tokens.access_token })).status).toBe(200);
      expect(await mcpStatus(t, tokens.access_token)).toBe(401);
      expect((await oauthError(await refresh(clientId, tokens.refresh_token))).error).toBe('invalid_grant');
    });

    it('answers 200 for unknown and already revoked tokens, and refuses another client', async () => {
      expect((await revoke({ token: 'svc_oat_unknown' })).status).toBe(200);
      const { clientId, tokens } = await connect(t, tenant);
      const thief = await registeredClient(t);
      expect((await oauthError(await revoke({ token: tokens.access_token, client_id: thief }))).error).toBe(
        'unauthorized_client',
      );
      expect(await mcpStatus(t, tokens.access_token)).toBe(200);
      expect((await revoke({ token: tokens.access_token, client_id: clientId })).status).toBe(200);
      expect((await revoke({ token: tokens.access_token, client_id: clientId })).status).toBe(200);
      expect((await oauthError(await revoke({}))).error).toBe('invalid_request');
    });
  });

  describe('connected apps (the dashboard verbs)', () => {
    async function memberOf(owner: Tenant, role: 'admin' | 'member', email: string) {
      const { user } = await t.app.get(UsersService).addMember(owner.ctx, { email, role });
      const ctx: ServiceContext = {
        ...owner.ctx,
        actor: { type: 'user', userId: user.id },
        scope: 'write',
        via: 'dashboard',
      };
      return { user, ctx, tenant: { ...owner, userId: user.id } };
    }

    it('lists the live grants of the workspace, newest first, with who connected them', async () => {
      const team = await newTenant(t);
      const { clientId: firstClient } = await connect(t, team, { grantScope: 'read' });
      const { clientId: secondClient } = await connect(t, team);
      const ownerCtx: ServiceContext = { ...team.ctx, actor: { type: 'user', userId: team.userId }, via: 'dashboard' };
      const apps = await t.app.get(OAuthGrantsService).list(ownerCtx);
      expect(apps.map((a) => [a.clientId, a.scope])).toEqual([
        [secondClient, 'write'],
        [firstClient, 'read'],
      ]);
      expect(apps[0]).toMatchObject({
        clientName: 'Test client',
        userId: team.userId,
        userEmail: expect.stringContaining('@') as unknown,
      });
      expect(apps[0].createdAt).toBeInstanceOf(Date);
      expect(apps[0].lastUsedAt).toBeNull();
    });

    it('records when a connection was last used (batched by the recorder)', async () => {
      const team = await newTenant(t);
      const { tokens } = await connect(t, team);
      expect(await mcpStatus(t, tokens.access_token)).toBe(200);
      expect(await mcpStatus(t, tokens.access_token)).toBe(200);
      // The recorder batches uses and writes at most once a minute per grant; flush what is pending.
      await t.app.get(LastUsedRecorder).flush();
      const ownerCtx: ServiceContext = { ...team.ctx, actor: { type: 'user', userId: team.userId }, via: 'dashboard' };
      const [app] = await t.app.get(OAuthGrantsService).list(ownerCtx);
      expect(app.lastUsedAt).toBeInstanceOf(Date);
    });

    it('lets members revoke their own connections, owners and admins any', async () => {
      const team = await newTenant(t);
      const member = await memberOf(team, 'member', `member-${Date.now()}@example.com`);
      const admin = await memberOf(team, 'admin', `admin-${Date.now()}@example.com`);
      const grants = t.app.get(OAuthGrantsService);
      const { tokens: ownerTokens, clientId: ownerClient } = await connect(t, team);
      const { tokens: memberTokens, clientId: memberClient } = await connect(t, member.tenant);
      const [ownerGrant] = await liveGrants(ownerClient);
      const [memberGrant] = await liveGrants(memberClient);

      await expect(grants.revoke(member.ctx, 'member', ownerGrant.id)).rejects.toThrow(NotFoundError);
      expect(await mcpStatus(t, ownerTokens.access_token)).toBe(200);
      await grants.revoke(member.ctx, 'member', memberGrant.id);
      expect(await mcpStatus(t, memberTokens.access_token)).toBe(401);
      await grants.revoke(admin.ctx, 'admin', ownerGrant.id);
      expect(await mcpStatus(t, ownerTokens.access_token)).toBe(401);
      const [audit] = await t.db.rows<{ actor_user_id: string; via: string }>(
        `SELECT actor_user_id::text AS actor_user_id, via FROM audit_logs WHERE action = 'oauth_grant.delete' AND entity_id = $1`,
        [ownerGrant.id],
      );
      expect(audit).toEqual({ actor_user_id: admin.user.id, via: 'dashboard' });
      // Another workspace's grant is not found from this one.
      const { clientId: foreignClient } = await connect(t, other);
      const [foreign] = await liveGrants(foreignClient);
      await expect(grants.revoke(admin.ctx, 'admin', foreign.id)).rejects.toThrow(NotFoundError);
      await expect(grants.revoke(admin.ctx, 'admin', 'not-an-id')).rejects.toThrow(NotFoundError);
    });

    it('revokes every connection of a member in a workspace (member removal)', async () => {
      const team = await newTenant(t);
      const { tokens } = await connect(t, team);
      const revoked = await t.app
        .get(OAuthGrantsRepository)
        .revokeLiveForMember(team.ctx.workspace.id, team.userId, new Date());
      expect(revoked).toHaveLength(1);
      expect(revoked[0].revokedAt).toBeInstanceOf(Date);
      expect(await mcpStatus(t, tokens.access_token)).toBe(401);
    });
  });
});
