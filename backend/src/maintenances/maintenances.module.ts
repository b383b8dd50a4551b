import { Module } from '@nestjs/common';
import { MaintenancesRepository } from './maintenances.repository';
import { MaintenancesService } from './maintenances.service';

@Module({
  providers: [MaintenancesRepository, MaintenancesService],
  exports: [MaintenancesService],
})
export class MaintenancesModule {}
