// The Uptime Kuma parser on databases built with Kuma's 1.23 and 2.x schemas (test/support/imports).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildKumaDatabase,
  KUMA_IDS as I,
  KUMA_SECRETS,
  type KumaVersion,
} from '../../../../test/support/imports/uptime-kuma-fixture';
import { ValidationError } from '../../common/errors';
import type { ImportedMonitor, ImportModel } from '../import-model';
import { parseUptimeKuma, parseUptimeKumaFile } from './uptime-kuma.source';
import { jsonataToJsonPath, nearestPeriodicity, statusCodeAssertions, wallTimeToDate } from './uptime-kuma-values';

const NOW = new Date('2026-11-29T12:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'kuma-spec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fixture(version: KumaVersion): Uint8Array {
  const path = join(dir, `kuma-${version}.db`);
  buildKumaDatabase(path, {
    version,
    targets: { http: 'http://127.0.0.1:8080', tcp: '127.0.0.1:5432', grpc: '127.0.0.1:50051', dnsName: 'shop.test' },
  });
  return new Uint8Array(readFileSync(path));
}

const monitor = (model: ImportModel, id: number): ImportedMonitor => {
  const found = model.monitors.find((m) => m.sourceKey === `monitor:${id}`);
  if (!found) throw new Error(`monitor:${id} not in the model`);
  return found;
};
const messages = (findings: Array<{ field?: string; message: string; level: string }>) =>
  findings.map((f) => `${f.level} ${f.field ?? '-'}: ${f.message}`).join('\n');

describe.each(['1.23', '2'] as const)('parseUptimeKuma on Kuma %s', (version) => {
  let model: ImportModel;
  beforeAll(() => {
    model = parseUptimeKuma(fixture(version), NOW);
  });

  it('maps http with its method, body, headers, basic auth, retries, resend interval and timeout', () => {
    const home = monitor(model, I.http);
    expect(home.kind).toBe('http');
    expect(home.input).toMatchObject({
      name: 'Homepage',
      description: 'The public homepage',
      url: 'http://127.0.0.1:8080/',
      method: 'GET',
      periodicity: '1m',
      timeout: 48000,
      tlsVerify: true,
      certificateExpiryDays: [21, 14, 7],
      statusCodeAssertions: [],
      alerting: { failureThreshold: 3, reminderIntervalMinutes: 10 },
      tags: ['env:prod', 'critical', 'group:Production'],
    });
    expect(home.input).not.toHaveProperty('active');
    expect(messages(home.findings)).toContain(
      'approximate resend_interval: Kuma resent the alert every 10 down heartbeats',
    );
    expect(messages(home.findings)).toContain('approximate parent: in Kuma group “Production”');

    const post = monitor(model, I.httpPost);
    expect(post.input).toMatchObject({
      method: 'POST',
      body: '{"ping":true}',
      followRedirects: false,
      // 200-299 and 300-399 merge into one range.
      statusCodeAssertions: [
        { comparator: 'gte', target: 200 },
        { comparator: 'lte', target: 399 },
      ],
    });
    const basic = Buffer.from(`kuma:${KUMA_SECRETS.basicAuthPassword}`).toString('base64');
    expect(post.input.headers).toEqual([
      { key: 'X-Check', value: 'kuma' },
      { key: 'Content-Type', value: 'application/json' },
      { key: 'Authorization', value: `Basic ${basic}` },
    ]);
    expect(messages(post.findings)).toContain('unmappable proxy_id');
    // Secrets never reach labels or findings.
    expect(JSON.stringify([post.label, post.findings])).not.toContain(KUMA_SECRETS.basicAuthPassword);
  });

  it('maps keyword to a body assertion, inverted keyword to not_contains, and rounds intervals (reported)', () => {
    expect(monitor(model, I.keyword).input).toMatchObject({
      bodyAssertions: [{ comparator: 'contains', target: 'hello' }],
      periodicity: '30s',
    });
    expect(messages(monitor(model, I.keyword).findings)).toContain('approximate interval: interval 45s rounded to 30s');
    expect(monitor(model, I.keywordInverted).input).toMatchObject({
      bodyAssertions: [{ comparator: 'not_contains', target: 'Internal Server Error' }],
      periodicity: '5m',
    });
    expect(monitor(model, I.keywordInverted).findings).toEqual([]);
  });

  it('maps json-query to a JSON assertion and reports JSONata it cannot express', () => {
    expect(monitor(model, I.jsonQuery).input.jsonAssertions).toEqual([
      { path: '$.method', comparator: 'eq', target: 'GET' },
    ]);
    const jsonata = monitor(model, I.jsonQueryJsonata);
    expect(jsonata.input.jsonAssertions ?? []).toEqual([]);
    expect(messages(jsonata.findings)).toContain(
      'unmappable json_path: the JSONata expression “$count(items[price > 10])” has no JSONPath equivalent',
    );
    if (version === '2')
      expect(monitor(model, I.jsonQueryCompare).input.jsonAssertions).toEqual([
        { path: '$.method', comparator: 'neq', target: 'DELETE' },
      ]);
    else expect(model.monitors.some((m) => m.sourceKey === `monitor:${I.jsonQueryCompare}`)).toBe(false);
  });

  it('maps port to TCP, ping to ICMP and reports what has no equivalent', () => {
    expect(monitor(model, I.port)).toMatchObject({
      kind: 'tcp',
      input: { uri: '127.0.0.1:5432', periodicity: '10m', tags: ['env:staging'] },
    });
    expect(monitor(model, I.ping)).toMatchObject({ kind: 'icmp', input: { uri: '127.0.0.1', periodicity: '1h' } });
    expect(messages(monitor(model, I.portClosed).findings)).toMatch(/^approximate active: paused in Kuma/);
    const upside = monitor(model, I.upsideDown);
    expect(upside.input).toMatchObject({
      tlsVerify: false,
      certificateExpiryDays: [],
      periodicity: '1h',
      timeout: 120000,
    });
    expect(messages(upside.findings)).toMatch(/unmappable upside_down: .*imported as a normal check/);
    expect(messages(upside.findings)).toContain('approximate interval: interval 2h rounded to 1h');
    expect(messages(upside.findings)).toContain('approximate timeout: timeout 300s shortened to 120s');
  });

  it('keeps what accepted status codes allow as AND-ed comparisons, stricter when it cannot', () => {
    const odd = monitor(model, I.statusCodes);
    expect(odd.input.statusCodeAssertions).toEqual([
      { comparator: 'gte', target: 200 },
      { comparator: 'lte', target: 299 },
    ]);
    expect(messages(odd.findings)).toContain('unmappable accepted_statuscodes_json: the accepted codes 200-299, 404');
  });

  it('maps dns to DNS with record assertions and reports the resolver and record types it cannot use', () => {
    const dns = monitor(model, I.dns);
    expect(dns.kind).toBe('dns');
    expect(dns.input.uri).toBe('shop.test');
    // 1.23 checks that an A record exists; 2.x's condition says what it must contain.
    expect(dns.input.recordAssertions).toEqual(
      version === '2'
        ? [{ record: 'A', comparator: 'contains', target: '127.0.0' }]
        : [{ record: 'A', comparator: 'contains', target: '.' }],
    );
    expect(dns.findings).toEqual([]);
    const ns = monitor(model, I.dnsNs);
    expect(messages(ns.findings)).toContain('unmappable dns_resolve_server: Kuma asked the resolver 9.9.9.9');
    expect(messages(ns.findings)).toContain('unmappable dns_resolve_type: NS records cannot be queried here');
  });

  it('maps push to a heartbeat that keeps a usable token, and reports one it cannot keep', () => {
    const push = monitor(model, I.push);
    expect(push).toMatchObject({
      kind: 'heartbeat',
      pingToken: KUMA_SECRETS.pushToken,
      input: { heartbeat: { schedule: 'period', periodSeconds: 86400 } },
    });
    expect(push.input).not.toHaveProperty('periodicity');
    const short = monitor(model, I.pushShortToken);
    expect(short.pingToken).toBeUndefined();
    expect(short.input.heartbeat?.periodSeconds).toBe(30);
    expect(messages(short.findings)).toContain('the job must push to the new ping URL');
    expect(messages(short.findings)).toContain('heartbeat periods are at least 30s');
  });

  it('maps grpc-keyword to a gRPC health check and reports the keyword check it cannot do', () => {
    const grpc = monitor(model, I.grpc);
    expect(grpc).toMatchObject({
      kind: 'grpc',
      input: { uri: '127.0.0.1:50051', grpc: { tls: false, metadata: [{ key: 'x-team', value: 'core' }] } },
    });
    expect(messages(grpc.findings)).toMatch(
      /unmappable grpc_method: Kuma called Health\/check .* looked for “SERVING”/,
    );
  });

  it('leaves out the group and the types with no equivalent, saying so', () => {
    const all = messages(model.findings);
    for (const [id, type] of [
      [I.docker, 'docker'],
      [I.mqtt, 'mqtt'],
      [I.steam, 'steam'],
      [I.realBrowser, 'real-browser'],
    ] as const) {
      expect(model.monitors.some((m) => m.sourceKey === `monitor:${id}`)).toBe(false);
      expect(all).toContain(`is of type ${type}, which has no equivalent here`);
    }
    expect(all).toContain('monitor 1 “Production” is a group');
    expect(model.monitors).toHaveLength(version === '2' ? 18 : 17);
  });

  it('turns notifications of kinds both have into channels wired to their monitors', () => {
    const channel = (key: string) => model.channels.find((c) => c.sourceKey === key);
    expect(channel('notification:1')).toMatchObject({
      name: 'Ops Discord',
      provider: { kind: 'discord', args: { webhookUrl: KUMA_SECRETS.discordWebhook } },
      monitorKeys: ['monitor:2', 'monitor:3'],
    });
    expect(messages(channel('notification:2')!.findings)).toContain('unmappable slackchannel');
    expect(channel('notification:3')).toMatchObject({
      provider: { kind: 'telegram', args: { chatId: '-1001234567890' } },
      monitorKeys: ['monitor:9'],
    });
    expect(channel('notification:4')).toMatchObject({
      provider: {
        kind: 'webhook',
        args: {
          endpoint: 'http://127.0.0.1:8080/hook',
          headers: [{ key: 'Authorization', value: KUMA_SECRETS.webhookHeader }],
        },
      },
      monitorKeys: ['monitor:14'],
    });
    expect(channel('notification:5')).toMatchObject({
      provider: { kind: 'email', args: { email: 'ops@example.com' } },
    });
    expect(channel('notification:5/2')).toMatchObject({
      provider: { kind: 'email', args: { email: 'lead@example.com' } },
    });
    expect(messages(channel('notification:5')!.findings)).toContain('unmappable is_default');
    expect(channel('notification:6')).toMatchObject({ provider: { kind: 'pushover', args: { priority: 1 } } });
    expect(channel('notification:7')).toMatchObject({
      provider: { kind: 'gotify', args: { serverUrl: 'https://gotify.example.com', priority: 8 } },
    });
    expect(channel('notification:8')).toMatchObject({ provider: { kind: 'ntfy', args: { topic: 'kuma-alerts' } } });
    expect(channel('notification:9')).toMatchObject({ provider: { kind: 'matrix' } });
    expect(channel('notification:10')).toMatchObject({ provider: { kind: 'ms_teams' } });
    expect(channel('notification:11')).toMatchObject({
      provider: { kind: 'pagerduty', args: { integrationKey: KUMA_SECRETS.pagerdutyKey } },
      monitorKeys: ['monitor:16'],
    });
    // Linked only to a group, which is not imported.
    expect(channel('notification:12')).toMatchObject({
      provider: { kind: 'opsgenie', args: { region: 'eu' } },
      monitorKeys: [],
    });
    expect(channel('notification:13')).toMatchObject({ provider: { kind: 'google_chat' } });
    expect(channel('notification:14')).toMatchObject({ provider: { kind: 'mattermost', args: { channel: 'alerts' } } });
    const all = messages(model.findings);
    expect(all).toContain('notification 15 “Signal group” is of kind signal, which has no channel kind here');
    expect(all).toContain('notification 16 “Apprise” is of kind apprise');
    expect(all).toMatch(/notification 17 “Broken Pushover” is not imported: its userKey must be 30 letters and digits/);
    // No secret in any label or finding.
    const told = JSON.stringify([model.findings, model.channels.map((c) => [c.label, c.findings])]);
    for (const secret of Object.values(KUMA_SECRETS)) expect(told).not.toContain(secret);
  });

  it('maps the status page, its groups and monitor lists, reporting what it leaves', () => {
    expect(model.statusPages).toHaveLength(1);
    const page = model.statusPages[0];
    expect(page).toMatchObject({
      sourceKey: 'status-page:1',
      title: 'Acme status',
      slug: 'acme-status',
      description: 'Everything Acme runs',
      components: [],
    });
    expect(page.groups.map((g) => [g.name, g.components.map((c) => [c.name, c.monitorKey])])).toEqual([
      [
        'Website',
        [
          ['Homepage', 'monitor:2'],
          ['Greeting', 'monitor:3'],
        ],
      ],
      [
        'Backend',
        [
          ['Database port', 'monitor:9'],
          ['gRPC API', 'monitor:16'],
        ],
      ],
    ]);
    const told = messages([...page.findings, ...page.groups.flatMap((g) => g.findings)]);
    expect(told).toContain('approximate slug: slug “Acme_Status” written as “acme-status”');
    expect(told).toContain('unmappable domain: custom domains (status.acme.test)');
    expect(told).toContain('unmappable footer_text');
    expect(told).toContain('unmappable incident: 1 pinned incident message is not imported');
    expect(told).toContain('unmappable monitor_group: “Web container” is not imported');
  });

  it('maps maintenances: a one-off as it is, a recurring one as its next occurrences, others reported', () => {
    const once = model.maintenances.find((m) => m.sourceKey === 'maintenance:1@status-page:1');
    expect(once).toMatchObject({
      pageKey: 'status-page:1',
      title: 'Database upgrade',
      message: 'PostgreSQL 17',
      from: new Date('2030-03-01T22:00:00Z'),
      to: new Date('2030-03-02T01:00:00Z'),
      componentKeys: ['monitor_group:3'],
    });
    const weekly = model.maintenances.filter((m) => m.sourceKey.startsWith('maintenance:2@'));
    // Sundays at 03:00 in the server's zone (Europe/Berlin, CET in winter) from 2026-11-29 12:00 UTC.
    expect(weekly.map((m) => m.from.toISOString())).toEqual([
      '2026-12-06T02:00:00.000Z',
      '2026-12-13T02:00:00.000Z',
      '2026-12-20T02:00:00.000Z',
      '2026-12-27T02:00:00.000Z',
    ]);
    expect(weekly[0].to.toISOString()).toBe('2026-12-06T03:30:00.000Z');
    expect(weekly[0].componentKeys).toEqual(['monitor_group:1', 'monitor_group:2']);
    expect(messages(weekly[0].findings)).toContain('imported as 4 one-off windows in the next 30 days');
    const all = messages(model.findings);
    expect(all).toContain('maintenance 3 “Ad hoc” is started and stopped by hand');
    expect(all).toContain('maintenance 4 “Old window” is inactive');
    expect(all).toContain('maintenance 5 “Unlisted” is shown on no status page');
  });
});

describe('parseUptimeKumaFile', () => {
  const refusal = async (bytes: Uint8Array) => {
    try {
      await parseUptimeKumaFile(bytes, { env: {} });
    } catch (error) {
      return error;
    }
    throw new Error('not refused');
  };

  it('refuses a file that is not SQLite', async () => {
    const error = await refusal(new TextEncoder().encode('monitors:\n  - name: x\n'.repeat(20)));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { field: 'file', message: 'is not an SQLite database (Uptime Kuma keeps its data in kuma.db)' },
    ]);
  });

  it('refuses an SQLite database that is not Kuma’s, and one older than 1.23', async () => {
    const sqlite = process.getBuiltinModule('node:sqlite') as {
      DatabaseSync: new (p: string) => { exec(s: string): void; close(): void };
    };
    const other = join(dir, 'other.db');
    const db = new sqlite.DatabaseSync(other);
    db.exec('CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT)');
    db.close();
    expect(((await refusal(new Uint8Array(readFileSync(other)))) as ValidationError).message).toBe(
      'file: is an SQLite database, but not an Uptime Kuma one (no monitor table)',
    );

    const old = join(dir, 'old.db');
    buildKumaDatabase(old, { version: '1.23' });
    const oldDb = new sqlite.DatabaseSync(old);
    oldDb.exec('ALTER TABLE monitor DROP COLUMN json_path; ALTER TABLE monitor DROP COLUMN expected_value;');
    oldDb.close();
    expect(((await refusal(new Uint8Array(readFileSync(old)))) as ValidationError).message).toContain(
      'older than 1.23 (monitor lacks json_path, expected_value)',
    );
  });

  it('refuses a truncated database', async () => {
    const bytes = fixture('1.23');
    const error = await refusal(bytes.subarray(0, 4096));
    expect(error).toBeInstanceOf(ValidationError);
  });
});

