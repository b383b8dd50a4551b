// Serves the Connect RPC API under {base_url}/rpc (Connect JSON and binary, and gRPC-web)
// inside the Nest application's Fastify instance.
import { compressionBrotli, compressionGzip } from '@connectrpc/connect-node';
import { createConnectRouter, type ConnectRouter } from '@connectrpc/connect';
import type { DescService } from '@bufbuild/protobuf';
import { Inject, Injectable } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { AlertService } from '@uptime/proto/gen/alert/v1/alert_service_pb';
import { MaintenanceService } from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { PrivateLocationService } from '@uptime/proto/gen/private_location/v1/private_location_service_pb';
import { StatusReportService } from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { LOGGER } from '../config/config.module';
import { alertRpcMethods } from '../alerts/alerts.rpc';
import { AlertsService } from '../alerts/alerts.service';
import { escalationPolicyRpcMethods } from '../escalation-policies/escalation-policies.rpc';
import { EscalationPoliciesService } from '../escalation-policies/escalation-policies.service';
import { maintenanceServiceImpl } from '../maintenances/maintenances.rpc';
import { MaintenancesService } from '../maintenances/maintenances.service';
import { heartbeatRpcMethods } from '../heartbeats/heartbeats.rpc';
import { HeartbeatsService } from '../heartbeats/heartbeats.service';
import { monitorServiceImpl } from '../monitors/monitors.rpc';
import { MonitorsService } from '../monitors/monitors.service';
import { notificationServiceImpl } from '../notifications/notifications.rpc';
import { NotificationsService } from '../notifications/notifications.service';
import { privateLocationServiceImpl } from '../private-locations/private-locations.rpc';
import { PrivateLocationsService } from '../private-locations/private-locations.service';
import { DailySummaryService } from '../status-pages/daily-summary.service';
import { PageComponentsService } from '../status-pages/page-components.service';
import { statusPageServiceImpl } from '../status-pages/status-pages.rpc';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import { statusReportServiceImpl } from '../status-reports/status-reports.rpc';
import { StatusReportsService } from '../status-reports/status-reports.service';
import { SubscriberService } from '@uptime/proto/gen/subscriber/v1/subscriber_service_pb';
import { SlaService as SlaRpcService } from '@uptime/proto/gen/sla/v1/sla_service_pb';
import { slaServiceImpl } from '../sla/sla.rpc';
import { ImportService as ImportRpcService } from '@uptime/proto/gen/imports/v1/import_service_pb';
import { importServiceImpl } from '../imports/imports.rpc';
import { ExportService as ExportRpcService } from '@uptime/proto/gen/exports/v1/export_service_pb';
import { exportServiceImpl } from '../exports/exports.rpc';
import { ExportsService } from '../exports/exports.service';
import { ImportsService } from '../imports/imports.service';
import { SlaService } from '../sla/sla.service';
import { subscriberServiceImpl } from '../subscribers/subscribers.rpc';
import { SubscribersService } from '../subscribers/subscribers.service';
import { AuthFailureLimiter } from '../rate-limit/auth-failure-limiter';
import { rpcContextValues } from '../rpc-kit/call-context';
import { authInterceptor } from './rpc-context';
import { errorInterceptor, RPC_READ_MAX_BYTES, withProtocolErrors } from './rpc-errors';
import { connectRoutes } from './fastify-connect';

export const RPC_PREFIX = '/rpc';

@Injectable()
export class RpcServer {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ApiKeysService) private readonly apiKeys: ApiKeysService,
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(HeartbeatsService) private readonly heartbeats: HeartbeatsService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(PrivateLocationsService) private readonly privateLocations: PrivateLocationsService,
    @Inject(EscalationPoliciesService) private readonly escalationPolicies: EscalationPoliciesService,
    @Inject(AlertsService) private readonly alerts: AlertsService,
    @Inject(StatusReportsService) private readonly statusReports: StatusReportsService,
    @Inject(MaintenancesService) private readonly maintenances: MaintenancesService,
    @Inject(StatusPagesService) private readonly statusPages: StatusPagesService,
    @Inject(PageComponentsService) private readonly pageComponents: PageComponentsService,
    @Inject(DailySummaryService) private readonly dailySummaries: DailySummaryService,
    @Inject(SubscribersService) private readonly subscribers: SubscribersService,
    @Inject(SlaService) private readonly sla: SlaService,
    @Inject(ImportsService) private readonly imports: ImportsService,
    @Inject(ExportsService) private readonly exports: ExportsService,
    @Inject(AuthFailureLimiter) private readonly authFailures: AuthFailureLimiter,
  ) {}

  routes(router: ConnectRouter): void {
    router.service(MonitorService, {
      ...monitorServiceImpl(this.monitors),
      ...heartbeatRpcMethods(this.heartbeats),
    });
    router.service(NotificationService, notificationServiceImpl(this.notifications));
    router.service(PrivateLocationService, privateLocationServiceImpl(this.privateLocations));
    router.service(StatusReportService, statusReportServiceImpl(this.statusReports));
    router.service(MaintenanceService, maintenanceServiceImpl(this.maintenances));
    router.service(
      StatusPageService,
      statusPageServiceImpl(this.statusPages, this.pageComponents, this.dailySummaries),
    );
    router.service(SubscriberService, subscriberServiceImpl(this.subscribers));
    router.service(AlertService, {
      ...escalationPolicyRpcMethods(this.escalationPolicies),
      ...alertRpcMethods(this.alerts),
    });
    router.service(SlaRpcService, slaServiceImpl(this.sla));
    router.service(ImportRpcService, importServiceImpl(this.imports));
    router.service(ExportRpcService, exportServiceImpl(this.exports));
  }

  /** Every service the router serves, for the OpenAPI document. */
  services(): DescService[] {
    const router = createConnectRouter();
    this.routes(router);
    return [...new Set(router.handlers.map((h) => h.service))];
  }

  async register(app: NestFastifyApplication): Promise<void> {
    const router = createConnectRouter({
      interceptors: [errorInterceptor(this.logger), authInterceptor(this.apiKeys, this.authFailures)],
      jsonOptions: { ignoreUnknownFields: false },
      readMaxBytes: RPC_READ_MAX_BYTES,
      acceptCompression: [compressionGzip, compressionBrotli],
    });
    this.routes(router);
    // Each handler is wrapped so Connect's own decode errors (raised before any interceptor) are
    // answered like ours.
    const handlers = router.handlers.map((handler) => withProtocolErrors(handler, this.logger));
    await app.register(
      (instance, _opts, done) => {
        // Every content type reaches Connect unread, so an unsupported one is answered in Connect's
        // error format (see withProtocolErrors) rather than by Fastify's own 415.
        instance.removeAllContentTypeParsers();
        instance.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null, undefined));
        connectRoutes(instance, { handlers, contextValues: rpcContextValues, logger: this.logger });
        done();
      },
      { prefix: RPC_PREFIX },
    );
  }
}
