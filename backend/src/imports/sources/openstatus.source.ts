// The OpenStatus importer's reader (issue 30): the monitors-as-code file of the `openstatus` CLI
// (openstatus.yaml, as `openstatus monitors import` writes it and `openstatus monitors apply` reads
// it; schema https://www.openstatus.dev/schema.json) to the neutral import model.
//
// The file is a YAML map from a monitor key to a monitor: {name, description, kind (http or tcp),
// frequency, regions, active, public, retry, timeout, degradedAfter, request {url, method, headers,
// body, followRedirects | host, port}, assertions, openTelemetry}. This service follows the same
// spec shape, so the mapping is nearly one to one; the key becomes the source key, so a second import
// of the same file matches what the first created. The file holds monitors only: OpenStatus keeps
// status pages and notification channels outside it, so there are none to import.
//
// The CLI expands no environment variables in this file, so neither does this reader: a `${TOKEN}`
// in a header is sent as written, as OpenStatus would.
import { parseDocument } from 'yaml';
import {
  HTTP_METHODS,
  MONITOR_BOUNDS as B,
  PERIODICITIES,
  type HttpMethod,
  type KeyValue,
  type Periodicity,
  type Region,
} from '../../checks/check-config';
import { ValidationError } from '../../common/errors';
import { isHttpUrl, isSingleLine } from '../../common/validation';
import { isHostPort, MONITOR_SCHEMAS } from '../../monitors/monitor.schemas';
import type { ImportedMonitor, ImportFinding, ImportModel } from '../import-model';
import { mapAssertions } from './openstatus-assertions';
import { asBoolean, asNumber, asText, fieldsOf, isPlain, storableText, type Plain } from './openstatus-fields';
import { frequencySeconds, nearestPeriodicity, OPENSTATUS_REGIONS } from './openstatus-values';

const MONITOR_FIELDS = [
  'name',
  'description',
  'kind',
  'frequency',
  'regions',
  'active',
  'public',
  'retry',
  'timeout',
  'degradedafter',
  'request',
  'assertions',
  'opentelemetry',
] as const;
const HTTP_REQUEST_FIELDS = ['url', 'method', 'headers', 'body', 'followredirects'];
const TCP_REQUEST_FIELDS = ['host', 'port'];
/** The monitor schemas with every field optional: each given field is checked, the rest take defaults. */
const FIELD_SCHEMAS = { http: MONITOR_SCHEMAS.http.partial(), tcp: MONITOR_SCHEMAS.tcp.partial() };
/** What the openstatus CLI sends for a frequency it does not know. */
const CLI_DEFAULT_FREQUENCY: Periodicity = '10m';

const refuse = (why: string): never => {
  throw ValidationError.field('file', why);
};

/** Of the type ImportSourceParser (import-sources.ts); synchronous, and reads no environment. */
export function parseOpenStatus(file: Uint8Array): ImportModel {
  const entries = monitorEntries(readYaml(file));
  const model: ImportModel = {
    source: 'openstatus',
    findings: [],
    monitors: [],
    channels: [],
    statusPages: [],
    maintenances: [],
  };
  if (entries.listForm)
    model.findings.push({
      level: 'approximate',
      field: 'monitors',
      message:
        'the file lists its monitors under `monitors:`; `openstatus monitors apply` reads a map from a key to each monitor, so each monitor is keyed by its name here',
    });
  for (const [key, value] of entries.monitors) {
    const mapped = mapMonitor(key, value);
    if ('skipped' in mapped) model.findings.push(mapped.skipped);
    else model.monitors.push(mapped);
  }
  return model;
}

function readYaml(file: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return refuse('is not UTF-8 text, so not an OpenStatus YAML file');
  }
  const doc = parseDocument(text);
  const error = doc.errors[0];
  // The parser's own message quotes the offending line, which may hold a credential: say where only.
  if (error) {
    const at = error.linePos?.[0];
    return refuse(`is not valid YAML (${error.code}${at ? ` at line ${at.line}, column ${at.col}` : ''})`);
  }
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch {
    return refuse('is not valid YAML (its aliases expand too far)');
  }
}

/**
 * The file's monitors by key. Besides the CLI's map, the list form some OpenStatus documentation
 * shows (`monitors: [{name, ...}]`) is read, keyed by name, since a user may well hold one.
 */
