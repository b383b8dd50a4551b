import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import { AgentPresenceModule } from './agent-presence/agent-presence.module';
import { AlertsModule } from './alerts/alerts.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AuditModule } from './audit/audit.module';
import { BootstrapModule } from './bootstrap/bootstrap.module';
import { CheckResultsModule } from './check-results/check-results.module';
import { CheckerModule } from './checker/checker.module';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { ContentModule } from './content/content.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DatabaseModule } from './database/database.module';
import type { EmbeddedRole } from './database/embedded/embedded-postgres';
import { HealthModule } from './health/health.module';
import { DomainErrorFilter } from './http/domain-error.filter';
import { MaintenancesModule } from './maintenances/maintenances.module';
import { MonitorsModule } from './monitors/monitors.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OpenApiModule } from './openapi/openapi.module';
import { PrivateLocationsModule } from './private-locations/private-locations.module';
import { RetentionScheduler } from './check-results/retention.service';
import { RpcModule } from './rpc/rpc.module';
import { PublicPagesModule } from './public-pages/public-pages.module';
import { SiteModule } from './site/site.module';
import { McpModule } from './mcp/mcp.module';
import { OAuthModule } from './oauth/oauth.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { StatusPagesModule } from './status-pages/status-pages.module';
import { StatusReportsModule } from './status-reports/status-reports.module';
import { SubscribersModule } from './subscribers/subscribers.module';
import { UsersModule } from './users/users.module';
import { WorkspacesModule } from './workspaces/workspaces.module';
import { ENTITIES } from './entities';

/** The service layer without any transport: what the server, the command line and tests share. */
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, logger: Logger, role: EmbeddedRole): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ConfigModule.forRoot(config, logger),
        DatabaseModule.forRoot(role, ENTITIES),
        AuditModule,
        WorkspacesModule,
        UsersModule,
        ApiKeysModule,
        MonitorsModule,
        StatusPagesModule,
        StatusReportsModule,
        MaintenancesModule,
        NotificationsModule,
        PrivateLocationsModule,
        ContentModule,
        SubscribersModule,
        AgentPresenceModule,
      ],
      exports: [
        WorkspacesModule,
        UsersModule,
        ApiKeysModule,
        MonitorsModule,
        StatusPagesModule,
        StatusReportsModule,
        MaintenancesModule,
        NotificationsModule,
        PrivateLocationsModule,
        ContentModule,
        SubscribersModule,
        AgentPresenceModule,
      ],
    };
  }
}

/** The HTTP server: the core plus transports, health, first run and background maintenance. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, logger, 'server'),
        HealthModule,
        BootstrapModule,
        RpcModule,
        OpenApiModule,
        CheckerModule,
        CheckResultsModule,
        AlertsModule,
        SiteModule,
        PublicPagesModule,
        McpModule,
        OAuthModule,
        DashboardModule,
        RateLimitModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: DomainErrorFilter }, RetentionScheduler],
    };
  }
}
