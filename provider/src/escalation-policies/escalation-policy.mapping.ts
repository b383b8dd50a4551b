// service_escalation_policy state <-> alert.v1.EscalationPolicy. Terraform's `step` blocks are the
// API's `steps`, in order; the monitors that use the policy are computed.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { EscalationPolicy, EscalationPolicySchema } from '@uptime/proto/gen/alert/v1/alert_service_pb.js';
import { model, type ModelType } from '../framework/model';
import { rfc3339 } from '../framework/state-values';

type EscalationPolicyInit = MessageInitShape<typeof EscalationPolicySchema>;

export const escalationPolicyModel = model((s) => ({
  id: s.string('id'),
  name: s.string('name'),
  step: s.blockList('step', (b) => ({
    after_minutes: b.number('after_minutes'),
    channel_ids: b.stringList('channel_ids'),
  })),
  monitor_ids: s.stringList('monitor_ids'),
  created_at: s.string('created_at'),
  updated_at: s.string('updated_at'),
}));

export type EscalationPolicyModel = ModelType<typeof escalationPolicyModel>;

export function escalationPolicyToProto(plan: EscalationPolicyModel): EscalationPolicyInit {
  return {
    name: plan.name ?? '',
    steps: plan.step.map((s) => ({ afterMinutes: s.after_minutes ?? 0, channelIds: s.channel_ids ?? [] })),
  };
}

export function escalationPolicyFromProto(api: EscalationPolicy): EscalationPolicyModel {
  return {
    id: api.id,
    name: api.name ?? '',
    step: api.steps.map((s) => ({ after_minutes: s.afterMinutes, channel_ids: [...s.channelIds] })),
    monitor_ids: [...api.monitorIds],
    created_at: rfc3339(api.createdAt),
    updated_at: rfc3339(api.updatedAt),
  };
}
