// service_monitor: one monitor of any kind, looked up by id.
import type { Monitor } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import { apiError, isNotFound } from '../client/api';
import { ProviderError, type Attribute, type DataSourceDefinition, type Obj } from '../framework/types';
import { dnsFromProto, httpFromProto, uriFromProto } from './monitor-mapping';
import { MONITOR_STATUSES, PERIODICITY } from './monitor-enums';
import { quoted } from './monitor-schema';

const computed = (type: Attribute['type'], description: string): Attribute => ({ type, computed: true, description });

/** The data source's attributes from a GetMonitor answer; fields a kind lacks are null. */
export function monitorSummaryOf(monitor: Monitor): Obj {
  const { config } = monitor;
  let type: string;
  let state: Obj;
  switch (config.case) {
    case 'http':
      state = httpFromProto(config.value);
      type = 'http';
      break;
    case 'tcp':
    case 'icmp':
      state = uriFromProto(config.value);
      type = config.case;
      break;
    case 'dns':
      state = dnsFromProto(config.value);
      type = 'dns';
      break;
    case 'grpc':
      // No resource manages gRPC monitors, but they are monitors of the workspace all the same.
      state = uriFromProto(config.value);
      type = 'grpc';
      break;
    case undefined:
      throw new ProviderError('The service returned a monitor without a kind');
  }
  return {
    id: state.id ?? null,
    type,
    name: state.name ?? null,
    url: state.url ?? null,
    uri: state.uri ?? null,
    periodicity: state.periodicity ?? null,
    method: state.method ?? null,
    active: state.active ?? null,
    public: state.public ?? null,
    description: state.description ?? null,
    timeout: state.timeout ?? null,
    status: state.status ?? null,
    tags: state.tags ?? [],
    private_location_ids: state.private_location_ids ?? [],
  };
}

export const monitorDataSource: DataSourceDefinition = {
  typeName: 'service_monitor',
  description: 'Reads one monitor of any kind by its id.',
  schema: {
    description: 'Reads one monitor of any kind by its id.',
    attributes: {
      id: { description: 'Id of the monitor to read.', type: 'string', required: true },
      type: computed(
        'string',
        'Kind of the monitor: `http`, `tcp`, `dns` or `icmp` (or `grpc` for a gRPC monitor made through the RPC API).',
      ),
      name: computed('string', 'Name of the monitor.'),
      url: computed('string', 'URL requested; HTTP monitors only (null for the other kinds).'),
      uri: computed(
        'string',
        'Target of a TCP (`host:port`), DNS (domain), ICMP (host) or gRPC monitor; null for HTTP monitors.',
      ),
      periodicity: computed('string', `How often the monitor runs: one of ${quoted(PERIODICITY.words)}.`),
      method: computed('string', 'HTTP method; HTTP monitors only (null for the other kinds).'),
      active: computed('bool', 'Whether checks are scheduled.'),
      public: computed('bool', 'Whether a public status page may show the monitor.'),
      description: computed('string', 'Free text about the monitor (`""` when none).'),
      timeout: computed('number', 'Time budget of a check in milliseconds.'),
      status: computed('string', `Status as the service judges it: one of ${quoted(MONITOR_STATUSES)}.`),
      tags: computed(['set', 'string'], 'Labels of the monitor (empty when none).'),
      private_location_ids: computed(['set', 'string'], 'Ids of the private locations that run the monitor.'),
    },
  },
  async read(api, config) {
    const id = typeof config.id === 'string' ? config.id.trim() : '';
    let found: Monitor | undefined;
    try {
      found = (await api.monitors.getMonitor({ id })).monitor;
    } catch (err) {
      if (isNotFound(err)) {
        throw new ProviderError(
          `monitor ${id} does not exist`,
          "The id must be of a monitor in the provider's workspace.",
          ['id'],
        );
      }
      throw apiError('read', 'service_monitor', err, 'monitor');
    }
    if (!found) throw new ProviderError(`The service returned no monitor for id ${id}`);
    return monitorSummaryOf(found);
  },
};
