// monitor.v1.MonitorService end to end: real HTTP server, real database, the official Connect client
// in binary and JSON, and plain HTTP JSON requests.
import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport, createGrpcWebTransport } from '@connectrpc/connect-node';
import {
  HTTPMethod,
  MonitorStatus,
  NumberComparator,
  Periodicity,
  RecordComparator,
  Region,
  StringComparator,
  TimeRange,
} from '@uptime/proto/gen/monitor/v1/common_pb';
import { GRPCServingStatus } from '@uptime/proto/gen/monitor/v1/grpc_monitor_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { HTTPResponseLogRequestStatus, HTTPResponseLogTrigger } from '@uptime/proto/gen/monitor/v1/response_log_pb';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { CheckWorkService } from '../../backend/src/checker/check-work.service';
import { emptyResult } from '../../backend/src/checker/probe';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcError, withKey } from '../support/rpc';

type MonitorClient = Client<typeof MonitorService>;

describe.each([
  ['binary', true],
  ['json', false],
])('MonitorService over Connect (%s)', (_format, useBinaryFormat) => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let sut: MonitorClient;
  const clientFor = (key: string | null): MonitorClient =>
    createClient(
      MonitorService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        useBinaryFormat,
        interceptors: [withKey(key)],
      }),
    );

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    sut = clientFor(tenant.writeKey);
  });

  afterAll(() => t.close());

  const minimalHttp = (name = 'Example') => ({
    monitor: { name, url: 'https://example.com/health', periodicity: Periodicity.PERIODICITY_1M },
  });

  describe('create', () => {
    it('creates an HTTP monitor with the defaults of the spec', async () => {
      const { monitor } = await sut.createHTTPMonitor(minimalHttp());
      expect(monitor).toMatchObject({
        name: 'Example',
        url: 'https://example.com/health',
        periodicity: Periodicity.PERIODICITY_1M,
        method: HTTPMethod.HTTP_METHOD_GET,
        body: '',
        timeout: 45000n,
        retry: 3n,
        alertQuorum: 0,
        followRedirects: true,
        regions: [Region.FLY_AMS, Region.FLY_IAD, Region.FLY_SIN],
        tags: [],
        active: false,
        public: false,
        degradedAt: 22500n,
        description: '',
        status: MonitorStatus.UNKNOWN,
        privateLocationIds: [],
      });
      expect(monitor?.id).toMatch(/^\d+$/);
    });

    it('keeps every field of a full HTTP monitor', async () => {
      const { monitor } = await sut.createHTTPMonitor({
        monitor: {
          name: 'Checkout API',
          url: 'https://shop.example.com/api/checkout',
          periodicity: Periodicity.PERIODICITY_5M,
          method: HTTPMethod.HTTP_METHOD_POST,
          body: '{"ping":true}',
          headers: [{ key: 'Content-Type', value: 'application/json' }],
          timeout: 10000n,
          retry: 1n,
          alertQuorum: 2,
          followRedirects: false,
          regions: [Region.FLY_FRA, Region.KOYEB_PAR, Region.RAILWAY_US_WEST2],
          active: true,
          public: true,
          degradedAt: 2000n,
          description: 'The checkout endpoint',
          statusCodeAssertions: [{ target: 200n, comparator: NumberComparator.EQUAL }],
          bodyAssertions: [{ target: 'ok', comparator: StringComparator.CONTAINS }],
          headerAssertions: [{ key: 'content-type', target: 'json', comparator: StringComparator.CONTAINS }],
          openTelemetry: {
            endpoint: 'https://otel.example.com/v1/metrics',
            headers: [{ key: 'x-team', value: 'shop' }],
          },
        },
      });
      const { monitor: fetched } = await sut.getMonitor({ id: monitor!.id });
      expect(fetched?.config.case).toBe('http');
      expect(fetched?.config.value).toEqual(monitor);
      expect(monitor).toMatchObject({
        method: HTTPMethod.HTTP_METHOD_POST,
        degradedAt: 2000n,
        alertQuorum: 2,
        active: true,
        regions: [Region.FLY_FRA, Region.KOYEB_PAR, Region.RAILWAY_US_WEST2],
        headerAssertions: [{ key: 'content-type', target: 'json', comparator: StringComparator.CONTAINS }],
        openTelemetry: { endpoint: 'https://otel.example.com/v1/metrics', headers: [{ key: 'x-team', value: 'shop' }] },
      });
    });

    it('creates TCP, DNS, ICMP and gRPC monitors', async () => {
      const tcp = await sut.createTCPMonitor({
        monitor: { name: 'db', uri: 'db.example.com:5432', periodicity: Periodicity.PERIODICITY_30S },
      });
      expect(tcp.monitor).toMatchObject({ uri: 'db.example.com:5432', timeout: 45000n });
      const dns = await sut.createDNSMonitor({
        monitor: {
          name: 'dns',
          uri: 'example.com',
          periodicity: Periodicity.PERIODICITY_10M,
          recordAssertions: [{ record: 'A', target: '93.184.216.34', comparator: RecordComparator.EQUAL }],
        },
      });
      expect(dns.monitor?.recordAssertions).toEqual([
        expect.objectContaining({ record: 'A', target: '93.184.216.34', comparator: RecordComparator.EQUAL }),
      ]);
      const icmp = await sut.createICMPMonitor({
        monitor: { name: 'ping', uri: '127.0.0.1', periodicity: Periodicity.PERIODICITY_1M },
      });
      expect(icmp.monitor?.uri).toBe('127.0.0.1');
      const grpc = await sut.createGRPCMonitor({
        monitor: {
          name: 'grpc',
          uri: 'api.example.com:443',
          periodicity: Periodicity.PERIODICITY_1M,
          service: 'shop.Checkout',
          tls: true,
          metadata: [{ key: 'x-env', value: 'prod' }],
        },
      });
      expect(grpc.monitor).toMatchObject({
        service: 'shop.Checkout',
        tls: true,
        expectedStatus: GRPCServingStatus.GRPC_SERVING_STATUS_SERVING,
      });
      const got = await sut.getMonitor({ id: grpc.monitor!.id });
      expect(got.monitor?.config.case).toBe('grpc');
    });
  });

  describe('bounds', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['name over 256', { name: 'n'.repeat(257) }, 'name: must be at most 256 characters'],
      ['missing name', { name: undefined }, 'name: is required'],
      ['url over 2048', { url: `https://example.com/${'a'.repeat(2040)}` }, 'url: must be at most 2048 characters'],
      ['not a URL', { url: 'ftp://example.com' }, 'url: must be an http or https URL'],
      [
        'missing periodicity',
        { periodicity: Periodicity.PERIODICITY_UNSPECIFIED },
        'periodicity: must be one of 30s, 1m, 5m, 10m, 30m, 1h',
      ],
      ['description over 1024', { description: 'd'.repeat(1025) }, 'description: must be at most 1024 characters'],
      ['timeout over 120000', { timeout: 120001n }, 'timeout: must be between 0 and 120000'],
      ['negative timeout', { timeout: -1n }, 'timeout: must be between 0 and 120000'],
      ['retry over 10', { retry: 11n }, 'retry: must be between 0 and 10'],
      ['alert quorum over 100', { alertQuorum: 101 }, 'alertQuorum: must be between 0 and 100'],
      ['negative alert quorum', { alertQuorum: -1 }, 'alertQuorum: must be between 0 and 100'],
      ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags: must have at most 20 entries'],
      ['tag over 64', { tags: ['ok', 't'.repeat(65)] }, 'tags.1: must be at most 64 characters'],
      ['empty tag', { tags: ['  '] }, 'tags.0: is required'],
      ['repeated tag', { tags: ['api', 'api'] }, 'tags: must not repeat a tag'],
      ['tag with a control character', { tags: ['a\u0007b'] }, 'tags.0: must not contain control characters'],
      [
        '21 headers',
        { headers: Array.from({ length: 21 }, (_, i) => ({ key: `h${i}`, value: 'v' })) },
        'headers: must have at most 20 entries',
      ],
      ['header without key', { headers: [{ key: '', value: 'v' }] }, 'headers.0.key: is required'],
      ['header without value', { headers: [{ key: 'k', value: '' }] }, 'headers.0.value: is required'],
      [
        '11 status code assertions',
        {
          statusCodeAssertions: Array.from({ length: 11 }, () => ({
            target: 200n,
            comparator: NumberComparator.EQUAL,
          })),
        },
        'statusCodeAssertions: must have at most 10 entries',
      ],
      [
        'status code 99',
        { statusCodeAssertions: [{ target: 99n, comparator: NumberComparator.EQUAL }] },
        'statusCodeAssertions.0.target: must be between 100 and 599',
      ],
      [
        'status code 600',
        { statusCodeAssertions: [{ target: 600n, comparator: NumberComparator.EQUAL }] },
        'statusCodeAssertions.0.target: must be between 100 and 599',
      ],
      [
        '11 body assertions',
        { bodyAssertions: Array.from({ length: 11 }, () => ({ target: 'x', comparator: StringComparator.CONTAINS })) },
        'bodyAssertions: must have at most 10 entries',
      ],
      [
        '11 header assertions',
        {
          headerAssertions: Array.from({ length: 11 }, () => ({
            key: 'a',
            target: 'x',
            comparator: StringComparator.CONTAINS,
          })),
        },
        'headerAssertions: must have at most 10 entries',
      ],
      ['unknown region', { regions: [Region.FLY_AMS, 99] }, 'regions.1: unknown value 99'],
      ['repeated region', { regions: [Region.FLY_AMS, Region.FLY_AMS] }, 'regions: must not repeat a region'],
    ];

    it.each(cases)('refuses %s with a message naming the field and bound', async (_name, patch, message) => {
      const error = await rpcError(sut.createHTTPMonitor({ monitor: { ...minimalHttp().monitor, ...patch } }));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toContain(message);
    });

    it('checks the target format of each kind', async () => {
      const tcp = await rpcError(
        sut.createTCPMonitor({ monitor: { name: 'x', uri: 'example.com', periodicity: Periodicity.PERIODICITY_1M } }),
      );
      expect(tcp.rawMessage).toBe('uri: must be host:port with a port from 1 to 65535');
      const icmp = await rpcError(
        sut.createICMPMonitor({
          monitor: { name: 'x', uri: 'example.com:80', periodicity: Periodicity.PERIODICITY_1M },
        }),
      );
      expect(icmp.rawMessage).toBe('uri: must be a host name or IP address without a port');
      const dns = await rpcError(
        sut.createDNSMonitor({ monitor: { name: 'x', uri: 'not a domain', periodicity: Periodicity.PERIODICITY_1M } }),
      );
      expect(dns.rawMessage).toBe('uri: must be a domain name');
      const record = await rpcError(
        sut.createDNSMonitor({
          monitor: {
            name: 'x',
            uri: 'example.com',
            periodicity: Periodicity.PERIODICITY_1M,
            recordAssertions: [{ record: 'SRV', target: 'x', comparator: RecordComparator.EQUAL }],
          },
        }),
      );
      expect(record.rawMessage).toBe('recordAssertions.0.record: must be one of A, AAAA, CNAME, MX, TXT');
      const long = await rpcError(
        sut.createTCPMonitor({
          monitor: { name: 'x', uri: `${'a'.repeat(2046)}:80`, periodicity: Periodicity.PERIODICITY_1M },
        }),
      );
      expect(long.rawMessage).toContain('uri: must be at most 2048 characters');
    });

    it('rejects a request without a monitor', async () => {
      expect((await rpcError(sut.createHTTPMonitor({}))).rawMessage).toBe('monitor: is required');
    });
  });

  describe('partial update', () => {
    it('changes only the fields present and leaves the rest untouched', async () => {
      const { monitor } = await sut.createHTTPMonitor({
        monitor: {
          ...minimalHttp('before').monitor,
          headers: [{ key: 'a', value: 'b' }],
          statusCodeAssertions: [{ target: 200n, comparator: NumberComparator.EQUAL }],
          active: true,
        },
      });
      const { monitor: updated } = await sut.updateHTTPMonitor({ id: monitor!.id, monitor: { name: 'after' } });
      expect(updated).toEqual({ ...monitor, name: 'after' });
    });

    it('sets a zero value when the field is present (false, 0)', async () => {
      const { monitor } = await sut.createHTTPMonitor({
        monitor: { ...minimalHttp().monitor, active: true, retry: 5n },
      });
      const { monitor: updated } = await sut.updateHTTPMonitor({
        id: monitor!.id,
        monitor: { active: false, retry: 0n },
      });
      expect(updated).toMatchObject({ active: false, retry: 0n, timeout: 45000n });
    });

    it('round-trips alert_quorum on every kind, and resets it to 0 when the mask names it', async () => {
      const base = { periodicity: Periodicity.PERIODICITY_1M, alertQuorum: 100 };
      const created = [
        (await sut.createHTTPMonitor({ monitor: { ...minimalHttp().monitor, alertQuorum: 100 } })).monitor,
        (await sut.createTCPMonitor({ monitor: { ...base, name: 't', uri: 'a.example.com:1' } })).monitor,
        (await sut.createDNSMonitor({ monitor: { ...base, name: 'd', uri: 'example.com' } })).monitor,
        (await sut.createICMPMonitor({ monitor: { ...base, name: 'i', uri: 'example.com' } })).monitor,
        (await sut.createGRPCMonitor({ monitor: { ...base, name: 'g', uri: 'g.example.com:1' } })).monitor,
      ];
      for (const monitor of created) {
        expect(monitor?.alertQuorum).toBe(100);
        expect(
          ((await sut.getMonitor({ id: monitor!.id })).monitor?.config.value as { alertQuorum?: number } | undefined)
            ?.alertQuorum,
        ).toBe(100);
      }
      const [http, tcp, dns, icmp, grpc] = created.map((m) => m!.id);
      expect((await sut.updateTCPMonitor({ id: tcp, monitor: { alertQuorum: 1 } })).monitor?.alertQuorum).toBe(1);
      expect((await sut.updateDNSMonitor({ id: dns, monitor: { alertQuorum: 2 } })).monitor?.alertQuorum).toBe(2);
      expect((await sut.updateICMPMonitor({ id: icmp, monitor: { alertQuorum: 3 } })).monitor?.alertQuorum).toBe(3);
      expect((await sut.updateGRPCMonitor({ id: grpc, monitor: { alertQuorum: 0 } })).monitor?.alertQuorum).toBe(0);
      const { monitor: masked } = await sut.updateHTTPMonitor({
        id: http,
        monitor: {},
        updateMask: create(FieldMaskSchema, { paths: ['alert_quorum'] }),
      });
      expect(masked?.alertQuorum).toBe(0);
      const refused = await rpcError(sut.updateTCPMonitor({ id: tcp, monitor: { alertQuorum: 101 } }));
      expect(refused.rawMessage).toBe('alertQuorum: must be between 0 and 100');
      expect(
        ((await sut.getMonitor({ id: tcp })).monitor?.config.value as { alertQuorum?: number } | undefined)
          ?.alertQuorum,
      ).toBe(1);
    });

    it('round-trips tags on every kind, keeps them on updates that leave them out, clears them by mask', async () => {
      const tags = ['payments', 'team:core', 'EU west'];
      const base = { periodicity: Periodicity.PERIODICITY_1M, tags };
      const created = [
        (
          await sut.createHTTPMonitor({
            monitor: { ...minimalHttp().monitor, tags: [' payments ', 'team:core', 'EU west'] },
          })
        ).monitor,
        (await sut.createTCPMonitor({ monitor: { ...base, name: 't', uri: 'a.example.com:1' } })).monitor,
        (await sut.createDNSMonitor({ monitor: { ...base, name: 'd', uri: 'example.com' } })).monitor,
        (await sut.createICMPMonitor({ monitor: { ...base, name: 'i', uri: 'example.com' } })).monitor,
        (await sut.createGRPCMonitor({ monitor: { ...base, name: 'g', uri: 'g.example.com:1' } })).monitor,
      ];
      for (const monitor of created) {
        expect(monitor?.tags).toEqual(tags);
        expect((await sut.getMonitor({ id: monitor!.id })).monitor?.config.value?.tags).toEqual(tags);
      }
      const [http, tcp] = created.map((m) => m!.id);
      expect((await sut.updateTCPMonitor({ id: tcp, monitor: { name: 'renamed' } })).monitor?.tags).toEqual(tags);
      expect((await sut.updateTCPMonitor({ id: tcp, monitor: { tags: ['db'] } })).monitor?.tags).toEqual(['db']);
      const { monitor: masked } = await sut.updateHTTPMonitor({
        id: http,
        monitor: {},
        updateMask: create(FieldMaskSchema, { paths: ['tags'] }),
      });
      expect(masked?.tags).toEqual([]);
      const refused = await rpcError(sut.updateTCPMonitor({ id: tcp, monitor: { tags: ['db', 'db'] } }));
      expect(refused.code).toBe(Code.InvalidArgument);
      expect(refused.rawMessage).toBe('tags: must not repeat a tag');
      expect((await sut.getMonitor({ id: tcp })).monitor?.config.value?.tags).toEqual(['db']);
    });

    it('clears lists and resets defaults named in the update mask', async () => {
      const { monitor } = await sut.createHTTPMonitor({
        monitor: { ...minimalHttp().monitor, headers: [{ key: 'a', value: 'b' }], timeout: 5000n, degradedAt: 100n },
      });
      const { monitor: updated } = await sut.updateHTTPMonitor({
        id: monitor!.id,
        monitor: { description: 'masked' },
        updateMask: create(FieldMaskSchema, { paths: ['headers', 'timeout', 'degraded_at', 'description'] }),
      });
      expect(updated).toMatchObject({
        headers: [],
        timeout: 45000n,
        degradedAt: 22500n,
        description: 'masked',
        name: 'Example',
      });
    });

    it('refuses an unknown mask path and values out of bounds, changing nothing', async () => {
      const { monitor } = await sut.createHTTPMonitor(minimalHttp());
      const masked = await rpcError(
        sut.updateHTTPMonitor({
          id: monitor!.id,
          monitor: {},
          updateMask: create(FieldMaskSchema, { paths: ['status'] }),
        }),
      );
      expect(masked.rawMessage).toBe('updateMask: status is not an updatable field');
      const bad = await rpcError(
        sut.updateHTTPMonitor({ id: monitor!.id, monitor: { timeout: 500000n, name: 'changed' } }),
      );
      expect(bad.code).toBe(Code.InvalidArgument);
      expect((await sut.getMonitor({ id: monitor!.id })).monitor?.config.value).toEqual(monitor);
    });

    it('updates every kind and answers not_found for an id of another kind', async () => {
      const { monitor: tcp } = await sut.createTCPMonitor({
        monitor: { name: 't', uri: 'a.example.com:1', periodicity: Periodicity.PERIODICITY_1M },
      });
      expect((await sut.updateTCPMonitor({ id: tcp!.id, monitor: { uri: 'b.example.com:2' } })).monitor?.uri).toBe(
        'b.example.com:2',
      );
      const wrongKind = await rpcError(sut.updateHTTPMonitor({ id: tcp!.id, monitor: { name: 'x' } }));
      expect(wrongKind.code).toBe(Code.NotFound);
      const { monitor: grpc } = await sut.createGRPCMonitor({
        monitor: { name: 'g', uri: 'g.example.com:50051', periodicity: Periodicity.PERIODICITY_1M },
      });
      const updated = await sut.updateGRPCMonitor({
        id: grpc!.id,
        monitor: { service: 'svc', expectedStatus: GRPCServingStatus.GRPC_SERVING_STATUS_NOT_SERVING },
      });
      expect(updated.monitor).toMatchObject({
        service: 'svc',
        tls: false,
        expectedStatus: GRPCServingStatus.GRPC_SERVING_STATUS_NOT_SERVING,
      });
      const { monitor: icmp } = await sut.createICMPMonitor({
        monitor: { name: 'i', uri: 'example.com', periodicity: Periodicity.PERIODICITY_1M },
      });
      expect((await sut.updateICMPMonitor({ id: icmp!.id, monitor: { retry: 2n } })).monitor?.retry).toBe(2n);
      const { monitor: dns } = await sut.createDNSMonitor({
        monitor: { name: 'd', uri: 'example.com', periodicity: Periodicity.PERIODICITY_1M },
      });
      expect((await sut.updateDNSMonitor({ id: dns!.id, monitor: { uri: 'example.org' } })).monitor?.uri).toBe(
        'example.org',
      );
    });
  });

  describe('list', () => {
    it('groups by kind, counts every kind, pages newest first', async () => {
      const own = clientFor((await newTenant(t)).writeKey);
      const http = await own.createHTTPMonitor(minimalHttp('h1'));
      const tcp = await own.createTCPMonitor({
        monitor: { name: 't1', uri: 'x.example.com:1', periodicity: Periodicity.PERIODICITY_1M },
      });
      const dns = await own.createDNSMonitor({
        monitor: { name: 'd1', uri: 'example.com', periodicity: Periodicity.PERIODICITY_1M },
      });
      const all = await own.listMonitors({});
      expect(all.totalSize).toBe(3);
      expect(all.httpMonitors.map((m) => m.id)).toEqual([http.monitor!.id]);
      expect(all.tcpMonitors.map((m) => m.id)).toEqual([tcp.monitor!.id]);
      expect(all.dnsMonitors.map((m) => m.id)).toEqual([dns.monitor!.id]);
      expect(all.icmpMonitors).toEqual([]);
      const page = await own.listMonitors({ limit: 1, offset: 1 });
      expect(page.totalSize).toBe(3);
      expect(page.tcpMonitors.map((m) => m.id)).toEqual([tcp.monitor!.id]);
      expect([...page.httpMonitors, ...page.dnsMonitors]).toEqual([]);
    });

    it.each([
      [{ limit: 0 }, 'limit: must be between 1 and 100'],
      [{ limit: 101 }, 'limit: must be between 1 and 100'],
      [{ offset: -1 }, 'offset: must be 0 or more'],
    ])('refuses %j', async (req, message) => {
      const error = await rpcError(sut.listMonitors(req));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(message);
    });
  });

  describe('status, summary and response logs', () => {
    /** Stores a result through the real ingestion path (what an agent's report does). */
    async function insertResult(
      monitorId: string,
      _workspaceId: string,
      minutesAgo: number,
      status: 'success' | 'degraded' | 'error',
      latency: number,
      region = 'fly-ams',
    ) {
      const at = new Date(Date.now() - minutesAgo * 60_000);
      const agent = { agentId: 'test-agent', locations: [region], privateLocationId: null };
      const outcome = {
        ...emptyResult(),
        status,
        latencyMs: latency,
        statusCode: 200,
        url: 'https://example.com/health',
        timings: { dns: 1, connect: 2, tls: 3, ttfb: latency - 6, transfer: 0 },
        error: status === 'error' ? { kind: 'assertion' as const, message: 'status code 200 is not 201' } : null,
        assertions: [{ type: 'status_code' as const, comparator: 'eq', target: 200, actual: 200, passed: true }],
        headers: { 'content-type': 'text/plain', 'set-cookie': '[redacted]' },
        attempts: 1,
      };
      const run = {
        monitorId,
        location: region,
        trigger: 'cron' as const,
        triggerId: null,
        cronTimestamp: at,
        periodMs: 60_000,
      };
      expect(await t.app.get(CheckWorkService).report(agent, [{ run, outcome, startedAt: at }])).toMatchObject({
        stored: 1,
      });
      const [row] = await t.db.rows<{ id: string }>(
        'SELECT id::text AS id FROM check_results WHERE monitor_id = $1 AND cron_timestamp = $2',
        [monitorId, at],
      );
      return row.id;
    }

    it('reports unknown in every configured region before any check', async () => {
      const { monitor } = await sut.createHTTPMonitor({
        monitor: { ...minimalHttp().monitor, regions: [Region.FLY_AMS, Region.KOYEB_TYO] },
      });
      expect(await sut.getMonitorStatus({ id: monitor!.id })).toMatchObject({
        id: monitor!.id,
        regions: [
          { region: Region.FLY_AMS, status: MonitorStatus.UNKNOWN },
          { region: Region.KOYEB_TYO, status: MonitorStatus.UNKNOWN },
        ],
      });
    });

    it('summarizes nothing as zeros, and stored results as counts and percentiles', async () => {
      const { monitor } = await sut.createHTTPMonitor(minimalHttp());
      const empty = await sut.getMonitorSummary({ id: monitor!.id });
      expect(empty).toMatchObject({
        totalSuccessful: 0n,
        totalDegraded: 0n,
        totalFailed: 0n,
        p50: 0n,
        p99: 0n,
        timeRange: TimeRange.TIME_RANGE_1D,
      });
      expect(empty.lastPingAt).toBeUndefined();
      for (let i = 1; i <= 10; i++) await insertResult(monitor!.id, tenant.ctx.workspace.id, i, 'success', i * 10);
      await insertResult(monitor!.id, tenant.ctx.workspace.id, 11, 'degraded', 500, 'fly-iad');
      await insertResult(monitor!.id, tenant.ctx.workspace.id, 12, 'error', 1, 'fly-iad');
      await insertResult(monitor!.id, tenant.ctx.workspace.id, 3 * 1440, 'success', 999);
      const day = await sut.getMonitorSummary({ id: monitor!.id, timeRange: TimeRange.TIME_RANGE_1D });
      expect(day).toMatchObject({ totalSuccessful: 10n, totalDegraded: 1n, totalFailed: 1n });
      // Percentiles come from the latency sketch: within 1 % (and rounding) of the exact 60, 100, 500.
      const near = (actual: bigint, exact: number) =>
        expect(Math.abs(Number(actual) - exact)).toBeLessThanOrEqual(exact * 0.01 + 0.5);
      near(day.p50, 60);
      near(day.p90, 100);
      near(day.p99, 500);
      expect(day.lastPingAt).toBeDefined();
      const week = await sut.getMonitorSummary({ id: monitor!.id, timeRange: TimeRange.TIME_RANGE_7D });
      expect(week.totalSuccessful).toBe(11n);
      const iad = await sut.getMonitorSummary({
        id: monitor!.id,
        timeRange: TimeRange.TIME_RANGE_7D,
        regions: [Region.FLY_IAD],
      });
      expect(iad).toMatchObject({ totalSuccessful: 0n, totalDegraded: 1n, totalFailed: 1n });
      near(iad.p50, 500);
    });

    it('lists and reads response logs newest first with pagination', async () => {
      const { monitor } = await sut.createHTTPMonitor(minimalHttp());
      const none = await sut.listMonitorHTTPResponseLogs({ id: monitor!.id });
      expect(none).toMatchObject({ logs: [], pagination: { hasMore: false, nextOffset: 0 } });
      const ids: string[] = [];
      for (let i = 1; i <= 3; i++)
        ids.push(await insertResult(monitor!.id, tenant.ctx.workspace.id, i, i === 3 ? 'error' : 'success', 40 + i));
      const first = await sut.listMonitorHTTPResponseLogs({ id: monitor!.id, limit: 2 });
      expect(first.logs.map((l) => l.id)).toEqual([ids[0], ids[1]]);
      expect(first.pagination).toMatchObject({ hasMore: true, nextOffset: 2 });
      expect(first.logs[0]).toMatchObject({
        monitorId: monitor!.id,
        latency: 41n,
        statusCode: 200n,
        region: Region.FLY_AMS,
        requestStatus: HTTPResponseLogRequestStatus.HTTP_RESPONSE_LOG_REQUEST_STATUS_SUCCESS,
        trigger: HTTPResponseLogTrigger.HTTP_RESPONSE_LOG_TRIGGER_CRON,
        timing: { dns: 1n, connect: 2n, tls: 3n, ttfb: 35n, transfer: 0n },
      });
      const second = await sut.listMonitorHTTPResponseLogs({ id: monitor!.id, limit: 2, offset: 2 });
      expect(second.logs.map((l) => l.id)).toEqual([ids[2]]);
      expect(second.pagination).toMatchObject({ hasMore: false });
      const window = await sut.listMonitorHTTPResponseLogs({
        id: monitor!.id,
        fromTimestamp: BigInt(Date.now() - 90_000),
      });
      expect(window.logs.map((l) => l.id)).toEqual([ids[0]]);

      const { log } = await sut.getMonitorHTTPResponseLog({ id: monitor!.id, logId: ids[2] });
      expect(log).toMatchObject({
        url: 'https://example.com/health',
        error: 'status code 200 is not 201',
        headers: { 'content-type': 'text/plain', 'set-cookie': '[redacted]' },
        log: { id: ids[2], requestStatus: HTTPResponseLogRequestStatus.HTTP_RESPONSE_LOG_REQUEST_STATUS_ERROR },
      });
      expect(JSON.parse(log!.assertions)).toEqual([
        { type: 'status_code', comparator: 'eq', target: 200, actual: 200, passed: true },
      ]);
      expect((await rpcError(sut.getMonitorHTTPResponseLog({ id: monitor!.id, logId: '999999999' }))).code).toBe(
        Code.NotFound,
      );
    });

    it('bounds the log page size', async () => {
      const { monitor } = await sut.createHTTPMonitor(minimalHttp());
      expect((await rpcError(sut.listMonitorHTTPResponseLogs({ id: monitor!.id, limit: 101 }))).rawMessage).toBe(
        'limit: must be between 1 and 100',
      );
    });

    it('has response logs only for HTTP monitors', async () => {
      const { monitor } = await sut.createTCPMonitor({
        monitor: { name: 't', uri: 'x.example.com:1', periodicity: Periodicity.PERIODICITY_1M },
      });
      const error = await rpcError(sut.listMonitorHTTPResponseLogs({ id: monitor!.id }));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toContain('only HTTP monitors have response logs');
    });

    it('refuses response logs on the free plan', async () => {
      const free = await newTenant(t, 'free');
      const client = clientFor(free.writeKey);
      const { monitor } = await client.createHTTPMonitor({
        monitor: { ...minimalHttp().monitor, periodicity: Periodicity.PERIODICITY_10M },
      });
      for (const call of [
        () => client.listMonitorHTTPResponseLogs({ id: monitor!.id }),
        () => client.getMonitorHTTPResponseLog({ id: monitor!.id, logId: '1' }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.PermissionDenied);
        expect(error.rawMessage).toBe('Upgrade for response logs');
      }
    });
  });

  describe('delete and trigger', () => {
    it('deletes a monitor; afterwards it is not found anywhere', async () => {
      const { monitor } = await sut.createHTTPMonitor(minimalHttp());
      expect(await sut.deleteMonitor({ id: monitor!.id })).toMatchObject({ success: true });
      for (const call of [
        () => sut.getMonitor({ id: monitor!.id }),
        () => sut.deleteMonitor({ id: monitor!.id }),
        () => sut.getMonitorStatus({ id: monitor!.id }),
      ]) {
        expect((await rpcError(call())).code).toBe(Code.NotFound);
      }
    });

    it('refuses to delete a monitor a status page shows', async () => {
      const { monitor } = await sut.createHTTPMonitor(minimalHttp());
      const [page]: Array<{ id: string }> = await t.db.manager.query(
        `INSERT INTO status_pages (workspace_id, title, slug) VALUES ($1, 'Status', $2) RETURNING id`,
        [tenant.ctx.workspace.id, `page-${monitor!.id}-${useBinaryFormat}`],
      );
      await t.db.manager.query(
        `INSERT INTO page_components (workspace_id, page_id, type, monitor_id) VALUES ($1, $2, 'monitor', $3)`,
        [tenant.ctx.workspace.id, page.id, monitor!.id],
      );
      const error = await rpcError(sut.deleteMonitor({ id: monitor!.id }));
      expect(error.code).toBe(Code.FailedPrecondition);
      expect(error.rawMessage).toContain('is shown by status page components');
    });

    it('queues a triggered check in every region of the monitor', async () => {
      const { monitor } = await sut.createHTTPMonitor({
        monitor: { ...minimalHttp().monitor, regions: [Region.FLY_AMS, Region.KOYEB_PAR] },
      });
      expect(await sut.triggerMonitor({ id: monitor!.id })).toMatchObject({ success: true });
      const rows: Array<{ location: string }> = await t.db.manager.query(
        'SELECT location FROM check_triggers WHERE monitor_id = $1 AND done_at IS NULL ORDER BY location',
        [monitor!.id],
      );
      expect(rows.map((r) => r.location)).toEqual(['fly-ams', 'koyeb-par']);
      expect((await rpcError(sut.triggerMonitor({ id: '987654321' }))).code).toBe(Code.NotFound);
    });
  });

  describe('credentials and tenancy', () => {
    it('refuses calls without a key or with a wrong key', async () => {
      expect((await rpcError(clientFor(null).listMonitors({}))).code).toBe(Code.Unauthenticated);
      expect(
        (await rpcError(clientFor('svc_abcdefghijkl_0123456789012345678901234567890123456789').listMonitors({}))).code,
      ).toBe(Code.Unauthenticated);
    });

    it('lets a read-only key read and refuses every write', async () => {
      const { monitor } = await sut.createHTTPMonitor(minimalHttp());
      const reader = clientFor(tenant.readKey);
      expect((await reader.getMonitor({ id: monitor!.id })).monitor?.config.value).toEqual(monitor);
      await expect(reader.listMonitors({})).resolves.toBeDefined();
      await expect(reader.getMonitorSummary({ id: monitor!.id })).resolves.toBeDefined();
      for (const call of [
        () => reader.createHTTPMonitor(minimalHttp()),
        () => reader.updateHTTPMonitor({ id: monitor!.id, monitor: { name: 'x' } }),
        () => reader.deleteMonitor({ id: monitor!.id }),
        () => reader.triggerMonitor({ id: monitor!.id }),
        () =>
          reader.createTCPMonitor({
            monitor: { name: 't', uri: 'x.example.com:1', periodicity: Periodicity.PERIODICITY_1M },
          }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.PermissionDenied);
      }
      expect((await sut.getMonitor({ id: monitor!.id })).monitor?.config.value).toEqual(monitor);
    });

    it('shows a read-only key every credential as [redacted] in GetMonitor and ListMonitors, the write key as stored', async () => {
      const own = await newTenant(t);
      const writer = clientFor(own.writeKey);
      const reader = clientFor(own.readKey);
      const headers = [
        { key: 'Authorization', value: 'Bearer SECRET-view-authorization' },
        { key: 'X-Api-Key', value: 'SECRET-view-apikey' },
        { key: 'Accept', value: 'application/json' },
      ];
      const otel = {
        endpoint: 'https://otel.example.com/v1/metrics',
        headers: [{ key: 'x-honeycomb-team', value: 'SECRET-view-otel' }],
      };
      const metadata = [
        { key: 'authorization', value: 'Bearer SECRET-view-grpc' },
        { key: 'x-tenant', value: 'blue' },
      ];
      const { monitor: http } = await writer.createHTTPMonitor({
        monitor: { ...minimalHttp().monitor, headers, openTelemetry: otel },
      });
      const { monitor: grpc } = await writer.createGRPCMonitor({
        monitor: { name: 'grpc', uri: 'api.example.com:443', periodicity: Periodicity.PERIODICITY_1M, metadata },
      });
      const redacted = {
        headers: [
          { key: 'Authorization', value: '[redacted]' },
          { key: 'X-Api-Key', value: '[redacted]' },
          { key: 'Accept', value: 'application/json' },
        ],
        openTelemetry: { endpoint: otel.endpoint, headers: [{ key: 'x-honeycomb-team', value: '[redacted]' }] },
      };
      const redactedMetadata = [
        { key: 'authorization', value: '[redacted]' },
        { key: 'x-tenant', value: 'blue' },
      ];

      // Twice each: the second answer comes from the cache the write key's reads filled.
      for (let round = 0; round < 2; round++) {
        expect((await writer.getMonitor({ id: http!.id })).monitor?.config.value).toEqual(http);
        expect((await writer.getMonitor({ id: grpc!.id })).monitor?.config.value).toEqual(grpc);
        expect((await reader.getMonitor({ id: http!.id })).monitor?.config.value).toMatchObject(redacted);
        expect((await reader.getMonitor({ id: grpc!.id })).monitor?.config.value).toMatchObject({
          metadata: redactedMetadata,
        });
      }
      const listed = await reader.listMonitors({});
      expect(listed.httpMonitors).toMatchObject([redacted]);
      expect(listed.grpcMonitors).toMatchObject([{ metadata: redactedMetadata }]);
      expect(
        JSON.stringify([listed.httpMonitors, listed.grpcMonitors], (_k, v: unknown) =>
          typeof v === 'bigint' ? String(v) : v,
        ),
      ).not.toContain('SECRET');
      const writerList = await writer.listMonitors({});
      expect(writerList.httpMonitors).toEqual([http]);
      expect(writerList.grpcMonitors).toEqual([grpc]);
    });

    it('refuses the [redacted] marker as a credential value, so a copied read-only view cannot overwrite one', async () => {
      const { monitor } = await sut.createHTTPMonitor({
        monitor: { ...minimalHttp().monitor, headers: [{ key: 'Authorization', value: 'Bearer kept' }] },
      });
      const copied = await rpcError(
        sut.updateHTTPMonitor({
          id: monitor!.id,
          monitor: { headers: [{ key: 'Authorization', value: '[redacted]' }] },
          updateMask: create(FieldMaskSchema, { paths: ['headers'] }),
        }),
      );
      expect(copied.code).toBe(Code.InvalidArgument);
      expect(copied.rawMessage).toContain('headers.0.value: "[redacted]" is what a read-only view shows');
      const created = await rpcError(
        sut.createHTTPMonitor({
          monitor: {
            ...minimalHttp().monitor,
            openTelemetry: { endpoint: 'https://otel.example.com', headers: [{ key: 'x-team', value: '[redacted]' }] },
          },
        }),
      );
      expect(created.code).toBe(Code.InvalidArgument);
      expect(created.rawMessage).toContain('openTelemetry.headers.0.value');
      expect((await sut.getMonitor({ id: monitor!.id })).monitor?.config.value).toMatchObject({
        headers: [{ key: 'Authorization', value: 'Bearer kept' }],
      });
      // Other fields still change, and the stored credential stays.
      await sut.updateHTTPMonitor({ id: monitor!.id, monitor: { name: 'renamed' } });
      expect((await sut.getMonitor({ id: monitor!.id })).monitor?.config.value).toMatchObject({
        name: 'renamed',
        headers: [{ key: 'Authorization', value: 'Bearer kept' }],
      });
    });

    it('answers not_found for ids of another workspace, for every method that takes one', async () => {
      const { monitor } = await sut.createHTTPMonitor(minimalHttp());
      const other = clientFor((await newTenant(t)).writeKey);
      const id = monitor!.id;
      for (const call of [
        () => other.getMonitor({ id }),
        () => other.updateHTTPMonitor({ id, monitor: { name: 'stolen' } }),
        () => other.deleteMonitor({ id }),
        () => other.triggerMonitor({ id }),
        () => other.getMonitorStatus({ id }),
        () => other.getMonitorSummary({ id }),
        () => other.listMonitorHTTPResponseLogs({ id }),
        () => other.getMonitorHTTPResponseLog({ id, logId: '1' }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(
          `monitor "${id}" not found`.replace(
            'monitor',
            error.rawMessage.startsWith('http') ? 'http monitor' : 'monitor',
          ),
        );
      }
      expect((await sut.getMonitor({ id })).monitor?.config.value).toEqual(monitor);
    });

    it('enforces plan limits', async () => {
      const free = clientFor((await newTenant(t, 'free')).writeKey);
      const fast = await rpcError(free.createHTTPMonitor(minimalHttp()));
      expect(fast.code).toBe(Code.ResourceExhausted);
      expect(fast.rawMessage).toContain('periodicity: the free plan');
      for (let i = 0; i < 5; i++)
        await free.createHTTPMonitor({
          monitor: { ...minimalHttp().monitor, periodicity: Periodicity.PERIODICITY_1H },
        });
      const sixth = await rpcError(
        free.createHTTPMonitor({ monitor: { ...minimalHttp().monitor, periodicity: Periodicity.PERIODICITY_1H } }),
      );
      expect(sixth.code).toBe(Code.ResourceExhausted);
      expect(sixth.rawMessage).toBe('monitors: the free plan allows at most 5 monitors');
    });

    it('writes audit entries with the key as actor', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const { monitor } = await client.createHTTPMonitor({
        monitor: { ...minimalHttp().monitor, headers: [{ key: 'Authorization', value: 'Bearer s3cret' }] },
      });
      await client.updateHTTPMonitor({ id: monitor!.id, monitor: { name: 'renamed' } });
      await client.deleteMonitor({ id: monitor!.id });
      const entries = await t.db
        .repo(AuditLogEntity)
        .find({ where: { workspaceId: own.ctx.workspace.id, entityType: 'monitor' }, order: { id: 'ASC' } });
      expect(entries.map((e) => e.action)).toEqual(['monitor.create', 'monitor.update', 'monitor.delete']);
      expect(entries[1]).toMatchObject({
        actorType: 'api_key',
        actorUserId: own.userId,
        via: 'rpc',
        changedFields: ['name'],
      });
      expect(JSON.stringify(entries)).not.toContain('s3cret');
    });
  });
});

describe('MonitorService over gRPC-web', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    t = await startHttpApp();
  });

  afterAll(() => t.close());

  it('serves the same methods and errors', async () => {
    const tenant = await newTenant(t);
    const client = createClient(
      MonitorService,
      createGrpcWebTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.writeKey)],
      }),
    );
    const { monitor } = await client.createHTTPMonitor({
      monitor: { name: 'web', url: 'https://example.com', periodicity: Periodicity.PERIODICITY_1M },
    });
    expect((await client.listMonitors({})).httpMonitors.map((m) => m.id)).toEqual([monitor!.id]);
    const error = await rpcError(client.getMonitor({ id: '424242424' }));
    expect(error.code).toBe(Code.NotFound);
  });
});

