// Uptime Kuma monitors (the `monitor` table) as this service's monitors (issue 30): http, keyword and
// json-query to HTTP with assertions, port to TCP, ping to ICMP, dns to DNS with record assertions,
// push to heartbeat, grpc-keyword to gRPC. Group monitors become a tag on their children; every other
// type has no equivalent and is reported. Each setting that does not map exactly is a finding.
import type { z } from 'zod';
import { MONITOR_BOUNDS as B, PERIODICITY_SECONDS, type DnsRecordType } from '../../checks/check-config';
import { isHttpUrl } from '../../common/validation';
import { MONITOR_SCHEMAS, PING_TOKEN, isHost, isHostPort, isHostname } from '../../monitors/monitor.schemas';
import type { ImportedMonitor, ImportFinding } from '../import-model';
import { bool, json, keyValues, num, str, textOf, type KumaRows, type Row } from './uptime-kuma-database';
import {
  clip,
  describeSeconds,
  jsonataToJsonPath,
  nearestPeriodicity,
  statusCodeAssertions,
} from './uptime-kuma-values';

type Input = ImportedMonitor['input'];

/** Kuma's default DNS resolver, which the form fills in: keeping it is not a choice worth reporting. */
const DEFAULT_RESOLVERS = new Set(['1.1.1.1', '1.1.1.1,1.0.0.1', '']);
/** Kuma's TLS expiry reminder days when its setting is unset. */
const KUMA_TLS_EXPIRY_DAYS = [7, 14, 21];

const MAPPED_TYPES = new Set(['http', 'keyword', 'json-query', 'port', 'ping', 'dns', 'push', 'grpc-keyword']);

export const monitorKey = (id: unknown) => `monitor:${String(id)}`;
export const monitorLabel = (row: Row) => `monitor ${str(row, 'id')} “${str(row, 'name')}”`;

export interface MappedMonitors {
  monitors: ImportedMonitor[];
  /** Whole monitors with no equivalent (groups, docker, mqtt, ...). */
  findings: ImportFinding[];
}

/** Tags of a monitor: Kuma's tags (`name` or `name:value`) and one per enclosing group. */
function tagsOf(row: Row, rows: KumaRows, byId: Map<string, Row>, findings: ImportFinding[]): string[] {
  const tagNames = new Map(rows.tags.map((t) => [str(t, 'id'), str(t, 'name').trim()]));
  const tags: string[] = [];
  const add = (tag: string, field: string) => {
    const trimmed = tag.trim();
    if (!trimmed) return;
    const { value, clipped } = clip(trimmed, B.tagLength);
    if (clipped)
      findings.push({
        level: 'approximate',
        field,
        message: `tag “${trimmed}” shortened to ${B.tagLength} characters`,
      });
    if (!tags.includes(value.trim())) tags.push(value.trim());
  };
  for (const mt of rows.monitorTags.filter((t) => str(t, 'monitor_id') === str(row, 'id'))) {
    const name = tagNames.get(str(mt, 'tag_id'));
    if (!name) continue;
    const value = str(mt, 'value').trim();
    add(value ? `${name}:${value}` : name, 'tags');
  }
  const seen = new Set<string>();
  for (let parent = byId.get(str(row, 'parent')); parent && !seen.has(str(parent, 'id'));) {
    seen.add(str(parent, 'id'));
    add(`group:${str(parent, 'name')}`, 'parent');
    findings.push({
      level: 'approximate',
      field: 'parent',
      message: `in Kuma group “${str(parent, 'name')}”: tagged group:${str(parent, 'name')} (groups are tags here; a group's own status and alerts are not imported)`,
    });
    parent = byId.get(str(parent, 'parent'));
  }
  if (tags.length > B.tags) {
    findings.push({
      level: 'unmappable',
      field: 'tags',
      message: `only ${B.tags} tags are kept; ${tags.slice(B.tags).join(', ')} dropped`,
    });
    tags.length = B.tags;
  }
  return tags;
}