describe('Kuma value conversions', () => {
  it('rounds intervals to the nearest periodicity', () => {
    expect([20, 30, 45, 46, 60, 200, 420, 900, 1200, 2700, 86400].map(nearestPeriodicity)).toEqual([
      '30s',
      '30s',
      '30s',
      '1m',
      '1m',
      '5m',
      '5m',
      '10m',
      '10m',
      '30m',
      '1h',
    ]);
  });

  it('writes accepted status codes as AND-ed comparisons', () => {
    expect(statusCodeAssertions(['200-299'])).toEqual({ assertions: [] });
    expect(statusCodeAssertions(['201'])).toEqual({ assertions: [{ comparator: 'eq', target: 201 }] });
    expect(statusCodeAssertions(['200-299', '301-302'])).toEqual({
      assertions: [
        { comparator: 'gte', target: 200 },
        { comparator: 'lte', target: 302 },
        { comparator: 'neq', target: 300 },
      ],
    });
    expect(statusCodeAssertions(['100-999']).assertions).toEqual([]);
    expect(statusCodeAssertions(['100-999']).problem).toBe('only codes 100 to 599 can be checked');
    expect(statusCodeAssertions(['abc']).problem).toContain('"abc" is not a status code or range');
  });

  it('reads plain JSONata paths as JSONPath and nothing more', () => {
    expect(jsonataToJsonPath('status')).toBe('$.status');
    expect(jsonataToJsonPath('$.data.items[0].name')).toBe('$.data.items[0].name');
    expect(jsonataToJsonPath('`odd key`.value')).toBe('$["odd key"].value');
    expect(jsonataToJsonPath('')).toBe('$');
    for (const other of ['$count(items)', 'items[price > 10]', 'a + b', 'a.*', '$string(x)', 'a..b'])
      expect(jsonataToJsonPath(other)).toBeNull();
  });

  it('reads Kuma wall-clock dates in their zone', () => {
    expect(wallTimeToDate('2026-07-01 10:00:00', 'Europe/Berlin')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(wallTimeToDate('2026-01-01 10:00', 'America/New_York')?.toISOString()).toBe('2026-01-01T15:00:00.000Z');
    expect(wallTimeToDate('2026-01-01T10:00:00Z', 'Europe/Berlin')?.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(wallTimeToDate('soon', 'UTC')).toBeNull();
  });
});
