import { ApiKeyEntity } from '../../backend/src/api-keys/api-key.entity';
import { ApiKeysService } from '../../backend/src/api-keys/api-keys.service';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { AuditRepository } from '../../backend/src/audit/audit.repository';
import { MutationRunner } from '../../backend/src/audit/mutation-runner';
import type { ServiceContext } from '../../backend/src/common/context';
import { UsersService } from '../../backend/src/users/users.service';
import { WorkspaceEntity } from '../../backend/src/workspaces/workspace.entity';
import { createTestApp, installer, newWorkspace, type TestApp } from '../support/app';

describe('audit log', () => {
  let t: TestApp;
  let apiKeys: ApiKeysService;

  beforeAll(async () => {
    t = await createTestApp();
    apiKeys = t.app.get(ApiKeysService);
  });

  afterAll(() => t.close());

  const entries = (workspaceId: string) =>
    t.db.repo(AuditLogEntity).find({ where: { workspaceId }, order: { id: 'ASC' } });

  /** A context acting through a real API key created by a real member. */
  async function keyContext(
    via: ServiceContext['via'],
  ): Promise<{ ctx: ServiceContext; keyId: string; userId: string }> {
    const owner = await newWorkspace(t);
    const { user } = await t.app
      .get(UsersService)
      .addMember(owner, { email: `o${Date.now()}${Math.random()}@example.com`, role: 'owner' });
    const { key } = await apiKeys.create(owner, { scope: 'write', createdByUserId: user.id });
    const ctx = await apiKeys.authenticate(key, via);
    return { ctx, keyId: ctx.actor.type === 'api_key' ? ctx.actor.keyId : '', userId: user.id };
  }

  it('records the API key actor: key id and the user who created the key', async () => {
    const { ctx, keyId, userId } = await keyContext('rpc');
    const { apiKey } = await apiKeys.create(ctx, { name: 'made by a key', scope: 'read' });
    const entry = (await entries(ctx.workspace.id)).at(-1)!;
    expect(entry).toMatchObject({
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: apiKey.id,
      actorType: 'api_key',
      actorId: keyId,
      actorUserId: userId,
      via: 'rpc',
      before: null,
    });
    expect(entry.changedFields).toEqual(expect.arrayContaining(['name', 'scope', 'prefix']));
    expect(entry.after).toMatchObject({ id: apiKey.id, name: 'made by a key', scope: 'read' });
  });

  it('records calls through MCP as actor_type mcp with the key id', async () => {
    const { ctx, keyId, userId } = await keyContext('mcp');
    await apiKeys.create(ctx, { scope: 'read' });
    expect((await entries(ctx.workspace.id)).at(-1)).toMatchObject({
      actorType: 'mcp',
      actorId: keyId,
      actorUserId: userId,
      via: 'mcp',
    });
  });

  it('records OAuth connections as oat_<grant id> with the approving user', async () => {
    const owner = await newWorkspace(t);
    const ctx: ServiceContext = {
      ...owner,
      actor: { type: 'oauth', grantId: '42', userId: '7', clientId: 'c' },
      via: 'mcp',
    };
    await apiKeys.create(ctx, { scope: 'read' });
    expect((await entries(ctx.workspace.id)).at(-1)).toMatchObject({
      actorType: 'mcp',
      actorId: 'oat_42',
      actorUserId: '7',
    });
  });

  it('keeps secrets out of snapshots', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey, key } = await apiKeys.create(ctx, { scope: 'write' });
    await apiKeys.revoke(ctx, apiKey.id);
    const row = await t.db.repo(ApiKeyEntity).findOneByOrFail({ id: apiKey.id });
    const text = JSON.stringify(await entries(ctx.workspace.id));
    expect(text).not.toContain(key);
    expect(text).not.toContain(row.secretHash);
    expect(text).not.toMatch(/secretHash|secret_hash/);
  });

  it('records a revoke with before and after, and nothing for a repeated revoke', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey } = await apiKeys.create(ctx, { scope: 'write' });
    await apiKeys.revoke(ctx, apiKey.id);
    await apiKeys.revoke(ctx, apiKey.id);
    const log = await entries(ctx.workspace.id);
    expect(log.map((e) => e.action)).toEqual(['workspace.create', 'api_key.create', 'api_key.delete']);
    const revoke = log[2];
    expect(revoke.changedFields).toEqual(['revokedAt']);
    expect(revoke.before).toMatchObject({ revokedAt: null });
    expect((revoke.after as { revokedAt: string }).revokedAt).toEqual(expect.any(String));
  });

  it('records the workspace creation in the new workspace, by the system actor', async () => {
    const ctx = await newWorkspace(t);
    const [first] = await entries(ctx.workspace.id);
    expect(first).toMatchObject({
      action: 'workspace.create',
      entityType: 'workspace',
      entityId: ctx.workspace.id,
      actorType: 'system',
      actorId: 'test',
      actorUserId: null,
    });
  });

  it('is written in the same transaction as the change: a failing mutation leaves neither', async () => {
    const ctx = await newWorkspace(t);
    const runner = t.app.get(MutationRunner);
    const before = await t.db.repo(WorkspaceEntity).count();
    await expect(
      runner.run(installer, async (trail) => {
        const w = await t.db.repo(WorkspaceEntity).save({ name: 'doomed', slug: `doomed-${Date.now()}`, plan: 'pro' });
        trail.record({
          action: 'workspace.create',
          entityType: 'workspace',
          entityId: w.id,
          workspaceId: ctx.workspace.id,
          after: { id: w.id },
        });
        throw new Error('boom after the write');
      }),
    ).rejects.toThrow('boom after the write');
    expect(await t.db.repo(WorkspaceEntity).count()).toBe(before);
    expect((await entries(ctx.workspace.id)).map((e) => e.action)).toEqual(['workspace.create']);
  });

  it('refuses a mutation that records no audit entry', async () => {
    const ctx = await newWorkspace(t);
    await expect(t.app.get(MutationRunner).run(ctx, async () => 1)).rejects.toThrow('must record an audit entry');
  });

  it('lists newest first within a window, filtered by entity', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey } = await apiKeys.create(ctx, { scope: 'write' });
    await apiKeys.revoke(ctx, apiKey.id);
    const repo = t.app.get(AuditRepository);
    const all = await repo.list({
      workspaceId: ctx.workspace.id,
      since: new Date(Date.now() - 86_400_000),
      limit: 50,
      offset: 0,
    });
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.action)).toEqual(['api_key.delete', 'api_key.create', 'workspace.create']);
    const filtered = await repo.list({
      workspaceId: ctx.workspace.id,
      since: new Date(Date.now() - 86_400_000),
      entityType: 'api_key',
      entityId: apiKey.id,
      limit: 1,
      offset: 1,
    });
    expect(filtered.total).toBe(2);
    expect(filtered.rows.map((r) => r.action)).toEqual(['api_key.create']);
    const future = await repo.list({
      workspaceId: ctx.workspace.id,
      since: new Date(Date.now() + 60_000),
      limit: 50,
      offset: 0,
    });
    expect(future.total).toBe(0);
  });
});
