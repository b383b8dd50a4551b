import { Module } from '@nestjs/common';
import { AlertsCoreModule } from '../alerts/alerts-core.module';
import { AlertSendingModule } from '../alerts/alert-sending.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

@Module({
  imports: [MonitorsModule, AlertsCoreModule, AlertSendingModule],
  providers: [NotificationsRepository, NotificationsService],
  exports: [NotificationsService, NotificationsRepository],
})
export class NotificationsModule {}
