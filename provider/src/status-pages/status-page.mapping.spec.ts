import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  ComponentGroupSchema,
  CustomThemeSchema,
  PageComponentSchema,
  StatusPageSchema,
} from '@uptime/proto/gen/status_page/v1/status_page_service_pb.js';
import {
  Diagnostics,
  ProviderError,
  UNKNOWN,
  type Attribute,
  type Block,
  type Obj,
  type Path,
  type Value,
} from '../framework/types';
import { planChange } from '../framework/plan';
import { groupFromProto, statusPageComponentGroupResource } from './status-page-component-group.resource';
import {
  componentFromProto,
  componentToProto,
  statusPageComponentResource,
  validateComponentConfig,
} from './status-page-component.resource';
import { statusPageDataSource } from './status-page.data-source';
import {
  passwordChanged,
  STATUS_PAGE_MASK,
  statusPageFromProto,
  statusPageModel,
  statusPageToProto,
  validateStatusPageConfig,
  type StatusPageModel,
} from './status-page.mapping';
import { embedOrigin, isIpv4Cidr, statusPageAttributes } from './status-page.resource';
import { splitImportId } from '../framework/state-values';

const ATTRIBUTES = Object.keys(statusPageAttributes);
const stateOf = (values: Obj): Obj => ({ ...Object.fromEntries(ATTRIBUTES.map((k) => [k, null])), ...values });
const modelOf = (values: Obj): StatusPageModel => statusPageModel.read(stateOf(values));

/** The paths whose change plans a replacement when `name` alone changes to `value`. */
function replacedBy(schema: Block, state: Obj, name: string, value: Value): Path[] {
  const changed: Obj = { ...state, [name]: value };
  return planChange(schema, state, changed, changed).requiresReplace;
}
const at = timestampFromDate(new Date('2026-05-06T07:08:09.010Z'));

/** What the service answers for a page created with only title and slug (backend defaults). */
const minimalApiPage = () =>
  create(StatusPageSchema, {
    id: '3',
    title: 'Acme',
    slug: 'acme',
    description: '',
    accessType: 'public',
    theme: 'default',
    defaultLocale: 'en',
    allowIndex: true,
    published: true,
    createdAt: at,
    updatedAt: at,
  });

function validate(config: Obj): Diagnostics {
  const diags = new Diagnostics();
  validateStatusPageConfig(stateOf(config), diags);
  return diags;
}

function check(attribute: Attribute | undefined, value: Value, path: Path): Diagnostics {
  const diags = new Diagnostics();
  for (const v of attribute?.validators ?? []) v(value, path, diags);
  return diags;
}

