// Incidents opened by monitors, on a real server and database: results ingested through the agents'
// path (CheckWorkService.report) move the monitor's alert status (quorum in SQL, transitions in the
// ingest transaction), and AutoIncidentsService.sweep, driven with an explicit clock counted from when
// the monitor went down, opens and resolves the component's status report through the status-reports
// verbs. Mail goes to a loopback SMTP server. The server's own sweeper runs too, on the real clock: the
// monitors here go down "now" and every setting waits at least a minute, so it is not due while a test
// runs; a resolution it might post first is the same resolution, counted once either way.
import { AlertsRepository } from '../../../backend/src/alerts/alerts.repository';
import { AutoIncidentsService } from '../../../backend/src/auto-incidents/auto-incidents.service';
import { RetentionService } from '../../../backend/src/check-results/retention.service';
import type { CheckStatus } from '../../../backend/src/checks/check-config';
import { ValidationError } from '../../../backend/src/common/errors';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { PageComponentsService, type ComponentInput } from '../../../backend/src/status-pages/page-components.service';
import { STATUS_PAGES_PORT, type StatusPagesPort } from '../../../backend/src/status-pages/status-pages.port';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../../backend/src/status-reports/status-reports.service';
import { SubscribersService } from '../../../backend/src/subscribers/subscribers.service';
import { reportResults } from '../../support/alerts';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { eventually } from '../../support/rpc';
import { startSmtp, type TestSmtp } from '../../support/smtp';

const MINUTE = 60_000;

