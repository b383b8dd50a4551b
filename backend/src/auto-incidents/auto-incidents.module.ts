import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { StatusReportsModule } from '../status-reports/status-reports.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { AutoIncidentSweeper } from './auto-incident-sweeper';
import { AutoIncidentsRepository } from './auto-incidents.repository';
import { AutoIncidentsService } from './auto-incidents.service';

/**
 * Incidents opened by monitors, as the server runs them: it reads alerting's status (AlertsModule, the
 * server's), so it is not part of the command line either. The settings live on the page components
 * (status-pages/), the reports are status-reports/'.
 */
@Module({
  imports: [AlertsModule, MaintenancesModule, StatusPagesModule, StatusReportsModule, WorkspacesModule],
  providers: [AutoIncidentsRepository, AutoIncidentsService, AutoIncidentSweeper],
  exports: [AutoIncidentsService],
})
export class AutoIncidentsModule {}
