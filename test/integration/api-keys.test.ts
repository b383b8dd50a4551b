import { ApiKeyEntity } from '../../backend/src/api-keys/api-key.entity';
import { ApiKeysService } from '../../backend/src/api-keys/api-keys.service';
import { LastUsedRecorder } from '../../backend/src/api-keys/last-used.recorder';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import type { ServiceContext } from '../../backend/src/common/context';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../backend/src/common/errors';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { wholeDatabaseText } from '../support/rpc';

describe(ApiKeysService.name, () => {
  let t: TestApp;
  let sut: ApiKeysService;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(ApiKeysService);
  });

  afterAll(() => t.close());

  it('returns the key once and stores only its prefix and hash', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey, key } = await sut.create(ctx, { name: 'ci', scope: 'write' });
    expect(key.startsWith(`${apiKey.prefix}_`)).toBe(true);
    const everything = await wholeDatabaseText(t.db);
    expect(everything).toContain(apiKey.prefix);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice(apiKey.prefix.length + 1));
    const row = await t.db.repo(ApiKeyEntity).findOneByOrFail({ id: apiKey.id });
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(apiKey)).not.toContain(row.secretHash);
  });

  it('authenticates a key into the context of its one workspace', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey, key } = await sut.create(ctx, { scope: 'read', createdByUserId: null });
    const authed = await sut.authenticate(key, 'rpc');
    expect(authed).toEqual({
      workspace: ctx.workspace,
      actor: { type: 'api_key', keyId: apiKey.id, userId: null },
      scope: 'read',
      via: 'rpc',
    });
    // The use is written off the request's path, batched: not yet, and once flushed, once a minute.
    const lastUsed = async () => (await t.db.repo(ApiKeyEntity).findOneByOrFail({ id: apiKey.id })).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await t.app.get(LastUsedRecorder).flush();
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await sut.authenticate(key, 'rpc');
    await t.app.get(LastUsedRecorder).flush();
    expect(await lastUsed()).toEqual(first);
  });

  it('refuses unknown, tampered, revoked and expired keys', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey, key } = await sut.create(ctx, { scope: 'write' });
    await expect(sut.authenticate('nonsense', 'rest')).rejects.toThrow(UnauthorizedError);
    const tampered = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    await expect(sut.authenticate(tampered, 'rest')).rejects.toThrow('Invalid API key');

    const expired = await sut.create(ctx, { scope: 'write', expiresAt: new Date(Date.now() - 1000) });
    await expect(sut.authenticate(expired.key, 'rest')).rejects.toThrow('expired');

    await sut.revoke(ctx, apiKey.id);
    await expect(sut.authenticate(key, 'rest')).rejects.toThrow('revoked');
  });

  it('takes the key exactly as given: a key with a space or a non-breaking space around it is not a key', async () => {
    const ctx = await newWorkspace(t);
    const { key } = await sut.create(ctx, { scope: 'read' });
    for (const variant of [`\u00a0${key}`, `${key}\u00a0`, ` ${key}`, `${key}\n`]) {
      await expect(sut.authenticate(variant, 'rest')).rejects.toThrow('Invalid API key');
    }
    await expect(sut.authenticate(key, 'rest')).resolves.toMatchObject({ workspace: ctx.workspace });
  });

  it('lists keys without secrets and hides revoked ones unless asked', async () => {
    const ctx = await newWorkspace(t);
    const a = await sut.create(ctx, { name: 'a', scope: 'read' });
    const b = await sut.create(ctx, { name: 'b', scope: 'write' });
    await sut.revoke(ctx, a.apiKey.id);
    expect((await sut.list(ctx)).map((k) => k.id)).toEqual([b.apiKey.id]);
    const all = await sut.list(ctx, { includeRevoked: true });
    expect(all.map((k) => k.id)).toEqual([b.apiKey.id, a.apiKey.id]);
    expect(JSON.stringify(all)).not.toMatch(/secret|hash/i);
  });

  it('validates input, naming the field and the bound', async () => {
    const ctx = await newWorkspace(t);
    await expect(sut.create(ctx, { scope: 'admin' as 'read' })).rejects.toThrow(
      new ValidationError('scope: must be read or write'),
    );
    await expect(sut.create(ctx, { scope: 'read', name: 'x'.repeat(257) })).rejects.toThrow(
      'name: must be 1 to 256 characters',
    );
  });

  describe('scope enforcement in the service layer', () => {
    it('refuses every write from a read-only context and writes nothing', async () => {
      const ctx = await newWorkspace(t);
      const { apiKey } = await sut.create(ctx, { scope: 'write' });
      const readOnly: ServiceContext = { ...ctx, scope: 'read' };
      const auditBefore = await t.db.repo(AuditLogEntity).countBy({ workspaceId: ctx.workspace.id });
      await expect(sut.create(readOnly, { scope: 'read' })).rejects.toThrow(ForbiddenError);
      await expect(sut.revoke(readOnly, apiKey.id)).rejects.toThrow(ForbiddenError);
      expect(await t.db.repo(ApiKeyEntity).countBy({ workspaceId: ctx.workspace.id })).toBe(1);
      expect(await t.db.repo(AuditLogEntity).countBy({ workspaceId: ctx.workspace.id })).toBe(auditBefore);
      expect((await sut.get(ctx, apiKey.id)).revokedAt).toBeNull();
    });

    it('lets a read-only context read', async () => {
      const ctx = await newWorkspace(t);
      await sut.create(ctx, { scope: 'write' });
      await expect(sut.list({ ...ctx, scope: 'read' })).resolves.toHaveLength(1);
    });
  });

  describe('ids from another workspace', () => {
    it('are NOT_FOUND for get and revoke, and the key stays live', async () => {
      const mine = await newWorkspace(t);
      const theirs = await newWorkspace(t);
      const { apiKey, key } = await sut.create(theirs, { scope: 'write' });
      await expect(sut.get(mine, apiKey.id)).rejects.toThrow(NotFoundError);
      await expect(sut.revoke(mine, apiKey.id)).rejects.toThrow(new NotFoundError(`api key "${apiKey.id}" not found`));
      await expect(sut.authenticate(key, 'rest')).resolves.toMatchObject({ workspace: theirs.workspace });
    });

    it('are NOT_FOUND for ids that do not exist or are not ids', async () => {
      const ctx = await newWorkspace(t);
      await expect(sut.get(ctx, '999999999')).rejects.toThrow(NotFoundError);
      await expect(sut.revoke(ctx, 'abc')).rejects.toThrow(NotFoundError);
      await expect(sut.revoke(ctx, '99999999999999999999999')).rejects.toThrow(NotFoundError);
    });
  });
});
