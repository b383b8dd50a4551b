import { shownPeriod } from './uptime-period';

describe(shownPeriod.name, () => {
  const now = new Date('2026-05-17T08:30:00Z');

  it('is null while off', () => {
    expect(shownPeriod('off', now)).toBeNull();
  });

  it('takes the last 30 or 90 days up to now', () => {
    expect(shownPeriod('30d', now)).toEqual({ kind: '30d', from: new Date('2026-04-17T08:30:00Z'), to: now });
    expect(shownPeriod('90d', now)).toEqual({ kind: '90d', from: new Date('2026-02-16T08:30:00Z'), to: now });
  });

  it('takes the calendar month and quarter in UTC, across a year end', () => {
    expect(shownPeriod('month', now)).toEqual({
      kind: 'month',
      from: new Date('2026-05-01T00:00:00Z'),
      to: new Date('2026-06-01T00:00:00Z'),
    });
    expect(shownPeriod('quarter', now)).toEqual({
      kind: 'quarter',
      from: new Date('2026-04-01T00:00:00Z'),
      to: new Date('2026-07-01T00:00:00Z'),
    });
    const december = new Date('2026-12-31T23:59:59Z');
    expect(shownPeriod('month', december)?.to).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(shownPeriod('quarter', december)).toMatchObject({
      from: new Date('2026-10-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    });
  });
});
