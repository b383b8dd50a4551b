// Alert history and acknowledgement end to end (issue 29): alert.v1.AlertService's alert methods
// through the official Connect client, the MCP tools through the official MCP SDK client, and the
// signed "Acknowledge" link of a real alert message over real HTTP, on a real server and database.
// Alerts are made the server's way (results through the agents' path, deliveries by the real worker
// to a loopback webhook receiver).
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { AlertService, AlertState } from '@uptime/proto/gen/alert/v1/alert_service_pb';
import { AlertsService } from '../../backend/src/alerts/alerts.service';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { AlertAckLinks } from '../../backend/src/notifications/alert-ack-links';
import { fastDeliveries, openAlert } from '../support/alerts';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { errorText, McpTestClients, refusal } from '../support/mcp';
import { startReceiver, type Receiver } from '../support/receivers';
import { rpcError, withKey } from '../support/rpc';

interface Out {
  [key: string]: unknown;
  alert: { id: string; state: string; acknowledgedBy: string | null; monitorName: string };
  alerts: Array<{ id: string; monitorId: string }>;
  events: Array<{
    type: string;
    deliveryStatus: string;
    responseStatus: number | null;
    response: string;
    detail: string;
  }>;
}

const stateOf = async (t: HttpTestApp, tenant: Tenant, id: string) =>
  (await t.app.get(AlertsService).get(tenant.ctx, id)).alert.state;

