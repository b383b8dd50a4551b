// service_tls_monitor: a TLS handshake with host:port (any protocol, optionally after SMTP STARTTLS),
// recording the certificate; up while the handshake succeeds (and verifies, with tls_verify).
import { noControlCharacters, oneOf, stringLength } from '../framework/validators';
import { STARTTLS } from './monitor-enums';
import { tlsFromProto, tlsMonitorModel, tlsToProto, UPDATE_MASK } from './monitor-mapping';
import { monitorResource } from './monitor-resource';
import * as s from './monitor-schema';
import { hostPort, serverName } from './monitor-validators';

export const tlsMonitorResource = monitorResource({
  kind: 'tls',
  typeName: 'service_tls_monitor',
  model: tlsMonitorModel,
  description:
    'Manages a TLS monitor: a TLS handshake with host:port from each region on a schedule (optionally after ' +
    "SMTP's STARTTLS), recording the certificate and alerting before it expires.",
  schema: {
    description: 'Manages a TLS monitor.',
    attributes: {
      id: s.id,
      name: s.name,
      uri: s.uri(
        'Where to connect: `host:port`, the host a name, an IPv4 address or a bracketed IPv6 address (e.g. `mail.example.com:465`)',
        hostPort,
      ),
      servername: {
        description:
          'Server name sent in the handshake (SNI), which the certificate must match; at most 253 characters. ' +
          'When left out, the host of `uri` (none for an IP address).',
        type: 'string',
        optional: true,
        validators: [stringLength(0, 253), noControlCharacters(), serverName],
      },
      starttls: {
        description:
          `Protocol to upgrade with STARTTLS before the handshake: one of ${s.quoted(STARTTLS.words)} ` +
          '(`smtp`: the greeting, EHLO, then STARTTLS, as on port 25 or 587). Default `none`: the handshake starts at once.',
        type: 'string',
        optional: true,
        computed: true,
        default: 'none',
        validators: [oneOf(STARTTLS.words)],
      },
      tls_verify: s.tlsVerify('the certificate'),
      certificate_expiry_days: s.certificateExpiryDays,
      periodicity: s.periodicity,
      timeout: s.timeout(),
      retry: s.retry(),
      alert_quorum: s.alertQuorum,
      ...s.alerting,
      regions: s.regions,
      tags: s.tags,
      active: s.active,
      public: s.isPublic,
      degraded_at: s.degradedAt('; it applies to the time to connect and finish the handshake'),
      description: s.description,
      status: s.status,
      private_location_ids: s.privateLocationIds,
    },
    blocks: { open_telemetry: s.openTelemetry },
  },
  async create(api, plan) {
    const res = await api.monitors.createTLSMonitor({ monitor: tlsToProto(plan) });
    return res.monitor && tlsFromProto(res.monitor);
  },
  async update(api, id, plan) {
    const res = await api.monitors.updateTLSMonitor({
      id,
      monitor: tlsToProto(plan),
      updateMask: { paths: [...UPDATE_MASK.tls] },
    });
    return res.monitor && tlsFromProto(res.monitor);
  },
  fromMonitor: (m) => (m.config.case === 'tls' ? tlsFromProto(m.config.value) : undefined),
});
