// Two rules of the publishing verbs that RPC and MCP share with the dashboard (issue 25, point 2):
// a report or maintenance named with a page is found only on that page (a report of another page of
// the same workspace is not_found, as the dashboard's URLs answer 404), and a publish that asked for
// mail on a server without SMTP answers notified false with the reason. Real Connect and MCP SDK
// clients on a test app with no SMTP_URL.
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, createClient } from '@connectrpc/connect';
import { MaintenanceService } from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb';
import { StatusReportService, StatusReportStatus } from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { MaintenancesService } from '../../backend/src/maintenances/maintenances.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { errorText, McpTestClients } from '../support/mcp';
import { rpcError, rpcTransport } from '../support/rpc';

const NO_MAIL = 'e-mail is not configured on this server (the operator sets SMTP_URL to turn it on)';

describe('publishing verbs over RPC and MCP: the page a record is on, and why mail did not go', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let mcp: McpTestClients;
  let pageA: string;
  let pageB: string;

  const transport = () => rpcTransport(t.baseUrl, tenant.writeKey);
  const reports = () => createClient(StatusReportService, transport());
  const maintenances = () => createClient(MaintenanceService, transport());
  const window = () => ({
    from: timestampFromDate(new Date(Date.now() + 86_400_000)),
    to: timestampFromDate(new Date(Date.now() + 90_000_000)),
  });

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t, 'pro');
    mcp = new McpTestClients(t.baseUrl, 'publish-page-rules');
    const pages = t.app.get(StatusPagesService);
    pageA = (await pages.create(tenant.ctx, { title: 'Page A', slug: `rules-a-${Date.now()}` })).id;
    pageB = (await pages.create(tenant.ctx, { title: 'Page B', slug: `rules-b-${Date.now()}` })).id;
  });
  afterAll(async () => {
    await mcp.closeAll();
    await t.close();
  });

  it('answers not_found over RPC for a report or maintenance of another page of the same workspace', async () => {
    const { statusReport } = await reports().createStatusReport({ pageId: pageA, title: 'On A', message: 'A only.' });
    const id = statusReport!.id;
    const refused = [
      ['get', reports().getStatusReport({ id, pageId: pageB })],
      ['update', reports().updateStatusReport({ id, pageId: pageB, title: 'Moved?' })],
      [
        'add update',
        reports().addStatusReportUpdate({
          id,
          pageId: pageB,
          status: StatusReportStatus.MONITORING,
          message: 'Wrong page.',
        }),
      ],
      ['resolve', reports().resolveStatusReport({ id, pageId: pageB, message: 'Wrong page.' })],
      ['delete', reports().deleteStatusReport({ id, pageId: pageB })],
    ] as const;
    for (const [what, call] of refused) {
      const error = await rpcError(call);
      expect([what, error.code, error.rawMessage]).toEqual([what, Code.NotFound, `status report "${id}" not found`]);
    }
    // Nothing changed, and on its own page (or with no page named) the same id works.
    const report = await t.app.get(StatusReportsService).get(tenant.ctx, id);
    expect(report).toMatchObject({ title: 'On A', status: 'investigating' });
    expect(report.updates).toHaveLength(1);
    expect((await reports().getStatusReport({ id, pageId: pageA })).statusReport?.title).toBe('On A');
    const added = await reports().addStatusReportUpdate({
      id,
      pageId: pageA,
      status: StatusReportStatus.MONITORING,
      message: 'Right page.',
    });
    expect(added.update?.message).toBe('Right page.');
    expect((await reports().getStatusReport({ id })).statusReport?.updates).toHaveLength(2);

    const { maintenance } = await maintenances().createMaintenance({
      maintenance: { pageId: pageA, title: 'Window on A', ...window() },
    });
    const mid = maintenance!.id;
    for (const call of [
      maintenances().getMaintenance({ id: mid, pageId: pageB }),
      maintenances().deleteMaintenance({ id: mid, pageId: pageB }),
    ]) {
      const error = await rpcError(call);
      expect([error.code, error.rawMessage]).toEqual([Code.NotFound, `maintenance "${mid}" not found`]);
    }
    expect((await t.app.get(MaintenancesService).get(tenant.ctx, mid)).title).toBe('Window on A');
    expect((await maintenances().deleteMaintenance({ id: mid, pageId: pageA })).success).toBe(true);
  });

  it('answers not found over MCP for a report of another page of the same workspace', async () => {
    const client = await mcp.withKey(tenant.writeKey);
    const { id } = (
      await t.app
        .get(StatusReportsService)
        .create(tenant.ctx, { pageId: pageA, title: 'MCP on A', message: 'A only.' }, false)
    ).record.report;
    const calls: Array<[string, Record<string, unknown>]> = [
      [
        'add_status_report_update',
        { statusReportId: id, pageId: pageB, status: 'identified', message: 'x', notify: false },
      ],
      ['update_status_report', { statusReportId: id, pageId: pageB, title: 'Moved?' }],
      ['resolve_status_report', { statusReportId: id, pageId: pageB, message: 'x', notify: false }],
    ];
    for (const [name, args] of calls) {
      const result = await mcp.call(client, name, args);
      expect([name, result.isError, errorText(result)]).toEqual([
        name,
        true,
        `NOT_FOUND: status report "${id}" not found`,
      ]);
    }
    const report = await t.app.get(StatusReportsService).get(tenant.ctx, id);
    expect(report).toMatchObject({ title: 'MCP on A', status: 'investigating' });
    expect(report.updates).toHaveLength(1);
    const ok = await mcp.ok(client, 'resolve_status_report', {
      statusReportId: id,
      pageId: pageA,
      message: 'Done.',
      notify: false,
    });
    expect(ok).toMatchObject({ notified: false, statusReport: { status: 'resolved' } });
    expect(ok).not.toHaveProperty('notifyError');
  });

  it('says why no mail went out when notify was asked on a server without SMTP', async () => {
    const created = await reports().createStatusReport({
      pageId: pageA,
      title: 'Mail is off',
      message: 'Asked for mail.',
      notify: true,
    });
    expect([created.notified, created.notifyError]).toEqual([false, NO_MAIL]);
    const quiet = await reports().resolveStatusReport({ id: created.statusReport!.id, message: 'Quietly.' });
    expect([quiet.notified, quiet.notifyError]).toEqual([false, '']);
    const scheduled = await maintenances().createMaintenance({
      maintenance: { pageId: pageA, title: 'Mail is off too', ...window() },
      notify: true,
    });
    expect([scheduled.notified, scheduled.notifyError]).toEqual([false, NO_MAIL]);

    const client = await mcp.withKey(tenant.writeKey);
    await mcp.checkOutputSchemas(client);
    const out = await mcp.ok(client, 'create_status_report', {
      pageId: pageA,
      title: 'MCP, mail off',
      message: 'Asked for mail.',
      notify: true,
    });
    expect(out).toMatchObject({ notified: false, notifyError: NO_MAIL });
    const window2 = {
      from: new Date(Date.now() + 86_400_000).toISOString(),
      to: new Date(Date.now() + 90_000_000).toISOString(),
    };
    const maintenance = await mcp.ok(client, 'create_maintenance', {
      pageId: pageA,
      title: 'MCP window',
      ...window2,
      notify: true,
    });
    expect(maintenance).toMatchObject({ notified: false, notifyError: NO_MAIL });
  });
});
