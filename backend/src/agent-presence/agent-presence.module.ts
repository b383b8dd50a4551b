import { Module } from '@nestjs/common';
import { AgentPresenceRepository } from './agent-presence.repository';
import { AgentPresenceService } from './agent-presence.service';

/** Which agents serve which public regions: written by the check engine, read by the dashboard. */
@Module({
  providers: [AgentPresenceRepository, AgentPresenceService],
  exports: [AgentPresenceService],
})
export class AgentPresenceModule {}