describe('status page mapping', () => {
  it("declares the service's defaults, so a minimal configuration has no diff", () => {
    const plan = stateOf({
      title: 'Acme',
      slug: 'acme',
      access_type: 'public',
      theme: 'default',
      default_locale: 'en',
      allow_index: true,
    });
    const state = statusPageModel.write(statusPageFromProto(minimalApiPage(), statusPageModel.read(plan)));
    for (const name of [
      'title',
      'slug',
      'description',
      'access_type',
      'theme',
      'default_locale',
      'allow_index',
      'locales',
      'custom_theme',
      'homepage_url',
    ]) {
      expect([name, state[name]]).toEqual([name, plan[name]]);
    }
    expect(state).toMatchObject({ id: '3', published: true, created_at: '2026-05-06T07:08:09.010Z' });
    for (const name of ['access_type', 'theme', 'default_locale', 'allow_index']) {
      expect(statusPageAttributes[name]).toMatchObject({ optional: true, computed: true, default: plan[name] });
    }
  });

  it('keeps the write-only password, which the service never returns', () => {
    const api = minimalApiPage();
    api.accessType = 'password';
    api.passwordSet = true;
    expect(statusPageFromProto(api, modelOf({ password: 'hunter22' })).password).toBe('hunter22');
    expect(statusPageFromProto(api, null).password).toBeNull();
  });

  it('refuses values the service would store in another form, naming the stored one', () => {
    const a = statusPageAttributes;
    expect(check(a.title, ' Acme ', ['title']).items[0]?.detail).toMatch(/without white space at either end/);
    expect(check(a.custom_domain, 'Status.Example.com.', ['custom_domain']).items[0]?.detail).toContain(
      '"status.example.com"',
    );
    expect(check(a.custom_domain, 'status.example.com', ['custom_domain']).hasErrors()).toBe(false);
    expect(check(a.auth_email_domains, ['example.com', 'Example.org'], ['auth_email_domains']).items[0]?.path).toEqual([
      'auth_email_domains',
      1,
    ]);
    expect(check(a.allowed_ip_ranges, '10.0.0.0/8, 192.168.0.0/16', ['allowed_ip_ranges']).hasErrors()).toBe(true);
    expect(check(a.allowed_ip_ranges, '10.0.0.0/8,192.168.0.0/16', ['allowed_ip_ranges']).hasErrors()).toBe(false);
    const name = statusPageComponentResource.schema.attributes.name;
    expect(check(name, 'API ', ['name']).hasErrors()).toBe(true);
  });

  it('maps custom_theme both ways, an unset mode staying null', () => {
    const plan = modelOf({ title: 'A', slug: 'a', custom_theme: { light: { '--primary': 'red' }, dark: null } });
    expect(statusPageToProto(plan, false).customTheme).toEqual({ light: { '--primary': 'red' }, dark: {} });
    const api = minimalApiPage();
    api.customTheme = create(CustomThemeSchema, { light: { '--primary': 'red' }, dark: {} });
    expect(statusPageFromProto(api, plan).custom_theme).toEqual({ light: { '--primary': 'red' }, dark: null });
    expect(statusPageToProto(modelOf({}), false).customTheme).toBeUndefined();
  });

  it('sends the password only when it or the access type changed', () => {
    const prior = modelOf({ access_type: 'password', password: 'hunter22' });
    expect(passwordChanged(prior, prior)).toBe(false);
    expect(statusPageToProto(prior, false).password).toBe('');
    expect(passwordChanged({ ...prior, password: 'other-pass' }, prior)).toBe(true);
    expect(passwordChanged({ ...prior, access_type: 'public' }, { ...prior })).toBe(true);
    expect(statusPageToProto(prior, true).password).toBe('hunter22');
    expect(STATUS_PAGE_MASK).toHaveLength(18);
  });

  it('maps embed_origins both ways, in order; none is null unless the configuration said []', () => {
    const origins = ['https://www.example.com', 'http://localhost:3000'];
    expect(statusPageToProto(modelOf({ embed_origins: origins }), false).embedOrigins).toEqual(origins);
    // Left out: sent empty under the mask, so an update clears what the service had.
    expect(statusPageToProto(modelOf({}), false).embedOrigins).toEqual([]);
    expect(STATUS_PAGE_MASK).toContain('embed_origins');
    const api = minimalApiPage();
    api.embedOrigins = [...origins];
    expect(statusPageFromProto(api, null).embed_origins).toEqual(origins);
    expect(statusPageFromProto(minimalApiPage(), null).embed_origins).toBeNull();
    expect(statusPageFromProto(minimalApiPage(), modelOf({ embed_origins: [] })).embed_origins).toEqual([]);
    // Set outside terraform while the configuration has none: state shows them, so the plan clears them.
    expect(statusPageFromProto(api, modelOf({})).embed_origins).toEqual(origins);
  });
});

describe('status page uptime_period', () => {
  it('maps both ways, off (the service default) when left out or not answered, and is under the mask', () => {
    expect(statusPageToProto(modelOf({ uptime_period: 'quarter' }), false).uptimePeriod).toBe('quarter');
    expect(statusPageToProto(modelOf({}), false).uptimePeriod).toBe('off');
    expect(STATUS_PAGE_MASK).toContain('uptime_period');
    const api = minimalApiPage();
    expect(statusPageFromProto(api, null).uptime_period).toBe('off');
    api.uptimePeriod = '30d';
    expect(statusPageFromProto(api, null).uptime_period).toBe('30d');
    expect(statusPageAttributes.uptime_period).toMatchObject({ optional: true, computed: true, default: 'off' });
  });

  it('refuses another value, naming the attribute and the values it takes', () => {
    const a = statusPageAttributes;
    for (const good of ['off', '30d', '90d', 'month', 'quarter']) {
      expect([good, check(a.uptime_period, good, ['uptime_period']).items]).toEqual([good, []]);
    }
    expect(check(a.uptime_period, 'week', ['uptime_period']).items.map((d) => [d.path, d.detail])).toEqual([
      [['uptime_period'], 'uptime_period must be one of "off", "30d", "90d", "month", "quarter"; got "week".'],
    ]);
  });
});

