// The Gatus importer (issue 30): a Gatus YAML configuration, with its environment variables
// substituted as Gatus substitutes them, to the import model. Endpoints become monitors of the kind
// their URL scheme names, their conditions assertions (gatus-conditions.ts), their alerts the alerting
// policy and the channels of `alerting:` (gatus-alerting.ts); external endpoints with a heartbeat
// become heartbeat monitors; the dashboard becomes one status page with a component group per endpoint
// group; maintenance windows become the one-off maintenances of the next 30 days. Pure: the bytes in,
// the model out.
import { parse as parseYaml, YAMLParseError } from 'yaml';
import {
  HEARTBEAT_BOUNDS,
  HTTP_METHODS,
  MONITOR_BOUNDS,
  PERIODICITY_SECONDS,
  type HttpMethod,
  type KeyValue,
  type MonitorKind,
} from '../../checks/check-config';
import { ValidationError } from '../../common/errors';
import { slugOf } from '../../common/slugs';
import { isHttpUrl } from '../../common/validation';
import { isHost, isHostname, isHostPort, PING_TOKEN } from '../../monitors/monitor.schemas';
import type {
  ImportedChannel,
  ImportedComponent,
  ImportedComponentGroup,
  ImportedMaintenance,
  ImportedMonitor,
  ImportedStatusPage,
  ImportFinding,
  ImportModel,
  ImportSourceParser,
} from '../import-model';
import { isMap, mapEndpointAlerts, mapProviders, str, type GatusProvider } from './gatus-alerting';
import { mapConditions } from './gatus-conditions';
import { expandGatusEnv } from './gatus-env';
import {
  formatMs,
  maintenanceOccurrences,
  maintenanceProblem,
  nearestPeriodicity,
  parseGoDuration,
  type MaintenanceRule,
} from './gatus-time';

type YamlMap = Record<string, unknown>;

/** How far ahead recurring maintenance windows are written out as one-off maintenances. */
export const MAINTENANCE_HORIZON_DAYS = 30;
/** Gatus's client timeout when an endpoint sets none. */
const GATUS_TIMEOUT_MS = 10_000;
const PAGE_KEY = 'page:gatus';

/** Top-level sections that configure the Gatus server itself, not what it monitors. */
const SERVER_SECTIONS = [
  'web',
  'storage',
  'metrics',
  'security',
  'concurrency',
  'disable-monitoring-lock',
  'skip-invalid-config-update',
  'debug',
];
/** Top-level sections with no equivalent in an import. */
const UNMAPPED_SECTIONS: Record<string, string> = {
  suites: 'suites (chained endpoint calls sharing a context) have no equivalent',
  announcements: 'announcements are not imported (post them as status reports)',
  remote: 'remote instances have no equivalent',
  tunneling: 'SSH tunnels have no equivalent: checks run from this service’s regions and private locations',
  connectivity: 'the connectivity checker has no equivalent',
};
const KNOWN_SECTIONS = new Set([
  ...SERVER_SECTIONS,
  ...Object.keys(UNMAPPED_SECTIONS),
  'alerting',
  'endpoints',
  'external-endpoints',
  'ui',
  'maintenance',
]);

/** The endpoint fields read here; any other is reported by name. */
const ENDPOINT_FIELDS = new Set([
  'enabled',
  'name',
  'group',
  'url',
  'method',
  'body',
  'graphql',
  'headers',
  'interval',
  'conditions',
  'alerts',
  'maintenance-windows',
  'dns',
  'client',
  'ui',
  'extra-labels',
  'ssh',
]);
const CLIENT_FIELDS = new Set(['insecure', 'ignore-redirect', 'timeout']);

export const parseGatus: ImportSourceParser = (file, options) => parseGatusAt(file, options.env, new Date());

