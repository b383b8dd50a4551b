import { Module } from '@nestjs/common';
import { SchedulesModule } from '../schedules/schedules.module';
import { MonitorDeletionModule } from '../checks/monitor-deletion';
import { CheckResultsRepository } from './check-results.repository';
import { CHECK_RESULTS_PORT } from './check-results.port';
import { ResultIngestService } from './result-ingest';
import { RetentionService } from './retention.service';

/** Check results and what derives from them: storage, ingest, aggregates, summaries and retention. */
@Module({
  imports: [SchedulesModule, MonitorDeletionModule],
  providers: [
    { provide: CHECK_RESULTS_PORT, useExisting: CheckResultsRepository },
    CheckResultsRepository,
    ResultIngestService,
    RetentionService,
  ],
  exports: [ResultIngestService, RetentionService, CHECK_RESULTS_PORT],
})
export class CheckResultsModule {}
