import { Module } from '@nestjs/common';
import { SchedulesRepository } from '../checker/scheduling/schedules.repository';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { CheckResultsRepository } from './check-results.repository';
import { MonitorsController } from './monitors.controller';
import { MonitorsRepository } from './monitors.repository';
import { MonitorsService } from './monitors.service';
import { RetentionService } from './retention.service';

@Module({
  imports: [ApiKeysModule],
  controllers: [MonitorsController],
  providers: [MonitorsRepository, SchedulesRepository, CheckResultsRepository, MonitorsService, RetentionService],
  exports: [MonitorsService, MonitorsRepository, SchedulesRepository, CheckResultsRepository, RetentionService],
})
export class MonitorsModule {}
