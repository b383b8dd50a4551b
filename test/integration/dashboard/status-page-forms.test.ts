// The dashboard's status pages (issue #16): create and edit a page (access, theme, locales, custom
// domain), components and groups with their order, incidents with and without mail to subscribers,
// subscribers (import, remove), and deletion naming what goes. Mail goes to a real SMTP server on
// loopback; a viewer gets no form, and a forged one changes nothing.
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../../backend/src/status-reports/status-reports.service';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import { SubscribersService } from '../../../backend/src/subscribers/subscribers.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { startSmtp, type TestSmtp } from '../../support/smtp';

function fieldError(body: string, name: string): string | null {
  const m = new RegExp(`<p class="field-error" id="f-${name}(?:-error)?">([^<]*)</p>`).exec(body);
  return m ? textOf(m[1]).trim() : null;
}

const PAGE_FORM = {
  title: 'Acme status',
  slug: 'acme-dash',
  description: 'Everything Acme runs',
  homepageUrl: 'https://acme.example',
  contactUrl: '',
  icon: '',
  accessType: 'public',
  password: '',
  authEmailDomains: '',
  allowedIpRanges: '',
  allowIndex: 'on',
  theme: 'ocean',
  customLight: '',
  customDark: '',
  defaultLocale: 'en',
  'locale.en': 'on',
  'locale.fr': 'on',
  customDomain: 'status.acme.example',
};

