// Acceptance of service_status_page, service_status_page_component, service_status_page_component_group
// and the service_status_page data source with the real terraform binary against the real server:
// create, a clean plan (the service's defaults and the write-only password cause no diff), import into a fresh state, update in place, replacement on a force-new attribute, drift made
// through the RPC API, deletion outside terraform, destroy; and input terraform must refuse. embed_origins
// (who may frame the page) goes through each of these: set, imported, changed, drifted, cleared, refused.
import { Code } from '@connectrpc/connect';
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb.js';
import {
  describeWithTerraform,
  PROVIDER_BLOCK,
  startProviderFixture,
  type ProviderFixture,
  type Workdir,
} from './support/terraform';

/** Any RFC 3339 timestamp in UTC, as the provider writes them. */
const RFC3339: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

interface Version {
  main: string;
  locked: string;
  group: string;
  api: string;
  info: string;
}

const v1 = (monitorId: string): Version => ({
  main: `
  title         = "Acme Status"
  slug          = "acme-status"
  description   = "Live status of Acme"
  homepage_url  = "https://acme.example.com"
  custom_domain = "status.acme.example.com"
  locales       = ["en", "fr"]
  embed_origins = ["https://www.acme.example.com", "http://localhost:3000"]
  uptime_period = "quarter"

  custom_theme = {
    light = {
      "--primary" = "hsl(24 94% 50%)"
    }
  }`,
  locked: `
  title       = "Internal"
  slug        = "internal"
  access_type = "password"
  password    = "correct-horse"`,
  group: `
  page_id = service_status_page.main.id
  name    = "Core"`,
  api: `
  page_id     = service_status_page.main.id
  type        = "monitor"
  monitor_id  = "${monitorId}"
  name        = "API"
  order       = 1
  group_id    = service_status_page_component_group.core.id
  group_order = 2

  auto_incident               = "draft"
  auto_incident_after_minutes = 10
  auto_incident_notify        = true
  auto_incident_title         = "{{component}} on {{page}} is down"
  auto_incident_message       = "Investigating since {{since}}."
  auto_resolve                = false`,
  info: `
  page_id     = service_status_page.main.id
  type        = "static"
  name        = "Third-party services"
  description = "Payments and e-mail"`,
});

/** Updates in place: removed arguments are cleared, the access type changes, the password goes away. */
const v2 = (monitorId: string): Version => ({
  main: `
  title         = "Acme"
  slug          = "acme-status"
  theme         = "dark"
  allow_index   = false
  embed_origins = ["https://intranet.acme.example.com:8443"]
  uptime_period = "30d"`,
  locked: `
  title              = "Internal"
  slug               = "internal"
  access_type        = "email-domain"
  auth_email_domains = ["acme.example.com"]`,
  group: `
  page_id = service_status_page.main.id
  name    = "Core services"`,
  api: `
  page_id    = service_status_page.main.id
  type       = "monitor"
  monitor_id = "${monitorId}"
  name       = "Public API"
  order      = 3

  auto_incident               = "published"
  auto_incident_after_minutes = 30`,
  info: `
  page_id = service_status_page.main.id
  type    = "static"
  name    = "Third-party services"`,
});

/** Force-new changes: the group moves to the other page, the static component becomes a monitor one. */
const v3 = (monitorId: string): Version => ({
  ...v2(monitorId),
  group: `
  page_id = service_status_page.locked.id
  name    = "Core services"`,
  info: `
  page_id    = service_status_page.main.id
  type       = "monitor"
  monitor_id = "${monitorId}"
  name       = "Third-party services"`,
});

/** embed_origins left out of the configuration: the page may be framed nowhere again. */
const v4 = (monitorId: string): Version => ({
  ...v3(monitorId),
  main: `
  title       = "Acme"
  slug        = "acme-status"
  theme       = "dark"
  allow_index = false`,
});

function config(v: Version, extra = ''): string {
  return `${PROVIDER_BLOCK}
resource "service_status_page" "main" {
${v.main}
}

resource "service_status_page" "locked" {
${v.locked}
}

resource "service_status_page_component_group" "core" {
${v.group}
}

resource "service_status_page_component" "api" {
${v.api}
}

resource "service_status_page_component" "info" {
${v.info}
}

data "service_status_page" "main" {
  id = service_status_page.main.id
}

output "page" {
  value     = data.service_status_page.main
  sensitive = true
}
${extra}`;
}

const ADDRESSES = {
  main: 'service_status_page.main',
  locked: 'service_status_page.locked',
  group: 'service_status_page_component_group.core',
  api: 'service_status_page_component.api',
  info: 'service_status_page_component.info',
} as const;
type Name = keyof typeof ADDRESSES;

