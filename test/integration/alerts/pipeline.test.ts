// The alerting pipeline on a real server and database: results ingested through the agents' path
// (CheckWorkService.report) move a monitor's alert status; the transition is written to the outbox in
// the ingest transaction and the delivery worker sends it to loopback webhook receivers. The rules
// exercised here run where they are implemented (the quorum in SQL, the outbox's unique keys, SKIP
// LOCKED claiming), with no part of our code replaced.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { AlertDeliveryWorker } from '../../../backend/src/alerts/alert-delivery.worker';
import { AlertsRepository } from '../../../backend/src/alerts/alerts.repository';
import { RetentionService } from '../../../backend/src/check-results/retention.service';
import { CheckWorkService } from '../../../backend/src/checker/check-work.service';
import { emptyResult } from '../../../backend/src/checker/probe';
import type { ServiceContext } from '../../../backend/src/common/context';
import type { AppConfig } from '../../../backend/src/config/config';
import { APP_CONFIG } from '../../../backend/src/config/config.module';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import type { CheckStatus, Region } from '../../../backend/src/checks/check-config';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { createTestDatabase } from '../../support/database';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { startReceiver, type Receiver } from '../../support/receivers';
import { eventually, withKey } from '../../support/rpc';

/** Short backoffs and polls, so retries happen within a test; the rules are the production ones. */
const FAST = { backoffBaseMs: 50, backoffMaxMs: 400, pollMs: 200 };

interface DeliveryRow {
  id: string;
  channel_id: string;
  kind: string;
  status: string;
  attempts: number;
  incident_key: string;
  event_id: string;
  last_error: string | null;
  response_status: number | null;
}

