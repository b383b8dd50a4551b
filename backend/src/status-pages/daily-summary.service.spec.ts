import { dayStatus } from './daily-summary.service';

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
