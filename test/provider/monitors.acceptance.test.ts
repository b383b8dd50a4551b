// Acceptance of the four monitor resources and the two monitor data sources with the real terraform
// binary against the real server: create, a clean plan, import into a fresh state, update in place,
// drift made through the RPC API, deletion outside terraform, destroy; and input terraform must refuse.
// The alerting policy rides along: set on some monitors (parents by reference), reset when dropped.
// The four kinds share one configuration so every terraform run exercises all of them.
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb.js';
import type { Monitor } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import { Code } from '@connectrpc/connect';
import {
  describeWithTerraform,
  PROVIDER_BLOCK,
  startProviderFixture,
  type ProviderFixture,
  type Workdir,
} from './support/terraform';

interface Version {
  httpName: string;
  http: string;
  tcp: string;
  dns: string;
  icmp: string;
}

/** v1: most arguments set, defaults left to the provider and the service. */
const V1: Version = {
  httpName: 'api',
  http: `
  url         = "https://example.com/health"
  periodicity = "5m"
  active      = true
  description = "the public API"

  headers {
    key   = "Authorization"
    value = "Bearer secret-token"
  }
  headers {
    key   = "Accept"
    value = "application/json"
  }

  status_code_assertions {
    target     = 200
    comparator = "eq"
  }
  body_assertions {
    target     = "ok"
    comparator = "contains"
  }
  header_assertions {
    key        = "content-type"
    target     = "json"
    comparator = "contains"
  }

  open_telemetry {
    endpoint = "https://otel.example.com/v1/metrics"
    headers {
      key   = "x-api-key"
      value = "otel-secret"
    }
  }`,
  tcp: `
  name         = "db"
  uri          = "db.example.com:5432"
  periodicity  = "1m"
  alert_quorum = 1
  tags         = ["db", "team:core"]

  failure_seconds    = 300
  recovery_threshold = 2`,
  dns: `
  name        = "dns"
  uri         = "example.com"
  periodicity = "10m"
  regions     = ["fly-fra", "koyeb-par"]

  # The DNS monitor depends on the two others: their outage suppresses its alerts.
  parent_monitor_ids        = [service_icmp_monitor.ping.id, service_tcp_monitor.db.id]
  failure_threshold         = 3
  reminder_interval_minutes = 15
  reminder_limit            = 4

  record_assertions {
    record     = "A"
    target     = "93.184.216.34"
    comparator = "eq"
  }`,
  icmp: `
  name        = "ping"
  uri         = "192.0.2.1"
  periodicity = "30m"
  timeout     = 10000
  degraded_at = 2000`,
};

/** v2: an update in place of every kind; what v1 set and v2 drops must be cleared. */
const V2: Version = {
  httpName: 'api v2',
  http: `
  url              = "https://example.com/v2/health"
  periodicity      = "1m"
  method           = "POST"
  body             = "{\\"ping\\":true}"
  follow_redirects = false
  active           = true

  headers {
    key   = "Accept"
    value = "application/json"
  }

  status_code_assertions {
    target     = 300
    comparator = "lt"
  }`,
  tcp: `
  name        = "db"
  uri         = "db.example.com:6432"
  periodicity = "1m"
  timeout     = 20000
  retry       = 0`,
  dns: `
  name        = "dns"
  uri         = "example.org"
  periodicity = "10m"
  regions     = ["fly-fra"]

  record_assertions {
    record     = "AAAA"
    target     = "2001:db8::1"
    comparator = "neq"
  }
  record_assertions {
    record     = "TXT"
    target     = "v=spf1"
    comparator = "contains"
  }

  open_telemetry {
    endpoint = "https://otel.example.com/v1/metrics"
  }`,
  icmp: `
  name         = "ping"
  uri          = "ping.example.com"
  periodicity  = "30m"
  timeout      = 10000
  public       = true
  regions      = ["railway-us-east4"]
  alert_quorum = 100
  tags         = ["edge"]

  parent_monitor_ids = [service_tcp_monitor.db.id]
  reminder_limit     = 1000`,
};

