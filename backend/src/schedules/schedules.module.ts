import { Module } from '@nestjs/common';
import { SchedulesRepository } from './schedules.repository';

/** The check plan (schedules and triggers), on its own so monitors and results can use it without the checker. */
@Module({
  providers: [SchedulesRepository],
  exports: [SchedulesRepository],
})
export class SchedulesModule {}
