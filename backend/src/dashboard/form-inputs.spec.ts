// The dashboard's forms read text into the verbs' inputs; each input is declared once, as the zod
// schema its verb validates with (monitors/monitor.schemas.ts, status-pages/status-page.schemas.ts).
// This spec ties a form to its declaration: a full form gives exactly the fields of the schema, and
// the schema accepts what it gives, so a field added to a schema but not to its form (or a form
// field the schema does not know) fails here instead of being silently dropped.
import { MONITOR_KINDS } from '../checks/check-config';
import { MONITOR_SCHEMAS } from '../monitors/monitor.schemas';
import { statusPageSchema } from '../status-pages/status-page.schemas';
import type { MonitorView } from '../monitors/monitor.view';
import { durationText, fieldOfIssue, monitorFormValues, newMonitorFormValues, parseMonitorForm } from './monitor-form';
import { newStatusPageFormValues, parseStatusPageForm } from './status-page-form';

const TARGETS = { url: 'https://example.com/health', uri: 'example.com:443' };

/** A form with a setting other than the default in every field, for the edit round trip. */
const RICH = {
  name: 'Checkout',
  description: 'The shop',
  tags: 'shop, eu',
  periodicity: '5m',
  method: 'POST',
  body: '{"a":1}',
  headers: 'Accept: application/json',
  timeout: '9000',
  retry: '1',
  alertQuorum: '2',
  degradedAt: '700',
  followRedirects: '',
  public: 'on',
  'region.koyeb-fra': 'on',
  statusCodeAssertions: 'lt 400',
  bodyAssertions: 'matches ^ok',
  headerAssertions: 'content-type not_matches xml',
  recordAssertions: 'A eq 192.0.2.1',
  jsonAssertions: "$['first name'] eq Ada\n$.n exists",
  timingAssertions: 'ttfb lt 500 degraded\ntotal lte 2000 error',
  tlsVerify: '',
  certificateExpiryDays: '30, 3',
  otelEndpoint: 'https://otel.example/v1/metrics',
  otelHeaders: 'x-key: k',
  grpcService: 'orders.v1.Orders',
  grpcTls: 'on',
  grpcMetadata: 'x-tenant: blue',
  grpcExpectedStatus: 'NOT_SERVING',
  tlsServername: 'mail.example.com',
  tlsStarttls: 'smtp',
  heartbeatSchedule: 'cron',
  heartbeatPeriod: '2h',
  heartbeatCron: '*/5 * * * *',
  heartbeatTimezone: 'Europe/Berlin',
  heartbeatGrace: '10m',
  failureThreshold: '3',
  failureSeconds: '5m',
  recoveryThreshold: '2',
  reminderIntervalMinutes: '30',
  reminderLimit: '4',
  escalationPolicyId: '7',
  'parent.12': 'on',
  'parent.9': 'on',
  'parent.100': '',
};
const LIST_FIELDS = [
  'headers',
  'regions',
  'tags',
  'statusCodeAssertions',
  'bodyAssertions',
  'headerAssertions',
  'recordAssertions',
  'jsonAssertions',
  'timingAssertions',
];