function commonOf(row: Row, findings: ImportFinding[], rows: KumaRows, byId: Map<string, Row>): Input {
  const name = clip(str(row, 'name').trim() || `Kuma monitor ${str(row, 'id')}`, B.name);
  if (name.clipped)
    findings.push({ level: 'approximate', field: 'name', message: `name shortened to ${B.name} characters` });
  const description = clip(str(row, 'description'), B.description);
  if (description.clipped)
    findings.push({
      level: 'approximate',
      field: 'description',
      message: `description shortened to ${B.description} characters`,
    });
  const input: Input = { name: name.value, tags: tagsOf(row, rows, byId, findings) };
  if (description.value.trim()) input.description = description.value;

  const maxretries = Math.max(0, Math.trunc(num(row, 'maxretries')));
  const interval = Math.max(1, num(row, 'interval', 60));
  const alerting: NonNullable<Input['alerting']> = {};
  if (maxretries > 0) {
    alerting.failureThreshold = Math.min(maxretries + 1, B.failureThresholdMax);
    if (maxretries + 1 > B.failureThresholdMax)
      findings.push({
        level: 'approximate',
        field: 'maxretries',
        message: `${maxretries} retries: the failure threshold is at most ${B.failureThresholdMax} checks`,
      });
    const retryInterval = num(row, 'retry_interval');
    if (retryInterval > 0 && retryInterval !== interval)
      findings.push({
        level: 'approximate',
        field: 'retry_interval',
        message: `Kuma retried every ${describeSeconds(retryInterval)}; here the ${maxretries + 1} failing checks before down come at the monitor's periodicity`,
      });
  }
  const resend = Math.trunc(num(row, 'resend_interval'));
  if (resend > 0) {
    const minutes = Math.min(Math.max(1, Math.round((resend * interval) / 60)), B.reminderIntervalMinutesMax);
    alerting.reminderIntervalMinutes = minutes;
    findings.push({
      level: 'approximate',
      field: 'resend_interval',
      message: `Kuma resent the alert every ${resend} down heartbeats (${describeSeconds(resend * interval)}); here a reminder every ${minutes} minutes`,
    });
  }
  if (Object.keys(alerting).length) input.alerting = alerting;
  if (!bool(row, 'active', true))
    findings.push({
      level: 'approximate',
      field: 'active',
      message: 'paused in Kuma: imported like the others (inactive, or active with --activate)',
    });
  if (bool(row, 'upside_down'))
    findings.push({
      level: 'unmappable',
      field: 'upside_down',
      message:
        'upside-down mode (up when the check fails) has no equivalent: the monitor is imported as a normal check, so it is down where Kuma showed up',
    });
  return input;
}

function periodicityOf(row: Row, input: Input, findings: ImportFinding[]): void {
  const interval = num(row, 'interval', 60);
  const periodicity = nearestPeriodicity(interval);
  input.periodicity = periodicity;
  if (PERIODICITY_SECONDS[periodicity] !== interval)
    findings.push({
      level: 'approximate',
      field: 'interval',
      message: `interval ${describeSeconds(interval)} rounded to ${periodicity}`,
    });
}

function timeoutOf(row: Row, input: Input, findings: ImportFinding[]): void {
  const seconds = num(row, 'timeout');
  if (seconds <= 0) return;
  const ms = Math.round(seconds * 1000);
  input.timeout = Math.min(ms, B.timeoutMax);
  if (ms > B.timeoutMax)
    findings.push({
      level: 'approximate',
      field: 'timeout',
      message: `timeout ${seconds}s shortened to ${B.timeoutMax / 1000}s, the longest allowed`,
    });
}

function unmappedSettings(row: Row, findings: ImportFinding[]): void {
  if (num(row, 'proxy_id') > 0)
    findings.push({
      level: 'unmappable',
      field: 'proxy_id',
      message: 'requests went through a Kuma proxy; here they go direct',
    });
}

