import { create } from '@bufbuild/protobuf';
import { MonitorStatus, Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb.js';
import { DNSMonitorSchema } from '@uptime/proto/gen/monitor/v1/dns_monitor_pb.js';
import { HTTPMonitorSchema } from '@uptime/proto/gen/monitor/v1/http_monitor_pb.js';
import { ICMPMonitorSchema } from '@uptime/proto/gen/monitor/v1/icmp_monitor_pb.js';
import { TCPMonitorSchema } from '@uptime/proto/gen/monitor/v1/tcp_monitor_pb.js';
import { UNKNOWN } from '../framework/types';
import { dnsMonitorResource } from './dns-monitor.resource';
import { httpMonitorResource } from './http-monitor.resource';
import { icmpMonitorResource } from './icmp-monitor.resource';
import {
  dnsFromProto,
  dnsToProto,
  httpFromProto,
  httpToProto,
  UPDATE_MASK,
  uriFromProto,
  uriMonitorModel,
  uriToProto,
  type HttpMonitorModel,
  type UriMonitorModel,
} from './monitor-mapping';
import { tcpMonitorResource } from './tcp-monitor.resource';

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
  open_telemetry: { endpoint: 'https://otel.example.com/v1/metrics', headers: [{ key: 'x-api-key', value: 's' }] },
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
});

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

  describe('UPDATE_MASK', () => {
    const outputOnly = ['id', 'status', 'private_location_ids'];
    const cases = [
      ['http', HTTPMonitorSchema, httpMonitorResource],
      ['tcp', TCPMonitorSchema, tcpMonitorResource],
      ['dns', DNSMonitorSchema, dnsMonitorResource],
      ['icmp', ICMPMonitorSchema, icmpMonitorResource],
    ] as const;

    it.each(cases)(
      'names every writable field of the %s message, so whatever the configuration drops is cleared',
      (kind, schema) => {
        const writable = schema.fields.map((f) => f.name).filter((n) => !outputOnly.includes(n));
        expect([...UPDATE_MASK[kind]].sort()).toEqual(writable.sort());
      },
    );

    it.each(cases)('names every argument of the %s resource schema', (kind, _schema, resource) => {
      const args = [
        ...Object.entries(resource.schema.attributes)
          .filter(([, a]) => a.required || a.optional)
          .map(([n]) => n),
        ...Object.keys(resource.schema.blocks ?? {}),
      ];
      expect([...UPDATE_MASK[kind]].sort()).toEqual(args.sort());
    });
  });
});
