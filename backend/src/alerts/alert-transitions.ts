// Turns freshly judged location statuses into alert transitions, inside the ingest transaction:
// lock the monitors' alert states, read the quorum status with a fresh statement (so a concurrent
// ingest of the same monitor that committed first is seen), count it against the monitor's
// thresholds (alert-policy.ts), and record each confirmed change with its deliveries
// (alerts.repository.ts) and its alert (alert-lifecycle.repository.ts). A retried ingest stores no
// new result and so never gets here; two nodes ingesting the same monitor take the state lock one
// after the other, and the second sees the state the first left, so a transition is recorded once.
//
// Dependencies: a monitor's down or degraded alert is suppressed (recorded, not sent) while one of
// its parents is down; when none is down yet, its deliveries wait DEPENDENCY_SETTLE_MS for a parent
// failing in the same round (the alert clock ends the wait). A parent going down suppresses what its
// children still have waiting; a parent recovering releases its children still down, which alert then.
import { Inject, Injectable } from '@nestjs/common';
import { CHECK_RESULTS_PORT, type CheckResultsPort } from '../check-results/check-results.port';
import { ESCALATION_POLICIES_PORT, type EscalationPoliciesPort } from '../escalation-policies/escalation-policies.port';
import { MAINTENANCES_PORT, type MaintenancesPort } from '../maintenances/maintenances.port';
import { MONITORS_PORT, type MonitorAlertPolicy, type MonitorsPort } from '../monitors/monitors.port';
import { NOTIFICATIONS_PORT, type NotificationsPort } from '../notifications/notifications.port';
import type { AlertStatus, DeliveryKind } from './alert.entities';
import { AlertLifecycleRepository } from './alert-lifecycle.repository';
import { decide, isNeutral, nextStreak } from './alert-policy';
import { inIncident, incidentKeyAfter, transitionKind } from './alert-rules';
import { AlertsRepository } from './alerts.repository';
import { firstSchedule } from './alert-schedule';

/** How long a down alert of a monitor with parents waits for a parent failing in the same round. */
export const DEPENDENCY_SETTLE_MS = 30_000;

/** The delivery kind that tells a problem status. */
export const problemKind = (status: AlertStatus): DeliveryKind => (status === 'error' ? 'down' : 'degraded');

@Injectable()
export class AlertTransitions {
  private settleMs = DEPENDENCY_SETTLE_MS;

  constructor(
    @Inject(AlertsRepository) private readonly alerts: AlertsRepository,
    @Inject(AlertLifecycleRepository) private readonly lifecycle: AlertLifecycleRepository,
    @Inject(CHECK_RESULTS_PORT) private readonly results: CheckResultsPort,
    @Inject(MAINTENANCES_PORT) private readonly maintenances: MaintenancesPort,
    @Inject(NOTIFICATIONS_PORT) private readonly channels: NotificationsPort,
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
    @Inject(ESCALATION_POLICIES_PORT) private readonly escalation: EscalationPoliciesPort,
  ) {
    results.onJudged((monitors) => this.judge(monitors).then(() => undefined));
  }

  /** Tests shorten the dependency wait. */
  configure(settings: { settleMs?: number }): void {
    if (settings.settleMs !== undefined) this.settleMs = settings.settleMs;
  }

  /** Records the transitions of the monitors; answers how many deliveries are due now. */
  async judge(monitors: Array<{ monitorId: string; workspaceId: string }>, now = new Date()): Promise<number> {
    const states = await this.alerts.lockStates(monitors);
    const statuses = await this.results.alertStatuses(monitors.map((m) => m.monitorId));
    const changed: Array<{ monitorId: string; to: AlertStatus; since: Date }> = [];
    const counted: Array<{ monitorId: string; streak: ReturnType<typeof nextStreak> }> = [];
    for (const [monitorId, judged] of statuses) {
      const state = states.get(monitorId);
      if (!state) continue;
      let to: AlertStatus = judged.status;
      let since = judged.round;
      if (!isNeutral(judged.thresholds)) {
        const streak = nextStreak(state, judged.status, judged.round);
        if (
          streak.streak !== state.streak ||
          streak.observed !== state.observed ||
          streak.lastRound?.getTime() !== state.lastRound?.getTime()
        )
          counted.push({ monitorId, streak });
        to = decide(state.status, judged.status, streak, judged.thresholds, now);
        since = streak.streakSince ?? judged.round;
      }
      if (to !== state.status) changed.push({ monitorId, to, since });
    }
    await this.alerts.saveStreaks(counted);
    if (!changed.length) return 0;
    const ids = changed.map((c) => c.monitorId);
    // One after the other: they share the transaction's connection.
    const snapshots = await this.results.locationSnapshots(ids);
    const windows = await this.maintenances.windowEndsOverMonitors(ids, now);
    const policies = await this.monitors.alertPolicies(ids);
    let due = 0;
    const recoveredParents: string[] = [];
    for (const { monitorId, to, since } of changed) {
      const state = states.get(monitorId)!;
      const policy = policies.get(monitorId);
      const seq = state.seq + 1;
      const incident = incidentKeyAfter(monitorId, seq, state.status, to, state.incidentKey);
      const kind = transitionKind(state.status, to);
      const parentDown = kind && kind !== 'recovered' && policy ? await this.parentDown(policy) : null;
      const steps = policy?.escalationPolicyId ? await this.stepsOf(policy.escalationPolicyId) : null;
      const opening = inIncident(to) && !inIncident(state.status);
      const schedule = opening && policy ? firstSchedule(policy, steps, now) : null;
      const channelIds = !kind
        ? []
        : opening && steps
          ? (schedule?.firstStepChannels ?? [])
          : await this.channelsFor(monitorId, steps, incident.key);
      const recorded = await this.alerts.recordTransition(
        {
          monitorId,
          workspaceId: state.workspaceId,
          seq,
          from: state.status,
          to,
          kind,
          incidentKey: incident.key,
          regions: snapshots.get(monitorId) ?? [],
          at: now,
          since: since.getTime() > now.getTime() ? now : since,
          silencedUntil: windows.get(monitorId) ?? null,
          suppressedBy: parentDown,
          waitMs: policy?.parentMonitorIds.length ? this.settleMs : 0,
        },
        incident.open,
        channelIds,
      );
      if (!recorded) continue;
      due += recorded.due;
      if (opening) {
        await this.lifecycle.open({
          monitorId,
          workspaceId: state.workspaceId,
          incidentKey: incident.key,
          status: to,
          at: now,
          suppressedBy: parentDown?.id ?? null,
          escalationPolicyId: policy?.escalationPolicyId ?? null,
          escalationStep: schedule?.escalationStep ?? 0,
          nextDueAt: schedule?.nextDueAt ?? null,
        });
      } else if (inIncident(to)) {
        await this.lifecycle.statusChanged(incident.key, to);
      } else if (inIncident(state.status)) {
        await this.lifecycle.resolve(incident.key, now);
      }
      if (kind === 'down') due += await this.parentWentDown(monitorId, policy?.name ?? monitorId);
      if (kind === 'recovered') recoveredParents.push(monitorId);
    }
    // After the batch: its children that recovered with it are resolved by now.
    for (const parentId of recoveredParents) due += await this.parentRecovered(parentId, now);
    return due;
  }

