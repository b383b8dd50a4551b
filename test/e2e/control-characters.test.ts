// Control characters in text fields, over every surface: a NUL byte (which PostgreSQL cannot store)
// or another control character in a name, title, URL, header or label is refused as invalid_argument
// (VALIDATION) naming the field, never a 500 or a JSON-RPC -32603; multi-line fields (messages,
// descriptions, bodies) keep tab, line feed and carriage return.
import { Code, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { seedWorkspace, type SeededWorkspace } from '../support/property-fixtures';
import { rpcError, withKey } from '../support/rpc';

const NUL = '\u0000';
const REFUSED = 'must not contain control characters';

describe('control characters in text fields', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let seeded: SeededWorkspace;
  const id = (kind: keyof SeededWorkspace['ids']) => seeded.ids[kind]![0];

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    seeded = await seedWorkspace(t, tenant.ctx);
  });

  afterAll(() => t.close());

  const rpc = (method: string, body: unknown) =>
    fetch(`${t.baseUrl}/rpc/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': tenant.writeKey },
      body: JSON.stringify(body),
    });

  describe('RPC (Connect JSON)', () => {
    const http = (monitor: Record<string, unknown>) => ({
      monitor: { name: 'API', url: 'https://example.com/health', periodicity: 'PERIODICITY_1M', ...monitor },
    });
    const page = (statusPage: Record<string, unknown>) => ({
      statusPage: { title: 'Status', slug: `cc-${Math.random().toString(36).slice(2, 10)}`, ...statusPage },
    });
    const webhook = (provider: Record<string, unknown>, name = 'Hook') => ({
      notification: {
        name,
        providerType: 'webhook',
        webhook: { endpoint: 'https://example.com/hook', headers: [], ...provider },
      },
    });
    const future = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

    // [method, request, the field the answer must name]
    const cases: Array<[string, () => unknown, string]> = [
      ['monitor.v1.MonitorService/CreateHTTPMonitor', () => http({ name: `API${NUL}` }), 'name'],
      ['monitor.v1.MonitorService/CreateHTTPMonitor', () => http({ name: 'API\n' }), 'name'],
      ['monitor.v1.MonitorService/CreateHTTPMonitor', () => http({ url: `https://example.com/${NUL}` }), 'url'],
      ['monitor.v1.MonitorService/CreateHTTPMonitor', () => http({ url: 'https://exam\tple.com/' }), 'url'],
      ['monitor.v1.MonitorService/CreateHTTPMonitor', () => http({ description: `x${NUL}` }), 'description'],
      ['monitor.v1.MonitorService/CreateHTTPMonitor', () => http({ body: `{}${NUL}` }), 'body'],
      [
        'monitor.v1.MonitorService/CreateHTTPMonitor',
        () => http({ headers: [{ key: 'Authorization', value: `Bearer x${NUL}` }] }),
        'headers.0.value',
      ],
      [
        'monitor.v1.MonitorService/CreateHTTPMonitor',
        () => http({ headers: [{ key: 'X-A\r\nX-B', value: 'v' }] }),
        'headers.0.key',
      ],
      [
        'monitor.v1.MonitorService/CreateHTTPMonitor',
        () => http({ headerAssertions: [{ key: 'x', comparator: 'STRING_COMPARATOR_EQUAL', target: `a${NUL}` }] }),
        'headerAssertions.0.target',
      ],
      [
        'monitor.v1.MonitorService/CreateHTTPMonitor',
        () => http({ openTelemetry: { endpoint: 'https://otel.example.com/\u0001' } }),
        'openTelemetry.endpoint',
      ],
      [
        'monitor.v1.MonitorService/UpdateHTTPMonitor',
        () => ({ id: seeded.monitorId, monitor: { name: `x${NUL}` } }),
        'name',
      ],
      [
        'monitor.v1.MonitorService/CreateTCPMonitor',
        () => ({ monitor: { name: `x${NUL}`, uri: 'example.com:443', periodicity: 'PERIODICITY_1M' } }),
        'name',
      ],
      [
        'monitor.v1.MonitorService/CreateDNSMonitor',
        () => ({
          monitor: {
            name: 'dns',
            uri: 'example.com',
            periodicity: 'PERIODICITY_1M',
            recordAssertions: [{ record: 'A', comparator: 'RECORD_COMPARATOR_EQUAL', target: `1.2.3.4${NUL}` }],
          },
        }),
        'recordAssertions.0.target',
      ],
      [
        'monitor.v1.MonitorService/CreateICMPMonitor',
        () => ({ monitor: { name: '\u001b[31mred', uri: 'example.com', periodicity: 'PERIODICITY_1M' } }),
        'name',
      ],
      [
        'monitor.v1.MonitorService/CreateGRPCMonitor',
        () => ({
          monitor: {
            name: 'grpc',
            uri: 'example.com:50051',
            periodicity: 'PERIODICITY_1M',
            service: `svc${NUL}`,
          },
        }),
        'grpc.service',
      ],
      [
        'monitor.v1.MonitorService/CreateGRPCMonitor',
        () => ({
          monitor: {
            name: 'grpc',
            uri: 'example.com:50051',
            periodicity: 'PERIODICITY_1M',
            metadata: [{ key: 'k', value: `v${NUL}` }],
          },
        }),
        'grpc.metadata.0.value',
      ],
      ['notification.v1.NotificationService/CreateNotification', () => webhook({}, `Hook${NUL}`), 'name'],
      [
        'notification.v1.NotificationService/CreateNotification',
        () => webhook({ headers: [{ key: 'Authorization', value: `Bearer ${NUL}` }] }),
        'webhook.headers.0.value',
      ],
      [
        'notification.v1.NotificationService/CreateNotification',
        () => webhook({ endpoint: 'https://example.com/hook?\u007f' }),
        'webhook.endpoint',
      ],
      [
        'notification.v1.NotificationService/CreateNotification',
        () => webhook({ signingSecret: `whsec${NUL}` }),
        'webhook.signingSecret',
      ],
      [
        'notification.v1.NotificationService/UpdateNotification',
        () => ({ id: id('notification'), notification: { name: `n${NUL}` }, updateMask: 'name' }),
        'name',
      ],
      [
        'private_location.v1.PrivateLocationService/CreatePrivateLocation',
        () => ({ privateLocation: { name: `loc${NUL}` } }),
        'name',
      ],
      [
        'private_location.v1.PrivateLocationService/CreatePrivateLocation',
        () => ({ privateLocation: { name: 'loc', metadata: { env: `prod${NUL}` } } }),
        'metadata.env',
      ],
      [
        'private_location.v1.PrivateLocationService/UpdatePrivateLocation',
        () => ({ id: seeded.privateLocationId, privateLocation: { name: 'a\tb' }, updateMask: 'name' }),
        'name',
      ],
      ['status_page.v1.StatusPageService/CreateStatusPage', () => page({ title: `t${NUL}` }), 'title'],
      ['status_page.v1.StatusPageService/CreateStatusPage', () => page({ description: `d${NUL}` }), 'description'],
      [
        'status_page.v1.StatusPageService/CreateStatusPage',
        () => page({ homepageUrl: 'https://example.com/\n' }),
        'homepageUrl',
      ],
      [
        'status_page.v1.StatusPageService/UpdateStatusPage',
        () => ({ id: seeded.pageId, statusPage: { title: `t${NUL}` }, updateMask: 'title' }),
        'title',
      ],
      [
        'status_page.v1.StatusPageService/CreatePageComponent',
        () => ({ component: { pageId: seeded.pageId, type: 'static', name: `c${NUL}` } }),
        'name',
      ],
      [
        'status_page.v1.StatusPageService/UpdatePageComponent',
        () => ({ id: id('component'), component: { description: `d${NUL}` }, updateMask: 'description' }),
        'description',
      ],
      [
        'status_page.v1.StatusPageService/CreateComponentGroup',
        () => ({ group: { pageId: seeded.pageId, name: `g${NUL}` } }),
        'name',
      ],
      [
        'status_report.v1.StatusReportService/CreateStatusReport',
        () => ({ pageId: seeded.pageId, title: `t${NUL}`, message: 'm' }),
        'title',
      ],
      [
        'status_report.v1.StatusReportService/CreateStatusReport',
        () => ({ pageId: seeded.pageId, title: 't', message: `m${NUL}` }),
        'message',
      ],
      [
        'status_report.v1.StatusReportService/AddStatusReportUpdate',
        () => ({ id: id('report'), status: 'STATUS_REPORT_STATUS_MONITORING', message: `m${NUL}` }),
        'message',
      ],
      [
        'status_report.v1.StatusReportService/UpdateStatusReport',
        () => ({ id: id('report'), title: 'a\u0085b\u0007', updateMask: 'title' }),
        'title',
      ],
      [
        'status_report.v1.StatusReportService/ResolveStatusReport',
        () => ({ id: id('report'), message: `done${NUL}` }),
        'message',
      ],
      [
        'maintenance.v1.MaintenanceService/CreateMaintenance',
        () => ({ maintenance: { pageId: seeded.pageId, title: `w${NUL}`, from: future(1), to: future(2) } }),
        'title',
      ],
      [
        'maintenance.v1.MaintenanceService/UpdateMaintenance',
        () => ({ id: id('maintenance'), maintenance: { message: `m${NUL}` }, updateMask: 'message' }),
        'message',
      ],
      [
        'subscriber.v1.SubscriberService/AddSubscriber',
        () => ({ pageId: seeded.pageId, email: `a${NUL}b@example.com` }),
        'email',
      ],
      [
        'subscriber.v1.SubscriberService/ImportSubscribers',
        () => ({ pageId: seeded.pageId, emails: ['ok@example.com', `x\u0001@example.com`] }),
        'emails.1',
      ],
      ['maintenance.v1.MaintenanceService/ListMaintenances', () => ({ pageId: `1${NUL}` }), 'pageId'],
    ];

    it.each(cases.map(([method, request, field]) => [method, field, request] as const))(
      '%s refuses a control character in %s',
      async (method, field, request) => {
        const response = await rpc(method, request());
        const body = (await response.json()) as { code: string; message: string };
        expect({ status: response.status, code: body.code }).toEqual({ status: 400, code: 'invalid_argument' });
        expect(body.message).toContain(`${field}: ${REFUSED}`);
      },
    );

    it('keeps tab, line feed and carriage return in multi-line fields', async () => {
      const text = 'Line one\r\n\tLine two\n';
      const monitor = await rpc('monitor.v1.MonitorService/CreateHTTPMonitor', http({ description: text, body: text }));
      expect(monitor.status).toBe(200);
      const report = await rpc('status_report.v1.StatusReportService/CreateStatusReport', {
        pageId: seeded.pageId,
        title: 'Outage',
        message: text,
      });
      expect(report.status).toBe(200);
      const { statusReport } = (await report.json()) as { statusReport: { updates: Array<{ message: string }> } };
      expect(statusReport.updates.map((u) => u.message)).toContain(text.trim());
    });

    it('refuses NUL over binary protobuf too, and stores nothing', async () => {
      const client = createClient(
        MonitorService,
        createConnectTransport({
          baseUrl: `${t.baseUrl}/rpc`,
          httpVersion: '1.1',
          useBinaryFormat: true,
          interceptors: [withKey(tenant.writeKey)],
        }),
      );
      const before = (await client.listMonitors({})).totalSize;
      const error = await rpcError(
        client.createHTTPMonitor({
          monitor: { name: `API${NUL}`, url: 'https://example.com', periodicity: Periodicity.PERIODICITY_1M },
        }),
      );
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(`name: ${REFUSED}`);
      expect((await client.listMonitors({})).totalSize).toBe(before);
    });
  });

  describe('MCP', () => {
    let mcp: McpClient;

    beforeAll(async () => {
      mcp = new McpClient({ name: 'control-characters', version: '1' });
      await mcp.connect(
        new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
          requestInit: { headers: { 'x-service-key': tenant.writeKey } },
        }),
      );
    });

    afterAll(() => mcp.close());

    const call = async (name: string, args: Record<string, unknown>) =>
      (await mcp.callTool({ name, arguments: args })) as CallToolResult;
    const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;

    it.each<[string, () => Record<string, unknown>, string]>([
      [
        'create_status_report',
        () => ({ pageId: seeded.pageId, title: `t${NUL}`, message: 'm', notify: false }),
        'title',
      ],
      [
        'create_status_report',
        () => ({ pageId: seeded.pageId, title: 't', message: `m${NUL}`, notify: false }),
        'message',
      ],
      [
        'add_status_report_update',
        () => ({ statusReportId: id('report'), status: 'monitoring', message: `m${NUL}`, notify: false }),
        'message',
      ],
      ['update_status_report', () => ({ statusReportId: id('report'), title: 'a\nb' }), 'title'],
      ['resolve_status_report', () => ({ statusReportId: id('report'), message: `m${NUL}`, notify: false }), 'message'],
      [
        'create_maintenance',
        () => ({
          pageId: seeded.pageId,
          title: `w${NUL}`,
          from: new Date(Date.now() + 3_600_000).toISOString(),
          to: new Date(Date.now() + 7_200_000).toISOString(),
          notify: false,
        }),
        'title',
      ],
      ['list_audit_logs', () => ({ entityType: `monitor${NUL}` }), 'entityType'],
    ])('%s refuses a control character (VALIDATION tool error naming the field)', async (tool, args, field) => {
      const result = await call(tool, args());
      expect(result.isError).toBe(true);
      expect(text(result)).toContain(`VALIDATION: ${field}: ${REFUSED}`);
    });

    it('refuses a lone surrogate, which JSON carries but PostgreSQL cannot store', async () => {
      const result = await call('create_status_report', {
        pageId: seeded.pageId,
        title: 'API\ud800',
        message: 'm',
        notify: false,
      });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('VALIDATION: title: must be well-formed Unicode text (it holds a lone surrogate)');
    });
  });

  describe('REST', () => {
    it('answers a NUL in a path id or a link token with 404, not 500', async () => {
      const summary = await fetch(`${t.baseUrl}/v1/monitor/${seeded.monitorId}%00/summary`, {
        headers: { 'x-service-key': tenant.writeKey },
      });
      expect(summary.status).toBe(404);
      for (const path of ['confirm', 'unsubscribe']) {
        const response = await fetch(`${t.baseUrl}/subscriptions/${path}?token=abc%00def`, { method: 'POST' });
        expect(response.status).toBe(404);
      }
    });
  });
});
