import { Inject, Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { EscalationPoliciesModule } from '../escalation-policies/escalation-policies.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { MonitorDeletionModule } from '../checks/monitor-deletion';
import { CheckResultsModule } from '../check-results/check-results.module';
import { ALERT_HISTORY_DAYS, RetentionService } from '../check-results/retention.service';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { MonitorAlertHistory } from '../monitors/monitor-alert-history';
import { MonitorsModule } from '../monitors/monitors.module';
import { DeliveryHistory } from '../notifications/delivery-history';
import { NotificationsModule } from '../notifications/notifications.module';
import { AlertClock } from './alert-clock';
import { AlertDeliveryWorker } from './alert-delivery.worker';
import { AlertLifecycleRepository } from './alert-lifecycle.repository';
import { AlertsService } from './alerts.service';
import { ALERT_OUTBOX_PORT } from './alert-outbox.port';
import { ALERT_STATUS_PORT } from './alert-status.port';
import { AlertTransitions } from './alert-transitions';
import { AlertsRepository } from './alerts.repository';
import { CertificateAlerts } from './certificate-alerts';

/**
 * Alerting as the server runs it: transitions recorded in the ingest transaction, the outbox and the
 * worker that delivers it (sending itself is channels/). Not part of the command line, which neither
 * ingests nor delivers.
 *
 * The modules whose views show alerting's tables (a monitor's status history, a channel's last
 * delivery) and retention, which forgets them, are imported here and do not import this module:
 * alerting plugs its readers into their ports when it starts, as monitor-deletion.ts does for
 * deletions. Without it nothing is recorded, and those views show none.
 */
@Module({
  imports: [
    NotificationsModule,
    CheckResultsModule,
    MaintenancesModule,
    MonitorsModule,
    MonitorDeletionModule,
    ChannelsModule,
    EscalationPoliciesModule,
    WorkspacesModule,
  ],
  providers: [
    AlertsRepository,
    AlertLifecycleRepository,
    AlertsService,
    AlertClock,
    { provide: ALERT_OUTBOX_PORT, useExisting: AlertsRepository },
    { provide: ALERT_STATUS_PORT, useExisting: AlertsRepository },
    AlertTransitions,
    CertificateAlerts,
    AlertDeliveryWorker,
  ],
  exports: [
    AlertsService,
    AlertsRepository,
    ALERT_OUTBOX_PORT,
    ALERT_STATUS_PORT,
    AlertDeliveryWorker,
    AlertTransitions,
    CertificateAlerts,
  ],
})
export class AlertsModule {
  constructor(
    @Inject(AlertsRepository) alerts: AlertsRepository,
    @Inject(MonitorAlertHistory) monitorHistory: MonitorAlertHistory,
    @Inject(DeliveryHistory) deliveryHistory: DeliveryHistory,
    @Inject(RetentionService) retention: RetentionService,
    @Inject(AlertLifecycleRepository) lifecycle: AlertLifecycleRepository,
  ) {
    monitorHistory.provide((monitorId, limit) => alerts.transitionsOf(monitorId, limit));
    deliveryHistory.provide((channelIds) => alerts.lastDeliveries(channelIds));
    retention.alsoForget((now) => alerts.forgetBefore(new Date(now.getTime() - ALERT_HISTORY_DAYS * 86_400_000)));
    retention.alsoForget((now) => lifecycle.forgetBefore(new Date(now.getTime() - ALERT_HISTORY_DAYS * 86_400_000)));
  }
}
