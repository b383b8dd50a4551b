// status_page.v1.StatusPageService end to end: pages, components, groups and the daily summary.
import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { StatusPageEntity } from '../../backend/src/status-pages/status-page.entity';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { insideToday, storeResult } from '../support/results';
import { rpcError, withKey } from '../support/rpc';

describe('StatusPageService', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let sut: Client<typeof StatusPageService>;
  let monitors: Client<typeof MonitorService>;
  let slugs = 0;
  const transport = (key: string) =>
    createConnectTransport({
      baseUrl: `${t.baseUrl}/rpc`,
      httpVersion: '1.1',
      useBinaryFormat: true,
      interceptors: [withKey(key)],
    });
  const pagesFor = (key: string) => createClient(StatusPageService, transport(key));
  const slug = () => `status-${++slugs}-${Date.now()}`;
  const newPage = async (client = sut, extra: Record<string, unknown> = {}) =>
    (await client.createStatusPage({ statusPage: { title: 'Acme status', slug: slug(), ...extra } })).statusPage!;
  const newMonitor = async (client = monitors) =>
    (
      await client.createHTTPMonitor({
        monitor: { name: 'API', url: 'https://api.example.com', periodicity: Periodicity.PERIODICITY_1M },
      })
    ).monitor!;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    sut = pagesFor(tenant.writeKey);
    monitors = createClient(MonitorService, transport(tenant.writeKey));
  });

  afterAll(() => t.close());

  describe('status pages', () => {
    it('creates a page with defaults and reads it back', async () => {
      const page = await newPage();
      expect(page).toMatchObject({
        title: 'Acme status',
        description: '',
        accessType: 'public',
        theme: 'default',
        defaultLocale: 'en',
        allowIndex: true,
        published: true,
        passwordSet: false,
      });
      expect(page.createdAt).toBeDefined();
      expect((await sut.getStatusPage({ id: page.id })).statusPage).toEqual(page);
    });

    it('keeps every field', async () => {
      const page = await newPage(sut, {
        description: 'All systems',
        homepageUrl: 'https://acme.example.com',
        contactUrl: 'https://acme.example.com/contact',
        icon: 'https://acme.example.com/icon.png',
        customDomain: 'Status.Acme-Example.com',
        accessType: 'email-domain',
        authEmailDomains: ['Acme.example.com'],
        theme: 'ocean',
        customTheme: { light: { '--color-primary': '#0055ff' }, dark: { '--color-primary': '#88aaff' } },
        defaultLocale: 'de',
        locales: ['en', 'de'],
        allowIndex: false,
        embedOrigins: ['https://WWW.Acme-Example.com/', 'http://localhost:5173'],
      });
      expect(page).toMatchObject({
        customDomain: 'status.acme-example.com',
        accessType: 'email-domain',
        authEmailDomains: ['acme.example.com'],
        customTheme: { light: { '--color-primary': '#0055ff' }, dark: { '--color-primary': '#88aaff' } },
        locales: ['en', 'de'],
        allowIndex: false,
        embedOrigins: ['https://www.acme-example.com', 'http://localhost:5173'],
      });
    });

    it.each([
      [{ title: '' }, 'title: must be 1 to 256 characters'],
      [{ title: 't'.repeat(257) }, 'title: must be 1 to 256 characters'],
      [{ slug: 's'.repeat(257) }, 'slug: must be 1 to 256 characters'],
      [{ slug: 'Not URL safe!' }, 'slug: must be lower-case letters, digits and single dashes'],
      [{ description: 'd'.repeat(1025) }, 'description: must be at most 1024 characters'],
      [{ homepageUrl: 'javascript:alert(1)' }, 'homepageUrl: must be an http or https URL'],
      [{ accessType: 'secret' }, 'accessType: must be one of public, password, email-domain, ip-restriction'],
      [{ accessType: 'password' }, 'password: is required when accessType is password'],
      [{ accessType: 'password', password: 'short' }, 'password: must be 8 to 256 characters'],
      [{ accessType: 'email-domain' }, 'authEmailDomains: is required when accessType is email-domain'],
      [{ accessType: 'ip-restriction' }, 'allowedIpRanges: is required when accessType is ip-restriction'],
      [
        { accessType: 'ip-restriction', allowedIpRanges: '10.0.0.0/8,300.1.1.1/24' },
        'allowedIpRanges: must be comma-separated IPv4 CIDR',
      ],
      [
        { accessType: 'ip-restriction', allowedIpRanges: '10.0.0.0/33' },
        'allowedIpRanges: must be comma-separated IPv4 CIDR',
      ],
      [{ customDomain: 'not a domain' }, 'customDomain: must be a host name'],
      [{ defaultLocale: 'fr', locales: ['en', 'de'] }, 'defaultLocale: must be one of locales'],
      [{ customTheme: { light: { color: 'red' } } }, 'customTheme.light'],
      [{ embedOrigins: ['https://acme.example.com/status'] }, 'embedOrigins.0: must be an https origin'],
      [{ embedOrigins: ['http://acme.example.com'] }, 'embedOrigins.0: must be an https origin'],
      [
        { embedOrigins: Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`) },
        'embedOrigins: must have at most 10 entries',
      ],
    ])('refuses %j', async (patch, message) => {
      const error = await rpcError(sut.createStatusPage({ statusPage: { title: 'x', slug: slug(), ...patch } }));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toContain(message);
    });

    it('requires a unique slug and custom domain', async () => {
      const page = await newPage(sut, { customDomain: `s${slugs}.example.com` });
      const sameSlug = await rpcError(sut.createStatusPage({ statusPage: { title: 'x', slug: page.slug } }));
      expect(sameSlug.code).toBe(Code.AlreadyExists);
      expect(sameSlug.rawMessage).toContain('slug:');
      const other = pagesFor((await newTenant(t)).writeKey);
      const sameDomain = await rpcError(
        other.createStatusPage({ statusPage: { title: 'x', slug: slug(), customDomain: page.customDomain } }),
      );
      expect(sameDomain.code).toBe(Code.AlreadyExists);
    });

    it('stores the password only as a hash and never returns it', async () => {
      const page = await newPage(sut, { accessType: 'password', password: 'correct horse battery' });
      expect(page.passwordSet).toBe(true);
      expect(page.password).toBeUndefined();
      const row = await t.db.repo(StatusPageEntity).findOneByOrFail({ id: page.id });
      expect(row.passwordHash).toMatch(/^scrypt\$/);
      expect(row.passwordHash).not.toContain('correct horse');
      const audit = await t.db.repo(AuditLogEntity).findBy({ entityType: 'status_page', entityId: page.id });
      expect(JSON.stringify(audit)).not.toContain('correct horse');
      const renamed = await sut.updateStatusPage({ id: page.id, statusPage: { title: 'Renamed' } });
      expect(renamed.statusPage).toMatchObject({ title: 'Renamed', accessType: 'password', passwordSet: true });
      const opened = await sut.updateStatusPage({ id: page.id, statusPage: { accessType: 'public' } });
      expect(opened.statusPage?.passwordSet).toBe(false);
    });

    it('updates partially and clears with a mask', async () => {
      const page = await newPage(sut, { description: 'before', homepageUrl: 'https://a.example.com', locales: ['en'] });
      const renamed = (await sut.updateStatusPage({ id: page.id, statusPage: { title: 'After' } })).statusPage!;
      expect(renamed).toEqual({ ...page, title: 'After', updatedAt: renamed.updatedAt });
      const cleared = (
        await sut.updateStatusPage({
          id: page.id,
          statusPage: {},
          updateMask: create(FieldMaskSchema, { paths: ['homepage_url', 'locales', 'description'] }),
        })
      ).statusPage!;
      expect(cleared).toMatchObject({ homepageUrl: '', locales: [], description: '', title: 'After' });
    });

    it('gates custom themes by plan', async () => {
      const free = pagesFor((await newTenant(t, 'free')).writeKey);
      const error = await rpcError(
        free.createStatusPage({
          statusPage: { title: 'x', slug: slug(), customTheme: { light: { '--accent': '#000' } } },
        }),
      );
      expect(error.code).toBe(Code.PermissionDenied);
      expect(error.rawMessage).toBe('Upgrade for custom themes');
    });

    it('lists newest first with bounds, and deletes', async () => {
      const own = pagesFor((await newTenant(t)).writeKey);
      const a = await newPage(own);
      const b = await newPage(own);
      const list = await own.listStatusPages({});
      expect(list.totalSize).toBe(2);
      expect(list.statusPages.map((p) => p.id)).toEqual([b.id, a.id]);
      expect((await own.listStatusPages({ limit: 1, offset: 1 })).statusPages.map((p) => p.id)).toEqual([a.id]);
      expect((await rpcError(own.listStatusPages({ limit: 101 }))).rawMessage).toBe('limit: must be between 1 and 100');
      await own.deleteStatusPage({ id: a.id });
      expect((await rpcError(own.getStatusPage({ id: a.id }))).code).toBe(Code.NotFound);
    });
  });

  describe('components and groups', () => {
    it('creates monitor and static components, grouped and ordered', async () => {
      const page = await newPage();
      const monitor = await newMonitor();
      const group = (await sut.createComponentGroup({ group: { pageId: page.id, name: 'APIs' } })).group!;
      expect(group).toMatchObject({ pageId: page.id, name: 'APIs' });
      const api = (
        await sut.createPageComponent({
          component: {
            pageId: page.id,
            type: 'monitor',
            monitorId: monitor.id,
            name: 'Public API',
            order: 2,
            groupId: group.id,
            groupOrder: 1,
          },
        })
      ).component!;
      const docs = (
        await sut.createPageComponent({ component: { pageId: page.id, type: 'static', name: 'Docs', order: 1 } })
      ).component!;
      expect(api).toMatchObject({ type: 'monitor', monitorId: monitor.id, groupId: group.id, groupOrder: 1 });
      expect(docs).toMatchObject({ type: 'static', monitorId: '', groupId: '' });
      expect((await sut.listPageComponents({ pageId: page.id })).components.map((c) => c.id)).toEqual([
        docs.id,
        api.id,
      ]);
      expect((await sut.listComponentGroups({ pageId: page.id })).groups.map((g) => g.id)).toEqual([group.id]);
      expect((await sut.getPageComponent({ id: api.id, pageId: page.id })).component).toEqual(api);
      expect((await rpcError(sut.getPageComponent({ id: api.id, pageId: '99999999' }))).code).toBe(Code.NotFound);
      expect((await sut.getComponentGroup({ id: group.id, pageId: page.id })).group).toEqual(group);
    });

    it.each([
      [{ type: 'monitor' }, 'monitorId: is required when type is monitor'],
      [{ type: 'static', monitorId: '1' }, 'monitorId: must be empty when type is static'],
      [{ type: 'widget' }, 'type: must be monitor or static'],
      [{ type: 'static', name: 'n'.repeat(257) }, 'name: must be at most 256 characters'],
      [{ type: 'static', description: 'd'.repeat(1025) }, 'description: must be at most 1024 characters'],
    ])('refuses component %j', async (fields, message) => {
      const page = await newPage();
      const error = await rpcError(sut.createPageComponent({ component: { pageId: page.id, ...fields } }));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(message);
    });

    it('refuses group names out of bounds', async () => {
      const page = await newPage();
      for (const name of ['', 'g'.repeat(257)]) {
        expect((await rpcError(sut.createComponentGroup({ group: { pageId: page.id, name } }))).rawMessage).toBe(
          'name: must be 1 to 256 characters',
        );
      }
    });

    it('cannot move a component to another page or change its type', async () => {
      const page = await newPage();
      const other = await newPage();
      const c = (await sut.createPageComponent({ component: { pageId: page.id, type: 'static', name: 'x' } }))
        .component!;
      expect(
        (await rpcError(sut.updatePageComponent({ id: c.id, component: { pageId: other.id } }))).rawMessage,
      ).toContain('pageId: cannot change');
      expect(
        (await rpcError(sut.updatePageComponent({ id: c.id, component: { type: 'monitor' } }))).rawMessage,
      ).toContain('type: cannot change');
      const renamed = (await sut.updatePageComponent({ id: c.id, component: { name: 'y', order: 5 } })).component!;
      expect(renamed).toMatchObject({ name: 'y', order: 5, type: 'static', pageId: page.id });
    });

    it('refuses groups of another page and monitors of another workspace as not found', async () => {
      const page = await newPage();
      const other = await newPage();
      const foreignGroup = (await sut.createComponentGroup({ group: { pageId: other.id, name: 'Elsewhere' } })).group!;
      const onOtherPage = await rpcError(
        sut.createPageComponent({ component: { pageId: page.id, type: 'static', groupId: foreignGroup.id } }),
      );
      expect(onOtherPage.code).toBe(Code.NotFound);
      const stranger = await newTenant(t);
      const foreignMonitor = await newMonitor(createClient(MonitorService, transport(stranger.writeKey)));
      const error = await rpcError(
        sut.createPageComponent({ component: { pageId: page.id, type: 'monitor', monitorId: foreignMonitor.id } }),
      );
      expect(error.code).toBe(Code.NotFound);
      expect(error.rawMessage).toBe(`monitor "${foreignMonitor.id}" not found`);
    });

    it('ungroups components when their group is deleted and clears the group with a mask', async () => {
      const page = await newPage();
      const group = (await sut.createComponentGroup({ group: { pageId: page.id, name: 'G' } })).group!;
      const c = (await sut.createPageComponent({ component: { pageId: page.id, type: 'static', groupId: group.id } }))
        .component!;
      const renamed = (await sut.updateComponentGroup({ id: group.id, group: { name: 'Renamed' } })).group!;
      expect(renamed.name).toBe('Renamed');
      const ungrouped = (
        await sut.updatePageComponent({
          id: c.id,
          component: {},
          updateMask: create(FieldMaskSchema, { paths: ['group_id'] }),
        })
      ).component!;
      expect(ungrouped.groupId).toBe('');
      await sut.updatePageComponent({ id: c.id, component: { groupId: group.id } });
      await sut.deleteComponentGroup({ id: group.id });
      expect((await sut.getPageComponent({ id: c.id })).component?.groupId).toBe('');
      await sut.deletePageComponent({ id: c.id });
      expect((await rpcError(sut.getPageComponent({ id: c.id }))).code).toBe(Code.NotFound);
    });
  });

  describe('daily summary', () => {
    it('merges check counts with the incident and maintenance timeline per day', async () => {
      const page = await newPage();
      const monitor = await newMonitor();
      const api = (
        await sut.createPageComponent({ component: { pageId: page.id, type: 'monitor', monitorId: monitor.id } })
      ).component!;
      const docs = (await sut.createPageComponent({ component: { pageId: page.id, type: 'static', name: 'Docs' } }))
        .component!;
      const insert = (minutesAgo: number, status: 'success' | 'degraded' | 'error') =>
        storeResult(t.app, { monitorId: monitor.id, minutesAgo, status, from });
      const from = insideToday();
      await insert(1, 'success');
      await insert(2, 'success');
      await insert(3, 'error');
      await insert(1441, 'degraded');
      const [report]: Array<{ id: string }> = await t.db.manager.query(
        `INSERT INTO status_reports (workspace_id, page_id, title, status, created_at) VALUES ($1, $2, 'Docs down', 'investigating', now()) RETURNING id`,
        [tenant.ctx.workspace.id, page.id],
      );
      await t.db.manager.query(`INSERT INTO status_report_components (report_id, component_id) VALUES ($1, $2)`, [
        report.id,
        docs.id,
      ]);

      const { components } = await sut.getPageComponentDailySummary({ pageId: page.id, days: 3 });
      expect(components.map((c) => c.componentId)).toEqual([api.id, docs.id]);
      const apiDays = components[0].days;
      expect(apiDays).toHaveLength(3);
      expect(apiDays[2]).toMatchObject({ total: 3n, successful: 2n, failed: 1n, status: 'outage' });
      const docsToday = components[1].days[2];
      expect(docsToday).toMatchObject({ total: 0n, status: 'degraded' });
      expect(docsToday.events).toEqual([
        expect.objectContaining({ kind: 'incident', id: report.id, title: 'Docs down' }),
      ]);
      // The static component was created today: the days before say nothing about it.
      expect(components[1].days[0]).toMatchObject({ status: 'no_data', events: [] });
      const only = await sut.getPageComponentDailySummary({ pageId: page.id, componentIds: [docs.id] });
      expect(only.components).toHaveLength(1);
      expect(only.components[0].days).toHaveLength(45);
    });

    it('allows at most 45 days and only components of the page', async () => {
      const page = await newPage();
      expect((await rpcError(sut.getPageComponentDailySummary({ pageId: page.id, days: 46 }))).rawMessage).toBe(
        'days: must be between 1 and 45',
      );
      expect(
        (await rpcError(sut.getPageComponentDailySummary({ pageId: page.id, componentIds: ['12345678'] }))).code,
      ).toBe(Code.NotFound);
    });
  });

  describe('credentials and tenancy', () => {
    it('refuses writes with a read-only key and reads fine', async () => {
      const page = await newPage();
      const reader = pagesFor(tenant.readKey);
      expect((await reader.getStatusPage({ id: page.id })).statusPage?.id).toBe(page.id);
      for (const call of [
        () => reader.createStatusPage({ statusPage: { title: 'x', slug: slug() } }),
        () => reader.updateStatusPage({ id: page.id, statusPage: { title: 'x' } }),
        () => reader.deleteStatusPage({ id: page.id }),
        () => reader.createPageComponent({ component: { pageId: page.id, type: 'static' } }),
        () => reader.createComponentGroup({ group: { pageId: page.id, name: 'x' } }),
      ]) {
        expect((await rpcError(call())).code).toBe(Code.PermissionDenied);
      }
    });

    it('answers not_found for every id of another workspace', async () => {
      const page = await newPage();
      const component = (await sut.createPageComponent({ component: { pageId: page.id, type: 'static' } })).component!;
      const group = (await sut.createComponentGroup({ group: { pageId: page.id, name: 'G' } })).group!;
      const other = pagesFor((await newTenant(t)).writeKey);
      for (const call of [
        () => other.getStatusPage({ id: page.id }),
        () => other.updateStatusPage({ id: page.id, statusPage: { title: 'x' } }),
        () => other.deleteStatusPage({ id: page.id }),
        () => other.listPageComponents({ pageId: page.id }),
        () => other.listComponentGroups({ pageId: page.id }),
        () => other.createPageComponent({ component: { pageId: page.id, type: 'static' } }),
        () => other.createComponentGroup({ group: { pageId: page.id, name: 'x' } }),
        () => other.getPageComponent({ id: component.id }),
        () => other.updatePageComponent({ id: component.id, component: { name: 'x' } }),
        () => other.deletePageComponent({ id: component.id }),
        () => other.getComponentGroup({ id: group.id }),
        () => other.updateComponentGroup({ id: group.id, group: { name: 'x' } }),
        () => other.deleteComponentGroup({ id: group.id }),
        () => other.getPageComponentDailySummary({ pageId: page.id }),
      ]) {
        expect((await rpcError(call())).code).toBe(Code.NotFound);
      }
      expect((await sut.getStatusPage({ id: page.id })).statusPage?.title).toBe('Acme status');
    });

    it('audits every mutation', async () => {
      const own = await newTenant(t);
      const client = pagesFor(own.writeKey);
      const page = await newPage(client);
      const group = (await client.createComponentGroup({ group: { pageId: page.id, name: 'G' } })).group!;
      const c = (
        await client.createPageComponent({ component: { pageId: page.id, type: 'static', groupId: group.id } })
      ).component!;
      await client.updatePageComponent({ id: c.id, component: { name: 'renamed' } });
      await client.deletePageComponent({ id: c.id });
      await client.deleteComponentGroup({ id: group.id });
      await client.deleteStatusPage({ id: page.id });
      const actions = (
        await t.db.repo(AuditLogEntity).find({ where: { workspaceId: own.ctx.workspace.id }, order: { id: 'ASC' } })
      )
        .filter((e) => e.actorType === 'api_key')
        .map((e) => e.action);
      expect(actions).toEqual([
        'status_page.create',
        'page_component_group.create',
        'page_component.create',
        'page_component.update',
        'page_component.delete',
        'page_component_group.delete',
        'status_page.delete',
      ]);
    });
  });

  it('answers plain HTTP JSON', async () => {
    const response = await fetch(`${t.baseUrl}/rpc/status_page.v1.StatusPageService/CreateStatusPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': tenant.writeKey },
      body: JSON.stringify({
        statusPage: { title: 'JSON', slug: slug(), accessType: 'password', password: 'a long password' },
      }),
    });
    const body = (await response.json()) as { statusPage: Record<string, unknown> };
    expect(response.status).toBe(200);
    expect(body.statusPage).toMatchObject({
      title: 'JSON',
      accessType: 'password',
      passwordSet: true,
      published: true,
    });
    expect(body.statusPage).not.toHaveProperty('password');
  });
});
