import { Module } from '@nestjs/common';
import { CheckResultsModule } from '../check-results/check-results.module';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { AlertDeliveryWorker } from './alert-delivery.worker';
import { AlertTransitions } from './alert-transitions';
import { AlertSendingModule } from './alert-sending.module';
import { AlertsCoreModule } from './alerts-core.module';

/**
 * Alerting as the server runs it: transitions recorded in the ingest transaction and the worker
 * that delivers them. Not part of the command line, which neither ingests nor delivers.
 */
@Module({
  imports: [AlertsCoreModule, AlertSendingModule, NotificationsModule, CheckResultsModule, MaintenancesModule],
  providers: [AlertTransitions, AlertDeliveryWorker],
  exports: [AlertDeliveryWorker, AlertTransitions],
})
export class AlertsModule {}