function expiryDays(rows: KumaRows): number[] {
  const configured = (() => {
    try {
      const parsed = JSON.parse(rows.settings.get('tlsExpiryNotifyDays') ?? '') as unknown;
      return Array.isArray(parsed) ? parsed.map(Number) : null;
    } catch {
      return null;
    }
  })();
  const days = (configured ?? KUMA_TLS_EXPIRY_DAYS).filter(
    (d) => Number.isInteger(d) && d >= 1 && d <= B.certificateExpiryDayMax,
  );
  return [...new Set(days)].sort((a, b) => b - a).slice(0, B.certificateExpiryDays);
}

function httpOf(row: Row, input: Input, findings: ImportFinding[], rows: KumaRows): boolean {
  const url = str(row, 'url').trim();
  if (!isHttpUrl(url) || url.length > B.url) return false;
  input.url = url;
  const method = str(row, 'method').toUpperCase() || 'GET';
  input.method = method as Input['method'];
  const headers: Array<{ key: string; value: string }> = [];
  const rawHeaders = json<unknown>(str(row, 'headers'), null);
  if (rawHeaders && typeof rawHeaders === 'object' && !Array.isArray(rawHeaders)) {
    headers.push(...keyValues(rawHeaders));
  } else if (str(row, 'headers').trim()) {
    findings.push({ level: 'unmappable', field: 'headers', message: 'the headers are not a JSON object' });
  }
  const body = str(row, 'body');
  if (body.trim()) {
    input.body = body;
    const encoding = str(row, 'http_body_encoding') || 'json';
    const contentType =
      encoding === 'json' ? 'application/json' : encoding === 'xml' ? 'text/xml; charset=utf-8' : null;
    if (contentType && !headers.some((h) => h.key.toLowerCase() === 'content-type'))
      headers.push({ key: 'Content-Type', value: contentType });
  }
  const authMethod = str(row, 'auth_method') || (str(row, 'basic_auth_user') ? 'basic' : '');
  if (authMethod === 'basic' && (str(row, 'basic_auth_user') || str(row, 'basic_auth_pass'))) {
    const token = Buffer.from(`${str(row, 'basic_auth_user')}:${str(row, 'basic_auth_pass')}`).toString('base64');
    if (!headers.some((h) => h.key.toLowerCase() === 'authorization'))
      headers.push({ key: 'Authorization', value: `Basic ${token}` });
  } else if (authMethod && authMethod !== 'basic' && authMethod !== 'null') {
    const what: Record<string, string> = {
      ntlm: 'NTLM authentication',
      mtls: 'client certificate (mTLS) authentication',
      'oauth2-cc': 'OAuth 2 client-credentials authentication',
    };
    findings.push({
      level: 'unmappable',
      field: 'auth_method',
      message: `${what[authMethod] ?? `authentication “${authMethod}”`} has no equivalent: requests go without it`,
    });
  }
  if (str(row, 'bearer_token') && !headers.some((h) => h.key.toLowerCase() === 'authorization'))
    headers.push({ key: 'Authorization', value: `Bearer ${str(row, 'bearer_token')}` });
  if (headers.length > B.headers) {
    findings.push({
      level: 'unmappable',
      field: 'headers',
      message: `only ${B.headers} headers are kept; ${headers
        .slice(B.headers)
        .map((h) => h.key)
        .join(', ')} dropped`,
    });
    headers.length = B.headers;
  }
  input.headers = headers;
  input.followRedirects = num(row, 'maxredirects', 10) > 0;
  input.tlsVerify = !bool(row, 'ignore_tls');
  input.certificateExpiryDays = bool(row, 'expiry_notification', true) ? expiryDays(rows) : [];
  if (bool(row, 'cache_bust'))
    findings.push({
      level: 'unmappable',
      field: 'cache_bust',
      message: 'the cache-busting query parameter is not added here',
    });

  const codes = json<unknown>(str(row, 'accepted_statuscodes_json'), ['200-299']);
  const list = Array.isArray(codes) ? codes.map(String) : ['200-299'];
  const status = statusCodeAssertions(list);
  input.statusCodeAssertions = status.assertions;
  if (status.problem)
    findings.push({ level: 'unmappable', field: 'accepted_statuscodes_json', message: status.problem });

  const type = str(row, 'type');
  if (type === 'keyword') {
    const keyword = str(row, 'keyword');
    if (keyword)
      input.bodyAssertions = [
        { comparator: bool(row, 'invert_keyword') ? 'not_contains' : 'contains', target: keyword },
      ];
  } else if (type === 'json-query') {
    jsonQueryOf(row, input, findings, rows.version);
  }
  return true;
}

