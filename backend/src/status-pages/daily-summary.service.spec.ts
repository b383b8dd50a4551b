import { componentDays, dayStatus } from './daily-summary.service';

describe(dayStatus.name, () => {
  const base = { total: 10, successful: 10, degraded: 0, failed: 0, events: [] };
  const incident = { kind: 'incident' as const, id: '1', title: 'x', from: new Date(), to: null };
  const maintenance = { kind: 'maintenance' as const, id: '2', title: 'y', from: new Date(), to: new Date() };

  it.each([
    [base, true, 'operational'],
    [{ ...base, failed: 1 }, true, 'outage'],
    [{ ...base, degraded: 2 }, true, 'degraded'],
    [{ ...base, events: [incident] }, true, 'degraded'],
    [{ ...base, events: [maintenance] }, true, 'maintenance'],
    [{ ...base, failed: 1, events: [maintenance] }, true, 'outage'],
    [{ ...base, total: 0, successful: 0 }, true, 'no_data'],
    [{ ...base, total: 0, successful: 0 }, false, 'operational'],
  ])('%j (monitor %s) -> %s', (bucket, hasMonitor, status) => {
    expect(dayStatus(bucket, hasMonitor)).toBe(status);
  });
});

describe(componentDays.name, () => {
  const start = new Date('2026-11-20T00:00:00Z');
  const createdAt = new Date('2026-11-22T15:30:00Z');
  const statuses = (component: { id: string; monitorId: string | null; createdAt?: Date }) =>
    componentDays(component, start, 5, [], [], []).map((d) => `${d.day} ${d.status}`);

  it('gives a static component no data before the day it was created, and fine days from then on', () => {
    expect(statuses({ id: '1', monitorId: null, createdAt })).toEqual([
      '2026-11-20 no_data',
      '2026-11-21 no_data',
      '2026-11-22 operational',
      '2026-11-23 operational',
      '2026-11-24 operational',
    ]);
  });

  it('keeps an incident on a day before the component existed (it was added to the incident later)', () => {
    const incident = { componentId: '1', id: '9', title: 'x', from: start, to: null };
    const days = componentDays({ id: '1', monitorId: null, createdAt }, start, 5, [], [incident], []);
    expect(days[0]).toMatchObject({ status: 'degraded' });
  });

  it('leaves a monitor component to its monitor’s checks, whenever the component was added', () => {
    expect(statuses({ id: '1', monitorId: '5', createdAt })).toEqual(
      ['20', '21', '22', '23', '24'].map((d) => `2026-11-${d} no_data`),
    );
    const checks = [{ monitorId: '5', day: '2026-11-20', total: 3, successful: 3, degraded: 0, failed: 0 }];
    expect(componentDays({ id: '1', monitorId: '5', createdAt }, start, 5, checks, [], [])[0].status).toBe(
      'operational',
    );
  });
});
