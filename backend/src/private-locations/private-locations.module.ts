import { Module } from '@nestjs/common';
import { MonitorsModule } from '../monitors/monitors.module';
import { PrivateLocationsRepository } from './private-locations.repository';
import { PRIVATE_LOCATIONS_PORT } from './private-locations.port';
import { PrivateLocationsService } from './private-locations.service';

@Module({
  imports: [MonitorsModule],
  providers: [
    { provide: PRIVATE_LOCATIONS_PORT, useExisting: PrivateLocationsRepository },
    PrivateLocationsRepository,
    PrivateLocationsService,
  ],
  exports: [PrivateLocationsService, PRIVATE_LOCATIONS_PORT],
})
export class PrivateLocationsModule {}
