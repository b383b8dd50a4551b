// The rules of a monitor's page beyond its settings, on a real database: NOT_FOUND for another
// workspace's monitor; each configured location with its latest status and error; latency per
// location and hour over the range asked; timing phases for HTTP monitors only; fourteen days of
// uptime; the history of its status, newest first, each period lasting until the next.
import { AlertsModule } from '../../backend/src/alerts/alerts.module';
import { CheckerModule } from '../../backend/src/checker/checker.module';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { NotFoundError } from '../../backend/src/common/errors';
import { INSIGHT_DAYS, MonitorInsightsService } from '../../backend/src/monitors/monitor-insights.service';
import { MonitorsService, type MonitorInput } from '../../backend/src/monitors/monitors.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { insideToday, storeResult } from '../support/results';

const HOUR_MS = 3_600_000;

describe(MonitorInsightsService.name, () => {
  let t: TestApp;
  let sut: MonitorInsightsService;
  let monitors: MonitorsService;

  beforeAll(async () => {
    t = await createTestApp({}, [CheckerModule, AlertsModule]);
    sut = t.app.get(MonitorInsightsService);
    monitors = t.app.get(MonitorsService);
    await t.app.get(RetentionService).maintain(new Date());
  });

  afterAll(() => t.close());

  const api = async (regions: MonitorInput['regions'] = ['fly-ams', 'fly-iad']) => {
    const ctx = await newWorkspace(t);
    const monitor = await monitors.create(ctx, 'http', {
      name: 'API',
      url: 'https://api.example/health',
      periodicity: '1m',
      regions,
      active: true,
    });
    return { ctx, monitor };
  };

  it('answers NOT_FOUND for a monitor of another workspace', async () => {
    const { monitor } = await api();
    const other = await newWorkspace(t);
    await expect(sut.detail(other, monitor.id)).rejects.toThrow(NotFoundError);
  });

  it('takes a range of 1, 7 or 14 days', async () => {
    const { ctx, monitor } = await api();
    await expect(sut.detail(ctx, monitor.id, '30d')).rejects.toThrow('range: must be one of 1d, 7d, 14d');
    expect((await sut.detail(ctx, monitor.id, '14d')).range).toBe('14d');
  });

  it("shows each configured location's latest status and error, in the monitor's order", async () => {
    const { ctx, monitor } = await api();
    const now = insideToday();
    const error = { kind: 'connect' as const, message: 'connection refused' };
    await storeResult(t.app, { monitorId: monitor.id, minutesAgo: 2, status: 'success', region: 'fly-iad', from: now });
    await storeResult(t.app, { monitorId: monitor.id, minutesAgo: 1, status: 'error', extra: { error }, from: now });
    const detail = await sut.detail(ctx, monitor.id, '1d', new Date(now));
    expect(detail.locations.map((l) => [l.location, l.status])).toEqual([
      ['fly-ams', 'error'],
      ['fly-iad', 'active'],
    ]);
    expect(detail.lastCheckAt).toEqual(new Date(now - 60_000));
    expect(detail.lastErrors).toEqual([
      { location: 'fly-ams', status: 'error', kind: 'connect', message: 'connection refused' },
    ]);
  });

  it('gives latency per location and hour within the range, and HTTP timing phases', async () => {
    const { ctx, monitor } = await api();
    const now = insideToday();
    const timings = { dns: 2, connect: 4, tls: 6, ttfb: 8, transfer: 10 };
    await storeResult(t.app, {
      monitorId: monitor.id,
      minutesAgo: 1,
      status: 'success',
      latency: 30,
      extra: { timings },
      from: now,
    });
    await storeResult(t.app, { monitorId: monitor.id, minutesAgo: 26 * 60, status: 'success', from: now });
    const day = await sut.detail(ctx, monitor.id, '1d', new Date(now));
    expect(day.latency.map((l) => l.location)).toEqual(['fly-ams']);
    expect(day.latency[0].hours).toHaveLength(1);
    expect(day.latency[0].hours[0].at.getTime()).toBe(Math.floor((now - 60_000) / HOUR_MS) * HOUR_MS);
    expect(day.phases).toMatchObject({ checks: 1, dns: 2, ttfb: 8 });
    expect((await sut.detail(ctx, monitor.id, '7d', new Date(now))).latency[0].hours).toHaveLength(2);
    expect(day.days).toHaveLength(INSIGHT_DAYS);
    expect(day.days.at(-1)).toMatchObject({ count: 1, ok: 1 });
  });

  it('leaves timing phases to HTTP monitors', async () => {
    const ctx = await newWorkspace(t);
    const db = await monitors.create(ctx, 'tcp', { name: 'DB', uri: 'db.internal:5432', periodicity: '1m' });
    expect((await sut.detail(ctx, db.id)).phases).toBeNull();
  });

  it('lists the status history newest first, each period lasting until the next, with the errors that moved it', async () => {
    const { ctx, monitor } = await api(['fly-ams']);
    const error = { kind: 'timeout' as const, message: 'no answer in 10 s' };
    await storeResult(t.app, { monitorId: monitor.id, minutesAgo: 2, status: 'error', extra: { error } });
    await storeResult(t.app, { monitorId: monitor.id, minutesAgo: 1, status: 'success' });
    const now = new Date(Date.now() + 60_000);
    const { history } = await sut.detail(ctx, monitor.id, '1d', now);
    expect(history.map((h) => [h.from, h.to, h.ongoing])).toEqual([
      ['error', 'active', true],
      [expect.any(String), 'error', false],
    ]);
    const [recovered, failed] = history;
    expect(recovered.durationMs).toBe(now.getTime() - recovered.at.getTime());
    expect(failed.durationMs).toBe(recovered.at.getTime() - failed.at.getTime());
    expect(recovered.reasons).toEqual([]);
    expect(failed.reasons).toEqual([
      { location: 'fly-ams', status: 'error', kind: 'timeout', message: 'no answer in 10 s' },
    ]);
  });
});
