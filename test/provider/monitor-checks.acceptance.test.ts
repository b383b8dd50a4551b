// Acceptance of issue 27's provider surface with the real terraform binary against the real server:
// service_tls_monitor, service_heartbeat_monitor (ping_url from the create answer, kept in state,
// null after an import; ping_token create-only), and the HTTP monitor's JSON and timing assertion
// blocks, regex comparators, tls_verify and certificate_expiry_days (default, and an explicit empty
// list that turns the alerts off). Each: create, a clean plan, import, update in place, drift made
// through the RPC API, and input refused at plan time.
import { Code } from '@connectrpc/connect';
import {
  AssertionSeverity,
  JSONComparator,
  StringComparator,
  TimingPhase,
} from '@uptime/proto/gen/monitor/v1/common_pb.js';
import { HeartbeatSchedule } from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb.js';
import type { Monitor } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import { StartTLS } from '@uptime/proto/gen/monitor/v1/tls_monitor_pb.js';
import {
  describeWithTerraform,
  PROVIDER_BLOCK,
  startProviderFixture,
  type ProviderFixture,
  type Workdir,
} from './support/terraform';

/** A token kept from another service (a Healthchecks.io check's UUID). */
const TOKEN = '5f1c2a4e-9b7d-4e21-8c3f-0a1b2c3d4e5f';
const OTHER_TOKEN = 'kept-token-from-elsewhere-0123';

interface Version {
  api: string;
  quiet: string;
  mail: string;
  backup: string;
  kept: string;
}

const V1: Version = {
  api: `
  name        = "api"
  url         = "https://example.com/health"
  periodicity = "5m"

  body_assertions {
    target     = "^\\\\{.*\\"ok\\""
    comparator = "matches"
  }
  header_assertions {
    key        = "server"
    target     = "(?i)apache"
    comparator = "not_matches"
  }
  json_assertions {
    path       = "$.status"
    comparator = "eq"
    target     = "ok"
  }
  json_assertions {
    path       = "$.items[0].id"
    comparator = "exists"
  }
  timing_assertions {
    phase      = "ttfb"
    comparator = "lt"
    target     = 300
  }`,
  quiet: `
  name                    = "self-signed"
  url                     = "https://internal.example.com/"
  periodicity             = "10m"
  tls_verify              = false
  certificate_expiry_days = []`,
  mail: `
  name                    = "mail"
  uri                     = "mail.example.com:587"
  periodicity             = "1h"
  starttls                = "smtp"
  certificate_expiry_days = [30, 14]`,
  backup: `
  name = "backup"`,
  kept: `
  name       = "moved from healthchecks"
  ping_token = "${TOKEN}"
  schedule   = "cron"
  cron       = "0 3 * * *"
  time_zone  = "Europe/Berlin"
  tags       = ["cron"]

  recovery_threshold = 3
  parent_monitor_ids = [service_http_monitor.api.id]`,
};

/** An update in place of each: what v1 set and v2 drops goes back to the default. */
const V2: Version = {
  api: `
  name                    = "api"
  url                     = "https://example.com/health"
  periodicity             = "5m"
  certificate_expiry_days = []

  json_assertions {
    path       = "$.version"
    comparator = "matches"
    target     = "^2\\\\."
  }
  timing_assertions {
    phase      = "total"
    comparator = "lte"
    target     = 1500
    severity   = "degraded"
  }
  timing_assertions {
    phase      = "dns"
    comparator = "lt"
    target     = 100
  }`,
  quiet: `
  name        = "self-signed"
  url         = "https://internal.example.com/"
  periodicity = "10m"`,
  mail: `
  name        = "mail"
  uri         = "smtp.example.com:465"
  servername  = "mail.example.com"
  periodicity = "1h"
  tls_verify  = false`,
  backup: `
  name          = "backup"
  schedule      = "cron"
  cron          = "@hourly"
  grace_seconds = 300
  active        = true`,
  kept: `
  name           = "moved from healthchecks"
  ping_token     = "${TOKEN}"
  period_seconds = 3600
  public         = true`,
};

