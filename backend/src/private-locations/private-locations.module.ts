import { Module } from '@nestjs/common';
import { MonitorsModule } from '../monitors/monitors.module';
import { PrivateLocationsRepository } from './private-locations.repository';
import { PrivateLocationsService } from './private-locations.service';

@Module({
  imports: [MonitorsModule],
  providers: [PrivateLocationsRepository, PrivateLocationsService],
  exports: [PrivateLocationsService, PrivateLocationsRepository],
})
export class PrivateLocationsModule {}
