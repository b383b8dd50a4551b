// A workspace's views as the shared Terraform model (terraform-model.ts): which resource each becomes,
// its name and import id, and each attribute exactly as the provider reads it back after an import
// (provider/src/**/*.mapping.ts), so the first plan shows imports only. An attribute is written when
// it differs from what the provider plans when it is left out: its schema default, or, for computed
// attributes without one, the value the service computes (degraded_at, the default regions). Secrets
// are never written: each becomes a sensitive variable. Pure, so its spec pins names and references.
import { channelKind } from '../channels/registry';
import type { EscalationPolicyView } from '../escalation-policies/escalation-policy.view';
import type { MonitorView } from '../monitors/monitor.view';
import { REDACTED } from '../monitors/monitor.view';
import type { NotificationView } from '../notifications/notification.view';
import type { PrivateLocationView } from '../private-locations/private-location.view';
import type { ComponentView, GroupView, StatusPageView } from '../status-pages/status-page.views';
import type { TerraformExport, TfBody, TfResource, TfValue, TfVariable } from './terraform-model';

/** Everything the export reads, as the resources' own service verbs answer it. */
export interface WorkspaceSnapshot {
  workspace: { slug: string; name: string };
  monitors: MonitorView[];
  notifications: NotificationView[];
  statusPages: StatusPageView[];
  groups: GroupView[];
  components: ComponentView[];
  privateLocations: PrivateLocationView[];
  escalationPolicies: EscalationPolicyView[];
  /** What the provider has no resource for, one line each (maintenances, status reports, ...). */
  notes: string[];
}

/** The resource type of each monitor kind the provider manages; gRPC monitors have none. */
export const MONITOR_TYPES: Partial<Record<MonitorView['kind'], string>> = {
  http: 'service_http_monitor',
  tcp: 'service_tcp_monitor',
  dns: 'service_dns_monitor',
  icmp: 'service_icmp_monitor',
  tls: 'service_tls_monitor',
  heartbeat: 'service_heartbeat_monitor',
};

export const T = {
  notification: 'service_notification',
  statusPage: 'service_status_page',
  group: 'service_status_page_component_group',
  component: 'service_status_page_component',
  privateLocation: 'service_private_location',
  escalationPolicy: 'service_escalation_policy',
} as const;

// What the provider plans for an attribute left out (the schema defaults of provider/src).
const MONITOR_DEFAULTS = {
  timeout: 45000,
  retry: 3,
  alert_quorum: 0,
  active: false,
  public: false,
  failure_threshold: 1,
  failure_seconds: 0,
  recovery_threshold: 1,
  reminder_interval_minutes: 0,
  reminder_limit: 10,
  method: 'GET',
  body: '',
  follow_redirects: true,
  tls_verify: true,
  starttls: 'none',
  schedule: 'period',
  period_seconds: 86400,
  time_zone: 'UTC',
  grace_seconds: 3600,
};
const DEFAULT_REGIONS = ['fly-ams', 'fly-iad', 'fly-sin'];
const DEFAULT_CERTIFICATE_EXPIRY_DAYS = [14, 7, 1];
const PAGE_DEFAULTS = {
  access_type: 'public',
  theme: 'default',
  default_locale: 'en',
  allow_index: true,
  uptime_period: 'off',
};
const COMPONENT_DEFAULTS = {
  order: 0,
  group_order: 0,
  auto_incident: 'off',
  auto_incident_after_minutes: 5,
  auto_incident_notify: false,
  auto_incident_title: '{{component}} is down',
  auto_incident_message: 'We are investigating an outage of {{component}} since {{since}}.',
  auto_resolve: true,
};
/** Integer channel arguments the service stores with a default when left out (provider notification-blocks.ts). */
const CHANNEL_INTEGER_DEFAULTS: Record<string, Record<string, number>> = {
  pushover: { priority: 0 },
  gotify: { priority: 5 },
};

const snake = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A valid, readable Terraform identifier from a display name: lower snake case of its letters and
 * digits (accents dropped), starting with a letter; `fallback` when nothing is left.
 */
export function identifierOf(text: string, fallback: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/, '');
  if (words === '') return fallback;
  return /^[a-z]/.test(words) ? words : `${fallback}_${words}`;
}

