// The rules of reading the audit log, on a real database: only on plans with the audit-log feature;
// the last 14 days of the workspace's own entries, newest first; filtered by entity (an id needs its
// type) or by actor, a credential or the person behind it; paged at most 50 at a time.
import { ApiKeysService } from '../../backend/src/api-keys/api-keys.service';
import { AUDIT_WINDOW_DAYS, AuditService } from '../../backend/src/audit/audit.service';
import { NotFoundError, PreconditionFailedError } from '../../backend/src/common/errors';
import { newMember } from '../support/access-fixtures';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';

const DAY_MS = 86_400_000;

describe(AuditService.name, () => {
  let t: TestApp;
  let sut: AuditService;
  let keys: ApiKeysService;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(AuditService);
    keys = t.app.get(ApiKeysService);
  });

  afterAll(() => t.close());

  /** What the service answers when its clock reads `days` later (the window is counted from Date.now). */
  async function later<T>(days: number, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + days * DAY_MS);
    try {
      return await read();
    } finally {
      clock.mockRestore();
    }
  }

  it('needs a plan with the audit-log feature', async () => {
    const ctx = await newWorkspace(t, 'free');
    await expect(sut.list(ctx)).rejects.toThrow(PreconditionFailedError);
    await expect(sut.get(ctx, '1')).rejects.toThrow('The audit log needs a plan with the audit-log feature');
  });

  it("lists the workspace's own entries, newest first", async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const { apiKey } = await keys.create(ctx, { name: 'first', scope: 'read' });
    await keys.revoke(ctx, apiKey.id);
    await keys.create(other, { name: 'elsewhere', scope: 'read' });
    const { items, totalSize } = await sut.list(ctx);
    expect(items.map((e) => e.action)).toEqual(['api_key.delete', 'api_key.create', 'workspace.create']);
    expect(totalSize).toBe(3);
  });

  it('shows the last 14 days only, in lists and by id', async () => {
    const ctx = await newWorkspace(t);
    const [entry] = (await sut.list(ctx)).items;
    await expect(later(AUDIT_WINDOW_DAYS - 1, () => sut.get(ctx, entry.id))).resolves.toMatchObject({ id: entry.id });
    expect((await later(AUDIT_WINDOW_DAYS + 1, () => sut.list(ctx))).items).toEqual([]);
    await expect(later(AUDIT_WINDOW_DAYS + 1, () => sut.get(ctx, entry.id))).rejects.toThrow(NotFoundError);
  });

  it('answers NOT_FOUND for an entry of another workspace, or an id that is none', async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const [theirs] = (await sut.list(other)).items;
    await expect(sut.get(ctx, theirs.id)).rejects.toThrow(NotFoundError);
    await expect(sut.get(ctx, 'not-an-id')).rejects.toThrow(NotFoundError);
  });

  it('filters by entity, and an entity id needs its type', async () => {
    const ctx = await newWorkspace(t);
    const { apiKey } = await keys.create(ctx, { name: 'one', scope: 'read' });
    await keys.create(ctx, { name: 'two', scope: 'read' });
    expect((await sut.list(ctx, { entityType: 'api_key' })).items).toHaveLength(2);
    expect((await sut.list(ctx, { entityType: 'api_key', entityId: apiKey.id })).items).toEqual([
      expect.objectContaining({ entityId: apiKey.id, action: 'api_key.create' }),
    ]);
    await expect(sut.list(ctx, { entityId: apiKey.id })).rejects.toThrow('entityId: needs entityType');
  });

  it('filters by actor: a credential, or the person behind it', async () => {
    const ctx = await newWorkspace(t);
    const { userId } = await newMember(t, ctx, 'owner', { password: null });
    const { apiKey, key } = await keys.create(ctx, { name: 'bot', scope: 'write', createdByUserId: userId });
    const asKey = await keys.authenticate(key, 'rpc');
    const made = await keys.create(asKey, { name: 'made by the bot', scope: 'read' });
    for (const actor of [apiKey.id, userId]) {
      expect((await sut.list(ctx, { actor })).items).toEqual([
        expect.objectContaining({ entityId: made.apiKey.id, actorType: 'api_key', actorUserId: userId }),
      ]);
    }
  });

  it('pages at most 50 entries at a time', async () => {
    const ctx = await newWorkspace(t);
    for (let i = 0; i < 3; i++) await keys.create(ctx, { name: `k${i}`, scope: 'read' });
    const second = await sut.list(ctx, { page: 2, perPage: 2 });
    expect(second.items).toHaveLength(2);
    expect(second.totalSize).toBe(4);
    await expect(sut.list(ctx, { perPage: 51 })).rejects.toThrow(/^perPage: /);
  });
});
