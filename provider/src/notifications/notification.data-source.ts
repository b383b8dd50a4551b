// Data source service_notification: one notification channel by id (SPEC 2.11), without its settings
// or credentials.
import { apiError, type Api } from '../client/api';
import { model, type ModelType } from '../framework/model';
import { defineDataSource } from '../framework/resource';
import { ProviderError } from '../framework/types';
import { optionalText, rfc3339 } from '../framework/state-values';

const TYPE = 'service_notification';

const channelModel = model((s) => ({
  id: s.string('id'),
  name: s.string('name'),
  provider_type: s.string('provider_type'),
  monitor_ids: s.stringSet('monitor_ids'),
  created_at: s.string('created_at'),
  updated_at: s.string('updated_at'),
}));

export const notificationDataSource = defineDataSource<Api, ModelType<typeof channelModel>>({
  typeName: TYPE,
  model: channelModel,
  description:
    'Reads a notification channel by id: its name, kind and the monitors wired to it. Credentials are never returned.',
  schema: {
    attributes: {
      id: { description: 'ID of the channel.', type: 'string', required: true },
      name: { description: 'Name of the channel; null when it has none.', type: 'string', computed: true },
      provider_type: {
        description: 'Kind of channel, e.g. `slack`, `email` or `ms_teams`.',
        type: 'string',
        computed: true,
      },
      monitor_ids: {
        description: 'IDs of the monitors wired to the channel.',
        type: ['set', 'string'],
        computed: true,
      },
      created_at: { description: 'When the channel was created (RFC 3339).', type: 'string', computed: true },
      updated_at: { description: 'When the channel was last changed (RFC 3339).', type: 'string', computed: true },
    },
  },

  async read(api, config) {
    const id = config.id ?? '';
    try {
      const { notification: n } = await api.notifications.getNotification({ id });
      if (!n) throw new ProviderError(`Could not read ${TYPE}`, `The service answered without channel ${id}.`);
      return {
        id: n.id,
        name: optionalText(n.name, null),
        provider_type: n.providerType,
        monitor_ids: [...n.monitorIds],
        created_at: rfc3339(n.createdAt),
        updated_at: rfc3339(n.updatedAt),
      };
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('read', TYPE, err, 'notification');
    }
  },
});
