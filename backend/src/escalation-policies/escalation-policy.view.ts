// What the service layer returns for an escalation policy, declared once: the RPC mapper, the MCP
// outputs and the dashboard all read this.
import { z } from 'zod';
import type { Snapshot } from '../audit/audit-snapshot';
import { isoDateTime, viewId, viewIds } from '../common/view-schema';
import type { EscalationPolicyEntity } from './escalation-policy.entity';

export const escalationStepView = z.object({
  afterMinutes: z.number().int().describe('minutes after the alert opened, without acknowledgement'),
  channelIds: viewIds.describe('notification channels to notify; empty when every channel of the step was deleted'),
});

export const escalationPolicyView = z.object({
  id: viewId,
  name: z.string(),
  steps: z.array(escalationStepView).describe('in order: each step after the previous one'),
  monitorIds: viewIds.describe('the live monitors that use the policy, ascending'),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type EscalationPolicyView = z.infer<typeof escalationPolicyView>;

export function toEscalationPolicyView(entity: EscalationPolicyEntity, monitorIds: string[]): EscalationPolicyView {
  return {
    id: entity.id,
    name: entity.name,
    steps: entity.steps.map((s) => ({ afterMinutes: s.afterMinutes, channelIds: [...s.channelIds] })),
    monitorIds,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

/** Audit snapshot: what a caller sets; the monitors that use it are theirs to record. */
export function escalationPolicySnapshot(view: EscalationPolicyView): Snapshot {
  return { id: view.id, name: view.name, steps: view.steps };
}
