// service_monitor: one monitor of any kind, looked up by id.
import type { Monitor } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import { apiError, isNotFound, type Api } from '../client/api';
import { model, type ModelType } from '../framework/model';
import { defineDataSource } from '../framework/resource';
import { ProviderError, type Attribute } from '../framework/types';
import {
  dnsFromProto,
  heartbeatFromProto,
  httpFromProto,
  tlsFromProto,
  uriFromProto,
  type CommonMonitorModel,
} from './monitor-mapping';
import { MONITOR_STATUSES, PERIODICITY } from './monitor-enums';
import { quoted } from './monitor-schema';

const computed = (type: Attribute['type'], description: string): Attribute => ({ type, computed: true, description });

const monitorSummaryModel = model((s) => ({
  id: s.string('id'),
  type: s.string('type'),
  name: s.string('name'),
  url: s.string('url'),
  uri: s.string('uri'),
  periodicity: s.string('periodicity'),
  method: s.string('method'),
  active: s.bool('active'),
  public: s.bool('public'),
  description: s.string('description'),
  timeout: s.number('timeout'),
  status: s.string('status'),
  tags: s.stringSet('tags'),
  private_location_ids: s.stringSet('private_location_ids'),
}));

type MonitorSummary = ModelType<typeof monitorSummaryModel>;

/** What every kind has, and where a kind lacks url, uri or method: null. */
function summaryOf(type: string, state: CommonMonitorModel): MonitorSummary {
  return {
    id: state.id,
    type,
    name: state.name,
    url: null,
    uri: null,
    periodicity: state.periodicity,
    method: null,
    active: state.active,
    public: state.public,
    description: state.description,
    timeout: state.timeout,
    status: state.status,
    tags: state.tags ?? [],
    private_location_ids: state.private_location_ids ?? [],
  };
}

/** The data source's attributes from a GetMonitor answer; fields a kind lacks are null. */
export function monitorSummaryOf(monitor: Monitor): MonitorSummary {
  const { config } = monitor;
  switch (config.case) {
    case 'http': {
      const state = httpFromProto(config.value);
      return { ...summaryOf('http', state), url: state.url, method: state.method };
    }
    case 'tcp':
    case 'icmp': {
      const state = uriFromProto(config.value);
      return { ...summaryOf(config.case, state), uri: state.uri };
    }
    case 'dns': {
      const state = dnsFromProto(config.value);
      return { ...summaryOf('dns', state), uri: state.uri };
    }
    case 'grpc': {
      // No resource manages gRPC monitors, but they are monitors of the workspace all the same.
      const state = uriFromProto(config.value);
      return { ...summaryOf('grpc', state), uri: state.uri };
    }
    case 'tls': {
      const state = tlsFromProto(config.value);
      return { ...summaryOf('tls', state), uri: state.uri };
    }
    case 'heartbeat': {
      // Not probed: no target, periodicity or timeout (its schedule is the resource's business).
      const state = heartbeatFromProto(config.value);
      return {
        id: state.id,
        type: 'heartbeat',
        name: state.name,
        url: null,
        uri: null,
        periodicity: null,
        method: null,
        active: state.active,
        public: state.public,
        description: state.description,
        timeout: null,
        status: state.status,
        tags: state.tags ?? [],
        private_location_ids: [],
      };
    }
    case undefined:
      throw new ProviderError('The service returned a monitor without a kind');
  }
}

export const monitorDataSource = defineDataSource<Api, MonitorSummary>({
  typeName: 'service_monitor',
  model: monitorSummaryModel,
  description: 'Reads one monitor of any kind by its id.',
  schema: {
    description: 'Reads one monitor of any kind by its id.',
    attributes: {
      id: { description: 'Id of the monitor to read.', type: 'string', required: true },
      type: computed(
        'string',
        'Kind of the monitor: `http`, `tcp`, `dns`, `icmp`, `tls` or `heartbeat` (or `grpc` for a gRPC monitor made through the RPC API).',
      ),
      name: computed('string', 'Name of the monitor.'),
      url: computed('string', 'URL requested; HTTP monitors only (null for the other kinds).'),
      uri: computed(
        'string',
        'Target of a TCP or TLS (`host:port`), DNS (domain), ICMP (host) or gRPC monitor; null for HTTP and heartbeat monitors.',
      ),
      periodicity: computed(
        'string',
        `How often the monitor runs: one of ${quoted(PERIODICITY.words)}; null for heartbeat monitors, which are not run.`,
      ),
      method: computed('string', 'HTTP method; HTTP monitors only (null for the other kinds).'),
      active: computed('bool', 'Whether checks are scheduled.'),
      public: computed('bool', 'Whether a public status page may show the monitor.'),
      description: computed('string', 'Free text about the monitor (`""` when none).'),
      timeout: computed('number', 'Time budget of a check in milliseconds; null for heartbeat monitors.'),
      status: computed('string', `Status as the service judges it: one of ${quoted(MONITOR_STATUSES)}.`),
      tags: computed(['set', 'string'], 'Labels of the monitor (empty when none).'),
      private_location_ids: computed(['set', 'string'], 'Ids of the private locations that run the monitor.'),
    },
  },
  async read(api, config) {
    const id = config.id?.trim() ?? '';
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
});
