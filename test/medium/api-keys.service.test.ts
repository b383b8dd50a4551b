// The rules of API keys, on a real database: the secret shown once and stored hashed, the audit trail
// without it, authentication into one workspace, revocation and expiry, and workspace isolation.
import { ApiKeysService } from '../../backend/src/api-keys/api-keys.service';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../backend/src/common/errors';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { auditOf } from '../support/access-fixtures';
import { wholeDatabaseText } from '../support/rpc';

describe(ApiKeysService.name, () => {
  let t: TestApp;
  let sut: ApiKeysService;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(ApiKeysService);
  });

  afterAll(() => t.close());

  it('answers the plain key once and stores only its prefix and a hash', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey, key } = await sut.create(ctx, { name: 'ci', scope: 'write' });
    expect(key.startsWith(`${apiKey.prefix}_`)).toBe(true);
    const everything = await wholeDatabaseText(t.db);
    expect(everything).toContain(apiKey.prefix);
    expect(everything).not.toContain(key.slice(apiKey.prefix.length + 1));
    expect(Object.keys(await sut.get(ctx, apiKey.id)).sort()).toEqual(
      ['createdAt', 'createdByUserId', 'expiresAt', 'id', 'lastUsedAt', 'name', 'prefix', 'revokedAt', 'scope'].sort(),
    );
  });

  it('audits the creation without the secret', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey, key } = await sut.create(ctx, { name: 'ci', scope: 'read' });
    const [entry] = await auditOf(t, ctx, { entityType: 'api_key', entityId: apiKey.id });
    expect(entry).toMatchObject({ action: 'api_key.create', after: { id: apiKey.id, scope: 'read' } });
    expect(JSON.stringify(entry)).not.toContain(key.slice(apiKey.prefix.length + 1));
  });

  it('refuses a read-only context and writes nothing', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey } = await sut.create(ctx, { scope: 'write' });
    const reader = { ...ctx, scope: 'read' as const };
    await expect(sut.create(reader, { scope: 'read' })).rejects.toThrow(ForbiddenError);
    await expect(sut.revoke(reader, apiKey.id)).rejects.toThrow(ForbiddenError);
    expect(await sut.list(ctx)).toEqual([expect.objectContaining({ id: apiKey.id, revokedAt: null })]);
  });

  it('authenticates a key into the context of its one workspace, with its scope', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey, key } = await sut.create(ctx, { scope: 'read' });
    expect(await sut.authenticate(key, 'rpc')).toEqual({
      workspace: ctx.workspace,
      actor: { type: 'api_key', keyId: apiKey.id, userId: null },
      scope: 'read',
      via: 'rpc',
    });
  });

  it('refuses an unknown or tampered key with one message', async () => {
    const ctx = await newWorkspace(t);
    const { key } = await sut.create(ctx, { scope: 'write' });
    const tampered = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    await expect(sut.authenticate('nonsense', 'rpc')).rejects.toThrow(new UnauthorizedError('Invalid API key'));
    await expect(sut.authenticate(tampered, 'rpc')).rejects.toThrow(new UnauthorizedError('Invalid API key'));
    await expect(sut.authenticate(` ${key}`, 'rpc')).rejects.toThrow(UnauthorizedError);
  });

  it('refuses a revoked key at once, even one this node has cached', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey, key } = await sut.create(ctx, { scope: 'write' });
    await sut.authenticate(key, 'rpc');
    await sut.revoke(ctx, apiKey.id);
    await expect(sut.authenticate(key, 'rpc')).rejects.toThrow('This API key has been revoked');
  });

  it('refuses an expired key', async () => {
    const ctx = await newWorkspace(t);
    const { key } = await sut.create(ctx, { scope: 'write', expiresAt: new Date(Date.now() - 1000) });
    await expect(sut.authenticate(key, 'rpc')).rejects.toThrow('This API key has expired');
  });

  it('revokes once: a second revoke changes nothing and audits nothing', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey } = await sut.create(ctx, { scope: 'write' });
    const first = await sut.revoke(ctx, apiKey.id);
    const second = await sut.revoke(ctx, apiKey.id);
    expect(second.revokedAt).toBe(first.revokedAt);
    const deletes = (await auditOf(t, ctx, { entityType: 'api_key' })).filter((e) => e.action === 'api_key.delete');
    expect(deletes).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ revokedAt: null }) as unknown,
        after: expect.anything() as unknown,
      }),
    ]);
  });

  it('lists keys without the revoked ones unless asked', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey: live } = await sut.create(ctx, { name: 'live', scope: 'read' });
    const { apiKey: gone } = await sut.create(ctx, { name: 'gone', scope: 'read' });
    await sut.revoke(ctx, gone.id);
    expect((await sut.list(ctx)).map((k) => k.id)).toEqual([live.id]);
    expect((await sut.list(ctx, { includeRevoked: true })).map((k) => k.id).sort()).toEqual([live.id, gone.id].sort());
  });

  it('answers NOT_FOUND for a key of another workspace, which stays live', async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const { apiKey, key } = await sut.create(other, { scope: 'write' });
    await expect(sut.get(ctx, apiKey.id)).rejects.toThrow(NotFoundError);
    await expect(sut.revoke(ctx, apiKey.id)).rejects.toThrow(NotFoundError);
    await expect(sut.revoke(ctx, 'not-an-id')).rejects.toThrow(NotFoundError);
    await expect(sut.authenticate(key, 'rpc')).resolves.toMatchObject({ workspace: other.workspace });
  });

  it('validates input, naming the field and the bound', async () => {
    const ctx = await newWorkspace(t);
    await expect(sut.create(ctx, { name: 'x'.repeat(257), scope: 'read' })).rejects.toThrow(
      'name: must be 1 to 256 characters',
    );
    await expect(sut.create(ctx, { scope: 'admin' as 'read' })).rejects.toThrow(ValidationError);
    await expect(sut.create(ctx, { scope: 'admin' as 'read' })).rejects.toThrow('scope: must be read or write');
  });
});
