import { ValidationError } from '../../common/errors';
import { MONITOR_SCHEMAS } from '../../monitors/monitor.schemas';
import { PROVIDER_SCHEMAS } from '../../notifications/notification.schemas';
import {
  GATUS_SECRETS,
  INVALID_GATUS_FILES,
  gatusConfig,
  gatusEnv,
} from '../../../../test/support/imports/gatus-fixture';
import type { ImportedMonitor, ImportFinding, ImportModel } from '../import-model';
import { mapConditions, globToRe2, jsonPathOf } from './gatus-conditions';
import { expandGatusEnv } from './gatus-env';
import { maintenanceOccurrences, nearestPeriodicity, parseGoDuration } from './gatus-time';
import { parseGatus, parseGatusAt } from './gatus.source';

const TARGETS = {
  httpBase: 'http://127.0.0.1:8081',
  httpsBase: 'https://127.0.0.1:8443',
  tcpOpen: '127.0.0.1:5432',
  tcpClosed: '127.0.0.1:9',
  tlsAddress: '127.0.0.1:9443',
  dnsServer: '127.0.0.1:5353',
  grpcAddress: '127.0.0.1:50051',
};
// A Sunday noon, UTC: the next Monday 23:00 in Amsterdam is 2026-11-30T22:00Z.
const NOW = new Date('2026-11-29T12:00:00Z');
const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string, env: Record<string, string> = {}) => parseGatusAt(bytes(text), env, NOW);
const sut = (): ImportModel => parse(gatusConfig(), gatusEnv(TARGETS));

const monitor = (model: ImportModel, key: string): ImportedMonitor => {
  const found = model.monitors.find((m) => m.sourceKey === key);
  if (!found) throw new Error(`no monitor ${key} in ${model.monitors.map((m) => m.sourceKey).join(', ')}`);
  return found;
};
const said = (findings: ImportFinding[], level: ImportFinding['level']) =>
  findings.filter((f) => f.level === level).map((f) => f.message);

/** One endpoint with the given conditions, as a whole configuration. */
const endpoint = (conditions: string[], extra = '', url = 'http://127.0.0.1:1/x') =>
  `endpoints:\n  - name: e\n    url: "${url}"\n${extra}    conditions:\n${conditions.map((c) => `      - "${c}"`).join('\n')}\n`;

