// Remote agents as separate processes: one serving public regions with the shared token, one serving
// a private location with its own token; and an agent that loses the API keeps its results.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createClient, type Client, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { MonitorStatus, Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import {
  PrivateLocationService,
  PrivateLocationStatus,
} from '@uptime/proto/gen/private_location/v1/private_location_service_pb';
import { CheckAgent, DEFAULT_AGENT_OPTIONS } from '../../backend/src/checker/agent';
import { InlineExecutor } from '../../backend/src/checker/check-executor';
import { createProbeRegistry } from '../../backend/src/checker/probe-registry';
import { httpTransport } from '../../backend/src/agent/main';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { startHttpTarget, type LoopbackServer } from '../support/loopback';
import { eventually } from '../support/rpc';

const AGENT_TOKEN = 'shared-agent-token-for-tests-0123456789abcdef';
const AGENT_MAIN = join(__dirname, '..', '..', 'backend', 'dist', 'agent', 'main.js');

function startAgent(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [AGENT_MAIN], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

describe('remote agents', () => {
  let t: HttpTestApp;
  let target: LoopbackServer;
  let tenant: Tenant;
  let monitors: Client<typeof MonitorService>;
  let locations: Client<typeof PrivateLocationService>;
  const agents: ChildProcess[] = [];

  beforeAll(async () => {
    target = await startHttpTarget();
    t = await startHttpApp({ env: { AGENT_TOKEN } });
    tenant = await newTenant(t);
    const withKey: Interceptor = (next) => (req) => {
      req.header.set('x-service-key', tenant.writeKey);
      return next(req);
    };
    const transport = createConnectTransport({
      baseUrl: `${t.baseUrl}/rpc`,
      httpVersion: '1.1',
      interceptors: [withKey],
    });
    monitors = createClient(MonitorService, transport);
    locations = createClient(PrivateLocationService, transport);
  });

  afterAll(async () => {
    for (const agent of agents) agent.kill('SIGTERM');
    await Promise.all(
      agents.map((a) => new Promise((resolve) => (a.exitCode !== null ? resolve(null) : a.once('exit', resolve)))),
    );
    await t.close();
    await target.close();
  });

  it('runs public regions with the shared token', async () => {
    const { monitor } = await monitors.createHTTPMonitor({
      monitor: {
        name: 'remote',
        url: `${target.url}/`,
        periodicity: Periodicity.PERIODICITY_1M,
        regions: [Region.KOYEB_FRA],
        active: true,
      },
    });
    await t.db.manager.query('UPDATE monitor_schedules SET next_run_at = now() WHERE monitor_id = $1', [monitor!.id]);
    agents.push(startAgent({ API_URL: t.baseUrl, AGENT_TOKEN, AGENT_REGIONS: 'koyeb-fra', AGENT_ID: 'frankfurt-1' }));
    const status = await eventually(
      () => monitors.getMonitorStatus({ id: monitor!.id }),
      (s) => s.regions[0]?.status === MonitorStatus.ACTIVE,
    );
    expect(status.regions).toEqual([
      expect.objectContaining({ region: Region.KOYEB_FRA, status: MonitorStatus.ACTIVE }),
    ]);
    const [row]: Array<{ runner: string }> = await t.db.manager.query(
      'SELECT runner FROM check_results WHERE monitor_id = $1',
      [monitor!.id],
    );
    expect(row.runner).toBe('remote-frankfurt-1');
  });

  it('runs exactly the monitors of a private location with its token, and marks it seen', async () => {
    const { monitor: assigned } = await monitors.createHTTPMonitor({
      monitor: {
        name: 'on-prem',
        url: `${target.url}/`,
        periodicity: Periodicity.PERIODICITY_1M,
        regions: [Region.FLY_SYD],
        active: true,
      },
    });
    const { monitor: other } = await monitors.createHTTPMonitor({
      monitor: {
        name: 'elsewhere',
        url: `${target.url}/`,
        periodicity: Periodicity.PERIODICITY_1M,
        regions: [Region.FLY_SYD],
        active: true,
      },
    });
    const { privateLocation } = await locations.createPrivateLocation({
      privateLocation: { name: 'Office', monitorIds: [assigned!.id] },
    });
    expect(privateLocation?.status).toBe(PrivateLocationStatus.UNKNOWN);
    await t.db.manager.query('UPDATE monitor_schedules SET next_run_at = now() WHERE monitor_id = ANY($1::bigint[])', [
      [assigned!.id, other!.id],
    ]);
    agents.push(startAgent({ API_URL: t.baseUrl, AGENT_TOKEN: privateLocation!.token, AGENT_ID: 'office-1' }));
    const rows = await eventually(
      () =>
        t.db.rows<{ monitor_id: string; region: string }>(
          'SELECT monitor_id::text AS monitor_id, region FROM check_results WHERE region LIKE $1',
          [`private-location:${privateLocation!.id}`],
        ),
      (r) => r.length > 0,
    );
    expect(rows).toEqual([{ monitor_id: assigned!.id, region: `private-location:${privateLocation!.id}` }]);
    const seen = await locations.getPrivateLocation({ id: privateLocation!.id });
    expect(seen.privateLocation?.status).toBe(PrivateLocationStatus.ACTIVE);
    expect(seen.privateLocation?.lastSeenAt).toBeDefined();
  });

  it('refuses unknown tokens and agents without regions', async () => {
    const post = (token: string, body: unknown) =>
      fetch(`${t.baseUrl}/agent/v1/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    expect((await post('svc_plt_nope', { agentId: 'x', max: 1, lookaheadMs: 0 })).status).toBe(401);
    expect((await post(AGENT_TOKEN, { agentId: 'x', max: 1, lookaheadMs: 0 })).status).toBe(401);
    expect((await post(AGENT_TOKEN, { agentId: 'x', regions: ['mars-1'], max: 1, lookaheadMs: 0 })).status).toBe(400);
  });

  it('keeps results while the API is unreachable and delivers them later', async () => {
    const { monitor } = await monitors.createHTTPMonitor({
      monitor: {
        name: 'resilient',
        url: `${target.url}/`,
        periodicity: Periodicity.PERIODICITY_1M,
        regions: [Region.FLY_GRU],
        active: true,
      },
    });
    await t.db.manager.query('UPDATE monitor_schedules SET next_run_at = now() WHERE monitor_id = $1', [monitor!.id]);
    const real = httpTransport(t.baseUrl, AGENT_TOKEN, 'flaky', ['fly-gru']);
    let failures = 3;
    const agent = new CheckAgent(
      {
        claim: real.claim,
        // The network between agent and API drops the first reports.
        report: async (results) => {
          if (failures-- > 0) throw new Error('ECONNRESET (simulated network loss)');
          await real.report(results);
        },
      },
      new InlineExecutor(createProbeRegistry()),
      { ...DEFAULT_AGENT_OPTIONS, pollMs: 100 },
    );
    agent.start();
    try {
      const rows = await eventually(
        () => t.db.rows<{ id: string }>('SELECT id FROM check_results WHERE monitor_id = $1', [monitor!.id]),
        (r) => r.length > 0,
      );
      expect(rows).toHaveLength(1);
      expect(failures).toBeLessThan(0);
      // The row can land before the agent has read the API's answer; then its buffer empties.
      expect(
        await eventually(
          () => Promise.resolve(agent.pendingResults),
          (n) => n === 0,
        ),
      ).toBe(0);
    } finally {
      await agent.stop();
    }
  });
});
