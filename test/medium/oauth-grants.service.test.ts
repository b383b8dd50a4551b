// The rules of connected apps, on a real database: a workspace lists its own live grants; a member
// revokes their own, owners and admins any, and nobody learns of another's (NOT_FOUND); every
// revocation ends all the grant's tokens at once and is audited once, in the grant's workspace.
import { NotFoundError } from '../../backend/src/common/errors';
import { OAuthAccessTokenVerifier } from '../../backend/src/oauth/access-token.verifier';
import { OAuthGrantsService } from '../../backend/src/oauth/oauth-grants.service';
import { OAuthModule } from '../../backend/src/oauth/oauth.module';
import { createTestApp, installer, newWorkspace, servicesOf, type TestApp } from '../support/app';
import { auditOf, connectApp, newMember } from '../support/access-fixtures';

describe(OAuthGrantsService.name, () => {
  let t: TestApp;
  let sut: OAuthGrantsService;
  let verifier: OAuthAccessTokenVerifier;

  beforeAll(async () => {
    t = await createTestApp({}, [servicesOf(OAuthModule)]);
    sut = t.app.get(OAuthGrantsService);
    verifier = t.app.get(OAuthAccessTokenVerifier);
  });

  afterAll(() => t.close());

  it("lists the workspace's live grants only, newest first, with who approved them", async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member');
    const stranger = await newMember(t, other, 'member');
    const older = await connectApp(t, person);
    const newer = await connectApp(t, person, { scope: 'read' });
    const gone = await connectApp(t, person);
    await connectApp(t, stranger);
    await sut.revokeGrants(installer, [gone.grantId]);
    expect(await sut.list(ctx)).toEqual([
      expect.objectContaining({ id: newer.grantId, scope: 'read', userId: person.userId, userEmail: person.email }),
      expect.objectContaining({ id: older.grantId, scope: 'write', clientName: 'Editor' }),
    ]);
  });

  it('lets a member revoke their own connection and nobody else’s, which stays unknown to them', async () => {
    const ctx = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member');
    const colleague = await newMember(t, ctx, 'member');
    const mine = await connectApp(t, person);
    const theirs = await connectApp(t, colleague);
    await expect(sut.revoke(person.ctx, 'member', theirs.grantId)).rejects.toThrow(
      NotFoundError.of('connected app', theirs.grantId),
    );
    await sut.revoke(person.ctx, 'member', mine.grantId);
    expect((await sut.list(ctx)).map((g) => g.id)).toEqual([theirs.grantId]);
  });

  it('lets owners and admins revoke any connection of the workspace', async () => {
    const ctx = await newWorkspace(t);
    const admin = await newMember(t, ctx, 'admin');
    const owner = await newMember(t, ctx, 'owner');
    const person = await newMember(t, ctx, 'member');
    const first = await connectApp(t, person);
    const second = await connectApp(t, person);
    await sut.revoke(admin.ctx, 'admin', first.grantId);
    await sut.revoke(owner.ctx, 'owner', second.grantId);
    expect(await sut.list(ctx)).toEqual([]);
  });

  it('answers NOT_FOUND for a connection of another workspace, which stays live', async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    const stranger = await newMember(t, other, 'member');
    const theirs = await connectApp(t, stranger);
    await expect(sut.revoke(owner.ctx, 'owner', theirs.grantId)).rejects.toThrow(NotFoundError);
    await expect(sut.revoke(owner.ctx, 'owner', 'not-an-id')).rejects.toThrow(NotFoundError);
    await expect(verifier.verify(theirs.tokens.access_token, 'mcp')).resolves.toBeDefined();
  });

  it('ends every token of a revoked grant at once, even one this node has cached', async () => {
    const ctx = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member');
    const connection = await connectApp(t, person);
    await verifier.verify(connection.tokens.access_token, 'mcp');
    await sut.revoke(person.ctx, 'member', connection.grantId);
    await expect(verifier.verify(connection.tokens.access_token, 'mcp')).rejects.toThrow(
      'This access token has been revoked',
    );
  });

  it('audits a revocation once, in the grant’s workspace, with before and after and no token', async () => {
    const ctx = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member');
    const connection = await connectApp(t, person);
    const revoked = await sut.revokeGrants(installer, [connection.grantId]);
    expect(revoked.map((g) => g.id)).toEqual([connection.grantId]);
    expect(await sut.revokeGrants(installer, [connection.grantId])).toEqual([]);
    const entries = (await auditOf(t, ctx, { entityType: 'oauth_grant', entityId: connection.grantId })).filter(
      (e) => e.action === 'oauth_grant.delete',
    );
    expect(entries).toEqual([
      expect.objectContaining({
        actorType: 'system',
        before: expect.objectContaining({ revokedAt: null, scope: 'write' }) as unknown,
        after: expect.objectContaining({ revokedAt: expect.any(String) as unknown }) as unknown,
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain(connection.tokens.refresh_token.slice(8));
  });
});
