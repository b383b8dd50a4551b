// The monitor form's fields and the verb's input, both ways. A form has one text field per scalar of
// the monitor, a checkbox per region, and a textarea per list (one header or assertion per line), so it
// works without JavaScript. Reading a form only turns text into values (a number, a line into its
// parts); every rule about those values is the verb's, and its messages come back to the fields
// through fieldOfIssue.
import type { FieldIssue } from '../common/errors';
import {
  DEFAULT_CERTIFICATE_EXPIRY_DAYS,
  DNS_RECORD_TYPES,
  type HeartbeatConfig,
  JSON_COMPARATORS,
  type KeyValue,
  type MonitorKind,
  NUMBER_COMPARATORS,
  RECORD_COMPARATORS,
  REGIONS,
  STRING_COMPARATORS,
  type StarttlsProtocol,
  TIMING_COMPARATORS,
  TIMING_PHASES,
  TIMING_SEVERITIES,
} from '../checks/check-config';
import type { MonitorView } from '../monitors/monitor.view';
import { DEFAULT_ALERTING, type AlertingPolicy } from '../monitors/monitor-alerting';
import type { MonitorInput } from '../monitors/monitors.service';
import type { Form } from './dashboard-requests';

/** The form's own fields (besides `region.<id>` checkboxes and the CSRF token). */
export type MonitorFormField =
  | 'name'
  | 'description'
  | 'url'
  | 'uri'
  | 'periodicity'
  | 'method'
  | 'body'
  | 'headers'
  | 'timeout'
  | 'retry'
  | 'alertQuorum'
  | 'degradedAt'
  | 'followRedirects'
  | 'regions'
  | 'tags'
  | 'active'
  | 'public'
  | 'statusCodeAssertions'
  | 'bodyAssertions'
  | 'headerAssertions'
  | 'recordAssertions'
  | 'otelEndpoint'
  | 'otelHeaders'
  | 'grpcService'
  | 'grpcTls'
  | 'grpcMetadata'
  | 'grpcExpectedStatus'
  | 'jsonAssertions'
  | 'timingAssertions'
  | 'tlsVerify'
  | 'certificateExpiryDays'
  | 'tlsServername'
  | 'tlsStarttls'
  | 'heartbeatSchedule'
  | 'heartbeatPeriod'
  | 'heartbeatCron'
  | 'heartbeatTimezone'
  | 'heartbeatGrace'
  | 'pingToken'
  | 'failureThreshold'
  | 'failureSeconds'
  | 'recoveryThreshold'
  | 'reminderIntervalMinutes'
  | 'reminderLimit'
  | 'escalationPolicyId'
  | 'parentMonitorIds';

/** The form's values; `parent.<id>` is the checkbox of a monitor this one depends on. */
export type MonitorFormValues = Partial<Record<MonitorFormField | `region.${string}` | `parent.${string}`, string>>;

export interface ParsedMonitorForm {
  input: MonitorInput;
  /** Messages of lines or numbers that could not be read, by form field. */
  errors: Partial<Record<MonitorFormField, string>>;
}

const CHECKED = 'on';
const lines = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** The kinds a check of which makes a TLS handshake: they take `tlsVerify` and expiry thresholds. */
const HANDSHAKING_KINDS: readonly MonitorKind[] = ['http', 'grpc', 'tls'];

/** Units a heartbeat's period and grace may be typed in; a bare number is seconds. */
const DURATION_UNITS: Array<[string, number]> = [
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
];

/** Seconds as the form shows them: in the largest unit that divides them (86400 → "1d", 90 → "90s"). */
export function durationText(seconds: number): string {
  const [unit, size] = DURATION_UNITS.find(([, size]) => seconds % size === 0 && seconds >= size) ?? ['s', 1];
  return `${seconds / size}${unit}`;
}

