import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from './core.module';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import { AlertsModule } from './alerts/alerts.module';
import { AutoIncidentsModule } from './auto-incidents/auto-incidents.module';
import { BootstrapModule } from './bootstrap/bootstrap.module';
import { CheckResultsModule } from './check-results/check-results.module';
import { CheckerModule } from './checker/checker.module';
import type { AppConfig } from './config/config';
import { DashboardModule } from './dashboard/dashboard.module';
import { ExportsModule } from './exports/exports.module';
import { HealthModule } from './health/health.module';
import { DomainErrorFilter } from './http/domain-error.filter';
import { OpenApiModule } from './openapi/openapi.module';
import { RetentionScheduler } from './check-results/retention.service';
import { RpcModule } from './rpc/rpc.module';
import { PublicPagesModule } from './public-pages/public-pages.module';
import { SiteModule } from './site/site.module';
import { McpModule } from './mcp/mcp.module';
import { MetricsModule } from './metrics/metrics.module';
import { OAuthModule } from './oauth/oauth.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { HeartbeatRoutes } from './heartbeats/heartbeat.routes';
import { HeartbeatSweeper } from './heartbeats/heartbeat-sweeper';

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
        AutoIncidentsModule,
        SiteModule,
        PublicPagesModule,
        McpModule,
        OAuthModule,
        DashboardModule,
        RateLimitModule,
        MetricsModule,
        ExportsModule,
      ],
      // The heartbeats' ping routes and deadline sweeper run in the server only (HeartbeatsModule is core).
      providers: [
        { provide: APP_FILTER, useClass: DomainErrorFilter },
        RetentionScheduler,
        HeartbeatRoutes,
        HeartbeatSweeper,
      ],
    };
  }
}
