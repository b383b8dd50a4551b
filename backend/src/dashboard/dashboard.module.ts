import { Module } from '@nestjs/common';
import { AgentPresenceModule } from '../agent-presence/agent-presence.module';
import { AlertsModule } from '../alerts/alerts.module';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AuditModule } from '../audit/audit.module';
import { HeartbeatsModule } from '../heartbeats/heartbeats.module';
import { ExportsModule } from '../exports/exports.module';
import { ImportsModule } from '../imports/imports.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { StatusReportsModule } from '../status-reports/status-reports.module';
import { SubscribersModule } from '../subscribers/subscribers.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { SlaModule } from '../sla/sla.module';
import { EscalationPoliciesModule } from '../escalation-policies/escalation-policies.module';
import { PrivateLocationsModule } from '../private-locations/private-locations.module';
import { OAuthModule } from '../oauth/oauth.module';
import { UsersModule } from '../users/users.module';
import { AlertLinkRoutes } from './alert-link.routes';
import { AlertsRoutes } from './alerts.routes';
import { DashboardRequests } from './dashboard-requests';
import { DashboardRoutes } from './dashboard.routes';
import { DashboardSessionsModule } from './sessions/sessions.module';
import { ExportRoutes } from './export.routes';
import { ImportRoutes } from './import.routes';
import { SettingsRoutes } from './settings.routes';
import { SlaRoutes } from './sla.routes';
import { SignInService } from './sign-in.service';
import { MonitorFormsRoutes } from './monitor-forms.routes';
import { NotificationFormsRoutes } from './notification-forms.routes';
import { EscalationPolicyFormsRoutes } from './escalation-policy-forms.routes';
import { PrivateLocationFormsRoutes } from './private-location-forms.routes';
import { StatusPageComponentsRoutes } from './status-page-components.routes';
import { StatusPageDetail } from './status-page-detail';
import { StatusPageGroupsRoutes } from './status-page-groups.routes';
import { StatusPageMaintenancesRoutes } from './status-page-maintenances.routes';
import { StatusPageReportsRoutes } from './status-page-reports.routes';
import { StatusPageSettingsRoutes } from './status-page-settings.routes';
import { StatusPageSubscribersRoutes } from './status-page-subscribers.routes';
import { ComponentFormsRoutes } from './component-forms.routes';
import { WorkspacePagesRoutes } from './workspace-pages.routes';
import { WorkspaceSettingsService } from './workspace-settings.service';

/**
 * The dashboard people sign in to (DASHBOARD_URL): sign-in and sessions, the OAuth consent page and a
 * workspace's monitors (the overview and each monitor's page), private locations, audit log and settings
 * (API keys, members, connected apps). Server-rendered pages under /app and
 * /oauth/consent; the operators' dashboard grows here.
 */
@Module({
  imports: [
    UsersModule,
    ApiKeysModule,
    OAuthModule,
    DashboardSessionsModule,
    MonitorsModule,
    PrivateLocationsModule,
    AuditModule,
    StatusPagesModule,
    MaintenancesModule,
    NotificationsModule,
    StatusReportsModule,
    SubscribersModule,
    AgentPresenceModule,
    HeartbeatsModule,
    SlaModule,
    EscalationPoliciesModule,
    AlertsModule,
    ImportsModule,
    ExportsModule,
  ],
  providers: [
    DashboardRequests,
    DashboardRoutes,
    WorkspacePagesRoutes,
    MonitorFormsRoutes,
    StatusPageDetail,
    StatusPageSettingsRoutes,
    StatusPageComponentsRoutes,
    StatusPageGroupsRoutes,
    StatusPageReportsRoutes,
    StatusPageMaintenancesRoutes,
    StatusPageSubscribersRoutes,
    ComponentFormsRoutes,
    PrivateLocationFormsRoutes,
    NotificationFormsRoutes,
    EscalationPolicyFormsRoutes,
    SettingsRoutes,
    SlaRoutes,
    AlertsRoutes,
    AlertLinkRoutes,
    ImportRoutes,
    ExportRoutes,
    SignInService,
    WorkspaceSettingsService,
  ],
  exports: [SignInService, WorkspaceSettingsService],
})
export class DashboardModule {}