/** The parser at a given time (maintenance occurrences are counted from `now`). */
export function parseGatusAt(
  file: Uint8Array,
  env: Readonly<Record<string, string | undefined>>,
  now: Date,
): ImportModel {
  const root = readConfig(file, env);
  const model: ImportModel = {
    source: 'gatus',
    findings: [...root.findings],
    monitors: [],
    channels: [],
    statusPages: [],
    maintenances: [],
  };
  const config = root.config;
  for (const key of Object.keys(config)) {
    if (UNMAPPED_SECTIONS[key])
      model.findings.push({ level: 'unmappable', field: key, message: UNMAPPED_SECTIONS[key] });
    else if (!KNOWN_SECTIONS.has(key))
      model.findings.push({
        level: 'unmappable',
        field: key,
        message: `${key} is not a Gatus setting this import knows`,
      });
  }
  const server = SERVER_SECTIONS.filter((s) => s in config);
  if (server.length)
    model.findings.push({
      level: 'unmappable',
      field: server.join(', '),
      message: `settings of the Gatus server itself are not imported: ${server.join(', ')}`,
    });

  const providers = mapProviders(config.alerting, model.findings);
  const keys = new KeyRegistry();
  const entries: EndpointEntry[] = [];

  listOf(config.endpoints, 'endpoints', model.findings).forEach((raw, index) => {
    const entry = mapEndpoint(raw, index, providers, keys, model.findings);
    if (entry) entries.push(entry);
  });
  listOf(config['external-endpoints'], 'external-endpoints', model.findings).forEach((raw, index) => {
    const entry = mapExternalEndpoint(raw, index, providers, keys, model.findings);
    if (entry) entries.push(entry);
  });

  for (const entry of entries) {
    model.monitors.push(entry.monitor);
    for (const channelKey of entry.channelKeys) {
      const channel = channelsOf(providers).find((c) => c.sourceKey === channelKey);
      if (channel && !channel.monitorKeys.includes(entry.monitor.sourceKey))
        channel.monitorKeys.push(entry.monitor.sourceKey);
    }
  }
  model.channels.push(...channelsOf(providers));

  if (entries.length) {
    const page = statusPageOf(config.ui, entries, model.findings);
    model.statusPages.push(page);
    model.maintenances.push(...maintenancesOf(config.maintenance, entries, now, model.findings));
  }
  return model;
}

// --- reading the file -----------------------------------------------------------------------------

function readConfig(
  file: Uint8Array,
  env: Readonly<Record<string, string | undefined>>,
): { config: YamlMap; findings: ImportFinding[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw ValidationError.field('file', 'is not a Gatus configuration: it is not UTF-8 text');
  }
  if (text.includes('\u0000')) throw ValidationError.field('file', 'is not a Gatus configuration: it is binary');
  const expanded = expandGatusEnv(text, env);
  let config: unknown;
  try {
    config = parseYaml(expanded.text, { maxAliasCount: 1000, uniqueKeys: false });
  } catch (error) {
    // The first line only: the rest quotes the file, which may hold a substituted secret.
    const reason = error instanceof YAMLParseError ? error.message.split('\n')[0] : 'it cannot be read';
    throw ValidationError.field('file', `is not a Gatus configuration: not valid YAML (${reason})`);
  }
  if (!isMap(config))
    throw ValidationError.field('file', 'is not a Gatus configuration: its top level is not a map of settings');
  const hasList = (key: string) => Array.isArray(config[key]) && (config[key] as unknown[]).length > 0;
  if (!hasList('endpoints') && !hasList('suites'))
    throw ValidationError.field('file', 'is not a Gatus configuration: it has no endpoints (Gatus refuses it too)');
  const findings: ImportFinding[] = expanded.unset.map((name) => ({
    level: 'approximate' as const,
    field: `$${name}`,
    message: `environment variable ${name} is not set: Gatus reads it as empty, and so does this import`,
  }));
  return { config, findings };
}

function listOf(value: unknown, field: string, findings: ImportFinding[]): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  findings.push({ level: 'unmappable', field, message: `${field} is not a list` });
  return [];
}

function channelsOf(providers: Map<string, GatusProvider>): ImportedChannel[] {
  return [...providers.values()].flatMap((p) => p.channels);
}