describe(AutoIncidentsService.name, () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let sut: AutoIncidentsService;
  let pages = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startHttpApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme Status <status@acme.test>' } });
    await t.app.get(RetentionService).maintain(new Date());
    sut = t.app.get(AutoIncidentsService);
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  interface Setup {
    tenant: Tenant;
    monitorId: string;
    pageId: string;
    componentId: string;
    subscriber: string;
  }

  /** A monitor shown by a component of a page with one confirmed subscriber; `settings` on the component. */
  async function setup(settings: Partial<ComponentInput>, name = 'Checkout API'): Promise<Setup> {
    const tenant = await newTenant(t);
    pages += 1;
    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: `${name} monitor`,
      url: 'http://127.0.0.1:9/health',
      periodicity: '1m',
      regions: ['fly-ams'],
    });
    const page = await t.app
      .get(StatusPagesService)
      .create(tenant.ctx, { title: `Acme ${pages}`, slug: `auto-${pages}` });
    const component = await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: page.id, type: 'monitor', monitorId: monitor.id, name, ...settings });
    const subscriber = `reader${pages}@example.test`;
    await t.app.get(SubscribersService).import(tenant.ctx, page.id, [subscriber], { confirmed: true });
    return { tenant, monitorId: monitor.id, pageId: page.id, componentId: component.id, subscriber };
  }

  /** One result of the monitor's only location, newer than every one before it. */
  let slot = 0;
  async function report(monitorId: string, status: CheckStatus): Promise<void> {
    slot += 1;
    await reportResults(t, [[monitorId, status]], new Date(Date.now() - 3_600_000 + slot * 1000));
  }

  /** Drives the monitor down and answers when alerting says it went down. */
  async function down(monitorId: string): Promise<Date> {
    await report(monitorId, 'error');
    const status = (await t.app.get(AlertsRepository).statusesSince([monitorId])).get(monitorId);
    expect(status?.status).toBe('error');
    return status!.since!;
  }

  const reportsOf = async (s: Setup) =>
    (await t.app.get(StatusReportsService).list(s.tenant.ctx, { pageId: s.pageId, filter: 'all' })).items;

  const auditOf = (reportId: string) =>
    t.db.rows<{ action: string; actor_type: string; actor_id: string; via: string }>(
      `SELECT action, actor_type, actor_id, via FROM audit_logs
        WHERE entity_type = 'status_report' AND entity_id = $1 ORDER BY id`,
      [reportId],
    );

  const rowsOf = (componentId: string) =>
    t.db.rows<{ outcome: string; resolution: string | null; report_id: string | null }>(
      `SELECT outcome, resolution, report_id::text AS report_id FROM auto_incidents WHERE component_id = $1 ORDER BY id`,
      [componentId],
    );

  const publicReports = (pageId: string) =>
    t.app.get<StatusPagesPort>(STATUS_PAGES_PORT).publicReports(pageId, { unresolved: true });

  it('opens a published report once after the minutes, mails it, and resolves it once on recovery', async () => {
    const s = await setup({
      autoIncident: 'published',
      autoIncidentAfterMinutes: 1,
      autoIncidentNotify: true,
      autoIncidentTitle: '{{component}} down on {{page}}',
      autoIncidentMessage: 'Since {{since}} ({{monitor}}).',
    });
    const since = await down(s.monitorId);

    await sut.sweep(new Date(since.getTime() + MINUTE - 1000));
    expect(await reportsOf(s)).toEqual([]);

    // Two sweeps at once (as two API nodes would): the unique key lets one of them open it.
    const at = new Date(since.getTime() + MINUTE);
    await Promise.all([sut.sweep(at), sut.sweep(at), sut.sweep(at)]);
    await sut.sweep(new Date(at.getTime() + 5 * MINUTE));
    const [opened, ...more] = await reportsOf(s);
    expect(more).toEqual([]);
    const sinceText = `${since.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(opened).toMatchObject({
      title: `Checkout API down on Acme ${pages}`,
      status: 'investigating',
      draft: false,
      pageComponentIds: [s.componentId],
      updates: [{ status: 'investigating', message: `Since ${sinceText} (Checkout API monitor).` }],
    });
    expect(await auditOf(opened.id)).toEqual([
      { action: 'status_report.create', actor_type: 'system', actor_id: 'auto-incident', via: 'system' },
    ]);
    expect((await publicReports(s.pageId)).map((r) => r.id)).toEqual([opened.id]);
    await eventually(
      () => Promise.resolve(smtp.to(s.subscriber).length),
      (n) => n === 1,
    );
    expect(smtp.to(s.subscriber)[0].subject).toContain('Checkout API down');

    await report(s.monitorId, 'success');
    const later = new Date(at.getTime() + 10 * MINUTE);
    await Promise.all([sut.sweep(later), sut.sweep(later)]);
    await sut.sweep(new Date(later.getTime() + MINUTE));
    const [resolved, ...none] = await reportsOf(s);
    expect(none).toEqual([]);
    expect(resolved.status).toBe('resolved');
    expect(resolved.updates.map((u) => [u.status, u.message])).toEqual([
      ['investigating', `Since ${sinceText} (Checkout API monitor).`],
      ['resolved', 'Checkout API has recovered and is operational again.'],
    ]);
    expect((await auditOf(resolved.id)).map((a) => [a.action, a.actor_id])).toEqual([
      ['status_report.create', 'auto-incident'],
      ['status_report.add_update', 'auto-incident'],
    ]);
    expect(await rowsOf(s.componentId)).toEqual([
      { outcome: 'opened', resolution: 'resolved', report_id: resolved.id },
    ]);
    await eventually(
      () => Promise.resolve(smtp.to(s.subscriber).length),
      (n) => n === 2,
    );

    // Down again: a new incident, a new report.
    const again = await down(s.monitorId);
    await sut.sweep(new Date(again.getTime() + MINUTE));
    expect((await reportsOf(s)).map((r) => r.status)).toEqual(['investigating', 'resolved']);
  });

  it('mails nobody when notify is off, and opens a draft that stays off the public page', async () => {
    const quiet = await setup({ autoIncident: 'published', autoIncidentAfterMinutes: 2 });
    const draft = await setup({ autoIncident: 'draft', autoIncidentAfterMinutes: 2, autoIncidentNotify: true });
    const sinceQuiet = await down(quiet.monitorId);
    const sinceDraft = await down(draft.monitorId);
    const at = new Date(Math.max(sinceQuiet.getTime(), sinceDraft.getTime()) + 2 * MINUTE);
    await sut.sweep(at);

    const [quietReport] = await reportsOf(quiet);
    expect(quietReport).toMatchObject({ title: 'Checkout API is down', draft: false });
    expect(quietReport.updates[0].message).toMatch(/^We are investigating an outage of Checkout API since \d{4}-/);
    const [draftReport] = await reportsOf(draft);
    expect(draftReport).toMatchObject({ title: 'Checkout API is down', draft: true, status: 'investigating' });
    expect(await publicReports(draft.pageId)).toEqual([]);

    await report(draft.monitorId, 'success');
    await report(quiet.monitorId, 'success');
    await sut.sweep(new Date(at.getTime() + MINUTE));
    const [draftResolved] = await reportsOf(draft);
    expect(draftResolved).toMatchObject({ status: 'resolved', draft: true });
    expect((await reportsOf(quiet))[0].status).toBe('resolved');
    // Give a mail that should not come the time it would take to come.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...smtp.to(quiet.subscriber), ...smtp.to(draft.subscriber)]).toEqual([]);

    // A person publishes the draft; it is then public like any report.
    const published = await t.app
      .get(StatusReportsService)
      .update(draft.tenant.ctx, draftResolved.id, { draft: false }, ['draft']);
    expect(published.draft).toBe(false);
    await expect(
      t.app.get(StatusReportsService).update(draft.tenant.ctx, draftResolved.id, { draft: true }),
    ).rejects.toThrow(new ValidationError('draft: cannot be set on a published report; only a draft can be published'));
  });

  it('leaves the report for a person when auto_resolve is off', async () => {
    const s = await setup({ autoIncident: 'published', autoIncidentAfterMinutes: 1, autoResolve: false });
    const since = await down(s.monitorId);
    await sut.sweep(new Date(since.getTime() + MINUTE));
    await report(s.monitorId, 'success');
    await sut.sweep(new Date(since.getTime() + 3 * MINUTE));
    await sut.sweep(new Date(since.getTime() + 4 * MINUTE));
    const [left] = await reportsOf(s);
    expect(left.status).toBe('investigating');
    expect(left.updates).toHaveLength(1);
    expect(await rowsOf(s.componentId)).toEqual([{ outcome: 'opened', resolution: 'left', report_id: left.id }]);
  });

  it("does not duplicate a person's report, open or opened since the monitor went down, and says so once", async () => {
    const reports = t.app.get(StatusReportsService);
    const open = await setup({ autoIncident: 'published', autoIncidentAfterMinutes: 1 });
    const theirs = await reports.create(
      open.tenant.ctx,
      { pageId: open.pageId, title: 'Payments are slow', message: 'Looking.', pageComponentIds: [open.componentId] },
      false,
    );
    const sinceOpen = await down(open.monitorId);
    await sut.sweep(new Date(sinceOpen.getTime() + MINUTE));
    await sut.sweep(new Date(sinceOpen.getTime() + 2 * MINUTE));
    expect((await reportsOf(open)).map((r) => r.id)).toEqual([theirs.record.report.id]);
    expect(await rowsOf(open.componentId)).toEqual([
      { outcome: 'existing', resolution: null, report_id: theirs.record.report.id },
    ]);

    // Opened and already resolved by a person during the outage: still theirs.
    const done = await setup({ autoIncident: 'published', autoIncidentAfterMinutes: 5 });
    const sinceDone = await down(done.monitorId);
    const quick = await reports.create(
      done.tenant.ctx,
      { pageId: done.pageId, title: 'Blip', message: 'Seen it.', pageComponentIds: [done.componentId] },
      false,
    );
    await reports.resolve(done.tenant.ctx, quick.record.report.id, 'Over.', false);
    await sut.sweep(new Date(sinceDone.getTime() + 5 * MINUTE));
    expect((await reportsOf(done)).map((r) => r.id)).toEqual([quick.record.report.id]);

    // A report resolved before the monitor went down is not this incident's: one is opened.
    await report(done.monitorId, 'success');
    const sinceNext = await down(done.monitorId);
    await sut.sweep(new Date(sinceNext.getTime() + 5 * MINUTE));
    expect(await reportsOf(done)).toHaveLength(2);
  });

  it('opens nothing while a maintenance window covers the monitor, and opens it if still down after', async () => {
    const s = await setup({ autoIncident: 'published', autoIncidentAfterMinutes: 1 });
    const since = await down(s.monitorId);
    await t.app.get(MaintenancesService).create(
      s.tenant.ctx,
      {
        pageId: s.pageId,
        title: 'Database upgrade',
        from: new Date(since.getTime() - MINUTE),
        to: new Date(since.getTime() + 10 * MINUTE),
        pageComponentIds: [s.componentId],
      },
      false,
    );
    await sut.sweep(new Date(since.getTime() + 5 * MINUTE));
    expect(await reportsOf(s)).toEqual([]);
    await sut.sweep(new Date(since.getTime() + 10 * MINUTE));
    expect(await reportsOf(s)).toHaveLength(1);
  });

  it('opens nothing for a component left off, the default', async () => {
    const s = await setup({});
    const component = await t.app.get(PageComponentsService).getComponent(s.tenant.ctx, s.componentId);
    expect(component).toMatchObject({
      autoIncident: 'off',
      autoIncidentAfterMinutes: 5,
      autoIncidentNotify: false,
      autoIncidentTitle: '{{component}} is down',
      autoIncidentMessage: 'We are investigating an outage of {{component}} since {{since}}.',
      autoResolve: true,
    });
    const since = await down(s.monitorId);
    await sut.sweep(new Date(since.getTime() + 24 * 60 * MINUTE));
    expect(await reportsOf(s)).toEqual([]);
    expect(await rowsOf(s.componentId)).toEqual([]);
  });

  it('refuses settings out of bounds, naming the field and the bound', async () => {
    const s = await setup({});
    const components = t.app.get(PageComponentsService);
    const update = (patch: Partial<ComponentInput>) => components.updateComponent(s.tenant.ctx, s.componentId, patch);
    await expect(update({ autoIncidentAfterMinutes: 0 })).rejects.toThrow(
      'autoIncidentAfterMinutes: must be between 1 and 1440 minutes',
    );
    await expect(update({ autoIncidentAfterMinutes: 1441 })).rejects.toThrow(
      'autoIncidentAfterMinutes: must be between 1 and 1440 minutes',
    );
    await expect(update({ autoIncidentTitle: '{{component}} is {{state}}' })).rejects.toThrow(
      'autoIncidentTitle: has an unknown placeholder {{state}}; may only use the placeholders {{component}}, {{monitor}}, {{since}}, {{page}}',
    );
    await expect(update({ autoIncidentMessage: 'Hi {{who}}' })).rejects.toThrow(
      'autoIncidentMessage: has an unknown placeholder {{who}}',
    );
    await expect(update({ autoIncidentTitle: 'x'.repeat(257) })).rejects.toThrow(
      'autoIncidentTitle: must be 1 to 256 characters',
    );
    await expect(update({ autoIncidentMessage: 'x'.repeat(2001) })).rejects.toThrow(
      'autoIncidentMessage: must be 1 to 2000 characters',
    );
    await expect(update({ autoIncident: 'loud' as never })).rejects.toThrow(
      'autoIncident: must be one of off, draft, published',
    );
    const staticOne = components.createComponent(s.tenant.ctx, {
      pageId: s.pageId,
      type: 'static',
      name: 'Docs',
      autoIncident: 'draft',
    });
    await expect(staticOne).rejects.toThrow('autoIncident: must be off when type is static');
  });
});