describe('dashboard forms and the inputs they fill', () => {
  it.each(MONITOR_KINDS)('reads a full %s monitor form into exactly its schema, which accepts it', (kind) => {
    const form = { ...newMonitorFormValues(), name: 'Checkout', ...TARGETS } as Record<string, string>;
    if (kind === 'dns' || kind === 'icmp') form.uri = 'example.com';
    const { input, errors } = parseMonitorForm(kind, form);
    expect(errors).toEqual({});
    expect(Object.keys(input).sort()).toEqual(Object.keys(MONITOR_SCHEMAS[kind].shape).sort());
    expect(MONITOR_SCHEMAS[kind].strict().safeParse(input).error?.issues ?? []).toEqual([]);
  });

  it.each(MONITOR_KINDS)('shows a stored %s monitor on its form so that saving it gives the same settings', (kind) => {
    const form = { ...newMonitorFormValues(), ...RICH, ...TARGETS } as Record<string, string>;
    if (kind === 'dns' || kind === 'icmp') form.uri = 'example.com';
    const parsed = parseMonitorForm(kind, form);
    expect(parsed.errors).toEqual({});
    const stored = MONITOR_SCHEMAS[kind].parse(parsed.input) as Record<string, unknown>;
    // What the view holds for fields a kind does not have, then the stored settings.
    const view = {
      ...Object.fromEntries(LIST_FIELDS.map((f) => [f, []])),
      url: null,
      uri: null,
      grpc: null,
      tls: null,
      heartbeat: null,
      openTelemetry: null,
      tlsVerify: true,
      certificateExpiryDays: [14, 7, 1],
      ...stored,
      degradedAt: stored.degradedAt ?? 0,
      degradedAtComputed: stored.degradedAt === null,
    };
    const again = parseMonitorForm(kind, monitorFormValues(view as unknown as MonitorView) as Record<string, string>);
    expect(again.errors).toEqual({});
    expect(MONITOR_SCHEMAS[kind].parse(again.input)).toEqual(stored);
  });

  it('reads the fields of issue 27 into the verb input, and says which line or entry it cannot read', () => {
    const http = parseMonitorForm('http', {
      ...newMonitorFormValues(),
      ...TARGETS,
      name: 'API',
      jsonAssertions: "$.status eq ok\n$['first name'] matches ^A\n$.items[?@.price < 10] exists",
      timingAssertions: 'ttfb lt 500 degraded\ntotal lte 2000ms error',
      bodyAssertions: 'not_matches (?i)error',
      tlsVerify: '',
      certificateExpiryDays: '30, 7',
    });
    expect(http.errors).toEqual({});
    expect(http.input).toMatchObject({
      jsonAssertions: [
        { path: '$.status', comparator: 'eq', target: 'ok' },
        { path: "$['first name']", comparator: 'matches', target: '^A' },
        { path: '$.items[?@.price < 10]', comparator: 'exists', target: '' },
      ],
      timingAssertions: [
        { phase: 'ttfb', comparator: 'lt', target: 500, severity: 'degraded' },
        { phase: 'total', comparator: 'lte', target: 2000, severity: 'error' },
      ],
      bodyAssertions: [{ comparator: 'not_matches', target: '(?i)error' }],
      tlsVerify: false,
      certificateExpiryDays: [30, 7],
    });
    const bad = parseMonitorForm('http', {
      ...newMonitorFormValues(),
      ...TARGETS,
      jsonAssertions: '$.a eq 1\n$.b about 2',
      timingAssertions: 'ttfb lt 500',
      certificateExpiryDays: '14, soon',
    });
    expect(Object.keys(bad.errors).sort()).toEqual(['certificateExpiryDays', 'jsonAssertions', 'timingAssertions']);
    expect(bad.errors.jsonAssertions).toMatch(/^line 2: must be "path comparison value"/);
    expect(bad.errors.timingAssertions).toMatch(/^line 1: must be "phase comparison milliseconds severity"/);
    expect(bad.errors.certificateExpiryDays).toBe('entry 2: must be a whole number of days');
    const heartbeat = parseMonitorForm('heartbeat', {
      ...newMonitorFormValues(),
      name: 'Backup',
      heartbeatSchedule: 'cron',
      heartbeatPeriod: '5 min',
      heartbeatCron: ' */5 * * * * ',
      heartbeatTimezone: 'Europe/Berlin',
      heartbeatGrace: '90',
    });
    expect(heartbeat.input.heartbeat).toEqual({
      schedule: 'cron',
      periodSeconds: 300,
      cron: '*/5 * * * *',
      timezone: 'Europe/Berlin',
      graceSeconds: 90,
    });
    const unread = parseMonitorForm('heartbeat', { heartbeatPeriod: '5ms', heartbeatGrace: '' });
    expect(Object.keys(unread.errors)).toEqual(['heartbeatPeriod']);
    expect(unread.errors.heartbeatPeriod).toMatch(/^must be a whole number of seconds/);
    // Blank leaves the verb's value (its default on create, the stored one on edit).
    expect(unread.input.heartbeat?.graceSeconds).toBeUndefined();
    expect([86_400, 3_600, 300, 90, 0].map(durationText)).toEqual(['1d', '1h', '5m', '90s', '0s']);
  });

  it('reads the alerting fieldset into the whole policy: units, checked parents in order, none as null', () => {
    const http = parseMonitorForm('http', { ...newMonitorFormValues(), ...TARGETS, ...RICH, 'parent.1000': 'on' });
    expect(http.errors).toEqual({});
    expect(http.input.alerting).toEqual({
      failureThreshold: 3,
      failureSeconds: 300,
      recoveryThreshold: 2,
      reminderIntervalMinutes: 30,
      reminderLimit: 4,
      escalationPolicyId: '7',
      parentMonitorIds: ['9', '12', '1000'],
    });
    // A new monitor's form: the verb's defaults, every one neutral.
    expect(parseMonitorForm('heartbeat', { ...newMonitorFormValues(), name: 'b' }).input.alerting).toEqual({
      failureThreshold: 1,
      failureSeconds: 0,
      recoveryThreshold: 1,
      reminderIntervalMinutes: 0,
      reminderLimit: 10,
      escalationPolicyId: null,
      parentMonitorIds: [],
    });
    const bad = parseMonitorForm('tcp', {
      ...newMonitorFormValues(),
      failureThreshold: 'two',
      failureSeconds: '5 weeks',
    });
    expect(bad.errors).toEqual({
      failureThreshold: 'must be a whole number',
      failureSeconds: 'must be a whole number of seconds, or with a unit: s, m, h or d (e.g. "5m", "1d")',
    });
  });

  it("places the verb's alerting messages beside their fields", () => {
    expect(fieldOfIssue({ field: 'alerting.failureThreshold', message: 'must be between 1 and 100' })).toEqual({
      field: 'failureThreshold',
      message: 'must be between 1 and 100',
    });
    expect(fieldOfIssue({ field: 'alerting.parentMonitorIds', message: 'would make a dependency cycle' })?.field).toBe(
      'parentMonitorIds',
    );
    expect(fieldOfIssue({ field: 'alerting.parentMonitorIds.1', message: 'must be a monitor id' })).toEqual({
      field: 'parentMonitorIds',
      message: 'entry 2: must be a monitor id',
    });
    expect(fieldOfIssue({ field: 'alerting.escalationPolicyId', message: 'x' })?.field).toBe('escalationPolicyId');
    expect(fieldOfIssue({ field: 'alerting.reminderIntervalMinutes', message: 'x' })?.field).toBe(
      'reminderIntervalMinutes',
    );
  });

  it('places the verb messages of the new fields beside them', () => {
    expect(fieldOfIssue({ field: 'jsonAssertions.1.path', message: 'is required' })).toEqual({
      field: 'jsonAssertions',
      message: 'line 2: path is required',
    });
    expect(fieldOfIssue({ field: 'certificateExpiryDays.0', message: 'must be between 1 and 365' })).toEqual({
      field: 'certificateExpiryDays',
      message: 'entry 1: must be between 1 and 365',
    });
    expect(fieldOfIssue({ field: 'heartbeat.cron', message: 'never fires' })?.field).toBe('heartbeatCron');
    expect(fieldOfIssue({ field: 'heartbeat.graceSeconds', message: 'x' })?.field).toBe('heartbeatGrace');
    expect(fieldOfIssue({ field: 'tls.servername', message: 'x' })?.field).toBe('tlsServername');
    expect(fieldOfIssue({ field: 'tls.starttls', message: 'x' })?.field).toBe('tlsStarttls');
    expect(fieldOfIssue({ field: 'tlsVerify', message: 'x' })?.field).toBe('tlsVerify');
    expect(fieldOfIssue({ field: 'pingToken', message: 'x' })?.field).toBe('pingToken');
  });

  it('reads a full status page form into its schema, but the password when none is typed and what the service knows', () => {
    const form = {
      ...newStatusPageFormValues(),
      title: 'Acme status',
      slug: 'acme',
      accessType: 'password',
      password: 'correct horse battery',
    } as Record<string, string>;
    const { input, errors } = parseStatusPageForm(form);
    expect(errors).toEqual({});
    const declared = Object.keys(statusPageSchema.shape).filter((key) => key !== 'hasPassword');
    expect(Object.keys(input).sort()).toEqual(declared.sort());
    const parsed = statusPageSchema.safeParse({ ...input, hasPassword: false });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(Object.keys(parseStatusPageForm({ ...form, password: '' }).input)).not.toContain('password');
  });
});
