// Exports of a workspace as infrastructure as code (issue 30): the service verb every transport calls
// (the command line, RPC, MCP and the dashboard) and the writers of its files.
import { Module } from '@nestjs/common';
import { EscalationPoliciesModule } from '../escalation-policies/escalation-policies.module';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PrivateLocationsModule } from '../private-locations/private-locations.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { StatusReportsModule } from '../status-reports/status-reports.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { ExportsService } from './exports.service';

@Module({
  imports: [
    WorkspacesModule,
    MonitorsModule,
    NotificationsModule,
    StatusPagesModule,
    PrivateLocationsModule,
    EscalationPoliciesModule,
    MaintenancesModule,
    StatusReportsModule,
  ],
  providers: [ExportsService],
  exports: [ExportsService],
})
export class ExportsModule {}