  /** The first parent of the monitor that is down, or null. */
  private async parentDown(policy: MonitorAlertPolicy): Promise<{ id: string; name: string } | null> {
    const down = await this.alerts.downAmong(policy.parentMonitorIds);
    if (!down.length) return null;
    const parent = (await this.monitors.alertPolicies([down[0]])).get(down[0]);
    return { id: down[0], name: parent?.name ?? down[0] };
  }

  private async stepsOf(policyId: string): Promise<Array<{ afterMinutes: number; channelIds: string[] }>> {
    return (await this.escalation.stepsOf([policyId])).get(policyId) ?? [];
  }

  /**
   * Whom a transition tells: the wired channels; with an escalation policy, an opening problem goes
   * to the steps due at once (firstSchedule, by the caller), a later one (degraded to down) to the
   * channels that heard of the incident so far, and a recovery to those too (the outbox drops a
   * recovery for a channel that never heard of the incident).
   */
  private async channelsFor(
    monitorId: string,
    steps: Array<{ afterMinutes: number; channelIds: string[] }> | null,
    incidentKey: string,
  ): Promise<string[]> {
    if (!steps) return this.channels.channelIdsOf(monitorId);
    return this.alerts.channelsThatHeard(incidentKey);
  }

  /** What the children of a monitor that just went down still have waiting is suppressed. */
  private async parentWentDown(parentId: string, parentName: string): Promise<number> {
    const children = await this.monitors.childrenOf([parentId]);
    if (!children.length) return 0;
    const ids = children.map((c) => c.id);
    await this.alerts.suppressWaiting(ids, `suppressed: ${parentName} is down`);
    await this.lifecycle.suppress(ids, parentId);
    return 0;
  }

  /**
   * The children of a monitor that just recovered, still in an incident their alerts were suppressed
   * for: suppressed for another parent still down, or released: they alert (reason `released`) once
   * the settle wait is over and if they are still down by then (a child recovering in the next round
   * makes it moot), and their reminders and escalation count from now.
   */
  private async parentRecovered(parentId: string, now: Date): Promise<number> {
    const children = await this.monitors.childrenOf([parentId]);
    if (!children.length) return 0;
    const alerts = await this.lifecycle.lockSuppressed(children.map((c) => c.id));
    if (!alerts.length) return 0;
    const policies = await this.monitors.alertPolicies(alerts.map((a) => a.monitorId));
    let due = 0;
    for (const alert of alerts) {
      const policy = policies.get(alert.monitorId);
      if (!policy) continue;
      const still = (await this.alerts.downAmong(policy.parentMonitorIds)).filter((id) => id !== parentId);
      if (still.length) {
        await this.lifecycle.resuppress(alert.id, still[0], alert.clockFrom, alert.escalationStep, alert.nextDueAt);
        continue;
      }
      const steps = alert.escalationPolicyId ? await this.stepsOf(alert.escalationPolicyId) : null;
      const schedule = firstSchedule(policy, steps, now);
      await this.lifecycle.resuppress(alert.id, null, now, schedule.escalationStep, schedule.nextDueAt);
      const transition = await this.alerts.latestTransitionOf(alert.incidentKey);
      if (!transition) continue;
      const channelIds = steps ? schedule.firstStepChannels : await this.channels.channelIdsOf(alert.monitorId);
      due += await this.alerts.queueFollowUp(
        {
          transitionId: transition,
          monitorId: alert.monitorId,
          workspaceId: alert.workspaceId,
          kind: problemKind(alert.status),
          incidentKey: alert.incidentKey,
          reason: 'released',
          round: 0,
        },
        channelIds,
        this.settleMs,
      );
    }
    return due;
  }
}
