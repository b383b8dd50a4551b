import { Module } from '@nestjs/common';
import { MonitorDeletionModule } from '../monitors/monitor-deletion';
import { AlertsRepository } from './alerts.repository';

/**
 * The alerting tables' repository, for every module that reads them: a channel's view shows its
 * last delivery, retention forgets old transitions. Sending is in AlertSendingModule; the worker and
 * the ingest hook are in AlertsModule, which only the server runs.
 */
@Module({
  imports: [MonitorDeletionModule],
  providers: [AlertsRepository],
  exports: [AlertsRepository],
})
export class AlertsCoreModule {}
