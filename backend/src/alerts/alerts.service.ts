// The alert verbs every transport calls (RPC AlertService, the MCP tools list_alerts, get_alert and
// acknowledge_alert, the dashboard, the signed link in an alert message): the workspace's alerts,
// one alert with its history, and acknowledging one. Acknowledging stops the alert's reminders and
// escalation: nothing more is scheduled, and what was queued and not yet attempted is dropped.
import { Inject, Injectable } from '@nestjs/common';
import { MutationRunner } from '../audit/mutation-runner';
import { assertWriteScope, auditActorOf, systemContext, type ServiceContext } from '../common/context';
import { ForbiddenError, NotFoundError } from '../common/errors';
import { parseInput } from '../common/validation';
import { MONITORS_PORT, type MonitorsPort } from '../monitors/monitors.port';
import { AlertAckLinks } from '../notifications/alert-ack-links';
import { NOTIFICATIONS_PORT, type NotificationsPort } from '../notifications/notifications.port';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { AlertLifecycleRepository, type AlertRow } from './alert-lifecycle.repository';
import { ALERT_LIST_LIMIT, alertIdInput, listAlertsInput, type ListAlertsInput } from './alert.schemas';
import { blankEvent, toAlertView, type AlertEventView, type AlertView, type AlertWithHistoryView } from './alert.view';
import { AlertsRepository } from './alerts.repository';

/** Events shown per alert (transitions and deliveries each). */
const HISTORY_LIMIT = 500;

/** The actor name of an acknowledgement by the signed link. */
export const LINK_ACTOR = 'alert-link';

@Injectable()
export class AlertsService {
  constructor(
    @Inject(AlertLifecycleRepository) private readonly lifecycle: AlertLifecycleRepository,
    @Inject(AlertsRepository) private readonly alerts: AlertsRepository,
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
    @Inject(NOTIFICATIONS_PORT) private readonly channels: NotificationsPort,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(AlertAckLinks) private readonly links: AlertAckLinks,
    @Inject(WorkspacesService) private readonly workspaces: WorkspacesService,
  ) {}

  /** The workspace's alerts (or one monitor's), newest first. */
  async list(ctx: ServiceContext, input: ListAlertsInput): Promise<AlertView[]> {
    const q = parseInput(listAlertsInput, input);
    const monitorId = q.monitorId || null;
    if (monitorId && !(await this.monitors.findLiveById(monitorId).then((m) => m?.workspaceId === ctx.workspace.id)))
      throw NotFoundError.of('monitor', monitorId);
    const rows = await this.lifecycle.list(
      ctx.workspace.id,
      monitorId,
      q.limit ?? ALERT_LIST_LIMIT.default,
      q.beforeId || null,
    );
    return this.views(rows);
  }

  /** One alert with its history, oldest first. */
  async get(ctx: ServiceContext, id: string): Promise<AlertWithHistoryView> {
    parseInput(alertIdInput, { id });
    const row = await this.lifecycle.find(ctx.workspace.id, id);
    if (!row) throw NotFoundError.of('alert', id);
    const [alert] = await this.views([row]);
    return { alert, events: await this.history(ctx.workspace.id, row, alert) };
  }

  /** Stops the alert's reminders and escalation. An acknowledged or resolved alert is answered as it is. */
  async acknowledge(ctx: ServiceContext, id: string, now = new Date()): Promise<AlertView> {
    parseInput(alertIdInput, { id });
    assertWriteScope(ctx);
    return this.mutations.run(ctx, async (trail) => {
      const row = await this.lifecycle.lock(ctx.workspace.id, id);
      if (!row) throw NotFoundError.of('alert', id);
      const [before] = await this.views([row]);
      if (row.state !== 'open') {
        trail.unchanged();
        return before;
      }
      const actor = auditActorOf(ctx);
      await this.lifecycle.acknowledge(row.id, actor.actorId, now);
      await this.alerts.dropFollowUps(row.incidentKey);
      const [after] = await this.views([(await this.lifecycle.find(ctx.workspace.id, id))!]);
      trail.record({ action: 'alert.acknowledge', entityType: 'alert', entityId: row.id, before, after });
      return after;
    });
  }

