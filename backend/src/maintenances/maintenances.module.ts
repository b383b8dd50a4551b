import { Module } from '@nestjs/common';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { PagePublisher } from '../subscribers/page-publisher';
import { SubscribersModule } from '../subscribers/subscribers.module';
import { MaintenancesRepository } from './maintenances.repository';
import { MaintenancesService } from './maintenances.service';

@Module({
  imports: [StatusPagesModule, SubscribersModule],
  providers: [MaintenancesRepository, MaintenancesService, PagePublisher],
  exports: [MaintenancesService, MaintenancesRepository],
})
export class MaintenancesModule {}
