import { Module } from '@nestjs/common';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/** Dashboard sessions and sign-in links; imported by the dashboard and by the first run (which prints a link). */
@Module({
  providers: [SessionsRepository, SessionsService],
  exports: [SessionsService],
})
export class DashboardSessionsModule {}
