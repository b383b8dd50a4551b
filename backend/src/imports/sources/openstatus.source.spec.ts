import { ValidationError } from '../../common/errors';
import {
  OPENSTATUS_FIXTURE_MONITORS,
  OPENSTATUS_FIXTURE_SECRETS,
  OPENSTATUS_NOT_FORMAT,
  OPENSTATUS_NOT_YAML,
  openStatusYaml,
} from '../../../../test/support/imports/openstatus-fixture';
import type { ImportedMonitor, ImportFinding, ImportModel } from '../import-model';
import { parseOpenStatus } from './openstatus.source';

const TARGETS = {
  http: 'http://127.0.0.1:8080',
  tcpOpen: { host: '127.0.0.1', port: 5432 },
  tcpClosed: { host: '127.0.0.1', port: 9 },
};

const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string) => parseOpenStatus(bytes(text));
const lines = (findings: ImportFinding[]) =>
  findings.map((f) => `${f.level}${f.field === undefined ? '' : ` ${f.field}`}: ${f.message}`);
const sut = () => parse(openStatusYaml(TARGETS));
const monitor = (model: ImportModel, key: string): ImportedMonitor => {
  const found = model.monitors.find((m) => m.sourceKey === `monitor:${key}`);
  if (!found) throw new Error(`no monitor ${key}`);
  return found;
};

