// The alert clock: what falls due with time rather than with a check result. Every CLOCK_MS, on every
// node (row locks with SKIP LOCKED share the work; nothing is done twice):
// - deliveries waiting for a monitor's parents (alert-transitions.ts) are sent, or suppressed when a
//   parent is down by now;
// - a failing streak that waits only for its failure_seconds is judged again;
// - open, unacknowledged, unsuppressed alerts get their reminders and escalation steps
//   (alert-schedule.ts), each delivery keyed by (transition, channel, reason, round) so a clock that
//   dies mid-way and runs again queues nothing twice.
// Started with the server, never in the command line; `tick(now)` runs one pass (tests pass a clock).
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.module';
import { Database } from '../database/database';
import { ESCALATION_POLICIES_PORT, type EscalationPoliciesPort } from '../escalation-policies/escalation-policies.port';
import { MONITORS_PORT, type MonitorsPort } from '../monitors/monitors.port';
import { AlertLifecycleRepository, type AlertRow } from './alert-lifecycle.repository';
import { dueAt, nextDue } from './alert-schedule';
import { AlertTransitions, problemKind } from './alert-transitions';
import { AlertsRepository } from './alerts.repository';

export const CLOCK_MS = 5_000;
/** Alerts handled per transaction. */
const BATCH = 100;

@Injectable()
export class AlertClock implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  private everyMs = CLOCK_MS;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AlertsRepository) private readonly alerts: AlertsRepository,
    @Inject(AlertLifecycleRepository) private readonly lifecycle: AlertLifecycleRepository,
    @Inject(AlertTransitions) private readonly transitions: AlertTransitions,
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
    @Inject(ESCALATION_POLICIES_PORT) private readonly escalation: EscalationPoliciesPort,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Tests run the clock by hand (everyMs 0 stops the timer) or faster. */
  configure(settings: { everyMs: number }): void {
    this.everyMs = settings.everyMs;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.stopped) this.arm();
  }

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.arm();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private arm(): void {
    if (this.stopped || this.everyMs <= 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'alert clock pass failed; retrying'))
        .finally(() => {
          this.running = null;
          this.arm();
        });
    }, this.everyMs);
    this.timer.unref();
  }

  /** One pass at `now`; answers what it did, for tests. */
  async tick(now = new Date()): Promise<{ released: number; suppressed: number; judged: number; queued: number }> {
    const waiting = await this.db.transaction(async () => {
      const result = await this.alerts.releaseWaiting(now);
      for (const { monitorId, parentId } of result.suppressed) await this.lifecycle.suppress([monitorId], parentId);
      return result;
    });
    const durations = await this.alerts.durationsDue(now);
    if (durations.length) await this.db.transaction(() => this.transitions.judge(durations, now));
    let queued = 0;
    for (;;) {
      const batch = await this.db.transaction(async () => {
        const due = await this.lifecycle.claimDue(now, BATCH);
        let sent = 0;
        for (const alert of due) sent += await this.followUp(alert, now);
        return { count: due.length, sent };
      });
      queued += batch.sent;
      if (batch.count < BATCH) break;
    }
    return { released: waiting.due, suppressed: waiting.suppressed.length, judged: durations.length, queued };
  }

  /** Sends the reminder and the escalation steps due for one alert and schedules the next. */
  private async followUp(alert: AlertRow, now: Date): Promise<number> {
    const policy = (await this.monitors.alertPolicies([alert.monitorId])).get(alert.monitorId);
    const transitionId = await this.alerts.latestTransitionOf(alert.incidentKey);
    if (!policy || !transitionId) {
      await this.lifecycle.schedule(alert.id, { ...alert, nextDueAt: null });
      return 0;
    }
    const steps = alert.escalationPolicyId
      ? ((await this.escalation.stepsOf([alert.escalationPolicyId])).get(alert.escalationPolicyId) ?? [])
      : null;
    const due = dueAt(policy, steps, alert.clockFrom, alert.remindersSent, alert.escalationStep, now);
    const base = {
      transitionId,
      monitorId: alert.monitorId,
      workspaceId: alert.workspaceId,
      kind: problemKind(alert.status),
      incidentKey: alert.incidentKey,
    };
    let queued = 0;
    for (const step of due.steps) {
      queued += await this.alerts.queueFollowUp(
        { ...base, reason: 'escalation', round: step },
        steps![step - 1].channelIds,
      );
    }
    if (due.reminder !== null) {
      const heard = await this.alerts.channelsThatHeard(alert.incidentKey);
      queued += await this.alerts.queueFollowUp({ ...base, reason: 'reminder', round: due.reminder }, heard);
    }
    const remindersSent = due.reminder ?? alert.remindersSent;
    const escalationStep = due.steps.length ? due.steps[due.steps.length - 1] : alert.escalationStep;
    await this.lifecycle.schedule(alert.id, {
      remindersSent,
      escalationStep,
      nextDueAt: nextDue(policy, steps, alert.clockFrom, remindersSent, escalationStep),
    });
    return queued;
  }
}