/** Values of a stored monitor, as its edit form shows them. */
export function monitorFormValues(m: MonitorView): MonitorFormValues {
  const values: MonitorFormValues = {
    name: m.name,
    description: m.description,
    url: m.url ?? '',
    uri: m.uri ?? '',
    periodicity: m.periodicity,
    method: m.method,
    body: m.body,
    headers: m.headers.map(keyValueLine).join('\n'),
    timeout: String(m.timeout),
    retry: String(m.retry),
    alertQuorum: String(m.alertQuorum),
    tags: m.tags.join(', '),
    degradedAt: m.degradedAtComputed ? '' : String(m.degradedAt),
    followRedirects: m.followRedirects ? CHECKED : '',
    active: m.active ? CHECKED : '',
    public: m.public ? CHECKED : '',
    statusCodeAssertions: m.statusCodeAssertions.map((a) => `${a.comparator} ${a.target}`).join('\n'),
    bodyAssertions: m.bodyAssertions.map((a) => `${a.comparator} ${a.target}`.trim()).join('\n'),
    headerAssertions: m.headerAssertions.map((a) => `${a.key} ${a.comparator} ${a.target}`.trim()).join('\n'),
    recordAssertions: m.recordAssertions.map((a) => `${a.record} ${a.comparator} ${a.target}`).join('\n'),
    otelEndpoint: m.openTelemetry?.endpoint ?? '',
    otelHeaders: (m.openTelemetry?.headers ?? []).map(keyValueLine).join('\n'),
    grpcService: m.grpc?.service ?? '',
    grpcTls: m.grpc?.tls ? CHECKED : '',
    grpcMetadata: (m.grpc?.metadata ?? []).map(keyValueLine).join('\n'),
    grpcExpectedStatus: m.grpc?.expectedStatus ?? 'SERVING',
    jsonAssertions: (m.jsonAssertions ?? []).map((a) => `${a.path} ${a.comparator} ${a.target}`.trim()).join('\n'),
    timingAssertions: (m.timingAssertions ?? [])
      .map((a) => `${a.phase} ${a.comparator} ${a.target} ${a.severity}`)
      .join('\n'),
    tlsVerify: m.tlsVerify === false ? '' : CHECKED,
    certificateExpiryDays: (m.certificateExpiryDays ?? DEFAULT_CERTIFICATE_EXPIRY_DAYS).join(', '),
    tlsServername: m.tls?.servername ?? '',
    tlsStarttls: m.tls?.starttls ?? 'none',
    ...heartbeatValues(m.heartbeat ?? NEW_HEARTBEAT),
    ...alertingValues(m.alerting),
  };
  for (const region of m.regions) values[`region.${region}`] = CHECKED;
  return values;
}

/** The policy's fields; the duration in the unit the heartbeat's fields use ("5m"). */
function alertingValues(a: AlertingPolicy): MonitorFormValues {
  const values: MonitorFormValues = {
    failureThreshold: String(a.failureThreshold),
    failureSeconds: durationText(a.failureSeconds),
    recoveryThreshold: String(a.recoveryThreshold),
    reminderIntervalMinutes: String(a.reminderIntervalMinutes),
    reminderLimit: String(a.reminderLimit),
    escalationPolicyId: a.escalationPolicyId ?? '',
  };
  for (const id of a.parentMonitorIds) values[`parent.${id}`] = CHECKED;
  return values;
}

/** A new monitor's policy: the verb's defaults, every one neutral (alerts as before issue 29). */
const NEW_ALERTING: AlertingPolicy = DEFAULT_ALERTING;

/** A new heartbeat's schedule as the form offers it: like the verb's default, a ping a day, an hour's grace. */
const NEW_HEARTBEAT: HeartbeatConfig = {
  schedule: 'period',
  periodSeconds: 86_400,
  cron: '',
  timezone: 'UTC',
  graceSeconds: 3_600,
};

function heartbeatValues(h: HeartbeatConfig): MonitorFormValues {
  return {
    heartbeatSchedule: h.schedule,
    heartbeatPeriod: durationText(h.periodSeconds),
    heartbeatCron: h.cron,
    heartbeatTimezone: h.timezone,
    heartbeatGrace: durationText(h.graceSeconds),
  };
}

