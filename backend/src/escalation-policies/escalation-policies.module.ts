import { Inject, Module } from '@nestjs/common';
import { EscalationPolicyLookup } from '../monitors/escalation-policy-lookup';
import { MonitorsModule } from '../monitors/monitors.module';
import { ChannelDeletion } from '../notifications/channel-deletion';
import { NotificationsModule } from '../notifications/notifications.module';
import { EscalationPoliciesRepository } from './escalation-policies.repository';
import { ESCALATION_POLICIES_PORT } from './escalation-policies.port';
import { EscalationPoliciesService } from './escalation-policies.service';

@Module({
  imports: [MonitorsModule, NotificationsModule],
  providers: [
    { provide: ESCALATION_POLICIES_PORT, useExisting: EscalationPoliciesRepository },
    EscalationPoliciesRepository,
    EscalationPoliciesService,
  ],
  exports: [EscalationPoliciesService, ESCALATION_POLICIES_PORT],
})
export class EscalationPoliciesModule {
  // The monitors and the channels are below this module: it hands them its checks rather than
  // being imported by them.
  constructor(
    @Inject(EscalationPolicyLookup) lookup: EscalationPolicyLookup,
    @Inject(ChannelDeletion) deletion: ChannelDeletion,
    @Inject(EscalationPoliciesService) service: EscalationPoliciesService,
    @Inject(EscalationPoliciesRepository) policies: EscalationPoliciesRepository,
  ) {
    lookup.provide((workspaceId, policyId) => service.existsForMonitor(workspaceId, policyId));
    deletion.onDelete(async (workspaceId, channelId) => {
      await policies.removeChannel(workspaceId, channelId);
    });
  }
}
