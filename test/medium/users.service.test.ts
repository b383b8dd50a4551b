// The rules of members and passwords, on a real database: who may add, change and remove members,
// that owners are made by owners and the last one stays, that leaving revokes one's connected apps, and
// that passwords are stored hashed, bounded, never audited, and checked with one answer for every failure.
import { OAuthAccessTokenVerifier } from '../../backend/src/oauth/access-token.verifier';
import {
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  UnauthorizedError,
} from '../../backend/src/common/errors';
import { OAuthModule } from '../../backend/src/oauth/oauth.module';
import { SIGN_IN_FAILED, UsersService } from '../../backend/src/users/users.service';
import { createTestApp, installer, newWorkspace, servicesOf, type TestApp } from '../support/app';
import { auditOf, connectApp, newMember, PASSWORD } from '../support/access-fixtures';
import { wholeDatabaseText } from '../support/rpc';

describe(UsersService.name, () => {
  let t: TestApp;
  let sut: UsersService;

  beforeAll(async () => {
    t = await createTestApp({}, [servicesOf(OAuthModule)]);
    sut = t.app.get(UsersService);
  });

  afterAll(() => t.close());

  const roleOf = async (ctx: Parameters<UsersService['listMembers']>[0], userId: string) =>
    (await sut.listMembers(ctx)).find((m) => m.userId === userId)?.role ?? null;

  it('adds a new e-mail as a new user, lower-cased, and audits the membership', async () => {
    const ctx = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    const { user, membership } = await sut.addMember(owner.ctx, { email: ' New.Person@Example.com ', role: 'member' });
    expect(user.email).toBe('new.person@example.com');
    expect(membership.role).toBe('member');
    const [entry] = await auditOf(t, ctx, { entityType: 'membership', entityId: user.id });
    expect(entry).toMatchObject({
      action: 'membership.create',
      before: null,
      after: { userId: user.id, email: 'new.person@example.com', role: 'member' },
    });
  });

  it('changes the role of an existing member, audited with before and after', async () => {
    const ctx = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    const person = await newMember(t, ctx, 'viewer');
    await sut.addMember(owner.ctx, { email: person.email, role: 'admin' });
    expect(await roleOf(ctx, person.userId)).toBe('admin');
    const [entry] = await auditOf(t, ctx, { entityType: 'membership', entityId: person.userId });
    expect(entry).toMatchObject({ action: 'membership.update', before: { role: 'viewer' }, after: { role: 'admin' } });
  });

  it('lets only owners and admins add members', async () => {
    const ctx = await newWorkspace(t);
    const member = await newMember(t, ctx, 'member');
    const viewer = await newMember(t, ctx, 'viewer');
    const admin = await newMember(t, ctx, 'admin');
    await expect(sut.addMember(member.ctx, { email: 'a@example.com', role: 'viewer' })).rejects.toThrow(ForbiddenError);
    await expect(sut.addMember(viewer.ctx, { email: 'a@example.com', role: 'viewer' })).rejects.toThrow(ForbiddenError);
    await expect(sut.addMember(admin.ctx, { email: 'a@example.com', role: 'member' })).resolves.toBeDefined();
  });

  it('answers NOT_FOUND to a person who is not a member of the workspace', async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const stranger = await newMember(t, other, 'owner');
    const inCtx = { ...stranger.ctx, workspace: ctx.workspace };
    await expect(sut.addMember(inCtx, { email: 'a@example.com', role: 'member' })).rejects.toThrow(NotFoundError);
    await expect(sut.requireRole(inCtx, ['owner'])).rejects.toThrow(NotFoundError);
  });

  it('leaves members to people: an API key manages none', async () => {
    const ctx = await newWorkspace(t);
    const keyCtx = { ...ctx, actor: { type: 'api_key' as const, keyId: '1', userId: null } };
    await expect(sut.addMember(keyCtx, { email: 'a@example.com', role: 'member' })).rejects.toThrow(
      'Members are managed by people signed in to the dashboard',
    );
  });

  it('lets only an owner make an owner or change one', async () => {
    const ctx = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    const admin = await newMember(t, ctx, 'admin');
    const member = await newMember(t, ctx, 'member');
    await expect(sut.addMember(admin.ctx, { email: member.email, role: 'owner' })).rejects.toThrow(
      'Only an owner may make or change an owner',
    );
    await expect(sut.addMember(admin.ctx, { email: owner.email, role: 'member' })).rejects.toThrow(ForbiddenError);
    await sut.addMember(owner.ctx, { email: member.email, role: 'owner' });
    expect(await roleOf(ctx, member.userId)).toBe('owner');
  });

  it('keeps the last owner: not demoted, not removed, not leaving', async () => {
    const ctx = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    await expect(sut.addMember(owner.ctx, { email: owner.email, role: 'admin' })).rejects.toThrow(
      PreconditionFailedError,
    );
    await expect(sut.removeMember(owner.ctx, owner.userId)).rejects.toThrow('A workspace must keep at least one owner');
    await expect(sut.removeMember({ ...installer, workspace: ctx.workspace }, owner.userId)).rejects.toThrow(
      PreconditionFailedError,
    );
    expect(await roleOf(ctx, owner.userId)).toBe('owner');
    // With a second owner, the first may step down.
    const second = await newMember(t, ctx, 'owner');
    await sut.addMember(second.ctx, { email: owner.email, role: 'admin' });
    expect(await roleOf(ctx, owner.userId)).toBe('admin');
  });

  it('lets anyone leave, and only owners and admins remove others; only an owner removes an owner', async () => {
    const ctx = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    await newMember(t, ctx, 'owner');
    const admin = await newMember(t, ctx, 'admin');
    const member = await newMember(t, ctx, 'member');
    const viewer = await newMember(t, ctx, 'viewer');
    await expect(sut.removeMember(member.ctx, viewer.userId)).rejects.toThrow(ForbiddenError);
    await expect(sut.removeMember(admin.ctx, owner.userId)).rejects.toThrow('Only an owner may remove an owner');
    await sut.removeMember(member.ctx, member.userId);
    await sut.removeMember(admin.ctx, viewer.userId);
    await sut.removeMember(owner.ctx, admin.userId);
    expect((await sut.listMembers(ctx)).map((m) => m.role).sort()).toEqual(['owner', 'owner']);
    const removed = (await auditOf(t, ctx, { entityType: 'membership' })).filter(
      (e) => e.action === 'membership.delete',
    );
    expect(removed).toHaveLength(3);
  });

  it('answers NOT_FOUND for removing someone who is not a member here', async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    const elsewhere = await newMember(t, other, 'member');
    await expect(sut.removeMember(owner.ctx, elsewhere.userId)).rejects.toThrow(NotFoundError);
    await expect(sut.removeMember(owner.ctx, 'nobody')).rejects.toThrow(NotFoundError);
    expect(await roleOf(other, elsewhere.userId)).toBe('member');
  });

  it("revokes a removed member's connected apps in the workspace, audited, and their tokens stop", async () => {
    const ctx = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    const member = await newMember(t, ctx, 'member');
    const connection = await connectApp(t, member);
    const verifier = t.app.get(OAuthAccessTokenVerifier);
    await verifier.verify(connection.tokens.access_token, 'mcp');
    await sut.removeMember(owner.ctx, member.userId);
    await expect(verifier.verify(connection.tokens.access_token, 'mcp')).rejects.toThrow(UnauthorizedError);
    const [entry] = await auditOf(t, ctx, { entityType: 'oauth_grant', entityId: connection.grantId });
    expect(entry).toMatchObject({ action: 'oauth_grant.delete', before: { revokedAt: null } });
  });

  it('bounds a password, naming the field and the bound', async () => {
    const ctx = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member', { password: null });
    await expect(sut.setPassword(installer, person.userId, { password: 'short' })).rejects.toThrow(
      'password: must be at least 12 characters',
    );
    await expect(sut.setPassword(installer, person.userId, { password: 'x'.repeat(257) })).rejects.toThrow(
      'password: must be at most 256 characters',
    );
    await expect(sut.setPassword(installer, person.userId, { password: 'twelve chars\nmore' })).rejects.toThrow(
      /password: /,
    );
    await expect(sut.verifyPassword(person.email, 'twelve chars\nmore')).rejects.toThrow(UnauthorizedError);
  });

  it('stores a password only as a hash and audits the change in each workspace without it', async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member', { password: null });
    await sut.addMember({ ...installer, workspace: other.workspace }, { email: person.email, role: 'viewer' });
    const password = 'a new pass phrase 0123';
    await sut.setPassword(installer, person.userId, { password });
    const everything = await wholeDatabaseText(t.db);
    expect(everything).not.toContain(password);
    const user = await sut.findById(person.userId);
    for (const workspace of [ctx, other]) {
      const [entry] = await auditOf(t, workspace, { entityType: 'user', entityId: person.userId });
      expect(entry).toMatchObject({ action: 'user.update', before: { canSignIn: false }, after: { canSignIn: true } });
      expect(JSON.stringify(entry)).not.toContain(user.passwordHash!);
    }
  });

  it('verifies a password with the e-mail in any case, and one answer for every failure', async () => {
    const ctx = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member');
    const without = await newMember(t, ctx, 'member', { password: null });
    await expect(sut.verifyPassword(` ${person.email.toUpperCase()} `, PASSWORD)).resolves.toMatchObject({
      id: person.userId,
    });
    for (const [email, password] of [
      [person.email, `${PASSWORD}!`],
      ['nobody@example.com', PASSWORD],
      [without.email, PASSWORD],
      [without.email, ''],
    ]) {
      await expect(sut.verifyPassword(email, password)).rejects.toThrow(new UnauthorizedError(SIGN_IN_FAILED));
    }
  });
});