/** A new monitor's form: what the verb would default to, active, from three regions. */
export function newMonitorFormValues(): MonitorFormValues {
  return {
    periodicity: '1m',
    method: 'GET',
    timeout: '45000',
    retry: '3',
    alertQuorum: '0',
    followRedirects: CHECKED,
    active: CHECKED,
    statusCodeAssertions: '',
    grpcExpectedStatus: 'SERVING',
    tlsVerify: CHECKED,
    certificateExpiryDays: DEFAULT_CERTIFICATE_EXPIRY_DAYS.join(', '),
    tlsStarttls: 'none',
    ...heartbeatValues(NEW_HEARTBEAT),
    ...alertingValues(NEW_ALERTING),
    'region.fly-ams': CHECKED,
    'region.fly-iad': CHECKED,
    'region.fly-sin': CHECKED,
  };
}

/** The unit words `seconds` reads: s, sec, second(s), m, min, minute(s), h, hour(s), d, day(s). */
const UNIT_WORDS = /^(?:s|secs?|seconds?|m|mins?|minutes?|h|hours?|d|days?)$/;

/**
 * The JSONPath at the start of a JSON assertion's line: up to the first blank outside brackets and
 * quotes, so `$['first name'] eq Ada` reads the path `$['first name']`.
 */
export function jsonPathPrefix(line: string): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '[' || c === '(') depth += 1;
    else if ((c === ']' || c === ')') && depth > 0) depth -= 1;
    else if (/\s/.test(c) && depth === 0) return line.slice(0, i);
  }
  // Brackets or quotes left open: not a path to read around, so the first word (the verb says why).
  return depth > 0 || quote ? /^\S*/.exec(line)![0] : line;
}

function keyValueLine(kv: KeyValue): string {
  return `${kv.key}: ${kv.value}`;
}

