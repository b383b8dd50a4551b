// The MCP endpoint driven by the official SDK client over real HTTP: tool sets by scope and plan,
// every tool on real data, input rejection, errors, credentials, resources and rate limits.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ApiKeysService } from '../../backend/src/api-keys/api-keys.service';
import type { AppConfig } from '../../backend/src/config/config';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { createLogger } from '../../backend/src/logging/logger';
import { McpTools } from '../../backend/src/mcp/tools';
import { McpEndpoint } from '../../backend/src/mcp/mcp.endpoint';
import type { ContentIndex } from '../../backend/src/mcp/ports';
import { OAuthAccessTokenVerifier } from '../../backend/src/oauth/access-token.verifier';
import { RpcServer } from '../../backend/src/rpc/rpc.server';
import { emptyResult } from '../../backend/src/checker/probe';
import { ResultIngestService } from '../../backend/src/check-results/result-ingest';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { errorText, McpTestClients, refusal, seedPageWithMonitor } from '../support/mcp';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { accessToken, oauthGrant } from '../support/oauth';

const READ_TOOLS = [
  'list_status_pages',
  'list_page_components',
  'list_status_reports',
  'list_maintenances',
  'list_monitors',
  'get_monitor',
  'get_monitor_status',
  'get_monitor_summary',
  'list_response_logs',
  'get_response_log',
  'list_notifications',
  'list_private_locations',
  'list_escalation_policies',
  'get_escalation_policy',
  'get_sla_report',
  'get_import_plan',
  'get_terraform_export',
  'list_alerts',
  'get_alert',
  'list_audit_logs',
  'get_audit_log',
  'search_docs',
  'get_doc_page',
  'search_content',
  'get_content_page',
];
const MUTATION_TOOLS = [
  'create_status_report',
  'add_status_report_update',
  'update_status_report',
  'resolve_status_report',
  'create_maintenance',
  'create_escalation_policy',
  'update_escalation_policy',
  'delete_escalation_policy',
  'acknowledge_alert',
  'import_configuration',
];
const AUDIT_TOOLS = ['list_audit_logs', 'get_audit_log'];

interface Entity {
  id: string;
  [key: string]: unknown;
}
/** The structured output of any tool, read loosely in assertions. */
interface Out {
  [key: string]: unknown;
  statusReport: Entity & { updates: unknown[] };
  statusReports: Entity[];
  maintenance: Entity;
  maintenances: Entity[];
  monitors: Array<Entity & { activeIncidentCount: number }>;
  monitor: Entity;
  entries: Entity[];
  entry: Entity & { after: unknown };
  statusPages: Entity[];
  components: Entity[];
  notifications: Entity[];
  privateLocations: Entity[];
  results: Array<{ title: string; type: string; url: string; path: string; snippet: string }>;
  logs: Entity[];
  log: Entity;
  markdown: string;
  notified: boolean;
  pagination: Record<string, number>;
}