const JSON_OPERATORS: Record<string, 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains'> = {
  '==': 'eq',
  '!=': 'neq',
  '<': 'lt',
  '<=': 'lte',
  '>': 'gt',
  '>=': 'gte',
  contains: 'contains',
};

function jsonQueryOf(row: Row, input: Input, findings: ImportFinding[], version: KumaRows['version']): void {
  const expression = str(row, 'json_path');
  const expected = str(row, 'expected_value');
  const operator = version === '2' ? str(row, 'json_path_operator') || '==' : '==';
  const comparator = JSON_OPERATORS[operator];
  const path = jsonataToJsonPath(expression);
  if (!path || !comparator) {
    findings.push({
      level: 'unmappable',
      field: 'json_path',
      message: !path
        ? `the JSONata expression “${expression}” has no JSONPath equivalent: its check (${operator} “${expected}”) is not imported`
        : `the comparison “${operator}” has no equivalent: the check of “${expression}” is not imported`,
    });
    return;
  }
  input.jsonAssertions = [{ path, comparator, target: expected }];
  if (path !== '$' && expression.trim() !== path)
    findings.push({
      level: 'approximate',
      field: 'json_path',
      message: `JSONata “${expression}” read as JSONPath ${path}`,
    });
}

function dnsOf(row: Row, input: Input, findings: ImportFinding[], version: KumaRows['version']): boolean {
  const host = str(row, 'hostname').trim().replace(/\.$/, '');
  if (!isHostname(host)) return false;
  input.uri = host;
  const server = str(row, 'dns_resolve_server').replace(/\s/g, '');
  const port = num(row, 'port', 53);
  if (!DEFAULT_RESOLVERS.has(server) || (port !== 53 && port !== 0))
    findings.push({
      level: 'unmappable',
      field: 'dns_resolve_server',
      message: `Kuma asked the resolver ${server}${port && port !== 53 ? ` on port ${port}` : ''}; here the checker's resolver answers`,
    });
  const type = (str(row, 'dns_resolve_type') || 'A').toUpperCase();
  const supported: readonly string[] = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'];
  if (!supported.includes(type)) {
    findings.push({
      level: 'unmappable',
      field: 'dns_resolve_type',
      message: `${type} records cannot be queried here: the monitor checks that the name has an A, AAAA or CNAME record`,
    });
    return true;
  }
  const record = type as DnsRecordType;
  const conditions = version === '2' ? json<unknown[]>(str(row, 'conditions'), []) : [];
  if (Array.isArray(conditions) && conditions.length) {
    input.recordAssertions = dnsConditions(conditions, record, findings);
    if (input.recordAssertions.length) return true;
  }
  // Kuma's check passes when the query answers any record of the type: a record that contains what
  // every such record contains says the same (an IPv4 address a dot, an IPv6 address a colon).
  const anyRecord: Partial<Record<DnsRecordType, string>> = { A: '.', AAAA: ':', CNAME: '.', MX: '.' };
  const target = anyRecord[record];
  if (target) input.recordAssertions = [{ record, comparator: 'contains', target }];
  else
    findings.push({
      level: 'approximate',
      field: 'dns_resolve_type',
      message: `“any ${record} record” cannot be asserted: the monitor checks that the name has an A, AAAA or CNAME record`,
    });
  return true;
}

