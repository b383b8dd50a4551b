import { Module } from '@nestjs/common';
import { MonitorsModule } from '../monitors/monitors.module';
import { PrivateLocationsModule } from '../private-locations/private-locations.module';
import { AgentController } from './agent.controller';
import { CheckWorkService } from './check-work.service';
import { EmbeddedAgentService } from './embedded-agent.service';

@Module({
  imports: [MonitorsModule, PrivateLocationsModule],
  controllers: [AgentController],
  providers: [CheckWorkService, EmbeddedAgentService],
  exports: [CheckWorkService],
})
export class CheckerModule {}
