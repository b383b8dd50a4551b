// Times in a Gatus configuration: Go durations (`90s`, `1h30m`, `500ms`), check intervals rounded to
// the periodicities offered here, and the occurrences of Gatus's daily or weekly maintenance windows.
import { Cron } from 'croner';

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * A Go duration (time.ParseDuration: a sequence of decimal numbers with units, an optional sign) in
 * milliseconds, or null when the text is not one. YAML may hand over a bare number: Go reads a bare
 * integer field of type Duration as nanoseconds, which no configuration means, so it is refused too.
 */
export function parseGoDuration(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '0') return 0;
  const match = /^([+-]?)((?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+)$/.exec(text);
  if (!match) return null;
  let total = 0;
  for (const part of match[2].matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    total += Number(part[1]) * UNIT_MS[part[2]];
  }
  return match[1] === '-' ? -total : total;
}

/** A duration for people: `90s` → `1m30s`, whole units only. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  let seconds = Math.round(ms / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (seconds >= size) {
      parts.push(`${Math.floor(seconds / size)}${unit}`);
      seconds %= size;
    }
  }
  return parts.join('');
}

export { nearestPeriodicity } from './source-periodicity';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A Gatus maintenance window: from `start` (hh:mm in `timezone`) for `durationMs`, on `every` day (all when empty). */
export interface MaintenanceRule {
  start: string;
  durationMs: number;
  timezone: string;
  every: string[];
}

/** Why Gatus would refuse the rule (its own checks), or null. */
export function maintenanceProblem(rule: MaintenanceRule): string | null {
  const hhmm = /^(\d{2}):(\d{2})$/.exec(rule.start);
  if (!hhmm || Number(hhmm[1]) > 23 || Number(hhmm[2]) > 59) return 'start must be hh:mm between 00:00 and 23:59';
  if (!(rule.durationMs > 0) || rule.durationMs > 86_400_000) return 'duration must be more than 0 and at most 24h';
  const unknownDay = rule.every.find((d) => !(WEEKDAYS as readonly string[]).includes(d));
  if (unknownDay !== undefined) return `every: ${unknownDay} is not one of ${WEEKDAYS.join(', ')}`;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: rule.timezone });
  } catch {
    return `timezone ${rule.timezone} is not an IANA time zone`;
  }
  return null;
}

/**
 * The windows of a rule that overlap [now, now + days): each start in the rule's time zone (through
 * croner, which handles the zone's offsets and their changes), including one already under way.
 */
export function maintenanceOccurrences(rule: MaintenanceRule, now: Date, days: number): { from: Date; to: Date }[] {
  const [hour, minute] = rule.start.split(':').map(Number);
  const weekdays = rule.every.length
    ? rule.every.map((d) => (WEEKDAYS as readonly string[]).indexOf(d)).join(',')
    : '*';
  const cron = new Cron(`${minute} ${hour} * * ${weekdays}`, { timezone: rule.timezone, paused: true });
  const end = now.getTime() + days * 86_400_000;
  const windows: { from: Date; to: Date }[] = [];
  let cursor: Date | null = new Date(now.getTime() - rule.durationMs);
  while (cursor) {
    const next: Date | null = cron.nextRun(cursor);
    if (!next || next.getTime() >= end) break;
    const to = new Date(next.getTime() + rule.durationMs);
    if (to.getTime() > now.getTime()) windows.push({ from: next, to });
    cursor = next;
  }
  return windows;
}
