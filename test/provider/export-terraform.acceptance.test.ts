// `cli export terraform` (issue 30) against the real built server and CLI, with the real terraform and
// the local provider: a workspace built through RPC with every resource kind the provider manages
// (secrets and references included) is exported; `terraform plan` in that folder shows only imports,
// no change; after `apply` the plan is empty; `destroy` leaves only what Terraform does not manage.
// Needs `npx tsc -b backend/tsconfig.json` and the built provider (provider/dist) first.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  HTTPMethod,
  JSONComparator,
  NumberComparator,
  Periodicity,
  RecordComparator,
  Region,
  AssertionSeverity,
  TimingPhase,
} from '@uptime/proto/gen/monitor/v1/common_pb.js';
import { HeartbeatSchedule } from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb.js';
import { StartTLS } from '@uptime/proto/gen/monitor/v1/tls_monitor_pb.js';
import { MaintenanceService } from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb.js';
import { withKey } from '../support/rpc';
import { runCli } from '../support/server';
import { describeWithTerraform, startProviderFixture, workdirAt, type ProviderFixture } from './support/terraform';

/** The secrets the workspace holds, by the variable the export declares for each. */
const SECRETS: Record<string, string> = {
  api_health_header_authorization: 'Bearer api-credential-1',
  api_health_otel_header_x_api_key: 'otel-key-1',
  ops_slack_webhook_url: 'http://127.0.0.1:9/slack/T000/B000/slack-secret',
  hooks_endpoint: 'http://127.0.0.1:9/hook?token=hook-secret',
  hooks_headers_x_auth: 'header-secret',
  hooks_signing_secret: 'signing-secret',
  phone_user_key: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG',
  phone_app_token: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi',
  members_password: 'members-only-1',
};

interface PlanChange {
  address: string;
  type: string;
  change: {
    actions: string[];
    importing?: { id: string };
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    after_unknown?: Record<string, unknown>;
  };
}

/**
 * Attributes the change sets to another value (shallow; nested blocks compared whole); what is only
 * recomputed by the service (updated_at, unknown until applied) is not a change of the configuration.
 */
function changedKeys(c: PlanChange['change']): string[] {
  const before = c.before ?? {};
  const after = c.after ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => c.after_unknown?.[k] !== true && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .sort();
}

