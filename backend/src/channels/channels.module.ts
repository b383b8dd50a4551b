import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { MailerService } from '../mail/mailer.service';
import { ALERT_PROVIDERS, AlertSender } from './alert-sender';

/**
 * Sending an alert through a channel now: used by the delivery worker (alerts/) and by a test send
 * (NotificationsService.sendTest), in the server and on the command line alike.
 */
@Module({
  providers: [
    AlertSender,
    MailerService,
    { provide: ALERT_PROVIDERS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.alerts },
  ],
  exports: [AlertSender],
})
export class ChannelsModule {}
