// The rules of workspaces, on a real database: slugs derived from the name and kept unique, a slug
// asked for that is taken or malformed refused, the plan, the audit entry in the new workspace, and
// the lookup by id or slug.
import { ConflictError, ForbiddenError, NotFoundError } from '../../backend/src/common/errors';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { createTestApp, installer, type TestApp } from '../support/app';
import { auditOf } from '../support/access-fixtures';

describe(WorkspacesService.name, () => {
  let t: TestApp;
  let sut: WorkspacesService;
  let n = 0;
  /** A name no other test of the file uses, so derived slugs do not meet. */
  const unique = (name: string) => `${name} ${process.pid} ${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(WorkspacesService);
  });

  afterAll(() => t.close());

  it('derives the slug from the name: lower case, accents dropped, single dashes', async () => {
    const name = unique('Café  Über—Prod!');
    const workspace = await sut.create(installer, { name });
    expect(workspace.slug).toBe(`cafe-uber-prod-${process.pid}-${n}`);
  });

  it('keeps derived slugs unique with a number', async () => {
    const name = unique('Acme');
    const first = await sut.create(installer, { name });
    const second = await sut.create(installer, { name });
    const third = await sut.create(installer, { name });
    expect([second.slug, third.slug]).toEqual([`${first.slug}-2`, `${first.slug}-3`]);
  });

  it('refuses a slug asked for that another workspace has', async () => {
    const slug = `taken-${process.pid}`;
    await sut.create(installer, { name: 'First', slug });
    const refusal = sut.create(installer, { name: 'Second', slug });
    await expect(refusal).rejects.toThrow(ConflictError);
    await expect(sut.create(installer, { name: 'Second', slug })).rejects.toThrow(/^slug: /);
  });

  it('validates name, slug and plan, naming the field and the bound', async () => {
    await expect(sut.create(installer, { name: ' ' })).rejects.toThrow('name: must be 1 to 256 characters');
    await expect(sut.create(installer, { name: 'x', slug: 'Not A Slug' })).rejects.toThrow(
      'slug: must be lower-case letters, digits and single dashes',
    );
    await expect(sut.create(installer, { name: 'x', slug: 'a'.repeat(65) })).rejects.toThrow(
      'slug: must be at most 64 characters',
    );
    await expect(sut.create(installer, { name: 'x', plan: 'gold' as 'pro' })).rejects.toThrow(
      'plan: must be one of free, pro',
    );
  });

  it('puts a new workspace on pro unless told otherwise', async () => {
    expect((await sut.create(installer, { name: unique('Default') })).plan).toBe('pro');
    expect((await sut.create(installer, { name: unique('Small'), plan: 'free' })).plan).toBe('free');
  });

  it('refuses a read-only context', async () => {
    await expect(sut.create({ ...installer, scope: 'read' }, { name: unique('Read') })).rejects.toThrow(ForbiddenError);
  });

  it('audits the creation in the new workspace, by its actor', async () => {
    const workspace = await sut.create(installer, { name: unique('Audited') });
    const ctx = { ...installer, workspace: toWorkspaceRef(workspace) };
    expect(await auditOf(t, ctx)).toEqual([
      expect.objectContaining({
        action: 'workspace.create',
        entityId: workspace.id,
        actorType: 'system',
        actorId: 'test',
        after: expect.objectContaining({ slug: workspace.slug, plan: 'pro' }) as unknown,
      }),
    ]);
  });

  it('resolves a workspace by id or slug, and NOT_FOUND otherwise', async () => {
    const workspace = await sut.create(installer, { name: unique('Resolve') });
    expect((await sut.resolve(workspace.id)).id).toBe(workspace.id);
    expect((await sut.resolve(workspace.slug)).id).toBe(workspace.id);
    await expect(sut.resolve('no-such-workspace')).rejects.toThrow(NotFoundError);
    await expect(sut.resolve('999999999')).rejects.toThrow(NotFoundError);
  });

  it('resolves an all-digit slug when no workspace has that id', async () => {
    const slug = `${Date.now()}${process.pid}`;
    const workspace = await sut.create(installer, { name: 'Digits', slug });
    expect((await sut.resolve(slug)).id).toBe(workspace.id);
  });
});