/** The form as the verb's input: every field of the kind, so an edit replaces the monitor's settings. */
export function parseMonitorForm(kind: MonitorKind, form: Form): ParsedMonitorForm {
  const errors: ParsedMonitorForm['errors'] = {};
  const int = (field: MonitorFormField, blank?: null): number | null | undefined => {
    const raw = (form[field] ?? '').trim();
    if (raw === '') return blank;
    if (!/^-?\d{1,15}$/.test(raw)) {
      errors[field] = 'must be a whole number';
      return undefined;
    }
    return Number(raw);
  };
  const keyValues = (field: MonitorFormField): KeyValue[] =>
    eachLine(field, (line) => {
      const colon = line.indexOf(':');
      if (colon <= 0) return 'must be "Name: value"';
      return { key: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
    });
  const eachLine = <T>(field: MonitorFormField, read: (line: string) => T | string): T[] => {
    const out: T[] = [];
    lines(form[field]).forEach((line, index) => {
      const value = read(line);
      if (typeof value === 'string') errors[field] ??= `line ${index + 1}: ${value}`;
      else out.push(value);
    });
    return out;
  };
  const words = (line: string, count: number): string[] => {
    const parts: string[] = [];
    let rest = line;
    for (let i = 0; i < count - 1; i += 1) {
      const m = /^(\S+)\s*(.*)$/.exec(rest);
      if (!m) break;
      parts.push(m[1]);
      rest = m[2];
    }
    parts.push(rest);
    return parts;
  };
  const comparatorHint = (list: readonly string[]) => `starts with a comparison: ${list.join(', ')}`;
  /** Seconds, typed bare or with a unit ("90", "5m", "1 h", "2d"); blank leaves the verb's value. */
  const seconds = (field: MonitorFormField): number | undefined => {
    const raw = (form[field] ?? '').trim().toLowerCase();
    if (raw === '') return undefined;
    const m = /^(\d{1,9})\s*([a-z]*)$/.exec(raw);
    const unit = m ? DURATION_UNITS.find(([u]) => u === (m[2] || 's').charAt(0) && UNIT_WORDS.test(m[2] || 's')) : null;
    if (!m || !unit) {
      errors[field] = 'must be a whole number of seconds, or with a unit: s, m, h or d (e.g. "5m", "1d")';
      return undefined;
    }
    return Number(m[1]) * unit[1];
  };

  const input: MonitorInput = {
    name: form.name ?? '',
    description: form.description ?? '',
    // Comma-separated: a tag holds no comma (the form's only rule; the verb checks the rest).
    tags: (form.tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
    active: form.active === CHECKED,
    public: form.public === CHECKED,
    // The whole policy, as every kind has one: an edit replaces it (blank numbers take the defaults).
    alerting: {
      failureThreshold: int('failureThreshold') ?? undefined,
      failureSeconds: seconds('failureSeconds'),
      recoveryThreshold: int('recoveryThreshold') ?? undefined,
      reminderIntervalMinutes: int('reminderIntervalMinutes') ?? undefined,
      reminderLimit: int('reminderLimit') ?? undefined,
      escalationPolicyId: (form.escalationPolicyId ?? '').trim() || null,
      // Checked boxes, in numeric order as the verb stores them (ids have no leading zeros); the verb
      // checks each id.
      parentMonitorIds: Object.keys(form)
        .filter((key) => key.startsWith('parent.') && form[key] === CHECKED)
        .map((key) => key.slice('parent.'.length))
        .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)),
    },
  };
  if (kind === 'heartbeat') {
    // Nothing is probed: a heartbeat takes no periodicity, region, timeout or telemetry (see its schema).
    input.heartbeat = {
      schedule: (form.heartbeatSchedule ?? '') as HeartbeatConfig['schedule'],
      periodSeconds: seconds('heartbeatPeriod'),
      cron: (form.heartbeatCron ?? '').trim(),
      timezone: (form.heartbeatTimezone ?? '').trim(),
      graceSeconds: seconds('heartbeatGrace'),
    };
    return { input, errors };
  }
  Object.assign(input, {
    periodicity: (form.periodicity ?? '') as MonitorInput['periodicity'],
    timeout: int('timeout') ?? undefined,
    retry: int('retry') ?? undefined,
    alertQuorum: int('alertQuorum') ?? undefined,
    degradedAt: int('degradedAt', null),
    regions: REGIONS.filter((r) => form[`region.${r}`] === CHECKED),
  } satisfies MonitorInput);
  if (kind === 'http') {
    input.url = form.url ?? '';
    input.method = (form.method ?? '') as MonitorInput['method'];
    input.body = form.body ?? '';
    input.headers = keyValues('headers');
    input.followRedirects = form.followRedirects === CHECKED;
    input.statusCodeAssertions = eachLine('statusCodeAssertions', (line) => {
      const [comparator, target] = words(line, 2);
      if (!(NUMBER_COMPARATORS as readonly string[]).includes(comparator)) return comparatorHint(NUMBER_COMPARATORS);
      if (!/^\d{1,6}$/.test(target)) return 'the status code must be a whole number, e.g. "eq 200"';
      return { comparator: comparator as (typeof NUMBER_COMPARATORS)[number], target: Number(target) };
    });
    input.bodyAssertions = eachLine('bodyAssertions', (line) => {
      const [comparator, target] = words(line, 2);
      if (!(STRING_COMPARATORS as readonly string[]).includes(comparator)) return comparatorHint(STRING_COMPARATORS);
      return { comparator: comparator as (typeof STRING_COMPARATORS)[number], target };
    });
    input.headerAssertions = eachLine('headerAssertions', (line) => {
      const [key, comparator, target] = words(line, 3);
      if (!(STRING_COMPARATORS as readonly string[]).includes(comparator)) {
        return `must be "Header comparison value", the comparison one of ${STRING_COMPARATORS.join(', ')}`;
      }
      return { key, comparator: comparator as (typeof STRING_COMPARATORS)[number], target };
    });
    input.jsonAssertions = eachLine('jsonAssertions', (line) => {
      const path = jsonPathPrefix(line);
      const [comparator, target] = words(line.slice(path.length).trim(), 2);
      if (!(JSON_COMPARATORS as readonly string[]).includes(comparator)) {
        return `must be "path comparison value", e.g. "$.status eq ok", the comparison one of ${JSON_COMPARATORS.join(', ')}`;
      }
      return { path, comparator: comparator as (typeof JSON_COMPARATORS)[number], target };
    });
    input.timingAssertions = eachLine('timingAssertions', (line) => {
      const m = /^(\S+)\s+(\S+)\s+(\d{1,9})\s*(?:ms)?\s+(\S+)$/.exec(line);
      if (!m) return 'must be "phase comparison milliseconds severity", e.g. "ttfb lt 500 degraded"';
      const [, phase, comparator, target, severity] = m;
      if (!(TIMING_PHASES as readonly string[]).includes(phase)) {
        return `starts with a phase: ${TIMING_PHASES.join(', ')}`;
      }
      if (!(TIMING_COMPARATORS as readonly string[]).includes(comparator)) {
        return `the comparison is one of ${TIMING_COMPARATORS.join(', ')}`;
      }
      if (!(TIMING_SEVERITIES as readonly string[]).includes(severity)) {
        return `ends with a severity: ${TIMING_SEVERITIES.join(', ')}`;
      }
      return {
        phase: phase as (typeof TIMING_PHASES)[number],
        comparator: comparator as (typeof TIMING_COMPARATORS)[number],
        target: Number(target),
        severity: severity as (typeof TIMING_SEVERITIES)[number],
      };
    });
  } else {
    input.uri = form.uri ?? '';
  }
  if (kind === 'dns') {
    input.recordAssertions = eachLine('recordAssertions', (line) => {
      const [record, comparator, target] = words(line, 3);
      if (!(DNS_RECORD_TYPES as readonly string[]).includes(record.toUpperCase())) {
        return `starts with a record type: ${DNS_RECORD_TYPES.join(', ')}`;
      }
      if (!(RECORD_COMPARATORS as readonly string[]).includes(comparator)) {
        return `the comparison is one of ${RECORD_COMPARATORS.join(', ')}`;
      }
      return {
        record: record.toUpperCase() as (typeof DNS_RECORD_TYPES)[number],
        comparator: comparator as (typeof RECORD_COMPARATORS)[number],
        target,
      };
    });
  }
  if (kind === 'tls') {
    input.tls = {
      servername: (form.tlsServername ?? '').trim(),
      starttls: (form.tlsStarttls ?? '') as StarttlsProtocol,
    };
  }
  if (HANDSHAKING_KINDS.includes(kind)) {
    input.tlsVerify = form.tlsVerify === CHECKED;
    // Comma-separated whole numbers; empty turns expiry alerts off.
    const days: number[] = [];
    (form.certificateExpiryDays ?? '')
      .split(',')
      .map((d) => d.trim())
      .filter((d) => d !== '')
      .forEach((d, index) => {
        if (/^\d{1,6}$/.test(d)) days.push(Number(d));
        else errors.certificateExpiryDays ??= `entry ${index + 1}: must be a whole number of days`;
      });
    input.certificateExpiryDays = days;
  }
  if (kind === 'grpc') {
    input.grpc = {
      service: form.grpcService ?? '',
      tls: form.grpcTls === CHECKED,
      metadata: keyValues('grpcMetadata'),
      expectedStatus: (form.grpcExpectedStatus ?? '') as 'SERVING',
    };
  } else {
    const endpoint = (form.otelEndpoint ?? '').trim();
    const headers = keyValues('otelHeaders');
    input.openTelemetry = endpoint || headers.length ? { endpoint, headers } : null;
  }
  return { input, errors };
}

