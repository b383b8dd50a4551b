// What the dashboard says after publishing (issue 25, point 2) on a server without SMTP: the notice
// reports what the verb answered (the mail could not be sent, and why) for an incident, its update,
// its resolution and a maintenance, and says nothing about mail when none was asked for. The page a
// report or maintenance is on is the verb's rule: another page's id in the URL is 404.
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../../backend/src/status-reports/status-reports.service';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

const NOT_SENT =
  'the mail to subscribers could not be sent: e-mail is not configured on this server (the operator sets SMTP_URL to turn it on).';

/**
 * The notices of a page about what was just done, as `kind: text` (standing notices, such as the one
 * that says e-mail is off beside the subscribers, are left out).
 */
function notices(body: string): string[] {
  return [...body.matchAll(/<div class="notice (\w+)" role="\w+">([\s\S]*?)<\/div>/g)]
    .map((m) => `${m[1]}: ${textOf(m[2]).trim()}`)
    .filter((n) => /^\w+: (Published|Posted|Resolved|Scheduled|Saved|Deleted) /.test(n));
}

describe('dashboard notices after publishing, without SMTP', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let owner: DashboardClient;
  let base: string;
  let pageId: string;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    base = `/app/w/${tenant.ctx.workspace.slug}/status-pages`;
    pageId = (
      await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'No mail', slug: `no-mail-${Date.now()}` })
    ).id;
    const person = await newMember(t, tenant.ctx, 'owner');
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(person.email, PASSWORD)).status).toBe(303);
  });
  afterAll(async () => {
    await t.close();
  });

  it('says the incident, its update and its resolution were published and the mail could not be sent', async () => {
    const path = `${base}/${pageId}`;
    await owner.get(`${path}/reports/new`);
    const published = await owner.post(`${path}/reports/new`, {
      title: 'Checkout errors',
      status: 'investigating',
      message: 'Looking into it.',
      notify: 'on',
    });
    expect(published.status).toBe(303);
    const reportId = /reports\/(\d+)\?/.exec(published.location ?? '')![1];
    expect(notices((await owner.follow(published)).body)).toEqual([`warning: Published the incident; ${NOT_SENT}`]);

    const updated = await owner.post(`${path}/reports/${reportId}/updates`, {
      status: 'identified',
      message: 'Found it.',
      notify: 'on',
    });
    expect(notices((await owner.follow(updated)).body)).toEqual([`warning: Posted the update; ${NOT_SENT}`]);

    const resolved = await owner.post(`${path}/reports/${reportId}/updates`, {
      status: 'resolved',
      message: 'Fixed.',
      notify: 'on',
    });
    const page = await owner.follow(resolved);
    expect(notices(page.body)).toEqual([`warning: Resolved the incident; ${NOT_SENT}`]);
    expect(textOf(page.body)).not.toContain('mailed to subscribers');
    const report = await t.app.get(StatusReportsService).get(tenant.ctx, reportId);
    expect(report.status).toBe('resolved');
    expect(report.updates.map((u) => u.notifiedAt)).toEqual([null, null, null]);

    // No mail asked: nothing said about mail.
    const quiet = await owner.post(`${path}/reports/${reportId}/updates`, {
      status: 'monitoring',
      message: 'Watching.',
    });
    expect(notices((await owner.follow(quiet)).body)).toEqual(['success: Posted the update.']);
  });

  it('says the maintenance was scheduled and the mail could not be sent', async () => {
    const path = `${base}/${pageId}/maintenances`;
    await owner.get(`${path}/new`);
    const window = { title: 'Database upgrade', from: '2030-01-02T10:00', to: '2030-01-02T11:00' };
    const scheduled = await owner.post(`${path}/new`, { ...window, notify: 'on' });
    expect(scheduled.status).toBe(303);
    expect(notices((await owner.follow(scheduled)).body)).toEqual([`warning: Scheduled the maintenance; ${NOT_SENT}`]);
    const quiet = await owner.post(`${path}/new`, { ...window, title: 'Quiet window' });
    expect(notices((await owner.follow(quiet)).body)).toEqual(['success: Scheduled the maintenance.']);
  });

  it('shows no words a crafted link puts in the URL', async () => {
    const crafted = await owner.get(`${base}/${pageId}?done=maintenance&mail=you%20were%20hacked&reason=evil`);
    expect(notices(crafted.body)).toEqual(['success: Scheduled the maintenance.']);
  });

  it('answers 404 for a report or maintenance of another page of the workspace', async () => {
    const other = (
      await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Other', slug: `other-${Date.now()}` })
    ).id;
    const { id: reportId } = (
      await t.app
        .get(StatusReportsService)
        .create(tenant.ctx, { pageId: other, title: 'Elsewhere', message: 'On the other page.' }, false)
    ).record.report;
    const { id: maintenanceId } = (
      await t.app.get(MaintenancesService).create(
        tenant.ctx,
        {
          pageId: other,
          title: 'Other window',
          from: new Date('2030-03-01T10:00Z'),
          to: new Date('2030-03-01T11:00Z'),
        },
        false,
      )
    ).record;
    const wrong = `${base}/${pageId}`;
    await owner.get(wrong);
    expect((await owner.get(`${wrong}/reports/${reportId}`)).status).toBe(404);
    const post = await owner.post(`${wrong}/reports/${reportId}/updates`, { status: 'resolved', message: 'Hijack.' });
    expect(post.status).toBe(404);
    for (const p of ['edit', 'delete']) {
      expect([p, (await owner.get(`${wrong}/maintenances/${maintenanceId}/${p}`)).status]).toEqual([p, 404]);
    }
    await owner.get(wrong);
    const edit = await owner.post(`${wrong}/maintenances/${maintenanceId}/edit`, {
      title: 'Hijacked',
      from: '2030-03-01T10:00',
      to: '2030-03-01T12:00',
    });
    expect(edit.status).toBe(404);
    expect((await owner.post(`${wrong}/maintenances/${maintenanceId}/delete`, {})).status).toBe(404);

    const report = await t.app.get(StatusReportsService).get(tenant.ctx, reportId);
    expect([report.status, report.updates.length]).toEqual(['investigating', 1]);
    expect((await t.app.get(MaintenancesService).get(tenant.ctx, maintenanceId)).title).toBe('Other window');
    // On its own page the same ids work.
    expect((await owner.get(`${base}/${other}/reports/${reportId}`)).status).toBe(200);
    expect((await owner.get(`${base}/${other}/maintenances/${maintenanceId}/edit`)).status).toBe(200);
  });
});
