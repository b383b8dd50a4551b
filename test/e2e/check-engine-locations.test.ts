// Over real HTTP: a private location's status is part of GetMonitorStatus, its agent's heartbeats
// leave updated_at alone, and a response-log window older than the retention is empty, not refused.
import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { MonitorStatus, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { privateLocation } from '../../backend/src/schedules/slots';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcError, withKey } from '../support/rpc';

const DAY_MS = 86_400_000;

describe('check engine: private locations and response-log windows', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let sut: Client<typeof MonitorService>;
  let monitorId: string;
  let location: { id: string; token: string };

  const agentCall = async (path: string, body: unknown) => {
    const response = await fetch(`${t.baseUrl}/agent/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${location.token}` },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const timestamps = async () => {
    const [row] = await t.db.manager.query<Array<{ updated_at: Date; last_seen_at: Date | null }>>(
      'SELECT updated_at, last_seen_at FROM private_locations WHERE id = $1',
      [location.id],
    );
    return { updatedAt: new Date(row.updated_at).getTime(), lastSeenAt: row.last_seen_at };
  };

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    sut = createClient(
      MonitorService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.writeKey)],
      }),
    );
    monitorId = (
      await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
        name: 'on-prem',
        url: 'http://127.0.0.1:9/',
        periodicity: '1m',
        regions: ['fly-ams'],
        active: true,
      })
    ).id;
    const created = await t.app
      .get(PrivateLocationsService)
      .create(tenant.ctx, { name: 'rack', monitorIds: [monitorId] });
    location = { id: created.id, token: created.token! };
  });

  afterAll(() => t.close());

  it('keeps updated_at when the agent claims and reports, and records last_seen_at', async () => {
    const before = await timestamps();
    expect(before.lastSeenAt).toBeNull();
    await agentCall('claim', { agentId: 'rack-1', max: 10, lookaheadMs: 0 });
    await agentCall('report', { agentId: 'rack-1', results: [] });
    const after = await timestamps();
    expect(after.lastSeenAt).not.toBeNull();
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it('lists the private location that runs the monitor in GetMonitorStatus, with its status', async () => {
    const unjudged = await sut.getMonitorStatus({ id: monitorId });
    expect(unjudged.regions.map((r) => [r.region, r.privateLocationId, r.status])).toEqual([
      [Region.FLY_AMS, '', MonitorStatus.UNKNOWN],
      [Region.UNSPECIFIED, location.id, MonitorStatus.UNKNOWN],
    ]);

    const at = new Date(Date.now() - 60_000);
    const stored = await agentCall('report', {
      agentId: 'rack-1',
      results: [
        {
          run: {
            monitorId,
            workspaceId: tenant.ctx.workspace.id,
            location: privateLocation(location.id),
            trigger: 'cron',
            triggerId: null,
            cronTimestamp: at,
            periodMs: 60_000,
          },
          outcome: {
            status: 'error',
            latencyMs: 12,
            timings: null,
            statusCode: null,
            error: { kind: 'connect', message: 'connection failed: ECONNREFUSED' },
            assertions: [],
            headers: null,
            url: 'http://127.0.0.1:9/',
            details: {},
            attempts: 1,
          },
          startedAt: at,
        },
      ],
    });
    expect(stored).toMatchObject({ stored: 1 });
    const judged = await sut.getMonitorStatus({ id: monitorId });
    expect(judged.regions.map((r) => [r.region, r.privateLocationId, r.status])).toEqual([
      [Region.FLY_AMS, '', MonitorStatus.UNKNOWN],
      [Region.UNSPECIFIED, location.id, MonitorStatus.ERROR],
    ]);
  });

  it('answers an empty list for a response-log window entirely older than the retention', async () => {
    const now = Date.now();
    const old = await sut.listMonitorHTTPResponseLogs({
      id: monitorId,
      fromTimestamp: BigInt(now - 30 * DAY_MS),
      toTimestamp: BigInt(now - 20 * DAY_MS),
    });
    expect(old).toMatchObject({ logs: [], pagination: { hasMore: false, nextOffset: 0 } });
    const endsOld = await sut.listMonitorHTTPResponseLogs({ id: monitorId, toTimestamp: BigInt(now - 20 * DAY_MS) });
    expect(endsOld.logs).toEqual([]);
    const backwards = await rpcError(
      sut.listMonitorHTTPResponseLogs({
        id: monitorId,
        fromTimestamp: BigInt(now - 20 * DAY_MS),
        toTimestamp: BigInt(now - 30 * DAY_MS),
      }),
    );
    expect(backwards.rawMessage).toBe('fromTimestamp: must not be after toTimestamp');
  });
});
