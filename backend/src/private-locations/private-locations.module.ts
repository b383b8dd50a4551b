import { Module } from '@nestjs/common';
import { PrivateLocationsRepository } from './private-locations.repository';
import { PrivateLocationsService } from './private-locations.service';

@Module({
  providers: [PrivateLocationsRepository, PrivateLocationsService],
  exports: [PrivateLocationsService, PrivateLocationsRepository],
})
export class PrivateLocationsModule {}
