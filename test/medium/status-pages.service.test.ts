// The rules StatusPagesService's verbs carry, on a real database (SPEC §2.6, §6): plan limits, unique
// slugs and domains, the page password, and what a delete takes along.
import type { ServiceContext } from '../../backend/src/common/context';
import { MaintenancesService } from '../../backend/src/maintenances/maintenances.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { aComponent, aPage, auditLog, refusal } from '../support/service-fixtures';

const PASSWORD = 'page-password-3e9d';

describe(StatusPagesService.name, () => {
  let t: TestApp;
  let sut: StatusPagesService;
  let ctx: ServiceContext;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(StatusPagesService);
  });

  afterAll(() => t.close());

  beforeEach(async () => {
    ctx = await newWorkspace(t);
  });

  it('refuses a page over the plan limit (limit rule)', async () => {
    const free = await newWorkspace(t, 'free');
    await aPage(t, free);
    const error = await refusal(aPage(t, free));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toBe('statusPages: the free plan allows at most 1 status pages');
  });

  it('refuses a slug or a custom domain another page uses, in any workspace (uniqueness rule)', async () => {
    const taken = await aPage(t, ctx, { customDomain: `status-${ctx.workspace.id}.example.com` });
    const other = await newWorkspace(t);
    const slug = await refusal(aPage(t, other, { slug: taken.slug }));
    expect(slug.code).toBe('CONFLICT');
    expect(slug.message).toBe(`slug: ${JSON.stringify(taken.slug)} is already used by another status page`);
    const domain = await refusal(aPage(t, other, { customDomain: taken.customDomain!.toUpperCase() }));
    expect(domain.code).toBe('CONFLICT');
    expect(domain.message).toMatch(/^customDomain: /);
  });

  it('refuses a custom theme on a plan without it (custom theme rule)', async () => {
    const free = await newWorkspace(t, 'free');
    const customTheme = { light: { '--primary': '#112233' } };
    const error = await refusal(aPage(t, free, { customTheme }));
    expect(error.code).toBe('FORBIDDEN');
    expect((await aPage(t, ctx, { customTheme })).customTheme).toEqual(customTheme);
  });

  it('requires a password for password access, stores only its hash and shows only that one is set (password rule)', async () => {
    const missing = await refusal(aPage(t, ctx, { accessType: 'password' }));
    expect(missing.message).toBe('password: is required when accessType is password');
    const page = await aPage(t, ctx, { accessType: 'password', password: PASSWORD });
    expect(page.passwordSet).toBe(true);
    const stored = await t.db.rows('SELECT * FROM status_pages WHERE id = $1', [page.id]);
    const seen = JSON.stringify([page, await sut.get(ctx, page.id), stored, await auditLog(t, ctx)]);
    expect(seen).not.toContain(PASSWORD);
  });

  it('keeps the stored password on an update without one, audits a new one, and drops it with password access (password change rule)', async () => {
    const page = await aPage(t, ctx, { accessType: 'password', password: PASSWORD });
    expect((await sut.update(ctx, page.id, { title: 'Renamed' })).passwordSet).toBe(true);
    const before = (await auditLog(t, ctx)).length;
    await sut.update(ctx, page.id, { password: `${PASSWORD}-new` });
    const log = await auditLog(t, ctx);
    // A new password alone is still a change on record. The service marks it `passwordChanged`, but the
    // audit log's secret-name filter (audit-snapshot.ts) drops that key, so only the entry itself says so.
    expect(log).toHaveLength(before + 1);
    expect(log.at(-1)).toMatchObject({ action: 'status_page.update', entityId: page.id });
    expect(JSON.stringify(log)).not.toContain(PASSWORD);
    expect((await sut.update(ctx, page.id, { accessType: 'public' })).passwordSet).toBe(false);
  });

  it('stores a custom domain and e-mail domains lower-case and embed origins once (normalisation rule)', async () => {
    const page = await aPage(t, ctx, {
      customDomain: `Status-${ctx.workspace.id}.Example.COM.`,
      accessType: 'email-domain',
      authEmailDomains: ['Acme.EXAMPLE'],
      embedOrigins: ['https://www.example.com', 'https://www.example.com/'],
    });
    expect(page).toMatchObject({
      customDomain: `status-${ctx.workspace.id}.example.com`,
      authEmailDomains: ['acme.example'],
      embedOrigins: ['https://www.example.com'],
    });
  });

  it("answers NOT_FOUND for another workspace's page on every verb (isolation rule)", async () => {
    const page = await aPage(t, ctx);
    const other = await newWorkspace(t);
    for (const verb of [
      () => sut.get(other, page.id),
      () => sut.update(other, page.id, { title: 'taken' }),
      () => sut.dependents(other, page.id),
      () => sut.delete(other, page.id),
    ]) {
      expect((await refusal(verb())).code).toBe('NOT_FOUND');
    }
    expect((await sut.list(other)).totalSize).toBe(0);
    expect((await sut.get(ctx, page.id)).title).toBe(page.title);
  });

  it('audits create, update and delete, and records nothing for an update that changes nothing (audit rule)', async () => {
    const page = await aPage(t, ctx);
    await sut.update(ctx, page.id, { title: page.title });
    await sut.update(ctx, page.id, { title: 'Renamed' });
    await sut.delete(ctx, page.id);
    const entries = (await auditLog(t, ctx)).filter((e) => e.entityType === 'status_page');
    expect(entries.map((e) => e.action)).toEqual(['status_page.create', 'status_page.update', 'status_page.delete']);
    expect(entries[1].changedFields).toEqual(expect.arrayContaining(['title']));
  });

  it('counts what a delete takes along, then deletes the page with it (cascade rule)', async () => {
    const page = await aPage(t, ctx);
    const component = await aComponent(t, ctx, page.id);
    await t.app
      .get(StatusReportsService)
      .create(
        ctx,
        { pageId: page.id, title: 'API errors', message: 'Looking', pageComponentIds: [component.id] },
        false,
      );
    await t.app.get(MaintenancesService).create(
      ctx,
      {
        pageId: page.id,
        title: 'Upgrade',
        from: new Date('2030-01-01T10:00:00Z'),
        to: new Date('2030-01-01T11:00:00Z'),
      },
      false,
    );
    await t.app.get(SubscribersService).import(ctx, page.id, ['ann@example.com'], { confirmed: true });
    expect(await sut.dependents(ctx, page.id)).toEqual({
      components: 1,
      groups: 0,
      reports: 1,
      maintenances: 1,
      subscribers: 1,
    });
    await sut.delete(ctx, page.id);
    expect((await refusal(sut.get(ctx, page.id))).code).toBe('NOT_FOUND');
    for (const table of ['page_components', 'status_reports', 'maintenances', 'page_subscribers']) {
      expect(await t.db.rows(`SELECT 1 FROM ${table} WHERE page_id = $1`, [page.id])).toEqual([]);
    }
  });
});