function monitorEntries(root: unknown): { monitors: [string, Plain][]; listForm: boolean } {
  const shape =
    'an OpenStatus monitors file is a map from a monitor key to a monitor (name, kind, frequency, request...)';
  if (root === null || root === undefined) return refuse(`is empty: ${shape}`);
  if (!isPlain(root)) return refuse(`is not an OpenStatus monitors file: ${shape}`);
  const keys = Object.keys(root);
  if (!keys.length) return refuse(`holds no monitors: ${shape}`);
  if (keys.length === 1 && keys[0] === 'monitors' && Array.isArray(root.monitors)) {
    const seen = new Map<string, number>();
    const monitors = root.monitors.map((entry, index): [string, Plain] => {
      if (!isPlain(entry)) return refuse(`monitors[${index}] is not a monitor: ${shape}`);
      const name = asText(fieldsOf(entry, []).get('name'))?.trim() || `monitors[${index}]`;
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      return [count === 1 ? name : `${name} #${count}`, entry];
    });
    if (!monitors.length) return refuse(`holds no monitors: ${shape}`);
    return { monitors, listForm: true };
  }
  const monitors = keys.map((key): [string, Plain] => {
    const value = root[key];
    if (!isPlain(value) || !['kind', 'request', 'frequency'].some((f) => fieldsOf(value, []).get(f) !== undefined))
      return refuse(`is not an OpenStatus monitors file: “${key}” is not a monitor; ${shape}`);
    return [key, value];
  });
  return { monitors, listForm: false };
}

type Mapped = ImportedMonitor | { skipped: ImportFinding };

function mapMonitor(key: string, value: Plain): Mapped {
  const m = fieldsOf(value, MONITOR_FIELDS);
  const findings: ImportFinding[] = [];
  const rawName = asText(m.get('name'))?.trim() ?? '';
  const label = rawName && rawName !== key ? `monitor ${key} “${rawName}”` : `monitor ${key}`;
  const skip = (why: string): Mapped => ({
    skipped: { level: 'unmappable', message: `${label}: ${why}; not imported` },
  });
  const request = m.get('request');
  const req = isPlain(request) ? fieldsOf(request, [...HTTP_REQUEST_FIELDS, ...TCP_REQUEST_FIELDS]) : null;
  if (request !== undefined && !req) return skip('request is not a mapping');

  let kind = (asText(m.get('kind')) ?? '').trim().toLowerCase();
  if (!kind) {
    kind = req?.get('url') !== undefined ? 'http' : req?.get('host') !== undefined ? 'tcp' : '';
    if (!kind) return skip('it has no kind and no request to tell http from tcp');
    findings.push({
      level: 'approximate',
      field: 'kind',
      message: `it has no kind; read as ${kind} from its request`,
    });
  }
  if (kind !== 'http' && kind !== 'tcp')
    return skip(`kind “${kind}” is not one the openstatus CLI applies (http, tcp)`);

  for (const name of m.unknown)
    findings.push({
      level: 'unmappable',
      field: name,
      message: 'not part of an OpenStatus monitor; not read',
    });

  const input: ImportedMonitor['input'] = {
    // A name of control characters only would be blank once made storable: the key names it then.
    name: storableText(rawName || key, B.name, false, 'name', findings).trim() || key.slice(0, B.name),
    periodicity: periodicity(m.get('frequency'), findings),
  };
  if (!rawName) findings.push({ level: 'approximate', field: 'name', message: 'it has no name; named after its key' });
  const description = asText(m.get('description'));
  if (description) input.description = storableText(description, B.description, true, 'description', findings);
  const regions = mapRegions(m.get('regions'), findings);
  if (regions.length) input.regions = regions;
  const isPublic = flag(m.get('public'), 'public', findings);
  if (isPublic !== null) input.public = isPublic;
  const retry = wholeNumber(m.get('retry'), 'retry', 0, B.retryMax, findings);
  if (retry !== null) input.retry = retry;
  // A timeout of 0 is the wire's "unset" in OpenStatus's API (proto3), which then uses its default;
  // here 0 would time every check out at once, so it is left to the default here too.
  const timeout = wholeNumber(m.get('timeout'), 'timeout', 0, B.timeoutMax, findings);
  if (timeout) input.timeout = timeout;
  // The CLI sends degradedAfter only when above 0; absent, the service computes its own threshold.
  const degradedAt = wholeNumber(m.get('degradedafter'), 'degradedAfter', 0, B.timeoutMax, findings);
  if (degradedAt) input.degradedAt = degradedAt;

  const active = asBoolean(m.get('active'));
  if (active !== true)
    findings.push({
      level: 'approximate',
      field: 'active',
      message:
        active === false
          ? 'it is paused in OpenStatus (active: false); it stays inactive unless the import is run with --activate'
          : 'it has no active: true, so the openstatus CLI would create it paused; it stays inactive unless the import is run with --activate',
    });

  const otel = mapOpenTelemetry(m.get('opentelemetry'), findings);
  if (otel) input.openTelemetry = otel;

  if (kind === 'http') {
    const url = (asText(req?.get('url')) ?? '').trim();
    if (!url || url.length > B.url || !isSingleLine(url) || !isHttpUrl(url))
      return skip(`request.url is missing or not an http(s) URL of at most ${B.url} characters`);
    input.url = url;
    input.method = method(req?.get('method'), findings);
    const headers = mapHeaders(req?.get('headers'), 'request.headers', findings);
    if (headers.length) input.headers = headers;
    const body = asText(req?.get('body'));
    if (body) input.body = storableText(body, 1_000_000, true, 'request.body', findings);
    const follow = flag(req?.get('followredirects'), 'request.followRedirects', findings);
    if (follow !== null) input.followRedirects = follow;
    for (const name of TCP_REQUEST_FIELDS) notRead(req?.get(name), `request.${name}`, 'http', findings);
    Object.assign(input, mapAssertions(m.get('assertions'), findings));
  } else {
    const host = (asText(req?.get('host')) ?? '').trim();
    const port = asNumber(req?.get('port'));
    const uri = host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
    if (!host || port === null || !isHostPort(uri))
      return skip('request.host and request.port are missing or not a host and a port from 1 to 65535');
    input.uri = uri;
    for (const name of HTTP_REQUEST_FIELDS) notRead(req?.get(name), `request.${name}`, 'tcp', findings);
    notRead(m.get('assertions'), 'assertions', 'tcp', findings);
  }

  // Every value above was fitted to this service's bounds; if one still fails its schema, the monitor
  // is left out and reported rather than failing the whole import at apply.
  const check = FIELD_SCHEMAS[kind].safeParse(input);
  if (!check.success) {
    const issue = check.error.issues[0];
    return skip(`${issue.path.join('.') || 'the monitor'} ${issue.message}`);
  }
  return { sourceKey: `monitor:${key}`, label, findings, kind, input };
}