describe('status page configuration rules', () => {
  it('requires what each access type needs, on that attribute', () => {
    expect(validate({ access_type: 'password' }).items).toEqual([
      expect.objectContaining({ summary: 'Missing password', path: ['password'] }),
    ]);
    expect(validate({ access_type: 'password', password: 'hunter22' }).items).toEqual([]);
    expect(validate({ access_type: 'email-domain', auth_email_domains: [] }).items[0]?.path).toEqual([
      'auth_email_domains',
    ]);
    expect(validate({ access_type: 'ip-restriction' }).items[0]?.path).toEqual(['allowed_ip_ranges']);
    expect(validate({ access_type: UNKNOWN }).items).toEqual([]);
    expect(validate({}).items).toEqual([]);
  });

  it('requires default_locale among locales (en when left out)', () => {
    expect(validate({ locales: ['fr', 'de'] }).items[0]?.path).toEqual(['default_locale']);
    expect(validate({ locales: ['fr'], default_locale: 'fr' }).items).toEqual([]);
    expect(validate({ locales: ['en', 'fr'] }).items).toEqual([]);
  });

  it('validates bounds on the attribute path', () => {
    const a = statusPageAttributes;
    expect(check(a.slug, 'Acme Status', ['slug']).items[0]?.path).toEqual(['slug']);
    expect(check(a.slug, 'acme--status', ['slug']).hasErrors()).toBe(true);
    expect(check(a.slug, 'acme-status-2', ['slug']).hasErrors()).toBe(false);
    expect(check(a.title, '', ['title']).hasErrors()).toBe(true);
    expect(check(a.title, 't'.repeat(257), ['title']).hasErrors()).toBe(true);
    expect(check(a.description, 'd'.repeat(1025), ['description']).hasErrors()).toBe(true);
    expect(check(a.password, 'short', ['password']).hasErrors()).toBe(true);
    expect(check(a.access_type, 'ip', ['access_type']).hasErrors()).toBe(true);
    expect(check(a.allowed_ip_ranges, '10.0.0.0/8,300.1.1.1/8', ['allowed_ip_ranges']).hasErrors()).toBe(true);
    expect(check(a.custom_domain, 'localhost', ['custom_domain']).hasErrors()).toBe(true);
    expect(check(a.homepage_url, 'ftp://example.com', ['homepage_url']).hasErrors()).toBe(true);
    expect(check(a.locales, ['en', 'english'], ['locales']).items[0]?.path).toEqual(['locales', 1]);
    const light = a.custom_theme?.nested?.attributes.light;
    expect(check(light, { primary: 'red' }, ['custom_theme', 'light']).items[0]?.path).toEqual([
      'custom_theme',
      'light',
      { key: 'primary' },
    ]);
    expect(isIpv4Cidr(' 192.168.1.0/24')).toBe(true);
    expect(isIpv4Cidr('192.168.1.0')).toBe(false);
  });

  it('takes at most 10 embedding origins, each https (http only on loopback) without path, once', () => {
    const a = statusPageAttributes;
    const origins = Array.from({ length: 10 }, (_, i) => `https://site${i}.example.com`);
    expect(check(a.embed_origins, origins, ['embed_origins']).items).toEqual([]);
    expect(
      check(a.embed_origins, [...origins, 'https://one-more.example.com'], ['embed_origins']).items.map((d) => [
        d.path,
        d.detail,
      ]),
    ).toEqual([[['embed_origins'], 'embed_origins must have at most 10 entries; got 11.']]);
    for (const good of ['https://www.example.com:8443', 'http://127.0.0.1:5173', 'http://[::1]:8080']) {
      expect([good, check(a.embed_origins, [good], ['embed_origins']).items]).toEqual([good, []]);
    }
    for (const bad of [
      'http://www.example.com',
      'https://www.example.com/status',
      'https://*.example.com',
      'https://user@www.example.com',
      'https://www.example.com?x=1',
      'https://www.example.com:443',
      'https://www.example.com/a/..',
      'javascript:alert(1)',
      'www.example.com',
      "'self'",
    ]) {
      const items = check(a.embed_origins, ['https://ok.example.com', bad], ['embed_origins']).items;
      expect([bad, items.map((d) => d.path)]).toEqual([bad, [['embed_origins', 1]]]);
      expect(items[0]?.detail).toMatch(
        /^embed_origins\[1\] must be an https origin such as "https:\/\/www\.example\.com"/,
      );
    }
    const stored = check(a.embed_origins, ['https://WWW.Example.com/'], ['embed_origins']).items;
    expect(stored.map((d) => [d.path, d.detail])).toEqual([
      [
        ['embed_origins', 0],
        'embed_origins[0] must be trimmed, in lower case, without a trailing slash, as the service stores it: "https://www.example.com"; got "https://WWW.Example.com/".',
      ],
    ]);
    const twice = check(
      a.embed_origins,
      ['https://a.example.com', 'https://b.example.com', 'https://a.example.com'],
      ['embed_origins'],
    ).items;
    expect(twice.map((d) => d.path)).toEqual([['embed_origins', 2]]);
    expect(embedOrigin('https://WWW.Example.com/')).toBe('https://www.example.com');
    expect(embedOrigin('https://www.example.com:8443')).toBe('https://www.example.com:8443');
    expect(embedOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(embedOrigin('http://localhost.example.com')).toBeNull();
  });

  it('gives the data source every attribute read-only, the password sensitive', () => {
    const attrs = statusPageDataSource.schema.attributes;
    expect(attrs.id).toMatchObject({ required: true });
    expect(attrs.password).toMatchObject({ computed: true, sensitive: true });
    for (const name of [
      'title',
      'slug',
      'published',
      'access_type',
      'auth_email_domains',
      'theme',
      'embed_origins',
      'created_at',
    ]) {
      expect(attrs[name]).toMatchObject({ computed: true });
      expect(attrs[name]?.validators).toBeUndefined();
      expect(attrs[name]?.default).toBeUndefined();
    }
  });
});

describe('status page components and groups', () => {
  it('maps a component both ways, unset optional fields null', () => {
    const plan = {
      id: null,
      page_id: '3',
      type: 'static',
      monitor_id: null,
      name: 'API',
      description: null,
      order: 2,
      group_id: null,
      group_order: 0,
      auto_incident: 'off',
      auto_incident_after_minutes: 15,
      auto_incident_notify: true,
      auto_incident_title: '{{page}}: {{component}}',
      auto_incident_message: 'Since {{since}}.',
      auto_resolve: false,
      created_at: null,
      updated_at: null,
    };
    const autoIncident = {
      autoIncident: 'off',
      autoIncidentAfterMinutes: 15,
      autoIncidentNotify: true,
      autoIncidentTitle: '{{page}}: {{component}}',
      autoIncidentMessage: 'Since {{since}}.',
      autoResolve: false,
    };
    expect(componentToProto(plan)).toEqual({
      pageId: '3',
      type: 'static',
      monitorId: '',
      name: 'API',
      description: '',
      order: 2,
      groupId: '',
      groupOrder: 0,
      ...autoIncident,
    });
    const api = create(PageComponentSchema, {
      id: '9',
      pageId: '3',
      type: 'static',
      name: 'API',
      description: '',
      order: 2,
      groupId: '',
      groupOrder: 0,
      ...autoIncident,
      createdAt: at,
      updatedAt: at,
    });
    expect(componentFromProto(api, plan)).toEqual({
      ...plan,
      id: '9',
      created_at: '2026-05-06T07:08:09.010Z',
      updated_at: '2026-05-06T07:08:09.010Z',
    });
    const created = componentFromProto(api, plan);
    expect(replacedBy(statusPageComponentResource.schema, created, 'page_id', '4')).toEqual([['page_id']]);
    expect(replacedBy(statusPageComponentResource.schema, created, 'type', 'monitor')).toEqual([['type']]);
  });

  it('requires monitor_id for a monitor component only', () => {
    const diags = new Diagnostics();
    validateComponentConfig({ type: 'monitor', monitor_id: null }, diags);
    validateComponentConfig({ type: 'static', monitor_id: '5' }, diags);
    validateComponentConfig({ type: 'monitor', monitor_id: UNKNOWN }, diags);
    expect(diags.items.map((d) => [d.summary, d.path])).toEqual([
      ['Missing monitor_id', ['monitor_id']],
      ['Unexpected monitor_id', ['monitor_id']],
    ]);
  });

  it('maps a group, its page forcing replacement', () => {
    const api = create(ComponentGroupSchema, { id: '4', pageId: '3', name: 'Core', createdAt: at, updatedAt: at });
    expect(groupFromProto(api)).toEqual({
      id: '4',
      page_id: '3',
      name: 'Core',
      created_at: '2026-05-06T07:08:09.010Z',
      updated_at: '2026-05-06T07:08:09.010Z',
    });
    expect(replacedBy(statusPageComponentGroupResource.schema, groupFromProto(api), 'page_id', '4')).toEqual([
      ['page_id'],
    ]);
  });

  it('splits `<page_id>/<id>` import ids and refuses anything else clearly', () => {
    expect(splitImportId('12/34', 'service_status_page_component', 'component')).toEqual({ pageId: '12', id: '34' });
    for (const bad of ['34', '12/', '/34', '1/2/3']) {
      expect(() => splitImportId(bad, 'service_status_page_component', 'component')).toThrow(/Invalid import id/);
    }
    let thrown: unknown;
    try {
      splitImportId('34', 'service_status_page_component', 'component');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ProviderError);
    expect((thrown as ProviderError).detail).toBe('Expected "<page_id>/<component_id>" (e.g. "12/34"); got "34".');
  });
});
