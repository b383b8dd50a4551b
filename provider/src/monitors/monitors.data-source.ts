// service_monitors: one page of the workspace's monitors, newest first.
import type { ListMonitorsResponse } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import { apiError, type Api } from '../client/api';
import { model, type ModelType } from '../framework/model';
import { defineDataSource } from '../framework/resource';
import { intAtLeast, intBetween } from '../framework/validators';

export const DEFAULT_LIMIT = 50;

const monitorsModel = model((s) => ({
  limit: s.number('limit'),
  offset: s.number('offset'),
  monitors: s.objectList('monitors', (m) => ({ id: m.string('id'), name: m.string('name'), type: m.string('type') })),
}));

type MonitorsModel = ModelType<typeof monitorsModel>;
type ListedMonitor = NonNullable<MonitorsModel['monitors']>[number];

/**
 * The response groups monitors by kind; the page itself is newest first across kinds (the service
 * orders by id, descending), so merge the groups back into that order.
 */
export function monitorList(res: ListMonitorsResponse): ListedMonitor[] {
  const all = [
    ...res.httpMonitors.map((m) => ({ id: m.id, name: m.name ?? '', type: 'http' })),
    ...res.tcpMonitors.map((m) => ({ id: m.id, name: m.name ?? '', type: 'tcp' })),
    ...res.dnsMonitors.map((m) => ({ id: m.id, name: m.name ?? '', type: 'dns' })),
    ...res.icmpMonitors.map((m) => ({ id: m.id, name: m.name ?? '', type: 'icmp' })),
    ...res.grpcMonitors.map((m) => ({ id: m.id, name: m.name ?? '', type: 'grpc' })),
    ...res.tlsMonitors.map((m) => ({ id: m.id, name: m.name ?? '', type: 'tls' })),
    ...res.heartbeatMonitors.map((m) => ({ id: m.id, name: m.name ?? '', type: 'heartbeat' })),
  ];
  const key = (id: string) => (/^\d+$/.test(id) ? BigInt(id) : 0n);
  return all.sort((a, b) => {
    const [ka, kb] = [key(a.id), key(b.id)];
    return ka === kb ? 0 : ka > kb ? -1 : 1;
  });
}

export const monitorsDataSource = defineDataSource<Api, MonitorsModel>({
  typeName: 'service_monitors',
  model: monitorsModel,
  description: "Lists the workspace's monitors of every kind, newest first, one page at a time.",
  schema: {
    description: "Lists the workspace's monitors of every kind, newest first, one page at a time.",
    attributes: {
      limit: {
        description: `How many monitors to return, 1 to 100. Default \`${DEFAULT_LIMIT}\`.`,
        type: 'number',
        optional: true,
        computed: true,
        validators: [intBetween(1, 100)],
      },
      offset: {
        description: 'How many of the newest monitors to skip. Default `0`.',
        type: 'number',
        optional: true,
        computed: true,
        validators: [intAtLeast(0)],
      },
      monitors: {
        description:
          'The page of monitors. `type` is `http`, `tcp`, `dns`, `icmp`, `tls` or `heartbeat`, or `grpc` for gRPC monitors (made through the RPC API; no resource manages them).',
        computed: true,
        nested: {
          nesting: 'list',
          attributes: {
            id: { description: 'Monitor id.', type: 'string', computed: true },
            name: { description: 'Monitor name.', type: 'string', computed: true },
            type: {
              description: 'Kind: `http`, `tcp`, `dns`, `icmp`, `tls`, `heartbeat` or `grpc`.',
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
      const res = await api.monitors.listMonitors({ limit, offset });
      return { limit, offset, monitors: monitorList(res) };
    } catch (err) {
      throw apiError('read', 'service_monitors', err);
    }
  },
});
