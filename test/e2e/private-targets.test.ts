// Under production settings (NODE_ENV=production, ALLOW_PRIVATE_TARGETS unset) over real HTTP: a
// monitor that runs from shared regions may not name a private address literally (create and update
// refuse it, naming the field and private locations); a name that resolves to loopback passes create
// and is refused at every check by a remote agent with the shared token, before any connection; the
// agent of a private location checks the very same targets; ALLOW_PRIVATE_TARGETS=true allows them
// from shared regions again. The agents are the real CheckAgent over the agent HTTP API.
import { Code, createClient, type Client } from '@connectrpc/connect';
import { Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { httpTransport } from '../../backend/src/agent/main';
import { CheckAgent, DEFAULT_AGENT_OPTIONS } from '../../backend/src/checker/agent';
import { InlineExecutor } from '../../backend/src/checker/check-executor';
import type { CheckOutcome } from '../../backend/src/checks/check-types';
import { CheckWorkService } from '../../backend/src/checker/check-work.service';
import { createProbeRegistry } from '../../backend/src/checker/probe-registry';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { startReceiver, type Receiver } from '../support/receivers';
import { rpcError, rpcTransport } from '../support/rpc';

const SHARED_TOKEN = 'shared-agent-token-for-the-private-targets-test';

const clientOf = (t: HttpTestApp, key: string): Client<typeof MonitorService> =>
  createClient(MonitorService, rpcTransport(t.baseUrl, key));

/** Runs a real agent until it has checked every monitor named, and returns each one's outcome. */
async function checkOnce(
  t: HttpTestApp,
  token: string,
  regions: string[] | undefined,
  rpc: Client<typeof MonitorService>,
  monitorIds: string[],
): Promise<Map<string, CheckOutcome>> {
  const outcomes = new Map<string, CheckOutcome>();
  let allDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allDone = resolve));
  const agent = new CheckAgent(
    httpTransport(t.baseUrl, token, `agent-${Math.random().toString(36).slice(2)}`, regions),
    new InlineExecutor(createProbeRegistry()),
    {
      ...DEFAULT_AGENT_OPTIONS,
      pollMs: 50,
      onCheck: ({ item, outcome }) => {
        if (item.run.trigger !== 'api' || !monitorIds.includes(item.run.monitorId)) return;
        outcomes.set(item.run.monitorId, outcome);
        if (outcomes.size === monitorIds.length) allDone();
      },
    },
  );
  for (const id of monitorIds) await rpc.triggerMonitor({ id });
  agent.start();
  const timeout = setTimeout(allDone, 20_000);
  await done;
  clearTimeout(timeout);
  await agent.stop();
  expect([...outcomes.keys()].sort()).toEqual([...monitorIds].sort());
  return outcomes;
}

