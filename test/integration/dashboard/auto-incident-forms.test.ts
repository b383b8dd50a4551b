// The dashboard's side of incidents opened by monitors: a monitor component's form shows and saves
// the auto-incident settings (a static component's has none), refuses them with the verb's messages
// beside their fields, and a draft report says so on its page and is published from there.
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../../backend/src/status-reports/status-reports.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

function fieldError(body: string, name: string): string | null {
  const m = new RegExp(`<p class="field-error" id="f-${name}(?:-error)?">([^<]*)</p>`).exec(body);
  return m ? textOf(m[1]).trim() : null;
}

const SETTINGS = {
  name: 'API',
  description: '',
  autoIncident: 'published',
  autoIncidentAfterMinutes: '15',
  autoIncidentNotify: 'on',
  autoIncidentTitle: '{{component}} on {{page}} is down',
  autoIncidentMessage: 'Looking into it since {{since}}.',
  // autoResolve left unchecked: off.
};

describe('dashboard auto-incident settings', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let owner: DashboardClient;
  let base: string;
  let pageId: string;
  let componentId: string;
  let staticId: string;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    base = `/app/w/${tenant.ctx.workspace.slug}/status-pages`;
    const person = await newMember(t, tenant.ctx, 'owner');
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(person.email, PASSWORD)).status).toBe(303);
    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'api',
      url: 'http://127.0.0.1:9/health',
      periodicity: '1m',
      regions: ['fly-ams'],
    });
    pageId = (await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Acme', slug: 'acme-auto' })).id;
    const components = t.app.get(PageComponentsService);
    componentId = (await components.createComponent(tenant.ctx, { pageId, type: 'monitor', monitorId: monitor.id })).id;
    staticId = (await components.createComponent(tenant.ctx, { pageId, type: 'static', name: 'Docs' })).id;
  });

  afterAll(() => t.close());

  const editPath = (id: string) => `${base}/${pageId}/components/${id}/edit`;

  it('shows the settings of a monitor component, off by default, and saves them', async () => {
    const form = await owner.get(editPath(componentId));
    expect(form.status).toBe(200);
    expect(form.body).toMatch(/name="autoIncident" value="off"\s+checked/);
    expect(form.body).toContain('value="{{component}} is down"');
    const saved = await owner.post(editPath(componentId), SETTINGS);
    expect(saved.status).toBe(303);
    expect(await t.app.get(PageComponentsService).getComponent(tenant.ctx, componentId)).toMatchObject({
      name: 'API',
      autoIncident: 'published',
      autoIncidentAfterMinutes: 15,
      autoIncidentNotify: true,
      autoIncidentTitle: '{{component}} on {{page}} is down',
      autoIncidentMessage: 'Looking into it since {{since}}.',
      autoResolve: false,
    });
    const again = await owner.get(editPath(componentId));
    expect(again.body).toMatch(/name="autoIncident" value="published"\s+checked/);
    expect(again.body).toContain('value="15"');
  });

  it('refuses bad settings beside their fields and changes nothing', async () => {
    const refused = await owner.post(editPath(componentId), {
      ...SETTINGS,
      autoIncidentAfterMinutes: '2000',
      autoIncidentTitle: '{{component}} is {{state}}',
    });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.body, 'autoIncidentAfterMinutes')).toBe('must be between 1 and 1440 minutes');
    expect(fieldError(refused.body, 'autoIncidentTitle')).toContain('unknown placeholder {{state}}');
    const notNumber = await owner.post(editPath(componentId), { ...SETTINGS, autoIncidentAfterMinutes: 'soon' });
    expect(fieldError(notNumber.body, 'autoIncidentAfterMinutes')).toBe('must be a whole number of minutes');
    expect(
      (await t.app.get(PageComponentsService).getComponent(tenant.ctx, componentId)).autoIncidentAfterMinutes,
    ).toBe(15);
  });

  it('gives a static component no auto-incident settings', async () => {
    const form = await owner.get(editPath(staticId));
    expect(form.body).not.toContain('name="autoIncident"');
    expect((await owner.post(editPath(staticId), { name: 'Docs site', description: '' })).status).toBe(303);
  });

  it('marks a draft and publishes it from its page', async () => {
    const reports = t.app.get(StatusReportsService);
    const draft = await reports.createWith(
      tenant.ctx,
      { pageId, title: 'API is down', message: 'Investigating.', pageComponentIds: [componentId], draft: true },
      false,
      { before: () => Promise.resolve(true), after: () => Promise.resolve() },
    );
    const id = draft!.record.report.id;
    const page = await owner.get(`${base}/${pageId}/reports/${id}`);
    expect(textOf(page.body)).toContain('Draft: this incident is not on the public page');
    expect(textOf((await owner.get(`${base}/${pageId}`)).body)).toContain('API is down (draft)');
    const published = await owner.post(`${base}/${pageId}/reports/${id}/publish`, {});
    expect(published.status).toBe(303);
    expect(published.location).toContain('done=draft-published');
    expect((await reports.get(tenant.ctx, id)).draft).toBe(false);
    const after = await owner.get(published.location!);
    expect(textOf(after.body)).toContain('Published the draft');
    expect(textOf(after.body)).not.toContain('Draft: this incident');
  });
});
