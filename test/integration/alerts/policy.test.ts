// Alert policy on a real server and database (issue 29): thresholds counted over the quorum status,
// reminders and escalation steps sent by the alert clock at explicit times, acknowledgement through
// the signed link, and dependencies that suppress a child's alerts while its parent is down. Results
// go in through the agents' path (CheckWorkService.report); deliveries go out through the real worker
// to a loopback webhook receiver. The clock runs by hand (`tick(now)`), so timing is explicit.
import { AlertClock } from '../../../backend/src/alerts/alert-clock';
import { AlertDeliveryWorker } from '../../../backend/src/alerts/alert-delivery.worker';
import { AlertTransitions } from '../../../backend/src/alerts/alert-transitions';
import { AlertsService } from '../../../backend/src/alerts/alerts.service';
import type { CheckStatus } from '../../../backend/src/checks/check-config';
import { ForbiddenError } from '../../../backend/src/common/errors';
import { EscalationPoliciesService } from '../../../backend/src/escalation-policies/escalation-policies.service';
import type { AlertingInput } from '../../../backend/src/monitors/monitor-alerting';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { AlertAckLinks } from '../../../backend/src/notifications/alert-ack-links';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import { reportResults } from '../../support/alerts';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { startReceiver, type Receiver } from '../../support/receivers';
import { eventually } from '../../support/rpc';

const FAST = { backoffBaseMs: 50, backoffMaxMs: 400, pollMs: 200 };
const MINUTE = 60_000;

interface Body {
  event: string;
  title: string;
  incident_key: string;
  acknowledge_url?: string;
  follow_up?: { reason: string; round: number };
}

