// Escalation policies end to end (issue 29): alert.v1.AlertService's policy methods through the
// official Connect client (binary) and plain Connect JSON, and the MCP tools through the official MCP
// SDK client, on a real HTTP server and database. The rules themselves are the service's medium test.
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { AlertService } from '@uptime/proto/gen/alert/v1/alert_service_pb';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { errorText, McpTestClients, refusal } from '../support/mcp';
import { rpcError, withKey } from '../support/rpc';

type Policy = {
  id: string;
  name: string;
  steps: Array<{ afterMinutes: number; channelIds: string[] }>;
  monitorIds: string[];
};
interface Out {
  [key: string]: unknown;
  escalationPolicy: Policy;
  escalationPolicies: Policy[];
}

describe('escalation policies over RPC and MCP', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let rpc: Client<typeof AlertService>;
  let mcp: McpTestClients<Out>;
  let ops: string;
  let pager: string;

  const clientFor = (key: string): Client<typeof AlertService> =>
    createClient(
      AlertService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        useBinaryFormat: true,
        interceptors: [withKey(key)],
      }),
    );
  const channel = async (name: string, owner: Tenant = tenant) =>
    (
      await t.app.get(NotificationsService).create(owner.ctx, {
        name,
        providerType: 'email',
        provider: { kind: 'email', args: { email: `${name}@example.com` } },
      })
    ).id;
  const auditActions = async (entityId: string) =>
    (
      await t.db
        .repo(AuditLogEntity)
        .find({ where: { entityType: 'escalation_policy', entityId }, order: { id: 'ASC' } })
    ).map((e) => `${e.action} ${e.actorType} ${e.via}`);

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t, 'pro');
    rpc = clientFor(tenant.writeKey);
    mcp = new McpTestClients(t.baseUrl, 'escalation-e2e');
    ops = await channel('ops');
    pager = await channel('pager');
    await mcp.checkOutputSchemas(await mcp.withKey(tenant.writeKey));
  });

  afterAll(async () => {
    await mcp.closeAll();
    await t.close();
  });

  it('creates, reads, lists, updates and deletes a policy over RPC, audited as the API key', async () => {
    const { policy } = await rpc.createEscalationPolicy({
      policy: {
        name: 'Night',
        steps: [
          { afterMinutes: 0, channelIds: [ops] },
          { afterMinutes: 15, channelIds: [pager, ops] },
        ],
      },
    });
    expect(policy).toMatchObject({ name: 'Night', monitorIds: [] });
    expect(policy!.steps.map((s) => [s.afterMinutes, s.channelIds])).toEqual([
      [0, [ops]],
      [15, [pager, ops]],
    ]);
    expect(policy!.createdAt).toBeDefined();
    const id = policy!.id;
    expect((await rpc.getEscalationPolicy({ id })).policy?.name).toBe('Night');
    expect((await rpc.listEscalationPolicies({})).policies.map((p) => p.id)).toContain(id);

    // Only the name: the steps keep their stored value.
    const renamed = await rpc.updateEscalationPolicy({ id, policy: { name: 'Night (EU)' } });
    expect(renamed.policy?.steps).toHaveLength(2);
    const replaced = await rpc.updateEscalationPolicy({
      id,
      policy: { steps: [{ afterMinutes: 5, channelIds: [pager] }] },
    });
    expect(replaced.policy).toMatchObject({ name: 'Night (EU)', steps: [{ afterMinutes: 5, channelIds: [pager] }] });

    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'Checkout',
      url: 'https://checkout.example',
      periodicity: '1m',
      alerting: { escalationPolicyId: id },
    });
    expect((await rpc.getEscalationPolicy({ id })).policy?.monitorIds).toEqual([monitor.id]);
    const inUse = await rpcError(rpc.deleteEscalationPolicy({ id }));
    expect(inUse.code).toBe(Code.FailedPrecondition);
    expect(inUse.rawMessage).toContain(`is used by monitors Checkout (${monitor.id})`);
    await t.app.get(MonitorsService).delete(tenant.ctx, monitor.id);
    await rpc.deleteEscalationPolicy({ id });
    expect((await rpcError(rpc.getEscalationPolicy({ id }))).code).toBe(Code.NotFound);
    expect(await auditActions(id)).toEqual([
      'escalation_policy.create api_key rpc',
      'escalation_policy.update api_key rpc',
      'escalation_policy.update api_key rpc',
      'escalation_policy.delete api_key rpc',
    ]);
  });

  it('answers bounds, unknown channels and read-only keys with their codes and messages', async () => {
    const invalid = await rpcError(
      rpc.createEscalationPolicy({
        policy: {
          name: 'x',
          steps: [
            { afterMinutes: 10, channelIds: [ops] },
            { afterMinutes: 10, channelIds: [ops] },
          ],
        },
      }),
    );
    expect([invalid.code, invalid.rawMessage]).toEqual([
      Code.InvalidArgument,
      "steps.1.afterMinutes: must be greater than the previous step's (10)",
    ]);
    const missing = await rpcError(rpc.createEscalationPolicy({ policy: { name: 'x' } }));
    expect(missing.rawMessage).toBe('steps: is required (a list of steps)');
    const other = await newTenant(t, 'pro');
    const theirs = await channel('theirs', other);
    const foreign = await rpcError(
      rpc.createEscalationPolicy({ policy: { name: 'x', steps: [{ afterMinutes: 0, channelIds: [theirs] }] } }),
    );
    expect([foreign.code, foreign.rawMessage]).toEqual([
      Code.NotFound,
      `steps.0.channelIds.0: notification channel "${theirs}" not found`,
    ]);
    const reader = clientFor(tenant.readKey);
    const denied = await rpcError(
      reader.createEscalationPolicy({ policy: { name: 'x', steps: [{ afterMinutes: 0, channelIds: [ops] }] } }),
    );
    expect(denied.code).toBe(Code.PermissionDenied);
    expect((await reader.listEscalationPolicies({})).policies).toBeDefined();
  });

  it('serves Connect JSON with camelCase fields', async () => {
    const response = await fetch(`${t.baseUrl}/rpc/alert.v1.AlertService/CreateEscalationPolicy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': tenant.writeKey },
      body: JSON.stringify({ policy: { name: 'json', steps: [{ afterMinutes: 0, channelIds: [ops] }] } }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { policy: Policy };
    expect(body.policy).toMatchObject({ name: 'json', steps: [{ channelIds: [ops] }] });
    await rpc.deleteEscalationPolicy({ id: body.policy.id });
  });

  it('runs the MCP tools through the same verbs, audited as mcp, absent for a read-only key', async () => {
    const client = await mcp.withKey(tenant.writeKey);
    const { escalationPolicy: created } = await mcp.ok(client, 'create_escalation_policy', {
      name: 'MCP policy',
      // Channel ids as numbers too, as models send them.
      steps: [
        { afterMinutes: 0, channelIds: [Number(ops)] },
        { afterMinutes: 30, channelIds: [pager] },
      ],
    });
    expect(created.steps).toEqual([
      { afterMinutes: 0, channelIds: [ops] },
      { afterMinutes: 30, channelIds: [pager] },
    ]);
    const { escalationPolicy: got } = await mcp.ok(client, 'get_escalation_policy', { escalationPolicyId: created.id });
    expect(got).toEqual(created);
    const { escalationPolicies } = await mcp.ok(client, 'list_escalation_policies');
    expect(escalationPolicies.map((p) => p.id)).toContain(created.id);
    const { escalationPolicy: updated } = await mcp.ok(client, 'update_escalation_policy', {
      escalationPolicyId: created.id,
      name: 'MCP policy 2',
    });
    expect(updated).toMatchObject({ name: 'MCP policy 2', steps: created.steps });
    const refused = await mcp.call(client, 'update_escalation_policy', {
      escalationPolicyId: created.id,
      steps: [{ afterMinutes: 10_081, channelIds: [ops] }],
    });
    expect(refused.isError).toBe(true);
    expect(errorText(refused)).toContain('steps.0.afterMinutes: must be at most 10080 (7 days)');
    expect(await mcp.ok(client, 'delete_escalation_policy', { escalationPolicyId: created.id })).toEqual({
      deleted: true,
      escalationPolicyId: created.id,
    });
    expect(await auditActions(created.id)).toEqual([
      'escalation_policy.create mcp mcp',
      'escalation_policy.update mcp mcp',
      'escalation_policy.delete mcp mcp',
    ]);

    const reader = await mcp.withKey(tenant.readKey);
    const names = (await reader.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['list_escalation_policies', 'get_escalation_policy']));
    expect(names.filter((n) => /escalation/.test(n) && !/^(list|get)_/.test(n))).toEqual([]);
    const denied = await refusal(
      reader.callTool({ name: 'delete_escalation_policy', arguments: { escalationPolicyId: '1' } }),
    );
    expect(denied.code).toBe(-32003);
  });
});