/** Assigns unique names within one namespace: the first keeps the base, the next ones get _2, _3, ... */
class Namer {
  private readonly taken = new Set<string>();
  name(base: string): string {
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}_${n}`;
    this.taken.add(name);
    return name;
  }
}

const time = (value: string | Date): number => (value instanceof Date ? value.getTime() : Date.parse(value));
/** Creation order, then the id (numeric ids compare as numbers): stable across exports. */
function byCreation<V extends { id: string; createdAt: string | Date }>(items: V[]): V[] {
  const idOrder = (a: string, b: string): number =>
    a.length !== b.length && /^\d+$/.test(a) && /^\d+$/.test(b) ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
  return [...items].sort((a, b) => time(a.createdAt) - time(b.createdAt) || idOrder(a.id, b.id));
}

interface Address {
  type: string;
  name: string;
}

const ref = (to: Address, attribute = 'id'): TfValue => ({ ref: { type: to.type, name: to.name, attribute } });
const body = (): TfBody => ({ attributes: {}, blocks: {} });
const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

export function buildTerraformExport(snapshot: WorkspaceSnapshot): TerraformExport {
  const notes = [...snapshot.notes];
  const resources: TfResource[] = [];
  const variables: TfVariable[] = [];
  const variableNames = new Namer();
  const secret = (base: string, description: string): TfValue => {
    const name = variableNames.name(identifierOf(base, 'secret'));
    variables.push({ name, description, sensitive: true });
    return { variable: name };
  };

  // Names first, per type, in creation order, so every reference below resolves.
  const names = new Map<string, Address>();
  const key = (kind: string, id: string): string => `${kind}:${id}`;
  const nameAll = <V extends { id: string; createdAt: string | Date }>(
    kind: string,
    items: V[],
    typeOf: (v: V) => string,
    label: (v: V) => string,
    fallback: string,
  ): V[] => {
    const namers = new Map<string, Namer>();
    const sorted = byCreation(items);
    for (const item of sorted) {
      const type = typeOf(item);
      if (!namers.has(type)) namers.set(type, new Namer());
      names.set(key(kind, item.id), { type, name: namers.get(type)!.name(identifierOf(label(item), fallback)) });
    }
    return sorted;
  };

  const grpc = snapshot.monitors.filter((m) => !MONITOR_TYPES[m.kind]);
  for (const m of byCreation(grpc)) {
    notes.push(
      `${m.kind} monitor "${m.name}" (id ${m.id}) is not exported: the provider has no resource for ${m.kind} monitors`,
    );
  }
  const monitorById = new Map(snapshot.monitors.map((m) => [m.id, m]));
  const monitors = nameAll(
    'monitor',
    snapshot.monitors.filter((m) => MONITOR_TYPES[m.kind]),
    (m) => MONITOR_TYPES[m.kind]!,
    (m) => m.name,
    'monitor',
  );
  const policies = nameAll(
    'policy',
    snapshot.escalationPolicies,
    () => T.escalationPolicy,
    (p) => p.name,
    'policy',
  );
  const channels = nameAll(
    'channel',
    snapshot.notifications,
    () => T.notification,
    (n) => n.name || n.providerType,
    'channel',
  );
  const pages = nameAll(
    'page',
    snapshot.statusPages,
    () => T.statusPage,
    (p) => p.slug || p.title,
    'page',
  );
  const groups = nameAll(
    'group',
    snapshot.groups,
    () => T.group,
    (g) => g.name,
    'group',
  );
  const components = nameAll(
    'component',
    snapshot.components,
    () => T.component,
    (c) => c.name || (c.monitorId ? (monitorById.get(c.monitorId)?.name ?? '') : ''),
    'component',
  );
  const locations = nameAll(
    'location',
    snapshot.privateLocations,
    () => T.privateLocation,
    (l) => l.name,
    'location',
  );

  /** A reference to an exported resource, or, for one that is not exported, its id (with a note). */
  const refTo = (kind: string, id: string, from: string): TfValue => {
    const to = names.get(key(kind, id));
    if (to) return ref(to);
    notes.push(`${from} refers to ${kind} ${id}, which is not exported: written as its id`);
    return id;
  };
  const refsTo = (kind: string, ids: readonly string[], from: string): TfValue[] => {
    const order = (id: string): number => resourcesOrder.get(key(kind, id)) ?? Number.MAX_SAFE_INTEGER;
    return [...ids].sort((a, b) => order(a) - order(b) || (a < b ? -1 : 1)).map((id) => refTo(kind, id, from));
  };
  const resourcesOrder = new Map<string, number>();
  [...names.keys()].forEach((k, i) => resourcesOrder.set(k, i));

  const push = (kind: string, id: string, importId: string, b: TfBody): void => {
    const at = names.get(key(kind, id))!;
    resources.push({ type: at.type, name: at.name, importId, body: b });
  };

  // Who reaches whom: a channel's monitor_ids would close a cycle when that monitor reaches the
  // channel through its escalation policy (monitor -> policy -> channel -> monitor).
  const channelsOfPolicy = new Map(
    snapshot.escalationPolicies.map((p) => [p.id, p.steps.flatMap((s) => s.channelIds)]),
  );
  const monitorReachesChannel = (monitorId: string, channelId: string): boolean => {
    const seen = new Set<string>();
    const visit = (id: string): boolean => {
      if (seen.has(id)) return false;
      seen.add(id);
      const m = monitorById.get(id);
      if (!m) return false;
      const policy = m.alerting.escalationPolicyId;
      if (policy && (channelsOfPolicy.get(policy) ?? []).includes(channelId)) return true;
      return m.alerting.parentMonitorIds.some(visit);
    };
    return visit(monitorId);
  };

  for (const m of monitors) push('monitor', m.id, m.id, monitorBody(m, names.get(key('monitor', m.id))!.name));
  for (const p of policies) {
    const b = body();
    b.attributes.name = p.name;
    b.blocks.step = p.steps.map((s) => ({
      attributes: {
        after_minutes: s.afterMinutes,
        channel_ids: s.channelIds.map((id) => refTo('channel', id, `escalation policy "${p.name}"`)),
      },
      blocks: {},
    }));
    push('policy', p.id, p.id, b);
  }
  for (const c of channels) push('channel', c.id, c.id, channelBody(c, names.get(key('channel', c.id))!.name));
  for (const p of pages) push('page', p.id, p.id, pageBody(p, names.get(key('page', p.id))!.name));
  for (const g of groups) {
    const b = body();
    b.attributes.page_id = refTo('page', g.pageId, `component group "${g.name}"`);
    b.attributes.name = g.name;
    push('group', g.id, `${g.pageId}/${g.id}`, b);
  }
  for (const c of components) push('component', c.id, `${c.pageId}/${c.id}`, componentBody(c));
  for (const l of locations) {
    const b = body();
    b.attributes.name = l.name;
    if (l.monitorIds.length) b.attributes.monitor_ids = refsTo('monitor', l.monitorIds, `private location "${l.name}"`);
    const metadata = Object.entries(l.metadata).sort(([a], [b2]) => (a < b2 ? -1 : a > b2 ? 1 : 0));
    if (metadata.length) b.attributes.metadata = Object.fromEntries(metadata);
    push('location', l.id, l.id, b);
  }

  return { workspace: snapshot.workspace, resources, variables, notes };

  function alerting(b: TfBody, m: MonitorView): void {
    const a = m.alerting;
    const set = (name: keyof typeof MONITOR_DEFAULTS, value: number): void => {
      if (value !== MONITOR_DEFAULTS[name]) b.attributes[name] = value;
    };
    set('failure_threshold', a.failureThreshold);
    set('failure_seconds', a.failureSeconds);
    set('recovery_threshold', a.recoveryThreshold);
    set('reminder_interval_minutes', a.reminderIntervalMinutes);
    set('reminder_limit', a.reminderLimit);
    if (a.escalationPolicyId)
      b.attributes.escalation_policy_id = refTo('policy', a.escalationPolicyId, `monitor "${m.name}"`);
    if (a.parentMonitorIds.length)
      b.attributes.parent_monitor_ids = refsTo('monitor', a.parentMonitorIds, `monitor "${m.name}"`);
  }

  function monitorBody(m: MonitorView, name: string): TfBody {
    const b = body();
    const at = b.attributes;
    at.name = m.name;
    if (m.description) at.description = m.description;
    if (m.kind === 'heartbeat') {
      const h = m.heartbeat!;
      if (h.schedule !== MONITOR_DEFAULTS.schedule) at.schedule = h.schedule;
      if (h.periodSeconds !== MONITOR_DEFAULTS.period_seconds) at.period_seconds = h.periodSeconds;
      if (h.cron) at.cron = h.cron;
      if (h.timezone !== MONITOR_DEFAULTS.time_zone) at.time_zone = h.timezone;
      if (h.graceSeconds !== MONITOR_DEFAULTS.grace_seconds) at.grace_seconds = h.graceSeconds;
    } else {
      if (m.kind === 'http') at.url = m.url ?? '';
      else at.uri = m.uri ?? '';
      at.periodicity = m.periodicity;
      if (m.kind === 'http') {
        if (m.method !== MONITOR_DEFAULTS.method) at.method = m.method;
        if (m.body !== MONITOR_DEFAULTS.body) at.body = m.body;
        if (m.followRedirects !== MONITOR_DEFAULTS.follow_redirects) at.follow_redirects = m.followRedirects;
      }
      if (m.kind === 'tls') {
        if (m.tls?.servername) at.servername = m.tls.servername;
        if (m.tls && m.tls.starttls !== MONITOR_DEFAULTS.starttls) at.starttls = m.tls.starttls;
      }
      if (m.timeout !== MONITOR_DEFAULTS.timeout) at.timeout = m.timeout;
      if (m.retry !== MONITOR_DEFAULTS.retry) at.retry = m.retry;
      if (m.alertQuorum !== MONITOR_DEFAULTS.alert_quorum) at.alert_quorum = m.alertQuorum;
      // Left out, the service computes it from the timeout: written only when it was given.
      if (!m.degradedAtComputed) at.degraded_at = m.degradedAt;
      if (!sameSet(m.regions, DEFAULT_REGIONS)) at.regions = [...m.regions].sort();
      if (m.kind === 'http' || m.kind === 'tls') {
        if (m.tlsVerify !== MONITOR_DEFAULTS.tls_verify) at.tls_verify = m.tlsVerify;
        if (m.certificateExpiryDays.join() !== DEFAULT_CERTIFICATE_EXPIRY_DAYS.join())
          at.certificate_expiry_days = [...m.certificateExpiryDays];
      }
    }
    if (m.active !== MONITOR_DEFAULTS.active) at.active = m.active;
    if (m.public !== MONITOR_DEFAULTS.public) at.public = m.public;
    if (m.tags.length) at.tags = [...m.tags].sort();
    alerting(b, m);

    if (m.kind === 'http') {
      const headers = m.headers.map((h) => ({
        attributes: {
          key: h.key,
          value:
            h.value === REDACTED
              ? secret(`${name}_header_${h.key}`, `Value of the ${h.key} request header of monitor "${m.name}"`)
              : h.value,
        },
        blocks: {},
      }));
      if (headers.length) b.blocks.headers = headers;
      const list = (name: string, items: Array<Record<string, TfValue>>): void => {
        if (items.length) b.blocks[name] = items.map((attributes) => ({ attributes, blocks: {} }));
      };
      list(
        'status_code_assertions',
        m.statusCodeAssertions.map((a) => ({ comparator: a.comparator, target: a.target })),
      );
      list(
        'body_assertions',
        m.bodyAssertions.map((a) => ({ comparator: a.comparator, target: a.target })),
      );
      list(
        'header_assertions',
        m.headerAssertions.map((a) => ({ key: a.key, comparator: a.comparator, target: a.target })),
      );
      list(
        'json_assertions',
        m.jsonAssertions.map((a) => ({
          path: a.path,
          comparator: a.comparator,
          ...(a.target ? { target: a.target } : {}),
        })),
      );
      list(
        'timing_assertions',
        m.timingAssertions.map((a) => ({
          phase: a.phase,
          comparator: a.comparator,
          target: a.target,
          ...(a.severity !== 'error' ? { severity: a.severity } : {}),
        })),
      );
    }
    if (m.kind === 'dns' && m.recordAssertions.length) {
      b.blocks.record_assertions = m.recordAssertions.map((a) => ({
        attributes: { record: a.record, comparator: a.comparator, target: a.target },
        blocks: {},
      }));
    }
    if (m.kind !== 'heartbeat' && m.openTelemetry) {
      const o = m.openTelemetry;
      const otel = body();
      if (o.endpoint) otel.attributes.endpoint = o.endpoint;
      // Every export header value is sealed: all of them are secrets.
      const headers = (o.headers ?? []).map((h) => ({
        attributes: {
          key: h.key,
          value: secret(
            `${name}_otel_header_${h.key}`,
            `Value of the ${h.key} OpenTelemetry export header of monitor "${m.name}"`,
          ),
        },
        blocks: {},
      }));
      if (headers.length) otel.blocks.headers = headers;
      b.blocks.open_telemetry = [otel];
    }
    return b;
  }

  function channelBody(c: NotificationView, name: string): TfBody {
    const b = body();
    if (c.name) b.attributes.name = c.name;
    b.attributes.provider_type = c.providerType;
    if (c.monitorIds.length) {
      const wired = c.monitorIds.filter((id) => !monitorReachesChannel(id, c.id));
      const cyclic = c.monitorIds.filter((id) => monitorReachesChannel(id, c.id));
      const values = refsTo('monitor', wired, `channel "${c.name}"`);
      for (const id of cyclic) {
        notes.push(
          `channel "${c.name}" is wired to monitor ${id}, which reaches it through its escalation policy: ` +
            'written as the id, since a reference would be a cycle',
        );
        values.push(id);
      }
      b.attributes.monitor_ids = values;
    }
    const kind = channelKind(c.providerType);
    const settings = c.settings;
    const block = body();
    const label = c.name || c.providerType;
    for (const arg of Object.keys(kind.settings.shape)) {
      const tf = snake(arg);
      const value = settings[arg];
      if (kind.secretArguments.includes(arg)) {
        if (c.configuredSecrets.includes(tf))
          block.attributes[tf] = secret(`${name}_${tf}`, `${tf} of the ${c.providerType} channel "${label}"`);
      } else if (kind.urlArguments.includes(arg)) {
        // Its secret part (query string, user info) is sealed: the whole URL becomes the variable.
        if (c.configuredSecrets.includes(tf))
          block.attributes[tf] = secret(
            `${name}_${tf}`,
            `${tf} (with its secret part) of the ${c.providerType} channel "${label}"`,
          );
        else if (typeof value === 'string' && value !== '') block.attributes[tf] = value;
      } else if (kind.headerArguments.includes(arg)) {
        const list = Array.isArray(value) ? (value as Array<{ key: string }>) : [];
        if (list.length) {
          block.attributes[tf] = list.map((h) => ({
            key: h.key,
            value: secret(
              `${name}_${tf}_${h.key}`,
              `Value of the ${h.key} header of the ${c.providerType} channel "${label}"`,
            ),
          }));
        }
      } else if (typeof value === 'number') {
        if (value !== CHANNEL_INTEGER_DEFAULTS[c.providerType]?.[tf]) block.attributes[tf] = value;
      } else if (typeof value === 'string' && value !== '') {
        block.attributes[tf] = value;
      }
    }
    b.blocks[c.providerType] = [block];
    return b;
  }

  function pageBody(p: StatusPageView, name: string): TfBody {
    const b = body();
    const at = b.attributes;
    at.title = p.title;
    at.slug = p.slug;
    if (p.description) at.description = p.description;
    if (p.homepageUrl) at.homepage_url = p.homepageUrl;
    if (p.contactUrl) at.contact_url = p.contactUrl;
    if (p.icon) at.icon = p.icon;
    if (p.customDomain) at.custom_domain = p.customDomain;
    if (p.accessType !== PAGE_DEFAULTS.access_type) at.access_type = p.accessType;
    // Stored as a hash: the password can only be given again.
    if (p.passwordSet && p.accessType === 'password')
      at.password = secret(`${name}_password`, `Password of the status page "${p.title}"`);
    if (p.authEmailDomains.length) at.auth_email_domains = [...p.authEmailDomains];
    if (p.allowedIpRanges) at.allowed_ip_ranges = p.allowedIpRanges;
    if (p.theme !== PAGE_DEFAULTS.theme) at.theme = p.theme;
    if (p.customTheme) {
      const theme: Record<string, TfValue> = {};
      for (const mode of ['light', 'dark'] as const) {
        const colors = p.customTheme[mode];
        if (colors && Object.keys(colors).length) theme[mode] = { ...colors };
      }
      at.custom_theme = theme;
    }
    if (p.defaultLocale !== PAGE_DEFAULTS.default_locale) at.default_locale = p.defaultLocale;
    if (p.locales.length) at.locales = [...p.locales];
    if (p.allowIndex !== PAGE_DEFAULTS.allow_index) at.allow_index = p.allowIndex;
    if (p.embedOrigins.length) at.embed_origins = [...p.embedOrigins];
    if (p.uptimePeriod !== PAGE_DEFAULTS.uptime_period) at.uptime_period = p.uptimePeriod;
    return b;
  }

  function componentBody(c: ComponentView): TfBody {
    const b = body();
    const at = b.attributes;
    const from = `component "${c.name}"`;
    at.page_id = refTo('page', c.pageId, from);
    at.type = c.type;
    if (c.monitorId) at.monitor_id = refTo('monitor', c.monitorId, from);
    if (c.name) at.name = c.name;
    if (c.description) at.description = c.description;
    if (c.groupId) at.group_id = refTo('group', c.groupId, from);
    const set = (attr: keyof typeof COMPONENT_DEFAULTS, value: string | number | boolean): void => {
      if (value !== COMPONENT_DEFAULTS[attr]) at[attr] = value;
    };
    set('order', c.order);
    set('group_order', c.groupOrder);
    set('auto_incident', c.autoIncident);
    set('auto_incident_after_minutes', c.autoIncidentAfterMinutes);
    set('auto_incident_notify', c.autoIncidentNotify);
    set('auto_incident_title', c.autoIncidentTitle);
    set('auto_incident_message', c.autoIncidentMessage);
    set('auto_resolve', c.autoResolve);
    return b;
  }
}