describe('MCP endpoint', () => {
  let t: HttpTestApp;
  let pro: Tenant;
  let free: Tenant;
  let other: Tenant;
  let mcp: McpTestClients<Out>;

  let pageId: string;
  let componentId: string;
  let monitorId: string;

  beforeAll(async () => {
    t = await startHttpApp();
    mcp = new McpTestClients(t.baseUrl, 'mcp-e2e');
    pro = await newTenant(t, 'pro');
    free = await newTenant(t, 'free');
    other = await newTenant(t, 'pro');
    ({ pageId, monitorId, componentId } = await seedPageWithMonitor(t, pro, {
      title: 'Acme status',
      slug: 'acme-mcp',
    }));
    // Whatever a tool returns in these tests is what its outputSchema says it returns.
    await mcp.checkOutputSchemas(await mcp.withKey(pro.writeKey));
  });

  afterAll(async () => {
    await mcp.closeAll();
    await t.close();
  });

  describe('tools by scope and plan', () => {
    it('lists 35 tools to a write key on a plan with the audit log, with schemas and annotations', async () => {
      const { tools } = await (await mcp.withKey(pro.writeKey)).listTools();
      expect(tools.map((x) => x.name).sort()).toEqual([...READ_TOOLS, ...MUTATION_TOOLS].sort());
      expect(tools).toHaveLength(35);
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.annotations?.readOnlyHint).toBe(READ_TOOLS.includes(tool.name));
      }
      // Only the updates and the deletion overwrite or remove what was there; the others add.
      expect(tools.filter((x) => x.annotations?.destructiveHint).map((x) => x.name)).toEqual([
        'update_status_report',
        'update_escalation_policy',
        'delete_escalation_policy',
      ]);
      const create = tools.find((x) => x.name === 'create_status_report')!;
      expect(create.inputSchema.required).toEqual(expect.arrayContaining(['pageId', 'notify']));
    });

    it('lists 33 tools without the audit-log feature', async () => {
      const { tools } = await (await mcp.withKey(free.writeKey)).listTools();
      expect(tools).toHaveLength(33);
      expect(tools.map((x) => x.name)).not.toEqual(expect.arrayContaining([AUDIT_TOOLS[0]]));
    });

    it('shows a read-only key only the read tools, and refuses the others as a JSON-RPC error', async () => {
      const client = await mcp.withKey(pro.readKey);
      const { tools } = await client.listTools();
      expect(tools.map((x) => x.name).sort()).toEqual([...READ_TOOLS].sort());
      expect(tools.every((x) => /^(list|get|search)_/.test(x.name))).toBe(true);
      const refused = await refusal(
        client.callTool({
          name: 'create_status_report',
          arguments: { pageId, title: 'x', message: 'y', notify: false },
        }),
      );
      expect(refused.code).toBe(-32003);
      expect(refused.message).toContain('read and write');
      const { statusReports } = await mcp.ok(client, 'list_status_reports');
      expect(statusReports).toEqual([]);
    });

    it('refuses an unknown tool as invalid params', async () => {
      await expect((await mcp.withKey(pro.writeKey)).callTool({ name: 'drop_everything' })).rejects.toMatchObject({
        code: -32602,
      });
    });
  });

  describe('publishing and reading on real data', () => {
    it('runs the status report lifecycle with notify false, and audits it as mcp', async () => {
      const client = await mcp.withKey(pro.writeKey);
      const created = await mcp.ok(client, 'create_status_report', {
        pageId,
        title: 'API errors',
        status: 'investigating',
        message: 'Looking into it',
        pageComponentIds: [componentId],
        notify: false,
      });
      expect(created).toMatchObject({ notified: false, statusReport: { title: 'API errors', pageId } });
      const reportId = created.statusReport.id;
      const added = await mcp.ok(client, 'add_status_report_update', {
        statusReportId: reportId,
        status: 'identified',
        message: 'Found it',
        notify: false,
      });
      expect(added.statusReport.updates).toHaveLength(2);
      const updated = await mcp.ok(client, 'update_status_report', { statusReportId: reportId, title: 'API 5xx' });
      expect(updated.statusReport).toMatchObject({ title: 'API 5xx' });
      expect(updated.statusReport.updates).toHaveLength(2);

      const monitors = await mcp.ok(client, 'list_monitors');
      expect(monitors.monitors).toEqual([
        expect.objectContaining({ id: monitorId, tags: ['payments', 'eu'], activeIncidentCount: 1 }),
      ]);
      expect(monitors.pagination).toEqual({ page: 1, perPage: 50, totalSize: 1, totalPages: 1 });

      const resolved = await mcp.ok(client, 'resolve_status_report', {
        statusReportId: reportId,
        message: 'Fixed',
        notify: false,
      });
      expect(resolved.statusReport).toMatchObject({ status: 'resolved' });
      expect((await mcp.ok(client, 'list_status_reports')).statusReports).toEqual([]);
      const all = await mcp.ok(client, 'list_status_reports', { filter: 'all', perPage: 1 });
      expect(all.statusReports).toHaveLength(1);
      expect(all.pagination).toMatchObject({ page: 1, perPage: 1, totalSize: 1 });
      expect((await mcp.ok(client, 'list_monitors')).monitors[0].activeIncidentCount).toBe(0);

      const audit = await mcp.ok(client, 'list_audit_logs', { entityType: 'status_report', entityId: reportId });
      expect(audit.entries.length).toBeGreaterThanOrEqual(4);
      const [writeKey] = await t.db.rows<{ id: string }>(
        `SELECT id::text AS id FROM api_keys WHERE workspace_id = $1 AND scope = 'write'`,
        [pro.ctx.workspace.id],
      );
      for (const entry of audit.entries)
        expect(entry).toMatchObject({ actorType: 'mcp', actorId: writeKey.id, actorUserId: pro.userId, via: 'mcp' });
      const one = await mcp.ok(client, 'get_audit_log', { auditLogId: audit.entries[0].id });
      expect(one.entry).toMatchObject({ id: audit.entries[0].id, entityId: reportId });
      expect(one.entry.after).toBeTruthy();
    });

    it('creates a maintenance and lists it', async () => {
      const client = await mcp.withKey(pro.writeKey);
      const from = new Date(Date.now() + 3_600_000).toISOString();
      const to = new Date(Date.now() + 7_200_000).toISOString();
      const created = await mcp.ok(client, 'create_maintenance', {
        pageId,
        title: 'Database upgrade',
        from,
        to,
        pageComponentIds: [componentId],
        notify: false,
      });
      expect(created).toMatchObject({ notified: false, maintenance: { title: 'Database upgrade', from, to } });
      const listed = await mcp.ok(client, 'list_maintenances');
      expect(listed.maintenances.map((m: { id: string }) => m.id)).toContain(created.maintenance.id);
    });

    it('reads pages, components, monitors, status, summary, channels and locations', async () => {
      const client = await mcp.withKey(pro.readKey);
      expect((await mcp.ok(client, 'list_status_pages')).statusPages).toEqual([
        expect.objectContaining({
          id: pageId,
          slug: 'acme-mcp',
          title: 'Acme status',
          embedOrigins: [],
          uptimePeriod: 'off',
        }),
      ]);
      expect((await mcp.ok(client, 'list_page_components', { pageId })).components).toEqual([
        expect.objectContaining({ id: componentId, type: 'monitor', monitorId, name: 'API' }),
      ]);
      const { monitor } = await mcp.ok(client, 'get_monitor', { monitorId });
      expect(monitor).toMatchObject({
        id: monitorId,
        url: 'http://127.0.0.1:9/health',
        regions: ['fly-ams'],
        alertQuorum: 0,
        tags: ['payments', 'eu'],
      });
      expect(monitor).not.toHaveProperty('status');
      expect(await mcp.ok(client, 'get_monitor_status', { monitorId })).toEqual({
        id: monitorId,
        regions: [{ region: 'fly-ams', status: 'unknown' }],
        privateLocations: [],
      });
      expect(await mcp.ok(client, 'get_monitor_summary', { monitorId, range: '7d' })).toMatchObject({
        id: monitorId,
        timeRange: '7d',
        totalSuccessful: 0,
      });
      expect(await mcp.ok(client, 'list_response_logs', { monitorId })).toEqual({
        logs: [],
        hasMore: false,
        nextOffset: 0,
      });
      expect((await mcp.ok(client, 'list_notifications')).notifications).toEqual([]);
      expect((await mcp.ok(client, 'list_private_locations')).privateLocations).toEqual([]);
    });

    it('shows read keys and read-only OAuth connections monitor credentials as [redacted]; write keys as stored', async () => {
      const own = await newTenant(t, 'pro');
      const monitors = t.app.get(MonitorsService);
      const headers = [
        { key: 'Authorization', value: 'Bearer SECRET-mcp-authorization' },
        { key: 'Accept', value: 'application/json' },
      ];
      const openTelemetry = {
        endpoint: 'https://otel.example.com/v1/metrics',
        headers: [{ key: 'x-honeycomb-team', value: 'SECRET-mcp-otel' }],
      };
      const metadata = [
        { key: 'x-api-key', value: 'SECRET-mcp-grpc' },
        { key: 'x-tenant', value: 'blue' },
      ];
      const http = await monitors.create(own.ctx, 'http', {
        name: 'api',
        url: 'https://example.com/health',
        periodicity: '1h',
        headers,
        openTelemetry,
      });
      const grpc = await monitors.create(own.ctx, 'grpc', {
        name: 'grpc',
        uri: 'api.example.com:443',
        periodicity: '1h',
        grpc: { metadata },
      });
      const token = await accessToken(t, await oauthGrant(t, own), 'credentials_view');
      for (const client of [await mcp.withKey(own.readKey), await mcp.connect({ authorization: `Bearer ${token}` })]) {
        const got = await mcp.ok(client, 'get_monitor', { monitorId: http.id });
        expect(got.monitor).toMatchObject({
          headers: [
            { key: 'Authorization', value: '[redacted]' },
            { key: 'Accept', value: 'application/json' },
          ],
          openTelemetry: {
            endpoint: openTelemetry.endpoint,
            headers: [{ key: 'x-honeycomb-team', value: '[redacted]' }],
          },
        });
        expect((await mcp.ok(client, 'get_monitor', { monitorId: grpc.id })).monitor).toMatchObject({
          grpc: {
            metadata: [
              { key: 'x-api-key', value: '[redacted]' },
              { key: 'x-tenant', value: 'blue' },
            ],
          },
        });
        expect(JSON.stringify(await mcp.call(client, 'list_monitors'))).not.toContain('SECRET');
      }
      const writer = await mcp.withKey(own.writeKey);
      expect((await mcp.ok(writer, 'get_monitor', { monitorId: http.id })).monitor).toMatchObject({
        headers,
        openTelemetry,
      });
      expect((await mcp.ok(writer, 'get_monitor', { monitorId: grpc.id })).monitor).toMatchObject({
        grpc: { metadata },
      });
    });

    it('shows TLS and heartbeat monitors and the new assertion settings in get_monitor and list_monitors, never a ping URL', async () => {
      const own = await newTenant(t, 'pro');
      const monitors = t.app.get(MonitorsService);
      const heartbeat = await monitors.create(own.ctx, 'heartbeat', {
        name: 'nightly',
        heartbeat: { schedule: 'cron', cron: '0 3 * * *', timezone: 'Europe/Paris', graceSeconds: 900 },
      });
      const tls = await monitors.create(own.ctx, 'tls', {
        name: 'smtp',
        uri: 'mail.example.com:587',
        periodicity: '1h',
        tls: { starttls: 'smtp' },
        certificateExpiryDays: [30],
      });
      const http = await monitors.create(own.ctx, 'http', {
        name: 'json api',
        url: 'https://example.com/status',
        periodicity: '1h',
        jsonAssertions: [{ path: '$.status', comparator: 'eq', target: 'ok' }],
        timingAssertions: [{ phase: 'ttfb', comparator: 'lt', target: 500, severity: 'degraded' }],
        tlsVerify: false,
      });
      const client = await mcp.withKey(own.readKey);
      expect((await mcp.ok(client, 'get_monitor', { monitorId: heartbeat.id })).monitor).toMatchObject({
        kind: 'heartbeat',
        heartbeat: { schedule: 'cron', cron: '0 3 * * *', timezone: 'Europe/Paris', graceSeconds: 900 },
      });
      expect((await mcp.ok(client, 'get_monitor', { monitorId: tls.id })).monitor).toMatchObject({
        kind: 'tls',
        tls: { servername: '', starttls: 'smtp' },
        tlsVerify: true,
        certificateExpiryDays: [30],
      });
      expect((await mcp.ok(client, 'get_monitor', { monitorId: http.id })).monitor).toMatchObject({
        jsonAssertions: [{ path: '$.status', comparator: 'eq', target: 'ok' }],
        timingAssertions: [{ phase: 'ttfb', comparator: 'lt', target: 500, severity: 'degraded' }],
        tlsVerify: false,
      });
      const listed = await mcp.call(client, 'list_monitors');
      expect(JSON.stringify(listed)).toContain('"kind":"heartbeat"');
      // The ping URL is shown on create and rotation only, and only a hash of its token is kept.
      const token = new URL(heartbeat.pingUrl!).pathname.split('/').pop()!;
      expect(JSON.stringify(listed)).not.toContain(token);
    });

    it('reads a real check as status, summary and response logs', async () => {
      await t.app.get(RetentionService).maintain(new Date());
      const at = new Date(Date.now() - 60_000);
      await t.app.get(ResultIngestService).ingest(
        { agentId: 'mcp-e2e', locations: ['fly-ams'], privateLocationId: null },
        [
          {
            run: {
              monitorId,
              location: 'fly-ams',
              trigger: 'cron',
              triggerId: null,
              cronTimestamp: at,
              periodMs: 60_000,
            },
            outcome: {
              ...emptyResult(),
              status: 'success',
              latencyMs: 42,
              statusCode: 200,
              url: 'http://127.0.0.1:9/health',
              timings: { dns: 0, connect: 1, tls: 0, ttfb: 40, transfer: 1 },
              headers: { 'content-type': 'text/plain', 'set-cookie': '[redacted]' },
              attempts: 1,
            },
            startedAt: at,
          },
        ],
        new Date(),
      );
      const client = await mcp.withKey(pro.readKey);
      expect((await mcp.ok(client, 'get_monitor_status', { monitorId })).regions).toEqual([
        { region: 'fly-ams', status: 'active' },
      ]);
      expect(await mcp.ok(client, 'get_monitor_summary', { monitorId })).toMatchObject({
        totalSuccessful: 1,
        p50: 42,
        p99: 42,
      });
      const { logs } = await mcp.ok(client, 'list_response_logs', { monitorId, limit: 10 });
      expect(logs).toEqual([
        expect.objectContaining({ region: 'fly-ams', status: 'success', statusCode: 200, latency: 42 }),
      ]);
      const { log } = await mcp.ok(client, 'get_response_log', { monitorId, logId: logs[0].id });
      expect(log).toMatchObject({
        url: 'http://127.0.0.1:9/health',
        timing: { dns: 0, connect: 1, tls: 0, ttfb: 40, transfer: 1 },
        headers: { 'set-cookie': '[redacted]' },
      });
      const missing = await mcp.call(client, 'get_response_log', { monitorId, logId: '999999999' });
      expect(errorText(missing)).toMatch(/^NOT_FOUND/);
    });

    it('pages notification channels up to 200 at a time and never shows their credentials', async () => {
      const tenant = await newTenant(t, 'pro');
      const channels = t.app.get(NotificationsService);
      for (let i = 0; i < 105; i++) {
        await channels.create(tenant.ctx, {
          name: `channel ${i}`,
          providerType: 'slack',
          provider: { kind: 'slack', args: { webhookUrl: `https://hooks.slack.com/services/T0/B0/secret${i}` } },
        });
      }
      const client = await mcp.withKey(tenant.readKey);
      const all = await mcp.ok(client, 'list_notifications', { perPage: 200 });
      expect(all.notifications).toHaveLength(105);
      expect(all.pagination).toEqual({ page: 1, perPage: 200, totalSize: 105, totalPages: 1 });
      expect(JSON.stringify(all)).not.toContain('secret');
      const second = await mcp.ok(client, 'list_notifications', { perPage: 100, page: 2 });
      expect(second.notifications).toHaveLength(5);
      expect(second.pagination).toEqual({ page: 2, perPage: 100, totalSize: 105, totalPages: 2 });
    });

    it('lists private locations with their status and metadata, never their agent token', async () => {
      const tenant = await newTenant(t, 'pro');
      const created = await t.app
        .get(PrivateLocationsService)
        .create(tenant.ctx, { name: 'Basement rack', metadata: { site: 'hq' } });
      expect(created.token).toMatch(/^svc_plt_/);
      const out = await mcp.ok(await mcp.withKey(tenant.readKey), 'list_private_locations', { perPage: 100 });
      expect(out.privateLocations).toEqual([
        expect.objectContaining({ id: created.id, name: 'Basement rack', status: 'unknown', metadata: { site: 'hq' } }),
      ]);
      expect(out.privateLocations[0]).not.toHaveProperty('token');
      expect(JSON.stringify(out)).not.toContain(created.token!);
    });

    it('searches and reads the public content with any credential', async () => {
      const client = await mcp.withKey(free.readKey);
      const docs = await mcp.ok(client, 'search_docs', { query: 'MCP server tools' });
      expect(docs.results.length).toBeGreaterThan(0);
      expect(docs.results[0]).toEqual(
        expect.objectContaining({ title: expect.any(String) as string, url: expect.any(String) as string }),
      );
      const page = await mcp.ok(client, 'get_doc_page', { path: '/docs/reference/mcp-server' });
      expect(page.markdown).toContain('create_status_report');
      const anything = await mcp.ok(client, 'search_content', { query: 'Uptime Kuma' });
      expect(anything.results.some((r: { type: string }) => r.type === 'comparisons')).toBe(true);
      const missing = await mcp.call(client, 'get_content_page', { path: '/nowhere/at-all' });
      expect(missing.isError).toBe(true);
    });
  });

  describe('input and errors', () => {
    it('rejects a publishing call without notify by its input schema', async () => {
      const client = await mcp.withKey(pro.writeKey);
      const refused = await refusal(
        client.callTool({ name: 'create_status_report', arguments: { pageId, title: 'x', message: 'y' } }),
      );
      expect(refused.code).toBe(-32602);
      expect(refused.message).toContain('notify');
      const { statusReports } = await mcp.ok(client, 'list_status_reports', { filter: 'all' });
      expect(statusReports.every((r) => r.title !== 'x')).toBe(true);
    });

    it.each([
      ['list_status_reports', { perPage: 201 }],
      ['list_maintenances', { perPage: 0 }],
      ['list_monitors', { perPage: 51 }],
      ['list_notifications', { perPage: 201 }],
      ['list_private_locations', { perPage: 101 }],
      ['list_audit_logs', { perPage: 51 }],
      ['list_response_logs', { monitorId: '1', limit: 101 }],
      ['list_status_reports', { page: 0 }],
      ['get_monitor_summary', { monitorId: '1', range: '30d' }],
    ])('refuses %s %j as invalid params', async (name, args) => {
      await expect((await mcp.withKey(pro.writeKey)).callTool({ name, arguments: args })).rejects.toMatchObject({
        code: -32602,
      });
    });

    it('answers NOT_FOUND as a tool error for ids of another workspace, and changes nothing', async () => {
      const client = await mcp.withKey(other.writeKey);
      const report = await mcp.call(client, 'create_status_report', {
        pageId,
        title: 'Not yours',
        message: 'x',
        notify: false,
      });
      expect(report.isError).toBe(true);
      expect(errorText(report)).toMatch(/^NOT_FOUND: status page/);
      for (const [name, args] of [
        ['get_monitor', { monitorId }],
        ['list_page_components', { pageId }],
        ['get_monitor_summary', { monitorId }],
      ] as const) {
        const result = await mcp.call(client, name, args);
        expect([name, result.isError]).toEqual([name, true]);
        expect(errorText(result)).toContain('NOT_FOUND');
      }
      const own = await mcp.ok(client, 'list_status_reports', { filter: 'all' });
      expect(own.statusReports).toEqual([]);
    });

    it('answers NOT_FOUND for a component that is not on the given page', async () => {
      const client = await mcp.withKey(pro.writeKey);
      const second = await t.app.get(StatusPagesService).create(pro.ctx, { title: 'Second', slug: 'second-mcp' });
      const result = await mcp.call(client, 'create_maintenance', {
        pageId: second.id,
        title: 'Wrong component',
        from: new Date().toISOString(),
        to: new Date(Date.now() + 60_000).toISOString(),
        pageComponentIds: [componentId],
        notify: false,
      });
      expect(result.isError).toBe(true);
      expect(errorText(result)).toContain('NOT_FOUND');
    });

    it('answers a validation failure of the service as a tool error the caller can act on', async () => {
      const result = await mcp.call(await mcp.withKey(pro.writeKey), 'create_status_report', {
        pageId,
        title: '',
        message: 'x',
        notify: false,
      });
      expect(result.isError).toBe(true);
      expect(errorText(result)).toMatch(/^VALIDATION: title/);
    });

    it('refuses response logs on the free plan as a JSON-RPC error', async () => {
      const client = await mcp.withKey(free.writeKey);
      const monitor = await t.app
        .get(MonitorsService)
        .create(free.ctx, 'http', { name: 'x', url: 'http://127.0.0.1:9/', periodicity: '10m', regions: ['fly-ams'] });
      const refused = await refusal(
        client.callTool({ name: 'list_response_logs', arguments: { monitorId: monitor.id } }),
      );
      expect(refused.code).toBe(-32003);
      expect(refused.message).toContain('Upgrade for response logs');
    });
  });

  describe('HTTP transport and credentials', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const post = (headers: Record<string, string>, body: unknown = initialize) =>
      fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(body),
      });

    it('answers 401 with WWW-Authenticate pointing at the protected-resource metadata without a credential', async () => {
      const response = await post({});
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        'Bearer resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/mcp", scope="read write"',
      );
    });

    it('answers 401 to a bad key, an unknown bearer token and a malformed Authorization header', async () => {
      for (const headers of <Array<Record<string, string>>>[
        { 'x-service-key': 'svc_nope' },
        { authorization: 'Bearer svc_oat_unknown0000000000000000' },
        { authorization: 'Basic abc' },
      ]) {
        const response = await post(headers);
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toContain('resource_metadata=');
      }
    });

    it('accepts a live OAuth access token with its grant scope, and refuses expired and revoked ones', async () => {
      const grantId = await oauthGrant(t, pro);
      const token = (name: string, expiresInMs: number) => accessToken(t, grantId, name, expiresInMs);
      const live = await token('live', 3_600_000);
      const expired = await token('expired', -1000);
      const client = await mcp.connect({ authorization: `Bearer ${live}` });
      expect((await client.listTools()).tools).toHaveLength(READ_TOOLS.length);
      expect((await post({ authorization: `Bearer ${expired}` })).status).toBe(401);
      await t.db.manager.query('UPDATE oauth_grants SET revoked_at = now() WHERE id = $1', [grantId]);
      const revoked = await post({ authorization: `Bearer ${live}` });
      expect(revoked.status).toBe(401);
      expect(revoked.headers.get('www-authenticate')).toMatch(
        /^Bearer error="invalid_token", error_description="[^"]*revoked/,
      );
      expect(await revoked.text()).toContain('revoked');
    });

    it('refuses a write tool to a read-only OAuth connection with the forbidden error and how to step up', async () => {
      const grantId = await oauthGrant(t, pro);
      const live = await accessToken(t, grantId, 'stepup', 3_600_000);
      const response = await post(
        { authorization: `Bearer ${live}` },
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'create_status_report', arguments: { title: 'x', status: 'investigating', pageId: 1 } },
        },
      );
      const { error } = (await response.json()) as { error: { code: number; message: string } };
      expect(error.code).toBe(-32003);
      expect(error.message).toContain('create_status_report needs write access');
      expect(error.message).toContain('a new connection approved for read and write');
    });

    it('lets the API key win when a bad bearer token comes with it', async () => {
      const client = await mcp.connect({ 'x-service-key': pro.readKey, authorization: 'Bearer svc_oat_bogus' });
      expect((await client.listTools()).tools).toHaveLength(READ_TOOLS.length);
    });

    it('is stateless: no session id, GET and DELETE are 405', async () => {
      const response = await post({ 'x-service-key': pro.readKey });
      expect(response.status).toBe(200);
      expect(response.headers.get('mcp-session-id')).toBeNull();
      expect(await response.json()).toMatchObject({ result: { serverInfo: { name: 'uptime-service' } } });
      for (const method of ['GET', 'DELETE']) {
        const r = await fetch(`${t.baseUrl}/mcp`, { method, headers: { 'x-service-key': pro.readKey } });
        expect([method, r.status, r.headers.get('allow')]).toEqual([method, 405, 'POST']);
      }
    });

    it('refuses a foreign Origin with 403 and accepts the service own', async () => {
      expect((await post({ 'x-service-key': pro.readKey, origin: 'https://evil.example' })).status).toBe(403);
      expect((await post({ 'x-service-key': pro.readKey, origin: 'http://localhost:3000' })).status).toBe(200);
    });

    it('refuses a tools/call without params or with arguments that are not an object as invalid params, readably', async () => {
      const notAnObject = "params.arguments: must be an object of the tool's named arguments";
      const cases: Array<[unknown, string]> = [
        [undefined, 'params: must be an object with the tool name and its arguments'],
        [{ name: 'list_monitors', arguments: true }, notAnObject],
        [{ name: 'list_monitors', arguments: [1, 2] }, notAnObject],
        [{ name: 'list_monitors', arguments: null }, notAnObject],
        [{ arguments: {} }, 'params.name: must be the name of a tool (a string)'],
      ];
      for (const [params, message] of cases) {
        const response = await post(
          { 'x-service-key': pro.readKey },
          { jsonrpc: '2.0', id: 9, method: 'tools/call', ...(params === undefined ? {} : { params }) },
        );
        expect(response.status).toBe(200);
        const { error } = (await response.json()) as { error: { code: number; message: string } };
        expect([params, error.code]).toEqual([params, -32602]);
        expect(error.message).toContain(`Invalid tools/call request: ${message}`);
        expect(error.message).not.toMatch(/invalid_type|expected record|\[\s*\{/);
      }
    });

    it('refuses resources/read and list requests with missing or junk params as invalid params, readably', async () => {
      const cases: Array<[string, unknown, string]> = [
        ['resources/read', undefined, 'params: must be an object with the resource uri'],
        ['resources/read', {}, 'params.uri: must be the URI of a resource (a string)'],
        ['resources/read', { uri: 7 }, 'params.uri: must be the URI of a resource (a string)'],
        ['tools/list', { cursor: 5 }, 'params.cursor'],
        ['resources/list', { cursor: [] }, 'params.cursor'],
      ];
      for (const [method, params, message] of cases) {
        const response = await post(
          { 'x-service-key': pro.readKey },
          { jsonrpc: '2.0', id: 9, method, ...(params === undefined ? {} : { params }) },
        );
        expect([method, params, response.status]).toEqual([method, params, 200]);
        const { error } = (await response.json()) as { error: { code: number; message: string } };
        expect([method, params, error.code]).toEqual([method, params, -32602]);
        expect(error.message).toContain(`Invalid ${method} request: ${message}`);
      }
    });

    it('refuses an unsupported MCP-Protocol-Version', async () => {
      const response = await post(
        { 'x-service-key': pro.readKey, 'mcp-protocol-version': '1999-01-01' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
      );
      expect(response.status).toBe(400);
    });

    it('lists and reads the three resources, never with an empty body', async () => {
      const client = await mcp.withKey(pro.readKey);
      const { resources } = await client.listResources();
      expect(resources.map((r) => [r.name, r.uri])).toEqual([
        ['openapi-specification', 'http://localhost:3000/openapi.json'],
        ['mcp-server-reference', 'http://localhost:3000/docs/reference/mcp-server'],
        ['site-index', 'http://localhost:3000/llms.txt'],
      ]);
      const texts = await Promise.all(
        resources.map(async (r) => {
          const { contents } = await client.readResource({ uri: r.uri });
          return (contents[0] as { text: string }).text;
        }),
      );
      expect((JSON.parse(texts[0]) as { openapi: string }).openapi).toMatch(/^3\./);
      expect(texts[1]).toContain('list_status_pages');
      expect(texts[2]).toMatch(/^# /);
    });
  });
});

