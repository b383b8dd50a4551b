// The dashboard's monitor forms (issue #16): create monitors of the five kinds, edit them, delete them
// after a confirmation naming what goes with them. A refused form comes back with the values sent and
// the verb's message beside the field; a viewer gets no form and a forged one changes nothing.
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import { PrivateLocationsService } from '../../../backend/src/private-locations/private-locations.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

/** The message shown beside a field (the paragraph tied to it with aria-describedby). */
function fieldError(body: string, name: string): string | null {
  const m = new RegExp(`<p class="field-error" id="f-${name.replace('.', '\\.')}(?:-error)?">([^<]*)</p>`).exec(body);
  return m ? textOf(m[1]).trim() : null;
}

function inputValue(body: string, name: string): string | null {
  const m = new RegExp(`name="${name}"\\s+type="text"\\s+value="([^"]*)"`).exec(body);
  return m ? m[1] : null;
}

function textareaValue(body: string, name: string): string | null {
  const m = new RegExp(`<textarea[^>]*name="${name}"[^>]*>\\n?([^<]*)</textarea`).exec(body);
  return m
    ? m[1]
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
    : null;
}

const HTTP_FORM = {
  name: 'Shop API',
  description: 'The public API',
  url: 'https://shop.example/health',
  method: 'POST',
  headers: 'X-Probe: yes\nAccept: application/json',
  body: '{"ping":true}',
  followRedirects: 'on',
  periodicity: '5m',
  active: 'on',
  'region.fly-ams': 'on',
  'region.koyeb-fra': 'on',
  timeout: '10000',
  retry: '2',
  degradedAt: '',
  alertQuorum: '1',
  tags: 'shop, team:payments ,',
  statusCodeAssertions: 'eq 200',
  bodyAssertions: 'contains ok\nnot_empty',
  headerAssertions: 'content-type contains json',
  otelEndpoint: '',
  otelHeaders: '',
};

