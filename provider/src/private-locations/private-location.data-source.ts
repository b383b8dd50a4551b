// Data source service_private_location: one private location by id, with the health of its agent
// (SPEC 2.11). The token is returned to read-and-write API keys only; null otherwise.
import { apiError, type Api } from '../client/api';
import { model, type ModelType } from '../framework/model';
import { defineDataSource } from '../framework/resource';
import { ProviderError } from '../framework/types';
import { rfc3339 } from '../framework/state-values';
import { statusWord } from './private-location.mapping';

const TYPE = 'service_private_location';

export const STATUS_DESCRIPTION =
  'Health of the agent: `active` (reported within the last 2 minutes), `error` (reported longer ago) or `unknown` (never reported).';

const locationModel = model((s) => ({
  id: s.string('id'),
  name: s.string('name'),
  monitor_ids: s.stringSet('monitor_ids'),
  metadata: s.stringMap('metadata'),
  status: s.string('status'),
  last_seen_at: s.string('last_seen_at'),
  token: s.string('token'),
  created_at: s.string('created_at'),
  updated_at: s.string('updated_at'),
}));

export const privateLocationDataSource = defineDataSource<Api, ModelType<typeof locationModel>>({
  typeName: TYPE,
  model: locationModel,
  description: 'Reads a private location by id, with the health of its agent.',
  schema: {
    attributes: {
      id: { description: 'ID of the private location.', type: 'string', required: true },
      name: { description: 'Name of the location.', type: 'string', computed: true },
      monitor_ids: { description: 'IDs of the monitors the location runs.', type: ['set', 'string'], computed: true },
      metadata: { description: 'Labels of the location.', type: ['map', 'string'], computed: true },
      status: { description: STATUS_DESCRIPTION, type: 'string', computed: true },
      last_seen_at: {
        description: 'When the agent last reported (RFC 3339); null if it never did.',
        type: 'string',
        computed: true,
      },
      token: {
        description:
          'Agent token of the location. Sensitive; returned to read-and-write API keys only (null for a read-only key).',
        type: 'string',
        computed: true,
        sensitive: true,
      },
      created_at: { description: 'When the location was created (RFC 3339).', type: 'string', computed: true },
      updated_at: { description: 'When the location was last changed (RFC 3339).', type: 'string', computed: true },
    },
  },

  async read(api, config) {
    const id = config.id ?? '';
    try {
      const { privateLocation: p } = await api.privateLocations.getPrivateLocation({ id });
      if (!p) throw new ProviderError(`Could not read ${TYPE}`, `The service answered without location ${id}.`);
      return {
        id: p.id,
        name: p.name ?? '',
        monitor_ids: [...p.monitorIds],
        metadata: { ...p.metadata },
        status: statusWord(p.status),
        last_seen_at: rfc3339(p.lastSeenAt),
        token: p.token || null,
        created_at: rfc3339(p.createdAt),
        updated_at: rfc3339(p.updatedAt),
      };
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('read', TYPE, err, 'privateLocation');
    }
  },
});
