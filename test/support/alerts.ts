// Alerts made the way the server makes them, for the tests of the alert surfaces (issue 29): a monitor
// (optionally with a webhook channel to a loopback receiver) gets a good round then a failing round of
// results through the agents' path (CheckWorkService.report); the transition opens its alert, and the
// real delivery worker sends it.
import { AlertDeliveryWorker } from '../../backend/src/alerts/alert-delivery.worker';
import { AlertsService } from '../../backend/src/alerts/alerts.service';
import type { AlertView } from '../../backend/src/alerts/alert.view';
import { CheckWorkService } from '../../backend/src/checker/check-work.service';
import { emptyResult } from '../../backend/src/checker/probe';
import type { CheckStatus, Region } from '../../backend/src/checks/check-config';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import type { HttpTestApp, Tenant } from './http-app';
import { eventually } from './rpc';

const MINUTE = 60_000;
let rounds = 0;

/** Delivers quickly: the tests wait for the receiver's answer to be recorded. */
export function fastDeliveries(t: HttpTestApp): void {
  t.app.get(AlertDeliveryWorker).configure({ backoffBaseMs: 50, backoffMaxMs: 400, pollMs: 200 });
}

/**
 * One round of results through the agents' ingest path: a result of each monitor (one location),
 * all at `cron`, failing ones with a 503. What the alert tests feed the pipeline with.
 */
export async function reportResults(
  t: Pick<HttpTestApp, 'app'>,
  statuses: ReadonlyArray<readonly [string, CheckStatus]>,
  cron: Date,
  location: Region = 'fly-ams',
): Promise<void> {
  await t.app.get(CheckWorkService).report(
    { agentId: 'test', locations: [location], privateLocationId: null },
    statuses.map(([monitorId, status]) => ({
      run: { monitorId, location, trigger: 'cron' as const, triggerId: null, cronTimestamp: cron, periodMs: 60_000 },
      outcome: {
        ...emptyResult(),
        status,
        latencyMs: 12,
        statusCode: status === 'error' ? 503 : 200,
        attempts: 1,
        error: status === 'error' ? { kind: 'http' as const, message: 'status 503' } : null,
      },
      startedAt: cron,
    })),
  );
}

/** One round of results for a monitor (one location), each round a minute after the one before. */
export async function reportRound(t: HttpTestApp, monitorId: string, status: CheckStatus): Promise<void> {
  rounds += 1;
  // Rounds in the past, in order, never in the future: the ingest keeps the newest round only.
  await reportResults(t, [[monitorId, status]], new Date(Date.now() - 600 * MINUTE + rounds * MINUTE));
}

/**
 * A monitor that went down: its open alert. With `webhook` (a loopback receiver's URL), a webhook
 * channel is wired to it and the alert's delivery has been answered by the time this returns.
 */
export async function openAlert(
  t: HttpTestApp,
  tenant: Tenant,
  name: string,
  webhook?: string,
): Promise<{ monitorId: string; channelId: string | null; alert: AlertView }> {
  const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
    name,
    url: 'http://127.0.0.1:9/health',
    periodicity: '1m',
    regions: ['fly-ams'],
  });
  const channelId = webhook
    ? (
        await t.app.get(NotificationsService).create(tenant.ctx, {
          name: `${name} hook`,
          providerType: 'webhook',
          monitorIds: [monitor.id],
          provider: { kind: 'webhook', args: { endpoint: webhook, headers: [] } },
        })
      ).id
    : null;
  await reportRound(t, monitor.id, 'success');
  await reportRound(t, monitor.id, 'error');
  const alerts = t.app.get(AlertsService);
  const [alert] = await alerts.list(tenant.ctx, { monitorId: monitor.id });
  if (!alert) throw new Error(`no alert opened for ${name}`);
  if (webhook) {
    const events = await eventually(
      async () => (await alerts.get(tenant.ctx, alert.id)).events,
      (list) => list.some((e) => e.type === 'delivery' && e.deliveryStatus === 'delivered'),
    );
    if (!events.some((e) => e.type === 'delivery' && e.deliveryStatus === 'delivered'))
      throw new Error(`the alert of ${name} was not delivered: ${JSON.stringify(events)}`);
  }
  return { monitorId: monitor.id, channelId, alert };
}
