// How often a monitor may be triggered (TriggerMonitor, trigger_monitor). Each trigger makes every
// region and private location of the monitor hit the target once, so without a limit one key could
// aim thousands of checks a minute at a third party. Two rules, applied by
// SchedulesRepository.requestTrigger under a per-monitor lock:
// - a cooldown per monitor: a trigger within TRIGGER_COOLDOWN_MS of the monitor's previous one is
//   refused with LIMIT_EXCEEDED, saying when to retry;
// - at most one pending trigger per monitor and location: a location whose triggered check has not
//   run yet gets no second one.
// With 28 regions that is at most 28 × 6 = 168 triggered checks a minute per monitor.

/** Minimum time between two triggers of the same monitor. */
export const TRIGGER_COOLDOWN_MS = 10_000;

/** Advisory lock namespace for triggers (the second key is a hash of the monitor id). */
export const TRIGGER_LOCK = 7_270_004;

/** How long until the monitor may be triggered again; 0 when it may be now. */
export function triggerCooldownLeftMs(lastRequestedAt: Date | null, now: Date): number {
  if (!lastRequestedAt) return 0;
  return Math.max(0, lastRequestedAt.getTime() + TRIGGER_COOLDOWN_MS - now.getTime());
}

export function triggerCooldownMessage(monitorId: string, waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return `monitor ${JSON.stringify(monitorId)} was triggered less than ${TRIGGER_COOLDOWN_MS / 1000} s ago; retry in ${seconds} s`;
}
