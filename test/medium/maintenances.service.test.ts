// The rules MaintenancesService's verbs carry, on a real database with a real SMTP server on loopback
// (SPEC §2.10, §4.2 rules 2 to 6).
import type { ServiceContext } from '../../backend/src/common/context';
import { MaintenancesService } from '../../backend/src/maintenances/maintenances.service';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { newWorkspace, type TestApp } from '../support/app';
import { aComponent, aPage, auditLog, refusal, mailingTestApp } from '../support/service-fixtures';
import type { TestSmtp } from '../support/smtp';

const FROM = new Date('2030-01-01T10:00:00.000Z');
const TO = new Date('2030-01-01T12:00:00.000Z');

describe(MaintenancesService.name, () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sut: MaintenancesService;
  let ctx: ServiceContext;
  let pageId: string;

  mailingTestApp((app, server) => {
    t = app;
    smtp = server;
  });

  beforeAll(() => {
    sut = t.app.get(MaintenancesService);
  });

  beforeEach(async () => {
    ctx = await newWorkspace(t);
    pageId = (await aPage(t, ctx)).id;
  });

  const schedule = (c: ServiceContext, input: { pageComponentIds?: string[] } = {}, notify = false, page = pageId) =>
    sut.create(c, { pageId: page, title: 'Database upgrade', from: FROM, to: TO, ...input }, notify);

  const subscribe = (c: ServiceContext, emails: string[], page = pageId) =>
    t.app.get(SubscribersService).import(c, page, emails, { confirmed: true });

  it('refuses a window whose end is not after its start, also when an update moves one end (window rule)', async () => {
    const reversed = await refusal(sut.create(ctx, { pageId, title: 'x', from: TO, to: FROM }, false));
    expect(reversed.message).toBe('to: must be after from');
    const { record } = await schedule(ctx);
    const moved = await refusal(sut.update(ctx, record.id, { from: new Date('2030-01-01T13:00:00.000Z') }));
    expect(moved.message).toBe('to: must be after from');
  });

  it('answers NOT_FOUND for a page or a component that is not on the page (page component rule)', async () => {
    const other = await newWorkspace(t);
    const theirPage = await aPage(t, other);
    expect((await refusal(schedule(ctx, {}, false, theirPage.id))).code).toBe('NOT_FOUND');
    const elsewhere = await aComponent(t, ctx, (await aPage(t, ctx)).id);
    const error = await refusal(schedule(ctx, { pageComponentIds: [elsewhere.id] }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(
      `page component ${JSON.stringify(elsewhere.id)} not found on status page ${JSON.stringify(pageId)}`,
    );
  });

  it("answers NOT_FOUND for another workspace's window, and for a window of another page named by pageId (isolation rule)", async () => {
    const { record } = await schedule(ctx);
    const other = await newWorkspace(t);
    const otherPage = (await aPage(t, ctx)).id;
    for (const verb of [
      () => sut.get(other, record.id),
      () => sut.update(other, record.id, { title: 'taken' }),
      () => sut.delete(other, record.id),
      () => sut.get(ctx, record.id, otherPage),
      () => sut.update(ctx, record.id, { title: 'taken' }, undefined, otherPage),
      () => sut.delete(ctx, record.id, otherPage),
      () => sut.list(other, { pageId }),
    ]) {
      expect((await refusal(verb())).code).toBe('NOT_FOUND');
    }
    expect((await sut.get(ctx, record.id, pageId)).title).toBe('Database upgrade');
  });

  it('refuses to move a window to another page (page rule)', async () => {
    const { record } = await schedule(ctx);
    const error = await refusal(sut.update(ctx, record.id, { pageId: (await aPage(t, ctx)).id }));
    expect(error.message).toMatch(/^pageId: cannot be changed/);
  });

  it('clears the message and components a mask names without a value, and refuses a required one (mask rule)', async () => {
    const component = await aComponent(t, ctx, pageId);
    const { record } = await sut.create(
      ctx,
      { pageId, title: 'x', message: 'downtime', from: FROM, to: TO, pageComponentIds: [component.id] },
      false,
    );
    const cleared = await sut.update(ctx, record.id, {}, ['message', 'pageComponentIds']);
    expect(cleared).toMatchObject({ message: '', pageComponentIds: [] });
    expect((await refusal(sut.update(ctx, record.id, {}, ['title']))).message).toBe('title: is required');
  });

  it('audits create, update and delete, and records nothing for an update that changes nothing (audit rule)', async () => {
    const { record } = await schedule(ctx);
    await sut.update(ctx, record.id, { title: 'Database upgrade' });
    await sut.update(ctx, record.id, { title: 'Bigger upgrade' });
    await sut.delete(ctx, record.id);
    const entries = (await auditLog(t, ctx)).filter((e) => e.entityType === 'maintenance');
    expect(entries.map((e) => e.action)).toEqual(['maintenance.create', 'maintenance.update', 'maintenance.delete']);
    expect(entries[1].changedFields).toEqual(['title']);
    expect((await refusal(sut.get(ctx, record.id))).code).toBe('NOT_FOUND');
  });

  it('sends nothing and answers notified false without a failure when notify is not asked (notify off rule)', async () => {
    await subscribe(ctx, ['ann@example.com']);
    const published = await schedule(ctx);
    expect(published).toMatchObject({ notified: false, notifyFailure: null, record: { notifiedAt: null } });
    expect(smtp.messages).toHaveLength(0);
  });

  it('mails confirmed subscribers and records when (notified rule)', async () => {
    await subscribe(ctx, ['ann@example.com', 'bob@example.com']);
    const published = await schedule(ctx, {}, true);
    expect(published.notified).toBe(true);
    expect(published.notifyFailure).toBeNull();
    expect(published.record.notifiedAt).toEqual(expect.any(String));
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(smtp.messages[0].text).toContain('Database upgrade');
    expect((await sut.get(ctx, published.record.id)).notifiedAt).toBe(published.record.notifiedAt);
  });

  it('keeps the window unsent and says why when the relay refuses mail (notify failure rule)', async () => {
    await subscribe(ctx, ['ann@example.com', 'gone@example.com']);
    smtp.rejectRecipients.add('gone@example.com');
    const published = await schedule(ctx, {}, true);
    expect(published.notified).toBe(false);
    expect(published.notifyFailure).toMatchObject({ reason: 'relay_refused', failed: 1, of: 2 });
    expect(published.notifyFailure?.message).not.toContain('gone@example.com');
    expect((await sut.get(ctx, published.record.id)).notifiedAt).toBeNull();
  });

  it('answers notified true and sends nothing on a plan without subscriber notifications (plan rule)', async () => {
    const free = await newWorkspace(t, 'free');
    const page = await aPage(t, free);
    await subscribe(free, ['ann@example.com'], page.id);
    const published = await schedule(free, {}, true, page.id);
    expect(published).toMatchObject({ notified: true, notifyFailure: null });
    expect(smtp.messages).toHaveLength(0);
  });
});
