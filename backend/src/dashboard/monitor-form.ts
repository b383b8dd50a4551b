// The monitor form's fields and the verb's input, both ways. A form has one text field per scalar of
// the monitor, a checkbox per region, and a textarea per list (one header or assertion per line), so it
// works without JavaScript. Reading a form only turns text into values (a number, a line into its
// parts); every rule about those values is the verb's, and its messages come back to the fields
// through fieldOfIssue.
import type { FieldIssue } from '../common/errors';
import {
  DNS_RECORD_TYPES,
  type KeyValue,
  type MonitorKind,
  NUMBER_COMPARATORS,
  RECORD_COMPARATORS,
  REGIONS,
  STRING_COMPARATORS,
} from '../checks/check-config';
import type { MonitorView } from '../monitors/monitor.view';
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
  | 'grpcExpectedStatus';

export type MonitorFormValues = Partial<Record<MonitorFormField | `region.${string}`, string>>;

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
  };
  for (const region of m.regions) values[`region.${region}`] = CHECKED;
  return values;
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
    'region.fly-ams': CHECKED,
    'region.fly-iad': CHECKED,
    'region.fly-sin': CHECKED,
  };
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

  const regions = REGIONS.filter((r) => form[`region.${r}`] === CHECKED);
  const input: MonitorInput = {
    name: form.name ?? '',
    description: form.description ?? '',
    periodicity: (form.periodicity ?? '') as MonitorInput['periodicity'],
    timeout: int('timeout') ?? undefined,
    retry: int('retry') ?? undefined,
    alertQuorum: int('alertQuorum') ?? undefined,
    degradedAt: int('degradedAt', null),
    regions,
    // Comma-separated: a tag holds no comma (the form's only rule; the verb checks the rest).
    tags: (form.tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
    active: form.active === CHECKED,
    public: form.public === CHECKED,
  };
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
  'openTelemetry.headers': 'otelHeaders',
  'grpc.metadata': 'grpcMetadata',
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
  if (path[0] === 'openTelemetry') return { field: 'otelEndpoint', message: issue.message };
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
  ];
  return known.includes(path[0] as MonitorFormField)
    ? { field: path[0] as MonitorFormField, message: issue.message }
    : null;
}
