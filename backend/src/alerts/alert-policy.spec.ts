import { decide, isNeutral, nextStreak, NEUTRAL, type Streak, type Thresholds } from './alert-policy';

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const start: Streak = { observed: 'unknown', streak: 0, streakSince: null, lastRound: null };

/** Feeds rounds (status at second n) and answers the effective status after each. */
function run(
  thresholds: Thresholds,
  rounds: Array<[number, 'active' | 'degraded' | 'error']>,
  now?: (s: number) => Date,
) {
  let streak = start;
  let effective: 'unknown' | 'active' | 'degraded' | 'error' = 'unknown';
  const seen: string[] = [];
  for (const [second, raw] of rounds) {
    streak = nextStreak(streak, raw, t(second));
    effective = decide(effective, raw, streak, thresholds, (now ?? t)(second));
    seen.push(effective);
  }
  return seen;
}

describe('alert thresholds', () => {
  it('the defaults confirm every change at once', () => {
    expect(isNeutral(NEUTRAL)).toBe(true);
    expect(
      run(NEUTRAL, [
        [0, 'active'],
        [60, 'error'],
        [120, 'degraded'],
        [180, 'active'],
      ]),
    ).toEqual(['active', 'error', 'degraded', 'active']);
  });

  it('down only after N failing rounds in a row; a healthy round starts over', () => {
    const three = { ...NEUTRAL, failureThreshold: 3 };
    expect(
      run(three, [
        [0, 'active'],
        [60, 'error'],
        [120, 'error'],
        [180, 'active'],
        [240, 'error'],
        [300, 'degraded'],
        [360, 'error'],
      ]),
    ).toEqual(['active', 'active', 'active', 'active', 'active', 'active', 'error']);
  });

  it('counts a round once, whichever locations report it', () => {
    const two = { ...NEUTRAL, failureThreshold: 2 };
    // Three locations report the round of second 60, then one reports the round of 120.
    expect(
      run(two, [
        [0, 'active'],
        [60, 'error'],
        [60, 'error'],
        [60, 'error'],
        [120, 'error'],
      ]),
    ).toEqual(['active', 'active', 'active', 'active', 'error']);
  });

  it('down only after failing for the duration, counted from the first failing round', () => {
    const ninety = { ...NEUTRAL, failureSeconds: 90 };
    expect(
      run(ninety, [
        [0, 'active'],
        [60, 'error'],
        [120, 'error'],
        [180, 'error'],
      ]),
    ).toEqual(['active', 'active', 'active', 'error']);
  });

  it('both thresholds must hold', () => {
    const both = { ...NEUTRAL, failureThreshold: 3, failureSeconds: 30 };
    // Three rounds 10 s apart: 20 s of failing is not 30.
    expect(
      run(both, [
        [0, 'active'],
        [10, 'error'],
        [20, 'error'],
        [30, 'error'],
        [40, 'error'],
      ]),
    ).toEqual(['active', 'active', 'active', 'active', 'error']);
  });

  it('up again only after M healthy rounds in a row', () => {
    const two = { ...NEUTRAL, recoveryThreshold: 2 };
    expect(
      run(two, [
        [0, 'error'],
        [60, 'active'],
        [120, 'error'],
        [180, 'active'],
        [240, 'active'],
      ]),
    ).toEqual(['error', 'error', 'error', 'error', 'active']);
  });

  it('moves between error and degraded at once inside an incident', () => {
    const three = { ...NEUTRAL, failureThreshold: 3 };
    expect(
      run(three, [
        [0, 'error'],
        [60, 'error'],
        [120, 'error'],
        [180, 'degraded'],
        [240, 'error'],
      ]),
    ).toEqual(['unknown', 'unknown', 'error', 'degraded', 'error']);
  });
});