const LIST_FIELDS: Partial<Record<string, MonitorFormField>> = {
  headers: 'headers',
  statusCodeAssertions: 'statusCodeAssertions',
  bodyAssertions: 'bodyAssertions',
  headerAssertions: 'headerAssertions',
  recordAssertions: 'recordAssertions',
  jsonAssertions: 'jsonAssertions',
  timingAssertions: 'timingAssertions',
  'openTelemetry.headers': 'otelHeaders',
  'grpc.metadata': 'grpcMetadata',
};

const HEARTBEAT_FIELDS: Record<keyof HeartbeatConfig, MonitorFormField> = {
  schedule: 'heartbeatSchedule',
  periodSeconds: 'heartbeatPeriod',
  cron: 'heartbeatCron',
  timezone: 'heartbeatTimezone',
  graceSeconds: 'heartbeatGrace',
};

const ALERTING_FIELDS: Record<keyof AlertingPolicy, MonitorFormField> = {
  failureThreshold: 'failureThreshold',
  failureSeconds: 'failureSeconds',
  recoveryThreshold: 'recoveryThreshold',
  reminderIntervalMinutes: 'reminderIntervalMinutes',
  reminderLimit: 'reminderLimit',
  escalationPolicyId: 'escalationPolicyId',
  parentMonitorIds: 'parentMonitorIds',
};

