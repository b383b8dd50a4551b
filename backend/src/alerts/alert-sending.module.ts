import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { MailerService } from '../subscribers/mailer.service';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { AlertMessages } from './alert-messages';
import { ALERT_PROVIDERS, AlertSender } from './alert-sender';

/**
 * Composing an alert from what is stored and sending it through a channel: used by the delivery
 * worker and by a test send (NotificationsService.sendTest).
 */
@Module({
  imports: [MonitorsModule, StatusPagesModule, WorkspacesModule],
  providers: [
    AlertMessages,
    AlertSender,
    MailerService,
    { provide: ALERT_PROVIDERS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.alerts },
  ],
  exports: [AlertMessages, AlertSender],
})
export class AlertSendingModule {}
