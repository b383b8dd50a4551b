// service_icmp_monitor: three echo requests per check; average latency and packet loss are judged.
import { UPDATE_MASK, uriFromProto, uriMonitorModel, uriToProto } from './monitor-mapping';
import { monitorResource } from './monitor-resource';
import * as s from './monitor-schema';
import { hostWithoutPort } from './monitor-validators';

export const icmpMonitorResource = monitorResource({
  kind: 'icmp',
  typeName: 'service_icmp_monitor',
  model: uriMonitorModel,
  description:
    'Manages an ICMP monitor: three echo requests per check from each region; average latency and packet loss are judged.',
  schema: {
    description: 'Manages an ICMP (ping) monitor.',
    attributes: {
      id: s.id,
      name: s.name,
      uri: s.uri('Host to ping: a host name or an IP address, without a port', hostWithoutPort),
      periodicity: s.periodicity,
      timeout: s.timeout(', the budget of the whole check (all three echoes and their retries)'),
      retry: s.retry('; a check is retried only when every echo failed'),
      alert_quorum: s.alertQuorum,
      ...s.alerting,
      regions: s.regions,
      tags: s.tags,
      active: s.active,
      public: s.isPublic,
      degraded_at: s.degradedAt('; it applies to the average latency of the echoes'),
      description: s.description,
      status: s.status,
      private_location_ids: s.privateLocationIds,
    },
    blocks: { open_telemetry: s.openTelemetry },
  },
  async create(api, plan) {
    const res = await api.monitors.createICMPMonitor({ monitor: uriToProto(plan) });
    return res.monitor && uriFromProto(res.monitor);
  },
  async update(api, id, plan) {
    const res = await api.monitors.updateICMPMonitor({
      id,
      monitor: uriToProto(plan),
      updateMask: { paths: [...UPDATE_MASK.icmp] },
    });
    return res.monitor && uriFromProto(res.monitor);
  },
  fromMonitor: (m) => (m.config.case === 'icmp' ? uriFromProto(m.config.value) : undefined),
});