function config(v: Version, grpcId: string, extra = ''): string {
  return `${PROVIDER_BLOCK}
resource "service_http_monitor" "api" {
  name = "${v.httpName}"
${v.http}
}

resource "service_tcp_monitor" "db" {
${v.tcp}
}

resource "service_dns_monitor" "dns" {
${v.dns}
}

resource "service_icmp_monitor" "ping" {
${v.icmp}
}

data "service_monitor" "api" {
  id = service_http_monitor.api.id
}

data "service_monitor" "grpc" {
  id = "${grpcId}"
}

data "service_monitors" "all" {
  depends_on = [service_http_monitor.api, service_tcp_monitor.db, service_dns_monitor.dns, service_icmp_monitor.ping]
}

data "service_monitors" "page" {
  limit      = 2
  offset     = 1
  depends_on = [service_http_monitor.api, service_tcp_monitor.db, service_dns_monitor.dns, service_icmp_monitor.ping]
}

output "api" {
  value = data.service_monitor.api
}

output "grpc" {
  value = data.service_monitor.grpc
}

output "all" {
  value = data.service_monitors.all
}

output "page" {
  value = data.service_monitors.page
}
${extra}`;
}

const ADDRESSES = {
  http: 'service_http_monitor.api',
  tcp: 'service_tcp_monitor.db',
  dns: 'service_dns_monitor.dns',
  icmp: 'service_icmp_monitor.ping',
} as const;

type Kind = keyof typeof ADDRESSES;

