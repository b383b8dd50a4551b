import { Inject, Module } from '@nestjs/common';
import { CheckResultsModule } from '../check-results/check-results.module';
import { RetentionService } from '../check-results/retention.service';
import { RESULT_RETENTION_DAYS } from '../checks/check-config';
import { MonitorChangesModule } from '../checks/monitor-changes';
import { MonitorDeletionModule } from '../checks/monitor-deletion';
import { MonitorsModule } from '../monitors/monitors.module';
import { HeartbeatsRepository } from './heartbeats.repository';
import { HeartbeatsService } from './heartbeats.service';

/**
 * Heartbeat monitors' pings, states and judging, as verbs (HeartbeatsService). Part of the core, so a
 * heartbeat created anywhere (the command line included) gets its deadline in its save transaction.
 * The server adds the ping routes (HeartbeatRoutes) and the sweeper (HeartbeatSweeper); see
 * app.module.ts.
 */
@Module({
  imports: [MonitorsModule, CheckResultsModule, MonitorChangesModule, MonitorDeletionModule],
  providers: [HeartbeatsRepository, HeartbeatsService],
  exports: [HeartbeatsService],
})
export class HeartbeatsModule {
  constructor(
    @Inject(RetentionService) retention: RetentionService,
    @Inject(HeartbeatsService) heartbeats: HeartbeatsService,
  ) {
    // Pings are kept as long as raw check results.
    retention.alsoForget((now) =>
      heartbeats.forgetPingsBefore(new Date(now.getTime() - RESULT_RETENTION_DAYS * 86_400_000)),
    );
  }
}