interface KumaCondition {
  type?: string;
  variable?: string;
  operator?: string;
  value?: unknown;
  andOr?: string;
  children?: unknown[];
}

const RECORD_OPERATORS: Record<string, 'eq' | 'neq' | 'contains' | 'not_contains'> = {
  equals: 'eq',
  not_equals: 'neq',
  contains: 'contains',
  not_contains: 'not_contains',
};

function dnsConditions(
  conditions: unknown[],
  record: DnsRecordType,
  findings: ImportFinding[],
): NonNullable<Input['recordAssertions']> {
  const out: NonNullable<Input['recordAssertions']> = [];
  const flat = conditions as KumaCondition[];
  if (flat.some((c) => c.type === 'group') || flat.slice(1).some((c) => c.andOr === 'or')) {
    findings.push({
      level: 'unmappable',
      field: 'conditions',
      message: "conditions with groups or OR cannot be written as AND'ed record assertions: they are not imported",
    });
    return [];
  }
  for (const c of flat) {
    const comparator = RECORD_OPERATORS[c.operator ?? ''];
    const target = textOf(c.value).trim();
    if (c.variable !== 'record' || !comparator || !target) {
      findings.push({
        level: 'unmappable',
        field: 'conditions',
        message: `the condition ${c.variable ?? '?'} ${c.operator ?? '?'} “${textOf(c.value)}” has no equivalent`,
      });
      continue;
    }
    out.push({ record, comparator, target });
    if (comparator === 'neq' || comparator === 'not_contains')
      findings.push({
        level: 'approximate',
        field: 'conditions',
        message: `record ${c.operator} “${target}”: Kuma passes when some record does; here when no record ${comparator === 'neq' ? 'equals' : 'contains'} it`,
      });
  }
  if (out.length > 1)
    findings.push({
      level: 'approximate',
      field: 'conditions',
      message: 'Kuma needs one record to meet every condition; here each condition may be met by a different record',
    });
  if (out.length > B.assertionsPerKind) out.length = B.assertionsPerKind;
  return out;
}

function grpcOf(row: Row, input: Input, findings: ImportFinding[]): boolean {
  const uri = str(row, 'grpc_url').trim();
  if (!isHostPort(uri)) return false;
  input.uri = uri;
  const metadata = json<unknown>(str(row, 'grpc_metadata'), null);
  const entries = keyValues(metadata).slice(0, B.headers);
  input.grpc = { service: '', tls: bool(row, 'grpc_enable_tls'), metadata: entries, expectedStatus: 'SERVING' };
  input.tlsVerify = !bool(row, 'ignore_tls');
  const method = [str(row, 'grpc_service_name'), str(row, 'grpc_method')].filter(Boolean).join('/');
  const keyword = str(row, 'keyword');
  findings.push({
    level: 'unmappable',
    field: 'grpc_method',
    message: `Kuma called ${method || 'a method'} with its own request body${
      keyword ? ` and looked for “${keyword}”${bool(row, 'invert_keyword') ? ' to be absent' : ''} in the answer` : ''
    }; here the check is the standard gRPC health check (grpc.health.v1.Health/Check) of the server`,
  });
  return true;
}

function pushOf(row: Row, input: Input, findings: ImportFinding[]): { pingToken?: string } {
  const interval = Math.trunc(num(row, 'interval', 60));
  const period = Math.max(30, interval);
  if (period !== interval)
    findings.push({
      level: 'approximate',
      field: 'interval',
      message: `a push every ${describeSeconds(interval)}: heartbeat periods are at least 30s`,
    });
  input.heartbeat = { schedule: 'period', periodSeconds: period, graceSeconds: 0, cron: '', timezone: 'UTC' };
  const token = str(row, 'push_token');
  if (PING_TOKEN.test(token)) {
    findings.push({
      level: 'approximate',
      field: 'push_token',
      message: "the push token is kept: point the job's push URL at this service's ping URL, with the same token",
    });
    return { pingToken: token };
  }
  findings.push({
    level: 'approximate',
    field: 'push_token',
    message:
      'the push token cannot be kept (16 to 64 URL-safe characters): the job must push to the new ping URL shown after apply',
  });
  return {};
}

