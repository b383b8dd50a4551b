// service_tcp_monitor: a TCP connection to host:port; latency is the connect time.
import { UPDATE_MASK, uriFromProto, uriMonitorModel, uriToProto } from './monitor-mapping';
import { monitorResource } from './monitor-resource';
import * as s from './monitor-schema';
import { hostPort } from './monitor-validators';

export const tcpMonitorResource = monitorResource({
  kind: 'tcp',
  typeName: 'service_tcp_monitor',
  model: uriMonitorModel,
  description: 'Manages a TCP monitor: a connection opened to host:port from each region on a schedule.',
  schema: {
    description: 'Manages a TCP monitor.',
    attributes: {
      id: s.id,
      name: s.name,
      uri: s.uri(
        'Where to connect: `host:port`, the host a name, an IPv4 address or a bracketed IPv6 address',
        hostPort,
      ),
      periodicity: s.periodicity,
      timeout: s.timeout(),
      retry: s.retry(),
      alert_quorum: s.alertQuorum,
      ...s.alerting,
      regions: s.regions,
      tags: s.tags,
      active: s.active,
      public: s.isPublic,
      degraded_at: s.degradedAt(),
      description: s.description,
      status: s.status,
      private_location_ids: s.privateLocationIds,
    },
    blocks: { open_telemetry: s.openTelemetry },
  },
  async create(api, plan) {
    const res = await api.monitors.createTCPMonitor({ monitor: uriToProto(plan) });
    return res.monitor && uriFromProto(res.monitor);
  },
  async update(api, id, plan) {
    const res = await api.monitors.updateTCPMonitor({
      id,
      monitor: uriToProto(plan),
      updateMask: { paths: [...UPDATE_MASK.tcp] },
    });
    return res.monitor && uriFromProto(res.monitor);
  },
  fromMonitor: (m) => (m.config.case === 'tcp' ? uriFromProto(m.config.value) : undefined),
});
