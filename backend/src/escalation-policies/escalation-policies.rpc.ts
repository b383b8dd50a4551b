// The escalation-policy methods of alert.v1.AlertService: proto messages to the service verbs and
// back. The alert methods of the same service are alerting's (rpc.server.ts merges both). No rule
// lives here.
import { create } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import {
  EscalationPolicySchema,
  type AlertService,
  type EscalationPolicy,
} from '@uptime/proto/gen/alert/v1/alert_service_pb';
import { serviceContext } from '../rpc-kit/call-context';
import { required, timestampOut } from '../rpc-kit/fields';
import type { EscalationPolicyView } from './escalation-policy.view';
import type { EscalationPoliciesService, EscalationPolicyInput } from './escalation-policies.service';

/** An empty step list means "not given" (proto cannot tell it from an empty one; the schema needs one). */
export function escalationPolicyIn(m: EscalationPolicy): EscalationPolicyInput {
  return {
    name: m.name,
    steps: m.steps.length
      ? m.steps.map((s) => ({ afterMinutes: s.afterMinutes, channelIds: [...s.channelIds] }))
      : undefined,
  };
}

export function escalationPolicyOut(v: EscalationPolicyView): EscalationPolicy {
  return create(EscalationPolicySchema, {
    id: v.id,
    name: v.name,
    steps: v.steps.map((s) => ({ afterMinutes: s.afterMinutes, channelIds: s.channelIds })),
    monitorIds: v.monitorIds,
    createdAt: timestampOut(v.createdAt),
    updatedAt: timestampOut(v.updatedAt),
  });
}

export type EscalationPolicyMethods = Pick<
  ServiceImpl<typeof AlertService>,
  | 'createEscalationPolicy'
  | 'getEscalationPolicy'
  | 'listEscalationPolicies'
  | 'updateEscalationPolicy'
  | 'deleteEscalationPolicy'
>;

export function escalationPolicyRpcMethods(policies: EscalationPoliciesService): EscalationPolicyMethods {
  return {
    async createEscalationPolicy(req, ctx) {
      const input = escalationPolicyIn(required(req.policy, 'policy'));
      return { policy: escalationPolicyOut(await policies.create(serviceContext(ctx), input)) };
    },

    async getEscalationPolicy(req, ctx) {
      return { policy: escalationPolicyOut(await policies.get(serviceContext(ctx), req.id)) };
    },

    async listEscalationPolicies(_req, ctx) {
      return { policies: (await policies.list(serviceContext(ctx))).map(escalationPolicyOut) };
    },

    async updateEscalationPolicy(req, ctx) {
      const input = req.policy ? escalationPolicyIn(req.policy) : {};
      return { policy: escalationPolicyOut(await policies.update(serviceContext(ctx), req.id, input)) };
    },

    async deleteEscalationPolicy(req, ctx) {
      await policies.delete(serviceContext(ctx), req.id);
      return {};
    },
  };
}
