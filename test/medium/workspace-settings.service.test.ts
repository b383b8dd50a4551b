// The rules of a workspace's settings pages, on a real database: every member sees the API keys and
// connected apps, strangers nothing (NOT_FOUND); owners and admins create and revoke keys, which
// remember who made them; connected apps are revoked by their owner or by an owner or admin, with the
// role read from the membership.
import { ForbiddenError, NotFoundError } from '../../backend/src/common/errors';
import { DashboardModule } from '../../backend/src/dashboard/dashboard.module';
import { WorkspaceSettingsService } from '../../backend/src/dashboard/workspace-settings.service';
import { RateLimitModule } from '../../backend/src/rate-limit/rate-limit.module';
import { createTestApp, newWorkspace, servicesOf, type TestApp } from '../support/app';
import { connectApp, newMember } from '../support/access-fixtures';

describe(WorkspaceSettingsService.name, () => {
  let t: TestApp;
  let sut: WorkspaceSettingsService;

  beforeAll(async () => {
    t = await createTestApp({}, [RateLimitModule, servicesOf(DashboardModule)]);
    sut = t.app.get(WorkspaceSettingsService);
  });

  afterAll(() => t.close());

  it('lets owners and admins create keys, remembering who made each', async () => {
    const ctx = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    const admin = await newMember(t, ctx, 'admin');
    const { apiKey, key } = await sut.createKey(owner.ctx, { name: ' deploy ', scope: 'write' });
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    await sut.createKey(admin.ctx, { name: 'ci', scope: 'read' });
    const rows = await sut.listKeys(owner.ctx);
    expect(rows.map((k) => [k.name, k.createdByUserId, k.createdByEmail]).sort()).toEqual([
      ['ci', admin.userId, admin.email],
      ['deploy', owner.userId, owner.email],
    ]);
  });

  it('refuses members and viewers a key, and writes none', async () => {
    const ctx = await newWorkspace(t);
    const member = await newMember(t, ctx, 'member');
    const viewer = await newMember(t, ctx, 'viewer');
    await expect(sut.createKey(member.ctx, { name: 'x', scope: 'read' })).rejects.toThrow(
      'This needs the role owner or admin; you are member',
    );
    await expect(sut.createKey(viewer.ctx, { name: 'x', scope: 'read' })).rejects.toThrow(ForbiddenError);
    expect(await sut.listKeys(member.ctx)).toEqual([]);
  });

  it('lets owners and admins revoke keys, and nobody else', async () => {
    const ctx = await newWorkspace(t);
    const admin = await newMember(t, ctx, 'admin');
    const member = await newMember(t, ctx, 'member');
    const { apiKey } = await sut.createKey(admin.ctx, { name: 'x', scope: 'read' });
    await expect(sut.revokeKey(member.ctx, apiKey.id)).rejects.toThrow(ForbiddenError);
    await expect(sut.revokeKey(admin.ctx, apiKey.id)).resolves.toMatchObject({
      revokedAt: expect.any(String) as unknown,
    });
  });

  it('validates a new key, naming the field and the bound', async () => {
    const ctx = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    await expect(sut.createKey(owner.ctx, { name: '  ', scope: 'read' })).rejects.toThrow('name: is required');
    await expect(sut.createKey(owner.ctx, { name: 'two\nlines', scope: 'read' })).rejects.toThrow(/^name: /);
    await expect(sut.createKey(owner.ctx, { name: 'x'.repeat(257), scope: 'read' })).rejects.toThrow(/^name: /);
    await expect(sut.createKey(owner.ctx, { name: 'x', scope: 'admin' as 'read' })).rejects.toThrow(
      'scope: must be read or write',
    );
  });

  it('shows every member, viewers too, the keys and connected apps; a stranger gets NOT_FOUND', async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const owner = await newMember(t, ctx, 'owner');
    const viewer = await newMember(t, ctx, 'viewer');
    const stranger = await newMember(t, other, 'owner');
    await sut.createKey(owner.ctx, { name: 'x', scope: 'read' });
    const connection = await connectApp(t, owner);
    expect(await sut.listKeys(viewer.ctx)).toHaveLength(1);
    expect((await sut.listConnectedApps(viewer.ctx)).map((g) => g.id)).toEqual([connection.grantId]);
    const intruder = { ...stranger.ctx, workspace: ctx.workspace };
    await expect(sut.listKeys(intruder)).rejects.toThrow(NotFoundError);
    await expect(sut.listConnectedApps(intruder)).rejects.toThrow(NotFoundError);
    await expect(sut.revokeConnectedApp(intruder, connection.grantId)).rejects.toThrow(NotFoundError);
  });

  it("revokes a connected app for its owner or an owner or admin, with the role of the person's membership", async () => {
    const ctx = await newWorkspace(t);
    const admin = await newMember(t, ctx, 'admin');
    const member = await newMember(t, ctx, 'member');
    const colleague = await newMember(t, ctx, 'member');
    const mine = await connectApp(t, member);
    const theirs = await connectApp(t, colleague);
    await expect(sut.revokeConnectedApp(member.ctx, theirs.grantId)).rejects.toThrow(NotFoundError);
    await sut.revokeConnectedApp(member.ctx, mine.grantId);
    await sut.revokeConnectedApp(admin.ctx, theirs.grantId);
    expect(await sut.listConnectedApps(admin.ctx)).toEqual([]);
  });
});
