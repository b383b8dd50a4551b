import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ContentModule } from '../content/content.module';
import { ContentService } from '../content/content.service';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { OAuthModule } from '../oauth/oauth.module';
import { PrivateLocationsModule } from '../private-locations/private-locations.module';
import { RpcModule } from '../rpc/rpc.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { StatusReportsModule } from '../status-reports/status-reports.module';
import { McpEndpoint } from './mcp.endpoint';
import { CONTENT_INDEX } from './ports';
import { McpTools } from './tools';

@Module({
  imports: [
    ApiKeysModule,
    ContentModule,
    MonitorsModule,
    StatusPagesModule,
    StatusReportsModule,
    MaintenancesModule,
    NotificationsModule,
    OAuthModule,
    PrivateLocationsModule,
    RpcModule,
  ],
  providers: [McpTools, McpEndpoint, { provide: CONTENT_INDEX, useExisting: ContentService }],
  exports: [McpEndpoint, OAuthModule],
})
export class McpModule {}
