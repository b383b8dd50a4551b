// The rules of retention, on a real database: daily partitions of check results for the 14 days kept
// and a week ahead, older ones dropped whole; hourly aggregates kept 46 days and daily ones 400, so
// summaries, status-page bars and SLA reports outlive the raw results; alert history kept 400 days.
import { AlertsModule } from '../../backend/src/alerts/alerts.module';
import { AlertsRepository } from '../../backend/src/alerts/alerts.repository';
import { CheckResultPartitions } from '../../backend/src/check-results/check-result-partitions';
import { CheckResultsRepository } from '../../backend/src/check-results/check-results.repository';
import {
  AGGREGATE_RETENTION_DAYS,
  ALERT_HISTORY_DAYS,
  DAILY_AGGREGATE_RETENTION_DAYS,
  RetentionService,
} from '../../backend/src/check-results/retention.service';
import { CheckerModule } from '../../backend/src/checker/checker.module';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { storeResult } from '../support/results';

const DAY_MS = 86_400_000;
const RESULT_DAYS = 14;

describe(RetentionService.name, () => {
  let t: TestApp;
  let sut: RetentionService;
  let results: CheckResultsRepository;

  beforeAll(async () => {
    t = await createTestApp({}, [CheckerModule, AlertsModule]);
    sut = t.app.get(RetentionService);
    results = t.app.get(CheckResultsRepository);
  });

  afterAll(() => t.close());

  const partition = (time: number) =>
    `check_results_p${new Date(Math.floor(time / DAY_MS) * DAY_MS).toISOString().slice(0, 10).replace(/-/g, '')}`;
  const later = (days: number) => new Date(Date.now() + days * DAY_MS);

  /** A monitor with one failed check stored now (partitions made first), through the ingestion path. */
  async function checkedMonitor(): Promise<string> {
    await sut.maintain(new Date());
    const ctx = await newWorkspace(t);
    const monitor = await t.app
      .get(MonitorsService)
      .create(ctx, 'http', { name: 'API', url: 'https://api.example/health', periodicity: '1m', regions: ['fly-ams'] });
    await storeResult(t.app, { monitorId: monitor.id, minutesAgo: 0, status: 'error' });
    return monitor.id;
  }

  const hourly = async (id: string) => (await results.countsSince([id], new Date(0))).get(id) ?? null;
  const daily = async (id: string) => results.dailyCounts([id], new Date(0), later(365));

  it('keeps a partition for each of the 14 days of results and a week ahead, made once', async () => {
    const now = new Date();
    await sut.maintain(now);
    expect(await sut.maintain(now)).toEqual({ created: [], dropped: [] });
    const names = await new CheckResultPartitions(t.db).list();
    for (let day = -RESULT_DAYS; day <= 7; day++) expect(names).toContain(partition(now.getTime() + day * DAY_MS));
    expect(names).not.toContain(partition(now.getTime() - (RESULT_DAYS + 1) * DAY_MS));
  });

  it('drops the results of a day whole once it is past the 14 days, keeping the aggregates', async () => {
    const id = await checkedMonitor();
    expect((await sut.maintain(later(RESULT_DAYS))).dropped).not.toContain(partition(Date.now()));
    const { dropped } = await sut.maintain(later(RESULT_DAYS + 1));
    expect(dropped).toContain(partition(Date.now()));
    expect(await hourly(id)).toEqual({ successful: 0, degraded: 0, failed: 1 });
    expect(await daily(id)).toEqual([expect.objectContaining({ failed: 1 })]);
  });

  it('keeps hourly aggregates 46 days and daily ones 400 days', async () => {
    const id = await checkedMonitor();
    await sut.maintain(later(AGGREGATE_RETENTION_DAYS - 1));
    expect(await hourly(id)).not.toBeNull();
    await sut.maintain(later(AGGREGATE_RETENTION_DAYS + 1));
    expect(await hourly(id)).toBeNull();
    expect(await daily(id)).toHaveLength(1);
    await sut.maintain(later(DAILY_AGGREGATE_RETENTION_DAYS - 1));
    expect(await daily(id)).toHaveLength(1);
    await sut.maintain(later(DAILY_AGGREGATE_RETENTION_DAYS + 1));
    expect(await daily(id)).toEqual([]);
  });

  it('keeps the alert history 400 days', async () => {
    const id = await checkedMonitor();
    const alerts = t.app.get(AlertsRepository);
    expect(await alerts.transitionsOf(id, 10)).toHaveLength(1);
    await sut.maintain(later(ALERT_HISTORY_DAYS - 1));
    expect(await alerts.transitionsOf(id, 10)).toHaveLength(1);
    await sut.maintain(later(ALERT_HISTORY_DAYS + 1));
    expect(await alerts.transitionsOf(id, 10)).toEqual([]);
  });
});