describe('alert policy', () => {
  let t: HttpTestApp;
  let receiver: Receiver;
  let clock: AlertClock;
  let hooks = 0;
  /** Round times: each report is a newer round, a minute after the one before, ending now. */
  let round = Date.now() - 600 * MINUTE;

  beforeAll(async () => {
    t = await startHttpApp();
    t.app.get(AlertDeliveryWorker).configure(FAST);
    clock = t.app.get(AlertClock);
    clock.configure({ everyMs: 0 });
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  beforeEach(() => receiver.clear());

  async function channel(tenant: Tenant, monitorIds: string[]) {
    hooks += 1;
    const path = `/policy/${hooks}`;
    const created = await t.app.get(NotificationsService).create(tenant.ctx, {
      name: `hook ${hooks}`,
      providerType: 'webhook',
      monitorIds,
      provider: { kind: 'webhook', args: { endpoint: `${receiver.url}${path}`, headers: [] } },
    });
    return { id: created.id, path };
  }

  async function monitor(tenant: Tenant, name: string, alerting?: AlertingInput) {
    const created = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name,
      url: 'http://127.0.0.1:9/health',
      periodicity: '1m',
      regions: ['fly-ams'],
      alerting,
    });
    return created.id;
  }

  /** One round of results for the monitors (one location each), in the order given. */
  async function report(statuses: Array<[string, CheckStatus]>, at?: Date) {
    round += MINUTE;
    await reportResults(t, statuses, at ?? new Date(Math.min(round, Date.now())));
  }

  const alertStatus = async (monitorId: string) =>
    (
      await t.db.rows<{ status: string }>('SELECT status FROM monitor_alert_states WHERE monitor_id = $1', [monitorId])
    )[0]?.status;

  const deliveries = (monitorIds: string[]) =>
    t.db.rows<{
      monitor_id: string;
      kind: string;
      reason: string;
      round: number;
      status: string;
      last_error: string | null;
    }>(
      `SELECT monitor_id::text AS monitor_id, kind, reason, round, status, last_error FROM alert_deliveries d
        WHERE monitor_id = ANY($1::bigint[]) ORDER BY d.id`,
      [monitorIds],
    );

  const bodies = (path: string) =>
    receiver.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as Body);

  const sent = async (monitorIds: string[], count: number) =>
    eventually(
      () => deliveries(monitorIds),
      (rows) =>
        rows.filter((r) => r.status === 'delivered').length === count && !rows.some((r) => r.status === 'pending'),
    );

  it('is down only after the failure threshold and up only after the recovery threshold', async () => {
    const tenant = await newTenant(t);
    const id = await monitor(tenant, 'Thresholds', { failureThreshold: 3, recoveryThreshold: 2 });
    const hook = await channel(tenant, [id]);
    await report([[id, 'success']]);
    await report([[id, 'error']]);
    await report([[id, 'error']]);
    expect(await alertStatus(id)).toBe('active');
    await report([[id, 'success']]);
    await report([[id, 'error']]);
    await report([[id, 'error']]);
    expect(await alertStatus(id)).toBe('active');
    await report([[id, 'error']]);
    expect(await alertStatus(id)).toBe('error');
    await sent([id], 1);
    await report([[id, 'success']]);
    expect(await alertStatus(id)).toBe('error');
    await report([[id, 'success']]);
    expect(await alertStatus(id)).toBe('active');
    await sent([id], 2);
    expect(bodies(hook.path).map((b) => b.event)).toEqual(['monitor.down', 'monitor.recovered']);
    // Downtime counts from the first failing round of the streak, not from the confirmation.
    const [down] = await t.db.rows<{ since: Date; at: Date }>(
      `SELECT since, at FROM alert_transitions WHERE monitor_id = $1 AND to_status = 'error'`,
      [id],
    );
    expect(new Date(down.since).getTime()).toBeLessThan(new Date(down.at).getTime());
  });

  it('is down after failing for the duration, judged by the clock when no round comes', async () => {
    const tenant = await newTenant(t);
    const id = await monitor(tenant, 'Duration', { failureSeconds: 120 });
    await channel(tenant, [id]);
    const first = new Date();
    await report([[id, 'success']], new Date(first.getTime() - 1000));
    await report([[id, 'error']], first);
    expect(await alertStatus(id)).toBe('active');
    expect((await clock.tick(new Date(first.getTime() + 119_000))).judged).toBe(0);
    expect(await alertStatus(id)).toBe('active');
    expect((await clock.tick(new Date(first.getTime() + 121_000))).judged).toBe(1);
    expect(await alertStatus(id)).toBe('error');
    await sent([id], 1);
  });

  it('reminds while down, up to the limit, and stops when acknowledged', async () => {
    const tenant = await newTenant(t);
    const id = await monitor(tenant, 'Reminded', { reminderIntervalMinutes: 5, reminderLimit: 2 });
    const hook = await channel(tenant, [id]);
    await report([[id, 'success']]);
    await report([[id, 'error']]);
    await sent([id], 1);
    const [alert] = await t.app.get(AlertsService).list(tenant.ctx, { monitorId: id });
    const opened = new Date(alert.openedAt).getTime();
    expect((await clock.tick(new Date(opened + 4 * MINUTE))).queued).toBe(0);
    expect((await clock.tick(new Date(opened + 5 * MINUTE + 1))).queued).toBe(1);
    await sent([id], 2);
    // A clock pass run again at the same time queues nothing twice.
    expect((await clock.tick(new Date(opened + 5 * MINUTE + 2))).queued).toBe(0);
    expect((await clock.tick(new Date(opened + 10 * MINUTE + 1))).queued).toBe(1);
    await sent([id], 3);
    expect((await clock.tick(new Date(opened + 60 * MINUTE))).queued).toBe(0);
    const got = bodies(hook.path);
    expect(got.map((b) => b.title)).toEqual([
      '[DOWN] Reminded is down',
      '[DOWN] Reminded is down (reminder 1)',
      '[DOWN] Reminded is down (reminder 2)',
    ]);
    expect(got[1].follow_up).toEqual({ reason: 'reminder', round: 1 });

    // A second monitor: acknowledged after the first message, it is reminded of nothing.
    const quiet = await monitor(tenant, 'Acknowledged', { reminderIntervalMinutes: 5 });
    await channel(tenant, [quiet]);
    await report([[quiet, 'success']]);
    await report([[quiet, 'error']]);
    await sent([quiet], 1);
    const [open] = await t.app.get(AlertsService).list(tenant.ctx, { monitorId: quiet });
    const acked = await t.app.get(AlertsService).acknowledge(tenant.ctx, open.id);
    expect(acked.state).toBe('acknowledged');
    expect((await clock.tick(new Date(Date.now() + 30 * MINUTE))).queued).toBe(0);
    expect((await deliveries([quiet])).length).toBe(1);
  });

  it('escalates step by step until acknowledged through the signed link; a forged or expired link is refused', async () => {
    const tenant = await newTenant(t);
    const first = await channel(tenant, []);
    const second = await channel(tenant, []);
    const policy = await t.app.get(EscalationPoliciesService).create(tenant.ctx, {
      name: 'On call',
      steps: [
        { afterMinutes: 0, channelIds: [first.id] },
        { afterMinutes: 10, channelIds: [second.id] },
      ],
    });
    const escalated = await monitor(tenant, 'Escalated', { escalationPolicyId: policy.id });
    const acked = await monitor(tenant, 'Acked by link', { escalationPolicyId: policy.id });
    await report([
      [escalated, 'success'],
      [acked, 'success'],
    ]);
    await report([
      [escalated, 'error'],
      [acked, 'error'],
    ]);
    await sent([escalated, acked], 2);
    const messages = bodies(first.path);
    expect(messages.map((b) => b.title).sort()).toEqual(['[DOWN] Acked by link is down', '[DOWN] Escalated is down']);
    const link = messages.find((b) => b.title.startsWith('[DOWN] Acked'))!.acknowledge_url!;
    expect(link).toMatch(/\/alerts\/ack\/\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
    const token = link.slice(link.lastIndexOf('/') + 1);
    const alerts = t.app.get(AlertsService);

    // Forged: another alert's id with this mac; altered mac; expired.
    const [id, expires, mac] = token.split('.');
    await expect(alerts.acknowledgeByLink(`${BigInt(id) + 1n}.${expires}.${mac}`)).rejects.toThrow(ForbiddenError);
    await expect(alerts.acknowledgeByLink(`${id}.${expires}.${mac.slice(0, -2)}AA`)).rejects.toThrow(ForbiddenError);
    const old = t.app.get(AlertAckLinks).token(id, new Date(Date.now() - 8 * 86_400_000));
    await expect(alerts.acknowledgeByLink(old)).rejects.toThrow(/expired/);

    const view = await alerts.acknowledgeByLink(token);
    expect(view).toMatchObject({ state: 'acknowledged', acknowledgedBy: 'alert-link', monitorName: 'Acked by link' });
    const audit = await t.db.rows<{ actor_type: string; actor_id: string }>(
      `SELECT actor_type, actor_id FROM audit_logs WHERE action = 'alert.acknowledge' AND entity_id = $1`,
      [id],
    );
    expect(audit).toEqual([{ actor_type: 'system', actor_id: 'alert-link' }]);

    const opened = Date.now();
    expect((await clock.tick(new Date(opened + 9 * MINUTE))).queued).toBe(0);
    expect((await clock.tick(new Date(opened + 11 * MINUTE))).queued).toBe(1);
    await sent([escalated, acked], 3);
    expect(bodies(second.path).map((b) => [b.title, b.follow_up])).toEqual([
      ['[DOWN] Escalated is down (escalation step 2)', { reason: 'escalation', round: 2 }],
    ]);

    // Recovery resolves both alerts; the recovery reaches every channel that heard of each.
    await report([
      [escalated, 'success'],
      [acked, 'success'],
    ]);
    await sent([escalated, acked], 6);
    const states = await alerts.list(tenant.ctx, {});
    expect(states.map((a) => a.state)).toEqual(['resolved', 'resolved']);
  });

  it('suppresses the alerts of ten dependents while their parent is down, and releases one still down after', async () => {
    t.app.get(AlertTransitions).configure({ settleMs: 1_000 });
    const tenant = await newTenant(t);
    const router = await monitor(tenant, 'Router');
    const children: string[] = [];
    for (let i = 0; i < 10; i += 1)
      children.push(await monitor(tenant, `Service ${i}`, { parentMonitorIds: [router] }));
    const hook = await channel(tenant, [router, ...children]);
    const all = [router, ...children];
    await report(all.map((id) => [id, 'success']));
    // The worst order: five children fail in the round before the router's results come in, and
    // five after it; none of them pages.
    await report(children.slice(0, 5).map((id) => [id, 'error']));
    await report([[router, 'error'], ...children.slice(5).map((id): [string, CheckStatus] => [id, 'error'])]);
    await clock.tick(new Date(Date.now() + 2_000));
    await sent(all, 1);
    const rows = await deliveries(all);
    expect(rows.filter((r) => r.status === 'delivered').map((r) => r.monitor_id)).toEqual([router]);
    const suppressed = rows.filter((r) => r.monitor_id !== router);
    expect(suppressed).toHaveLength(10);
    expect(suppressed.every((r) => r.status === 'suppressed' && r.last_error === 'suppressed: Router is down')).toBe(
      true,
    );
    // Their status still moves, and the history says why nothing was sent.
    for (const id of children) expect(await alertStatus(id)).toBe('error');
    const [childAlert] = await t.app.get(AlertsService).list(tenant.ctx, { monitorId: children[7] });
    expect(childAlert).toMatchObject({ suppressedByMonitorId: router, suppressedByMonitorName: 'Router' });
    // A status page shows the suppressed child as it is: down.
    await t.db.rows('UPDATE monitors SET public = true WHERE id = $1', [children[7]]);
    const page = await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Shop', slug: `shop-${router}` });
    const component = await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: page.id, type: 'monitor', monitorId: children[7], name: 'Service 7' });
    const page7 = (await (await fetch(`${t.baseUrl}/status/${page.slug}/status.json`)).json()) as {
      components: Array<{ id: string; status: string }>;
    };
    expect(page7.components.find((c) => c.id === component.id)?.status).toBe('outage');
    const history = await t.app.get(AlertsService).get(tenant.ctx, childAlert.id);
    expect(history.events.map((e) => [e.type, e.detail || e.deliveryStatus])).toEqual([
      ['transition', ''],
      ['suppressed', 'suppressed: Router is down'],
      ['delivery', 'suppressed'],
    ]);

    // The router recovers with all its children but one: the router's recovery goes out, then the
    // child still down alerts (released); its own recovery follows. The others say nothing.
    const [stillDown, ...recovered] = children;
    await report([[router, 'success'], ...recovered.map((id): [string, CheckStatus] => [id, 'success'])]);
    await sent(all, 2);
    // The released alert waits out the settle time, in case the child recovers in the next round.
    expect((await clock.tick(new Date(Date.now() + 2_000))).released).toBe(1);
    await sent(all, 3);
    await report([[stillDown, 'success']]);
    await sent(all, 4);
    expect(bodies(hook.path).map((b) => b.title)).toEqual([
      '[DOWN] Router is down',
      '[RECOVERED] Router has recovered',
      '[DOWN] Service 0 is down',
      '[RECOVERED] Service 0 has recovered',
    ]);
    t.app.get(AlertTransitions).configure({ settleMs: 30_000 });
  });
});
