import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AlertsCoreModule } from '../alerts/alerts-core.module';
import { CheckResultsModule } from '../check-results/check-results.module';
import { SchedulesModule } from '../schedules/schedules.module';
import { MonitorDeletionModule } from './monitor-deletion';
import { MonitorsController } from './monitors.controller';
import { MonitorsRepository } from './monitors.repository';
import { MonitorCache } from './monitor-cache';
import { MonitorsService } from './monitors.service';
import { MonitorsOverviewService } from './monitors-overview.service';
import { MonitorInsightsService } from './monitor-insights.service';

@Module({
  imports: [ApiKeysModule, SchedulesModule, CheckResultsModule, MonitorDeletionModule, AlertsCoreModule],
  controllers: [MonitorsController],
  providers: [MonitorsRepository, MonitorsService, MonitorsOverviewService, MonitorInsightsService, MonitorCache],
  exports: [
    MonitorsService,
    MonitorsOverviewService,
    MonitorInsightsService,
    MonitorsRepository,
    MonitorDeletionModule,
  ],
})
export class MonitorsModule {}