  /** The alert a signed link names, for the page that asks to confirm; refused when forged or expired. */
  async linked(token: unknown, now = new Date()): Promise<AlertView> {
    const { row } = await this.linkedRow(token, now);
    const [view] = await this.views([row]);
    return view;
  }

  /** Acknowledges the alert a signed link names (audited with the system actor `alert-link`). */
  async acknowledgeByLink(token: unknown, now = new Date()): Promise<AlertView> {
    const { row, workspace } = await this.linkedRow(token, now);
    return this.acknowledge(systemContext(workspace, LINK_ACTOR), row.id, now);
  }

  private async linkedRow(token: unknown, now: Date) {
    const check = this.links.check(token, now);
    if (!check.ok)
      throw new ForbiddenError(
        check.reason === 'expired'
          ? 'This acknowledgement link has expired; acknowledge the alert in the dashboard'
          : 'This acknowledgement link is not valid',
      );
    const row = await this.lifecycle.byId(check.alertId);
    if (!row) throw NotFoundError.of('alert', check.alertId);
    const workspace = await this.workspaces.resolve(row.workspaceId);
    return { row, workspace: { id: workspace.id, slug: workspace.slug, plan: workspace.plan } };
  }

  private async views(rows: AlertRow[]): Promise<AlertView[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.monitorId, ...(r.suppressedBy ? [r.suppressedBy] : [])]))];
    const policies = await this.monitors.alertPolicies(ids);
    const names = new Map([...policies].map(([id, p]) => [id, p.name]));
    return rows.map((r) => toAlertView(r, names));
  }

  private async history(workspaceId: string, row: AlertRow, alert: AlertView): Promise<AlertEventView[]> {
    const { transitions, deliveries } = await this.alerts.incidentHistory(row.incidentKey, HISTORY_LIMIT);
    const channelNames = await this.channels.namesOf(workspaceId, [...new Set(deliveries.map((d) => d.channelId))]);
    const parents = await this.monitors.alertPolicies([
      ...new Set(transitions.flatMap((t) => (t.suppressedBy ? [t.suppressedBy] : []))),
    ]);
    const events: AlertEventView[] = [];
    for (const t of transitions) {
      events.push({ ...blankEvent(t.at, 'transition'), fromStatus: t.from, toStatus: t.to });
      if (t.suppressedBy) {
        const name = parents.get(t.suppressedBy)?.name ?? t.suppressedBy;
        events.push({ ...blankEvent(t.at, 'suppressed'), detail: `suppressed: ${name} is down` });
      }
    }
    for (const d of deliveries) {
      events.push({
        ...blankEvent(d.at, 'delivery'),
        channelId: d.channelId,
        channelName: channelNames.get(d.channelId) ?? '(deleted channel)',
        reason: d.reason,
        kind: d.kind,
        deliveryStatus: d.status,
        attempts: d.attempts,
        responseStatus: d.responseStatus,
        response: d.response,
        error: d.error,
        detail: d.reason === 'reminder' || d.reason === 'escalation' ? `${d.reason} ${d.round}` : '',
      });
    }
    if (row.acknowledgedAt)
      events.push({ ...blankEvent(row.acknowledgedAt, 'acknowledged'), detail: alert.acknowledgedBy ?? '' });
    // Stable: a transition and the deliveries it queued share a time; the transition comes first.
    const rank = { transition: 0, suppressed: 1, acknowledged: 2, delivery: 3 } as const;
    return events
      .map((e, i) => ({ e, i }))
      .sort((a, b) => a.e.at.localeCompare(b.e.at) || rank[a.e.type] - rank[b.e.type] || a.i - b.i)
      .map(({ e }) => e);
  }
}
