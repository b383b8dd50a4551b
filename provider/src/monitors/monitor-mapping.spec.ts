import { create } from '@bufbuild/protobuf';
import { MonitorStatus, Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb.js';
import { DNSMonitorSchema } from '@uptime/proto/gen/monitor/v1/dns_monitor_pb.js';
import { HeartbeatMonitorSchema, HeartbeatSchedule } from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb.js';
import { HTTPMonitorSchema } from '@uptime/proto/gen/monitor/v1/http_monitor_pb.js';
import { ICMPMonitorSchema } from '@uptime/proto/gen/monitor/v1/icmp_monitor_pb.js';
import { TCPMonitorSchema } from '@uptime/proto/gen/monitor/v1/tcp_monitor_pb.js';
import { StartTLS, TLSMonitorSchema } from '@uptime/proto/gen/monitor/v1/tls_monitor_pb.js';
import { UNKNOWN } from '../framework/types';
import { dnsMonitorResource } from './dns-monitor.resource';
import { heartbeatMonitorResource } from './heartbeat-monitor.resource';
import { httpMonitorResource } from './http-monitor.resource';
import { icmpMonitorResource } from './icmp-monitor.resource';
import {
  dnsFromProto,
  dnsToProto,
  heartbeatFromProto,
  heartbeatToProto,
  httpFromProto,
  httpToProto,
  tlsFromProto,
  tlsToProto,
  alertingFromProto,
  UPDATE_MASK,
  uriFromProto,
  uriMonitorModel,
  uriToProto,
  type AlertingModel,
  type HeartbeatMonitorModel,
  type HttpMonitorModel,
  type TlsMonitorModel,
  type UriMonitorModel,
} from './monitor-mapping';
import { tcpMonitorResource } from './tcp-monitor.resource';
import { tlsMonitorResource } from './tls-monitor.resource';

/** The neutral policy: the service's defaults. */
const neutral: AlertingModel = {
  failure_threshold: 1,
  failure_seconds: 0,
  recovery_threshold: 1,
  reminder_interval_minutes: 0,
  reminder_limit: 10,
  escalation_policy_id: null,
  parent_monitor_ids: [],
};

/** A policy with every field away from its default. */
const tuned: AlertingModel = {
  failure_threshold: 3,
  failure_seconds: 120,
  recovery_threshold: 2,
  reminder_interval_minutes: 30,
  reminder_limit: 5,
  escalation_policy_id: '9',
  parent_monitor_ids: ['11', '12'],
};

/** What the service adds: the values a plan leaves to it. */
const served = { id: '42', status: 'active', private_location_ids: ['7'] };

const httpState: HttpMonitorModel = {
  ...served,
  name: 'API',
  url: 'https://api.example.com/health',
  periodicity: '5m',
  method: 'POST',
  body: '{"ping":true}',
  headers: [
    { key: 'Authorization', value: 'Bearer t' },
    { key: 'Accept', value: 'application/json' },
  ],
  timeout: 30000,
  retry: 2,
  alert_quorum: 1,
  follow_redirects: false,
  regions: ['fly-iad', 'railway-asia-southeast1'],
  tags: ['checkout', 'team:payments'],
  active: true,
  public: true,
  degraded_at: 1500,
  description: 'the API',
  status_code_assertions: [{ target: 200, comparator: 'eq' }],
  body_assertions: [{ target: 'ok', comparator: 'not_contains' }],
  header_assertions: [{ key: 'content-type', target: 'json', comparator: 'contains' }],
  json_assertions: [
    { path: '$.status', comparator: 'eq', target: 'ok' },
    { path: '$.items[0]', comparator: 'exists', target: '' },
  ],
  timing_assertions: [
    { phase: 'ttfb', comparator: 'lt', target: 300, severity: 'degraded' },
    { phase: 'total', comparator: 'lte', target: 2000, severity: 'error' },
  ],
  tls_verify: false,
  certificate_expiry_days: [30, 7],
  open_telemetry: { endpoint: 'https://otel.example.com/v1/metrics', headers: [{ key: 'x-api-key', value: 's' }] },
  ...tuned,
};

const uriState = (uri: string): UriMonitorModel => ({
  ...served,
  name: 'target',
  uri,
  periodicity: '30s',
  timeout: 0,
  retry: 0,
  alert_quorum: 100,
  regions: ['koyeb-was'],
  tags: [],
  active: false,
  public: false,
  degraded_at: 0,
  description: '',
  open_telemetry: null,
  ...neutral,
});

const tlsState: TlsMonitorModel = {
  ...uriState('mail.example.com:587'),
  servername: 'smtp.example.com',
  starttls: 'smtp',
  tls_verify: true,
  certificate_expiry_days: [],
};

const heartbeatState: HeartbeatMonitorModel = {
  id: '42',
  status: 'active',
  name: 'nightly backup',
  description: 'pg_dump at 03:00',
  active: true,
  public: false,
  tags: ['backup'],
  schedule: 'cron',
  period_seconds: 86400,
  cron: '0 3 * * *',
  time_zone: 'Europe/Berlin',
  grace_seconds: 900,
  ping_token: null,
  ping_url: 'https://status.example.com/ping/abcdefghijklmnop',
  ...tuned,
  parent_monitor_ids: ['13'],
};

/** The message as the service answers: the planned fields plus the computed ones. */
function answered<T extends { id: string; status: MonitorStatus; privateLocationIds: string[] }>(message: T): T {
  return Object.assign(message, { id: '42', status: MonitorStatus.ACTIVE, privateLocationIds: ['7'] });
}

describe('monitor mapping', () => {
  it('turns an HTTP state into its message and back without losing a field', () => {
    const message = answered(create(HTTPMonitorSchema, httpToProto(httpState)));
    expect(message.periodicity).toBe(Periodicity.PERIODICITY_5M);
    expect(message.regions).toEqual([Region.FLY_IAD, Region.RAILWAY_ASIA_SOUTHEAST1]);
    expect(message.timeout).toBe(30000n);
    expect(httpFromProto(message)).toEqual(httpState);
  });

  it('round-trips TCP, ICMP and DNS states', () => {
    const tcp = uriState('db.example.com:5432');
    expect(uriFromProto(answered(create(TCPMonitorSchema, uriToProto(tcp))))).toEqual(tcp);
    const icmp = uriState('192.0.2.1');
    expect(uriFromProto(answered(create(ICMPMonitorSchema, uriToProto(icmp))))).toEqual(icmp);
    const dns = {
      ...uriState('example.com'),
      record_assertions: [{ record: 'AAAA', target: '::1', comparator: 'neq' }],
    };
    expect(dnsFromProto(answered(create(DNSMonitorSchema, dnsToProto(dns))))).toEqual(dns);
  });

  it('round-trips a TLS state, an empty certificate_expiry_days included', () => {
    const message = answered(create(TLSMonitorSchema, tlsToProto(tlsState)));
    expect(message.starttls).toBe(StartTLS.START_TLS_SMTP);
    expect(tlsFromProto(message)).toEqual(tlsState);
  });

  it('sends certificate_expiry_days as a message: empty turns the alerts off, null leaves the default', () => {
    const off = create(HTTPMonitorSchema, httpToProto({ ...httpState, certificate_expiry_days: [] }));
    expect(off.certificateExpiry).toBeDefined();
    expect(off.certificateExpiry?.days).toEqual([]);
    expect(httpFromProto(off).certificate_expiry_days).toEqual([]);
    const left = create(HTTPMonitorSchema, httpToProto({ ...httpState, certificate_expiry_days: null }));
    expect(left.certificateExpiry).toBeUndefined();
    // An answer without it (an older service): the service's default.
    expect(httpFromProto(left).certificate_expiry_days).toEqual([14, 7, 1]);
  });

  it('maps a heartbeat state; the token goes on create only, the URL comes from the answer or the prior state', () => {
    const planned = { ...heartbeatState, ping_token: '0b6a3c1e-8f3e-4c36-9d2b-1a2b3c4d5e6f', ping_url: null };
    const created = create(HeartbeatMonitorSchema, heartbeatToProto(planned, 'create'));
    expect(created.schedule).toBe(HeartbeatSchedule.CRON);
    expect(created.pingToken).toBe(planned.ping_token);
    expect(created.periodSeconds).toBe(86400n);
    expect(create(HeartbeatMonitorSchema, heartbeatToProto(planned, 'update')).pingToken).toBeUndefined();

    const answer = create(HeartbeatMonitorSchema, {
      ...heartbeatToProto(planned, 'update'),
      id: '42',
      status: MonitorStatus.ACTIVE,
      pingUrl: heartbeatState.ping_url ?? '',
    });
    expect(heartbeatFromProto(answer, planned)).toEqual({ ...heartbeatState, ping_token: planned.ping_token });
    // A read: no URL in the answer; state keeps the one it has, and an import has none.
    const read = create(HeartbeatMonitorSchema, { ...answer, pingUrl: '' });
    expect(heartbeatFromProto(read, heartbeatState)).toEqual(heartbeatState);
    expect(heartbeatFromProto(read, null)).toEqual({ ...heartbeatState, ping_url: null });
  });

  it('leaves unknown regions and degraded_at to the service: default regions, no threshold', () => {
    const message = create(
      TCPMonitorSchema,
      uriToProto(uriMonitorModel.read({ ...uriState('h:1'), regions: UNKNOWN, degraded_at: UNKNOWN })),
    );
    expect(message.regions).toEqual([Region.FLY_AMS, Region.FLY_IAD, Region.FLY_SIN]);
    expect(message.degradedAt).toBeUndefined();
  });

  it('sends no description and no open_telemetry when the configuration has none, so the mask clears them', () => {
    const message = create(
      HTTPMonitorSchema,
      httpToProto({ ...httpState, description: null, open_telemetry: null, headers: [] }),
    );
    expect(message.description).toBeUndefined();
    expect(message.openTelemetry).toBeUndefined();
    expect(message.headers).toEqual([]);
  });

  it('reads an OpenTelemetry block without endpoint as a null endpoint, and an unjudged status as unknown', () => {
    const message = create(ICMPMonitorSchema, {
      ...uriToProto(uriState('h')),
      openTelemetry: { endpoint: '', headers: [] },
    });
    const state = uriFromProto(message);
    expect(state.open_telemetry).toEqual({ endpoint: null, headers: [] });
    expect(state.status).toBe('unknown');
  });

  it('sends the whole alerting policy on every kind; no escalation policy goes as "" and reads back as null', () => {
    const tcp = create(TCPMonitorSchema, uriToProto(uriState('h:1')));
    expect(tcp.alerting).toMatchObject({
      failureThreshold: 1,
      failureSeconds: 0,
      recoveryThreshold: 1,
      reminderIntervalMinutes: 0,
      reminderLimit: 10,
      escalationPolicyId: '',
      parentMonitorIds: [],
    });
    const http = create(HTTPMonitorSchema, httpToProto(httpState));
    expect(http.alerting).toMatchObject({
      failureThreshold: 3,
      failureSeconds: 120,
      recoveryThreshold: 2,
      reminderIntervalMinutes: 30,
      reminderLimit: 5,
      escalationPolicyId: '9',
      parentMonitorIds: ['11', '12'],
    });
    const heartbeat = create(HeartbeatMonitorSchema, heartbeatToProto(heartbeatState, 'update'));
    expect(heartbeat.alerting?.parentMonitorIds).toEqual(['13']);
    expect(alertingFromProto(tcp.alerting)).toEqual(neutral);
    // An answer without the message (an older service): the neutral policy, as the service defaults it.
    expect(alertingFromProto(undefined)).toEqual(neutral);
  });

  describe('UPDATE_MASK', () => {
    const outputOnly = ['id', 'status', 'private_location_ids', 'ping_url'];
    /** Set on create only: never in an update mask. */
    const createOnly = ['ping_token'];
    /**
     * Where the attribute's name is not the proto field's: a list of days for the CertificateExpiry
     * message, and the flat attributes of the Alerting message.
     */
    const attributesOf = (path: string): string[] =>
      path === 'certificate_expiry' ? ['certificate_expiry_days'] : path === 'alerting' ? Object.keys(neutral) : [path];
    const cases = [
      ['http', HTTPMonitorSchema, httpMonitorResource],
      ['tcp', TCPMonitorSchema, tcpMonitorResource],
      ['dns', DNSMonitorSchema, dnsMonitorResource],
      ['icmp', ICMPMonitorSchema, icmpMonitorResource],
      ['tls', TLSMonitorSchema, tlsMonitorResource],
      ['heartbeat', HeartbeatMonitorSchema, heartbeatMonitorResource],
    ] as const;

    it.each(cases)(
      'names every writable field of the %s message, so whatever the configuration drops is cleared',
      (kind, schema) => {
        const writable = schema.fields
          .map((f) => f.name)
          .filter((n) => !outputOnly.includes(n) && !createOnly.includes(n));
        expect([...UPDATE_MASK[kind]].sort()).toEqual(writable.sort());
      },
    );

    it.each(cases)('names every argument of the %s resource schema', (kind, _schema, resource) => {
      const args = [
        ...Object.entries(resource.schema.attributes)
          .filter(([n, a]) => (a.required || a.optional) && !createOnly.includes(n))
          .map(([n]) => n),
        ...Object.keys(resource.schema.blocks ?? {}),
      ];
      expect(UPDATE_MASK[kind].flatMap(attributesOf).sort()).toEqual(args.sort());
    });
  });
});
