// Data source service_private_locations: one page of the workspace's private locations, newest first
// (SPEC 2.11). Tokens are never listed; read one with the service_private_location data source.
import { apiError, type Api } from '../client/api';
import { model, type ModelType } from '../framework/model';
import { defineDataSource } from '../framework/resource';
import { intAtLeast, intBetween } from '../framework/validators';
import { rfc3339 } from '../framework/state-values';
import { STATUS_DESCRIPTION } from './private-location.data-source';
import { statusWord } from './private-location.mapping';

const TYPE = 'service_private_locations';
const DEFAULT_LIMIT = 50;

const locationsModel = model((s) => ({
  limit: s.number('limit'),
  offset: s.number('offset'),
  private_locations: s.objectList('private_locations', (l) => ({
    id: l.string('id'),
    name: l.string('name'),
    metadata: l.stringMap('metadata'),
    status: l.string('status'),
    last_seen_at: l.string('last_seen_at'),
    monitor_count: l.number('monitor_count'),
    created_at: l.string('created_at'),
    updated_at: l.string('updated_at'),
  })),
}));

export const privateLocationsDataSource = defineDataSource<Api, ModelType<typeof locationsModel>>({
  typeName: TYPE,
  model: locationsModel,
  description:
    'Lists the private locations of the workspace, newest first, one page at a time. Agent tokens are not listed; read one with the `service_private_location` data source.',
  schema: {
    attributes: {
      limit: {
        description: `How many locations to return, 1 to 100. Default ${DEFAULT_LIMIT}.`,
        type: 'number',
        optional: true,
        computed: true,
        default: DEFAULT_LIMIT,
        validators: [intBetween(1, 100)],
      },
      offset: {
        description: 'How many locations to skip, 0 or more. Default 0.',
        type: 'number',
        optional: true,
        computed: true,
        default: 0,
        validators: [intAtLeast(0)],
      },
      private_locations: {
        description: 'The locations of this page.',
        computed: true,
        nested: {
          nesting: 'list',
          attributes: {
            id: { description: 'ID of the location.', type: 'string', computed: true },
            name: { description: 'Name of the location.', type: 'string', computed: true },
            metadata: { description: 'Labels of the location.', type: ['map', 'string'], computed: true },
            status: { description: STATUS_DESCRIPTION, type: 'string', computed: true },
            last_seen_at: {
              description: 'When the agent last reported (RFC 3339); null if it never did.',
              type: 'string',
              computed: true,
            },
            monitor_count: { description: 'How many monitors the location runs.', type: 'number', computed: true },
            created_at: { description: 'When the location was created (RFC 3339).', type: 'string', computed: true },
            updated_at: {
              description: 'When the location was last changed (RFC 3339).',
              type: 'string',
              computed: true,
            },
          },
        },
      },
    },
  },

  async read(api, config) {
    const limit = config.limit ?? DEFAULT_LIMIT;
    const offset = config.offset ?? 0;
    try {
      const { privateLocations } = await api.privateLocations.listPrivateLocations({ limit, offset });
      return {
        limit,
        offset,
        private_locations: privateLocations.map((p) => ({
          id: p.id,
          name: p.name ?? '',
          metadata: { ...p.metadata },
          status: statusWord(p.status),
          last_seen_at: rfc3339(p.lastSeenAt),
          monitor_count: p.monitorCount,
          created_at: rfc3339(p.createdAt),
          updated_at: rfc3339(p.updatedAt),
        })),
      };
    } catch (err) {
      throw apiError('read', TYPE, err, 'privateLocation');
    }
  },
});
