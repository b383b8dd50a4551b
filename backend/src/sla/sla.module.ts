import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module';
import { CheckResultsModule } from '../check-results/check-results.module';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { SlaService } from './sla.service';

/**
 * SLA reports (sla.service.ts). Reads alerting's status history, so it brings AlertsModule: the RPC
 * API, the MCP server and the dashboard import this module, and all run in the server with alerting.
 */
@Module({
  imports: [AlertsModule, CheckResultsModule, MaintenancesModule, MonitorsModule, StatusPagesModule],
  providers: [SlaService],
  exports: [SlaService],
})
export class SlaModule {}
