// The check engine end to end: a monitor created over the RPC API against a loopback server shows
// real results in getMonitorStatus, getMonitorSummary and the response logs, from the embedded agent.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient, type Client, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { MonitorStatus, Periodicity, Region, TimeRange } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { HTTPResponseLogTrigger } from '@uptime/proto/gen/monitor/v1/response_log_pb';
import { newTenant, startHttpApp, type HttpTestApp } from '../support/http-app';
import { startHttpTarget, type LoopbackServer } from '../support/loopback';
import { eventually } from '../support/rpc';

describe('check engine (embedded agent)', () => {
  let t: HttpTestApp;
  let target: LoopbackServer;
  let client: Client<typeof MonitorService>;

  beforeAll(async () => {
    target = await startHttpTarget();
    t = await startHttpApp({ checkerRegions: ['fly-ams', 'fly-iad'] });
    const tenant = await newTenant(t);
    const withKey: Interceptor = (next) => (req) => {
      req.header.set('x-service-key', tenant.writeKey);
      return next(req);
    };
    client = createClient(
      MonitorService,
      createConnectTransport({ baseUrl: `${t.baseUrl}/rpc`, httpVersion: '1.1', interceptors: [withKey] }),
    );
  });

  afterAll(async () => {
    await t.close();
    await target.close();
  });

  it('runs an active monitor in each region and reports status, summary and logs', async () => {
    const { monitor } = await client.createHTTPMonitor({
      monitor: {
        name: 'loopback',
        url: `${target.url}/`,
        periodicity: Periodicity.PERIODICITY_30S,
        regions: [Region.FLY_AMS, Region.FLY_IAD],
        active: true,
        bodyAssertions: [],
      },
    });
    // Bring the first slot forward instead of waiting up to a period for it.
    await t.db.manager.query(`UPDATE monitor_schedules SET next_run_at = now() WHERE monitor_id = $1`, [monitor!.id]);
    const status = await eventually(
      () => client.getMonitorStatus({ id: monitor!.id }),
      (s) => s.regions.every((r) => r.status === MonitorStatus.ACTIVE),
    );
    expect(status.regions.map((r) => [r.region, r.status])).toEqual([
      [Region.FLY_AMS, MonitorStatus.ACTIVE],
      [Region.FLY_IAD, MonitorStatus.ACTIVE],
    ]);
    const summary = await client.getMonitorSummary({ id: monitor!.id, timeRange: TimeRange.TIME_RANGE_1D });
    expect(summary.totalSuccessful).toBe(2n);
    expect(summary.totalFailed).toBe(0n);
    expect(summary.lastPingAt).toBeDefined();
    const logs = await client.listMonitorHTTPResponseLogs({ id: monitor!.id });
    expect(logs.logs.map((l) => l.region).sort()).toEqual([Region.FLY_AMS, Region.FLY_IAD]);
    expect(logs.logs[0]).toMatchObject({
      statusCode: 200n,
      trigger: HTTPResponseLogTrigger.HTTP_RESPONSE_LOG_TRIGGER_CRON,
    });
    const detail = await client.getMonitorHTTPResponseLog({ id: monitor!.id, logId: logs.logs[0].id });
    expect(detail.log?.url).toBe(`${target.url}/`);
    expect(detail.log?.headers['content-type']).toBe('text/plain');
    const fetched = await client.getMonitor({ id: monitor!.id });
    expect(fetched.monitor?.config.value?.status).toBe(MonitorStatus.ACTIVE);
  });

  it('runs a triggered check at once, also for an inactive monitor, and judges failures', async () => {
    const { monitor } = await client.createHTTPMonitor({
      monitor: {
        name: 'down',
        url: `${target.url}/status/500`,
        periodicity: Periodicity.PERIODICITY_1H,
        regions: [Region.FLY_AMS],
        retry: 0n,
      },
    });
    expect(await client.triggerMonitor({ id: monitor!.id })).toMatchObject({ success: true });
    const logs = await eventually(
      () => client.listMonitorHTTPResponseLogs({ id: monitor!.id }),
      (l) => l.logs.length > 0,
    );
    expect(logs.logs[0]).toMatchObject({
      statusCode: 500n,
      trigger: HTTPResponseLogTrigger.HTTP_RESPONSE_LOG_TRIGGER_API,
    });
    const detail = await client.getMonitorHTTPResponseLog({ id: monitor!.id, logId: logs.logs[0].id });
    expect(detail.log?.error).toContain('got 500');
    const status = await client.getMonitorStatus({ id: monitor!.id });
    expect(status.regions).toEqual([expect.objectContaining({ region: Region.FLY_AMS, status: MonitorStatus.ERROR })]);
  });

  it('refuses to trigger a monitor with nowhere to run', async () => {
    const { monitor } = await client.createTCPMonitor({
      monitor: { name: 'nowhere', uri: `127.0.0.1:${target.port}`, periodicity: Periodicity.PERIODICITY_1M },
    });
    await client.updateTCPMonitor({
      id: monitor!.id,
      monitor: {},
      updateMask: create(FieldMaskSchema, { paths: ['regions'] }),
    });
    const error = await client.triggerMonitor({ id: monitor!.id }).catch((e: unknown) => ConnectError.from(e));
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.FailedPrecondition);
  });

  it('exports each check as OTLP metrics with the monitor headers', async () => {
    const received: Array<{
      headers: Record<string, unknown>;
      body: {
        resourceMetrics: Array<{
          scopeMetrics: Array<{
            metrics: Array<{
              name: string;
              gauge: {
                dataPoints: Array<{
                  asDouble: number;
                  attributes: Array<{ key: string; value: { stringValue: string } }>;
                }>;
              };
            }>;
          }>;
        }>;
      };
    }> = [];
    const collector = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(text) as (typeof received)[number]['body'] });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const port = (collector.address() as AddressInfo).port;
    try {
      const { monitor } = await client.createHTTPMonitor({
        monitor: {
          name: 'otel',
          url: `${target.url}/`,
          periodicity: Periodicity.PERIODICITY_1H,
          regions: [Region.FLY_AMS],
          openTelemetry: {
            endpoint: `http://127.0.0.1:${port}/v1/metrics`,
            headers: [{ key: 'x-otel-team', value: 'sre' }],
          },
        },
      });
      await client.triggerMonitor({ id: monitor!.id });
      const got = await eventually(
        () => Promise.resolve(received),
        (r) => r.length > 0,
      );
      expect(got[0].headers['x-otel-team']).toBe('sre');
      const metrics = got[0].body.resourceMetrics[0].scopeMetrics[0].metrics;
      expect(metrics.map((m) => m.name)).toEqual(
        expect.arrayContaining([
          'uptime.check.latency',
          'uptime.check.success',
          'uptime.check.timing.ttfb',
          'uptime.check.status_code',
        ]),
      );
      const success = metrics.find((m) => m.name === 'uptime.check.success')!.gauge.dataPoints[0];
      expect(success.asDouble).toBe(1);
      expect(success.attributes).toEqual(
        expect.arrayContaining([
          { key: 'monitor.id', value: { stringValue: monitor!.id } },
          { key: 'check.region', value: { stringValue: 'fly-ams' } },
        ]),
      );
    } finally {
      await new Promise<void>((resolve) => collector.close(() => resolve()));
    }
  });
});
