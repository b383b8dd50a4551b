// Validation of escalation policies (issue 29): create and update validate here, with messages that
// name the field and the bound. That every channel is the workspace's is the service's check (it needs
// the database); the rest is here.
import { z } from 'zod';
import { required, singleLine } from '../common/validation';

export const ESCALATION_POLICY_BOUNDS = {
  name: 256,
  steps: 10,
  /** One week: an alert nobody acknowledged for a week needs no further step. */
  afterMinutes: 10_080,
  channelsPerStep: 20,
  /** Per workspace: the list is answered whole (ListEscalationPolicies has no paging). */
  policies: 100,
} as const;

const B = ESCALATION_POLICY_BOUNDS;

export const policyNameSchema = singleLine(B.name).trim().min(1, { error: 'is required' });

export const escalationStepSchema = z.object({
  afterMinutes: z
    .number({ error: 'is required (a whole number of minutes)' })
    .int({ error: 'must be a whole number of minutes' })
    .min(0, { error: 'must be at least 0' })
    .max(B.afterMinutes, { error: `must be at most ${B.afterMinutes} (7 days)` }),
  channelIds: z
    .array(z.string(required))
    .min(1, { error: 'must name at least 1 notification channel' })
    .max(B.channelsPerStep, { error: `must name at most ${B.channelsPerStep} notification channels` })
    .superRefine((ids, ctx) => {
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i], message: `repeats channel ${id} of this step` });
        seen.add(id);
      });
    }),
});

export const escalationStepsSchema = z
  .array(escalationStepSchema, { error: 'is required (a list of steps)' })
  .min(1, { error: 'must have at least 1 step' })
  .max(B.steps, { error: `must have at most ${B.steps} steps` })
  .superRefine((steps, ctx) => {
    for (let i = 1; i < steps.length; i++) {
      const previous = steps[i - 1].afterMinutes;
      if (steps[i].afterMinutes <= previous)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'afterMinutes'],
          message: `must be greater than the previous step's (${previous})`,
        });
    }
  });

export const escalationPolicySchema = z.object({ name: policyNameSchema, steps: escalationStepsSchema });

export type EscalationStep = z.output<typeof escalationStepSchema>;
export type EscalationPolicyData = z.output<typeof escalationPolicySchema>;
