// The dashboard's private locations and audit log pages over HTTP (issue #16): an agent's status,
// last report, monitors and metadata with the command line to run it (never its token); the audit
// log filtered by entity and actor with each change's before and after; plans without the audit log;
// another workspace's slug.
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { PrivateLocationsRepository } from '../../../backend/src/private-locations/private-locations.repository';
import { PrivateLocationsService } from '../../../backend/src/private-locations/private-locations.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

describe('dashboard private locations and audit log', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let free: Tenant;
  let slug: string;
  let owner: { userId: string; email: string };
  let browser: DashboardClient;
  let monitor: { id: string };
  let seen: { id: string; token: string | null };
  let idle: { id: string; token: string | null };

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    free = await newTenant(t, 'free');
    slug = tenant.ctx.workspace.slug;
    owner = await newMember(t, tenant.ctx, 'owner');
    await newMember(t, free.ctx, 'owner');
    const monitors = t.app.get(MonitorsService);
    monitor = await monitors.create(tenant.ctx, 'http', {
      name: 'Intranet <wiki>',
      url: 'http://wiki.lan/',
      periodicity: '1m',
    });
    await monitors.update(tenant.ctx, 'http', monitor.id, { name: 'Intranet wiki', timeout: 5_000 });
    const locations = t.app.get(PrivateLocationsService);
    seen = await locations.create(tenant.ctx, {
      name: 'Basement rack',
      monitorIds: [monitor.id],
      metadata: { site: 'Lyon', owner: 'ops' },
    });
    idle = await locations.create(tenant.ctx, { name: 'Branch office' });
    await t.app.get(PrivateLocationsRepository).markSeen(seen.id, new Date());
    browser = new DashboardClient(t.baseUrl);
    expect((await browser.signIn(owner.email, PASSWORD)).status).toBe(303);
  });

  afterAll(() => t.close());

  it('lists private locations with their agent status, monitors and metadata, never a token', async () => {
    const page = await browser.get(`/app/w/${slug}/private-locations`);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toMatch(
      /Basement rack · id \d+ Reporting \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC Intranet wiki site Lyon owner ops/,
    );
    expect(text).toMatch(/Branch office · id \d+ Never seen never none —/);
    expect(page.body).toContain(`href="/app/w/${slug}/monitors/${monitor.id}"`);
    expect(text).toContain(`API_URL=${t.baseUrl} AGENT_TOKEN=<the location's svc_plt_ token> npm run agent`);
    for (const token of [seen.token, idle.token]) {
      expect(token).toMatch(/^svc_plt_/);
      expect(page.body).not.toContain(token!);
    }
  });

  it('shows what each change did, newest first, with before and after', async () => {
    const page = await browser.get(`/app/w/${slug}/audit`);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    const update = text.indexOf('monitor.update of monitor');
    const create = text.indexOf('monitor.create of monitor');
    expect(update).toBeGreaterThan(-1);
    expect(create).toBeGreaterThan(update);
    expect(text).toContain('name "Intranet <wiki>" "Intranet wiki"');
    expect(text).toContain('timeout 45000 5000');
    expect(text).toContain('private_location.create of private_location');
    expect(page.body).not.toContain(seen.token!);
  });

  it('filters by entity and by actor', async () => {
    const byEntity = textOf((await browser.get(`/app/w/${slug}/audit?entityType=monitor&entityId=${monitor.id}`)).body);
    expect(byEntity).toContain('monitor.update');
    expect(byEntity).not.toContain('private_location.create');
    // A key created in the dashboard is the owner's doing: their entries, by their user id.
    await browser.get(`/app/w/${slug}/settings`);
    expect(
      (await browser.post(`/app/w/${slug}/settings/api-keys`, { name: 'audit probe', scope: 'read' })).status,
    ).toBe(200);
    const byActor = await browser.get(`/app/w/${slug}/audit?actor=${owner.userId}`);
    const actorText = textOf(byActor.body);
    expect(actorText).toContain(`api_key.create of api_key`);
    expect(actorText).toContain(`by ${owner.email}`);
    expect(actorText).not.toContain('monitor.update');
    const nobody = textOf((await browser.get(`/app/w/${slug}/audit?actor=someone-else`)).body);
    expect(nobody).toContain('No entry matches.');
    const bad = await browser.get(`/app/w/${slug}/audit?entityId=${monitor.id}`);
    expect(bad.status).toBe(400);
    expect(textOf(bad.body)).toContain('entityId: needs entityType');
  });

  it('says the plan has no audit log', async () => {
    const other = new DashboardClient(t.baseUrl);
    const freeOwner = await newMember(t, free.ctx, 'owner');
    expect((await other.signIn(freeOwner.email, PASSWORD)).status).toBe(303);
    const page = await other.get(`/app/w/${free.ctx.workspace.slug}/audit`);
    expect(page.status).toBe(409);
    expect(textOf(page.body)).toContain('The audit log needs a plan with the audit-log feature');
  });

  it("answers 404 for another workspace's pages", async () => {
    for (const path of ['/private-locations', '/audit']) {
      expect((await browser.get(`/app/w/${free.ctx.workspace.slug}${path}`)).status).toBe(404);
    }
  });
});
