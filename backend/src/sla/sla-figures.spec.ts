import { figures, incidents, measure, mttrMinutes, timeline, type SlaTransition } from './sla-figures';

const M = 60_000;
const DAY = 86_400_000;
const t0 = Date.parse('2026-03-01T00:00:00.000Z');
const at = (minutes: number) => t0 + minutes * M;
const tr = (from: SlaTransition['from'], to: SlaTransition['to'], minute: number, key = 'k1'): SlaTransition => ({
  from,
  to,
  since: at(minute),
  incidentKey: key,
});

describe('sla figures', () => {
  // Range: minutes 0 to 1000. Known from minute 100 (unknown before). Down 200-300, degraded 300-350,
  // active after. Maintenance 250-400 covers the last 50 minutes of downtime and all the degraded time.
  const history = [
    tr('unknown', 'active', 100, ''),
    tr('active', 'error', 200),
    tr('error', 'degraded', 300),
    tr('degraded', 'active', 350),
  ];
  const range = { start: at(0), end: at(1000) };
  const maintenance = [{ start: at(250), end: at(400) }];

  it('leaves unknown and maintenance time out of measured time and downtime', () => {
    const m = measure(timeline(history, range.end), range, maintenance, []);
    // measured: 100..1000 (900) minus maintenance 250..400 (150) = 750; down: 200..250 = 50
    const f = figures([m], 99.9);
    expect(f.measuredMinutes).toBe(750);
    expect(f.downtimeMinutes).toBe(50);
    expect(f.degradedMinutes).toBe(0);
    expect(f.uptimePercent).toBe(93.3333);
    expect(f.source).toBe('history');
    // allowed 0.1 % of 750 = 0.75; left 0.75 - 50 = -49.25 = -6566.67 % of allowed
    expect(f.errorBudget).toEqual({ allowedMinutes: 0.75, leftMinutes: -49.25, leftPercent: -6566.67 });
  });

  it('counts degraded time apart and not as downtime', () => {
    const m = measure(timeline(history, range.end), range, [], []);
    const f = figures([m], 99);
    expect(f).toMatchObject({ measuredMinutes: 900, downtimeMinutes: 100, degradedMinutes: 50 });
    expect(f.errorBudget).toEqual({ allowedMinutes: 9, leftMinutes: -91, leftPercent: -1011.11 });
  });

  it('groups an incident by its key from leaving active to active again, and MTTR over resolved ones', () => {
    const list = incidents([...history, tr('active', 'degraded', 900, 'k2')]);
    expect(list).toEqual([
      { incidentKey: 'k1', worst: 'error', start: at(200), end: at(350) },
      { incidentKey: 'k2', worst: 'degraded', start: at(900), end: null },
    ]);
    expect(mttrMinutes(list)).toBe(150);
    expect(mttrMinutes([list[1]])).toBeNull();
  });

  it('estimates forgotten days from the daily counts and says the source is mixed', () => {
    // The first kept transition does not start from unknown: the time before it was forgotten.
    const kept = [tr('active', 'error', DAY / M + 60), tr('error', 'active', DAY / M + 120)];
    const twoDays = { start: t0, end: t0 + 2 * DAY };
    const m = measure(
      timeline(kept, twoDays.end),
      twoDays,
      [],
      [
        { day: '2026-03-01', total: 1440, degraded: 0, failed: 144 },
        // Day 2's counts are not used: its time is in the kept history from 01:00.
        { day: '2026-03-02', total: 1440, degraded: 0, failed: 1440 },
      ],
    );
    const f = figures([m], 99.9);
    // Day 1 estimated: 1440 min x 144/1440 = 144 down. Day 2: 00:00-01:00 estimated (60 min x 100 %
    // failed = 60 down), then 01:00-02:00 down (60), then active 22 h. Measured 2880, down 264.
    expect(f.source).toBe('mixed');
    expect(f.measuredMinutes).toBe(2880);
    expect(f.downtimeMinutes).toBe(264);
    const none = figures([measure(timeline([], twoDays.end), twoDays, [], [])], 99.9);
    expect(none).toMatchObject({ measuredMinutes: 0, uptimePercent: null, source: 'history' });
    expect(none.errorBudget.leftPercent).toBeNull();
  });

  it('unions the downtime of several monitors for a page: an overlap counts once', () => {
    const a = measure(
      timeline([tr('unknown', 'active', 0), tr('active', 'error', 100), tr('error', 'active', 200)], range.end),
      range,
      [],
      [],
    );
    const b = measure(
      timeline([tr('unknown', 'active', 0), tr('active', 'error', 150), tr('error', 'active', 300)], range.end),
      range,
      [],
      [],
    );
    const f = figures([a, b], 99.9);
    // down 100..300 = 200 of 1000
    expect(f).toMatchObject({ measuredMinutes: 1000, downtimeMinutes: 200, uptimePercent: 80 });
  });
});
