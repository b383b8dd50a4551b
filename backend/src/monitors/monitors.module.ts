import { Module } from '@nestjs/common';
import { CheckResultsRepository } from './check-results.repository';
import { MonitorsRepository } from './monitors.repository';
import { MonitorsService } from './monitors.service';
import { RetentionService } from './retention.service';

@Module({
  providers: [MonitorsRepository, CheckResultsRepository, MonitorsService, RetentionService],
  exports: [MonitorsService, RetentionService],
})
export class MonitorsModule {}