describe('MCP resources when the content cannot be read', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    t = await startHttpApp();
  });

  afterAll(() => t.close());

  it('answers a short pointer back to the URI instead of an error or an empty body', async () => {
    const broken: ContentIndex = {
      search: () => [],
      getPage: () => {
        throw new Error('content folder missing');
      },
      llmsTxt: () => '   ',
    };
    const endpoint = new McpEndpoint(
      t.app.get<AppConfig>(APP_CONFIG),
      createLogger('silent'),
      t.app.get(ApiKeysService),
      t.app.get(OAuthAccessTokenVerifier),
      t.app.get(McpTools),
      t.app.get(RpcServer),
      broken,
    );
    const tenant = await newTenant(t);
    const server = endpoint.serverFor({ ...tenant.ctx, scope: 'read', via: 'mcp' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'in-memory', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      for (const uri of ['http://localhost:3000/docs/reference/mcp-server', 'http://localhost:3000/llms.txt']) {
        const { contents } = await client.readResource({ uri });
        const text = (contents[0] as { text: string }).text;
        expect(text).toMatch(/could not be loaded just now\. Read it at /);
        expect(text).toContain(uri);
      }
      const { contents } = await client.readResource({ uri: 'http://localhost:3000/openapi.json' });
      expect((JSON.parse((contents[0] as { text: string }).text) as { paths: object }).paths).toBeTruthy();
    } finally {
      await client.close();
    }
  });
});

