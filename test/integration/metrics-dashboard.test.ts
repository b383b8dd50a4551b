// The Grafana dashboard shipped in examples/grafana/ reads only metrics that exist: every metric name in
// its PromQL (panels and template variables) is a series of a real /metrics exposition of a running
// app with data (a monitor with results and a certificate, a heartbeat, the operator's internals).
// Also checks what makes the file importable: a datasource input, unique panel ids, and only template
// variables that the dashboard defines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { HeartbeatSchedule } from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { parseExposition } from '../support/exposition';
import { newTenant, startHttpApp, type HttpTestApp } from '../support/http-app';
import { storeResult } from '../support/results';
import { rpcTransport } from '../support/rpc';

const DASHBOARD = join(__dirname, '..', '..', 'examples', 'grafana', 'uptime-dashboard.json');
const METRICS_TOKEN = 'dashboard-test-token-0123456789abcdefghij';

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: Array<{ expr: string }>;
  panels?: Panel[];
}
interface Dashboard {
  __inputs: Array<{ name: string; type: string; pluginId: string }>;
  panels: Panel[];
  templating: { list: Array<{ name: string; query: { query: string } | string }> };
}

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
]);

/**
 * The metric names a PromQL expression reads: identifiers outside strings, label matchers, ranges and
 * grouping clauses that are neither a function call nor a keyword.
 */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const after = bare.slice((match.index ?? 0) + match[0].length);
    if (/^\s*\(/.test(after) || KEYWORDS.has(match[0])) continue;
    if (/^\d/.test(match[0])) continue;
    names.add(match[0]);
  }
  return [...names];
}

/** The metric of a template variable's `label_values(metric{...}, label)` query. */
function variableMetric(query: string): string[] {
  const inner = /^label_values\((.*),\s*[a-zA-Z_][a-zA-Z0-9_]*\)$/.exec(query.trim());
  return inner ? metricNamesOf(inner[1]) : metricNamesOf(query);
}

describe('examples/grafana/uptime-dashboard.json', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
  const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
  const exprs = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));
  const variables = dashboard.templating.list.map((v) => ({
    name: v.name,
    query: typeof v.query === 'string' ? v.query : v.query.query,
  }));

  let t: HttpTestApp;
  let exposed: Set<string>;

  beforeAll(async () => {
    t = await startHttpApp({ env: { METRICS_TOKEN } });
    const tenant = await newTenant(t);
    const monitors = createClient(MonitorService, rpcTransport(t.baseUrl, tenant.writeKey));
    const { monitor } = await monitors.createHTTPMonitor({
      monitor: {
        name: 'API',
        url: 'http://127.0.0.1:9/',
        periodicity: Periodicity.PERIODICITY_10M,
        regions: [Region.FLY_AMS],
        active: true,
        tags: ['prod'],
      },
    });
    await monitors.createHeartbeatMonitor({
      monitor: { name: 'nightly', active: true, schedule: HeartbeatSchedule.PERIOD, periodSeconds: 3600n },
    });
    const notAfter = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await storeResult(t.app, {
      monitorId: monitor!.id,
      minutesAgo: 5,
      status: 'success',
      latency: 120,
      extra: {
        details: {
          certificate: {
            subject: 'CN=127.0.0.1',
            sans: ['IP Address:127.0.0.1'],
            issuer: 'CN=127.0.0.1',
            serial: '01',
            notBefore: new Date(Date.now() - 86_400_000).toISOString(),
            notAfter: notAfter,
            daysLeft: 29,
            verified: true,
            verificationError: null,
          },
        },
      },
    });
    // The first scrape is itself a request the second one counts.
    const scrape = () => fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect((await scrape()).status).toBe(200);
    const exposition = parseExposition(await (await scrape()).text());
    exposed = new Set(exposition.samples.map((s) => s.name));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads the names out of PromQL as a reader would', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.95, sum by (le, route) (rate(a_bucket{x=~"$y",z="b{c}"}[$__rate_interval]))) or vector(0)',
      ),
    ).toEqual(['a_bucket']);
    expect(metricNamesOf('time() - max by (monitor_id) (b{x="1"}) and on (instance) c')).toEqual(['b', 'c']);
    expect(variableMetric('label_values(d{workspace=~"$workspace"}, monitor_name)')).toEqual(['d']);
  });

  it('has queries on every data panel, a datasource input and unique panel ids', () => {
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' }),
    ]);
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels.filter((p) => p.type !== 'row')) {
      expect({ panel: panel.title, uid: panel.datasource?.uid }).toEqual({
        panel: panel.title,
        uid: '${DS_PROMETHEUS}',
      });
      expect({ panel: panel.title, queries: (panel.targets ?? []).length > 0 }).toEqual({
        panel: panel.title,
        queries: true,
      });
    }
    expect(variables.map((v) => v.name)).toEqual(['workspace', 'monitor', 'region', 'instance']);
  });

  it('uses only template variables it defines', () => {
    const defined = new Set([...variables.map((v) => v.name), '__rate_interval', '__interval', '__range']);
    const used = [...exprs.map((e) => e.expr), ...variables.map((v) => v.query)].flatMap((text) =>
      [...text.matchAll(/\$(\w+)/g)].map((m) => m[1]),
    );
    expect([...new Set(used)].filter((name) => !defined.has(name))).toEqual([]);
  });

  it('every metric its queries and variables read is in a real exposition', () => {
    const read = [
      ...exprs.flatMap((e) => metricNamesOf(e.expr).map((name) => ({ where: e.panel, name }))),
      ...variables.flatMap((v) => variableMetric(v.query).map((name) => ({ where: `$${v.name}`, name }))),
    ];
    expect(read.length).toBeGreaterThan(20);
    const missing = read.filter((r) => !exposed.has(r.name)).map((r) => `${r.where}: ${r.name}`);
    expect(missing).toEqual([]);
  });
});
