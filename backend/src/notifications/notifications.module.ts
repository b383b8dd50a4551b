import { Module } from '@nestjs/common';
import { AlertsCoreModule } from '../alerts/alerts-core.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

@Module({
  imports: [MonitorsModule, AlertsCoreModule],
  providers: [NotificationsRepository, NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
