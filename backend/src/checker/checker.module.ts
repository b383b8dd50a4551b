import { Module } from '@nestjs/common';
import { AgentPresenceModule } from '../agent-presence/agent-presence.module';
import { CheckResultsModule } from '../check-results/check-results.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { PrivateLocationsModule } from '../private-locations/private-locations.module';
import { AgentController } from './agent.controller';
import { CheckWorkService } from './check-work.service';
import { EmbeddedAgentService } from './embedded-agent.service';
import { SchedulesModule } from '../schedules/schedules.module';

@Module({
  imports: [MonitorsModule, PrivateLocationsModule, SchedulesModule, CheckResultsModule, AgentPresenceModule],
  controllers: [AgentController],
  providers: [CheckWorkService, EmbeddedAgentService],
  exports: [CheckWorkService],
})
export class CheckerModule {}
