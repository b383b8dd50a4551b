import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ContentModule } from '../content/content.module';
import { ContentService } from '../content/content.service';
import { EscalationPoliciesModule } from '../escalation-policies/escalation-policies.module';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { OAuthModule } from '../oauth/oauth.module';
import { PrivateLocationsModule } from '../private-locations/private-locations.module';
import { RpcModule } from '../rpc/rpc.module';
import { ImportsModule } from '../imports/imports.module';
import { ExportsModule } from '../exports/exports.module';
import { SlaModule } from '../sla/sla.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { StatusReportsModule } from '../status-reports/status-reports.module';
import { McpEndpoint } from './mcp.endpoint';
import { CONTENT_INDEX } from './ports';
import { McpTools } from './tools';

@Module({
  imports: [
    AlertsModule,
    ApiKeysModule,
    ContentModule,
    MonitorsModule,
    StatusPagesModule,
    StatusReportsModule,
    MaintenancesModule,
    NotificationsModule,
    OAuthModule,
    PrivateLocationsModule,
    EscalationPoliciesModule,
    RpcModule,
    SlaModule,
    ImportsModule,
    ExportsModule,
  ],
  providers: [McpTools, McpEndpoint, { provide: CONTENT_INDEX, useExisting: ContentService }],
  exports: [McpEndpoint, OAuthModule],
})
export class McpModule {}
