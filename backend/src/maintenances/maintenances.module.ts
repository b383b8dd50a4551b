import { Module } from '@nestjs/common';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { MaintenancesRepository } from './maintenances.repository';
import { MaintenancesService } from './maintenances.service';

@Module({
  imports: [StatusPagesModule],
  providers: [MaintenancesRepository, MaintenancesService],
  exports: [MaintenancesService],
})
export class MaintenancesModule {}
