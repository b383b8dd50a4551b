// Every service through the Connect client in JSON format (the other suites use binary), on one
// realistic flow: a page with components and a group, an incident, a maintenance, a notification
// channel and a private location wired to a monitor.
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createClient, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { MaintenanceService } from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb';
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { PrivateLocationService } from '@uptime/proto/gen/private_location/v1/private_location_service_pb';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import {
  StatusReportFilter,
  StatusReportService,
  StatusReportStatus,
} from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { newTenant, startHttpApp, type HttpTestApp } from '../support/http-app';

describe('all services over Connect JSON', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    t = await startHttpApp();
  });

  afterAll(() => t.close());

  it('creates, reads and lists every resource kind', async () => {
    const tenant = await newTenant(t);
    const withKey: Interceptor = (next) => (req) => {
      req.header.set('x-service-key', tenant.writeKey);
      return next(req);
    };
    const transport = createConnectTransport({
      baseUrl: `${t.baseUrl}/rpc`,
      httpVersion: '1.1',
      useBinaryFormat: false,
      interceptors: [withKey],
    });
    const monitors = createClient(MonitorService, transport);
    const pages = createClient(StatusPageService, transport);
    const reports = createClient(StatusReportService, transport);
    const maintenances = createClient(MaintenanceService, transport);
    const notifications = createClient(NotificationService, transport);
    const locations = createClient(PrivateLocationService, transport);

    const monitor = (
      await monitors.createHTTPMonitor({
        monitor: { name: 'API', url: 'https://api.example.com', periodicity: Periodicity.PERIODICITY_1M },
      })
    ).monitor!;
    const page = (await pages.createStatusPage({ statusPage: { title: 'Acme', slug: `acme-json-${Date.now()}` } }))
      .statusPage!;
    const group = (await pages.createComponentGroup({ group: { pageId: page.id, name: 'Core' } })).group!;
    const component = (
      await pages.createPageComponent({
        component: { pageId: page.id, type: 'monitor', monitorId: monitor.id, groupId: group.id },
      })
    ).component!;
    expect((await pages.listPageComponents({ pageId: page.id })).components.map((c) => c.id)).toEqual([component.id]);

    const report = (
      await reports.createStatusReport({
        pageId: page.id,
        title: 'Elevated errors',
        status: StatusReportStatus.INVESTIGATING,
        message: 'We are looking into it',
        pageComponentIds: [component.id],
      })
    ).statusReport!;
    expect(report.pageComponentIds).toEqual([component.id]);
    const resolved = (await reports.resolveStatusReport({ id: report.id, message: 'Fixed' })).statusReport!;
    expect(resolved.status).toBe(StatusReportStatus.RESOLVED);
    expect(
      (await reports.listStatusReports({ filter: StatusReportFilter.ALL })).statusReports.map((r) => r.id),
    ).toContain(report.id);

    const from = new Date(Date.now() + 3_600_000);
    const maintenance = (
      await maintenances.createMaintenance({
        maintenance: {
          pageId: page.id,
          title: 'Database upgrade',
          from: timestampFromDate(from),
          to: timestampFromDate(new Date(from.getTime() + 3_600_000)),
          pageComponentIds: [component.id],
        },
      })
    ).maintenance!;
    expect((await maintenances.getMaintenance({ id: maintenance.id })).maintenance?.title).toBe('Database upgrade');

    const channel = (
      await notifications.createNotification({
        notification: {
          name: 'On-call mail',
          providerType: 'email',
          monitorIds: [monitor.id],
          provider: { case: 'email', value: { email: 'oncall@example.com' } },
        },
      })
    ).notification!;
    expect((await notifications.getNotification({ id: channel.id })).notification?.monitorIds).toEqual([monitor.id]);

    const location = (
      await locations.createPrivateLocation({
        privateLocation: { name: 'Office', monitorIds: [monitor.id], metadata: { site: 'hq' } },
      })
    ).privateLocation!;
    expect(location.token).toMatch(/^svc_plt_/);
    expect((await locations.listPrivateLocations({})).privateLocations[0]).toMatchObject({
      id: location.id,
      token: '',
    });
    const withLocation = await monitors.getMonitor({ id: monitor.id });
    expect(
      withLocation.monitor?.config.case === 'http' && withLocation.monitor.config.value.privateLocationIds,
    ).toEqual([location.id]);
  });
});