/** Source keys are unique per kind; Gatus keys endpoints by group and name, which it also requires unique. */
class KeyRegistry {
  private readonly seen = new Set<string>();
  take(key: string, findings: ImportFinding[]): string {
    if (!this.seen.has(key)) {
      this.seen.add(key);
      return key;
    }
    let n = 2;
    while (this.seen.has(`${key}#${n}`)) n++;
    findings.push({
      level: 'approximate',
      field: 'name',
      message: `another endpoint has the same group and name (Gatus refuses that); this one is keyed ${key}#${n}`,
    });
    this.seen.add(`${key}#${n}`);
    return `${key}#${n}`;
  }
}

// --- endpoints -----------------------------------------------------------------------------------

interface EndpointEntry {
  monitor: ImportedMonitor;
  name: string;
  group: string;
  channelKeys: string[];
  maintenanceWindows: unknown;
}

/** The scheme of a Gatus endpoint (its `Type()`), and what it becomes here. */
function kindOf(endpoint: YamlMap, url: string): { kind: MonitorKind; starttls?: boolean; grpcTls?: boolean } | string {
  if (endpoint.dns !== undefined) return { kind: 'dns' };
  const scheme = /^([a-z]+):\/\//i.exec(url)?.[1]?.toLowerCase() ?? '';
  switch (scheme) {
    case 'tcp':
      return { kind: 'tcp' };
    case 'icmp':
      return { kind: 'icmp' };
    case 'starttls':
      return { kind: 'tls', starttls: true };
    case 'tls':
      return { kind: 'tls' };
    case 'http':
    case 'https':
      return { kind: 'http' };
    case 'grpc':
      return { kind: 'grpc', grpcTls: false };
    case 'grpcs':
      return { kind: 'grpc', grpcTls: true };
    case 'udp':
      return 'UDP checks have no equivalent here';
    case 'sctp':
      return 'SCTP checks have no equivalent here';
    case 'ws':
    case 'wss':
      return 'WebSocket checks have no equivalent here';
    case 'ssh':
      return 'SSH checks have no equivalent here';
    default:
      return `the URL's scheme${scheme ? ` ${scheme}://` : ''} is not one Gatus monitors`;
  }
}

const endpointLabel = (group: string, name: string, external = false) =>
  `${external ? 'external endpoint' : 'endpoint'} “${group ? `${group}/` : ''}${name}”`;

/** A name within `max` characters, reported when cut. */
function bounded(value: string, max: number, field: string, findings: ImportFinding[]): string {
  const trimmed = value.trim();
  if (trimmed.length <= max) return trimmed;
  findings.push({ level: 'approximate', field, message: `${field} is cut to ${max} characters` });
  return trimmed.slice(0, max).trim();
}