function refusal(text: string | Uint8Array): ValidationError {
  try {
    parseOpenStatus(typeof text === 'string' ? bytes(text) : text);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe(parseOpenStatus.name, () => {
  it('reads every monitor of the fixture under its key, and nothing else', () => {
    const model = sut();
    expect(model.source).toBe('openstatus');
    expect(model.monitors.map((m) => [m.sourceKey, m.kind])).toEqual(
      Object.entries(OPENSTATUS_FIXTURE_MONITORS).map(([key, m]) => [`monitor:${key}`, m.kind]),
    );
    expect(model.findings).toEqual([]);
    expect(model.channels).toEqual([]);
    expect(model.statusPages).toEqual([]);
    expect(model.maintenances).toEqual([]);
  });

  it('maps an HTTP monitor field by field, with every assertion kind, headers and OpenTelemetry', () => {
    const m = monitor(sut(), 'orders-api');
    expect(m.label).toBe('monitor orders-api “Orders API”');
    expect(m.input).toEqual({
      name: 'Orders API',
      description: 'Order intake, checked from three providers.',
      periodicity: '1m',
      regions: ['fly-iad', 'fly-fra', 'koyeb-par', 'railway-europe-west4'],
      public: true,
      retry: 2,
      timeout: 10000,
      degradedAt: 3000,
      url: 'http://127.0.0.1:8080/headers',
      method: 'GET',
      headers: [
        { key: 'User-Agent', value: 'OpenStatus' },
        { key: 'Authorization', value: OPENSTATUS_FIXTURE_SECRETS.authorization },
      ],
      statusCodeAssertions: [{ comparator: 'eq', target: 200 }],
      bodyAssertions: [{ comparator: 'contains', target: 'ok' }],
      headerAssertions: [
        { key: 'x-version', comparator: 'eq', target: '42' },
        { key: 'content-type', comparator: 'contains', target: 'text/html' },
      ],
      openTelemetry: {
        endpoint: 'http://127.0.0.1:4318/v1/metrics',
        headers: [{ key: 'x-collector-key', value: OPENSTATUS_FIXTURE_SECRETS.otelHeader }],
      },
    });
    expect('active' in m.input).toBe(false);
    expect(m.findings).toEqual([]);
  });

  it('maps method, body, followRedirects and every comparison, and says a paused monitor was paused', () => {
    const m = monitor(sut(), 'webhook');
    expect(m.input).toMatchObject({
      method: 'POST',
      body: '{"probe": true}',
      followRedirects: false,
      headers: [{ key: 'Content-Type', value: 'application/json' }],
      statusCodeAssertions: [
        { comparator: 'lt', target: 300 },
        { comparator: 'neq', target: 500 },
      ],
      bodyAssertions: [
        { comparator: 'contains', target: 'POST' },
        { comparator: 'not_contains', target: 'error' },
      ],
      headerAssertions: [{ key: 'content-type', comparator: 'not_empty', target: '' }],
    });
    expect(lines(m.findings)).toEqual([
      expect.stringMatching(/^approximate active: .*paused in OpenStatus \(active: false\)/),
    ]);
  });

  it('maps a TCP monitor to host:port', () => {
    const m = monitor(sut(), 'database');
    expect(m.kind).toBe('tcp');
    expect(m.input).toEqual({
      name: 'Database TCP',
      description: 'Is the database reachable?',
      periodicity: '5m',
      regions: ['fly-iad', 'fly-fra'],
      timeout: 5000,
      uri: '127.0.0.1:5432',
    });
    expect(monitor(sut(), 'closed-port').input).toMatchObject({
      uri: '127.0.0.1:9',
      periodicity: '1h',
      regions: ['koyeb-was'],
    });
  });

  it('rounds and clamps what has no exact equivalent, and reports what has none at all', () => {
    const m = monitor(sut(), 'legacy');
    expect(m.input).toMatchObject({
      periodicity: '1m',
      retry: 10,
      timeout: 120000,
      regions: ['fly-ams'],
      statusCodeAssertions: [{ comparator: 'eq', target: 200 }],
      bodyAssertions: [],
      headerAssertions: [],
    });
    expect(lines(m.findings.filter((f) => f.level === 'approximate'))).toEqual([
      'approximate frequency: 2m is not an allowed periodicity (30s, 1m, 5m, 10m, 30m, 1h); rounded to 1m',
      'approximate retry: 15 is outside 0-10 or not whole here; 10 is used',
      'approximate timeout: 200000 is outside 0-120000 or not whole here; 120000 is used',
    ]);
    expect(lines(m.findings.filter((f) => f.level === 'unmappable'))).toEqual([
      expect.stringMatching(/^unmappable regions: region “private”/),
      'unmappable regions: regions atl, hkg have no equivalent here; not checked from',
      expect.stringMatching(
        /^unmappable assertions\[1\]: statusCode contains: a status code compares with eq, not_eq.*; not imported$/,
      ),
      expect.stringMatching(
        /^unmappable assertions\[2\]: kind “jsonBody” is not one of statusCode, textBody, header.*; not imported$/,
      ),
    ]);
  });

  it('never puts a credential in a label or a finding', () => {
    const text = JSON.stringify(sut().monitors.map((m) => [m.label, m.findings]));
    for (const secret of Object.values(OPENSTATUS_FIXTURE_SECRETS)) expect(text).not.toContain(secret);
  });

  it.each([
    ['30s', '30s'],
    ['45s', '30s'],
    ['90s', '1m'],
    ['3m', '1m'],
    ['7m', '5m'],
    ['20m', '10m'],
    ['45m', '30m'],
    ['1h30m', '1h'],
    ['24h', '1h'],
    [600, '10m'],
  ])('rounds frequency %s to %s', (frequency, periodicity) => {
    const model = parse(
      `a:\n  kind: tcp\n  frequency: ${frequency}\n  active: true\n  regions: [ams]\n  request: {host: db.example, port: 5432}\n`,
    );
    expect(model.monitors[0].input.periodicity).toBe(periodicity);
    expect(model.monitors[0].findings.some((f) => f.field === 'frequency')).toBe(frequency !== periodicity);
  });

  it('leaves out a monitor with no equivalent, or one the service would refuse, and says why', () => {
    const model = parse(`
dns-check:
  name: Resolver
  kind: dns
  frequency: 1m
  request: {host: example.com}
bad-url:
  name: No URL
  kind: http
  frequency: 1m
  request: {url: "ftp://files.example"}
bad-port:
  kind: tcp
  frequency: 1m
  request: {host: db.example, port: 70000}
fine:
  kind: http
  frequency: 1m
  active: true
  regions: [ams]
  request: {url: "https://example.com"}
`);
    expect(model.monitors.map((m) => m.sourceKey)).toEqual(['monitor:fine']);
    expect(lines(model.findings)).toEqual([
      expect.stringMatching(/^unmappable: monitor dns-check “Resolver”: kind “dns” .*not imported$/),
      expect.stringMatching(/^unmappable: monitor bad-url “No URL”: request\.url .*not imported$/),
      expect.stringMatching(/^unmappable: monitor bad-port: .*port from 1 to 65535; not imported$/),
    ]);
    expect(monitor(model, 'fine').findings).toEqual([
      { level: 'approximate', field: 'name', message: 'it has no name; named after its key' },
    ]);
  });

  it('fits names and descriptions to the bounds, infers a missing kind, and reports fields it does not read', () => {
    const model = parse(`
long:
  name: "${'n'.repeat(300)}"
  description: "${'d'.repeat(1100)}"
  frequency: 5m
  active: true
  regions: []
  tags: [a]
  public: maybe
  request:
    url: https://example.com
    host: example.com
    method: FETCH
    headers: {X-Empty: "", X-Ok: "1"}
`);
    const m = monitor(model, 'long');
    expect(m.kind).toBe('http');
    expect(m.input.name).toHaveLength(256);
    expect(m.input.description).toHaveLength(1024);
    expect(m.input.method).toBe('GET');
    expect(m.input.headers).toEqual([{ key: 'X-Ok', value: '1' }]);
    expect(m.input.regions).toBeUndefined();
    expect(m.input.public).toBeUndefined();
    expect(m.findings.map((f) => [f.level, f.field])).toEqual([
      ['approximate', 'kind'],
      ['unmappable', 'tags'],
      ['approximate', 'name'],
      ['approximate', 'description'],
      ['approximate', 'regions'],
      ['unmappable', 'public'],
      ['approximate', 'request.method'],
      ['unmappable', 'request.headers.X-Empty'],
      ['unmappable', 'request.host'],
    ]);
  });

  it('names a monitor after its key when its name is blank once made storable, and leaves out one the schema still refuses', () => {
    const model = parse(
      `ctl:\n  name: "\\u0001\\u0002"\n  kind: tcp\n  active: true\n  frequency: 1m\n  regions: [ams]\n  request: {host: db.example, port: 5432}\n` +
        `"":\n  name: "\\u0003"\n  kind: tcp\n  active: true\n  frequency: 1m\n  regions: [ams]\n  request: {host: db.example, port: 5432}\n`,
    );
    expect(model.monitors.map((m) => [m.sourceKey, m.input.name])).toEqual([['monitor:ctl', 'ctl']]);
    expect(lines(model.findings)).toEqual([
      expect.stringMatching(/^unmappable: monitor {2}“.*”: name is required; not imported$/),
    ]);
  });

  it('reports each assertion it cannot create, and keeps every one it can', () => {
    const body = Array.from(
      { length: 11 },
      (_, i) => `    - {kind: textBody, compare: contains, target: "part ${i}"}`,
    ).join('\n');
    const m = parse(`
a:
  kind: http
  frequency: 1m
  request: {url: "https://example.com"}
  assertions:
    - {kind: statusCode, compare: eq, target: 0}
    - {kind: statusCode, compare: gte, target: "2xx"}
    - {kind: textBody, compare: contains}
    - {kind: textBody, compare: empty}
    - {kind: textBody, compare: matches, target: "a+"}
    - {kind: header, compare: eq, target: "x"}
    - {kind: header, compare: not_empty, key: etag}
    - {kind: statusCode, compare: eq, target: 200, severity: high}
    - just text
${body}
`).monitors[0];
    expect(m.input.statusCodeAssertions).toEqual([{ comparator: 'eq', target: 200 }]);
    expect(m.input.headerAssertions).toEqual([{ key: 'etag', comparator: 'not_empty', target: '' }]);
    expect(m.input.bodyAssertions).toHaveLength(10);
    expect(m.input.bodyAssertions![0]).toEqual({ comparator: 'empty', target: '' });
    expect(lines(m.findings.filter((f) => f.field?.startsWith('assertions')))).toEqual([
      'unmappable assertions[0]: statusCode eq: the target is outside 100-599, the status codes checked here; not imported',
      'unmappable assertions[1]: statusCode gte: the target is not a whole number; not imported',
      'unmappable assertions[2]: textBody contains: the target is missing or not text; not imported',
      'unmappable assertions[4]: textBody matches: “matches” is not an OpenStatus comparison; not imported',
      'unmappable assertions[5]: header eq: the header name (key) is missing or not one line; not imported',
      'unmappable assertions[7]: severity is not part of an OpenStatus assertion; not read',
      'unmappable assertions[8]: is not an assertion (kind, compare, target); not imported',
      'unmappable assertions[18]: a monitor here holds at most 10 assertions of a kind; not imported',
      'unmappable assertions[19]: a monitor here holds at most 10 assertions of a kind; not imported',
    ]);
    expect(
      lines(
        parse(`a:\n  kind: http\n  request: {url: "https://e.example"}\n  assertions: {kind: statusCode}\n`).monitors[0]
          .findings,
      ),
    ).toContain('unmappable assertions: not a list of assertions; none imported');
  });

  it('brackets an IPv6 TCP host, and says a monitor with no active: true would be created paused by the CLI', () => {
    const m = parse(
      `db:\n  name: DB\n  kind: tcp\n  frequency: 1m\n  regions: [ams]\n  request: {host: "::1", port: 5432}\n`,
    ).monitors[0];
    expect(m.input.uri).toBe('[::1]:5432');
    expect(lines(m.findings)).toEqual([
      expect.stringMatching(
        /^approximate active: it has no active: true, so the openstatus CLI would create it paused/,
      ),
    ]);
  });

  it('reads field names case-insensitively and scalars loosely, as the openstatus CLI does', () => {
    const m = parse(`
k:
  Name: K
  Kind: HTTP
  Frequency: "1m"
  Active: "true"
  Retry: "1"
  Regions: [IAD]
  Request: {URL: "https://example.com", Method: post}
  Assertions:
    - {Kind: statusCode, Compare: EQ, Target: "204"}
`).monitors[0];
    expect(m.input).toMatchObject({
      name: 'K',
      retry: 1,
      regions: ['fly-iad'],
      method: 'POST',
      statusCodeAssertions: [{ comparator: 'eq', target: 204 }],
    });
    expect(m.findings).toEqual([]);
  });

  it('reads the list form some OpenStatus documentation shows, keyed by name', () => {
    const model = parse(`
monitors:
  - name: "Production API"
    kind: http
    active: true
    frequency: 1m
    regions: [iad]
    request: {url: "https://api.example.com/health"}
  - name: "Database TCP"
    kind: tcp
    active: true
    frequency: 5m
    regions: [fra]
    request: {host: db.example.com, port: 5432}
`);
    expect(model.monitors.map((m) => m.sourceKey)).toEqual(['monitor:Production API', 'monitor:Database TCP']);
    expect(model.findings).toEqual([expect.objectContaining({ level: 'approximate', field: 'monitors' })]);
  });

  it.each([
    ['a file that is not YAML', OPENSTATUS_NOT_YAML, /^is not valid YAML \(\w+ at line \d+, column \d+\)$/],
    ['another tool’s YAML', OPENSTATUS_NOT_FORMAT, /not an OpenStatus monitors file: “endpoints” is not a monitor/],
    ['an empty file', '', /^is empty/],
    ['an empty map', '{}', /^holds no monitors/],
    ['a list', '- a\n- b\n', /not an OpenStatus monitors file/],
    ['a scalar', 'hello', /not an OpenStatus monitors file/],
  ])('refuses %s', (_what, text, message) => {
    const error = refusal(text);
    expect(error.issues.map((i) => i.field)).toEqual(['file']);
    expect(error.issues[0].message).toMatch(message);
  });

  it('refuses bytes that are not UTF-8 text, such as a SQLite database', () => {
    const sqlite = new Uint8Array([...bytes('SQLite format 3\0'), 0xff, 0xfe, 0x00, 0x10]);
    expect(refusal(sqlite).issues[0].message).toMatch(/not UTF-8 text/);
  });

  it('does not repeat the offending line of a YAML error, which may hold a credential', () => {
    const error = refusal(`a:\n  request:\n    headers: {Authorization: "Bearer s3cr3t-token\n`);
    expect(error.message).not.toContain('s3cr3t');
  });
});
