// The rules StatusReportsService's verbs carry, on a real database with a real SMTP server on loopback
// (SPEC §2.10, §3, §4.2): the report's lifecycle, the page it lives on, and what publishing answers.
import type { ServiceContext } from '../../backend/src/common/context';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { newWorkspace, type TestApp } from '../support/app';
import { aComponent, aMonitor, aPage, auditLog, refusal, mailingTestApp } from '../support/service-fixtures';
import type { TestSmtp } from '../support/smtp';

describe(StatusReportsService.name, () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sut: StatusReportsService;
  let ctx: ServiceContext;
  let pageId: string;

  mailingTestApp((app, server) => {
    t = app;
    smtp = server;
  });

  beforeAll(() => {
    sut = t.app.get(StatusReportsService);
  });

  beforeEach(async () => {
    ctx = await newWorkspace(t);
    pageId = (await aPage(t, ctx)).id;
  });

  const open = async (c = ctx, input: { pageComponentIds?: string[]; status?: 'resolved' } = {}, page = pageId) =>
    (await sut.create(c, { pageId: page, title: 'API errors', message: 'Looking into it', ...input }, false)).record
      .report;

  it('opens a report as investigating with its first update, and audits it (create rule)', async () => {
    const report = await open();
    expect(report).toMatchObject({ status: 'investigating', resolvedAt: null });
    expect(report.updates).toEqual([expect.objectContaining({ status: 'investigating', message: 'Looking into it' })]);
    expect((await auditLog(t, ctx)).at(-1)).toMatchObject({ action: 'status_report.create', entityId: report.id });
  });

  it('refuses to resolve a resolved report, by resolve or by a resolved update (resolve once rule)', async () => {
    const report = await open();
    const { record } = await sut.resolve(ctx, report.id, 'Fixed', false);
    expect(record.report).toMatchObject({ status: 'resolved', resolvedAt: record.update.date });
    for (const verb of [
      () => sut.resolve(ctx, report.id, 'Fixed again', false),
      () => sut.addUpdate(ctx, report.id, { status: 'resolved', message: 'Really fixed' }, false),
    ]) {
      expect((await refusal(verb())).code).toBe('PRECONDITION_FAILED');
    }
    expect((await sut.get(ctx, report.id)).updates).toHaveLength(2);
  });

  it('reopens a resolved report with an update of another status (reopen rule)', async () => {
    const report = await open();
    await sut.resolve(ctx, report.id, 'Fixed', false);
    const { record } = await sut.addUpdate(ctx, report.id, { status: 'identified', message: 'It is back' }, false);
    expect(record.report).toMatchObject({ status: 'identified', resolvedAt: null });
    expect(record.report.updates.map((u) => u.status)).toEqual(['investigating', 'resolved', 'identified']);
  });

  it('changes the status without posting an update, moving resolvedAt alike (silent update rule)', async () => {
    const report = await open();
    const resolved = await sut.update(ctx, report.id, { status: 'resolved' });
    expect(resolved.resolvedAt).toEqual(expect.any(String));
    expect(resolved.updates).toHaveLength(1);
    const reopened = await sut.update(ctx, report.id, { status: 'monitoring' });
    expect(reopened.resolvedAt).toBeNull();
    expect((await auditLog(t, ctx)).at(-1)).toMatchObject({
      action: 'status_report.update',
      changedFields: ['resolvedAt', 'status'],
    });
  });

  it('lists unresolved reports unless all are asked for (active filter rule)', async () => {
    const active = await open();
    const done = await open();
    await sut.resolve(ctx, done.id, 'Fixed', false);
    expect((await sut.list(ctx, { pageId })).items.map((r) => r.id)).toEqual([active.id]);
    expect((await sut.list(ctx, { pageId, filter: 'all' })).totalSize).toBe(2);
  });

  it('answers NOT_FOUND for a page or a component that is not on the page (page component rule)', async () => {
    const elsewhere = await aComponent(t, ctx, (await aPage(t, ctx)).id);
    expect((await refusal(open(ctx, { pageComponentIds: [elsewhere.id] }))).code).toBe('NOT_FOUND');
    const report = await open();
    expect((await refusal(sut.update(ctx, report.id, { pageComponentIds: [elsewhere.id] }))).code).toBe('NOT_FOUND');
  });

  it("answers NOT_FOUND for another workspace's report, and for a report of another page named by pageId (isolation rule)", async () => {
    const report = await open();
    const other = await newWorkspace(t);
    const otherPage = (await aPage(t, ctx)).id;
    for (const verb of [
      () => sut.get(other, report.id),
      () => sut.update(other, report.id, { title: 'taken' }),
      () => sut.addUpdate(other, report.id, { status: 'identified', message: 'x' }, false),
      () => sut.resolve(other, report.id, 'x', false),
      () => sut.delete(other, report.id),
      () => sut.list(other, { pageId }),
      () => open(other),
      () => sut.get(ctx, report.id, otherPage),
      () => sut.resolve(ctx, report.id, 'x', false, otherPage),
    ]) {
      expect((await refusal(verb())).code).toBe('NOT_FOUND');
    }
    expect((await sut.get(ctx, report.id)).status).toBe('investigating');
  });

  it('counts the unresolved reports that affect a monitor through a component, in the workspace only (incident count rule)', async () => {
    const monitor = await aMonitor(t, ctx);
    const component = await t.app
      .get(PageComponentsService)
      .createComponent(ctx, { pageId, type: 'monitor', monitorId: monitor.id });
    await open(ctx, { pageComponentIds: [component.id] });
    const done = await open(ctx, { pageComponentIds: [component.id] });
    await sut.resolve(ctx, done.id, 'Fixed', false);
    expect((await sut.activeIncidentCounts(ctx, [monitor.id])).get(monitor.id)).toBe(1);
    const other = await newWorkspace(t);
    expect((await sut.activeIncidentCounts(other, [monitor.id])).get(monitor.id) ?? 0).toBe(0);
  });

  it('mails the posted update to subscribers and answers notified with the time on the update (notified rule)', async () => {
    await t.app.get(SubscribersService).import(ctx, pageId, ['ann@example.com'], { confirmed: true });
    const report = await open();
    expect(smtp.messages).toHaveLength(0);
    const published = await sut.resolve(ctx, report.id, 'All good now', true);
    expect(published).toMatchObject({ notified: true, notifyFailure: null });
    expect(published.record.update.notifiedAt).toEqual(expect.any(String));
    expect(smtp.to('ann@example.com')).toHaveLength(1);
    expect(smtp.messages[0].text).toContain('All good now');
    const stored = (await sut.get(ctx, report.id)).updates;
    expect(stored.map((u) => u.notifiedAt !== null)).toEqual([false, true]);
  });

  it('keeps the update unsent and says why when the relay refuses mail (notify failure rule)', async () => {
    await t.app.get(SubscribersService).import(ctx, pageId, ['gone@example.com'], { confirmed: true });
    smtp.rejectRecipients.add('gone@example.com');
    const published = await sut.create(ctx, { pageId, title: 'API errors', message: 'Looking' }, true);
    expect(published.notified).toBe(false);
    expect(published.notifyFailure).toMatchObject({ reason: 'relay_refused', failed: 1, of: 1 });
    expect((await sut.get(ctx, published.record.report.id)).updates[0].notifiedAt).toBeNull();
  });

  it('deletes a report with its timeline and audits it (delete rule)', async () => {
    const report = await open();
    await sut.addUpdate(ctx, report.id, { status: 'identified', message: 'Found it' }, false);
    await sut.delete(ctx, report.id);
    expect((await refusal(sut.get(ctx, report.id))).code).toBe('NOT_FOUND');
    expect(await t.db.rows('SELECT 1 FROM status_report_updates WHERE report_id = $1', [report.id])).toEqual([]);
    expect((await auditLog(t, ctx)).at(-1)).toMatchObject({ action: 'status_report.delete', entityId: report.id });
  });
});