function mapEndpoint(
  raw: unknown,
  index: number,
  providers: Map<string, GatusProvider>,
  keys: KeyRegistry,
  fileFindings: ImportFinding[],
): EndpointEntry | null {
  const field = `endpoints[${index}]`;
  if (!isMap(raw)) {
    fileFindings.push({ level: 'unmappable', field, message: `${field} is not a map: Gatus refuses it` });
    return null;
  }
  const name = str(raw.name).trim();
  const group = str(raw.group).trim();
  const url = str(raw.url).trim();
  const label = endpointLabel(group, name || `#${index + 1}`);
  const refuse = (why: string) => {
    fileFindings.push({ level: 'unmappable', field, message: `${label}: ${why}; not imported` });
    return null;
  };
  if (!name) return refuse('it has no name (Gatus refuses it)');
  if (!url) return refuse('it has no url (Gatus refuses it)');
  const scheme = kindOf(raw, url);
  if (typeof scheme === 'string') return refuse(scheme);
  const { kind } = scheme;
  const findings: ImportFinding[] = [];
  const conditions = Array.isArray(raw.conditions) ? raw.conditions.map((c) => str(c)) : [];
  if (conditions.length === 0) return refuse('it has no conditions (Gatus refuses it)');

  const input: ImportedMonitor['input'] = {
    name: bounded(name, MONITOR_BOUNDS.name, 'name', findings),
    // Gatus does not retry within a check; its failure threshold is the alerting policy's.
    retry: 0,
  };
  if (group) input.tags = [bounded(group, MONITOR_BOUNDS.tagLength, 'group', findings)];
  if (raw.enabled === false)
    findings.push({
      level: 'approximate',
      field: 'enabled',
      message: 'disabled in Gatus: imported like the others (inactive unless --activate, which would start it)',
    });
  for (const key of Object.keys(raw))
    if (!ENDPOINT_FIELDS.has(key))
      findings.push({ level: 'unmappable', field: key, message: `${key} has no equivalent here` });
  if (raw['extra-labels'] !== undefined)
    findings.push({ level: 'unmappable', field: 'extra-labels', message: 'metric labels have no equivalent here' });
  if (isMap(raw.ui) && Object.keys(raw.ui).length)
    findings.push({
      level: 'unmappable',
      field: 'ui',
      message: `display settings of Gatus's dashboard are not imported: ${Object.keys(raw.ui).join(', ')}`,
    });
  if (raw.ssh !== undefined)
    findings.push({ level: 'unmappable', field: 'ssh', message: 'SSH settings apply to ssh:// endpoints only' });

  // Interval: Gatus's default is 60s.
  const intervalMs = raw.interval === undefined ? 60_000 : parseGoDuration(str(raw.interval));
  if (intervalMs === null || intervalMs <= 0) {
    findings.push({
      level: 'approximate',
      field: 'interval',
      message: 'interval is not a duration: checked every 1m (Gatus’s default)',
    });
    input.periodicity = '1m';
  } else {
    input.periodicity = nearestPeriodicity(intervalMs / 1000);
    if (intervalMs !== PERIODICITY_SECONDS[input.periodicity] * 1000)
      findings.push({
        level: 'approximate',
        field: 'interval',
        message: `interval ${formatMs(intervalMs)} is rounded to the nearest periodicity offered here: ${input.periodicity}`,
      });
  }

  // Client settings.
  const client = isMap(raw.client) ? raw.client : {};
  const timeoutMs = client.timeout === undefined ? GATUS_TIMEOUT_MS : parseGoDuration(str(client.timeout));
  if (timeoutMs === null || timeoutMs <= 0) {
    findings.push({
      level: 'approximate',
      field: 'client.timeout',
      message: `client.timeout is not a duration: ${GATUS_TIMEOUT_MS / 1000}s (Gatus’s default)`,
    });
    input.timeout = GATUS_TIMEOUT_MS;
  } else if (timeoutMs > MONITOR_BOUNDS.timeoutMax) {
    findings.push({
      level: 'approximate',
      field: 'client.timeout',
      message: `client.timeout ${formatMs(timeoutMs)} is bounded at ${MONITOR_BOUNDS.timeoutMax / 1000}s`,
    });
    input.timeout = MONITOR_BOUNDS.timeoutMax;
  } else input.timeout = Math.max(1, Math.round(timeoutMs));
  for (const key of Object.keys(client))
    if (!CLIENT_FIELDS.has(key))
      findings.push({ level: 'unmappable', field: `client.${key}`, message: `client.${key} has no equivalent here` });
  if (client.insecure === true) {
    if (kind === 'http' || kind === 'tls' || kind === 'grpc') input.tlsVerify = false;
  }
  if (client['ignore-redirect'] === true && kind === 'http') input.followRedirects = false;

  // Target.
  const target = targetOf(raw, url, kind, scheme, input, findings);
  if (typeof target === 'string') return refuse(target);

  // Conditions.
  const mapped = mapConditions(conditions, {
    kind,
    dnsQueryType: isMap(raw.dns) ? str(raw.dns['query-type']).toUpperCase() : undefined,
  });
  findings.push(...mapped.findings);
  if (kind === 'http') {
    // Without a [STATUS] condition Gatus accepts any status; a check here accepts only 2xx unless told.
    input.statusCodeAssertions = mapped.boundsStatus
      ? mapped.statusCodeAssertions
      : [{ comparator: 'gte', target: MONITOR_BOUNDS.statusCodeMin }];
    input.bodyAssertions = mapped.bodyAssertions;
    input.jsonAssertions = mapped.jsonAssertions;
    input.timingAssertions = mapped.timingAssertions;
  }
  if (kind === 'dns') input.recordAssertions = mapped.recordAssertions;
  if (mapped.certificateExpiryDays.length)
    input.certificateExpiryDays = mapped.certificateExpiryDays.sort((a, b) => b - a);
  if (mapped.timeoutMs !== null) input.timeout = Math.min(input.timeout ?? GATUS_TIMEOUT_MS, mapped.timeoutMs);
  if (kind === 'grpc') {
    input.grpc = {
      service: '',
      tls: scheme.grpcTls ?? false,
      metadata: [],
      expectedStatus: mapped.grpcExpectedStatus ?? 'SERVING',
    };
    if (!mapped.grpcExpectedStatus)
      findings.push({
        level: 'approximate',
        field: 'conditions',
        message: 'Gatus accepts any serving status of a health check that answers; here the check expects SERVING',
      });
  }

  // Alerts.
  const alerts = mapEndpointAlerts(raw.alerts, providers);
  findings.push(...alerts.findings);
  if (alerts.alerting) input.alerting = alerts.alerting;

  const sourceKey = keys.take(`endpoint:${group}/${name}`, findings);
  return {
    monitor: { sourceKey, label, findings, kind, input },
    name: input.name ?? name,
    group,
    channelKeys: alerts.channelKeys,
    maintenanceWindows: raw['maintenance-windows'],
  };
}

