// service_escalation_policy: whom an unacknowledged alert reaches, and when (issue 29), through
// alert.v1.AlertService. A monitor uses one through its `escalation_policy_id`.
import type { Api } from '../client/api';
import { apiError, isNotFound } from '../client/api';
import { defineResource } from '../framework/resource';
import { ProviderError, type Attribute, type BlockType, type Validator } from '../framework/types';
import {
  describePath,
  distinct,
  eachElement,
  intBetween,
  noControlCharacters,
  sizeAtLeast,
  sizeAtMost,
  stringLength,
} from '../framework/validators';
import { trimmed } from '../framework/state-values';
import { useStateForUnknown } from '../framework/plan-modifiers';
import {
  escalationPolicyFromProto,
  escalationPolicyModel,
  escalationPolicyToProto,
  type EscalationPolicyModel,
} from './escalation-policy.mapping';

const TYPE = 'service_escalation_policy';

/** The service's bounds (backend/src/escalation-policies/escalation-policy.schemas.ts). */
export const BOUNDS = { name: 256, steps: 10, afterMinutes: 10_080, channelsPerStep: 20 } as const;

/** Each step's after_minutes greater than the one before, reported on the later step. */
export function increasingAfterMinutes(): Validator {
  return (value, path, diags) => {
    if (!Array.isArray(value)) return;
    let previous: number | null = null;
    value.forEach((element, i) => {
      const minutes =
        element && typeof element === 'object' && !Array.isArray(element) ? element.after_minutes : undefined;
      if (typeof minutes !== 'number') {
        previous = null;
        return;
      }
      if (previous !== null && minutes <= previous) {
        const at = [...path, i, 'after_minutes'];
        diags.error(
          `Invalid ${describePath(at)}`,
          `${describePath(at)} must be greater than the previous step's (${previous}); got ${minutes}.`,
          at,
        );
      }
      previous = minutes;
    });
  };
}

const step: BlockType = {
  nesting: 'list',
  minItems: 1,
  maxItems: BOUNDS.steps,
  description: `The steps, in order: 1 to ${BOUNDS.steps}, each after_minutes greater than the one before.`,
  validators: [sizeAtLeast(1), sizeAtMost(BOUNDS.steps), increasingAfterMinutes()],
  block: {
    attributes: {
      after_minutes: {
        description: `Minutes after the alert opened, without acknowledgement, when this step notifies its channels: 0 (at once) to ${BOUNDS.afterMinutes} (7 days).`,
        type: 'number',
        required: true,
        validators: [intBetween(0, BOUNDS.afterMinutes)],
      },
      channel_ids: {
        description: `IDs of the notification channels (service_notification) this step notifies: 1 to ${BOUNDS.channelsPerStep}, each once. The service takes a deleted channel out of every step.`,
        type: ['list', 'string'],
        required: true,
        validators: [sizeAtLeast(1), sizeAtMost(BOUNDS.channelsPerStep), distinct(), eachElement(stringLength(1, 20))],
      },
    },
  },
};

const attributes: Record<string, Attribute> = {
  id: {
    description: 'ID of the escalation policy, assigned by the service.',
    type: 'string',
    computed: true,
    planModifiers: [useStateForUnknown()],
  },
  name: {
    description: `Name of the policy, 1 to ${BOUNDS.name} characters.`,
    type: 'string',
    required: true,
    validators: [stringLength(1, BOUNDS.name), noControlCharacters(), trimmed],
  },
  monitor_ids: {
    description: 'IDs of the monitors that use the policy (their `escalation_policy_id`), ascending.',
    type: ['list', 'string'],
    computed: true,
  },
  created_at: {
    description: 'When the policy was created (RFC 3339).',
    type: 'string',
    computed: true,
    planModifiers: [useStateForUnknown()],
  },
  updated_at: {
    description: 'When the policy was last changed (RFC 3339).',
    type: 'string',
    computed: true,
  },
};

/** The service names a step as `steps.<n>...`; the configuration's blocks are `step`. */
function policyError(action: string, err: unknown): ProviderError {
  const error = apiError(action, TYPE, err, 'policy');
  if (error.path?.[0] !== 'steps') return error;
  return new ProviderError(error.message, error.detail, ['step', ...error.path.slice(1)]);
}

async function fetchPolicy(api: Api, id: string, action: string): Promise<EscalationPolicyModel | null> {
  try {
    const { policy } = await api.alerts.getEscalationPolicy({ id });
    return policy ? escalationPolicyFromProto(policy) : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw policyError(action, err);
  }
}

export const escalationPolicyResource = defineResource<Api, EscalationPolicyModel>({
  typeName: TYPE,
  description:
    'Manages an escalation policy: ordered steps, each notifying its channels when an alert is still unacknowledged that many minutes after it opened. A monitor uses it through `escalation_policy_id`; a policy in use cannot be destroyed.',
  schema: { attributes, blocks: { step } },
  importId: '<id>',
  model: escalationPolicyModel,

  async create(api, plan) {
    try {
      const { policy } = await api.alerts.createEscalationPolicy({ policy: escalationPolicyToProto(plan) });
      if (!policy) throw new ProviderError(`Could not create ${TYPE}`, 'The service answered without the policy.');
      return escalationPolicyFromProto(policy);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw policyError('create', err);
    }
  },

  read(api, state) {
    return fetchPolicy(api, state.id ?? '', 'read');
  },

  async update(api, plan, prior) {
    try {
      const { policy } = await api.alerts.updateEscalationPolicy({
        id: prior.id ?? '',
        policy: escalationPolicyToProto(plan),
      });
      if (!policy) throw new ProviderError(`Could not update ${TYPE}`, 'The service answered without the policy.');
      return escalationPolicyFromProto(policy);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw policyError('update', err);
    }
  },

  async delete(api, state) {
    try {
      await api.alerts.deleteEscalationPolicy({ id: state.id ?? '' });
    } catch (err) {
      if (!isNotFound(err)) throw policyError('delete', err);
    }
  },

  async importState(api, id) {
    const state = await fetchPolicy(api, id, 'import');
    if (!state) {
      throw new ProviderError(`Cannot import ${TYPE}`, `No escalation policy with id "${id}" exists in the workspace.`);
    }
    return state;
  },
});
