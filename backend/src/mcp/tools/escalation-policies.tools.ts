// MCP tools of escalation policies (issue 29). Arguments are the policy schema's fields (channel ids
// may come as numbers, as every id argument); the verb validates bounds and order and names the field.
import { z } from 'zod';
import {
  ESCALATION_POLICY_BOUNDS as B,
  escalationPolicySchema,
} from '../../escalation-policies/escalation-policy.schemas';
import type { EscalationPoliciesService } from '../../escalation-policies/escalation-policies.service';
import { entityId } from '../mcp-inputs';
import * as shapes from '../mcp-outputs';
import { defineTool, type McpTool } from './define-tool';

const escalationPolicyId = entityId('escalationPolicyId');
const name = escalationPolicySchema.shape.name.describe(`1 to ${B.name} characters, one line`);
const steps = z
  .array(
    z.object({
      afterMinutes: z
        .number()
        .describe(
          `minutes after the alert opened without acknowledgement, 0 to ${B.afterMinutes}; strictly increasing`,
        ),
      channelIds: z
        .array(entityId('channelIds[]'))
        .describe(`1 to ${B.channelsPerStep} notification channels of the workspace, without repeats`),
    }),
  )
  .describe(`1 to ${B.steps} steps, in order`);

export function escalationPolicyTools(policies: EscalationPoliciesService): McpTool[] {
  return [
    defineTool({
      name: 'list_escalation_policies',
      title: 'List escalation policies',
      description:
        'Escalation policies of the workspace, oldest first: each step notifies its channels when an alert is still unacknowledged that many minutes after it opened.',
      kind: 'read',
      input: z.object({}),
      output: z.object({ escalationPolicies: z.array(shapes.escalationPolicyOut) }),
      run: async (ctx) => ({ escalationPolicies: await policies.list(ctx) }),
    }),
    defineTool({
      name: 'get_escalation_policy',
      title: 'Get an escalation policy',
      description: 'One escalation policy with its steps and the monitors that use it.',
      kind: 'read',
      input: z.object({ escalationPolicyId }),
      output: z.object({ escalationPolicy: shapes.escalationPolicyOut }),
      run: async (ctx, a) => ({ escalationPolicy: await policies.get(ctx, a.escalationPolicyId) }),
    }),
    defineTool({
      name: 'create_escalation_policy',
      title: 'Create an escalation policy',
      description:
        'Creates an escalation policy. A monitor uses it through its alerting.escalationPolicyId (update the monitor).',
      kind: 'mutation',
      input: z.object({ name, steps }),
      output: z.object({ escalationPolicy: shapes.escalationPolicyOut }),
      run: async (ctx, a) => ({ escalationPolicy: await policies.create(ctx, a) }),
    }),
    defineTool({
      name: 'update_escalation_policy',
      title: 'Update an escalation policy',
      description: 'Renames a policy or replaces its steps as a whole; an argument left out keeps the stored value.',
      kind: 'mutation',
      destructive: true,
      input: z.object({ escalationPolicyId, name: name.optional(), steps: steps.optional() }),
      output: z.object({ escalationPolicy: shapes.escalationPolicyOut }),
      run: async (ctx, { escalationPolicyId: id, ...patch }) => ({
        escalationPolicy: await policies.update(ctx, id, patch),
      }),
    }),
    defineTool({
      name: 'delete_escalation_policy',
      title: 'Delete an escalation policy',
      description: 'Deletes a policy. Refused while a monitor uses it: the refusal names the monitors.',
      kind: 'mutation',
      destructive: true,
      input: z.object({ escalationPolicyId }),
      output: z.object({ deleted: z.boolean(), escalationPolicyId: z.string() }),
      run: async (ctx, a) => {
        await policies.delete(ctx, a.escalationPolicyId);
        return { deleted: true, escalationPolicyId: a.escalationPolicyId };
      },
    }),
  ];
}
