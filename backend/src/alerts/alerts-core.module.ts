import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { MonitorDeletionModule } from '../monitors/monitor-deletion';
import { MailerService } from '../subscribers/mailer.service';
import { AlertMessages } from './alert-messages';
import { ALERT_PROVIDERS, AlertSender } from './alert-sender';
import { AlertsRepository } from './alerts.repository';

/**
 * What every process that knows channels needs of alerting: the outbox's repository (a channel's
 * view shows its last delivery), messages and the sender (a test send). The worker and the ingest
 * hook are in AlertsModule, which only the server runs.
 */
@Module({
  imports: [MonitorDeletionModule],
  providers: [
    AlertsRepository,
    AlertMessages,
    AlertSender,
    MailerService,
    {
      provide: ALERT_PROVIDERS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.alerts,
    },
  ],
  exports: [AlertsRepository, AlertMessages, AlertSender],
})
export class AlertsCoreModule {}