/**
 * Where a message of the verb goes on the form: `headers.2.key` → the headers field, "line 3: key is
 * required"; `grpc.service` → grpcService; `openTelemetry.endpoint` → otelEndpoint.
 */
export function fieldOfIssue(issue: FieldIssue): { field: MonitorFormField; message: string } | null {
  const path = issue.field.replace(/^monitor\./, '').split('.');
  for (const [prefix, field] of Object.entries(LIST_FIELDS)) {
    const parts = prefix.split('.');
    if (parts.every((p, i) => path[i] === p)) {
      const index = Number(path[parts.length]);
      const sub = path.slice(parts.length + 1).join('.');
      if (!Number.isInteger(index)) return { field: field!, message: issue.message };
      return { field: field!, message: `line ${index + 1}: ${sub ? `${sub} ` : ''}${issue.message}` };
    }
  }
  if (path[0] === 'regions') return { field: 'regions', message: issue.message };
  if (path[0] === 'tags') {
    const index = Number(path[1]);
    return { field: 'tags', message: Number.isInteger(index) ? `tag ${index + 1}: ${issue.message}` : issue.message };
  }
  if (path[0] === 'certificateExpiryDays') {
    const index = Number(path[1]);
    return {
      field: 'certificateExpiryDays',
      message: Number.isInteger(index) ? `entry ${index + 1}: ${issue.message}` : issue.message,
    };
  }
  if (path[0] === 'openTelemetry') return { field: 'otelEndpoint', message: issue.message };
  if (path[0] === 'tls')
    return { field: path[1] === 'starttls' ? 'tlsStarttls' : 'tlsServername', message: issue.message };
  if (path[0] === 'heartbeat') {
    const field = HEARTBEAT_FIELDS[path[1] as keyof HeartbeatConfig] ?? 'heartbeatSchedule';
    return { field, message: issue.message };
  }
  if (path[0] === 'alerting') {
    const field = ALERTING_FIELDS[path[1] as keyof AlertingPolicy];
    if (!field) return null;
    const index = Number(path[2]);
    return { field, message: Number.isInteger(index) ? `entry ${index + 1}: ${issue.message}` : issue.message };
  }
  if (path[0] === 'grpc') {
    const sub = path[1] ?? 'service';
    const field = `grpc${sub.charAt(0).toUpperCase()}${sub.slice(1)}` as MonitorFormField;
    return { field, message: issue.message };
  }
  const known: MonitorFormField[] = [
    'name',
    'description',
    'url',
    'uri',
    'periodicity',
    'method',
    'body',
    'timeout',
    'retry',
    'alertQuorum',
    'degradedAt',
    'followRedirects',
    'active',
    'public',
    'tlsVerify',
    'pingToken',
  ];
  return known.includes(path[0] as MonitorFormField)
    ? { field: path[0] as MonitorFormField, message: issue.message }
    : null;
}