describeWithTerraform(
  'service_status_page, its components and groups, and the status page data source (terraform)',
  () => {
    let fx: ProviderFixture;
    let wd: Workdir;
    let bad: Workdir;
    let monitorId: string;
    const ids = {} as Record<Name, string>;

    const page = async (id: string) => {
      const res = await fx.rpc.statusPages.getStatusPage({ id });
      if (!res.statusPage) throw new Error(`no page ${id}`);
      return res.statusPage;
    };
    const component = async (id: string) => {
      const res = await fx.rpc.statusPages.getPageComponent({ id });
      if (!res.component) throw new Error(`no component ${id}`);
      return res.component;
    };

    beforeAll(async () => {
      fx = await startProviderFixture();
      const monitor = await fx.rpc.monitors.createHTTPMonitor({
        monitor: { name: 'api', url: 'https://example.com/health', periodicity: Periodicity.PERIODICITY_5M },
      });
      monitorId = monitor.monitor?.id ?? '';
      bad = await fx.workdir({ 'main.tf': PROVIDER_BLOCK });
    }, 180_000);

    afterAll(async () => {
      await fx?.close();
    });

    it('creates two pages, a group and two components, and a second plan shows no changes', async () => {
      wd = await fx.workdir({ 'main.tf': config(v1(monitorId)) });
      await wd.apply();
      const state = await wd.state();
      for (const name of Object.keys(ADDRESSES) as Name[]) ids[name] = String(state[ADDRESSES[name]]?.id);

      // The service's defaults are the provider's, and the configured forms stay in state.
      expect(state[ADDRESSES.main]).toMatchObject({
        access_type: 'public',
        theme: 'default',
        default_locale: 'en',
        allow_index: true,
        published: true,
        custom_domain: 'status.acme.example.com',
        custom_theme: { light: { '--primary': 'hsl(24 94% 50%)' }, dark: null },
        password: null,
        contact_url: null,
        embed_origins: ['https://www.acme.example.com', 'http://localhost:3000'],
        uptime_period: 'quarter',
      });
      expect(state[ADDRESSES.locked]).toMatchObject({
        access_type: 'password',
        password: 'correct-horse',
        embed_origins: null,
        uptime_period: 'off',
      });
      expect(state[ADDRESSES.info]).toMatchObject({ monitor_id: null, order: 0, group_id: null, group_order: 0 });
      // Incidents opened by the monitor: as configured, and the service's defaults where left out.
      expect(state[ADDRESSES.api]).toMatchObject({
        auto_incident: 'draft',
        auto_incident_after_minutes: 10,
        auto_incident_notify: true,
        auto_incident_title: '{{component}} on {{page}} is down',
        auto_incident_message: 'Investigating since {{since}}.',
        auto_resolve: false,
      });
      expect(state[ADDRESSES.info]).toMatchObject({
        auto_incident: 'off',
        auto_incident_after_minutes: 5,
        auto_incident_notify: false,
        auto_incident_title: '{{component}} is down',
        auto_incident_message: 'We are investigating an outage of {{component}} since {{since}}.',
        auto_resolve: true,
      });

      const main = await page(ids.main);
      expect([main.customDomain, main.locales, main.customTheme?.light, main.embedOrigins]).toEqual([
        'status.acme.example.com',
        ['en', 'fr'],
        { '--primary': 'hsl(24 94% 50%)' },
        ['https://www.acme.example.com', 'http://localhost:3000'],
      ]);
      expect((await page(ids.locked)).embedOrigins).toEqual([]);
      expect((await page(ids.locked)).passwordSet).toBe(true);
      expect([main.uptimePeriod, (await page(ids.locked)).uptimePeriod]).toEqual(['quarter', 'off']);
      expect(await component(ids.api)).toMatchObject({
        pageId: ids.main,
        monitorId,
        groupId: ids.group,
        order: 1,
        groupOrder: 2,
      });
      expect(await component(ids.api)).toMatchObject({
        autoIncident: 'draft',
        autoIncidentAfterMinutes: 10,
        autoIncidentNotify: true,
        autoIncidentTitle: '{{component}} on {{page}} is down',
        autoIncidentMessage: 'Investigating since {{since}}.',
        autoResolve: false,
      });

      expect((await wd.plan()).stdout).toContain('No changes.');
    });

    it('reads the page through the service_status_page data source, its password null', async () => {
      const out = await wd.outputs();
      expect(out.page?.value).toMatchObject({
        id: ids.main,
        title: 'Acme Status',
        slug: 'acme-status',
        description: 'Live status of Acme',
        homepage_url: 'https://acme.example.com',
        contact_url: null,
        icon: null,
        custom_domain: 'status.acme.example.com',
        published: true,
        access_type: 'public',
        password: null,
        auth_email_domains: null,
        theme: 'default',
        embed_origins: ['https://www.acme.example.com', 'http://localhost:3000'],
        uptime_period: 'quarter',
        created_at: RFC3339,
        updated_at: RFC3339,
      });
    });

    it('imports every resource into a fresh state; only the write-only password is set once', async () => {
      const importIds: Record<Name, string> = {
        main: ids.main,
        locked: ids.locked,
        group: `${ids.main}/${ids.group}`,
        api: `${ids.main}/${ids.api}`,
        info: `${ids.main}/${ids.info}`,
      };
      const imports = (Object.keys(ADDRESSES) as Name[])
        .map((n) => `import {\n  to = ${ADDRESSES[n]}\n  id = "${importIds[n]}"\n}\n`)
        .join('\n');
      const fresh = await fx.workdir({ 'main.tf': config(v1(monitorId), imports) });
      const plan = await fresh.plan();
      expect(plan.stdout).toContain('Plan: 5 to import, 0 to add, 1 to change, 0 to destroy.');
      expect(plan.stdout).toContain('# service_status_page.locked will be updated in-place');
      expect(plan.stdout).toMatch(/\+ password\s+= \(sensitive value\)/);
      await fresh.apply();
      expect((await fresh.state())[ADDRESSES.main]?.embed_origins).toEqual([
        'https://www.acme.example.com',
        'http://localhost:3000',
      ]);
      expect((await fresh.plan()).stdout).toContain('No changes.');
    });

    it('updates every resource in place and clears what the configuration dropped', async () => {
      wd.write({ 'main.tf': config(v2(monitorId)) });
      const applied = await wd.apply();
      expect(applied.stdout).toContain('0 added, 5 changed, 0 destroyed');

      const main = await page(ids.main);
      expect(main).toMatchObject({
        title: 'Acme',
        description: '',
        customDomain: '',
        locales: [],
        theme: 'dark',
        allowIndex: false,
        homepageUrl: '',
        embedOrigins: ['https://intranet.acme.example.com:8443'],
        uptimePeriod: '30d',
      });
      expect(main.customTheme).toBeUndefined();
      const locked = await page(ids.locked);
      expect([locked.accessType, locked.passwordSet, locked.authEmailDomains]).toEqual([
        'email-domain',
        false,
        ['acme.example.com'],
      ]);
      expect(await component(ids.api)).toMatchObject({ name: 'Public API', order: 3, groupId: '', groupOrder: 0 });
      // The settings changed, and those the configuration dropped are the defaults again.
      expect(await component(ids.api)).toMatchObject({
        autoIncident: 'published',
        autoIncidentAfterMinutes: 30,
        autoIncidentNotify: false,
        autoIncidentTitle: '{{component}} is down',
        autoIncidentMessage: 'We are investigating an outage of {{component}} since {{since}}.',
        autoResolve: true,
      });
      expect((await component(ids.info)).description).toBe('');
      const group = await fx.rpc.statusPages.getComponentGroup({ id: ids.group });
      expect(group.group?.name).toBe('Core services');

      const state = await wd.state();
      expect(state[ADDRESSES.locked]).toMatchObject({ auth_email_domains: ['acme.example.com'], password: null });
      expect((await wd.plan()).stdout).toContain('No changes.');
    });

    it('replaces a group moved to another page and a component whose type changes', async () => {
      wd.write({ 'main.tf': config(v3(monitorId)) });
      const plan = await wd.plan();
      expect(plan.stdout).toMatch(/# service_status_page_component_group\.core must be replaced/);
      expect(plan.stdout).toMatch(/~ page_id\s+= "\d+" -> "\d+" # forces replacement/);
      expect(plan.stdout).toMatch(/# service_status_page_component\.info must be replaced/);
      expect(plan.stdout).toMatch(/~ type\s+= "static" -> "monitor" # forces replacement/);
      expect(plan.stdout).toContain('Plan: 2 to add, 0 to change, 2 to destroy.');
      await wd.apply();

      const state = await wd.state();
      const group = String(state[ADDRESSES.group]?.id);
      const info = String(state[ADDRESSES.info]?.id);
      expect(group).not.toBe(ids.group);
      expect(info).not.toBe(ids.info);
      await expect(fx.rpc.statusPages.getComponentGroup({ id: ids.group })).rejects.toMatchObject({
        code: Code.NotFound,
      });
      await expect(fx.rpc.statusPages.getPageComponent({ id: ids.info })).rejects.toMatchObject({
        code: Code.NotFound,
      });
      expect((await fx.rpc.statusPages.getComponentGroup({ id: group })).group?.pageId).toBe(ids.locked);
      expect(await component(info)).toMatchObject({ type: 'monitor', monitorId });
      ids.group = group;
      ids.info = info;
      expect((await wd.plan()).stdout).toContain('No changes.');
    });

    it('shows embed_origins changed through the RPC API as drift, and clears them once the configuration leaves them out', async () => {
      await fx.rpc.statusPages.updateStatusPage({
        id: ids.main,
        statusPage: { embedOrigins: ['https://outside.example.com'] },
        updateMask: { paths: ['embed_origins'] },
      });
      const drifted = await wd.plan();
      expect(drifted.changes).toBe(true);
      expect(drifted.stdout).toMatch(
        /~ embed_origins\s+= \[\s+~ "https:\/\/outside\.example\.com" -> "https:\/\/intranet\.acme\.example\.com:8443",\s+\]/,
      );
      expect(drifted.stdout).toContain('Plan: 0 to add, 1 to change, 0 to destroy.');
      await wd.apply();
      expect((await page(ids.main)).embedOrigins).toEqual(['https://intranet.acme.example.com:8443']);
      expect((await wd.plan()).stdout).toContain('No changes.');

      wd.write({ 'main.tf': config(v4(monitorId)) });
      const cleared = await wd.plan();
      expect(cleared.stdout).toMatch(
        /- embed_origins\s+= \[\s+- "https:\/\/intranet\.acme\.example\.com:8443",\s+\] -> null/,
      );
      await wd.apply();
      expect((await page(ids.main)).embedOrigins).toEqual([]);
      expect((await wd.state())[ADDRESSES.main]?.embed_origins).toBeNull();
      // uptime_period left out too: the service's default, off (no figure on the page).
      expect((await page(ids.main)).uptimePeriod).toBe('off');
      expect((await wd.state())[ADDRESSES.main]?.uptime_period).toBe('off');
      expect((await wd.plan()).stdout).toContain('No changes.');

      // Set outside while the configuration has none: the plan takes them away again.
      await fx.rpc.statusPages.updateStatusPage({
        id: ids.main,
        statusPage: { embedOrigins: ['https://outside.example.com'] },
        updateMask: { paths: ['embed_origins'] },
      });
      const added = await wd.plan();
      expect(added.stdout).toMatch(/- embed_origins\s+= \[\s+- "https:\/\/outside\.example\.com",\s+\] -> null/);
      await wd.apply();
      expect((await page(ids.main)).embedOrigins).toEqual([]);
    });

    it('shows a change made through the RPC API as drift, recreates a component deleted outside, and destroys everything', async () => {
      await fx.rpc.statusPages.updateStatusPage({
        id: ids.main,
        statusPage: { title: 'Renamed outside' },
        updateMask: { paths: ['title'] },
      });
      await fx.rpc.statusPages.updateComponentGroup({ id: ids.group, group: { name: 'Renamed group' } });
      await fx.rpc.statusPages.deletePageComponent({ id: ids.api });

      const plan = await wd.plan();
      expect(plan.stdout).toMatch(/~ title\s+= "Renamed outside" -> "Acme"/);
      expect(plan.stdout).toMatch(/~ name\s+= "Renamed group" -> "Core services"/);
      expect(plan.stdout).toContain('Plan: 1 to add, 2 to change, 0 to destroy.');
      await wd.apply();
      const state = await wd.state();
      const recreated = String(state[ADDRESSES.api]?.id);
      expect(recreated).not.toBe(ids.api);
      expect((await page(ids.main)).title).toBe('Acme');
      expect((await wd.plan()).stdout).toContain('No changes.');

      await wd.destroy();
      expect((await fx.rpc.statusPages.listStatusPages({})).totalSize).toBe(0);
      for (const id of [ids.main, ids.locked]) {
        await expect(fx.rpc.statusPages.getStatusPage({ id })).rejects.toMatchObject({ code: Code.NotFound });
      }
      await expect(fx.rpc.statusPages.getPageComponent({ id: recreated })).rejects.toMatchObject({
        code: Code.NotFound,
      });
    });

    it('refuses a password page without a password, bad values and a malformed import id, naming the attribute', async () => {
      bad.write({
        'main.tf': `${PROVIDER_BLOCK}
resource "service_status_page" "no_password" {
  title       = "Locked"
  slug        = "locked"
  access_type = "password"
}

resource "service_status_page" "bad_values" {
  title         = "Bad"
  slug          = "Not A Slug"
  custom_domain = "Status.Example.com"
}

resource "service_status_page_component" "no_monitor" {
  page_id = "1"
  type    = "monitor"
}

resource "service_status_page" "bad_origins" {
  title         = "Framed"
  slug          = "framed"
  embed_origins = ["https://ok.example.com", "https://www.example.com/status", "https://OK.example.com"]
}

resource "service_status_page" "many_origins" {
  title         = "Framed everywhere"
  slug          = "framed-everywhere"
  embed_origins = [${Array.from({ length: 11 }, (_, i) => `"https://site${i}.example.com"`).join(', ')}]
}

resource "service_status_page" "bad_period" {
  title         = "Weekly"
  slug          = "weekly"
  uptime_period = "week"
}
`,
      });
      const run = await bad.run(['plan', '-no-color', '-input=false']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Error: Missing password');
      expect(run.stderr).toContain('with service_status_page.no_password');
      expect(run.stderr).toContain('Error: Invalid slug');
      expect(run.stderr).toContain('slug          = "Not A Slug"');
      expect(run.stderr).toContain('Error: Invalid custom_domain');
      expect(run.stderr).toContain('stores it: "status.example.com"');
      expect(run.stderr).toContain('Error: Missing monitor_id');
      // terraform wraps long diagnostics; compare with the line breaks as spaces.
      const out = run.stderr.replace(/\s+/g, ' ');
      expect(out).toContain('Error: Invalid embed_origins[1]');
      expect(out).toContain(
        'embed_origins[1] must be an https origin such as "https://www.example.com": scheme, host and optional port, no path and no wildcard',
      );
      expect(out).toContain('got "https://www.example.com/status"');
      expect(out).toContain('Error: Invalid embed_origins[2]');
      expect(out).toContain('as the service stores it: "https://ok.example.com"');
      expect(out).toContain('with service_status_page.bad_origins');
      expect(out).toContain('embed_origins must have at most 10 entries; got 11.');
      expect(out).toContain('with service_status_page.many_origins');
      expect(out).toContain('Error: Invalid uptime_period');
      expect(out).toContain('uptime_period must be one of "off", "30d", "90d", "month", "quarter"; got "week".');
      expect(out).toContain('with service_status_page.bad_period');

      bad.write({
        'main.tf': `${PROVIDER_BLOCK}
resource "service_status_page_component" "x" {
  page_id = "1"
  type    = "static"
}
`,
      });
      const imported = await bad.run(['import', '-no-color', '-input=false', 'service_status_page_component.x', '42']);
      expect(imported.code).toBe(1);
      expect(imported.stderr).toContain('Invalid import id for service_status_page_component');
      expect(imported.stderr).toContain('<page_id>/<component_id>');
      expect((await fx.rpc.statusPages.listStatusPages({})).totalSize).toBe(0);
    });

    it('refuses auto-incident settings out of bounds before any call, naming the attribute', async () => {
      const refused = await fx.workdir({
        'main.tf': `${PROVIDER_BLOCK}
resource "service_status_page_component" "bounds" {
  page_id                     = "1"
  type                        = "monitor"
  monitor_id                  = "2"
  auto_incident               = "loud"
  auto_incident_after_minutes = 1441
  auto_incident_title         = "{{component}} is {{state}}"
  auto_incident_message       = ""
}

resource "service_status_page_component" "static_one" {
  page_id       = "1"
  type          = "static"
  auto_incident = "draft"
}
`,
      });
      const run = await refused.run(['plan', '-no-color', '-input=false']);
      expect(run.code).toBe(1);
      const out = run.stderr.replace(/\s+/g, ' ');
      expect(out).toContain('Error: Invalid auto_incident');
      expect(out).toContain('auto_incident must be one of "off", "draft", "published"; got "loud".');
      expect(out).toContain('auto_incident_after_minutes must be a whole number from 1 to 1440; got 1441.');
      expect(out).toContain('Error: Invalid auto_incident_title');
      expect(out).toContain('auto_incident_title has an unknown placeholder {{state}}');
      expect(out).toContain('auto_incident_message must be 1 to 2000 characters; got 0.');
      expect(out).toContain('auto_incident must be "off" when type is "static"');
      expect(out).toContain('with service_status_page_component.static_one');
      expect((await fx.rpc.statusPages.listStatusPages({})).totalSize).toBe(0);
    });
  },
);
