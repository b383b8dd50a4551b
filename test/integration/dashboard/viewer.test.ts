// A viewer of a workspace in the dashboard (issue #16): added by an owner through the members form,
// the viewer reads every page but is offered no control that changes anything, and a forged form
// (the viewer's own session and CSRF token) is refused by the verbs, changing nothing.
import { Database } from '../../../backend/src/database/database';
import { ApiKeysService } from '../../../backend/src/api-keys/api-keys.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { DashboardClient, givePassword, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

describe('dashboard viewer', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let slug: string;
  let owner: DashboardClient;
  let viewer: DashboardClient;
  let monitor: { id: string };

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    const ownerUser = await newMember(t, tenant.ctx, 'owner');
    monitor = await t.app
      .get(MonitorsService)
      .create(tenant.ctx, 'http', { name: 'Shop', url: 'https://shop.example', periodicity: '1m' });
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(ownerUser.email, PASSWORD)).status).toBe(303);
  });
  afterAll(() => t.close());

  it('is a role an owner gives through the members form', async () => {
    const page = await owner.get(`/app/w/${slug}/settings/members`);
    expect(textOf(page.body)).toContain('Viewer (reads, changes nothing)');
    const added = await owner.post(`/app/w/${slug}/settings/members`, { email: 'viewer@example.com', role: 'viewer' });
    expect(added.status).toBe(303);
    const [row] = await t.app.get(Database).rows<{ role: string; user_id: string }>(
      `SELECT m.role, m.user_id::text AS user_id FROM memberships m JOIN users u ON u.id = m.user_id
          WHERE m.workspace_id = $1 AND u.email = 'viewer@example.com'`,
      [tenant.ctx.workspace.id],
    );
    expect(row.role).toBe('viewer');
    await givePassword(t, row.user_id);
    viewer = new DashboardClient(t.baseUrl);
    expect((await viewer.signIn('viewer@example.com', PASSWORD)).status).toBe(303);
  });

  it('reads every page, without the controls that change things', async () => {
    for (const path of [
      '/monitors',
      `/monitors/${monitor.id}`,
      '/private-locations',
      '/escalation-policies',
      '/audit',
      '/settings',
    ]) {
      expect([path, (await viewer.get(`/app/w/${slug}${path}`)).status]).toEqual([path, 200]);
    }
    const page = await viewer.get(`/app/w/${slug}/monitors/${monitor.id}`);
    expect(page.body).not.toContain('Run check now');
    const ownerPage = await owner.get(`/app/w/${slug}/monitors/${monitor.id}`);
    expect(ownerPage.body).toContain('Run check now');
    const settings = await viewer.get(`/app/w/${slug}/settings`);
    expect(settings.body).not.toContain('Create key');
  });

  it('has its forged forms refused by the verbs, and nothing changes', async () => {
    const keysBefore = (await t.app.get(ApiKeysService).list(tenant.ctx)).length;
    await viewer.get(`/app/w/${slug}/monitors/${monitor.id}`);
    const trigger = await viewer.post(`/app/w/${slug}/monitors/${monitor.id}/trigger`, {});
    expect(trigger.status).toBe(403);
    expect(textOf(trigger.body)).toContain('Viewers of a workspace read it and change nothing');
    const triggers = await t.app.get(Database).rows('SELECT 1 FROM check_triggers WHERE monitor_id = $1', [monitor.id]);
    expect(triggers).toEqual([]);
    await viewer.get(`/app/w/${slug}/settings`);
    const key = await viewer.post(`/app/w/${slug}/settings/api-keys`, { name: 'sneaky', scope: 'write' });
    expect(key.status).toBe(403);
    await viewer.get(`/app/w/${slug}/settings/members`);
    const promote = await viewer.post(`/app/w/${slug}/settings/members`, {
      email: 'viewer@example.com',
      role: 'owner',
    });
    expect(promote.status).toBe(403);
    expect((await t.app.get(ApiKeysService).list(tenant.ctx)).length).toBe(keysBefore);
  });
});