describeWithTerraform('service_*_monitor resources and monitor data sources (terraform)', () => {
  let fx: ProviderFixture;
  let wd: Workdir;
  let bad: Workdir;
  let grpcId: string;
  const ids = {} as Record<Kind, string>;

  const get = async (id: string): Promise<Monitor> => {
    const res = await fx.rpc.monitors.getMonitor({ id });
    if (!res.monitor) throw new Error(`no monitor ${id}`);
    return res.monitor;
  };
  const monitorOf = async <K extends Kind>(kind: K) => {
    const m = await get(ids[kind]);
    if (m.config.case !== kind) throw new Error(`monitor ${ids[kind]} is ${m.config.case}`);
    return m.config.value as Extract<Monitor['config'], { case: K }>['value'];
  };

  beforeAll(async () => {
    fx = await startProviderFixture();
    const grpc = await fx.rpc.monitors.createGRPCMonitor({
      monitor: { name: 'made outside', uri: 'grpc.example.com:443', periodicity: Periodicity.PERIODICITY_5M },
    });
    grpcId = grpc.monitor?.id ?? '';
    // Initialised up front, so the bad-input steps cost only their own run.
    bad = await fx.workdir({
      'main.tf': `${PROVIDER_BLOCK}\nresource "service_http_monitor" "wrong" {\n  name = "x"\n  url = "https://example.com"\n  periodicity = "5m"\n}\n`,
    });
  }, 180_000);

  afterAll(async () => {
    await fx?.close();
  });

  it('creates a monitor of each kind with the defaults of SPEC 2.1, and a second plan shows no changes', async () => {
    wd = await fx.workdir({ 'main.tf': config(V1, grpcId) });
    await wd.apply();
    const state = await wd.state();
    for (const kind of Object.keys(ADDRESSES) as Kind[]) ids[kind] = String(state[ADDRESSES[kind]]?.id);

    expect(state[ADDRESSES.http]).toMatchObject({
      method: 'GET',
      body: '',
      timeout: 45000,
      retry: 3,
      alert_quorum: 0,
      follow_redirects: true,
      public: false,
      degraded_at: 22500,
      private_location_ids: [],
    });
    // Regions left out: the service's default three.
    expect([...(state[ADDRESSES.http]?.regions as string[])].sort()).toEqual(['fly-ams', 'fly-iad', 'fly-sin']);
    expect(['active', 'degraded', 'error', 'unknown']).toContain(state[ADDRESSES.http]?.status);
    expect(state[ADDRESSES.icmp]).toMatchObject({ timeout: 10000, degraded_at: 2000, active: false });

    const http = await monitorOf('http');
    expect(http.headers.map((h) => [h.key, h.value])).toEqual([
      ['Authorization', 'Bearer secret-token'],
      ['Accept', 'application/json'],
    ]);
    expect(http.statusCodeAssertions).toHaveLength(1);
    expect(http.headerAssertions[0]?.key).toBe('content-type');
    expect(http.openTelemetry?.headers[0]?.value).toBe('otel-secret');
    expect((await monitorOf('dns')).recordAssertions.map((a) => a.target)).toEqual(['93.184.216.34']);
    expect((await monitorOf('tcp')).uri).toBe('db.example.com:5432');
    expect(state[ADDRESSES.tcp]?.alert_quorum).toBe(1);
    expect((await monitorOf('tcp')).alertQuorum).toBe(1);
    // tags: a set in terraform, kept by the service; left out, none.
    expect([...(state[ADDRESSES.tcp]?.tags as string[])].sort()).toEqual(['db', 'team:core']);
    expect([...(await monitorOf('tcp')).tags].sort()).toEqual(['db', 'team:core']);
    expect(state[ADDRESSES.http]?.tags).toEqual([]);
    expect((await monitorOf('icmp')).alertQuorum).toBe(0);
    // The alerting policy: left out, the neutral one; set, as configured, the parents by reference.
    expect(state[ADDRESSES.http]).toMatchObject({
      failure_threshold: 1,
      failure_seconds: 0,
      recovery_threshold: 1,
      reminder_interval_minutes: 0,
      reminder_limit: 10,
      escalation_policy_id: null,
      parent_monitor_ids: [],
    });
    expect(state[ADDRESSES.tcp]).toMatchObject({ failure_seconds: 300, recovery_threshold: 2 });
    expect(state[ADDRESSES.dns]).toMatchObject({
      failure_threshold: 3,
      reminder_interval_minutes: 15,
      reminder_limit: 4,
    });
    const parents = [ids.icmp, ids.tcp].sort();
    expect([...(state[ADDRESSES.dns]?.parent_monitor_ids as string[])].sort()).toEqual(parents);
    const dnsAlerting = (await monitorOf('dns')).alerting;
    expect(dnsAlerting).toMatchObject({
      failureThreshold: 3,
      failureSeconds: 0,
      recoveryThreshold: 1,
      reminderIntervalMinutes: 15,
      reminderLimit: 4,
      escalationPolicyId: '',
    });
    expect([...(dnsAlerting?.parentMonitorIds ?? [])].sort()).toEqual(parents);
    expect((await monitorOf('tcp')).alerting).toMatchObject({ failureSeconds: 300, recoveryThreshold: 2 });

    const plan = await wd.plan();
    expect(plan.stdout).toContain('No changes.');
    expect(plan.changes).toBe(false);
  });

  it('reads the monitors back through service_monitor and service_monitors, gRPC ones included', async () => {
    const out = await wd.outputs();
    expect(out.api?.value).toMatchObject({
      id: ids.http,
      type: 'http',
      name: 'api',
      url: 'https://example.com/health',
      uri: null,
      method: 'GET',
      periodicity: '5m',
      active: true,
      public: false,
      timeout: 45000,
      description: 'the public API',
    });
    expect(out.grpc?.value).toMatchObject({
      id: grpcId,
      type: 'grpc',
      uri: 'grpc.example.com:443',
      url: null,
      method: null,
    });
    const all =
      (out.all?.value as { limit: number; offset: number; monitors: { id: string; type: string; name: string }[] }) ??
      {};
    expect(all.limit).toBe(50);
    expect(all.offset).toBe(0);
    // Newest first across kinds: the terraform-made ones (created after the gRPC one), then gRPC.
    expect(all.monitors.map((m) => m.type).slice(-1)).toEqual(['grpc']);
    expect(all.monitors.map((m) => m.id).sort()).toEqual([...Object.values(ids), grpcId].sort());
    expect(all.monitors.find((m) => m.id === ids.dns)).toEqual({ id: ids.dns, name: 'dns', type: 'dns' });
    const page = out.page?.value as { monitors: { id: string }[] };
    expect(page.monitors.map((m) => m.id)).toEqual(all.monitors.slice(1, 3).map((m) => m.id));
  });

  it('imports each monitor into a fresh state with no changes planned', async () => {
    const imports = (Object.keys(ADDRESSES) as Kind[])
      .map((k) => `import {\n  to = ${ADDRESSES[k]}\n  id = "${ids[k]}"\n}\n`)
      .join('\n');
    const fresh = await fx.workdir({ 'main.tf': config(V1, grpcId, imports) });
    const plan = await fresh.plan();
    expect(plan.stdout).toContain('Plan: 4 to import, 0 to add, 0 to change, 0 to destroy.');
    await fresh.apply();
    const again = await fresh.plan();
    expect(again.stdout).toContain('No changes.');
  });

  it('refuses to import a TCP monitor as service_http_monitor, naming the right resource', async () => {
    const run = await bad.run(['import', '-no-color', '-input=false', 'service_http_monitor.wrong', ids.tcp]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`monitor ${ids.tcp} is a TCP monitor; import it as service_tcp_monitor`);
  });

  it('updates every kind in place and clears what the configuration dropped', async () => {
    wd.write({ 'main.tf': config(V2, grpcId) });
    const applied = await wd.apply();
    expect(applied.stdout).toContain('0 added, 4 changed, 0 destroyed');
    const state = await wd.state();
    for (const kind of Object.keys(ADDRESSES) as Kind[]) expect(state[ADDRESSES[kind]]?.id).toBe(ids[kind]);

    const http = await monitorOf('http');
    expect(http).toMatchObject({
      name: 'api v2',
      url: 'https://example.com/v2/health',
      body: '{"ping":true}',
      followRedirects: false,
    });
    expect(http.description).toBe('');
    expect(http.headers.map((h) => h.key)).toEqual(['Accept']);
    expect(http.bodyAssertions).toEqual([]);
    expect(http.headerAssertions).toEqual([]);
    expect(http.openTelemetry).toBeUndefined();
    // The timeout changed and degraded_at was left out: the service computed it anew.
    const tcp = await monitorOf('tcp');
    expect([tcp.uri, tcp.timeout, tcp.retry, tcp.degradedAt]).toEqual(['db.example.com:6432', 20000n, 0n, 10000n]);
    // alert_quorum dropped: back to its default, the majority.
    expect([tcp.alertQuorum, state[ADDRESSES.tcp]?.alert_quorum]).toEqual([0, 0]);
    // tags dropped: none left; tags added to the ICMP monitor in place.
    expect([tcp.tags, state[ADDRESSES.tcp]?.tags]).toEqual([[], []]);
    expect((await monitorOf('icmp')).tags).toEqual(['edge']);
    expect(state[ADDRESSES.tcp]?.degraded_at).toBe(10000);
    const dns = await monitorOf('dns');
    expect(dns.recordAssertions.map((a) => a.record)).toEqual(['AAAA', 'TXT']);
    expect(dns.openTelemetry?.endpoint).toBe('https://otel.example.com/v1/metrics');
    // degraded_at left out now: the one v1 set stays (it is not recomputed unless the timeout changes).
    const icmp = await monitorOf('icmp');
    expect([icmp.uri, icmp.public, icmp.degradedAt]).toEqual(['ping.example.com', true, 2000n]);
    expect([icmp.alertQuorum, state[ADDRESSES.icmp]?.alert_quorum]).toEqual([100, 100]);
    // The alerting policy dropped from the DNS and TCP monitors: the neutral one again; set on the ICMP one.
    const neutral = {
      failureThreshold: 1,
      failureSeconds: 0,
      recoveryThreshold: 1,
      reminderIntervalMinutes: 0,
      reminderLimit: 10,
      escalationPolicyId: '',
      parentMonitorIds: [],
    };
    expect(dns.alerting).toEqual(expect.objectContaining(neutral));
    expect(tcp.alerting).toEqual(expect.objectContaining(neutral));
    expect(state[ADDRESSES.dns]).toMatchObject({ failure_threshold: 1, reminder_limit: 10, parent_monitor_ids: [] });
    expect(icmp.alerting).toMatchObject({ parentMonitorIds: [ids.tcp], reminderLimit: 1000, failureThreshold: 1 });
    expect(state[ADDRESSES.icmp]).toMatchObject({ parent_monitor_ids: [ids.tcp], reminder_limit: 1000 });

    expect((await wd.plan()).changes).toBe(false);
  });

  it('shows a change made through the RPC API as drift, recreates a monitor deleted outside, and destroys everything', async () => {
    await fx.rpc.monitors.updateHTTPMonitor({
      id: ids.http,
      monitor: { name: 'renamed outside' },
      updateMask: { paths: ['name'] },
    });
    await fx.rpc.monitors.updateDNSMonitor({
      id: ids.dns,
      monitor: { recordAssertions: [], tags: ['tagged outside'] },
      updateMask: { paths: ['record_assertions', 'tags'] },
    });
    await fx.rpc.monitors.deleteMonitor({ id: ids.icmp });

    const plan = await wd.plan();
    expect(plan.changes).toBe(true);
    expect(plan.stdout).toMatch(/~ name\s+= "renamed outside" -> "api v2"/);
    expect(plan.stdout).toContain('+ record_assertions {');
    expect(plan.stdout).toMatch(/- "tagged outside"/);
    expect(plan.stdout).toContain('Plan: 1 to add, 2 to change, 0 to destroy.');

    await wd.apply();
    const state = await wd.state();
    const recreated = String(state[ADDRESSES.icmp]?.id);
    expect(recreated).not.toBe(ids.icmp);
    expect((await monitorOf('http')).name).toBe('api v2');
    expect((await monitorOf('dns')).recordAssertions).toHaveLength(2);
    expect((await wd.plan()).changes).toBe(false);

    await wd.destroy();
    const left = await fx.rpc.monitors.listMonitors({});
    expect(left.totalSize).toBe(1);
    expect(left.grpcMonitors.map((m) => m.id)).toEqual([grpcId]);
    for (const id of [ids.http, ids.tcp, ids.dns, recreated]) {
      await expect(fx.rpc.monitors.getMonitor({ id })).rejects.toMatchObject({ code: Code.NotFound });
    }
  });

  it('fails a plan with bad values at validation, naming the attribute path', async () => {
    const headers = Array.from(
      { length: 21 },
      (_, i) => `  headers {\n    key   = "x-h${i}"\n    value = "v"\n  }`,
    ).join('\n');
    bad.write({
      'main.tf': `${PROVIDER_BLOCK}
resource "service_http_monitor" "timeout" {
  name        = "t"
  url         = "https://example.com"
  periodicity = "5m"
  timeout     = 200000
}

resource "service_http_monitor" "name" {
  name        = "${'n'.repeat(300)}"
  url         = "https://example.com"
  periodicity = "5m"
}

resource "service_http_monitor" "headers" {
  name        = "h"
  url         = "https://example.com"
  periodicity = "5m"
${headers}
}

resource "service_http_monitor" "assertion" {
  name        = "a"
  url         = "https://example.com"
  periodicity = "5m"
  status_code_assertions {
    target     = 700
    comparator = "eq"
  }
}

resource "service_tcp_monitor" "uri" {
  name        = "u"
  uri         = "db.example.com"
  periodicity = "2m"
}

resource "service_dns_monitor" "quorum" {
  name         = "q"
  uri          = "example.com"
  periodicity  = "5m"
  alert_quorum = 101
  tags         = ["fine", "${'t'.repeat(65)}", " padded"]
}

resource "service_icmp_monitor" "alerting" {
  name                      = "a"
  uri                       = "192.0.2.1"
  periodicity               = "5m"
  failure_threshold         = 0
  reminder_interval_minutes = 10081
  parent_monitor_ids        = ["router"]
}
`,
    });
    const run = await bad.run(['plan', '-no-color', '-input=false']);
    expect(run.code).toBe(1);
    // terraform wraps long diagnostics; compare with the line breaks as spaces.
    const out = run.stderr.replace(/\s+/g, ' ');
    expect(out).toContain('timeout must be a whole number from 0 to 120000; got 200000.');
    expect(out).toContain('name must be 1 to 256 characters; got 300.');
    expect(out).toMatch(/Too many headers blocks|at most 20/);
    expect(out).toContain('status_code_assertions[0].target must be a whole number from 100 to 599; got 700.');
    expect(out).toContain('uri must be host:port');
    expect(out).toContain('periodicity must be one of');
    expect(out).toContain('alert_quorum must be a whole number from 0 to 100; got 101.');
    expect(out).toMatch(/tags\S* must be 1 to 64 characters; got 65\./);
    expect(out).toMatch(/tags\S* must not start or end with spaces/);
    expect(out).toContain('failure_threshold must be a whole number from 1 to 100; got 0.');
    expect(out).toContain('reminder_interval_minutes must be a whole number from 0 to 10080; got 10081.');
    expect(out).toMatch(
      /parent_monitor_ids\S* must be a monitor id \(a number in a string, e\.g\. "42"\); got "router"\./,
    );
    // Refused before any API call: the workspace holds only the gRPC monitor.
    expect((await fx.rpc.monitors.listMonitors({})).totalSize).toBe(1);
  });
});
