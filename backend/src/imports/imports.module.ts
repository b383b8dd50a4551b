import { Module } from '@nestjs/common';
import { MaintenancesModule } from '../maintenances/maintenances.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { ImportsRepository } from './imports.repository';
import { ImportsService } from './imports.service';

/** Imports from Uptime Kuma, Gatus and OpenStatus (issue 30), above the resources they create. */
@Module({
  imports: [MaintenancesModule, MonitorsModule, NotificationsModule, StatusPagesModule],
  providers: [ImportsRepository, ImportsService],
  exports: [ImportsService],
})
export class ImportsModule {}
