// When a monitor's alert status moves, given its thresholds (monitors/monitor-alerting.ts). Pure, so
// the rule is read and tested in one place.
//
// The status the thresholds count is the quorum status (check-results ALERT_STATUS: the locations
// that must fail, alert_quorum), one count per round: a round is the newest check time of the
// counted locations, so three locations reporting the same scheduled check count once, and a
// location reporting late for an older round counts nothing.
//
// - Failing (error or degraded) rounds in a row make a streak; the monitor is confirmed down (or
//   degraded) when the streak reaches failure_threshold AND has lasted failure_seconds since its
//   first round. A duration with no new round is judged by the alert clock (alert-clock.ts) within
//   CLOCK_MS.
// - Once in an incident, moving between error and degraded takes no threshold: the incident is open.
// - Healthy rounds in a row make a streak too; a monitor in an incident is up again when it reaches
//   recovery_threshold.
// - The defaults (1, 0, 1) confirm every change at once: alerting as it was before thresholds.
import type { AlertStatus } from './alert.entities';
import { inIncident } from './alert-rules';

export interface Thresholds {
  failureThreshold: number;
  failureSeconds: number;
  recoveryThreshold: number;
}

/** The counting state kept per monitor (monitor_alert_states). */
export interface Streak {
  /** The quorum status of the latest round; `unknown` before the first. */
  observed: AlertStatus;
  /** Rounds in a row on the same side (failing or healthy) as `observed`. */
  streak: number;
  /** When the first round of the streak was checked. */
  streakSince: Date | null;
  lastRound: Date | null;
}

export const NEUTRAL: Thresholds = { failureThreshold: 1, failureSeconds: 0, recoveryThreshold: 1 };

/** Whether the thresholds change nothing, so no counting needs to be kept. */
export const isNeutral = (t: Thresholds): boolean =>
  t.failureThreshold <= 1 && t.failureSeconds <= 0 && t.recoveryThreshold <= 1;

/** The streak after a judging of `raw` for `round` (the newest check time of the counted locations). */
export function nextStreak(current: Streak, raw: AlertStatus, round: Date): Streak {
  if (current.observed === 'unknown' || inIncident(current.observed) !== inIncident(raw))
    return { observed: raw, streak: 1, streakSince: round, lastRound: round };
  if (current.lastRound === null || round.getTime() > current.lastRound.getTime())
    return { observed: raw, streak: current.streak + 1, streakSince: current.streakSince ?? round, lastRound: round };
  // Another location's report of a round already counted.
  return { ...current, observed: raw };
}

/**
 * The alert status to move to (or `effective` to stay), and since when the checks showed it: the
 * streak's first round, which is where downtime counts from.
 */
export function decide(
  effective: AlertStatus,
  raw: AlertStatus,
  streak: Streak,
  thresholds: Thresholds,
  now: Date,
): AlertStatus {
  if (inIncident(raw)) {
    if (inIncident(effective)) return raw;
    const lasted = streak.streakSince ? now.getTime() - streak.streakSince.getTime() : 0;
    return streak.streak >= thresholds.failureThreshold && lasted >= thresholds.failureSeconds * 1000 ? raw : effective;
  }
  if (inIncident(effective)) return streak.streak >= thresholds.recoveryThreshold ? 'active' : effective;
  return raw;
}

/**
 * When a duration threshold still waiting will hold, if the streak keeps failing: the alert clock
 * looks again then. Null when nothing waits on time.
 */
export function durationDueAt(effective: AlertStatus, streak: Streak, thresholds: Thresholds): Date | null {
  if (thresholds.failureSeconds <= 0 || !inIncident(streak.observed) || inIncident(effective)) return null;
  if (streak.streak < thresholds.failureThreshold || !streak.streakSince) return null;
  return new Date(streak.streakSince.getTime() + thresholds.failureSeconds * 1000);
}
