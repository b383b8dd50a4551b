// Private locations managed from the dashboard (issue #16): create one (its token shown on that answer
// only, and working for its agent), edit its name, monitors and metadata, rotate its token (the old one
// stops working), delete it after a confirmation naming its monitors. Viewers get none of it.
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { PrivateLocationsService } from '../../../backend/src/private-locations/private-locations.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

const TOKEN = /<code class="secret" id="new-token">([^<]+)<\/code>/;

describe('dashboard private locations', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let owner: DashboardClient;
  let base: string;
  let monitor: { id: string };
  let locations: PrivateLocationsService;

  /** Whether the agent API takes a token: a claim answers 200 for a valid one, 401 otherwise. */
  const agentAccepts = async (token: string) =>
    (
      await fetch(`${t.baseUrl}/agent/v1/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ agentId: 'dashboard-test', max: 1, lookaheadMs: 0 }),
      })
    ).status;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    base = `/app/w/${tenant.ctx.workspace.slug}/private-locations`;
    locations = t.app.get(PrivateLocationsService);
    monitor = await t.app
      .get(MonitorsService)
      .create(tenant.ctx, 'http', { name: 'Intranet', url: 'https://intranet.example', periodicity: '1m' });
    const person = await newMember(t, tenant.ctx, 'owner');
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(person.email, PASSWORD)).status).toBe(303);
  });
  afterAll(() => t.close());

  it('creates a location and shows its token once, ready for the agent', async () => {
    await owner.get(base);
    const created = await owner.post(base, { name: 'Basement', [`monitor.${monitor.id}`]: 'on', metadata: 'rack: b4' });
    expect(created.status).toBe(201);
    const token = TOKEN.exec(created.body)![1];
    expect(token).toMatch(/^svc_plt_/);
    expect(created.body).toContain(`AGENT_TOKEN=${token} npm run agent`);
    expect(await agentAccepts(token)).toBe(200);
    const [location] = (await locations.list(tenant.ctx, {})).items;
    expect(location).toMatchObject({ name: 'Basement', monitorIds: [monitor.id], metadata: { rack: 'b4' } });
    const again = await owner.get(base);
    expect(again.body).not.toContain(token);
  });

  it('shows the verb messages on the create form', async () => {
    await owner.get(base);
    const refused = await owner.post(base, { name: '', metadata: 'no colon' });
    expect(refused.status).toBe(400);
    expect(textOf(refused.body)).toContain('line 1: must be "key: value"');
    const empty = await owner.post(base, { name: ' ', metadata: '' });
    expect(empty.status).toBe(400);
    expect(textOf(empty.body)).toContain('is required');
  });

  it('edits, rotates the token (the old one stops working) and deletes after a confirmation', async () => {
    const location = await locations.create(tenant.ctx, { name: 'Lab', monitorIds: [monitor.id] });
    const edit = await owner.get(`${base}/${location.id}/edit`);
    expect(edit.status).toBe(200);
    expect(edit.body).toMatch(new RegExp(`name="monitor\\.${monitor.id}"\\s+checked`));
    const saved = await owner.post(`${base}/${location.id}/edit`, { name: 'Lab 2', metadata: 'floor: 3' });
    expect(saved.status).toBe(303);
    expect(await locations.get(tenant.ctx, location.id)).toMatchObject({
      name: 'Lab 2',
      monitorIds: [],
      metadata: { floor: '3' },
    });

    await owner.get(base);
    const rotated = await owner.post(`${base}/${location.id}/rotate`, { id: location.id });
    expect(rotated.status).toBe(200);
    const fresh = TOKEN.exec(rotated.body)![1];
    expect(fresh).not.toBe(location.token);
    expect(await agentAccepts(location.token!)).toBe(401);
    expect(await agentAccepts(fresh)).toBe(200);

    await locations.update(tenant.ctx, location.id, { monitorIds: [monitor.id] });
    const confirm = await owner.get(`${base}/${location.id}/delete`);
    expect(textOf(confirm.body)).toContain('These monitors stop running from it');
    expect(textOf(confirm.body)).toContain('Intranet');
    const deleted = await owner.post(`${base}/${location.id}/delete`, {});
    expect(deleted.status).toBe(303);
    await expect(locations.get(tenant.ctx, location.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await agentAccepts(fresh)).toBe(401);
  });

  it('answers not found for another workspace’s location and monitors, and gives a viewer no form', async () => {
    const other = await newTenant(t);
    const theirs = await locations.create(other.ctx, { name: 'Theirs' });
    const theirMonitor = await t.app
      .get(MonitorsService)
      .create(other.ctx, 'http', { name: 'Theirs', url: 'https://theirs.example', periodicity: '1m' });
    for (const path of ['/edit', '/delete']) {
      expect([path, (await owner.get(`${base}/${theirs.id}${path}`)).status]).toEqual([path, 404]);
    }
    for (const path of ['/edit', '/rotate', '/delete']) {
      await owner.get(base);
      expect([path, (await owner.post(`${base}/${theirs.id}${path}`, { name: 'x' })).status]).toEqual([path, 404]);
    }
    await owner.get(base);
    const stolen = await owner.post(base, { name: 'Mine', [`monitor.${theirMonitor.id}`]: 'on' });
    expect(stolen.status).toBe(404);
    expect(await locations.get(other.ctx, theirs.id)).toMatchObject({ name: 'Theirs' });

    const person = await newMember(t, tenant.ctx, 'viewer');
    const viewer = new DashboardClient(t.baseUrl);
    await viewer.signIn(person.email, PASSWORD);
    const page = await viewer.get(base);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Create location');
    expect(page.body).not.toContain('Rotate token');
    const before = (await locations.list(tenant.ctx, {})).totalSize;
    expect((await viewer.post(base, { name: 'Forged' })).status).toBe(403);
    expect((await locations.list(tenant.ctx, {})).totalSize).toBe(before);
  });
});