describe('dashboard monitor forms', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let slug: string;
  let owner: DashboardClient;
  let monitors: MonitorsService;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    monitors = t.app.get(MonitorsService);
    const person = await newMember(t, tenant.ctx, 'admin');
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(person.email, PASSWORD)).status).toBe(303);
  });
  afterAll(() => t.close());

  const base = () => `/app/w/${slug}/monitors`;

  it('offers "New monitor" on the overview and a form for each kind', async () => {
    const overview = await owner.get(base());
    expect(overview.body).toContain(`href="${base()}/new"`);
    for (const [kind, label] of [
      ['http', 'URL'],
      ['tcp', 'host:port'],
      ['dns', 'a domain name'],
      ['icmp', 'without a port'],
      ['grpc', 'grpc.health.v1.Health/Check'],
    ]) {
      const page = await owner.get(`${base()}/new?kind=${kind}`);
      expect([kind, page.status]).toEqual([kind, 200]);
      expect(page.body).toContain(label);
      expect(page.body).toContain(`action="${base()}/new?kind=${kind}"`);
    }
    expect((await owner.get(`${base()}/new?kind=smtp`)).status).toBe(400);
  });

  it('creates an HTTP monitor with every setting of the form', async () => {
    await owner.get(`${base()}/new?kind=http`);
    const created = await owner.post(`${base()}/new?kind=http`, HTTP_FORM);
    expect(created.status).toBe(303);
    const id = /monitors\/(\d+)\?created=1$/.exec(created.location ?? '')![1];
    const page = await owner.follow(created);
    expect(textOf(page.body)).toContain('Created the monitor.');
    expect(await monitors.get(tenant.ctx, id)).toMatchObject({
      kind: 'http',
      name: 'Shop API',
      description: 'The public API',
      url: 'https://shop.example/health',
      method: 'POST',
      body: '{"ping":true}',
      headers: [
        { key: 'X-Probe', value: 'yes' },
        { key: 'Accept', value: 'application/json' },
      ],
      followRedirects: true,
      periodicity: '5m',
      active: true,
      public: false,
      regions: ['fly-ams', 'koyeb-fra'],
      timeout: 10000,
      retry: 2,
      degradedAtComputed: true,
      alertQuorum: 1,
      tags: ['shop', 'team:payments'],
      statusCodeAssertions: [{ comparator: 'eq', target: 200 }],
      bodyAssertions: [
        { comparator: 'contains', target: 'ok' },
        { comparator: 'not_empty', target: '' },
      ],
      headerAssertions: [{ key: 'content-type', comparator: 'contains', target: 'json' }],
      openTelemetry: null,
    });
  });

  it('shows the verb messages beside the fields and keeps what was typed', async () => {
    await owner.get(`${base()}/new?kind=http`);
    const before = (await monitors.list(tenant.ctx, {})).totalSize;
    const refused = await owner.post(`${base()}/new?kind=http`, {
      ...HTTP_FORM,
      name: 'Bad\u0007name',
      url: 'ftp://shop.example',
      headers: 'X-Empty:',
      timeout: '999999999',
    });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.body, 'name')).toBe('must not contain control characters');
    expect(fieldError(refused.body, 'url')).toBe('must be an http or https URL');
    expect(fieldError(refused.body, 'headers')).toBe('line 1: value is required');
    expect(fieldError(refused.body, 'timeout')).toMatch(/^must be between 0 and \d+$/);
    expect(refused.body).toContain('id="error-summary"');
    expect(refused.body).toContain('href="#f-url"');
    expect(inputValue(refused.body, 'url')).toBe('ftp://shop.example');
    expect(textareaValue(refused.body, 'bodyAssertions')).toBe('contains ok\nnot_empty');
    expect((await monitors.list(tenant.ctx, {})).totalSize).toBe(before);
  });

  it('says which line of a list it could not read', async () => {
    await owner.get(`${base()}/new?kind=http`);
    const refused = await owner.post(`${base()}/new?kind=http`, {
      ...HTTP_FORM,
      headers: 'Accept: */*\nno colon here',
      statusCodeAssertions: 'eq 200\nabout 300',
      retry: 'three',
    });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.body, 'headers')).toBe('line 2: must be "Name: value"');
    expect(fieldError(refused.body, 'statusCodeAssertions')).toBe(
      'line 2: starts with a comparison: eq, neq, gt, gte, lt, lte',
    );
    expect(fieldError(refused.body, 'retry')).toBe('must be a whole number');
  });

  it('says which tag the verb refused', async () => {
    await owner.get(`${base()}/new?kind=http`);
    const refused = await owner.post(`${base()}/new?kind=http`, { ...HTTP_FORM, tags: `fine, ${'x'.repeat(65)}` });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.body, 'tags')).toBe('tag 2: must be at most 64 characters');
    expect(inputValue(refused.body, 'tags')).toBe(`fine, ${'x'.repeat(65)}`);
    const repeated = await owner.post(`${base()}/new?kind=http`, { ...HTTP_FORM, tags: 'a, a' });
    expect(fieldError(repeated.body, 'tags')).toBe('must not repeat a tag');
  });

  it('puts a plan limit on its field', async () => {
    const free = await newTenant(t, 'free');
    const person = await newMember(t, free.ctx, 'owner');
    const browser = new DashboardClient(t.baseUrl);
    await browser.signIn(person.email, PASSWORD);
    const path = `/app/w/${free.ctx.workspace.slug}/monitors/new?kind=http`;
    await browser.get(path);
    const refused = await browser.post(path, { ...HTTP_FORM, periodicity: '30s' });
    expect(refused.status).toBe(403);
    expect(fieldError(refused.body, 'periodicity')).toMatch(/plan allows checks every \d+ minutes at most/);
  });

  it('creates TCP, DNS, ICMP and gRPC monitors', async () => {
    const common = { periodicity: '1m', active: 'on', 'region.fly-iad': 'on', timeout: '5000', retry: '0' };
    const cases: Array<{ kind: string; fields: Record<string, string>; expected: object }> = [
      { kind: 'tcp', fields: { name: 'Database', uri: '127.0.0.1:5432' }, expected: { uri: '127.0.0.1:5432' } },
      {
        kind: 'dns',
        fields: { name: 'Zone', uri: 'example.com', recordAssertions: 'a eq 192.0.2.1\nTXT contains v=spf1' },
        expected: {
          uri: 'example.com',
          recordAssertions: [
            { record: 'A', comparator: 'eq', target: '192.0.2.1' },
            { record: 'TXT', comparator: 'contains', target: 'v=spf1' },
          ],
        },
      },
      { kind: 'icmp', fields: { name: 'Router', uri: '127.0.0.1' }, expected: { uri: '127.0.0.1' } },
      {
        kind: 'grpc',
        fields: {
          name: 'Orders',
          uri: 'orders.internal:443',
          grpcService: 'orders.v1.Orders',
          grpcTls: 'on',
          grpcMetadata: 'authorization: Bearer abc',
          grpcExpectedStatus: 'SERVING',
        },
        expected: {
          uri: 'orders.internal:443',
          grpc: {
            service: 'orders.v1.Orders',
            tls: true,
            metadata: [{ key: 'authorization', value: 'Bearer abc' }],
            expectedStatus: 'SERVING',
          },
        },
      },
    ];
    for (const c of cases) {
      await owner.get(`${base()}/new?kind=${c.kind}`);
      const created = await owner.post(`${base()}/new?kind=${c.kind}`, { ...common, ...c.fields });
      expect([c.kind, created.status, fieldError(created.body, 'uri')]).toEqual([c.kind, 303, null]);
      const id = /monitors\/(\d+)\?created=1$/.exec(created.location ?? '')![1];
      expect(await monitors.get(tenant.ctx, id)).toMatchObject({ kind: c.kind, regions: ['fly-iad'], ...c.expected });
    }
    await owner.get(`${base()}/new?kind=tcp`);
    const refused = await owner.post(`${base()}/new?kind=tcp`, { ...common, name: 'No port', uri: 'db.example.com' });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.body, 'uri')).toBe('must be host:port with a port from 1 to 65535');
  });

  it('edits a monitor: the form shows what is stored, and saving replaces it', async () => {
    const m = await monitors.create(tenant.ctx, 'http', {
      name: 'Docs',
      url: 'https://docs.example',
      periodicity: '10m',
      regions: ['fly-ams', 'fly-sin'],
      headers: [{ key: 'X-Team', value: 'docs' }],
      statusCodeAssertions: [{ comparator: 'lt', target: 400 }],
      openTelemetry: { endpoint: 'https://otel.example/v1/metrics', headers: [{ key: 'x-key', value: 'k' }] },
      tags: ['docs', 'public'],
      active: true,
    });
    const form = await owner.get(`${base()}/${m.id}/edit`);
    expect(form.status).toBe(200);
    expect(inputValue(form.body, 'name')).toBe('Docs');
    expect(inputValue(form.body, 'tags')).toBe('docs, public');
    expect(textareaValue(form.body, 'headers')).toBe('X-Team: docs');
    expect(textareaValue(form.body, 'statusCodeAssertions')).toBe('lt 400');
    expect(inputValue(form.body, 'otelEndpoint')).toBe('https://otel.example/v1/metrics');
    expect(form.body).toMatch(/id="f-region\.fly-sin"\s+name="region\.fly-sin"\s+checked/);
    expect(form.body).not.toMatch(/id="f-region\.fly-iad"\s+name="region\.fly-iad"\s+checked/);

    const saved = await owner.post(`${base()}/${m.id}/edit`, {
      name: 'Docs site',
      url: 'https://docs.example/',
      method: 'GET',
      periodicity: '10m',
      'region.fly-sin': 'on',
      timeout: '45000',
      retry: '3',
      alertQuorum: '0',
      degradedAt: '2000',
      headers: '',
      statusCodeAssertions: 'lt 400',
      otelEndpoint: '',
      otelHeaders: '',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toMatch(new RegExp(`/monitors/${m.id}\\?saved=1$`));
    expect(textOf((await owner.follow(saved)).body)).toContain('Saved the changes.');
    expect(await monitors.get(tenant.ctx, m.id)).toMatchObject({
      name: 'Docs site',
      url: 'https://docs.example/',
      regions: ['fly-sin'],
      headers: [],
      tags: [],
      active: false,
      degradedAt: 2000,
      degradedAtComputed: false,
      openTelemetry: null,
    });
  });

  it('confirms a deletion naming the channels and private locations that lose the monitor', async () => {
    const m = await monitors.create(tenant.ctx, 'http', {
      name: 'Checkout',
      url: 'https://checkout.example',
      periodicity: '1m',
    });
    await t.app.get(NotificationsService).create(tenant.ctx, {
      name: 'Ops hook',
      providerType: 'webhook',
      monitorIds: [m.id],
      provider: { kind: 'webhook', args: { endpoint: 'https://hooks.example/ops', headers: [] } },
    });
    await t.app.get(PrivateLocationsService).create(tenant.ctx, { name: 'Basement rack', monitorIds: [m.id] });
    const monitorPage = await owner.get(`${base()}/${m.id}`);
    expect(monitorPage.body).toContain(`href="${base()}/${m.id}/delete"`);
    const confirm = await owner.get(`${base()}/${m.id}/delete`);
    expect(confirm.status).toBe(200);
    const text = textOf(confirm.body);
    expect(text).toContain('Delete Checkout?');
    expect(text).toContain('its link to the notification channel Ops hook');
    expect(text).toContain('its assignment to the private location Basement rack');
    const deleted = await owner.post(`${base()}/${m.id}/delete`, {});
    expect(deleted.status).toBe(303);
    expect(textOf((await owner.follow(deleted)).body)).toContain('Deleted the monitor.');
    await expect(monitors.get(tenant.ctx, m.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await owner.get(`${base()}/${m.id}/delete`)).status).toBe(404);
  });

  it('refuses to delete a monitor a status page shows, and names the component', async () => {
    const m = await monitors.create(tenant.ctx, 'http', {
      name: 'Payments',
      url: 'https://pay.example',
      periodicity: '1m',
    });
    const page = await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Acme status', slug: `acme-${m.id}` });
    await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: page.id, type: 'monitor', monitorId: m.id, name: 'Card payments' });
    const confirm = await owner.get(`${base()}/${m.id}/delete`);
    const text = textOf(confirm.body);
    expect(text).toContain('cannot be deleted yet');
    expect(text).toContain('the component Card payments of the status page Acme status');
    expect(confirm.body).not.toContain(`action="${base()}/${m.id}/delete"`);
    const forced = await owner.post(`${base()}/${m.id}/delete`, {});
    expect(forced.status).toBe(409);
    expect((await monitors.get(tenant.ctx, m.id)).name).toBe('Payments');
  });

  it('answers not found for a monitor of another workspace on every form', async () => {
    const other = await newTenant(t);
    const theirs = await monitors.create(other.ctx, 'http', {
      name: 'Theirs',
      url: 'https://theirs.example',
      periodicity: '1m',
    });
    for (const path of [`${base()}/${theirs.id}/edit`, `${base()}/${theirs.id}/delete`]) {
      expect([path, (await owner.get(path)).status]).toEqual([path, 404]);
    }
    await owner.get(base());
    expect((await owner.post(`${base()}/${theirs.id}/edit`, { ...HTTP_FORM, name: 'Mine now' })).status).toBe(404);
    expect((await owner.post(`${base()}/${theirs.id}/delete`, {})).status).toBe(404);
    expect((await monitors.get(other.ctx, theirs.id)).name).toBe('Theirs');
  });

  it('shows a viewer no monitor credential on any page; a writer edits them as stored', async () => {
    const headers = [
      { key: 'Authorization', value: 'Bearer SECRET-form-authorization' },
      { key: 'Accept', value: 'application/json' },
    ];
    const openTelemetry = {
      endpoint: 'https://otel.example/v1/metrics',
      headers: [{ key: 'x-honeycomb-team', value: 'SECRET-form-otel' }],
    };
    const http = await monitors.create(tenant.ctx, 'http', {
      name: 'Billing',
      url: 'https://billing.example',
      periodicity: '10m',
      headers,
      openTelemetry,
    });
    const metadata = [
      { key: 'x-api-key', value: 'SECRET-form-grpc' },
      { key: 'x-tenant', value: 'blue' },
    ];
    const grpc = await monitors.create(tenant.ctx, 'grpc', {
      name: 'Billing gRPC',
      uri: 'billing.example:443',
      periodicity: '10m',
      grpc: { metadata },
    });
    const person = await newMember(t, tenant.ctx, 'viewer');
    const viewer = new DashboardClient(t.baseUrl);
    await viewer.signIn(person.email, PASSWORD);
    for (const id of [http.id, grpc.id]) {
      const page = await viewer.get(`${base()}/${id}`);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain('SECRET');
      const form = await viewer.get(`${base()}/${id}/edit`);
      expect(form.status).toBe(403);
      expect(form.body).not.toContain('SECRET');
    }
    // A form the viewer sends that does not parse comes back as a form: with what they sent, nothing stored.
    const refused = await viewer.post(`${base()}/${http.id}/edit`, { ...HTTP_FORM, headers: 'no colon' });
    expect(refused.status).toBe(400);
    expect(refused.body).not.toContain('SECRET');

    // A writer's form shows the stored values, and saving it unchanged keeps them.
    const form = await owner.get(`${base()}/${http.id}/edit`);
    expect(textareaValue(form.body, 'headers')).toBe(
      'Authorization: Bearer SECRET-form-authorization\nAccept: application/json',
    );
    expect(textareaValue(form.body, 'otelHeaders')).toBe('x-honeycomb-team: SECRET-form-otel');
    const saved = await owner.post(`${base()}/${http.id}/edit`, {
      name: 'Billing',
      url: 'https://billing.example',
      method: 'GET',
      periodicity: '10m',
      'region.fly-ams': 'on',
      timeout: '45000',
      retry: '3',
      alertQuorum: '0',
      degradedAt: '',
      headers: textareaValue(form.body, 'headers')!,
      otelEndpoint: inputValue(form.body, 'otelEndpoint')!,
      otelHeaders: textareaValue(form.body, 'otelHeaders')!,
    });
    expect(saved.status).toBe(303);
    expect(await monitors.get(tenant.ctx, http.id)).toMatchObject({ headers, openTelemetry });
    const grpcForm = await owner.get(`${base()}/${grpc.id}/edit`);
    expect(textareaValue(grpcForm.body, 'grpcMetadata')).toBe('x-api-key: SECRET-form-grpc\nx-tenant: blue');
  });

  it('gives a viewer no form, and refuses what a forged one sends', async () => {
    const m = await monitors.create(tenant.ctx, 'http', {
      name: 'Status',
      url: 'https://status.example',
      periodicity: '1m',
    });
    const person = await newMember(t, tenant.ctx, 'viewer');
    const viewer = new DashboardClient(t.baseUrl);
    await viewer.signIn(person.email, PASSWORD);
    const overview = await viewer.get(base());
    expect(overview.body).not.toContain('New monitor');
    const page = await viewer.get(`${base()}/${m.id}`);
    expect(page.body).not.toContain(`${m.id}/edit`);
    expect(page.body).not.toContain(`${m.id}/delete`);
    for (const path of [`${base()}/new`, `${base()}/${m.id}/edit`, `${base()}/${m.id}/delete`]) {
      expect([path, (await viewer.get(path)).status]).toEqual([path, 403]);
    }
    const before = (await monitors.list(tenant.ctx, {})).totalSize;
    expect((await viewer.post(`${base()}/new?kind=http`, HTTP_FORM)).status).toBe(403);
    expect((await viewer.post(`${base()}/${m.id}/edit`, { ...HTTP_FORM, name: 'Forged' })).status).toBe(403);
    expect((await viewer.post(`${base()}/${m.id}/delete`, {})).status).toBe(403);
    expect((await monitors.list(tenant.ctx, {})).totalSize).toBe(before);
    expect((await monitors.get(tenant.ctx, m.id)).name).toBe('Status');
  });
});