describe('alert history and acknowledgement over RPC, MCP and the signed link', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let receiver: Receiver;
  let rpc: Client<typeof AlertService>;
  let mcp: McpTestClients<Out>;

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
  const auditOf = async (entityId: string) =>
    (await t.db.repo(AuditLogEntity).find({ where: { entityType: 'alert', entityId }, order: { id: 'ASC' } })).map(
      (e) => `${e.action} ${e.actorType} ${e.actorId.startsWith('alert-link') ? e.actorId : e.via}`,
    );
  /** The signed link of the alert's down message, as the receiver got it. */
  const linkOf = (monitorName: string) => {
    const body = receiver.requests
      .map((r) => JSON.parse(r.body) as { title: string; acknowledge_url?: string })
      .find((b) => b.title === `[DOWN] ${monitorName} is down`);
    if (!body?.acknowledge_url) throw new Error(`no acknowledge_url in the message of ${monitorName}`);
    return body.acknowledge_url;
  };

  beforeAll(async () => {
    // One origin: BASE_URL (the links' base) is this very listener.
    t = await startHttpApp({ port: await freePort() });
    fastDeliveries(t);
    receiver = await startReceiver();
    receiver.reply({ status: 202, body: 'accepted by the on-call bridge' });
    tenant = await newTenant(t, 'pro');
    rpc = clientFor(tenant.writeKey);
    mcp = new McpTestClients(t.baseUrl, 'alerts-e2e');
    await mcp.checkOutputSchemas(await mcp.withKey(tenant.writeKey));
  });

  afterAll(async () => {
    await mcp.closeAll();
    await receiver.close();
    await t.close();
  });

  it("lists and gets an alert over RPC with its delivery and the receiver's answer, acknowledged by a write key only", async () => {
    const { alert, monitorId, channelId } = await openAlert(t, tenant, 'RPC monitor', `${receiver.url}/rpc-hook`);
    const { alerts } = await rpc.listAlerts({ monitorId });
    expect(alerts.map((a) => [a.id, a.state, a.monitorName, a.openedStatus])).toEqual([
      [alert.id, AlertState.OPEN, 'RPC monitor', 'error'],
    ]);
    expect((await rpc.listAlerts({})).alerts.map((a) => a.id)).toContain(alert.id);
    const got = await rpc.getAlert({ id: alert.id });
    expect(got.events.map((e) => e.type)).toEqual(['transition', 'delivery']);
    expect(got.events[0]).toMatchObject({ fromStatus: 'active', toStatus: 'error' });
    expect(got.events[1]).toMatchObject({
      channelId: channelId!,
      channelName: 'RPC monitor hook',
      reason: 'transition',
      deliveryStatus: 'delivered',
      attempts: 1,
      responseStatus: 202,
      response: 'accepted by the on-call bridge',
      error: '',
    });

    const reader = clientFor(tenant.readKey);
    expect((await reader.getAlert({ id: alert.id })).alert?.id).toBe(alert.id);
    const denied = await rpcError(reader.acknowledgeAlert({ id: alert.id }));
    expect(denied.code).toBe(Code.PermissionDenied);
    expect(await stateOf(t, tenant, alert.id)).toBe('open');

    const acked = await rpc.acknowledgeAlert({ id: alert.id });
    expect(acked.alert).toMatchObject({ state: AlertState.ACKNOWLEDGED });
    expect(acked.alert?.acknowledgedAt).toBeDefined();
    // A second acknowledgement changes nothing and is not audited again.
    expect((await rpc.acknowledgeAlert({ id: alert.id })).alert?.acknowledgedAt).toEqual(acked.alert?.acknowledgedAt);
    expect(await auditOf(alert.id)).toEqual(['alert.acknowledge api_key rpc']);
    expect((await rpc.getAlert({ id: alert.id })).events.map((e) => e.type)).toEqual([
      'transition',
      'delivery',
      'acknowledged',
    ]);
  });

  it('refuses bad ids naming the field, and hides other workspaces', async () => {
    const bad = async (call: Promise<unknown>) => {
      const e = await rpcError(call);
      return [e.code, e.rawMessage];
    };
    expect(await bad(rpc.listAlerts({ monitorId: 'abc' }))).toEqual([
      Code.InvalidArgument,
      'monitorId: must be a monitor id',
    ]);
    expect(await bad(rpc.listAlerts({ beforeId: '-1' }))).toEqual([
      Code.InvalidArgument,
      'beforeId: must be an alert id',
    ]);
    expect(await bad(rpc.listAlerts({ limit: 101 }))).toEqual([
      Code.InvalidArgument,
      'limit: must be between 1 and 100',
    ]);
    expect(await bad(rpc.getAlert({ id: '' }))).toEqual([Code.InvalidArgument, 'id: is required']);
    // Ids that cannot be one (too large for the column) are not found, never an internal error.
    for (const id of ['abc', '9999999999999999999', '99999999999999999999'])
      expect((await rpcError(rpc.getAlert({ id }))).code).toBe(Code.NotFound);

    const other = await newTenant(t, 'pro');
    const theirs = await openAlert(t, other, 'Their monitor');
    expect(await bad(rpc.getAlert({ id: theirs.alert.id }))).toEqual([
      Code.NotFound,
      `alert "${theirs.alert.id}" not found`,
    ]);
    expect((await rpcError(rpc.acknowledgeAlert({ id: theirs.alert.id }))).code).toBe(Code.NotFound);
    expect((await rpcError(rpc.listAlerts({ monitorId: theirs.monitorId }))).code).toBe(Code.NotFound);
    expect((await rpc.listAlerts({})).alerts.map((a) => a.id)).not.toContain(theirs.alert.id);
    expect(await stateOf(t, other, theirs.alert.id)).toBe('open');
  });

  it('runs the MCP tools through the same verbs: acknowledge_alert audited as mcp, absent for a read-only key', async () => {
    const { alert, monitorId } = await openAlert(t, tenant, 'MCP monitor', `${receiver.url}/mcp-hook`);
    const client = await mcp.withKey(tenant.writeKey);
    const writeTools = (await client.listTools()).tools.map((x) => x.name);
    expect(writeTools).toEqual(expect.arrayContaining(['list_alerts', 'get_alert', 'acknowledge_alert']));
    const { alerts } = await mcp.ok(client, 'list_alerts', { monitorId: Number(monitorId) });
    expect(alerts.map((a) => a.id)).toEqual([alert.id]);
    const got = await mcp.ok(client, 'get_alert', { id: alert.id });
    expect(got.events.find((e) => e.type === 'delivery')).toMatchObject({
      deliveryStatus: 'delivered',
      responseStatus: 202,
      response: 'accepted by the on-call bridge',
    });

    const reader = await mcp.withKey(tenant.readKey);
    const readTools = (await reader.listTools()).tools.map((x) => x.name);
    expect(readTools).toEqual(expect.arrayContaining(['list_alerts', 'get_alert']));
    expect(readTools).not.toContain('acknowledge_alert');
    const denied = await refusal(reader.callTool({ name: 'acknowledge_alert', arguments: { id: alert.id } }));
    expect(denied.code).toBe(-32003);
    expect(await stateOf(t, tenant, alert.id)).toBe('open');

    const { alert: acked } = await mcp.ok(client, 'acknowledge_alert', { id: alert.id });
    expect(acked.state).toBe('acknowledged');
    expect(await auditOf(alert.id)).toEqual(['alert.acknowledge mcp mcp']);

    const other = await newTenant(t, 'pro');
    const theirs = await openAlert(t, other, 'Not for MCP');
    const missing = await mcp.call(client, 'get_alert', { id: theirs.alert.id });
    expect(missing.isError).toBe(true);
    expect(errorText(missing)).toMatch(/^NOT_FOUND: alert/);
    const notAcked = await mcp.call(client, 'acknowledge_alert', { id: theirs.alert.id });
    expect(errorText(notAcked)).toMatch(/^NOT_FOUND/);
    expect(await stateOf(t, other, theirs.alert.id)).toBe('open');
    // Ids as every tool takes them: refused by the input schema, naming the argument.
    const invalid = await refusal(client.callTool({ name: 'list_alerts', arguments: { beforeId: 'x' } }));
    expect([invalid.code, invalid.message]).toEqual([-32602, expect.stringContaining('beforeId must be a numeric id')]);
    const badId = await refusal(client.callTool({ name: 'get_alert', arguments: { id: 'abc' } }));
    expect([badId.code, badId.message]).toEqual([-32602, expect.stringContaining('id must be a numeric id')]);
    const tooMany = await refusal(client.callTool({ name: 'list_alerts', arguments: { limit: 101 } }));
    expect([tooMany.code, tooMany.message]).toEqual([
      -32602,
      expect.stringContaining('limit: must be between 1 and 100'),
    ]);
  });

  describe('the signed link', () => {
    const page = async (url: string, method: 'GET' | 'POST' = 'GET') => {
      const answer = await fetch(url, { method, redirect: 'manual' });
      return { status: answer.status, headers: answer.headers, body: await answer.text() };
    };

    it('shows the alert with a form on GET (changing nothing) and acknowledges on POST, as alert-link', async () => {
      const { alert } = await openAlert(t, tenant, 'Linked <db>', `${receiver.url}/link-hook`);
      const link = linkOf('Linked <db>');
      expect(link.startsWith(`${t.baseUrl}/alerts/ack/${alert.id}.`)).toBe(true);

      const shown = await page(link);
      expect(shown.status).toBe(200);
      expect(shown.body).toContain('Linked &#60;db&#62;');
      expect(shown.body).not.toContain('<db>');
      expect(shown.body).toContain(`<form method="post" action="${new URL(link).pathname}"`);
      expect(shown.body).toContain('Acknowledge</button>');
      expect(shown.body).toContain(`datetime="${alert.openedAt}"`);
      // The security headers of every dashboard page, and no Referer carrying the token.
      expect(shown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(shown.headers.get('x-frame-options')).toBe('DENY');
      expect(shown.headers.get('cache-control')).toBe('no-store');
      expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
      expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
      // Opening it twice (a mail scanner) acknowledges nothing.
      expect((await page(link)).status).toBe(200);
      expect(await stateOf(t, tenant, alert.id)).toBe('open');

      const done = await page(link, 'POST');
      expect(done.status).toBe(200);
      expect(done.body).toContain('Acknowledged: reminders and escalation stopped.');
      expect(done.headers.get('x-frame-options')).toBe('DENY');
      const { alert: after, events } = await t.app.get(AlertsService).get(tenant.ctx, alert.id);
      expect(after).toMatchObject({ state: 'acknowledged', acknowledgedBy: 'alert-link' });
      expect(events.filter((e) => e.type === 'acknowledged').map((e) => e.detail)).toEqual(['alert-link']);
      expect(await auditOf(alert.id)).toEqual(['alert.acknowledge system alert-link']);

      const again = await page(link, 'POST');
      expect(again.status).toBe(200);
      expect(again.body).toContain('This alert was already acknowledged.');
      const reopened = await page(link);
      expect(reopened.body).not.toContain('Acknowledge</button>');
      expect(await auditOf(alert.id)).toHaveLength(1);
    });

    it('refuses forged, altered, expired and random tokens with 403 and changes nothing; never a 5xx', async () => {
      const { alert } = await openAlert(t, tenant, 'Guarded', `${receiver.url}/guarded-hook`);
      const { alert: spare } = await openAlert(t, tenant, 'Spare', `${receiver.url}/spare-hook`);
      const link = linkOf('Guarded');
      const token = link.slice(link.lastIndexOf('/') + 1);
      const [id, expires, mac] = token.split('.');
      const flip = (c: string) => (c === 'A' ? 'B' : 'A');
      const expired = t.app.get(AlertAckLinks).token(alert.id, new Date(Date.now() - 8 * 86_400_000));
      const refusals: Array<[string, string, RegExp]> = [
        ['forged mac', `${id}.${expires}.${mac.slice(0, -1)}${flip(mac.slice(-1))}`, /not valid/],
        ['another alert', `${spare.id}.${expires}.${mac}`, /not valid/],
        ['later expiry', `${id}.${Number(expires) + 86_400}.${mac}`, /not valid/],
        ['expired', expired, /has expired; acknowledge the alert in the dashboard/],
        ['random', 'hello-world', /not valid/],
        ['empty mac', `${id}.${expires}.`, /not valid/],
        ['long', 'x'.repeat(100), /not valid/],
        ['nothing', '', /not valid/],
        ['encoded', encodeURIComponent('<script>alert(1)</script>'), /not valid/],
        ['huge id', `99999999999999999999.${expires}.${mac}`, /not valid/],
      ];
      for (const [what, bad, message] of refusals) {
        for (const method of ['GET', 'POST'] as const) {
          const answer = await page(`${t.baseUrl}/alerts/ack/${bad}`, method);
          expect([what, method, answer.status]).toEqual([what, method, 403]);
          expect(answer.body).toMatch(message);
          expect(answer.body).not.toContain('<script>');
          expect(answer.headers.get('x-frame-options')).toBe('DENY');
        }
      }
      // Paths the route does not match are the router's 404 (414 for a token over its 100 characters), never a 5xx.
      for (const [path, status] of [
        ['x'.repeat(101), 414],
        ['x'.repeat(5000), 414],
        [`${token}/extra`, 404],
      ] as const)
        for (const method of ['GET', 'POST'] as const)
          expect([path.slice(0, 20), method, (await page(`${t.baseUrl}/alerts/ack/${path}`, method)).status]).toEqual([
            path.slice(0, 20),
            method,
            status,
          ]);
      expect(await stateOf(t, tenant, alert.id)).toBe('open');
      expect(await stateOf(t, tenant, spare.id)).toBe('open');
      expect(await auditOf(alert.id)).toEqual([]);
      // The real link still works afterwards.
      expect((await page(link, 'POST')).status).toBe(200);
      expect(await stateOf(t, tenant, alert.id)).toBe('acknowledged');
    });
  });
});
