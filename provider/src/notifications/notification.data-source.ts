// Data source service_notification: one notification channel by id (SPEC 2.11), without its settings
// or credentials.
import { apiError } from '../client/api';
import { ProviderError, type DataSourceDefinition } from '../framework/types';
import { optionalText, rfc3339, idOf } from '../framework/state-values';

const TYPE = 'service_notification';

export const notificationDataSource: DataSourceDefinition = {
  typeName: TYPE,
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
    const id = idOf(config.id);
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
};
