// The rules of a heartbeat's deadlines, as pure functions of its settings, its state and an explicit
// clock, so the ping path, the sweeper and the monitor-change hook share one implementation and the
// tests drive time.
//
// - The next expected ping: a `period` after the time it counts from, or the next cron time after it
//   in the monitor's time zone (croner).
// - The deadline: the expected time plus the grace; while a run is started (`/start` without an end
//   yet), the start plus the grace instead, like Healthchecks.io: a run that began on time is not late
//   because it takes a while.
// - A missed deadline counts once and moves the expectation to the next expected time, so each missed
//   ping is one failure for uptime; a sweep counts at most MAX_MISSED_PER_SWEEP of them, and none older
//   than CATCH_UP_MS, and then starts again from the present (after every node was down for long).
import { Cron } from 'croner';
import type { HeartbeatConfig } from '../checks/check-config';

/** Missed expected pings one sweep records per monitor before starting again from the present. */
export const MAX_MISSED_PER_SWEEP = 20;
/**
 * How far back a missed deadline is still recorded at its own time: results older than the 14 days
 * kept have no partition to go to, and a day is plenty for nodes that were down and sweep again.
 */
export const CATCH_UP_MS = 86_400_000;

/** The first expected ping after `after`; null when a cron expression never fires again. */
export function nextExpected(config: HeartbeatConfig, after: Date): Date | null {
  if (config.schedule === 'period') return new Date(after.getTime() + config.periodSeconds * 1000);
  try {
    return new Cron(config.cron, { timezone: config.timezone || 'UTC', paused: true }).nextRun(after);
  } catch {
    // The schemas refuse an expression croner cannot read; one stored before that rule never fires.
    return null;
  }
}

/** What the judging of a heartbeat needs: its settings and where it stands. */
export interface HeartbeatJudging {
  config: HeartbeatConfig;
  active: boolean;
  /** The next expected ping; null when none is expected (a cron that never fires). */
  expectedAt: Date | null;
  /** The start of a run not finished yet. */
  startedAt: Date | null;
}

/** When the heartbeat is next judged late; null when paused or nothing is expected. */
export function deadlineOf(state: HeartbeatJudging): Date | null {
  if (!state.active) return null;
  const grace = state.config.graceSeconds * 1000;
  if (state.startedAt) return new Date(state.startedAt.getTime() + grace);
  return state.expectedAt ? new Date(state.expectedAt.getTime() + grace) : null;
}

/** A deadline that passed: a run started and never finished, or a ping that never came. */
export interface Miss {
  reason: 'unfinished' | 'late';
  /** The deadline that passed: the result's time. */
  at: Date;
  /** The start of the unfinished run; the expected time of the late ping. */
  since: Date;
}

/**
 * The deadlines that passed by `now`, oldest first, and the state after them. An unfinished run is a
 * failed run: the next ping is then expected after its deadline, as after a `/fail`.
 */
export function missedBy<S extends HeartbeatJudging>(state: S, now: Date): { misses: Miss[]; next: S } {
  const misses: Miss[] = [];
  let next = { ...state };
  for (;;) {
    const due = deadlineOf(next);
    if (!due || due > now) return { misses, next };
    if (misses.length === MAX_MISSED_PER_SWEEP || due.getTime() < now.getTime() - CATCH_UP_MS) {
      // Far behind: start again from the present. Without a miss recorded yet, the oldest counts as
      // one at `now`, so the monitor still goes down.
      if (!misses.length) {
        misses.push(
          next.startedAt
            ? { reason: 'unfinished', at: now, since: next.startedAt }
            : { reason: 'late', at: now, since: next.expectedAt! },
        );
      }
      const from = new Date(now.getTime() - next.config.graceSeconds * 1000);
      return { misses, next: { ...next, startedAt: null, expectedAt: nextExpected(next.config, from) } };
    }
    if (next.startedAt) {
      misses.push({ reason: 'unfinished', at: due, since: next.startedAt });
      next = { ...next, startedAt: null, expectedAt: nextExpected(next.config, due) };
    } else {
      misses.push({ reason: 'late', at: due, since: next.expectedAt! });
      next = { ...next, expectedAt: nextExpected(next.config, next.expectedAt!) };
    }
  }
}

/** Whether two settings expect pings at the same times (the grace aside). */
export function sameSchedule(a: HeartbeatConfig, b: HeartbeatConfig): boolean {
  if (a.schedule !== b.schedule) return false;
  return a.schedule === 'period' ? a.periodSeconds === b.periodSeconds : a.cron === b.cron && a.timezone === b.timezone;
}