function periodicity(value: unknown, findings: ImportFinding[]): Periodicity {
  const text = asText(value)?.trim().toLowerCase();
  if (text && (PERIODICITIES as readonly string[]).includes(text)) return text as Periodicity;
  const seconds = frequencySeconds(value);
  if (seconds === null) {
    findings.push({
      level: 'approximate',
      field: 'frequency',
      message: `${text ? `“${text}” is not a duration` : 'missing'}; ${CLI_DEFAULT_FREQUENCY} is used, as the openstatus CLI does`,
    });
    return CLI_DEFAULT_FREQUENCY;
  }
  const nearest = nearestPeriodicity(seconds);
  findings.push({
    level: 'approximate',
    field: 'frequency',
    message: `${text ?? seconds} is not an allowed periodicity (${PERIODICITIES.join(', ')}); rounded to ${nearest}`,
  });
  return nearest;
}

function mapRegions(value: unknown, findings: ImportFinding[]): Region[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const regions = new Set<Region>();
  const unknown: string[] = [];
  let privateLocation = false;
  for (const entry of list) {
    const code = (asText(entry) ?? '').trim().toLowerCase();
    const region = Object.hasOwn(OPENSTATUS_REGIONS, code) ? OPENSTATUS_REGIONS[code] : undefined;
    if (region) regions.add(region);
    else if (code === 'private') privateLocation = true;
    else unknown.push(code || '(empty)');
  }
  if (privateLocation)
    findings.push({
      level: 'unmappable',
      field: 'regions',
      message:
        'region “private” (its private locations) is not set on a monitor here: add the monitor to a private location after the import',
    });
  if (unknown.length)
    findings.push({
      level: 'unmappable',
      field: 'regions',
      message: `${unknown.length === 1 ? 'region' : 'regions'} ${unknown.join(', ')} ${unknown.length === 1 ? 'has' : 'have'} no equivalent here; not checked from`,
    });
  if (!regions.size)
    findings.push({
      level: 'approximate',
      field: 'regions',
      message: `${list.length ? 'none of its regions maps' : 'it names no regions'}; it runs from this service's default regions`,
    });
  return [...regions];
}