describe('private targets under production settings', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let rpc: Client<typeof MonitorService>;
  let target: Receiver;
  let otel: Receiver;
  /** Monitors of each kind whose target is a name that resolves to loopback. */
  let byName: Record<string, string> = {};

  /** A monitor of each kind aimed at `localhost` (a trigger has a cooldown: each test takes its own). */
  async function localhostMonitors(client: Client<typeof MonitorService>, tag: string) {
    const regions = [Region.FLY_AMS];
    const periodicity = Periodicity.PERIODICITY_10M;
    const openTelemetry = { endpoint: `http://localhost:${otel.port}/v1/metrics`, headers: [] };
    const uri = `localhost:${target.port}`;
    const [http, tcp, grpc, icmp] = await Promise.all([
      client.createHTTPMonitor({
        monitor: { name: `http ${tag}`, url: `http://${uri}/secret`, periodicity, regions, openTelemetry },
      }),
      client.createTCPMonitor({ monitor: { name: `tcp ${tag}`, uri, periodicity, regions } }),
      client.createGRPCMonitor({ monitor: { name: `grpc ${tag}`, uri, periodicity, regions } }),
      client.createICMPMonitor({ monitor: { name: `icmp ${tag}`, uri: 'localhost', periodicity, regions } }),
    ]);
    return { http: http.monitor!.id, tcp: tcp.monitor!.id, grpc: grpc.monitor!.id, icmp: icmp.monitor!.id };
  }

  beforeAll(async () => {
    target = await startReceiver();
    otel = await startReceiver();
    t = await startHttpApp({ port: await freePort(), env: { NODE_ENV: 'production', AGENT_TOKEN: SHARED_TOKEN } });
    tenant = await newTenant(t);
    rpc = clientOf(t, tenant.writeKey);
    byName = await localhostMonitors(rpc, 'a');
  });

  beforeEach(() => {
    target.clear();
    otel.clear();
  });

  afterAll(async () => {
    await t?.close();
    await target.close();
    await otel.close();
  });

  it('refuses a literal private address at create, naming the field and private locations', async () => {
    const P = Periodicity.PERIODICITY_10M;
    const cases: Array<[string, () => Promise<unknown>, string]> = [
      [
        'url',
        () =>
          rpc.createHTTPMonitor({
            monitor: { name: 'x', periodicity: P, url: `http://127.0.0.1:${target.port}/secret` },
          }),
        'url',
      ],
      [
        'decimal',
        () => rpc.createHTTPMonitor({ monitor: { name: 'x', periodicity: P, url: 'http://2130706433/' } }),
        'url',
      ],
      [
        'hex',
        () => rpc.createHTTPMonitor({ monitor: { name: 'x', periodicity: P, url: 'http://0x7f000001/' } }),
        'url',
      ],
      [
        'mapped',
        () => rpc.createHTTPMonitor({ monitor: { name: 'x', periodicity: P, url: 'http://[::ffff:127.0.0.1]/' } }),
        'url',
      ],
      [
        'metadata',
        () => rpc.createHTTPMonitor({ monitor: { name: 'x', periodicity: P, url: 'http://169.254.169.254/latest/' } }),
        'url',
      ],
      [
        'cgnat',
        () => rpc.createHTTPMonitor({ monitor: { name: 'x', periodicity: P, url: 'http://100.64.0.1/' } }),
        'url',
      ],
      ['any v6', () => rpc.createTCPMonitor({ monitor: { name: 'x', periodicity: P, uri: '[::]:22' } }), 'uri'],
      ['any v4', () => rpc.createTCPMonitor({ monitor: { name: 'x', periodicity: P, uri: '0.0.0.0:22' } }), 'uri'],
      [
        'private',
        () => rpc.createGRPCMonitor({ monitor: { name: 'x', periodicity: P, uri: '10.0.0.1:50051' } }),
        'uri',
      ],
      ['multicast', () => rpc.createICMPMonitor({ monitor: { name: 'x', periodicity: P, uri: '224.0.0.1' } }), 'uri'],
      ['octal', () => rpc.createICMPMonitor({ monitor: { name: 'x', periodicity: P, uri: '0177.0.0.1' } }), 'uri'],
      [
        'export',
        () =>
          rpc.createHTTPMonitor({
            monitor: {
              name: 'x',
              periodicity: P,
              url: 'https://example.com/',
              openTelemetry: { endpoint: 'http://192.168.1.5:4318/v1/metrics', headers: [] },
            },
          }),
        'openTelemetry.endpoint',
      ],
    ];
    for (const [, call, field] of cases) {
      const error = await rpcError(call());
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toMatch(new RegExp(`^${field.replace('.', '\\.')}: .*private, loopback or reserved`));
      expect(error.rawMessage).toContain('private location');
      expect(error.rawMessage).toContain('ALLOW_PRIVATE_TARGETS=true');
    }
    expect(target.connections).toBe(0);
  });

  it('refuses one at update too', async () => {
    const error = await rpcError(
      rpc.updateHTTPMonitor({ id: byName.http, monitor: { url: `http://127.0.0.1:${target.port}/secret` } }),
    );
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toMatch(
      /^url: 127\.0\.0\.1 is a private, loopback or reserved address; .*private location/,
    );
  });

  it('hands shared-region runs out without the grant (the embedded agent and remote agents alike)', async () => {
    const { tcp } = await localhostMonitors(rpc, 'claimed');
    await rpc.triggerMonitor({ id: tcp });
    const items = await t.app
      .get(CheckWorkService)
      .claim({ agentId: 'embedded-test', locations: ['fly-ams'], privateLocationId: null }, 100, 0);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.privateTargets === false)).toBe(true);
  });

  it('refuses at check time a name that resolves to loopback, from a shared region, before connecting', async () => {
    const outcomes = await checkOnce(t, SHARED_TOKEN, ['fly-ams'], rpc, Object.values(byName));
    for (const [, outcome] of outcomes) {
      expect(outcome.status).toBe('error');
      expect(outcome.error?.kind).toBe('refused');
      expect(outcome.error?.message).toMatch(/^refused: localhost resolves to a private, loopback or reserved address/);
      expect(outcome.error?.message).not.toMatch(/127\.0\.0\.1|::1/);
      expect(outcome.error?.message).toContain('private location');
    }
    expect(target.connections).toBe(0);
    // The export of the HTTP check went nowhere either.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(otel.connections).toBe(0);
  });

  it('checks the same targets from a private location', async () => {
    byName = await localhostMonitors(rpc, 'b');
    const location = await t.app
      .get(PrivateLocationsService)
      .create(tenant.ctx, { name: 'rack', monitorIds: Object.values(byName) });
    const outcomes = await checkOnce(t, location.token!, undefined, rpc, Object.values(byName));
    expect(outcomes.get(byName.http)).toMatchObject({ status: 'success', statusCode: 200 });
    expect(outcomes.get(byName.tcp)?.status).toBe('success');
    expect(outcomes.get(byName.icmp)?.error).toBeNull();
    // The receiver speaks HTTP/1.1, not gRPC: the check reached it and failed the protocol.
    expect(outcomes.get(byName.grpc)?.error?.kind).not.toBe('refused');
    expect(target.requests.map((r) => r.path)).toContain('/secret');
    for (let i = 0; i < 50 && otel.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(otel.requests).toHaveLength(1);
  });

  describe('with ALLOW_PRIVATE_TARGETS=true', () => {
    let allowing: HttpTestApp;

    beforeAll(async () => {
      allowing = await startHttpApp({
        sameDatabaseAs: t,
        port: await freePort(),
        env: { NODE_ENV: 'production', AGENT_TOKEN: SHARED_TOKEN, ALLOW_PRIVATE_TARGETS: 'true' },
      });
    });

    afterAll(() => allowing?.close());

    it('accepts literal private addresses and checks them from shared regions', async () => {
      const rpcAllowing = clientOf(allowing, tenant.writeKey);
      const { monitor } = await rpcAllowing.createHTTPMonitor({
        monitor: {
          name: 'literal',
          url: `http://127.0.0.1:${target.port}/ok`,
          periodicity: Periodicity.PERIODICITY_10M,
          regions: [Region.FLY_AMS],
        },
      });
      const { tcp } = await localhostMonitors(rpcAllowing, 'c');
      const outcomes = await checkOnce(allowing, SHARED_TOKEN, ['fly-ams'], rpcAllowing, [monitor!.id, tcp]);
      expect(outcomes.get(monitor!.id)).toMatchObject({ status: 'success', statusCode: 200 });
      expect(outcomes.get(tcp)?.status).toBe('success');
    });
  });
});
