// Data source service_escalation_policy: one escalation policy by id, with its steps and the
// monitors that use it (issue 29).
import { apiError, type Api } from '../client/api';
import { model, type ModelType } from '../framework/model';
import { defineDataSource } from '../framework/resource';
import { ProviderError } from '../framework/types';
import { escalationPolicyFromProto } from './escalation-policy.mapping';

const TYPE = 'service_escalation_policy';

const policyModel = model((s) => ({
  id: s.string('id'),
  name: s.string('name'),
  steps: s.objectList('steps', (b) => ({
    after_minutes: b.number('after_minutes'),
    channel_ids: b.stringList('channel_ids'),
  })),
  monitor_ids: s.stringList('monitor_ids'),
  created_at: s.string('created_at'),
  updated_at: s.string('updated_at'),
}));

export const escalationPolicyDataSource = defineDataSource<Api, ModelType<typeof policyModel>>({
  typeName: TYPE,
  model: policyModel,
  description: 'Reads an escalation policy by id: its steps, in order, and the monitors that use it.',
  schema: {
    attributes: {
      id: { description: 'ID of the policy.', type: 'string', required: true },
      name: { description: 'Name of the policy.', type: 'string', computed: true },
      steps: {
        description: 'The steps, in order.',
        computed: true,
        nested: {
          nesting: 'list',
          attributes: {
            after_minutes: {
              description: 'Minutes after the alert opened, without acknowledgement, when the step notifies.',
              type: 'number',
              computed: true,
            },
            channel_ids: {
              description: 'IDs of the notification channels the step notifies; empty when they were all deleted.',
              type: ['list', 'string'],
              computed: true,
            },
          },
        },
      },
      monitor_ids: {
        description: 'IDs of the monitors that use the policy, ascending.',
        type: ['list', 'string'],
        computed: true,
      },
      created_at: { description: 'When the policy was created (RFC 3339).', type: 'string', computed: true },
      updated_at: { description: 'When the policy was last changed (RFC 3339).', type: 'string', computed: true },
    },
  },

  async read(api, config) {
    const id = config.id ?? '';
    try {
      const { policy } = await api.alerts.getEscalationPolicy({ id });
      if (!policy) throw new ProviderError(`Could not read ${TYPE}`, `The service answered without policy ${id}.`);
      const { step, ...rest } = escalationPolicyFromProto(policy);
      return { ...rest, steps: step };
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('read', TYPE, err, 'policy');
    }
  },
});