describe('alert pipeline', () => {
  let t: HttpTestApp;
  let receiver: Receiver;
  /** Seconds back from the start, counting down: each result is newer than the one before. */
  let slot = 0;
  const start = Date.now();

  beforeAll(async () => {
    t = await startHttpApp();
    t.app.get(AlertDeliveryWorker).configure(FAST);
    await t.app.get(RetentionService).maintain(new Date());
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  beforeEach(() => receiver.clear());

  let hooks = 0;
  async function setup(options: { regions?: Region[]; channels?: number; to?: Receiver; alertQuorum?: number } = {}) {
    const tenant = await newTenant(t);
    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'Checkout API',
      url: 'http://127.0.0.1:9/health',
      periodicity: '1m',
      regions: options.regions ?? ['fly-ams'],
      alertQuorum: options.alertQuorum,
    });
    const target = options.to ?? receiver;
    const channels: Array<{ id: string; path: string }> = [];
    for (let i = 0; i < (options.channels ?? 1); i += 1) {
      hooks += 1;
      const path = `/hook/${hooks}`;
      const channel = await t.app.get(NotificationsService).create(tenant.ctx, {
        name: `hook ${hooks}`,
        providerType: 'webhook',
        monitorIds: [monitor.id],
        provider: {
          kind: 'webhook',
          args: { endpoint: `${target.url}${path}?token=hook-secret-${hooks}`, headers: [] },
        },
      });
      channels.push({ id: channel.id, path });
    }
    return { tenant, monitorId: monitor.id, channels };
  }

  /** Reports one result per location, each newer than every result before it. */
  async function report(monitorId: string, statuses: Partial<Record<Region, CheckStatus>>, again?: Date) {
    const entries = Object.entries(statuses) as Array<[Region, CheckStatus]>;
    slot += 1;
    const at = again ?? new Date(start - 3_600_000 + slot * 1000);
    const counts = await t.app.get(CheckWorkService).report(
      { agentId: 'test', locations: entries.map(([r]) => r), privateLocationId: null },
      entries.map(([location, status]) => ({
        run: { monitorId, location, trigger: 'cron' as const, triggerId: null, cronTimestamp: at, periodMs: 60_000 },
        outcome: {
          ...emptyResult(),
          status,
          latencyMs: 12,
          statusCode: status === 'error' ? 503 : 200,
          attempts: 1,
          error: status === 'error' ? { kind: 'http' as const, message: 'status 503' } : null,
        },
        startedAt: at,
      })),
    );
    return { at, counts };
  }

  // Ordered by the bigint id: a bare `id` would name the text column of the select list.
  const deliveries = (monitorId: string) =>
    t.db.rows<DeliveryRow>(
      `SELECT id::text AS id, channel_id::text AS channel_id, kind, status, attempts, incident_key, event_id::text AS event_id,
              last_error, response_status
         FROM alert_deliveries d WHERE monitor_id = $1 ORDER BY d.id`,
      [monitorId],
    );

  const alertStatus = async (monitorId: string) =>
    (
      await t.db.rows<{ status: string }>('SELECT status FROM monitor_alert_states WHERE monitor_id = $1', [monitorId])
    )[0]?.status;

  const settled = (rows: DeliveryRow[]) => rows.every((r) => r.status !== 'pending');

  const requestsTo = (path: string, on: Receiver = receiver) =>
    on.requests
      .filter((r) => r.path === path)
      .map(
        (r) =>
          JSON.parse(r.body) as {
            event: string;
            incident_key: string;
            regions: Array<{ region: string; error: string | null }>;
          },
      );

  it('sends one down and one recovery per channel, with one incident key', async () => {
    const { monitorId, channels } = await setup({ channels: 2 });
    await report(monitorId, { 'fly-ams': 'success' });
    const down = await report(monitorId, { 'fly-ams': 'error' });
    await eventually(
      () => deliveries(monitorId),
      (rows) => rows.length === 2 && settled(rows),
    );
    // The same result reported again (a retried ingest) is a duplicate and queues nothing.
    await report(monitorId, { 'fly-ams': 'error' }, down.at);
    await report(monitorId, { 'fly-ams': 'error' });
    await report(monitorId, { 'fly-ams': 'success' });
    const rows = await eventually(
      () => deliveries(monitorId),
      (r) => r.length === 4 && settled(r),
    );

    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['down', 'delivered'],
      ['down', 'delivered'],
      ['recovered', 'delivered'],
      ['recovered', 'delivered'],
    ]);
    expect(new Set(rows.map((r) => r.incident_key)).size).toBe(1);
    // One event id per alert and channel: four rows, four ids.
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(4);
    for (const channel of channels) {
      const got = requestsTo(channel.path);
      expect(got.map((b) => b.event)).toEqual(['monitor.down', 'monitor.recovered']);
      expect(got[0].regions).toEqual([expect.objectContaining({ region: 'fly-ams', error: 'status 503' })]);
      expect(got[0].incident_key).toBe(got[1].incident_key);
    }
  });

  it('links the monitor and the published pages that show it', async () => {
    const { tenant, monitorId, channels } = await setup();
    const page = await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Shop', slug: `shop-${Date.now()}` });
    await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: page.id, type: 'monitor', monitorId, name: 'API' });
    await report(monitorId, { 'fly-ams': 'success' });
    await report(monitorId, { 'fly-ams': 'error' });
    await eventually(
      () => deliveries(monitorId),
      (rows) => rows.length === 1 && settled(rows),
    );

    const [body] = receiver.requests
      .filter((r) => r.path === channels[0].path)
      .map((r) => JSON.parse(r.body) as { monitor: { url: string }; status_page_urls: string[]; title: string });
    expect(body.title).toBe('[DOWN] Checkout API is down');
    const config = t.app.get<AppConfig>(APP_CONFIG);
    expect(body.monitor.url).toBe(`${config.dashboardUrl}/app/w/${tenant.ctx.workspace.slug}/monitors/${monitorId}`);
    expect(body.status_page_urls).toEqual([`${config.siteUrl}/status/${page.slug}`]);
  });

  it('alerts on the quorum: one failing location of three pages nobody, two do', async () => {
    const { monitorId, channels } = await setup({ regions: ['fly-ams', 'fly-iad', 'fly-syd'] });
    await report(monitorId, { 'fly-ams': 'success', 'fly-iad': 'success', 'fly-syd': 'success' });
    await report(monitorId, { 'fly-ams': 'error', 'fly-iad': 'success', 'fly-syd': 'success' });
    await report(monitorId, { 'fly-ams': 'error', 'fly-iad': 'success', 'fly-syd': 'success' });
    expect(await alertStatus(monitorId)).toBe('active');
    expect(await deliveries(monitorId)).toEqual([]);

    await report(monitorId, { 'fly-ams': 'error', 'fly-iad': 'error', 'fly-syd': 'success' });
    const rows = await eventually(
      () => deliveries(monitorId),
      (r) => r.length === 1 && settled(r),
    );
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['down', 'delivered']]);
    expect(requestsTo(channels[0].path).map((b) => b.event)).toEqual(['monitor.down']);
  });

  it('alerts on any one failing location of three with alert_quorum 1', async () => {
    const { monitorId, channels } = await setup({ regions: ['fly-ams', 'fly-iad', 'fly-syd'], alertQuorum: 1 });
    await report(monitorId, { 'fly-ams': 'success', 'fly-iad': 'success', 'fly-syd': 'success' });
    expect(await alertStatus(monitorId)).toBe('active');
    await report(monitorId, { 'fly-ams': 'success', 'fly-iad': 'degraded', 'fly-syd': 'success' });
    expect(await alertStatus(monitorId)).toBe('degraded');
    await report(monitorId, { 'fly-ams': 'error', 'fly-iad': 'success', 'fly-syd': 'success' });
    expect(await alertStatus(monitorId)).toBe('error');
    await report(monitorId, { 'fly-ams': 'success', 'fly-iad': 'success', 'fly-syd': 'success' });
    const rows = await eventually(
      () => deliveries(monitorId),
      (r) => r.length === 3 && settled(r),
    );
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['degraded', 'delivered'],
      ['down', 'delivered'],
      ['recovered', 'delivered'],
    ]);
    expect(requestsTo(channels[0].path).map((b) => b.event)).toEqual([
      'monitor.degraded',
      'monitor.down',
      'monitor.recovered',
    ]);
  });

  it('needs every location failing when alert_quorum exceeds the locations', async () => {
    const { monitorId, channels } = await setup({ regions: ['fly-ams', 'fly-iad', 'fly-syd'], alertQuorum: 100 });
    await report(monitorId, { 'fly-ams': 'success', 'fly-iad': 'success', 'fly-syd': 'success' });
    await report(monitorId, { 'fly-ams': 'error', 'fly-iad': 'error', 'fly-syd': 'success' });
    // Two of three in error is a majority, which the default quorum would page on.
    expect(await alertStatus(monitorId)).toBe('active');
    await report(monitorId, { 'fly-ams': 'error', 'fly-iad': 'error', 'fly-syd': 'degraded' });
    expect(await alertStatus(monitorId)).toBe('degraded');
    expect(await deliveries(monitorId)).toEqual([expect.objectContaining({ kind: 'degraded' })]);
    await report(monitorId, { 'fly-ams': 'error', 'fly-iad': 'error', 'fly-syd': 'error' });
    expect(await alertStatus(monitorId)).toBe('error');
    const rows = await eventually(
      () => deliveries(monitorId),
      (r) => r.length === 2 && settled(r),
    );
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['degraded', 'delivered'],
      ['down', 'delivered'],
    ]);
    expect(requestsTo(channels[0].path).map((b) => b.event)).toEqual(['monitor.degraded', 'monitor.down']);
  });

  it('alerts degraded, then down again after degraded', async () => {
    const { monitorId, channels } = await setup();
    await report(monitorId, { 'fly-ams': 'success' });
    await report(monitorId, { 'fly-ams': 'degraded' });
    await report(monitorId, { 'fly-ams': 'error' });
    await report(monitorId, { 'fly-ams': 'degraded' });
    await report(monitorId, { 'fly-ams': 'success' });
    const rows = await eventually(
      () => deliveries(monitorId),
      (r) => r.length === 3 && settled(r),
    );
    expect(rows.map((r) => r.kind)).toEqual(['degraded', 'down', 'recovered']);
    expect(new Set(rows.map((r) => r.incident_key)).size).toBe(1);
    expect(requestsTo(channels[0].path).map((b) => b.event)).toEqual([
      'monitor.degraded',
      'monitor.down',
      'monitor.recovered',
    ]);
  });

  it('a hanging receiver holds up neither ingest nor the other channels', async () => {
    const stuck = await startReceiver();
    stuck.hang();
    try {
      const { tenant, monitorId, channels } = await setup({ to: stuck });
      const prompt = await t.app.get(NotificationsService).create(tenant.ctx, {
        name: 'prompt',
        providerType: 'webhook',
        monitorIds: [monitorId],
        provider: { kind: 'webhook', args: { endpoint: `${receiver.url}/prompt/${monitorId}`, headers: [] } },
      });
      await report(monitorId, { 'fly-ams': 'success' });
      await report(monitorId, { 'fly-ams': 'error' });
      // The stuck receiver holds its request (no answer for up to the 10 s deadline); the other
      // channel's alert is delivered meanwhile, and further results are ingested.
      const rows = await eventually(
        () => deliveries(monitorId),
        (r) => stuck.requests.length === 1 && r.some((d) => d.channel_id === prompt.id && d.status === 'delivered'),
      );
      expect(rows.find((d) => d.channel_id === channels[0].id)?.status).toBe('pending');
      const again = await report(monitorId, { 'fly-ams': 'error' });
      expect(again.counts.stored).toBe(1);
      expect(receiver.requests.filter((r) => r.path === `/prompt/${monitorId}`)).toHaveLength(1);
    } finally {
      await stuck.close();
    }
  });

  it('retries a 500 and then delivers', async () => {
    const own = await startReceiver();
    try {
      own.reply({ status: 500, body: 'oops' }, { status: 500, body: 'oops' }, { status: 200, body: 'ok' });
      const { monitorId, channels } = await setup({ to: own });
      await report(monitorId, { 'fly-ams': 'error' });
      const [row] = await eventually(
        () => deliveries(monitorId),
        (r) => r.length === 1 && settled(r),
      );
      expect(row).toMatchObject({ status: 'delivered', attempts: 3, response_status: 200, last_error: null });
      expect(requestsTo(channels[0].path, own).map((b) => b.event)).toEqual([
        'monitor.down',
        'monitor.down',
        'monitor.down',
      ]);
      // Every attempt carries the row's event id, in the header and the body alike.
      const attempts = own.requests.filter((r) => r.path === channels[0].path);
      expect(attempts.map((r) => r.headers['x-alert-event-id'])).toEqual([row.event_id, row.event_id, row.event_id]);
      expect(attempts.map((r) => (JSON.parse(r.body) as { event_id: string }).event_id)).toEqual([
        row.event_id,
        row.event_id,
        row.event_id,
      ]);
    } finally {
      await own.close();
    }
  });

  it('waits as long as a 429 Retry-After asks', async () => {
    const own = await startReceiver();
    try {
      own.reply({ status: 429, headers: { 'retry-after': '1' }, body: 'slow down' }, { status: 200, body: 'ok' });
      const { monitorId } = await setup({ to: own });
      const arrivals: number[] = [];
      const seen = own.requests.push.bind(own.requests);
      own.requests.push = (...items) => {
        arrivals.push(Date.now());
        return seen(...items);
      };
      await report(monitorId, { 'fly-ams': 'error' });
      const [row] = await eventually(
        () => deliveries(monitorId),
        (r) => r.length === 1 && settled(r),
      );
      expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(arrivals).toHaveLength(2);
      // The backoff alone would retry after 25-50 ms; the receiver asked for a second.
      expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(950);
    } finally {
      await own.close();
    }
  });

  it("shows a final failure in the channel's view, without its credentials", async () => {
    const own = await startReceiver();
    try {
      own.reply({ status: 400, body: 'bad request' });
      const { tenant, monitorId, channels } = await setup({ to: own });
      await report(monitorId, { 'fly-ams': 'error' });
      const [row] = await eventually(
        () => deliveries(monitorId),
        (r) => r.length === 1 && settled(r),
      );
      expect(row).toMatchObject({ status: 'failed', attempts: 1, response_status: 400 });

      const view = await t.app.get(NotificationsService).get(tenant.ctx, channels[0].id);
      expect(view.lastDelivery).toMatchObject({ status: 'failed', responseStatus: 400 });
      expect(view.lastDelivery?.error).toEqual(expect.stringContaining('400'));
      expect(JSON.stringify(view)).not.toContain('hook-secret');

      const rpc = rpcClient(tenant);
      const { notification } = await rpc.getNotification({ id: channels[0].id });
      expect(notification?.lastDelivery).toMatchObject({ status: 'failed', responseStatus: 400 });
      expect(notification?.lastDelivery?.error).not.toContain('hook-secret');
    } finally {
      await own.close();
    }
  });

  it('holds alerts during maintenance: sent at its end when still down', async () => {
    const { tenant, monitorId, channels } = await setup();
    const end = await maintenanceOver(tenant.ctx, monitorId, 2_000);
    await report(monitorId, { 'fly-ams': 'success' });
    await report(monitorId, { 'fly-ams': 'error' });
    const [held] = await deliveries(monitorId);
    expect(held).toMatchObject({ kind: 'down', status: 'pending', attempts: 0 });

    const [row] = await eventually(
      () => deliveries(monitorId),
      (r) => r.length === 1 && settled(r),
    );
    expect(row.status).toBe('delivered');
    const got = receiver.requests.filter((r) => r.path === channels[0].path);
    expect(got).toHaveLength(1);
    expect(Date.now()).toBeGreaterThanOrEqual(end.getTime());
  });

  it('drops both the down and the recovery when the monitor recovers within maintenance', async () => {
    const { tenant, monitorId, channels } = await setup();
    const end = await maintenanceOver(tenant.ctx, monitorId, 1_500);
    await report(monitorId, { 'fly-ams': 'success' });
    await report(monitorId, { 'fly-ams': 'error' });
    await report(monitorId, { 'fly-ams': 'success' });
    const rows = await deliveries(monitorId);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['down', 'suppressed'],
      ['recovered', 'suppressed'],
    ]);
    // Past the window's end nothing goes out.
    await eventually(
      async () => Date.now(),
      (now) => now > end.getTime() + 500,
    );
    expect(receiver.requests.filter((r) => r.path === channels[0].path)).toEqual([]);
  });

  it('delivers each row once with two servers sharing the outbox', async () => {
    const second = await startHttpApp({ sameDatabaseAs: t });
    try {
      second.app.get(AlertDeliveryWorker).configure(FAST);
      const monitors = [];
      for (let i = 0; i < 4; i += 1) monitors.push(await setup({ channels: 2 }));
      for (const m of monitors) await report(m.monitorId, { 'fly-ams': 'error' });
      for (const m of monitors) {
        const rows = await eventually(
          () => deliveries(m.monitorId),
          (r) => r.length === 2 && settled(r),
        );
        expect(rows.map((r) => [r.status, r.attempts])).toEqual([
          ['delivered', 1],
          ['delivered', 1],
        ]);
        for (const c of m.channels) expect(requestsTo(c.path)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it('sends a row leased by a worker that died once its lease runs out, once', async () => {
    const { monitorId, channels } = await setup();
    // A worker that claimed the row in the ingest's own transaction and then died: the row is leased
    // when the live worker first sees it.
    let claimedEventId = '';
    await t.db.transaction(async () => {
      await report(monitorId, { 'fly-ams': 'error' });
      const claimed = await t.app.get(AlertsRepository).claim(10, 500, []);
      expect(claimed.map((c) => c.monitorId)).toEqual([monitorId]);
      claimedEventId = claimed[0].eventId;
    });
    const [row] = await eventually(
      () => deliveries(monitorId),
      (r) => r.length === 1 && settled(r),
    );
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, event_id: claimedEventId });
    expect(requestsTo(channels[0].path)).toHaveLength(1);
    // The live worker sends the event id the dead one had claimed: had that one's send gone out, the
    // receiver could drop this one.
    expect(receiver.requests.find((r) => r.path === channels[0].path)?.headers['x-alert-event-id']).toBe(
      claimedEventId,
    );
  });

  it('keeps what was queued across a restart: the next server sends it', async () => {
    const database = await createTestDatabase();
    const first = await startHttpApp({ database });
    let second: HttpTestApp | null = null;
    try {
      // The first server ingests with its worker stopped, as if killed right after the commit.
      await first.app.get(AlertDeliveryWorker).onApplicationShutdown();
      await first.app.get(RetentionService).maintain(new Date());
      const tenant = await newTenant(first);
      const monitor = await first.app.get(MonitorsService).create(tenant.ctx, 'http', {
        name: 'restart',
        url: 'http://127.0.0.1:9/',
        periodicity: '1m',
        regions: ['fly-ams'],
      });
      await first.app.get(NotificationsService).create(tenant.ctx, {
        providerType: 'webhook',
        monitorIds: [monitor.id],
        provider: { kind: 'webhook', args: { endpoint: `${receiver.url}/restart`, headers: [] } },
      });
      const at = new Date(start - 60_000);
      await first.app
        .get(CheckWorkService)
        .report({ agentId: 'test', locations: ['fly-ams'], privateLocationId: null }, [
          {
            run: {
              monitorId: monitor.id,
              location: 'fly-ams',
              trigger: 'cron',
              triggerId: null,
              cronTimestamp: at,
              periodMs: 60_000,
            },
            outcome: { ...emptyResult(), status: 'error', latencyMs: 5, statusCode: 503, attempts: 1 },
            startedAt: at,
          },
        ]);
      await first.close();
      expect(receiver.requests.filter((r) => r.path === '/restart')).toEqual([]);
      second = await startHttpApp({ database });
      const got = await eventually(
        async () => receiver.requests.filter((r) => r.path === '/restart'),
        (r) => r.length >= 1,
      );
      expect(got.map((r) => (JSON.parse(r.body) as { event: string }).event)).toEqual(['monitor.down']);
    } finally {
      await second?.close();
      await database.close();
    }
  });

  it('forgets settled alert history past its window, never a delivery still waiting', async () => {
    const sent = await setup();
    await report(sent.monitorId, { 'fly-ams': 'error' });
    await eventually(
      () => deliveries(sent.monitorId),
      (r) => r.length === 1 && settled(r),
    );
    const held = await setup();
    await maintenanceOver(held.tenant.ctx, held.monitorId, 60_000);
    await report(held.monitorId, { 'fly-ams': 'error' });

    await t.app.get(AlertsRepository).forgetBefore(new Date(Date.now() + 60_000));
    expect(await deliveries(sent.monitorId)).toEqual([]);
    expect((await deliveries(held.monitorId)).map((r) => r.status)).toEqual(['pending']);
  });

  it('SendTestNotification answers what the receiver said, and is audited', async () => {
    const own = await startReceiver();
    try {
      own.reply({ status: 202, body: 'accepted here' });
      const { tenant, channels } = await setup({ to: own });
      const answer = await rpcClient(tenant).sendTestNotification({ id: channels[0].id });
      expect(answer).toMatchObject({ ok: true, status: 202, response: 'accepted here', error: '' });
      expect(requestsTo(channels[0].path, own).map((b) => b.event)).toEqual(['monitor.test']);
      const audit = await t.db.rows<{ action: string; after: Record<string, unknown> }>(
        `SELECT action, after FROM audit_logs WHERE workspace_id = $1 AND action = 'notification.test'`,
        [tenant.ctx.workspace.id],
      );
      expect(audit.map((a) => a.action)).toEqual(['notification.test']);
      expect(audit[0].after).toMatchObject({ ok: true, status: 202 });
      expect(JSON.stringify(audit)).not.toContain('hook-secret');

      own.reply({ status: 404, body: 'no such hook' });
      const refused = await rpcClient(tenant).sendTestNotification({ id: channels[0].id });
      expect(refused).toMatchObject({ ok: false, status: 404 });
      expect(refused.error).not.toContain('hook-secret');
    } finally {
      await own.close();
    }
  });

  it('signs the alerts and the test send of a channel created with signing_secret, and only those', async () => {
    const secret = 'whsec-pipeline-5b7e';
    const { tenant, monitorId, channels } = await setup();
    const { notification } = await rpcClient(tenant).createNotification({
      notification: {
        name: 'signed hook',
        providerType: 'webhook',
        monitorIds: [monitorId],
        provider: {
          case: 'webhook',
          value: { endpoint: `${receiver.url}/signed`, headers: [], signingSecret: secret },
        },
      },
    });
    expect(notification).toMatchObject({ configuredSecrets: ['signing_secret'] });
    expect(JSON.stringify(notification?.provider)).not.toContain(secret);

    await report(monitorId, { 'fly-ams': 'success' });
    await report(monitorId, { 'fly-ams': 'error' });
    await eventually(
      () => deliveries(monitorId),
      (rows) => rows.length === 2 && settled(rows),
    );
    await rpcClient(tenant).sendTestNotification({ id: notification!.id });

    // What a receiver does: HMAC-SHA256 of the raw body with the shared secret, compared in constant time.
    const verifies = (body: string, header: string | string[] | undefined): boolean => {
      const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
      const given = Buffer.from(typeof header === 'string' ? header : '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    const signed = receiver.requests.filter((r) => r.path === '/signed');
    expect(signed.map((r) => (JSON.parse(r.body) as { event: string }).event)).toEqual([
      'monitor.down',
      'monitor.test',
    ]);
    for (const request of signed) {
      expect(request.headers['x-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(verifies(request.body, request.headers['x-signature-256'])).toBe(true);
      expect(verifies(`${request.body} `, request.headers['x-signature-256'])).toBe(false);
    }
    // The channel without a secret of the same monitor sends unsigned.
    const unsigned = receiver.requests.filter((r) => r.path === channels[0].path);
    expect(unsigned).toHaveLength(1);
    expect(unsigned[0].headers).not.toHaveProperty('x-signature-256');

    const audit = await t.db.rows<{ action: string }>(
      'SELECT action, before, after FROM audit_logs WHERE workspace_id = $1',
      [tenant.ctx.workspace.id],
    );
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['notification.create', 'notification.test']));
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(JSON.stringify(await deliveries(monitorId))).not.toContain(secret);
  });

  function rpcClient(tenant: Tenant): Client<typeof NotificationService> {
    return createClient(
      NotificationService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.writeKey)],
      }),
    );
  }

  /** A status page showing the monitor, under a maintenance window that ends `ms` from now. */
  async function maintenanceOver(ctx: ServiceContext, monitorId: string, ms: number): Promise<Date> {
    const page = await t.app
      .get(StatusPagesService)
      .create(ctx, { title: 'Status', slug: `alerts-${Date.now()}-${slot}` });
    const component = await t.app
      .get(PageComponentsService)
      .createComponent(ctx, { pageId: page.id, type: 'monitor', monitorId, name: 'API' });
    const to = new Date(Date.now() + ms);
    await t.app.get(MaintenancesService).create(
      ctx,
      {
        pageId: page.id,
        title: 'Upgrade',
        from: new Date(Date.now() - 60_000),
        to,
        pageComponentIds: [component.id],
      },
      false,
    );
    return to;
  }
});
