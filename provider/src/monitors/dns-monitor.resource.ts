// service_dns_monitor: resolves a domain's records and checks them against the record assertions.
import { noControlCharacters, oneOf } from '../framework/validators';
import { DNS_RECORD_TYPES, RECORD_COMPARATOR } from './monitor-enums';
import { dnsFromProto, dnsMonitorModel, dnsToProto, UPDATE_MASK } from './monitor-mapping';
import { monitorResource } from './monitor-resource';
import * as s from './monitor-schema';
import { domainName } from './monitor-validators';

export const dnsMonitorResource = monitorResource({
  kind: 'dns',
  typeName: 'service_dns_monitor',
  model: dnsMonitorModel,
  description:
    "Manages a DNS monitor: resolves a domain's records from each region and checks them against the record assertions.",
  schema: {
    description: 'Manages a DNS monitor.',
    attributes: {
      id: s.id,
      name: s.name,
      uri: s.uri('Domain name to resolve, e.g. `example.com`', domainName),
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
    blocks: {
      record_assertions: {
        nesting: 'list',
        maxItems: s.MAX_ASSERTIONS,
        description: `Checks on the resolved records. At most ${s.MAX_ASSERTIONS}; every one must hold for a check to pass.`,
        block: {
          attributes: {
            record: {
              description: `Record type: one of ${s.quoted(DNS_RECORD_TYPES)}.`,
              type: 'string',
              required: true,
              validators: [oneOf(DNS_RECORD_TYPES)],
            },
            target: {
              description: 'Value the records are compared with, e.g. an IP address for `A`.',
              type: 'string',
              required: true,
              validators: [s.notEmpty, noControlCharacters()],
            },
            comparator: {
              description: `How the records compare with \`target\`: one of ${s.quoted(RECORD_COMPARATOR.words)}.`,
              type: 'string',
              required: true,
              validators: [oneOf(RECORD_COMPARATOR.words)],
            },
          },
        },
      },
      open_telemetry: s.openTelemetry,
    },
  },
  async create(api, plan) {
    const res = await api.monitors.createDNSMonitor({ monitor: dnsToProto(plan) });
    return res.monitor && dnsFromProto(res.monitor);
  },
  async update(api, id, plan) {
    const res = await api.monitors.updateDNSMonitor({
      id,
      monitor: dnsToProto(plan),
      updateMask: { paths: [...UPDATE_MASK.dns] },
    });
    return res.monitor && dnsFromProto(res.monitor);
  },
  fromMonitor: (m) => (m.config.case === 'dns' ? dnsFromProto(m.config.value) : undefined),
});
