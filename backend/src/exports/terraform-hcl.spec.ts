// The HCL writer and the model it writes: escaping, heredocs, names, references, secrets as variables,
// stability. test/provider/export-terraform.acceptance.test.ts plans what it writes with the real terraform.
import type { EscalationPolicyView } from '../escalation-policies/escalation-policy.view';
import { REDACTED, type MonitorView } from '../monitors/monitor.view';
import type { NotificationView } from '../notifications/notification.view';
import type { ComponentView, GroupView, StatusPageView } from '../status-pages/status-page.views';
import { buildTerraformExport, identifierOf, type WorkspaceSnapshot } from './terraform-export';
import { expression, quote, writeHcl } from './terraform-hcl';
import type { TerraformExport } from './terraform-model';

let seq = 0;
const at = (n: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();

function monitor(over: Partial<MonitorView> = {}): MonitorView {
  seq += 1;
  return {
    id: String(seq),
    kind: 'http',
    name: `m${seq}`,
    description: '',
    url: 'http://127.0.0.1:9/',
    uri: null,
    periodicity: '5m',
    method: 'GET',
    body: '',
    headers: [],
    timeout: 45000,
    retry: 3,
    alertQuorum: 0,
    alerting: {
      failureThreshold: 1,
      failureSeconds: 0,
      recoveryThreshold: 1,
      reminderIntervalMinutes: 0,
      reminderLimit: 10,
      escalationPolicyId: null,
      parentMonitorIds: [],
    },
    followRedirects: true,
    regions: ['fly-ams', 'fly-iad', 'fly-sin'],
    tags: [],
    active: false,
    public: false,
    degradedAt: 22500,
    degradedAtComputed: true,
    statusCodeAssertions: [],
    bodyAssertions: [],
    headerAssertions: [],
    recordAssertions: [],
    jsonAssertions: [],
    timingAssertions: [],
    tlsVerify: true,
    certificateExpiryDays: [14, 7, 1],
    tls: null,
    heartbeat: null,
    openTelemetry: null,
    grpc: null,
    status: 'unknown',
    privateLocationIds: [],
    createdAt: at(seq),
    updatedAt: at(seq),
    ...over,
  };
}

function channel(over: Partial<NotificationView> = {}): NotificationView {
  seq += 1;
  return {
    id: String(seq),
    name: `c${seq}`,
    providerType: 'email',
    monitorIds: [],
    settings: { email: 'ops@example.com' },
    configuredSecrets: [],
    createdAt: at(seq),
    updatedAt: at(seq),
    lastDelivery: null,
    ...over,
  };
}

function page(over: Partial<StatusPageView> = {}): StatusPageView {
  seq += 1;
  return {
    id: String(seq),
    title: 'Status',
    slug: 'status',
    description: '',
    homepageUrl: null,
    contactUrl: null,
    icon: null,
    customDomain: null,
    accessType: 'public',
    passwordSet: false,
    authEmailDomains: [],
    allowedIpRanges: null,
    theme: 'default',
    customTheme: null,
    defaultLocale: 'en',
    locales: [],
    allowIndex: true,
    embedOrigins: [],
    uptimePeriod: 'off',
    published: true,
    createdAt: new Date(at(seq)),
    updatedAt: new Date(at(seq)),
    ...over,
  };
}

function component(over: Partial<ComponentView>): ComponentView {
  seq += 1;
  return {
    id: String(seq),
    pageId: '',
    type: 'monitor',
    monitorId: null,
    name: '',
    description: '',
    order: 0,
    groupId: null,
    groupOrder: 0,
    autoIncident: 'off',
    autoIncidentAfterMinutes: 5,
    autoIncidentNotify: false,
    autoIncidentTitle: '{{component}} is down',
    autoIncidentMessage: 'We are investigating an outage of {{component}} since {{since}}.',
    autoResolve: true,
    createdAt: new Date(at(seq)),
    updatedAt: new Date(at(seq)),
    ...over,
  };
}

const snapshot = (over: Partial<WorkspaceSnapshot>): WorkspaceSnapshot => ({
  workspace: { slug: 'acme', name: 'Acme' },
  monitors: [],
  notifications: [],
  statusPages: [],
  groups: [],
  components: [],
  privateLocations: [],
  escalationPolicies: [],
  notes: [],
  ...over,
});

const hcl = (model: TerraformExport): Record<string, string> =>
  Object.fromEntries(writeHcl(model).map((f) => [f.path, f.content]));

describe('terraform-hcl', () => {
  describe(quote.name, () => {
    it('escapes quotes, backslashes, control characters and template sequences, and keeps unicode', () => {
      expect(quote('say "hi" \\ ${name} %{ if x } $x %x { ünï ✓')).toBe(
        '"say \\"hi\\" \\\\ $${name} %%{ if x } $x %x { ünï ✓"',
      );
      expect(quote('a\tb\rc\u0001\u007f')).toBe('"a\\tb\\rc\\u0001\\u007f"');
      // An escape already in the text stays literal: `$${` is written `$$${`, which reads back as `$${`.
      expect(quote('$${x}')).toBe('"$$${x}"');
    });

    it('writes several lines as a heredoc that reads back exactly', () => {
      expect(expression('one\ntwo ${x}\n')).toBe('<<EOT\none\ntwo $${x}\nEOT');
      expect(expression('one\ntwo', '  ')).toBe('chomp(<<EOT\none\ntwo\nEOT\n  )');
      // A line that is the marker moves the marker; a control character keeps the quoted form.
      expect(expression('EOT\nx\n')).toBe('<<EOT2\nEOT\nx\nEOT2');
      expect(expression('a\r\nb')).toBe('"a\\r\\nb"');
    });

    it('writes references and variables as expressions, and quotes keys that are not identifiers', () => {
      expect(expression({ ref: { type: 'service_http_monitor', name: 'api', attribute: 'id' } })).toBe(
        'service_http_monitor.api.id',
      );
      expect(expression({ variable: 'ops_webhook_url' })).toBe('var.ops_webhook_url');
      expect(expression({ '--accent': '#fff', rack: 'b2' })).toBe('{\n  "--accent" = "#fff"\n  rack       = "b2"\n}');
    });
  });

  describe(identifierOf.name, () => {
    it('makes lower snake case identifiers that start with a letter', () => {
      expect(identifierOf('API Health (prod)', 'monitor')).toBe('api_health_prod');
      expect(identifierOf('Crème brûlée', 'monitor')).toBe('creme_brulee');
      expect(identifierOf('checkoutService', 'monitor')).toBe('checkout_service');
      expect(identifierOf('1 Gateway', 'monitor')).toBe('monitor_1_gateway');
      expect(identifierOf('✓✓✓', 'channel')).toBe('channel');
    });
  });

  describe(buildTerraformExport.name, () => {
    it('names resources per type in creation order, then id, with _2, _3 for repeats', () => {
      const a = monitor({ name: 'API', createdAt: at(100) });
      const b = monitor({ name: 'API', createdAt: at(50) });
      const c = monitor({ name: 'api', createdAt: at(50), id: String(Number(b.id) + 1000) });
      const tcp = monitor({ kind: 'tcp', name: 'API', url: null, uri: '127.0.0.1:1', createdAt: at(200) });
      const names = buildTerraformExport(snapshot({ monitors: [a, b, c, tcp] })).resources.map(
        (r) => `${r.type}.${r.name}:${r.importId}`,
      );
      expect(names).toEqual([
        `service_http_monitor.api:${b.id}`,
        `service_http_monitor.api_2:${c.id}`,
        `service_http_monitor.api_3:${a.id}`,
        `service_tcp_monitor.api:${tcp.id}`,
      ]);
    });

    it('writes references, never ids, and secrets as variables, never values', () => {
      const policyChannel = channel({ name: 'Pager' });
      const policy: EscalationPolicyView = {
        id: '77',
        name: 'Night',
        steps: [{ afterMinutes: 0, channelIds: [policyChannel.id] }],
        monitorIds: [],
        createdAt: at(1),
        updatedAt: at(1),
      };
      const parent = monitor({ name: 'Edge' });
      const api = monitor({
        name: 'API',
        headers: [
          { key: 'Authorization', value: REDACTED },
          { key: 'X-Env', value: 'prod' },
        ],
        alerting: { ...monitor().alerting, escalationPolicyId: '77', parentMonitorIds: [parent.id] },
      });
      const slack = channel({
        name: 'Ops',
        providerType: 'slack',
        settings: {},
        configuredSecrets: ['webhook_url'],
        monitorIds: [api.id],
      });
      const p = page({ slug: 'status' });
      const group: GroupView = {
        id: '900',
        pageId: p.id,
        name: 'Core',
        createdAt: new Date(at(1)),
        updatedAt: new Date(at(1)),
      };
      const shown = component({ pageId: p.id, monitorId: api.id, groupId: group.id });
      const model = buildTerraformExport(
        snapshot({
          monitors: [parent, api],
          notifications: [policyChannel, slack],
          escalationPolicies: [policy],
          statusPages: [p],
          groups: [group],
          components: [shown],
        }),
      );
      const files = hcl(model);
      expect(files['monitors_http.tf']).toMatch(/escalation_policy_id += service_escalation_policy\.night\.id/);
      expect(files['monitors_http.tf']).toMatch(/parent_monitor_ids += \[service_http_monitor\.edge\.id\]/);
      expect(files['monitors_http.tf']).toContain('value = var.api_header_authorization');
      expect(files['monitors_http.tf']).toContain('value = "prod"');
      expect(files['escalation_policies.tf']).toMatch(/channel_ids += \[service_notification\.pager\.id\]/);
      expect(files['notifications.tf']).toMatch(/monitor_ids += \[service_http_monitor\.api\.id\]/);
      expect(files['notifications.tf']).toContain('webhook_url = var.ops_webhook_url');
      // A monitor component without a name is named after its monitor.
      expect(files['status_page_components.tf']).toContain('resource "service_status_page_component" "api"');
      expect(files['status_page_components.tf']).toMatch(/group_id += service_status_page_component_group\.core\.id/);
      expect(files['status_page_component_groups.tf']).toContain('page_id = service_status_page.status.id');
      expect(files['imports.tf']).toContain(`  to = service_status_page_component.api\n  id = "${p.id}/${shown.id}"`);
      expect(files['variables.tf']).toContain('variable "ops_webhook_url" {');
      expect(files['variables.tf']).toContain('  sensitive   = true\n');
      expect(Object.values(files).join('')).not.toContain(REDACTED);
      expect(model.notes).toEqual([]);
    });

    it('breaks a reference cycle through an escalation policy with the id, and says so', () => {
      const pager = channel({ name: 'Pager', monitorIds: [] });
      const api = monitor({ name: 'API', alerting: { ...monitor().alerting, escalationPolicyId: '5' } });
      pager.monitorIds = [api.id];
      const policy: EscalationPolicyView = {
        id: '5',
        name: 'P',
        steps: [{ afterMinutes: 0, channelIds: [pager.id] }],
        monitorIds: [api.id],
        createdAt: at(1),
        updatedAt: at(1),
      };
      const model = buildTerraformExport(
        snapshot({ monitors: [api], notifications: [pager], escalationPolicies: [policy] }),
      );
      const files = hcl(model);
      expect(files['notifications.tf']).toMatch(new RegExp(`monitor_ids += \\["${api.id}"\\]`));
      expect(model.notes).toEqual([expect.stringContaining(`channel "Pager" is wired to monitor ${api.id}`)]);
    });

    it('leaves gRPC monitors out with a note, and what equals the provider defaults', () => {
      const grpc = monitor({ kind: 'grpc', name: 'rpc', url: null, uri: '127.0.0.1:1' });
      const plain = monitor({ name: 'Plain' });
      const model = buildTerraformExport(snapshot({ monitors: [grpc, plain] }));
      expect(model.resources.map((r) => r.name)).toEqual(['plain']);
      expect(model.notes).toEqual([
        `grpc monitor "rpc" (id ${grpc.id}) is not exported: the provider has no resource for grpc monitors`,
      ]);
      expect(model.resources[0].body).toEqual({
        attributes: { name: 'Plain', url: 'http://127.0.0.1:9/', periodicity: '5m' },
        blocks: {},
      });
    });

    it('is stable: the same workspace, listed in any order, writes byte-identical files', () => {
      const monitors = [monitor({ name: 'A' }), monitor({ name: 'A' }), monitor({ name: 'B', tags: ['z', 'a'] })];
      const channels = [channel({ name: 'X', monitorIds: [monitors[2].id, monitors[0].id] }), channel({ name: 'X' })];
      const first = writeHcl(buildTerraformExport(snapshot({ monitors, notifications: channels })));
      const second = writeHcl(
        buildTerraformExport(snapshot({ monitors: [...monitors].reverse(), notifications: [...channels].reverse() })),
      );
      expect(second).toEqual(first);
      expect(first.find((f) => f.path === 'notifications.tf')?.content).toMatch(
        /monitor_ids += \[service_http_monitor\.a\.id, service_http_monitor\.b\.id\]/,
      );
    });
  });
});
