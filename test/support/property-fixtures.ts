// One of every entity in a workspace, made through the service verbs, so that the property tests'
// generated ids name real rows: the caller's own, and another workspace's that must stay out of reach.
import { emptyResult } from '../../backend/src/checker/probe';
import { ResultIngestService } from '../../backend/src/check-results/result-ingest';
import { AlertsService } from '../../backend/src/alerts/alerts.service';
import type { ServiceContext } from '../../backend/src/common/context';
import { EscalationPoliciesService } from '../../backend/src/escalation-policies/escalation-policies.service';
import { MaintenancesService } from '../../backend/src/maintenances/maintenances.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { reportRound } from './alerts';
import type { EntityIds } from './arbitraries';
import type { HttpTestApp } from './http-app';

export interface SeededWorkspace {
  /** The ids of the workspace's entities by kind, for the generators to draw on. */
  ids: EntityIds;
  monitorId: string;
  pageId: string;
  privateLocationId: string;
  /** The private location's agent token. */
  agentToken: string;
}

let seeded = 0;

export async function seedWorkspace(t: HttpTestApp, ctx: ServiceContext): Promise<SeededWorkspace> {
  seeded += 1;
  const get = <T>(type: new (...args: never[]) => T): T => t.app.get(type as never);
  const page = await get(StatusPagesService).create(ctx, {
    title: 'Property page',
    slug: `property-${seeded}-${Date.now()}`,
  });
  const monitors = get(MonitorsService);
  const http = await monitors.create(ctx, 'http', {
    name: 'Property HTTP',
    url: 'http://127.0.0.1:9/health',
    periodicity: '1m',
  });
  const dns = await monitors.create(ctx, 'dns', { name: 'Property DNS', uri: 'example.com', periodicity: '1m' });
  const components = get(PageComponentsService);
  const group = await components.createGroup(ctx, { pageId: page.id, name: 'Group' });
  const component = await components.createComponent(ctx, {
    pageId: page.id,
    type: 'monitor',
    monitorId: http.id,
    name: 'API',
    groupId: group.id,
  });
  const { record: report } = await get(StatusReportsService).create(
    ctx,
    { pageId: page.id, title: 'Incident', message: 'Looking into it', pageComponentIds: [component.id] },
    false,
  );
  const { record: maintenance } = await get(MaintenancesService).create(
    ctx,
    { pageId: page.id, title: 'Window', from: new Date(Date.now() + 3_600_000), to: new Date(Date.now() + 7_200_000) },
    false,
  );
  const notification = await get(NotificationsService).create(ctx, {
    name: 'Slack',
    providerType: 'slack',
    provider: { kind: 'slack', args: { webhookUrl: 'https://hooks.example.com/services/T0/B0/x' } },
    monitorIds: [http.id],
  });
  const policy = await get(EscalationPoliciesService).create(ctx, {
    name: 'Property policy',
    steps: [{ afterMinutes: 0, channelIds: [notification.id] }],
  });
  const location = await get(PrivateLocationsService).create(ctx, { name: 'Property location', monitorIds: [http.id] });
  // Imported as already agreed: AddSubscriber needs SMTP_URL (a confirmation mail), these servers have none.
  const subscribers = get(SubscribersService);
  await subscribers.import(ctx, page.id, [`property${seeded}@example.com`], { confirmed: true });
  const [subscriber] = (await subscribers.list(ctx, page.id)).items;

  await t.app.get(RetentionService).maintain(new Date());
  const at = new Date(Date.now() - 60_000);
  await t.app.get(ResultIngestService).ingest(
    { agentId: 'property-seed', locations: ['fly-ams'], privateLocationId: null },
    [
      {
        run: {
          monitorId: http.id,
          location: 'fly-ams',
          trigger: 'cron',
          triggerId: null,
          cronTimestamp: at,
          periodMs: 60_000,
        },
        outcome: { ...emptyResult(), status: 'success', latencyMs: 42, statusCode: 200, attempts: 1 },
        startedAt: at,
      },
    ],
    new Date(),
  );
  const { logs } = await monitors.listResponseLogs(ctx, http.id, {});
  // An open alert, on a monitor no channel is wired to (nothing is sent anywhere): a good round, then
  // a failing one, through the agents' path.
  const failing = await monitors.create(ctx, 'http', {
    name: 'Property failing',
    url: 'http://127.0.0.1:9/health',
    periodicity: '1m',
    regions: ['fly-ams'],
  });
  await reportRound(t, failing.id, 'success');
  await reportRound(t, failing.id, 'error');
  const alerts = await get(AlertsService).list(ctx, { monitorId: failing.id });

  return {
    ids: {
      page: [page.id],
      monitor: [http.id, dns.id],
      group: [group.id],
      component: [component.id],
      report: [report.report.id],
      maintenance: [maintenance.id],
      notification: [notification.id],
      location: [location.id],
      subscriber: [subscriber.id],
      log: logs.map((l) => l.id),
      policy: [policy.id],
      alert: alerts.map((a) => a.id),
    },
    monitorId: http.id,
    pageId: page.id,
    privateLocationId: location.id,
    agentToken: location.token!,
  };
}