/** The monitor's target (url or uri) and the kind's own settings; a string is why it cannot be one. */
function targetOf(
  raw: YamlMap,
  url: string,
  kind: MonitorKind,
  scheme: { starttls?: boolean },
  input: ImportedMonitor['input'],
  findings: ImportFinding[],
): string | null {
  const afterScheme = url.replace(/^[a-z]+:\/\//i, '');
  const body = str(raw.body);
  switch (kind) {
    case 'http': {
      if (url.length > MONITOR_BOUNDS.url || !isHttpUrl(url))
        return 'its url is not an http(s) URL this service accepts';
      input.url = url;
      const method = (str(raw.method) || 'GET').toUpperCase();
      if ((HTTP_METHODS as readonly string[]).includes(method)) input.method = method as HttpMethod;
      else {
        input.method = 'GET';
        findings.push({
          level: 'unmappable',
          field: 'method',
          message: `method ${method} is not one a check here sends: GET instead`,
        });
      }
      input.headers = headersOf(raw.headers, findings);
      if (body) input.body = requestBody(body, raw, findings);
      if (raw.graphql === true) {
        input.body = JSON.stringify({ query: input.body ?? '' });
        if (!input.headers.some((h) => h.key.toLowerCase() === 'content-type'))
          input.headers.push({ key: 'Content-Type', value: 'application/json' });
      }
      return null;
    }
    case 'tcp':
    case 'tls':
    case 'grpc': {
      if (!isHostPort(afterScheme)) return `its address ${afterScheme} is not host:port`;
      input.uri = afterScheme;
      if (kind === 'tls') input.tls = { servername: '', starttls: scheme.starttls ? 'smtp' : 'none' };
      if (scheme.starttls)
        findings.push({ level: 'approximate', field: 'url', message: 'STARTTLS is spoken as SMTP, as Gatus does' });
      if (body)
        findings.push({
          level: 'unmappable',
          field: 'body',
          message: `the text Gatus sends on connect is not sent by a ${kind} check here`,
        });
      return null;
    }
    case 'icmp': {
      if (!isHost(afterScheme)) return `its host ${afterScheme} is not a host name or IP address`;
      input.uri = afterScheme;
      return null;
    }
    case 'dns': {
      const dns = isMap(raw.dns) ? raw.dns : {};
      const queryName = str(dns['query-name']).trim().replace(/\.$/, '');
      const queryType = str(dns['query-type']).toUpperCase();
      if (!queryName || !isHostname(queryName)) return 'its dns.query-name is not a domain name';
      input.uri = queryName;
      findings.push({
        level: 'unmappable',
        field: 'url',
        message: `the DNS server ${url} is not a setting of a monitor here: DNS checks ask the checker's resolver (the system's, or CHECKER_DNS_SERVER)`,
      });
      if (!['A', 'AAAA', 'CNAME', 'MX', 'TXT'].includes(queryType))
        findings.push({
          level: 'unmappable',
          field: 'dns.query-type',
          message: `query type ${queryType || '(none)'}: DNS checks here ask for A, AAAA, CNAME, MX or TXT records; without a record assertion the check asks for A, AAAA and CNAME`,
        });
      return null;
    }
    case 'heartbeat':
      return 'not an endpoint kind';
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown kind ${String(unreachable)}`);
    }
  }
}

function headersOf(value: unknown, findings: ImportFinding[]): KeyValue[] {
  if (!isMap(value)) return [];
  const all = Object.entries(value).map(([key, v]) => ({ key, value: str(v) }));
  const empty = all.filter((h) => h.value === '').map((h) => h.key);
  if (empty.length)
    findings.push({
      level: 'approximate',
      field: 'headers',
      message: `${empty.join(', ')} ${empty.length === 1 ? 'is' : 'are'} empty (Gatus sends ${empty.length === 1 ? 'it' : 'them'} empty): not sent here, where a header needs a value`,
    });
  const headers = all.filter((h) => h.key !== '' && h.value !== '');
  if (headers.length > MONITOR_BOUNDS.headers) {
    findings.push({
      level: 'unmappable',
      field: 'headers',
      message: `a check here sends at most ${MONITOR_BOUNDS.headers} headers: ${headers
        .slice(MONITOR_BOUNDS.headers)
        .map((h) => h.key)
        .join(', ')} not sent`,
    });
  }
  return headers.slice(0, MONITOR_BOUNDS.headers);
}

/** The request body with Gatus's fixed placeholders filled in, as Gatus fills them before each request. */
function requestBody(body: string, raw: YamlMap, findings: ImportFinding[]): string {
  const filled = body
    .replaceAll('[ENDPOINT_NAME]', str(raw.name))
    .replaceAll('[ENDPOINT_GROUP]', str(raw.group))
    .replaceAll('[ENDPOINT_URL]', str(raw.url));
  const dynamic = [...new Set(filled.match(/\[(?:RANDOM_STRING_\d+|LOCAL_ADDRESS)\]/g) ?? [])];
  if (dynamic.length)
    findings.push({
      level: 'unmappable',
      field: 'body',
      message: `${dynamic.join(', ')} change with every request in Gatus; here the body is sent as written`,
    });
  return filled;
}

// --- external endpoints ----------------------------------------------------------------------------

function mapExternalEndpoint(
  raw: unknown,
  index: number,
  providers: Map<string, GatusProvider>,
  keys: KeyRegistry,
  fileFindings: ImportFinding[],
): EndpointEntry | null {
  const field = `external-endpoints[${index}]`;
  if (!isMap(raw)) {
    fileFindings.push({ level: 'unmappable', field, message: `${field} is not a map: Gatus refuses it` });
    return null;
  }
  const name = str(raw.name).trim();
  const group = str(raw.group).trim();
  const label = endpointLabel(group, name || `#${index + 1}`, true);
  const refuse = (why: string) => {
    fileFindings.push({ level: 'unmappable', field, message: `${label}: ${why}; not imported` });
    return null;
  };
  if (!name) return refuse('it has no name (Gatus refuses it)');
  const heartbeat = isMap(raw.heartbeat) ? raw.heartbeat : {};
  const intervalMs = heartbeat.interval === undefined ? 0 : parseGoDuration(str(heartbeat.interval));
  if (!intervalMs || intervalMs <= 0)
    return refuse(
      'it has no heartbeat.interval: results pushed at no expected pace have no equivalent (a heartbeat monitor here expects pings on a schedule)',
    );
  const findings: ImportFinding[] = [];
  let periodSeconds = Math.round(intervalMs / 1000);
  const { periodMin, periodMax } = HEARTBEAT_BOUNDS;
  if (periodSeconds < periodMin || periodSeconds > periodMax) {
    const bounded = Math.min(periodMax, Math.max(periodMin, periodSeconds));
    findings.push({
      level: 'approximate',
      field: 'heartbeat.interval',
      message: `heartbeat.interval ${formatMs(intervalMs)} is outside the 30s to 31d a heartbeat period may be: ${formatMs(bounded * 1000)}`,
    });
    periodSeconds = bounded;
  }
  const input: ImportedMonitor['input'] = {
    name: bounded(name, MONITOR_BOUNDS.name, 'name', findings),
    // Gatus fails the endpoint as soon as an interval passes without an update: no grace.
    heartbeat: { schedule: 'period', periodSeconds, cron: '', timezone: 'UTC', graceSeconds: 0 },
  };
  if (group) input.tags = [bounded(group, MONITOR_BOUNDS.tagLength, 'group', findings)];
  if (raw.enabled === false)
    findings.push({
      level: 'approximate',
      field: 'enabled',
      message: 'disabled in Gatus: imported like the others (inactive unless --activate, which would start it)',
    });
  const token = str(raw.token);
  let pingToken: string | undefined;
  if (PING_TOKEN.test(token)) pingToken = token;
  else
    findings.push({
      level: 'approximate',
      field: 'token',
      message:
        'the token is not one a ping URL here can keep (16 to 64 letters, digits, - and _): a new token is made, so the push URL changes',
    });
  findings.push({
    level: 'approximate',
    field: 'token',
    message:
      'pushes move from Gatus’s /api/v1/endpoints/<key>/external?success=… with a bearer token to this monitor’s ping URL: /ping/<token> for success, /ping/<token>/fail for failure',
  });
  const alerts = mapEndpointAlerts(raw.alerts, providers);
  findings.push(...alerts.findings);
  if (alerts.alerting) input.alerting = alerts.alerting;
  const sourceKey = keys.take(`external-endpoint:${group}/${name}`, findings);
  return {
    monitor: { sourceKey, label, findings, kind: 'heartbeat', input, ...(pingToken ? { pingToken } : {}) },
    name: input.name ?? name,
    group,
    channelKeys: alerts.channelKeys,
    maintenanceWindows: raw['maintenance-windows'],
  };
}

// --- the status page -----------------------------------------------------------------------------

const componentKey = (monitorKey: string) => `component:${monitorKey}`;

function statusPageOf(ui: unknown, entries: EndpointEntry[], fileFindings: ImportFinding[]): ImportedStatusPage {
  const findings: ImportFinding[] = [];
  const settings = isMap(ui) ? ui : {};
  const rawTitle = str(settings.title).trim() || 'Gatus';
  const title = bounded(rawTitle.replace(/\s+/g, ' '), 256, 'ui.title', findings);
  const slug = slugOf(title, 64) || 'gatus';
  if (slug !== title)
    findings.push({
      level: 'approximate',
      field: 'ui.title',
      message: `the page's address is made from the title: ${slug}`,
    });
  const description = str(settings.description).trim();
  const page: ImportedStatusPage = {
    sourceKey: PAGE_KEY,
    label: `status page “${title}”`,
    findings,
    title,
    slug,
    ...(description ? { description: description.slice(0, 1024) } : {}),
    components: [],
    groups: [],
  };
  const shown = Object.keys(settings).filter((k) => k !== 'title' && k !== 'description');
  if (shown.length)
    fileFindings.push({
      level: 'unmappable',
      field: 'ui',
      message: `the look of Gatus's dashboard is not imported: ${shown.join(', ')}`,
    });
  const groups = new Map<string, ImportedComponentGroup>();
  for (const entry of entries) {
    const component: ImportedComponent = {
      sourceKey: componentKey(entry.monitor.sourceKey),
      label: `component “${entry.name}”`,
      findings: [],
      name: entry.name,
      monitorKey: entry.monitor.sourceKey,
      order: 0,
    };
    if (!entry.group) {
      component.order = page.components.length;
      page.components.push(component);
      continue;
    }
    let group = groups.get(entry.group);
    if (!group) {
      group = {
        sourceKey: `group:${entry.group}`,
        label: `component group “${entry.group}”`,
        findings: [],
        name: entry.group.slice(0, 256),
        order: groups.size,
        components: [],
      };
      groups.set(entry.group, group);
      page.groups.push(group);
    }
    component.order = group.components.length;
    group.components.push(component);
  }
  return page;
}

// --- maintenance -----------------------------------------------------------------------------------

function ruleOf(raw: unknown, field: string, findings: ImportFinding[]): MaintenanceRule | null {
  if (!isMap(raw)) {
    findings.push({ level: 'unmappable', field, message: `${field} is not a map` });
    return null;
  }
  if (raw.enabled === false) {
    findings.push({ level: 'approximate', field, message: `${field} is disabled in Gatus: not imported` });
    return null;
  }
  const rule: MaintenanceRule = {
    start: str(raw.start),
    durationMs: parseGoDuration(str(raw.duration)) ?? 0,
    timezone: str(raw.timezone) || 'UTC',
    every: Array.isArray(raw.every) ? raw.every.map((d) => str(d)) : [],
  };
  const problem = maintenanceProblem(rule);
  if (problem) {
    findings.push({ level: 'unmappable', field, message: `${field}: ${problem} (Gatus refuses it)` });
    return null;
  }
  return rule;
}

const describeRule = (rule: MaintenanceRule) =>
  `${rule.every.length ? rule.every.join(', ') : 'every day'} at ${rule.start} (${rule.timezone}) for ${formatMs(rule.durationMs)}`;

function maintenancesOf(
  global: unknown,
  entries: EndpointEntry[],
  now: Date,
  fileFindings: ImportFinding[],
): ImportedMaintenance[] {
  const out: ImportedMaintenance[] = [];
  const windows = (rule: MaintenanceRule, keyPrefix: string, title: string, componentKeys: string[], field: string) => {
    const occurrences = maintenanceOccurrences(rule, now, MAINTENANCE_HORIZON_DAYS);
    const finding: ImportFinding = {
      level: 'approximate',
      field,
      message: `a recurring window (${describeRule(rule)}): its ${occurrences.length} occurrence${occurrences.length === 1 ? '' : 's'} in the next ${MAINTENANCE_HORIZON_DAYS} days become one-off maintenances; later ones are not created (recurring windows have no equivalent here)`,
    };
    if (occurrences.length === 0) fileFindings.push(finding);
    for (const { from, to } of occurrences)
      out.push({
        sourceKey: `${keyPrefix}@${from.toISOString()}`,
        label: `maintenance “${title}” at ${from.toISOString()}`,
        findings: [finding],
        pageKey: PAGE_KEY,
        title,
        message: `Scheduled maintenance, ${describeRule(rule)}.`,
        from,
        to,
        componentKeys,
      });
  };
  if (global !== undefined && global !== null) {
    const rule = ruleOf(global, 'maintenance', fileFindings);
    if (rule)
      windows(
        rule,
        'maintenance:global',
        'Scheduled maintenance',
        entries.map((e) => componentKey(e.monitor.sourceKey)),
        'maintenance',
      );
  }
  for (const entry of entries) {
    if (entry.maintenanceWindows === undefined || entry.maintenanceWindows === null) continue;
    listOf(entry.maintenanceWindows, 'maintenance-windows', entry.monitor.findings).forEach((raw, index) => {
      const field = `maintenance-windows[${index}]`;
      const rule = ruleOf(raw, field, entry.monitor.findings);
      if (rule)
        windows(
          rule,
          `maintenance:${entry.monitor.sourceKey}:${index}`,
          `Maintenance: ${entry.name}`.slice(0, 256),
          [componentKey(entry.monitor.sourceKey)],
          field,
        );
    });
  }
  return out;
}
