import type { HeartbeatConfig } from '../checks/check-config';
import {
  CATCH_UP_MS,
  deadlineOf,
  MAX_MISSED_PER_SWEEP,
  missedBy,
  nextExpected,
  sameSchedule,
} from './heartbeat-schedule';

const period = (periodSeconds: number, graceSeconds: number): HeartbeatConfig => ({
  schedule: 'period',
  periodSeconds,
  cron: '',
  timezone: 'UTC',
  graceSeconds,
});
const cron = (expression: string, timezone: string, graceSeconds: number): HeartbeatConfig => ({
  schedule: 'cron',
  periodSeconds: 60,
  cron: expression,
  timezone,
  graceSeconds,
});
const at = (iso: string) => new Date(iso);

describe(nextExpected.name, () => {
  it('adds the period', () => {
    expect(nextExpected(period(300, 0), at('2026-01-01T00:00:00Z'))).toEqual(at('2026-01-01T00:05:00Z'));
  });

  it('takes the next cron time after the moment, in the time zone', () => {
    // 03:00 in Berlin is 02:00 UTC in winter and 01:00 UTC in summer (after 29 March 2026).
    expect(nextExpected(cron('0 3 * * *', 'Europe/Berlin', 0), at('2026-01-10T12:00:00Z'))).toEqual(
      at('2026-01-11T02:00:00Z'),
    );
    expect(nextExpected(cron('0 3 * * *', 'Europe/Berlin', 0), at('2026-06-10T12:00:00Z'))).toEqual(
      at('2026-06-11T01:00:00Z'),
    );
    expect(nextExpected(cron('*/15 * * * *', 'UTC', 0), at('2026-01-01T00:07:00Z'))).toEqual(
      at('2026-01-01T00:15:00Z'),
    );
  });

  it('expects nothing from an expression that never fires or cannot be read', () => {
    expect(nextExpected(cron('0 0 30 2 *', 'UTC', 0), at('2026-01-01T00:00:00Z'))).toBeNull();
    expect(nextExpected(cron('not a cron', 'UTC', 0), at('2026-01-01T00:00:00Z'))).toBeNull();
  });
});

describe(deadlineOf.name, () => {
  const base = { config: period(60, 30), active: true, expectedAt: at('2026-01-01T00:01:00Z'), startedAt: null };

  it('is the expected time plus the grace', () => {
    expect(deadlineOf(base)).toEqual(at('2026-01-01T00:01:30Z'));
  });

  it('is the start plus the grace while a run is started', () => {
    expect(deadlineOf({ ...base, startedAt: at('2026-01-01T00:03:00Z') })).toEqual(at('2026-01-01T00:03:30Z'));
  });

  it('is none while paused', () => {
    expect(deadlineOf({ ...base, active: false })).toBeNull();
  });
});

describe(missedBy.name, () => {
  const base = { config: period(60, 30), active: true, expectedAt: at('2026-01-01T00:01:00Z'), startedAt: null };

  it('misses nothing before the deadline, and the deadline itself is missed', () => {
    expect(missedBy(base, at('2026-01-01T00:01:29.999Z')).misses).toEqual([]);
    const { misses, next } = missedBy(base, at('2026-01-01T00:01:30Z'));
    expect(misses).toEqual([{ reason: 'late', at: at('2026-01-01T00:01:30Z'), since: at('2026-01-01T00:01:00Z') }]);
    expect(next.expectedAt).toEqual(at('2026-01-01T00:02:00Z'));
  });

  it('counts each missed expected ping once', () => {
    const { misses, next } = missedBy(base, at('2026-01-01T00:04:40Z'));
    expect(misses.map((m) => m.at.toISOString())).toEqual([
      '2026-01-01T00:01:30.000Z',
      '2026-01-01T00:02:30.000Z',
      '2026-01-01T00:03:30.000Z',
      '2026-01-01T00:04:30.000Z',
    ]);
    expect(deadlineOf(next)).toEqual(at('2026-01-01T00:05:30Z'));
  });

  it('fails a run not finished within the grace, then expects the next run', () => {
    const started = { ...base, startedAt: at('2026-01-01T00:00:50Z') };
    const { misses, next } = missedBy(started, at('2026-01-01T00:01:25Z'));
    expect(misses).toEqual([
      { reason: 'unfinished', at: at('2026-01-01T00:01:20Z'), since: at('2026-01-01T00:00:50Z') },
    ]);
    expect(next.startedAt).toBeNull();
    expect(next.expectedAt).toEqual(at('2026-01-01T00:02:20Z'));
  });

  it('records a deadline older than the catch-up window once, at the present, and starts again from it', () => {
    const now = new Date(at('2026-01-01T00:01:30Z').getTime() + CATCH_UP_MS + 1);
    const { misses, next } = missedBy(base, now);
    expect(misses).toEqual([{ reason: 'late', at: now, since: at('2026-01-01T00:01:00Z') }]);
    expect(deadlineOf(next)!.getTime()).toBeGreaterThan(now.getTime());
  });

  it('counts a bounded number of misses, then starts again from the present', () => {
    const now = at('2026-01-01T12:00:00Z');
    const { misses, next } = missedBy(base, now);
    expect(misses).toHaveLength(MAX_MISSED_PER_SWEEP);
    expect(deadlineOf(next)!.getTime()).toBeGreaterThan(now.getTime());
    expect(missedBy(next, now).misses).toEqual([]);
  });

  it('judges nothing while paused', () => {
    expect(missedBy({ ...base, active: false }, at('2026-02-01T00:00:00Z')).misses).toEqual([]);
  });
});

describe(sameSchedule.name, () => {
  it('ignores the grace and the fields of the other schedule', () => {
    expect(sameSchedule(period(60, 0), { ...period(60, 999), cron: '* * * * *' })).toBe(true);
    expect(sameSchedule(period(60, 0), period(120, 0))).toBe(false);
    expect(sameSchedule(cron('0 * * * *', 'UTC', 0), cron('0 * * * *', 'Europe/Paris', 0))).toBe(false);
    expect(sameSchedule(cron('0 * * * *', 'UTC', 0), period(60, 0))).toBe(false);
  });
});
