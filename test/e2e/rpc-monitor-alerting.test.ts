// The alerting policy of monitors (issue 29) through the transports: monitor.v1's `alerting` message
// on create, update and GetMonitor over Connect (a probed kind and a heartbeat), an update without it
// keeping it, the update mask path `alerting` resetting it, the references refused as the service
// refuses them (another workspace's parent or escalation policy NOT_FOUND, the monitor itself, a
// cycle named with its path), and get_monitor over MCP showing it. Real HTTP server and database.
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { Code, createClient, type Client } from '@connectrpc/connect';
import { type AlertingSchema, Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb';
import { HeartbeatSchedule } from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { EscalationPoliciesService } from '../../backend/src/escalation-policies/escalation-policies.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import type { ServiceContext } from '../../backend/src/common/context';
import { McpTestClients } from '../support/mcp';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcError, rpcTransport } from '../support/rpc';

type MonitorClient = Client<typeof MonitorService>;

const NEUTRAL = {
  failureThreshold: 1,
  failureSeconds: 0,
  recoveryThreshold: 1,
  reminderIntervalMinutes: 0,
  reminderLimit: 10,
  escalationPolicyId: '',
  parentMonitorIds: [],
};

describe('monitor alerting policy over RPC and MCP', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let other: Tenant;
  let sut: MonitorClient;
  let mcp: McpTestClients<{ monitor: Record<string, unknown> }>;

  const policyOf = async (ctx: ServiceContext, name: string): Promise<string> => {
    const channel = await t.app.get(NotificationsService).create(ctx, {
      name: `${name} channel`,
      providerType: 'webhook',
      provider: { kind: 'webhook', args: { endpoint: 'https://hooks.example.com/alerts' } },
    });
    const policy = await t.app
      .get(EscalationPoliciesService)
      .create(ctx, { name, steps: [{ afterMinutes: 0, channelIds: [channel.id] }] });
    return policy.id;
  };
  const tcp = async (name: string, alerting?: { parentMonitorIds: string[] }) =>
    (
      await sut.createTCPMonitor({
        monitor: { name, uri: `${name}.example.com:22`, periodicity: Periodicity.PERIODICITY_1M, alerting },
      })
    ).monitor!.id;
  const alertingOf = async (id: string) => {
    const { monitor } = await sut.getMonitor({ id });
    return (monitor?.config.value as { alerting?: unknown } | undefined)?.alerting;
  };

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    other = await newTenant(t);
    sut = createClient(MonitorService, rpcTransport(t.baseUrl, tenant.writeKey));
    mcp = new McpTestClients(t.baseUrl, 'mcp-alerting');
  });

  afterAll(async () => {
    await mcp?.closeAll();
    await t?.close();
  });

  it('creates, reads and updates the policy of an HTTP and a heartbeat monitor; an update without it keeps it', async () => {
    const router = await tcp('router');
    const policy = await policyOf(tenant.ctx, 'Night shift');
    const tuned = {
      failureThreshold: 3,
      failureSeconds: 120,
      recoveryThreshold: 2,
      reminderIntervalMinutes: 30,
      reminderLimit: 4,
      escalationPolicyId: policy,
      parentMonitorIds: [router],
    };
    const { monitor: http } = await sut.createHTTPMonitor({
      monitor: {
        name: 'api',
        url: 'https://api.example.com/health',
        periodicity: Periodicity.PERIODICITY_1M,
        alerting: tuned,
      },
    });
    expect(http?.alerting).toMatchObject(tuned);
    expect(await alertingOf(http!.id)).toMatchObject(tuned);

    const { monitor: heartbeat } = await sut.createHeartbeatMonitor({
      monitor: {
        name: 'backup',
        schedule: HeartbeatSchedule.PERIOD,
        periodSeconds: 3600n,
        alerting: { failureThreshold: 2, parentMonitorIds: [router, http!.id] },
      },
    });
    // What the message leaves out takes its default; parents come back ascending.
    expect(heartbeat?.alerting).toMatchObject({
      ...NEUTRAL,
      failureThreshold: 2,
      parentMonitorIds: [router, http!.id].sort((a, b) => Number(a) - Number(b)),
    });

    // Without `alerting` (and no mask): the stored policy stays.
    const renamed = await sut.updateHTTPMonitor({ id: http!.id, monitor: { name: 'api v2' } });
    expect(renamed.monitor?.alerting).toMatchObject(tuned);
    const hbRenamed = await sut.updateHeartbeatMonitor({ id: heartbeat!.id, monitor: { name: 'nightly backup' } });
    expect(hbRenamed.monitor?.alerting?.failureThreshold).toBe(2);

    // With it: the whole policy is replaced, what it leaves out back at the default.
    const replaced = await sut.updateHTTPMonitor({ id: http!.id, monitor: { alerting: { reminderLimit: 7 } } });
    expect(replaced.monitor?.alerting).toMatchObject({ ...NEUTRAL, reminderLimit: 7 });
    expect(await alertingOf(http!.id)).toMatchObject({ ...NEUTRAL, reminderLimit: 7 });

    // The mask naming `alerting` with no message: the neutral policy.
    const masked = await sut.updateHeartbeatMonitor({
      id: heartbeat!.id,
      monitor: {},
      updateMask: create(FieldMaskSchema, { paths: ['alerting'] }),
    });
    expect(masked.monitor?.alerting).toMatchObject(NEUTRAL);
    expect(await alertingOf(heartbeat!.id)).toMatchObject(NEUTRAL);
  });

  it('refuses bounds naming alerting.<field>, changing nothing', async () => {
    const id = await tcp('bounded');
    const cases: Array<[MessageInitShape<typeof AlertingSchema>, string]> = [
      [{ failureThreshold: 0 }, 'alerting.failureThreshold: must be between 1 and 100'],
      [{ failureSeconds: 86_401 }, 'alerting.failureSeconds: must be between 0 and 86400'],
      [
        { reminderIntervalMinutes: 10_081 },
        'alerting.reminderIntervalMinutes: must be 0 (no reminders) or between 1 and 10080',
      ],
      [{ reminderLimit: 1001 }, 'alerting.reminderLimit: must be between 1 and 1000'],
      [{ parentMonitorIds: ['router'] }, 'alerting.parentMonitorIds.0: must be a monitor id'],
    ];
    for (const [alerting, message] of cases) {
      const error = await rpcError(sut.updateTCPMonitor({ id, monitor: { alerting } }));
      expect([error.code, error.rawMessage]).toEqual([Code.InvalidArgument, message]);
    }
    expect(await alertingOf(id)).toMatchObject(NEUTRAL);
  });

  it("answers NOT_FOUND for another workspace's parent or escalation policy, as if it did not exist", async () => {
    const id = await tcp('mine');
    const theirs = (
      await createClient(MonitorService, rpcTransport(t.baseUrl, other.writeKey)).createTCPMonitor({
        monitor: { name: 'theirs', uri: 'theirs.example.com:22', periodicity: Periodicity.PERIODICITY_1M },
      })
    ).monitor!.id;
    const parent = await rpcError(sut.updateTCPMonitor({ id, monitor: { alerting: { parentMonitorIds: [theirs] } } }));
    expect([parent.code, parent.rawMessage]).toEqual([
      Code.NotFound,
      `alerting.parentMonitorIds: monitor "${theirs}" not found`,
    ]);
    const missing = await rpcError(
      sut.createHTTPMonitor({
        monitor: {
          name: 'x',
          url: 'https://x.example.com',
          periodicity: Periodicity.PERIODICITY_1M,
          alerting: { parentMonitorIds: [theirs] },
        },
      }),
    );
    expect(missing.code).toBe(Code.NotFound);
    const theirPolicy = await policyOf(other.ctx, 'Theirs');
    const policy = await rpcError(
      sut.updateTCPMonitor({ id, monitor: { alerting: { escalationPolicyId: theirPolicy } } }),
    );
    expect([policy.code, policy.rawMessage]).toEqual([
      Code.NotFound,
      `alerting.escalationPolicyId: escalation policy "${theirPolicy}" not found`,
    ]);
    expect(await alertingOf(id)).toMatchObject(NEUTRAL);
  });

  it('refuses the monitor as its own parent, and a cycle of three with a message naming the path', async () => {
    const a = await tcp('a');
    const self = await rpcError(sut.updateTCPMonitor({ id: a, monitor: { alerting: { parentMonitorIds: [a] } } }));
    expect([self.code, self.rawMessage]).toEqual([
      Code.InvalidArgument,
      'alerting.parentMonitorIds: must not contain the monitor itself',
    ]);
    const b = await tcp('b', { parentMonitorIds: [a] });
    const c = await tcp('c', { parentMonitorIds: [b] });
    const cycle = await rpcError(sut.updateTCPMonitor({ id: a, monitor: { alerting: { parentMonitorIds: [c] } } }));
    expect(cycle.code).toBe(Code.InvalidArgument);
    expect(cycle.rawMessage).toBe(
      `alerting.parentMonitorIds: would make a dependency cycle: a (${a}) → c (${c}) → b (${b}) → a (${a})`,
    );
    expect(await alertingOf(a)).toMatchObject(NEUTRAL);
  });

  it('shows the policy in get_monitor over MCP, to read and write keys alike', async () => {
    const router = await tcp('edge');
    const id = await tcp('behind', { parentMonitorIds: [router] });
    for (const key of [tenant.readKey, tenant.writeKey]) {
      const client = await mcp.withKey(key);
      await mcp.checkOutputSchemas(client);
      const { monitor } = await mcp.ok(client, 'get_monitor', { monitorId: id });
      expect(monitor.alerting).toEqual({
        failureThreshold: 1,
        failureSeconds: 0,
        recoveryThreshold: 1,
        reminderIntervalMinutes: 0,
        reminderLimit: 10,
        escalationPolicyId: null,
        parentMonitorIds: [router],
      });
    }
  });
});
