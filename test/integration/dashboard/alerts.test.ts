// The dashboard's alert history (issue 29) on a real server and database: the workspace's alerts with
// paging and the monitor filter, the monitor page's latest alerts, an alert's page with its history
// (the delivery with the loopback receiver's answer) and the "Acknowledge" button, which a writer's
// form posts (CSRF, no JavaScript) and a viewer neither sees nor can forge.
import { AlertsService } from '../../../backend/src/alerts/alerts.service';
import { fastDeliveries, openAlert } from '../../support/alerts';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { startReceiver, type Receiver } from '../../support/receivers';

describe('dashboard alerts', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let slug: string;
  let receiver: Receiver;
  let owner: DashboardClient;
  let viewer: DashboardClient;
  let opened: Awaited<ReturnType<typeof openAlert>>;
  let ownerId: string;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    fastDeliveries(t);
    receiver = await startReceiver();
    receiver.reply({ status: 202, body: 'queued by the receiver' });
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    opened = await openAlert(t, tenant, 'Checkout <api>', `${receiver.url}/hook`);
    owner = new DashboardClient(t.baseUrl);
    const ownerUser = await newMember(t, tenant.ctx, 'owner');
    ownerId = ownerUser.userId;
    expect((await owner.signIn(ownerUser.email, PASSWORD)).status).toBe(303);
    viewer = new DashboardClient(t.baseUrl);
    expect((await viewer.signIn((await newMember(t, tenant.ctx, 'viewer')).email, PASSWORD)).status).toBe(303);
  });

  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('lists the workspace alerts, linked from the navigation, and each monitor page shows its latest', async () => {
    const overview = await owner.get(`/app/w/${slug}/monitors`);
    expect(overview.body).toContain(`href="/app/w/${slug}/alerts"`);
    const list = await owner.get(`/app/w/${slug}/alerts`);
    expect(list.status).toBe(200);
    const text = textOf(list.body);
    expect(text).toContain('Checkout <api>');
    expect(text).toContain(`#${opened.alert.id} Open Checkout <api>`);
    // Escaped, never markup.
    expect(list.body).not.toContain('<api>');
    expect(list.body).toContain(`href="/app/w/${slug}/alerts/${opened.alert.id}"`);

    const monitorPage = await owner.get(`/app/w/${slug}/monitors/${opened.monitorId}`);
    expect(textOf(monitorPage.body)).toContain(`#${opened.alert.id} Open`);
    expect(monitorPage.body).toContain(`href="/app/w/${slug}/alerts?monitorId=${opened.monitorId}"`);
    const filtered = await owner.get(`/app/w/${slug}/alerts?monitorId=${opened.monitorId}`);
    expect(textOf(filtered.body)).toContain('Alerts of Checkout <api>');
  });

  it('pages with beforeId, and refuses a bad one naming the field', async () => {
    const other = await openAlert(t, tenant, 'Second');
    const first = textOf((await owner.get(`/app/w/${slug}/alerts`)).body);
    expect(first.indexOf(`#${other.alert.id}`)).toBeLessThan(first.indexOf(`#${opened.alert.id}`));
    const older = textOf((await owner.get(`/app/w/${slug}/alerts?beforeId=${other.alert.id}`)).body);
    expect(older).toContain(`#${opened.alert.id}`);
    expect(older).not.toContain(`#${other.alert.id}`);
    expect(older).toContain('Newest');
    const bad = await owner.get(`/app/w/${slug}/alerts?beforeId=abc`);
    expect(bad.status).toBe(400);
    expect(textOf(bad.body)).toContain('beforeId: must be an alert id');
  });

  it("shows an alert's history with the receiver's answer, and acknowledges it through the form", async () => {
    const page = await owner.get(`/app/w/${slug}/alerts/${opened.alert.id}`);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('Transition: Up → Down');
    expect(text).toContain('Checkout <api> hook');
    expect(text).toMatch(/Delivery .*delivered 1 202 queued by the receiver/);
    expect(page.body).toContain(`action="/app/w/${slug}/alerts/${opened.alert.id}/acknowledge"`);

    const posted = await owner.post(`/app/w/${slug}/alerts/${opened.alert.id}/acknowledge`, {});
    expect(posted.status).toBe(303);
    const after = await owner.follow(posted);
    expect(textOf(after.body)).toContain('Acknowledged: reminders and escalation stopped.');
    expect(after.body).not.toContain('/acknowledge"');
    const { alert, events } = await t.app.get(AlertsService).get(tenant.ctx, opened.alert.id);
    expect(alert.state).toBe('acknowledged');
    expect(events.map((e) => e.type)).toContain('acknowledged');
    // Who acknowledged it, as the verb records the person (see /tmp/bugs-alert-history.md).
    expect(alert.acknowledgedBy).toBe(`user_${ownerId}`);
    expect(textOf(after.body)).toContain(`Acknowledged user_${ownerId}`);
  });

  it('offers a viewer no button, and refuses a forged form from one', async () => {
    const fresh = await openAlert(t, tenant, 'Viewer sees');
    const page = await viewer.get(`/app/w/${slug}/alerts/${fresh.alert.id}`);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain('Transition: Up → Down');
    expect(page.body).not.toContain('/acknowledge"');
    const ownerPage = await owner.get(`/app/w/${slug}/alerts/${fresh.alert.id}`);
    expect(ownerPage.body).toContain('/acknowledge"');
    const forged = await viewer.post(`/app/w/${slug}/alerts/${fresh.alert.id}/acknowledge`, {});
    expect(forged.status).toBe(403);
    expect((await t.app.get(AlertsService).get(tenant.ctx, fresh.alert.id)).alert.state).toBe('open');
  });

  it("answers another workspace's alert as not found", async () => {
    const stranger = await newTenant(t);
    const theirs = await openAlert(t, stranger, 'Not yours');
    expect((await owner.get(`/app/w/${slug}/alerts/${theirs.alert.id}`)).status).toBe(404);
    expect((await owner.post(`/app/w/${slug}/alerts/${theirs.alert.id}/acknowledge`, {})).status).toBe(404);
    expect((await t.app.get(AlertsService).get(stranger.ctx, theirs.alert.id)).alert.state).toBe('open');
  });
});
