import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { CheckResultsModule } from '../check-results/check-results.module';
import { SchedulesModule } from '../schedules/schedules.module';
import { MonitorChangesModule } from '../checks/monitor-changes';
import { MonitorDeletionModule } from '../checks/monitor-deletion';
import { MonitorsController } from './monitors.controller';
import { MonitorsRepository } from './monitors.repository';
import { MONITORS_PORT } from './monitors.port';
import { MonitorCache } from './monitor-cache';
import { MonitorsService } from './monitors.service';
import { MonitorsOverviewService } from './monitors-overview.service';
import { MonitorAlertHistory } from './monitor-alert-history';
import { MonitorInsightsService } from './monitor-insights.service';
import { EscalationPolicyLookup } from './escalation-policy-lookup';

@Module({
  imports: [ApiKeysModule, SchedulesModule, CheckResultsModule, MonitorDeletionModule, MonitorChangesModule],
  controllers: [MonitorsController],
  providers: [
    { provide: MONITORS_PORT, useExisting: MonitorsRepository },
    MonitorsRepository,
    MonitorsService,
    MonitorsOverviewService,
    MonitorInsightsService,
    MonitorCache,
    MonitorAlertHistory,
    EscalationPolicyLookup,
  ],
  exports: [
    MonitorsService,
    MonitorsOverviewService,
    MonitorInsightsService,
    MonitorAlertHistory,
    EscalationPolicyLookup,
    MonitorDeletionModule,
    MONITORS_PORT,
  ],
})
export class MonitorsModule {}
