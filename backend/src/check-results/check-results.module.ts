import { Module } from '@nestjs/common';
import { AlertsCoreModule } from '../alerts/alerts-core.module';
import { SchedulesModule } from '../schedules/schedules.module';
import { MonitorDeletionModule } from '../monitors/monitor-deletion';
import { CheckResultsRepository } from './check-results.repository';
import { ResultIngestService } from './result-ingest';
import { RetentionService } from './retention.service';

/** Check results and what derives from them: storage, ingest, aggregates, summaries and retention. */
@Module({
  imports: [SchedulesModule, MonitorDeletionModule, AlertsCoreModule],
  providers: [CheckResultsRepository, ResultIngestService, RetentionService],
  exports: [CheckResultsRepository, ResultIngestService, RetentionService],
})
export class CheckResultsModule {}
