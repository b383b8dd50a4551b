// When an open alert's reminders and escalation steps fall due. Pure, so the timing is read and
// tested in one place; the alert clock (alert-clock.ts) applies it.
//
// - Reminders: the n-th goes out `n x reminder_interval_minutes` after the alert opened (or was
//   released from a parent's outage), while it stays open, unacknowledged and unsuppressed, up to
//   reminder_limit. A reminder reaches the channels that heard of the incident.
// - Escalation: step k (1-based) goes out `after_minutes` of that step after the same start, to its
//   channels. Steps due at once (after 0 minutes) go out with the transition itself.
// - Acknowledging stops both; recovering resolves the alert and stops both.

export interface SchedulePolicy {
  reminderIntervalMinutes: number;
  reminderLimit: number;
}

export interface Step {
  afterMinutes: number;
  channelIds: string[];
}

const MINUTE = 60_000;

/** The schedule of an alert that starts now: the steps due at once, and when the clock next looks. */
export function firstSchedule(
  policy: SchedulePolicy,
  steps: Step[] | null,
  start: Date,
): { firstStepChannels: string[]; escalationStep: number; nextDueAt: Date | null } {
  let reached = 0;
  const channels = new Set<string>();
  while (steps && reached < steps.length && steps[reached].afterMinutes <= 0) {
    for (const id of steps[reached].channelIds) channels.add(id);
    reached += 1;
  }
  return {
    firstStepChannels: [...channels],
    escalationStep: reached,
    nextDueAt: nextDue(policy, steps, start, 0, reached),
  };
}

/** When the next reminder or step falls due, or null when none is left. */
export function nextDue(
  policy: SchedulePolicy,
  steps: Step[] | null,
  start: Date,
  remindersSent: number,
  escalationStep: number,
): Date | null {
  const candidates: number[] = [];
  if (policy.reminderIntervalMinutes > 0 && remindersSent < policy.reminderLimit)
    candidates.push(start.getTime() + (remindersSent + 1) * policy.reminderIntervalMinutes * MINUTE);
  if (steps && escalationStep < steps.length)
    candidates.push(start.getTime() + steps[escalationStep].afterMinutes * MINUTE);
  return candidates.length ? new Date(Math.min(...candidates)) : null;
}

/** What is due at `now`: the reminders (numbers) and the escalation steps (1-based) to send. */
export function dueAt(
  policy: SchedulePolicy,
  steps: Step[] | null,
  start: Date,
  remindersSent: number,
  escalationStep: number,
  now: Date,
): { reminder: number | null; steps: number[] } {
  const elapsed = now.getTime() - start.getTime();
  let reminder: number | null = null;
  if (policy.reminderIntervalMinutes > 0 && remindersSent < policy.reminderLimit) {
    // Only the latest reminder due goes out: a clock that was down sends one, not a burst.
    const due = Math.min(policy.reminderLimit, Math.floor(elapsed / (policy.reminderIntervalMinutes * MINUTE)));
    if (due > remindersSent) reminder = due;
  }
  const reached: number[] = [];
  for (let k = escalationStep; steps && k < steps.length && steps[k].afterMinutes * MINUTE <= elapsed; k += 1)
    reached.push(k + 1);
  return { reminder, steps: reached };
}
