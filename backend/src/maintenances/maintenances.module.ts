import { Module } from '@nestjs/common';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { PagePublisher } from '../subscribers/page-publisher';
import { SubscribersModule } from '../subscribers/subscribers.module';
import { MaintenancesRepository } from './maintenances.repository';
import { MAINTENANCES_PORT } from './maintenances.port';
import { MaintenancesService } from './maintenances.service';

@Module({
  imports: [StatusPagesModule, SubscribersModule],
  providers: [
    { provide: MAINTENANCES_PORT, useExisting: MaintenancesRepository },
    MaintenancesRepository,
    MaintenancesService,
    PagePublisher,
  ],
  exports: [MaintenancesService, MAINTENANCES_PORT],
})
export class MaintenancesModule {}