function refusal(file: Uint8Array): ValidationError {
  try {
    parseGatusAt(file, {}, NOW);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('gatus environment substitution', () => {
  it('expands $VAR and ${VAR}, keeps $$ as a literal $, and reports unset variables by name', () => {
    const { text, unset } = expandGatusEnv('a=$A b=${B} c=$$C d=${MISSING} e=$ f=${} g=$5 h=$', { A: '1', B: '2' });
    expect(text).toBe('a=1 b=2 c=$C d= e=$ f= g= h=$');
    expect(unset).toEqual(['MISSING', '5']);
  });

  it('substitutes before the YAML is read, so a variable can hold a whole value', () => {
    const model = parse(endpoint(['[STATUS] == ${CODE}'], '', '${URL}'), { CODE: '204', URL: 'http://127.0.0.1:7/y' });
    expect(model.monitors[0].input).toMatchObject({
      url: 'http://127.0.0.1:7/y',
      statusCodeAssertions: [{ comparator: 'eq', target: 204 }],
    });
  });
});

describe(parseGatus.name, () => {
  it('reads every endpoint whose scheme has an equivalent, and external endpoints with a heartbeat', () => {
    const model = sut();
    expect(model.source).toBe('gatus');
    expect(model.monitors.map((m) => [m.sourceKey, m.kind])).toEqual([
      ['endpoint:api/health', 'http'],
      ['endpoint:api/ready', 'http'],
      ['endpoint:api/broken', 'http'],
      ['endpoint:web/home', 'http'],
      ['endpoint:infra/postgres', 'tcp'],
      ['endpoint:infra/cache', 'tcp'],
      ['endpoint:infra/certificate', 'tls'],
      ['endpoint:infra/gateway', 'icmp'],
      ['endpoint:dns/shop', 'dns'],
      ['endpoint:/grpc health', 'grpc'],
      ['external-endpoint:jobs/nightly backup', 'heartbeat'],
      ['external-endpoint:jobs/reports', 'heartbeat'],
    ]);
    // What has no equivalent is left out and said, by its name.
    const file = said(model.findings, 'unmappable').join('\n');
    expect(file).toMatch(/“syslog”: UDP checks have no equivalent/);
    expect(file).toMatch(/“bastion”: SSH checks have no equivalent/);
    expect(file).toMatch(/“pushed only”: it has no heartbeat.interval/);
    expect(file).toMatch(/alert provider zulip has no channel kind/);
    expect(said(model.findings, 'approximate')).toContain(
      'environment variable TRACE_ID is not set: Gatus reads it as empty, and so does this import',
    );
  });

  it('maps status, body, JSON, length, presence, pattern and response-time conditions of an HTTP endpoint', () => {
    const health = monitor(sut(), 'endpoint:api/health');
    expect(health.input).toMatchObject({
      name: 'health',
      url: `${TARGETS.httpBase}/health`,
      method: 'GET',
      tags: ['api'],
      retry: 0,
      timeout: 10_000,
      headers: [{ key: 'Authorization', value: `Bearer ${GATUS_SECRETS.apiToken}` }],
      statusCodeAssertions: [{ comparator: 'eq', target: 200 }],
      jsonAssertions: [
        { path: '$.status', comparator: 'eq', target: 'UP' },
        { path: '$.data[0].id', comparator: 'eq', target: '4' },
        { path: '$.items[2]', comparator: 'exists', target: '' },
        { path: '$.items[3]', comparator: 'not_exists', target: '' },
        { path: '$.errors', comparator: 'not_exists', target: '' },
        { path: '$.version', comparator: 'matches', target: '(?s)^1\\..*$' },
        { path: '$.data[0].name', comparator: 'contains', target: 'prim' },
      ],
      timingAssertions: [{ phase: 'total', comparator: 'lt', target: 2000, severity: 'error' }],
    });
    expect(said(health.findings, 'unmappable')).toContain(
      'condition “[IP] == 127.0.0.1”: the address the host resolves to is not asserted here (a DNS monitor of the host can check it)',
    );
    expect(said(health.findings, 'approximate')).toEqual(
      expect.arrayContaining([
        'interval 45s is rounded to the nearest periodicity offered here: 30s',
        expect.stringMatching(/len\(\[BODY\]\.items\) == 3.*JSON array/),
        expect.stringMatching(/X-Trace is empty/),
      ]),
    );

    const ready = monitor(sut(), 'endpoint:api/ready');
    expect(ready.input).toMatchObject({
      method: 'POST',
      // [ENDPOINT_NAME] is filled in, and $$ is a literal $.
      body: '{"probe": "ready", "price": "$5"}',
      statusCodeAssertions: [
        { comparator: 'gte', target: 200 },
        { comparator: 'lte', target: 204 },
        { comparator: 'neq', target: 201 },
        { comparator: 'neq', target: 202 },
        { comparator: 'neq', target: 203 },
      ],
      bodyAssertions: [{ comparator: 'contains', target: 'ready' }],
      timingAssertions: [{ phase: 'total', comparator: 'lte', target: 1500, severity: 'error' }],
    });

    const home = monitor(sut(), 'endpoint:web/home');
    expect(home.input).toMatchObject({
      tlsVerify: false,
      timeout: 5000,
      periodicity: '1m',
      statusCodeAssertions: [
        { comparator: 'gte', target: 200 },
        { comparator: 'lte', target: 299 },
      ],
      jsonAssertions: [{ path: '$.status', comparator: 'matches', target: '(?s)^(?:UP|OK)$' }],
      certificateExpiryDays: [1],
    });
    expect(said(home.findings, 'approximate')).toContain(
      'condition “[CERTIFICATE_EXPIRATION] > 48h”: Gatus fails the check once 2d or less remains; here the check does not fail: certificate.expiring is sent once less than 2d remains (a 1-day threshold)',
    );
    expect(said(home.findings, 'unmappable')).toContain(
      'condition “[DOMAIN_EXPIRATION] > 720h”: domain expiry (WHOIS) is not checked here',
    );
  });

  it('maps tcp://, tls://, icmp://, dns and grpc:// endpoints with what their conditions ask', () => {
    const model = sut();
    expect(monitor(model, 'endpoint:infra/postgres').input).toMatchObject({
      uri: TARGETS.tcpOpen,
      periodicity: '30s',
      timeout: 1000,
    });
    expect(said(monitor(model, 'endpoint:infra/postgres').findings, 'approximate')).toContain(
      'condition “[RESPONSE_TIME] < 1000”: a tcp check has no timing assertions: its timeout is set to 1000 ms, so a slower answer fails the check as a timeout',
    );
    expect(monitor(model, 'endpoint:infra/certificate').input).toMatchObject({
      uri: TARGETS.tlsAddress,
      tls: { servername: '', starttls: 'none' },
      tlsVerify: false,
      certificateExpiryDays: [9],
    });
    expect(monitor(model, 'endpoint:infra/gateway').input).toMatchObject({ uri: '127.0.0.1' });
    const dns = monitor(model, 'endpoint:dns/shop');
    expect(dns.input).toMatchObject({
      uri: 'shop.test',
      recordAssertions: [{ record: 'A', comparator: 'eq', target: '127.0.0.10' }],
    });
    expect(said(dns.findings, 'unmappable')).toContain(
      `the DNS server ${TARGETS.dnsServer} is not a setting of a monitor here: DNS checks ask the checker's resolver (the system's, or CHECKER_DNS_SERVER)`,
    );
    expect(monitor(model, 'endpoint:/grpc health').input).toMatchObject({
      uri: '127.0.0.1:50051',
      grpc: { service: '', tls: false, metadata: [], expectedStatus: 'SERVING' },
    });
  });

  it('keeps a heartbeat token that fits a ping token, and says the push URL changes otherwise', () => {
    const model = sut();
    const backup = monitor(model, 'external-endpoint:jobs/nightly backup');
    expect(backup.pingToken).toBe(GATUS_SECRETS.pushToken);
    expect(backup.input.heartbeat).toEqual({
      schedule: 'period',
      periodSeconds: 1800,
      cron: '',
      timezone: 'UTC',
      graceSeconds: 0,
    });
    const reports = monitor(model, 'external-endpoint:jobs/reports');
    expect(reports.pingToken).toBeUndefined();
    expect(said(reports.findings, 'approximate')).toEqual(
      expect.arrayContaining([expect.stringMatching(/a new token is made, so the push URL changes/)]),
    );
    // The token is never part of what the plan shows.
    expect(JSON.stringify(model.findings) + JSON.stringify(model.monitors.map((m) => m.findings))).not.toContain(
      'potato',
    );
  });

  it('makes channels of the providers, wires them as the endpoints alert, and merges default-alert as Gatus does', () => {
    const model = sut();
    expect(model.channels.map((c) => [c.sourceKey, c.provider.kind, c.monitorKeys])).toEqual([
      [
        'alerting:slack',
        'slack',
        ['endpoint:api/health', 'endpoint:infra/postgres', 'external-endpoint:jobs/nightly backup'],
      ],
      ['alerting:pagerduty', 'pagerduty', ['endpoint:api/health']],
      ['alerting:discord', 'discord', []],
    ]);
    expect(model.channels[0].provider.args).toEqual({ webhookUrl: GATUS_SECRETS.slackWebhook });
    expect(model.channels[1].provider.args).toEqual({ integrationKey: GATUS_SECRETS.pagerdutyKey });
    expect(said(model.channels[2].findings, 'unmappable')).toEqual(['discord setting title has no equivalent here']);
    // slack's default alert (5 failures, 3 successes) and pagerduty's own 2 and Gatus's default 2.
    const health = monitor(model, 'endpoint:api/health');
    expect(health.input.alerting).toEqual({ failureThreshold: 2, recoveryThreshold: 2 });
    expect(said(health.findings, 'approximate')).toEqual(
      expect.arrayContaining([
        'the alerts wait for 5, 2 failures in a row; here one threshold applies to every channel: 2',
        'the alerts resolve after 3, 2 successes in a row; here one threshold applies to every channel: 2',
      ]),
    );
    expect(said(health.findings, 'unmappable')).toContain(
      "the pagerduty alert's description is not part of alerts here",
    );
    expect(monitor(model, 'endpoint:infra/postgres').input.alerting).toEqual({
      failureThreshold: 2,
      recoveryThreshold: 3,
    });
    const ready = monitor(model, 'endpoint:api/ready');
    expect(ready.input.alerting).toBeUndefined();
    expect(said(ready.findings, 'approximate')).toContain(
      'the discord alert is disabled in Gatus: the channel is created but not wired to this monitor',
    );
    expect(said(ready.findings, 'unmappable')).toContain('alert type zulip has no channel kind here');
    // No secret in any label or finding.
    const shown = JSON.stringify([
      model.findings,
      ...model.monitors.map((m) => [m.label, m.findings]),
      ...model.channels.map((c) => [c.label, c.findings]),
    ]);
    for (const secret of Object.values(GATUS_SECRETS)) expect(shown).not.toContain(secret);
  });

  it('reports send-on-resolved off, and leaves out a provider this service refuses, as Gatus ignores it', () => {
    const model = parse(
      `alerting:\n  slack:\n    webhook-url: "\${UNSET}"\n  pagerduty:\n    integration-key: k-123\n` +
        endpoint(['[STATUS] == 200'], '    alerts:\n      - type: slack\n      - type: pagerduty\n'),
    );
    expect(model.channels.map((c) => c.sourceKey)).toEqual(['alerting:pagerduty']);
    expect(said(model.findings, 'unmappable')).toContain(
      'alert provider slack is refused here (webhookUrl is required); its alerts are not imported, as Gatus ignores a provider it cannot use',
    );
    const [e] = model.monitors;
    expect(said(e.findings, 'unmappable')).toEqual([
      'alerting.slack is not configured in a form this import can use, so Gatus would ignore this alert too; it is not wired',
      'send-on-resolved is off for the pagerduty alert: channels here are told of the recovery too',
    ]);
    expect(e.input.alerting).toEqual({ failureThreshold: 3, recoveryThreshold: 2 });
  });

  it('makes one status page with a component group per endpoint group and the ungrouped endpoints outside', () => {
    const [page] = sut().statusPages;
    expect(page).toMatchObject({ sourceKey: 'page:gatus', title: 'Acme Status', slug: 'acme-status' });
    expect(page.groups.map((g) => [g.sourceKey, g.components.map((c) => c.monitorKey)])).toEqual([
      ['group:api', ['endpoint:api/health', 'endpoint:api/ready', 'endpoint:api/broken']],
      ['group:web', ['endpoint:web/home']],
      [
        'group:infra',
        ['endpoint:infra/postgres', 'endpoint:infra/cache', 'endpoint:infra/certificate', 'endpoint:infra/gateway'],
      ],
      ['group:dns', ['endpoint:dns/shop']],
      ['group:jobs', ['external-endpoint:jobs/nightly backup', 'external-endpoint:jobs/reports']],
    ]);
    expect(page.components.map((c) => c.monitorKey)).toEqual(['endpoint:/grpc health']);
    expect(parse(endpoint(['[STATUS] == 200'])).statusPages[0]).toMatchObject({ title: 'Gatus', slug: 'gatus' });
  });

  it('writes the maintenance windows of the next 30 days as one-off maintenances over the components they cover', () => {
    const model = sut();
    const global = model.maintenances.filter((m) => m.sourceKey.startsWith('maintenance:global@'));
    // Mondays and Thursdays at 23:00 in Amsterdam (UTC+1 in winter), 30 days from Sunday 29 November.
    expect(global.map((m) => m.from.toISOString())).toEqual([
      '2026-11-30T22:00:00.000Z',
      '2026-12-03T22:00:00.000Z',
      '2026-12-07T22:00:00.000Z',
      '2026-12-10T22:00:00.000Z',
      '2026-12-14T22:00:00.000Z',
      '2026-12-17T22:00:00.000Z',
      '2026-12-21T22:00:00.000Z',
      '2026-12-24T22:00:00.000Z',
      '2026-12-28T22:00:00.000Z',
    ]);
    expect(global[0].to.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(global[0].componentKeys).toHaveLength(model.monitors.length);
    expect(global[0].findings[0]).toMatchObject({ level: 'approximate', field: 'maintenance' });
    const home = model.maintenances.filter((m) => m.componentKeys.join() === 'component:endpoint:web/home');
    expect(home).toHaveLength(30);
    expect(home[0]).toMatchObject({ pageKey: 'page:gatus', title: 'Maintenance: home' });
    expect(home[0].from.toISOString()).toBe('2026-11-30T06:30:00.000Z');
    expect(home[0].to.getTime() - home[0].from.getTime()).toBe(40 * 60_000);
  });

  it('builds inputs this service validates', () => {
    for (const m of sut().monitors) {
      const checked = MONITOR_SCHEMAS[m.kind].partial().safeParse(m.input);
      expect([m.sourceKey, checked.success ? 'valid' : checked.error.message]).toEqual([m.sourceKey, 'valid']);
    }
    for (const c of sut().channels)
      expect(PROVIDER_SCHEMAS[c.provider.kind].safeParse(c.provider.args).success).toBe(true);
  });

  it('is stable: the same file gives the same keys', () => {
    const keys = (model: ImportModel) => [
      ...model.monitors.map((m) => m.sourceKey),
      ...model.channels.map((c) => c.sourceKey),
      ...model.maintenances.map((m) => m.sourceKey),
    ];
    expect(keys(sut())).toEqual(keys(sut()));
    expect(new Set(keys(sut())).size).toBe(keys(sut()).length);
  });

  it.each(Object.entries(INVALID_GATUS_FILES))('refuses %s', (_name, { bytes: file, says }) => {
    const error = refusal(file);
    expect(error.issues[0].field).toBe('file');
    expect(error.message).toMatch(says);
  });

  it('does not quote the file when the YAML is refused (it may hold a substituted secret)', () => {
    const error = refusal(bytes('endpoints:\n  - name: "secret-value-123\n   x: [\n'));
    expect(error.message).not.toContain('secret-value-123');
  });
});

describe('gatus conditions', () => {
  const http = (conditions: string[]) => mapConditions(conditions, { kind: 'http' });

  it('orders status codes as Gatus compares them, either side of the operator', () => {
    expect(http(['[STATUS] <= 299', '300 > [STATUS]', '[STATUS] != 204']).statusCodeAssertions).toEqual([
      { comparator: 'lte', target: 299 },
      { comparator: 'lt', target: 300 },
      { comparator: 'neq', target: 204 },
    ]);
    expect(http(['[STATUS] != any(500, 502)']).statusCodeAssertions).toEqual([
      { comparator: 'neq', target: 500 },
      { comparator: 'neq', target: 502 },
    ]);
    expect(http(['[STATUS] == pat(2*)']).statusCodeAssertions).toEqual([
      { comparator: 'gte', target: 200 },
      { comparator: 'lte', target: 299 },
    ]);
  });

  it('reports a status set that takes more assertions than a monitor holds', () => {
    const mapped = http(['[STATUS] == pat(4?4)']);
    expect(mapped.statusCodeAssertions).toEqual([]);
    expect(said(mapped.findings, 'unmappable')).toEqual([
      'condition “[STATUS] == pat(4?4)”: the status codes it accepts take more assertions than a monitor holds',
    ]);
  });

  it('reports a status no response has', () => {
    expect(said(http(['[STATUS] == 999']).findings, 'unmappable')).toEqual([
      'condition “[STATUS] == 999”: it accepts no status code from 100 to 599',
    ]);
  });

  it('compares the whole body trimmed, as Gatus does, and any() as alternatives', () => {
    const mapped = http(['[BODY] == OK', '[BODY] != pat(err*)', '[BODY] == any(a, b.c)', 'has([BODY]) == true']);
    expect(mapped.bodyAssertions).toEqual([
      { comparator: 'matches', target: '(?s)^\\s*(?:OK)\\s*$' },
      { comparator: 'not_matches', target: '(?s)^\\s*(?:err.*)\\s*$' },
      { comparator: 'matches', target: '(?s)^\\s*(?:a|b\\.c)\\s*$' },
      { comparator: 'matches', target: '\\S' },
    ]);
    expect(mapped.findings).toEqual([]);
  });

  it('reports each condition that has no equivalent by its text', () => {
    const mapped = mapConditions(
      [
        '[CONNECTED] == false',
        '[RESPONSE_TIME] > 10',
        '[BODY].a == [BODY].b',
        '[DNS_RCODE] == NXDOMAIN',
        '[STATUS] == 200',
        '[CONTEXT].token == x',
        '[RESULT] == true',
        'nonsense',
      ],
      { kind: 'tcp' },
    );
    expect(said(mapped.findings, 'unmappable')).toEqual([
      'condition “[CONNECTED] == false”: only [CONNECTED] == true has an equivalent (every check here fails when it cannot connect)',
      'condition “[RESPONSE_TIME] > 10”: only an upper bound (< or <=) on the response time has an equivalent here',
      'condition “[BODY].a == [BODY].b”: compares two placeholders with each other',
      'condition “[DNS_RCODE] == NXDOMAIN”: [DNS_RCODE] applies to DNS endpoints only',
      'condition “[STATUS] == 200”: [STATUS] is an HTTP status; a tcp check has none',
      'condition “[CONTEXT].token == x”: suite context values have no equivalent',
      'condition “[RESULT] == true”: [RESULT] is not a placeholder this service knows',
      'condition “nonsense”: not of the form “<value> <operator> <value>” (Gatus refuses it too)',
    ]);
  });

  it('maps DNS answers to record assertions and the gRPC serving status', () => {
    const dns = mapConditions(['[BODY] == pat(*mail*)', '[BODY] != any(10.0.0.1, 10.0.0.2)'], {
      kind: 'dns',
      dnsQueryType: 'MX',
    });
    expect(dns.recordAssertions).toEqual([
      { record: 'MX', comparator: 'contains', target: 'mail' },
      { record: 'MX', comparator: 'neq', target: '10.0.0.1' },
      { record: 'MX', comparator: 'neq', target: '10.0.0.2' },
    ]);
    expect(mapConditions(['[BODY].status == NOT_SERVING'], { kind: 'grpc' }).grpcExpectedStatus).toBe('NOT_SERVING');
  });

  it('maps len() comparisons to array indexes', () => {
    expect(http(['len([BODY].a) > 2', 'len([BODY].b) <= 1', 'len([BODY].c) >= 1']).jsonAssertions).toEqual([
      { path: '$.a[2]', comparator: 'exists', target: '' },
      { path: '$.b[1]', comparator: 'not_exists', target: '' },
      { path: '$.c[0]', comparator: 'exists', target: '' },
    ]);
  });
});

describe('gatus helpers', () => {
  it('translates Go globs to RE2 and Gatus paths to RFC 9535', () => {
    expect(globToRe2('a*b?[0-9][^x]\\*')).toBe('(?s)^a.*b.[\\x{30}-\\x{39}][^\\x{78}]\\*$');
    expect(globToRe2('[abc')).toBeNull();
    expect(jsonPathOf('data[0].name')).toBe('$.data[0].name');
    expect(jsonPathOf('[1][0].id')).toBe('$[1][0].id');
    expect(jsonPathOf('x-y.z')).toBe("$['x-y'].z");
  });

  it('reads Go durations and rounds intervals to the nearest periodicity', () => {
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('500ms')).toBe(500);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('60')).toBeNull();
    expect([10, 45, 90, 180, 420, 900, 2700, 86_400].map(nearestPeriodicity)).toEqual([
      '30s',
      '30s',
      '1m',
      '1m',
      '5m',
      '10m',
      '30m',
      '1h',
    ]);
  });

  it('includes a window already under way and follows the time zone across a change of offset', () => {
    // Berlin moves from UTC+1 to UTC+2 on 28 March 2027.
    const rule = { start: '03:00', durationMs: 7_200_000, timezone: 'Europe/Berlin', every: [] };
    const windows = maintenanceOccurrences(rule, new Date('2027-03-27T02:30:00Z'), 2);
    expect(windows.map((w) => w.from.toISOString())).toEqual([
      '2027-03-27T02:00:00.000Z',
      '2027-03-28T01:00:00.000Z',
      '2027-03-29T01:00:00.000Z',
    ]);
  });
});