describe('MCP rate limits', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp({ env: { RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_STORE: 'database' } });
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  it('answers a plain 429 with Retry-After once a credential has used its calls, shared with the RPC API', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const mcp = () =>
      fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-service-key': tenant.readKey,
        },
        body,
      });
    // The window is a fixed minute: start well inside one so all six calls share it.
    const msLeft = 60_000 - (Date.now() % 60_000);
    if (msLeft < 15_000) await new Promise((resolve) => setTimeout(resolve, msLeft + 200));
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await mcp()).status);
    for (let i = 0; i < 2; i++) {
      const rpc = await fetch(`${t.baseUrl}/rpc/monitor.v1.MonitorService/ListMonitors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': tenant.readKey },
        body: '{}',
      });
      statuses.push(rpc.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await mcp();
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('content-type')).toContain('text/plain');
    expect(await limited.text()).toContain('Too many requests');
    // Another credential has its own budget.
    const other = await fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-service-key': tenant.writeKey,
      },
      body,
    });
    expect(other.status).toBe(200);
  });

  it('counts every call of a JSON-RPC batch, refuses a batch the remaining calls cannot cover, and reports the budget', async () => {
    const fresh = await newTenant(t);
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'list_monitors', arguments: {} },
    });
    const post = (body: unknown) =>
      fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-service-key': fresh.readKey,
        },
        body: JSON.stringify(body),
      });
    const msLeft = 60_000 - (Date.now() % 60_000);
    if (msLeft < 15_000) await new Promise((resolve) => setTimeout(resolve, msLeft + 200));

    const batch = await post([call(1), call(2), call(3)]);
    expect(batch.status).toBe(200);
    expect(await batch.json()).toHaveLength(3);
    // The SDK writes the answer itself; the headers set before it still reach the client.
    expect([batch.headers.get('x-ratelimit-limit'), batch.headers.get('x-ratelimit-remaining')]).toEqual(['5', '2']);

    const refused = await post([call(4), call(5), call(6)]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toContain('this batch of 3 calls needs more than the 2 left');
    // The refused batch spent nothing: the two calls left go through one by one.
    for (const remaining of ['1', '0']) {
      const single = await post(call(7));
      expect([single.status, single.headers.get('x-ratelimit-remaining')]).toEqual([200, remaining]);
    }
    expect((await post(call(8))).status).toBe(429);
  });
});