describe('dashboard status pages', () => {
  let smtp: TestSmtp;
  let t: HttpTestApp;
  let tenant: Tenant;
  let slug: string;
  let owner: DashboardClient;
  let pages: StatusPagesService;
  let base: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startHttpApp({ port: await freePort(), env: { SMTP_URL: smtp.url } });
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    base = `/app/w/${slug}/status-pages`;
    pages = t.app.get(StatusPagesService);
    const person = await newMember(t, tenant.ctx, 'owner');
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(person.email, PASSWORD)).status).toBe(303);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('creates a page with its access, theme, languages and custom domain', async () => {
    const list = await owner.get(base);
    expect(list.status).toBe(200);
    expect(list.body).toContain(`href="${base}/new"`);
    const form = await owner.get(`${base}/new`);
    expect(form.body).toContain('theme-preview light');
    expect(form.body).toContain('theme-preview dark');
    const created = await owner.post(`${base}/new`, PAGE_FORM);
    expect(created.status).toBe(303);
    const id = /status-pages\/(\d+)\?done=created$/.exec(created.location ?? '')![1];
    expect(await pages.get(tenant.ctx, id)).toMatchObject({
      title: 'Acme status',
      slug: 'acme-dash',
      homepageUrl: 'https://acme.example',
      contactUrl: null,
      accessType: 'public',
      theme: 'ocean',
      customTheme: null,
      defaultLocale: 'en',
      locales: ['en', 'fr'],
      customDomain: 'status.acme.example',
      allowIndex: true,
    });
    const detail = await owner.follow(created);
    expect(textOf(detail.body)).toContain('Created the status page.');
    const edit = await owner.get(`${base}/${id}/edit`);
    expect(edit.body).toContain('status.acme.example.  CNAME  127.0.0.1.');
  });

  it('puts the verb messages on the fields: slug, password, theme overrides', async () => {
    await owner.get(`${base}/new`);
    const refused = await owner.post(`${base}/new`, {
      ...PAGE_FORM,
      slug: 'Not A Slug',
      accessType: 'password',
      customLight: '--bg: url(https://evil.example/x.png)',
      homepageUrl: 'javascript:alert(1)',
    });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.body, 'slug')).toBe(
      'must be lower-case letters, digits and single dashes, e.g. acme-status',
    );
    expect(fieldError(refused.body, 'password')).toBe('is required when accessType is password');
    expect(fieldError(refused.body, 'homepageUrl')).toBe('must be an http or https URL');
    expect(fieldError(refused.body, 'customLight')).toMatch(/^--bg: must be a colour/);
    expect(refused.body).toContain('id="error-summary"');
  });

  it('keeps a password out of the form it shows again, and stores it when the page saves', async () => {
    await owner.get(`${base}/new`);
    const refused = await owner.post(`${base}/new`, {
      ...PAGE_FORM,
      slug: 'private-dash',
      accessType: 'password',
      password: 'a secret of many words',
      title: '',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).not.toContain('a secret of many words');
    const saved = await owner.post(`${base}/new`, {
      ...PAGE_FORM,
      slug: 'private-dash',
      customDomain: '',
      accessType: 'password',
      password: 'a secret of many words',
    });
    expect(saved.status).toBe(303);
    const id = /status-pages\/(\d+)/.exec(saved.location ?? '')![1];
    expect(await pages.get(tenant.ctx, id)).toMatchObject({ accessType: 'password', passwordSet: true });
    const edit = await owner.get(`${base}/${id}/edit`);
    expect(textOf(edit.body)).toContain('A password is set');
  });

  it('serves the theme preview stylesheet with only sanitized values', async () => {
    const q = new URLSearchParams({ theme: 'forest', light: '--accent: #6d28d9\n--bg: red;}body{x:url(y)', dark: '' });
    const css = await fetch(`${t.baseUrl}/app/assets/theme-preview.css?${q.toString()}`).then((r) => r.text());
    expect(css).toContain('.theme-preview.light{');
    expect(css).toContain('--accent:#6d28d9');
    expect(css).not.toContain('url(');
    expect(css).not.toContain('body{');
  });

  it('adds components and groups, orders them, and removes them', async () => {
    const page = await pages.create(tenant.ctx, { title: 'Order page', slug: 'order-dash' });
    const monitor = await t.app
      .get(MonitorsService)
      .create(tenant.ctx, 'http', { name: 'Web shop', url: 'https://shop.example', periodicity: '1m' });
    const path = `${base}/${page.id}`;
    await owner.get(path);
    expect((await owner.post(`${path}/groups`, { name: 'Core' })).status).toBe(303);
    const [group] = await t.app.get(PageComponentsService).listGroups(tenant.ctx, page.id);
    const added = await owner.post(`${path}/components`, {
      type: 'monitor',
      monitorId: monitor.id,
      name: '',
      description: '',
      groupId: '',
    });
    expect(added.status).toBe(303);
    await owner.post(`${path}/components`, { type: 'static', monitorId: '', name: 'Support desk', groupId: group.id });
    const missing = await owner.post(`${path}/components`, { type: 'monitor', monitorId: '', name: 'Nothing' });
    expect(missing.status).toBe(400);
    expect(fieldError(missing.body, 'monitorId')).toBe('is required when type is monitor');

    const components = t.app.get(PageComponentsService);
    let listed = await components.listComponents(tenant.ctx, page.id);
    expect(listed.map((c) => [c.name || 'monitor', c.order])).toEqual([
      ['monitor', 1],
      ['Support desk', 2],
    ]);
    const detail = await owner.get(path);
    expect(textOf(detail.body)).toContain('Web shop');
    const [shop, desk] = listed;
    const arranged = await owner.post(`${path}/components/arrange`, {
      [`order.${shop.id}`]: '5',
      [`group.${shop.id}`]: group.id,
      [`groupOrder.${shop.id}`]: '2',
      [`order.${desk.id}`]: '1',
      [`group.${desk.id}`]: group.id,
      [`groupOrder.${desk.id}`]: '1',
    });
    expect(arranged.status).toBe(303);
    listed = await components.listComponents(tenant.ctx, page.id);
    expect(listed.find((c) => c.id === shop.id)).toMatchObject({ order: 5, groupId: group.id, groupOrder: 2 });
    expect(listed.find((c) => c.id === desk.id)).toMatchObject({ order: 1, groupId: group.id, groupOrder: 1 });
    const bad = await owner.post(`${path}/components/arrange`, { [`order.${shop.id}`]: 'first' });
    expect(bad.status).toBe(400);
    expect(textOf(bad.body)).toContain('Positions must be whole numbers.');

    expect((await owner.post(`${path}/components/delete`, { id: desk.id })).status).toBe(303);
    expect((await components.listComponents(tenant.ctx, page.id)).map((c) => c.id)).toEqual([shop.id]);
  });

  it('publishes an incident with mail to the subscribers, and an update without', async () => {
    const page = await pages.create(tenant.ctx, { title: 'Incident page', slug: 'incident-dash' });
    const component = await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: page.id, type: 'static', name: 'API' });
    await t.app.get(SubscribersService).import(tenant.ctx, page.id, ['reader@example.com'], { confirmed: true });
    const path = `${base}/${page.id}`;
    const form = await owner.get(`${path}/reports/new`);
    expect(form.status).toBe(200);
    const published = await owner.post(`${path}/reports/new`, {
      title: 'API errors',
      status: 'investigating',
      message: 'We are looking into failed requests.',
      [`component.${component.id}`]: 'on',
      notify: 'on',
    });
    expect(published.status).toBe(303);
    const reportId = /reports\/(\d+)\?done=published&mail=sent$/.exec(published.location ?? '')![1];
    expect(textOf((await owner.follow(published)).body)).toContain(
      'Published the incident and mailed the subscribers.',
    );
    // The page answers after the dispatch: the mail is already at the SMTP server.
    const [mail] = smtp.to('reader@example.com');
    expect(mail.subject).toContain('API errors');
    expect(mail.text).toContain('We are looking into failed requests.');
    const report = await t.app.get(StatusReportsService).get(tenant.ctx, reportId);
    expect(report).toMatchObject({ title: 'API errors', status: 'investigating', pageComponentIds: [component.id] });
    expect(report.updates[0].notifiedAt).not.toBeNull();

    const before = smtp.messages.length;
    const updated = await owner.post(`${path}/reports/${reportId}/updates`, {
      status: 'resolved',
      message: 'Fixed.',
    });
    expect(updated.status).toBe(303);
    const shown = await owner.follow(updated);
    // No mail was asked: the notice says nothing about mail.
    expect(textOf(shown.body)).toContain('Resolved the incident.');
    expect(textOf(shown.body)).not.toMatch(/mailed the subscribers|could not be sent/);
    const after = await t.app.get(StatusReportsService).get(tenant.ctx, reportId);
    expect(after.status).toBe('resolved');
    expect(after.updates.at(-1)!.notifiedAt).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(before);

    const empty = await owner.post(`${path}/reports/new`, { title: '', status: 'investigating', message: '' });
    expect(empty.status).toBe(400);
    expect(fieldError(empty.body, 'title')).not.toBeNull();
  });

  it('schedules, edits and deletes a maintenance, mailing the subscribers when asked', async () => {
    const page = await pages.create(tenant.ctx, { title: 'Window page', slug: 'window-dash' });
    const component = await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: page.id, type: 'static', name: 'Database' });
    await t.app.get(SubscribersService).import(tenant.ctx, page.id, ['ops-reader@example.com'], { confirmed: true });
    const path = `${base}/${page.id}/maintenances`;
    expect((await owner.get(`${path}/new`)).status).toBe(200);
    const backwards = await owner.post(`${path}/new`, {
      title: 'Upgrade',
      from: '2030-01-02T10:00',
      to: '2030-01-02T09:00',
    });
    expect(backwards.status).toBe(400);
    expect(fieldError(backwards.body, 'to')).toBe('must be after from');
    const garbled = await owner.post(`${path}/new`, { title: 'Upgrade', from: 'tomorrow', to: '' });
    expect(fieldError(garbled.body, 'from')).toBe('must be a valid timestamp');
    expect(fieldError(garbled.body, 'to')).toBe('is required');

    const scheduled = await owner.post(`${path}/new`, {
      title: 'Database upgrade',
      message: 'Writes pause for a minute.',
      from: '2030-01-02T10:00',
      to: '2030-01-02T11:30',
      [`component.${component.id}`]: 'on',
      notify: 'on',
    });
    expect(scheduled.status).toBe(303);
    const maintenances = t.app.get(MaintenancesService);
    const [m] = (await maintenances.list(tenant.ctx, { pageId: page.id })).items;
    expect(m).toMatchObject({
      title: 'Database upgrade',
      from: '2030-01-02T10:00:00.000Z',
      to: '2030-01-02T11:30:00.000Z',
      pageComponentIds: [component.id],
    });
    expect(m.notifiedAt).not.toBeNull();
    expect(smtp.to('ops-reader@example.com')[0].subject).toContain('Database upgrade');
    const detail = await owner.follow(scheduled);
    expect(textOf(detail.body)).toContain('Scheduled the maintenance and mailed the subscribers.');

    const edit = await owner.get(`${path}/${m.id}/edit`);
    expect(edit.body).toContain('value="2030-01-02T10:00"');
    expect(
      (
        await owner.post(`${path}/${m.id}/edit`, {
          title: 'Database upgrade',
          from: '2030-01-02T10:00',
          to: '2030-01-02T12:00',
        })
      ).status,
    ).toBe(303);
    expect(await maintenances.get(tenant.ctx, m.id)).toMatchObject({
      to: '2030-01-02T12:00:00.000Z',
      pageComponentIds: [],
    });
    const confirm = await owner.get(`${path}/${m.id}/delete`);
    expect(textOf(confirm.body)).toContain('Delete Database upgrade?');
    expect((await owner.post(`${path}/${m.id}/delete`, {})).status).toBe(303);
    await expect(maintenances.get(tenant.ctx, m.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('says so when the relay refused some of the mail of an incident', async () => {
    const page = await pages.create(tenant.ctx, { title: 'Refused page', slug: 'refused-dash' });
    await t.app
      .get(SubscribersService)
      .import(tenant.ctx, page.id, ['kept@example.com', 'bounced@example.com'], { confirmed: true });
    smtp.rejectRecipients.add('bounced@example.com');
    try {
      const path = `${base}/${page.id}`;
      await owner.get(`${path}/reports/new`);
      const published = await owner.post(`${path}/reports/new`, {
        title: 'Half delivered',
        status: 'investigating',
        message: 'One mailbox refuses.',
        notify: 'on',
      });
      expect(published.location).toMatch(/\?done=published&mail=relay_refused&failed=1&of=2$/);
      expect(textOf((await owner.follow(published)).body)).toContain(
        'Published the incident; the mail to subscribers could not be sent: the mail relay did not accept 1 of 2 e-mails; the server log has the details.',
      );
      expect(smtp.to('kept@example.com')).toHaveLength(1);
    } finally {
      smtp.rejectRecipients.clear();
    }
  });

  it('imports and removes subscribers', async () => {
    const page = await pages.create(tenant.ctx, { title: 'Mail page', slug: 'mail-dash' });
    const path = `${base}/${page.id}/subscribers`;
    await owner.get(path);
    const imported = await owner.post(`${path}/import`, {
      emails: 'one@example.com\ntwo@example.com, one@example.com',
    });
    expect(imported.status).toBe(303);
    const list = await owner.follow(imported);
    expect(textOf(list.body)).toContain('Imported: 2 added');
    expect(smtp.to('two@example.com')).toHaveLength(1);
    const bad = await owner.post(`${path}/import`, { emails: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(fieldError(bad.body, 'emails')).toMatch(/^not-an-address: /);
    const subscribers = await t.app.get(SubscribersService).list(tenant.ctx, page.id);
    const one = subscribers.items.find((s) => s.email === 'one@example.com')!;
    expect((await owner.post(`${path}/remove`, { id: one.id })).status).toBe(303);
    const afterRemove = await t.app.get(SubscribersService).list(tenant.ctx, page.id);
    expect(afterRemove.items.map((s) => s.email)).toEqual(['two@example.com']);
    expect((await owner.post(`${path}/remove`, { id: one.id })).status).toBe(404);
  });

  it('confirms a deletion naming what goes with the page', async () => {
    const page = await pages.create(tenant.ctx, { title: 'Doomed page', slug: 'doomed-dash' });
    await t.app.get(PageComponentsService).createComponent(tenant.ctx, { pageId: page.id, type: 'static', name: 'A' });
    await t.app.get(SubscribersService).import(tenant.ctx, page.id, ['x@example.com'], { confirmed: true });
    const confirm = await owner.get(`${base}/${page.id}/delete`);
    const text = textOf(confirm.body);
    expect(text).toContain('Delete Doomed page?');
    expect(text).toContain('1 component');
    expect(text).toContain('1 subscriber');
    const deleted = await owner.post(`${base}/${page.id}/delete`, {});
    expect(deleted.status).toBe(303);
    await expect(pages.get(tenant.ctx, page.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers not found for a page of another workspace, and gives a viewer no form', async () => {
    const other = await newTenant(t);
    const theirs = await pages.create(other.ctx, { title: 'Theirs', slug: `theirs-${Date.now()}` });
    for (const p of ['', '/edit', '/delete', '/reports/new', '/subscribers']) {
      expect([p, (await owner.get(`${base}/${theirs.id}${p}`)).status]).toEqual([p, 404]);
    }
    await owner.get(base);
    expect((await owner.post(`${base}/${theirs.id}/delete`, {})).status).toBe(404);
    expect((await owner.post(`${base}/${theirs.id}/components`, { type: 'static', name: 'x' })).status).toBe(404);

    const mine = await pages.create(tenant.ctx, { title: 'Read only', slug: 'viewer-dash' });
    const person = await newMember(t, tenant.ctx, 'viewer');
    const viewer = new DashboardClient(t.baseUrl);
    await viewer.signIn(person.email, PASSWORD);
    const list = await viewer.get(base);
    expect(list.body).not.toContain('New status page');
    const detail = await viewer.get(`${base}/${mine.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).not.toContain('Add component');
    expect(detail.body).not.toContain(`${mine.id}/edit`);
    for (const p of ['/new', `/${mine.id}/edit`, `/${mine.id}/delete`, `/${mine.id}/reports/new`]) {
      expect([p, (await viewer.get(`${base}${p}`)).status]).toEqual([p, 403]);
    }
    expect((await viewer.post(`${base}/${mine.id}/components`, { type: 'static', name: 'Forged' })).status).toBe(403);
    expect((await viewer.post(`${base}/${mine.id}/delete`, {})).status).toBe(403);
    expect(await t.app.get(PageComponentsService).listComponents(tenant.ctx, mine.id)).toEqual([]);
    expect((await pages.get(tenant.ctx, mine.id)).title).toBe('Read only');
  });
});
