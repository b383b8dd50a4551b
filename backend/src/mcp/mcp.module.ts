import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { ContentModule } from '../content/content.module';
import { ContentService } from '../content/content.service';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { OAuthAccessTokenVerifier } from '../oauth/access-token.verifier';
import { PrivateLocationsModule } from '../private-locations/private-locations.module';
import { RpcModule } from '../rpc/rpc.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { StatusReportsModule } from '../status-reports/status-reports.module';
import { SubscribersModule } from '../subscribers/subscribers.module';
import { SubscriberNotifier } from '../subscribers/subscriber-notifier.service';
import { McpEndpoint } from './mcp.endpoint';
import { McpTools } from './mcp-tools';
import { CONTENT_INDEX, PAGE_NOTIFIER } from './ports';

@Module({
  imports: [
    ApiKeysModule,
    ContentModule,
    MonitorsModule,
    StatusPagesModule,
    StatusReportsModule,
    MaintenancesModule,
    NotificationsModule,
    PrivateLocationsModule,
    RpcModule,
    SubscribersModule,
  ],
  providers: [
    McpTools,
    McpEndpoint,
    OAuthAccessTokenVerifier,
    { provide: CONTENT_INDEX, useExisting: ContentService },
    { provide: PAGE_NOTIFIER, useExisting: SubscriberNotifier },
  ],
  exports: [McpEndpoint, OAuthAccessTokenVerifier],
})
export class McpModule {}
