import { Module } from '@nestjs/common';
import { SchedulesRepository } from './schedules.repository';
import { SCHEDULES_PORT } from './schedules.port';

/** The check plan (schedules and triggers), on its own so monitors and results can use it without the checker. */
@Module({
  providers: [{ provide: SCHEDULES_PORT, useExisting: SchedulesRepository }, SchedulesRepository],
  exports: [SCHEDULES_PORT],
})
export class SchedulesModule {}