/** A true/false setting, or null when absent; one that is neither is reported and the default kept. */
function flag(value: unknown, field: string, findings: ImportFinding[]): boolean | null {
  if (value === undefined || value === null) return null;
  const read = asBoolean(value);
  if (read === null)
    findings.push({
      level: 'unmappable',
      field,
      message: "not true or false; this service's default is used",
    });
  return read;
}

/** A whole number within bounds (rounded and clamped, reported), or null when absent or unreadable. */
function wholeNumber(
  value: unknown,
  field: string,
  min: number,
  max: number,
  findings: ImportFinding[],
): number | null {
  if (value === undefined || value === null) return null;
  const n = asNumber(value);
  if (n === null) {
    findings.push({ level: 'unmappable', field, message: "not a number; this service's default is used" });
    return null;
  }
  const fitted = Math.min(max, Math.max(min, Math.round(n)));
  if (fitted !== n)
    findings.push({
      level: 'approximate',
      field,
      message: `${n} is outside ${min}-${max} or not whole here; ${fitted} is used`,
    });
  return fitted;
}

function method(value: unknown, findings: ImportFinding[]): HttpMethod {
  const text = asText(value)?.trim().toUpperCase();
  if (!text) return 'GET';
  if ((HTTP_METHODS as readonly string[]).includes(text)) return text as HttpMethod;
  findings.push({
    level: 'approximate',
    field: 'request.method',
    message: `“${text}” is not an HTTP method here; GET is used, as the openstatus CLI does`,
  });
  return 'GET';
}

/**
 * A `{name: value}` map to {key, value} entries. Values are never repeated in findings: an
 * Authorization header is a credential (the service seals it on create).
 */
function mapHeaders(value: unknown, field: string, findings: ImportFinding[]): KeyValue[] {
  if (value === undefined || value === null) return [];
  if (!isPlain(value)) {
    findings.push({
      level: 'unmappable',
      field,
      message: 'not a map of header names to values; none sent',
    });
    return [];
  }
  const headers: KeyValue[] = [];
  for (const [key, raw] of Object.entries(value)) {
    const text = asText(raw);
    const why =
      !key.trim() || key.length > 256 || !isSingleLine(key)
        ? 'its name is empty, longer than 256 characters or not one line'
        : text === null || text === ''
          ? 'its value is empty or not text, and a header here needs a value'
          : text.length > 8192 || !isSingleLine(text)
            ? 'its value is longer than 8192 characters or not one line'
            : headers.length >= B.headers
              ? `a monitor here sends at most ${B.headers} headers`
              : null;
    if (why) findings.push({ level: 'unmappable', field: `${field}.${key}`, message: `${why}; not sent` });
    else headers.push({ key, value: text as string });
  }
  return headers;
}

function mapOpenTelemetry(value: unknown, findings: ImportFinding[]): ImportedMonitor['input']['openTelemetry'] {
  if (value === undefined || value === null) return undefined;
  if (!isPlain(value)) {
    findings.push({ level: 'unmappable', field: 'openTelemetry', message: 'not a mapping; not read' });
    return undefined;
  }
  const o = fieldsOf(value, ['endpoint', 'headers']);
  for (const name of o.unknown)
    findings.push({
      level: 'unmappable',
      field: `openTelemetry.${name}`,
      message: "not part of OpenStatus's OpenTelemetry settings; not read",
    });
  const endpoint = (asText(o.get('endpoint')) ?? '').trim();
  if (endpoint && (endpoint.length > B.url || !isSingleLine(endpoint) || !isHttpUrl(endpoint))) {
    findings.push({
      level: 'unmappable',
      field: 'openTelemetry.endpoint',
      message: 'not an http(s) URL; no metrics are exported',
    });
    return undefined;
  }
  const headers = mapHeaders(o.get('headers'), 'openTelemetry.headers', findings);
  if (!endpoint && !headers.length) return undefined;
  return { ...(endpoint ? { endpoint } : {}), ...(headers.length ? { headers } : {}) };
}

/** A request field of the other kind: the CLI ignores it too, but it is said, not dropped silently. */
function notRead(value: unknown, field: string, kind: string, findings: ImportFinding[]): void {
  if (value === undefined || value === null || (Array.isArray(value) && !value.length)) return;
  findings.push({
    level: 'unmappable',
    field,
    message: `does not apply to a ${kind} monitor (OpenStatus ignores it too); not read`,
  });
}