function config(v: Version, extra = ''): string {
  return `${PROVIDER_BLOCK}
resource "service_http_monitor" "api" {
${v.api}
}

resource "service_http_monitor" "quiet" {
${v.quiet}
}

resource "service_tls_monitor" "mail" {
${v.mail}
}

resource "service_heartbeat_monitor" "backup" {
${v.backup}
}

resource "service_heartbeat_monitor" "kept" {
${v.kept}
}

data "service_monitor" "backup" {
  id = service_heartbeat_monitor.backup.id
}

output "backup" {
  value = data.service_monitor.backup
}

output "backup_ping_url" {
  value     = service_heartbeat_monitor.backup.ping_url
  sensitive = true
}
${extra}`;
}

const ADDRESSES = {
  api: 'service_http_monitor.api',
  quiet: 'service_http_monitor.quiet',
  mail: 'service_tls_monitor.mail',
  backup: 'service_heartbeat_monitor.backup',
  kept: 'service_heartbeat_monitor.kept',
} as const;

type Name = keyof typeof ADDRESSES;
const NAMES = Object.keys(ADDRESSES) as Name[];

describeWithTerraform('service_tls_monitor, service_heartbeat_monitor and the HTTP check blocks (terraform)', () => {
  let fx: ProviderFixture;
  let wd: Workdir;
  const ids = {} as Record<Name, string>;
  const pingUrls = {} as Record<'backup' | 'kept', string>;

  const get = async (name: Name): Promise<Monitor['config']> => {
    const res = await fx.rpc.monitors.getMonitor({ id: ids[name] });
    if (!res.monitor) throw new Error(`no monitor ${ids[name]}`);
    return res.monitor.config;
  };
  const http = async (name: 'api' | 'quiet') => {
    const c = await get(name);
    if (c.case !== 'http') throw new Error(`${name} is ${c.case}`);
    return c.value;
  };
  const tls = async () => {
    const c = await get('mail');
    if (c.case !== 'tls') throw new Error(`mail is ${c.case}`);
    return c.value;
  };
  const heartbeat = async (name: 'backup' | 'kept') => {
    const c = await get(name);
    if (c.case !== 'heartbeat') throw new Error(`${name} is ${c.case}`);
    return c.value;
  };

  beforeAll(async () => {
    fx = await startProviderFixture();
  }, 180_000);

  afterAll(async () => {
    await fx?.close();
  });

  it('creates each with the defaults, keeps the ping URL of the create answer, and plans clean', async () => {
    wd = await fx.workdir({ 'main.tf': config(V1) });
    await wd.apply();
    const state = await wd.state();
    for (const name of NAMES) ids[name] = String(state[ADDRESSES[name]]?.id);

    expect(state[ADDRESSES.api]).toMatchObject({
      tls_verify: true,
      certificate_expiry_days: [14, 7, 1],
      json_assertions: [
        { path: '$.status', comparator: 'eq', target: 'ok' },
        { path: '$.items[0].id', comparator: 'exists', target: '' },
      ],
      timing_assertions: [{ phase: 'ttfb', comparator: 'lt', target: 300, severity: 'error' }],
    });
    expect(state[ADDRESSES.quiet]).toMatchObject({ tls_verify: false, certificate_expiry_days: [] });
    expect(state[ADDRESSES.mail]).toMatchObject({
      uri: 'mail.example.com:587',
      servername: null,
      starttls: 'smtp',
      tls_verify: true,
      certificate_expiry_days: [30, 14],
      timeout: 45000,
    });
    // Regions left out: the service's default three.
    expect([...(state[ADDRESSES.mail]?.regions as string[])].sort()).toEqual(['fly-ams', 'fly-iad', 'fly-sin']);
    expect(state[ADDRESSES.backup]).toMatchObject({
      schedule: 'period',
      period_seconds: 86400,
      cron: null,
      time_zone: 'UTC',
      grace_seconds: 3600,
      active: false,
      ping_token: null,
    });

    const api = await http('api');
    expect(api.bodyAssertions.map((a) => [a.comparator, a.target])).toEqual([[StringComparator.MATCHES, '^\\{.*"ok"']]);
    expect(api.headerAssertions[0]?.comparator).toBe(StringComparator.NOT_MATCHES);
    expect(api.jsonAssertions.map((a) => a.comparator)).toEqual([
      JSONComparator.JSON_COMPARATOR_EQUAL,
      JSONComparator.JSON_COMPARATOR_EXISTS,
    ]);
    expect(api.timingAssertions[0]).toMatchObject({
      phase: TimingPhase.TTFB,
      target: 300n,
      severity: AssertionSeverity.ERROR,
    });
    expect(api.certificateExpiry?.days).toEqual([14, 7, 1]);
    // The explicit empty list reached the service as "no thresholds", not as "the default".
    const quiet = await http('quiet');
    expect([quiet.tlsVerify, quiet.certificateExpiry?.days]).toEqual([false, []]);
    const mail = await tls();
    expect([mail.starttls, mail.servername, mail.certificateExpiry?.days]).toEqual([
      StartTLS.START_TLS_SMTP,
      '',
      [30, 14],
    ]);
    const kept = await heartbeat('kept');
    expect([kept.schedule, kept.cron, kept.timeZone]).toEqual([HeartbeatSchedule.CRON, '0 3 * * *', 'Europe/Berlin']);
    // A read never carries the ping URL.
    expect(kept.pingUrl).toBe('');
    // A heartbeat has the alerting policy too; its parent by reference.
    expect(kept.alerting).toMatchObject({ recoveryThreshold: 3, failureThreshold: 1, parentMonitorIds: [ids.api] });
    expect(state[ADDRESSES.kept]).toMatchObject({ recovery_threshold: 3, parent_monitor_ids: [ids.api] });
    expect(state[ADDRESSES.backup]).toMatchObject({ recovery_threshold: 1, parent_monitor_ids: [] });

    // The URL of the create answer: the kept token's for `kept`, a new random one for `backup`.
    pingUrls.backup = String(state[ADDRESSES.backup]?.ping_url);
    pingUrls.kept = String(state[ADDRESSES.kept]?.ping_url);
    expect(pingUrls.kept).toMatch(new RegExp(`^http://[^/]+/ping/${TOKEN}$`));
    expect(pingUrls.backup).toMatch(/^http:\/\/[^/]+\/ping\/[A-Za-z0-9_-]{32}$/);
    expect(state[ADDRESSES.kept]?.ping_token).toBe(TOKEN);
    const out = await wd.outputs();
    expect(out.backup_ping_url).toEqual({ value: pingUrls.backup, sensitive: true, type: 'string' });
    expect(out.backup?.value).toMatchObject({ id: ids.backup, type: 'heartbeat', periodicity: null, uri: null });

    const plan = await wd.plan();
    expect(plan.stdout).toContain('No changes.');
    expect(plan.changes).toBe(false);
    // A refresh does not lose the URL the service will not show again.
    expect((await wd.state())[ADDRESSES.backup]?.ping_url).toBe(pingUrls.backup);
  });

  it('imports each into a fresh state: no ping URL, the configured ping token adopted in place, then clean', async () => {
    const imports = NAMES.map((n) => `import {\n  to = ${ADDRESSES[n]}\n  id = "${ids[n]}"\n}\n`).join('\n');
    const fresh = await fx.workdir({ 'main.tf': config(V1, imports) });
    const plan = await fresh.plan();
    // Only `kept` changes: its token joins the state; nothing is replaced.
    expect(plan.stdout).toContain('Plan: 5 to import, 0 to add, 1 to change, 0 to destroy.');
    await fresh.apply();
    const state = await fresh.state();
    expect(state[ADDRESSES.backup]?.ping_url).toBeNull();
    expect(state[ADDRESSES.kept]).toMatchObject({ ping_url: null, ping_token: TOKEN, id: ids.kept });
    expect(state[ADDRESSES.quiet]?.certificate_expiry_days).toEqual([]);
    const again = await fresh.plan();
    expect(again.stdout).toContain('No changes.');
  });

  it('updates each in place, keeping the ping URLs, and clears what the configuration dropped', async () => {
    wd.write({ 'main.tf': config(V2) });
    const applied = await wd.apply();
    expect(applied.stdout).toContain('0 added, 5 changed, 0 destroyed');
    const state = await wd.state();
    for (const name of NAMES) expect(state[ADDRESSES[name]]?.id).toBe(ids[name]);
    expect([state[ADDRESSES.backup]?.ping_url, state[ADDRESSES.kept]?.ping_url]).toEqual([
      pingUrls.backup,
      pingUrls.kept,
    ]);

    const api = await http('api');
    expect(api.bodyAssertions).toEqual([]);
    expect(api.headerAssertions).toEqual([]);
    expect(api.jsonAssertions.map((a) => [a.path, a.comparator, a.target])).toEqual([
      ['$.version', JSONComparator.JSON_COMPARATOR_MATCHES, '^2\\.'],
    ]);
    expect(api.timingAssertions.map((a) => [a.phase, a.target, a.severity])).toEqual([
      [TimingPhase.TOTAL, 1500n, AssertionSeverity.DEGRADED],
      [TimingPhase.DNS, 100n, AssertionSeverity.ERROR],
    ]);
    expect(api.certificateExpiry?.days).toEqual([]);
    // Dropped from the configuration: the defaults again.
    const quiet = await http('quiet');
    expect([quiet.tlsVerify, quiet.certificateExpiry?.days]).toEqual([true, [14, 7, 1]]);
    const mail = await tls();
    expect([mail.uri, mail.servername, mail.starttls, mail.tlsVerify, mail.certificateExpiry?.days]).toEqual([
      'smtp.example.com:465',
      'mail.example.com',
      StartTLS.START_TLS_NONE,
      false,
      [14, 7, 1],
    ]);
    const backup = await heartbeat('backup');
    expect([backup.schedule, backup.cron, backup.graceSeconds, backup.active]).toEqual([
      HeartbeatSchedule.CRON,
      '@hourly',
      300n,
      true,
    ]);
    const kept = await heartbeat('kept');
    expect([kept.schedule, kept.periodSeconds, kept.cron, kept.timeZone, kept.public, kept.tags]).toEqual([
      HeartbeatSchedule.PERIOD,
      3600n,
      '',
      'UTC',
      true,
      [],
    ]);
    // The alerting policy dropped: the neutral one again.
    expect(kept.alerting).toMatchObject({ recoveryThreshold: 1, parentMonitorIds: [] });
    expect(state[ADDRESSES.kept]).toMatchObject({ recovery_threshold: 1, parent_monitor_ids: [] });

    expect((await wd.plan()).changes).toBe(false);
  });

  it('shows changes made through the RPC API as drift and puts them back', async () => {
    await fx.rpc.monitors.updateHTTPMonitor({
      id: ids.api,
      monitor: { certificateExpiry: { days: [5] }, jsonAssertions: [] },
      updateMask: { paths: ['certificate_expiry', 'json_assertions'] },
    });
    await fx.rpc.monitors.updateHTTPMonitor({
      id: ids.quiet,
      monitor: { certificateExpiry: { days: [] } },
      updateMask: { paths: ['certificate_expiry'] },
    });
    await fx.rpc.monitors.updateTLSMonitor({
      id: ids.mail,
      monitor: { starttls: StartTLS.START_TLS_SMTP },
      updateMask: { paths: ['starttls'] },
    });
    await fx.rpc.monitors.updateHeartbeatMonitor({
      id: ids.backup,
      monitor: { graceSeconds: 7200n },
      updateMask: { paths: ['grace_seconds'] },
    });

    const plan = await wd.plan();
    expect(plan.changes).toBe(true);
    expect(plan.stdout).toMatch(/~ starttls\s+= "smtp" -> "none"/);
    expect(plan.stdout).toMatch(/~ grace_seconds\s+= 7200 -> 300/);
    expect(plan.stdout).toContain('+ json_assertions {');
    expect(plan.stdout).toMatch(/- 5,/);
    expect(plan.stdout).toContain('Plan: 0 to add, 4 to change, 0 to destroy.');

    await wd.apply();
    expect((await http('api')).certificateExpiry?.days).toEqual([]);
    expect((await http('quiet')).certificateExpiry?.days).toEqual([14, 7, 1]);
    expect((await tls()).starttls).toBe(StartTLS.START_TLS_NONE);
    expect((await heartbeat('backup')).graceSeconds).toBe(300n);
    expect((await wd.state())[ADDRESSES.backup]?.ping_url).toBe(pingUrls.backup);
    expect((await wd.plan()).changes).toBe(false);
  });

  it('replaces a heartbeat monitor whose ping_token changes: a new monitor with the new URL', async () => {
    wd.write({ 'main.tf': config({ ...V2, kept: V2.kept.replace(TOKEN, OTHER_TOKEN) }) });
    const plan = await wd.plan();
    expect(plan.stdout).toContain('# service_heartbeat_monitor.kept must be replaced');
    expect(plan.stdout).toContain('Plan: 1 to add, 0 to change, 1 to destroy.');
    await wd.apply();
    const state = await wd.state();
    expect(state[ADDRESSES.kept]?.id).not.toBe(ids.kept);
    expect(state[ADDRESSES.kept]?.ping_url).toMatch(new RegExp(`/ping/${OTHER_TOKEN}$`));
    await expect(fx.rpc.monitors.getMonitor({ id: ids.kept })).rejects.toMatchObject({ code: Code.NotFound });
    expect((await wd.plan()).changes).toBe(false);

    await wd.destroy();
    expect((await fx.rpc.monitors.listMonitors({})).totalSize).toBe(0);
  });

  it('refuses bad values at plan time naming the attribute path, and passes on what only the service judges', async () => {
    const bad = await fx.workdir({
      'main.tf': `${PROVIDER_BLOCK}
resource "service_http_monitor" "bad" {
  name                    = "b"
  url                     = "https://example.com"
  periodicity             = "5m"
  certificate_expiry_days = [0, 7, 7, 400]

  json_assertions {
    path       = "$.a"
    comparator = "like"
  }
  timing_assertions {
    phase      = "ttfb"
    comparator = "gt"
    target     = 100
    severity   = "warning"
  }
}

resource "service_tls_monitor" "bad" {
  name        = "t"
  uri         = "mail.example.com"
  periodicity = "1h"
  starttls    = "imap"
}

resource "service_heartbeat_monitor" "bad" {
  name           = "h"
  cron           = "0 3 * * *"
  period_seconds = 10
  ping_token     = "short"
}
`,
    });
    const run = await bad.run(['plan', '-no-color', '-input=false']);
    expect(run.code).toBe(1);
    const out = run.stderr.replace(/\s+/g, ' ');
    expect(out).toContain('certificate_expiry_days[0] must be a whole number from 1 to 365; got 0.');
    expect(out).toContain('certificate_expiry_days[3] must be a whole number from 1 to 365; got 400.');
    expect(out).toContain('certificate_expiry_days[2] repeats an earlier entry (7)');
    expect(out).toContain('json_assertions[0].comparator must be one of');
    expect(out).toContain('timing_assertions[0].comparator must be one of "lt", "lte"; got "gt".');
    expect(out).toContain('timing_assertions[0].severity must be one of "degraded", "error"; got "warning".');
    expect(out).toContain('uri must be host:port');
    expect(out).toContain('starttls must be one of "none", "smtp"; got "imap".');
    expect(out).toContain('set schedule = "cron"');
    expect(out).toContain('period_seconds must be a whole number from 30 to 2678400; got 10.');
    expect(out).toContain('ping_token must be a UUID or 16 to 64 letters');

    // A pattern RE2 refuses is the service's call: the apply fails naming the assertion, and nothing is made.
    bad.write({
      'main.tf': `${PROVIDER_BLOCK}
resource "service_http_monitor" "regex" {
  name        = "r"
  url         = "https://example.com"
  periodicity = "5m"

  body_assertions {
    target     = "(a+)+\\\\1"
    comparator = "matches"
  }
}
`,
    });
    const apply = await bad.run(['apply', '-auto-approve', '-no-color', '-input=false']);
    expect(apply.code).toBe(1);
    const said = apply.stderr.replace(/\s+/g, ' ');
    expect(said).toContain('Could not create service_http_monitor');
    // The service's own words, on the attribute: terraform quotes the configuration line it points at.
    expect(said).toMatch(/bodyAssertions\.0\.target: .*RE2/);
    expect(said).toContain('target = "(a+)+\\\\1"');
    expect((await fx.rpc.monitors.listMonitors({})).totalSize).toBe(0);
  });
});
