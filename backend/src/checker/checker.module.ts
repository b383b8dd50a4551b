import { Module } from '@nestjs/common';
import { MonitorsModule } from '../monitors/monitors.module';
import { CheckWorkService } from './check-work.service';
import { EmbeddedAgentService } from './embedded-agent.service';

@Module({
  imports: [MonitorsModule],
  providers: [CheckWorkService, EmbeddedAgentService],
  exports: [CheckWorkService],
})
export class CheckerModule {}