describe('MonitorService over plain HTTP JSON', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  const call = async (method: string, body: unknown, key: string | null = tenant.writeKey) => {
    const response = await fetch(`${t.baseUrl}/rpc/monitor.v1.MonitorService/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-service-key': key } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('creates and reads a monitor with enum names and int64 strings', async () => {
    const created = await call('CreateHTTPMonitor', {
      monitor: {
        name: 'curl',
        url: 'https://example.com',
        periodicity: 'PERIODICITY_5M',
        regions: ['REGION_FLY_AMS'],
        timeout: 3000,
        alertQuorum: 1,
      },
    });
    expect(created.status).toBe(200);
    const monitor = created.body.monitor as Record<string, unknown>;
    expect(monitor).toMatchObject({
      name: 'curl',
      periodicity: 'PERIODICITY_5M',
      timeout: '3000',
      degradedAt: '1500',
      alertQuorum: 1,
      status: 'MONITOR_STATUS_UNKNOWN',
    });
    const fetched = await call('GetMonitor', { id: monitor.id });
    expect(fetched.body).toEqual({ monitor: { http: monitor } });
  });

  it('answers errors as Connect JSON with the code and a readable message', async () => {
    expect(
      await call('CreateHTTPMonitor', {
        monitor: { name: 'x', url: 'https://example.com', periodicity: 'PERIODICITY_1M', retry: 20 },
      }),
    ).toEqual({
      status: 400,
      body: { code: 'invalid_argument', message: 'retry: must be between 0 and 10' },
    });
    expect(await call('ListMonitors', {}, null)).toEqual({
      status: 401,
      body: { code: 'unauthenticated', message: 'Missing x-service-key header' },
    });
    expect((await call('GetMonitor', { id: '123456789' })).body).toEqual({
      code: 'not_found',
      message: 'monitor "123456789" not found',
    });
    expect((await call('ListMonitors', { limit: 'many' })).status).toBe(400);
    expect((await call('CreateHTTPMonitor', { monitor: { nam: 'typo' } })).body).toMatchObject({
      code: 'invalid_argument',
    });
  });
});