const partials = new Map<ImportedMonitor['kind'], z.ZodType>();
/** The kind's schema with every field optional (the service fills in its defaults), built once. */
function partialSchema(kind: ImportedMonitor['kind']): z.ZodType {
  let schema = partials.get(kind);
  if (!schema) partials.set(kind, (schema = MONITOR_SCHEMAS[kind].partial()));
  return schema;
}

export function mapMonitors(rows: KumaRows): MappedMonitors {
  const byId = new Map(rows.monitors.map((m) => [str(m, 'id'), m]));
  const monitors: ImportedMonitor[] = [];
  const findings: ImportFinding[] = [];
  for (const row of rows.monitors) {
    const type = str(row, 'type');
    const label = monitorLabel(row);
    if (type === 'group') {
      findings.push({
        level: 'unmappable',
        message: `${label} is a group: groups are not monitors here; its members are tagged group:${str(row, 'name')}`,
      });
      continue;
    }
    if (!MAPPED_TYPES.has(type)) {
      findings.push({
        level: 'unmappable',
        message: `${label} is of type ${type || '(none)'}, which has no equivalent here`,
      });
      continue;
    }
    const itemFindings: ImportFinding[] = [];
    const input = commonOf(row, itemFindings, rows, byId);
    let kind: ImportedMonitor['kind'];
    let ok = true;
    let pingToken: string | undefined;
    switch (type) {
      case 'http':
      case 'keyword':
      case 'json-query':
        kind = 'http';
        ok = httpOf(row, input, itemFindings, rows);
        break;
      case 'port': {
        kind = 'tcp';
        const host = str(row, 'hostname').trim();
        const port = num(row, 'port');
        const uri = host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
        ok = isHostPort(uri);
        input.uri = uri;
        break;
      }
      case 'ping': {
        kind = 'icmp';
        const host = str(row, 'hostname').trim();
        ok = isHost(host);
        input.uri = host;
        if (num(row, 'packet_size', 56) !== 56)
          itemFindings.push({
            level: 'unmappable',
            field: 'packet_size',
            message: `pings of ${num(row, 'packet_size')} bytes: here pings have the system's default size`,
          });
        break;
      }
      case 'dns':
        kind = 'dns';
        ok = dnsOf(row, input, itemFindings, rows.version);
        break;
      case 'grpc-keyword':
        kind = 'grpc';
        ok = grpcOf(row, input, itemFindings);
        break;
      default:
        kind = 'heartbeat';
        pingToken = pushOf(row, input, itemFindings).pingToken;
    }
    if (!ok) {
      findings.push({
        level: 'unmappable',
        message: `${label} has no valid target (${type === 'port' || type === 'ping' || type === 'dns' ? 'host name' : 'URL'}) and is not imported`,
      });
      continue;
    }
    if (kind !== 'heartbeat') {
      periodicityOf(row, input, itemFindings);
      timeoutOf(row, input, itemFindings);
      unmappedSettings(row, itemFindings);
    }
    // The service validates again on apply; checking here turns a value it would refuse into a
    // finding instead of a failed import.
    const checked = partialSchema(kind).safeParse(input);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      findings.push({
        level: 'unmappable',
        message: `${label} is not imported: ${issue.path.join('.') || 'monitor'} ${issue.message}`,
      });
      continue;
    }
    monitors.push({
      sourceKey: monitorKey(str(row, 'id')),
      label,
      kind,
      input,
      findings: itemFindings,
      ...(pingToken ? { pingToken } : {}),
    });
  }
  return { monitors, findings };
}
