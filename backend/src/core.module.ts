// The service layer without any transport, in a file of its own so the command line and the tests
// that need only the verbs load none of the transports (the MCP SDK, the dashboard, the RPC server).
import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { AgentPresenceModule } from './agent-presence/agent-presence.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AuditModule } from './audit/audit.module';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { ContentModule } from './content/content.module';
import { DatabaseModule } from './database/database.module';
import type { EmbeddedRole } from './database/embedded/embedded-postgres';
import { ENTITIES } from './entities';
import { EscalationPoliciesModule } from './escalation-policies/escalation-policies.module';
import { HeartbeatsModule } from './heartbeats/heartbeats.module';
import { ImportsModule } from './imports/imports.module';
import { MaintenancesModule } from './maintenances/maintenances.module';
import { MonitorsModule } from './monitors/monitors.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OAuthGrantsModule } from './oauth/oauth-grants.module';
import { PrivateLocationsModule } from './private-locations/private-locations.module';
import { StatusPagesModule } from './status-pages/status-pages.module';
import { StatusReportsModule } from './status-reports/status-reports.module';
import { SubscribersModule } from './subscribers/subscribers.module';
import { UsersModule } from './users/users.module';
import { WorkspacesModule } from './workspaces/workspaces.module';

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
        OAuthGrantsModule,
        MonitorsModule,
        StatusPagesModule,
        StatusReportsModule,
        MaintenancesModule,
        NotificationsModule,
        PrivateLocationsModule,
        EscalationPoliciesModule,
        ContentModule,
        SubscribersModule,
        AgentPresenceModule,
        HeartbeatsModule,
        ImportsModule,
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
        EscalationPoliciesModule,
        ContentModule,
        SubscribersModule,
        AgentPresenceModule,
        HeartbeatsModule,
        ImportsModule,
      ],
    };
  }
}