describeWithTerraform('cli export terraform (terraform)', () => {
  let fx: ProviderFixture;
  let slug: string;
  let grpcId: string;
  const ids: Record<string, string> = {};
  const tfVars: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(SECRETS).map(([k, v]) => [`TF_VAR_${k}`, v]));
  const out = join(mkdtempSync(join(tmpdir(), 'svc-export-')), 'infra');

  const cli = (args: string[]) => runCli(args, fx.serverEnv);

  beforeAll(async () => {
    fx = await startProviderFixture();
    const listed = await cli(['workspaces', 'list', '--json']);
    slug = (JSON.parse(listed.stdout) as Array<{ slug: string }>)[0].slug;
    const { monitors, notifications, statusPages, privateLocations, alerts } = fx.rpc;
    const maintenances = createClient(
      MaintenanceService,
      createConnectTransport({ baseUrl: fx.rpcUrl, httpVersion: '1.1', interceptors: [withKey(fx.key)] }),
    );

    const oncall = await notifications.createNotification({
      notification: {
        name: 'On call',
        providerType: 'email',
        provider: { case: 'email', value: { email: 'oncall@example.com' } },
      },
    });
    ids.oncall = oncall.notification!.id;
    const night = await alerts.createEscalationPolicy({
      policy: { name: 'Night shift', steps: [{ afterMinutes: 0, channelIds: [ids.oncall] }] },
    });
    ids.night = night.policy!.id;

    const api = await monitors.createHTTPMonitor({
      monitor: {
        name: 'API health',
        // Several lines, a template sequence and non-ASCII text: all must read back exactly.
        description: 'Checks the API.\nPaged at night: ${not_a_var} and %{ if } stay literal — ünïcode ✓',
        url: 'http://127.0.0.1:9/health?x=1',
        periodicity: Periodicity.PERIODICITY_1M,
        method: HTTPMethod.HTTP_METHOD_POST,
        body: '{"ping": "${x}"}',
        timeout: 10000n,
        retry: 1n,
        degradedAt: 4000n,
        regions: [Region.FLY_FRA, Region.FLY_AMS],
        tags: ['prod', 'api'],
        headers: [
          { key: 'Authorization', value: SECRETS.api_health_header_authorization },
          { key: 'X-Env', value: 'prod' },
        ],
        statusCodeAssertions: [{ target: 200n, comparator: NumberComparator.EQUAL }],
        jsonAssertions: [{ path: '$.status', comparator: JSONComparator.JSON_COMPARATOR_EQUAL, target: 'ok' }],
        timingAssertions: [
          {
            phase: TimingPhase.TOTAL,
            comparator: NumberComparator.LESS_THAN,
            target: 2000n,
            severity: AssertionSeverity.DEGRADED,
          },
        ],
        certificateExpiry: { days: [30, 7] },
        openTelemetry: {
          endpoint: 'http://127.0.0.1:9/v1/metrics',
          headers: [{ key: 'x-api-key', value: SECRETS.api_health_otel_header_x_api_key }],
        },
        alerting: { failureThreshold: 3, reminderIntervalMinutes: 30, escalationPolicyId: ids.night },
      },
    });
    ids.api = api.monitor!.id;
    const api2 = await monitors.createHTTPMonitor({
      monitor: {
        name: 'API health',
        url: 'http://127.0.0.1:9/v2',
        periodicity: Periodicity.PERIODICITY_5M,
        active: true,
      },
    });
    ids.api2 = api2.monitor!.id;
    const db = await monitors.createTCPMonitor({
      monitor: {
        name: 'Database',
        uri: '127.0.0.1:5432',
        periodicity: Periodicity.PERIODICITY_1M,
        alerting: { parentMonitorIds: [ids.api, ids.api2] },
      },
    });
    ids.db = db.monitor!.id;
    const dns = await monitors.createDNSMonitor({
      monitor: {
        name: 'DNS',
        uri: 'example.test',
        periodicity: Periodicity.PERIODICITY_10M,
        recordAssertions: [{ record: 'A', target: '127.0.0.1', comparator: RecordComparator.EQUAL }],
      },
    });
    ids.dns = dns.monitor!.id;
    const icmp = await monitors.createICMPMonitor({
      monitor: { name: '1 Gateway', uri: '127.0.0.1', periodicity: Periodicity.PERIODICITY_5M, public: true },
    });
    ids.icmp = icmp.monitor!.id;
    const tls = await monitors.createTLSMonitor({
      monitor: {
        name: 'Mail TLS',
        uri: '127.0.0.1:587',
        periodicity: Periodicity.PERIODICITY_1H,
        starttls: StartTLS.START_TLS_SMTP,
        servername: 'mail.example.test',
        tlsVerify: false,
      },
    });
    ids.tls = tls.monitor!.id;
    const beat = await monitors.createHeartbeatMonitor({
      monitor: {
        name: 'Nightly backup',
        schedule: HeartbeatSchedule.CRON,
        cron: '0 3 * * *',
        timeZone: 'Europe/Paris',
        graceSeconds: 1800n,
      },
    });
    ids.beat = beat.monitor!.id;
    const grpc = await monitors.createGRPCMonitor({
      monitor: { name: 'Made elsewhere', uri: '127.0.0.1:50051', periodicity: Periodicity.PERIODICITY_5M },
    });
    grpcId = grpc.monitor!.id;

    const slack = await notifications.createNotification({
      notification: {
        name: 'Ops Slack',
        providerType: 'slack',
        monitorIds: [ids.api, ids.db],
        provider: { case: 'slack', value: { webhookUrl: SECRETS.ops_slack_webhook_url } },
      },
    });
    ids.slack = slack.notification!.id;
    await notifications.createNotification({
      notification: {
        name: 'Hooks',
        providerType: 'webhook',
        monitorIds: [ids.tls],
        provider: {
          case: 'webhook',
          value: {
            endpoint: SECRETS.hooks_endpoint,
            headers: [{ key: 'X-Auth', value: SECRETS.hooks_headers_x_auth }],
            signingSecret: SECRETS.hooks_signing_secret,
          },
        },
      },
    });
    await notifications.createNotification({
      notification: {
        name: 'Phone',
        providerType: 'pushover',
        provider: {
          case: 'pushover',
          value: {
            userKey: SECRETS.phone_user_key,
            appToken: SECRETS.phone_app_token,
            priority: 1,
            sound: 'siren',
          },
        },
      },
    });

    const page = await statusPages.createStatusPage({
      statusPage: {
        title: 'Acme status',
        slug: 'acme',
        description: 'All of Acme',
        uptimePeriod: '90d',
        homepageUrl: 'https://acme.example',
        locales: ['en', 'fr'],
        defaultLocale: 'fr',
        allowIndex: false,
        embedOrigins: ['https://acme.example'],
        customTheme: { light: { '--accent': '#0055ff' }, dark: {} },
      },
    });
    ids.page = page.statusPage!.id;
    const members = await statusPages.createStatusPage({
      statusPage: {
        title: 'Members',
        slug: 'members',
        accessType: 'password',
        password: SECRETS.members_password,
      },
    });
    ids.members = members.statusPage!.id;
    const group = await statusPages.createComponentGroup({ group: { pageId: ids.page, name: 'Backend' } });
    ids.group = group.group!.id;
    const apiComponent = await statusPages.createPageComponent({
      component: { pageId: ids.page, type: 'monitor', monitorId: ids.api, groupId: ids.group, order: 1 },
    });
    await statusPages.createPageComponent({
      component: {
        pageId: ids.page,
        type: 'monitor',
        monitorId: ids.db,
        name: 'Database',
        groupId: ids.group,
        groupOrder: 2,
        autoIncident: 'draft',
        autoIncidentAfterMinutes: 10,
      },
    });
    await statusPages.createPageComponent({
      component: {
        pageId: ids.page,
        type: 'static',
        name: 'Docs',
        // Several lines (the service trims the last newline): a heredoc, its template sequence escaped.
        description: 'Documentation site.\nIncludes the ${API} reference.',
      },
    });
    await privateLocations.createPrivateLocation({
      privateLocation: {
        name: 'Office rack',
        monitorIds: [ids.api, ids.db],
        metadata: { rack: 'b2', 'floor level': 'third' },
      },
    });
    await maintenances.createMaintenance({
      maintenance: {
        pageId: ids.page,
        title: 'Upgrade',
        message: 'Database upgrade',
        from: timestampFromDate(new Date(Date.now() + 86_400_000)),
        to: timestampFromDate(new Date(Date.now() + 90_000_000)),
        pageComponentIds: [apiComponent.component!.id],
      },
    });
  }, 240_000);

  afterAll(async () => {
    await fx?.close();
  });

  it('writes one file per kind, imports, variables and references, and notes what it leaves out', async () => {
    const run = await cli(['export', 'terraform', '--workspace', slug, '--out', out]);
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    const files = readdirSync(out).sort();
    expect(files).toEqual([
      'escalation_policies.tf',
      'imports.tf',
      'monitors_dns.tf',
      'monitors_heartbeat.tf',
      'monitors_http.tf',
      'monitors_icmp.tf',
      'monitors_tcp.tf',
      'monitors_tls.tf',
      'notifications.tf',
      'private_locations.tf',
      'provider.tf',
      'status_page_component_groups.tf',
      'status_page_components.tf',
      'status_pages.tf',
      'variables.tf',
    ]);
    expect(run.stdout.trim().split('\n').sort()).toEqual(files.map((f) => join(out, f)));
    expect(run.stderr).toContain(`grpc monitor "Made elsewhere" (id ${grpcId}) is not exported`);
    expect(run.stderr).toContain('1 maintenance window(s) not exported');

    const text = (f: string) => readFileSync(join(out, f), 'utf8');
    const all = files.map(text).join('\n');
    // No secret value anywhere; each is a variable.
    for (const value of Object.values(SECRETS)) expect(all).not.toContain(value);
    expect(all).not.toContain('hook-secret');
    expect(
      text('variables.tf')
        .match(/^variable "([a-z0-9_]+)"/gm)
        ?.map((l) => l.slice(10, -1))
        .sort(),
    ).toEqual(Object.keys(SECRETS).sort());
    // References, never ids; names from the resources' names, unique per type.
    expect(text('monitors_tcp.tf')).toMatch(
      /parent_monitor_ids += \[service_http_monitor\.api_health\.id, service_http_monitor\.api_health_2\.id\]/,
    );
    expect(text('monitors_http.tf')).toMatch(/escalation_policy_id += service_escalation_policy\.night_shift\.id/);
    expect(text('monitors_icmp.tf')).toContain('resource "service_icmp_monitor" "monitor_1_gateway"');
    expect(text('escalation_policies.tf')).toMatch(/channel_ids += \[service_notification\.on_call\.id\]/);
    expect(text('notifications.tf')).toMatch(
      /monitor_ids += \[service_http_monitor\.api_health\.id, service_tcp_monitor\.database\.id\]/,
    );
    expect(text('status_page_components.tf')).toMatch(/monitor_id += service_http_monitor\.api_health\.id/);
    expect(text('status_page_components.tf')).toMatch(/group_id += service_status_page_component_group\.backend\.id/);
    expect(text('private_locations.tf')).toMatch(
      /monitor_ids += \[service_http_monitor\.api_health\.id, service_tcp_monitor\.database\.id\]/,
    );
    expect(text('imports.tf')).toContain(
      `  to = service_status_page_component_group.backend\n  id = "${ids.page}/${ids.group}"`,
    );
    expect(text('monitors_http.tf')).toContain('= "{\\"ping\\": \\"$${x}\\"}"');
    expect(text('status_page_components.tf')).toContain(
      '  description = chomp(<<EOT\nDocumentation site.\nIncludes the $${API} reference.\nEOT\n  )\n',
    );
    expect(text('status_pages.tf')).toContain('"--accent" = "#0055ff"');
    expect(all).not.toMatch(new RegExp(`"(${Object.values(ids).join('|')})"(?!\\n})`));

    // Byte-identical on a second run; refused where the folder holds someone else's file.
    const again = join(mkdtempSync(join(tmpdir(), 'svc-export-')), 'again');
    expect((await cli(['export', 'terraform', '--workspace', slug, '--out', again])).code).toBe(0);
    for (const f of files) expect(readFileSync(join(again, f), 'utf8')).toBe(text(f));
    writeFileSync(join(again, 'main.tf'), '# mine\n');
    const refused = await cli(['export', 'terraform', '--workspace', slug, '--out', again]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('holds main.tf, which no previous export wrote');
    expect(readFileSync(join(again, 'main.tf'), 'utf8')).toBe('# mine\n');

    // --cdktf writes the same model as a CDKTF project (test/provider/export-cdktf.acceptance.test.ts plans it).
    const stack = join(mkdtempSync(join(tmpdir(), 'svc-export-')), 'stack');
    const cdktf = await cli(['export', 'terraform', '--workspace', slug, '--out', stack, '--cdktf']);
    expect(cdktf.code).toBe(0);
    expect(cdktf.stdout.trim().split('\n')).toContain(join(stack, 'main.ts'));
    expect(readFileSync(join(stack, 'main.ts'), 'utf8')).toContain('api_health');
  }, 120_000);

  it('plans only imports: no change, but the write-only secrets the service never returns', async () => {
    const wd = workdirAt(out, fx.env);
    // As `terraform fmt` leaves them: no diff.
    const fmt = await wd.run(['fmt', '-check', '-diff', '-no-color']);
    expect({ code: fmt.code, diff: fmt.stdout }).toEqual({ code: 0, diff: '' });
    const init = await wd.run(['init', '-input=false', '-no-color']);
    expect(init.code).toBe(0);

    // Without the secrets' values, terraform asks for them (and, with -input=false, stops).
    const asked = await wd.run(['plan', '-input=false', '-no-color']);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain('No value for required variable');

    const plan = await wd.run(['plan', '-input=false', '-no-color', '-out=export.tfplan'], tfVars);
    expect(plan.code).toBe(0);
    const shown = await wd.run(['show', '-json', 'export.tfplan']);
    const changes = (JSON.parse(shown.stdout) as { resource_changes: PlanChange[] }).resource_changes;
    // Every resource of the workspace but the gRPC monitor: 7 monitors, 1 policy, 4 channels,
    // 2 pages, 1 group, 3 components, 1 private location.
    expect(changes).toHaveLength(19);
    const summary = changes.map((c) => ({
      address: c.address,
      importing: c.change.importing !== undefined,
      actions: c.change.actions,
      changed: changedKeys(c.change),
    }));
    // The one exception: write-only credentials the service never returns are unknown to an import,
    // so the plan sets them once from the variables (and nothing else of those resources).
    const updated: Record<string, string[]> = {
      'service_notification.ops_slack': ['slack'],
      'service_notification.hooks': ['webhook'],
      'service_notification.phone': ['pushover'],
      'service_status_page.members': ['password'],
    };
    expect(summary).toEqual(
      summary.map((s) => ({
        address: s.address,
        importing: true,
        actions: updated[s.address] ? ['update'] : ['no-op'],
        changed: updated[s.address] ?? [],
      })),
    );
    expect(plan.stdout).toContain('Plan: 19 to import, 0 to add, 4 to change, 0 to destroy.');

    // After apply, nothing is left to do.
    const applied = await wd.run(['apply', '-input=false', '-no-color', 'export.tfplan'], tfVars);
    expect({ code: applied.code, stderr: applied.stderr }).toEqual({ code: 0, stderr: '' });
    const after = await wd.run(['plan', '-detailed-exitcode', '-input=false', '-no-color'], tfVars);
    expect({ code: after.code, stdout: after.code === 0 ? '' : after.stdout }).toEqual({ code: 0, stdout: '' });
    expect(after.stdout).toContain('No changes.');
    // The secrets the plan set are the ones the workspace already held: the monitor header reads back the same.
    const api = await fx.rpc.monitors.getMonitor({ id: ids.api });
    expect(api.monitor?.config.case === 'http' && api.monitor.config.value.headers[0].value).toBe(
      SECRETS.api_health_header_authorization,
    );

    const destroyed = await wd.run(['destroy', '-auto-approve', '-input=false', '-no-color'], tfVars);
    expect(destroyed.code).toBe(0);
    const left = await fx.rpc.monitors.listMonitors({});
    expect({ total: left.totalSize, grpc: left.grpcMonitors.map((m) => m.id) }).toEqual({ total: 1, grpc: [grpcId] });
    expect((await fx.rpc.notifications.listNotifications({})).notifications).toEqual([]);
    expect((await fx.rpc.statusPages.listStatusPages({})).statusPages).toEqual([]);
    expect((await fx.rpc.privateLocations.listPrivateLocations({})).privateLocations).toEqual([]);
    expect((await fx.rpc.alerts.listEscalationPolicies({})).policies).toEqual([]);
  }, 600_000);
});
