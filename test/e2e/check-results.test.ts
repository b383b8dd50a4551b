// The rules of check results that run in SQL, tested where they run: the monitors' aggregate status
// and the latency sketch's add and merge (check-results.repository.ts), through the ingest path an
// agent's report takes, on a real database.
import { CheckResultsRepository } from '../../backend/src/check-results/check-results.repository';
import { bucketOf, quantile, type Sketch } from '../../backend/src/check-results/latency-sketch';
import { ResultIngestService } from '../../backend/src/check-results/result-ingest';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { emptyResult } from '../../backend/src/checker/probe';
import { privateLocation } from '../../backend/src/schedules/slots';
import type { CheckStatus, Region } from '../../backend/src/checks/check-config';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';

const HOUR_MS = 3_600_000;

describe(CheckResultsRepository.name, () => {
  let t: TestApp;
  let sut: ResultIngestService;
  let monitors: MonitorsService;
  /** A whole hour ago, so every result of a test falls in one hourly and one daily bucket. */
  let base: number;
  let slot = 0;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(ResultIngestService);
    monitors = t.app.get(MonitorsService);
    await t.app.get(RetentionService).maintain(new Date());
    const now = Date.now();
    base = Math.max(Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS, Math.floor(now / 86_400_000) * 86_400_000);
  });

  afterAll(() => t.close());

  async function monitor(regions: Region[]) {
    const ctx = await newWorkspace(t);
    const created = await monitors.create(ctx, 'http', {
      name: 'm',
      url: 'http://127.0.0.1:9/',
      periodicity: '1m',
      regions,
    });
    return { ctx, id: created.id };
  }

  /** Reports one result per entry, as agents serving those locations would; all stored. */
  async function report(
    monitorId: string,
    results: Array<{ location: string; status: CheckStatus; latency?: number }>,
    privateLocationId: string | null = null,
  ) {
    const batch = results.map(({ location, status, latency }) => {
      slot += 1;
      const at = new Date(base + slot * 1000);
      return {
        run: { monitorId, location, trigger: 'cron' as const, triggerId: null, cronTimestamp: at, periodMs: 60_000 },
        outcome: { ...emptyResult(), status, latencyMs: latency ?? 10, statusCode: 200, attempts: 1 },
        startedAt: at,
      };
    });
    const locations = [...new Set(results.map((r) => r.location))];
    const counts = await sut.ingest({ agentId: 'test', locations, privateLocationId }, batch, new Date());
    expect(counts).toMatchObject({ stored: results.length, rejected: 0 });
  }

  const statusOf = async (m: Awaited<ReturnType<typeof monitor>>) => (await monitors.get(m.ctx, m.id)).status;

  describe('aggregate status', () => {
    it.each([
      [['active', 'active', 'active'], 'active'],
      [['active', 'active', 'degraded'], 'degraded'],
      [['active', 'active', 'error'], 'degraded'],
      [['error', 'error', 'active'], 'error'],
      [['error', 'error', 'error'], 'error'],
    ] as const)('%j across three regions -> %s', async (statuses, expected) => {
      const m = await monitor(['fly-ams', 'fly-iad', 'fly-syd']);
      expect(await statusOf(m)).toBe('unknown');
      const locations = ['fly-ams', 'fly-iad', 'fly-syd'];
      await report(
        m.id,
        statuses.map((s, i) => ({ location: locations[i], status: s === 'active' ? 'success' : s })),
      );
      expect(await statusOf(m)).toBe(expected);
    });

    it('takes a half in error as degraded, and each location at its latest result', async () => {
      const m = await monitor(['fly-ams', 'fly-iad']);
      await report(m.id, [
        { location: 'fly-ams', status: 'error' },
        { location: 'fly-iad', status: 'success' },
      ]);
      expect(await statusOf(m)).toBe('degraded');
      await report(m.id, [{ location: 'fly-iad', status: 'error' }]);
      expect(await statusOf(m)).toBe('error');
      await report(m.id, [{ location: 'fly-ams', status: 'success' }]);
      await report(m.id, [{ location: 'fly-iad', status: 'success' }]);
      expect(await statusOf(m)).toBe('active');
    });

    it('counts the private locations that run the monitor, and no region removed from it', async () => {
      const m = await monitor(['fly-ams', 'fly-iad']);
      const location = await t.app.get(PrivateLocationsService).create(m.ctx, { name: 'rack', monitorIds: [m.id] });
      await report(m.id, [
        { location: 'fly-ams', status: 'error' },
        { location: 'fly-iad', status: 'error' },
      ]);
      await report(m.id, [{ location: privateLocation(location.id), status: 'success' }], location.id);
      // Two errors of three locations.
      expect(await statusOf(m)).toBe('error');
      await monitors.update(m.ctx, 'http', m.id, { regions: ['fly-ams'] });
      await report(m.id, [{ location: privateLocation(location.id), status: 'success' }], location.id);
      // fly-iad no longer counts: one error of two.
      expect(await statusOf(m)).toBe('degraded');
    });
  });

  describe('latency sketch', () => {
    const sketchRow = async (monitorId: string, region: string, span: 'h' | 'd'): Promise<Sketch> => {
      const [row] = await t.db.rows<{ sketch: Sketch }>(
        'SELECT sketch FROM check_aggregates WHERE monitor_id = $1 AND region = $2 AND span = $3',
        [monitorId, region, span],
      );
      return row.sketch;
    };
    /** What the sketch must hold: one count per value in its bucket. */
    const expected = (values: number[]): Sketch => {
      const sketch: Sketch = {};
      for (const v of values) sketch[bucketOf(v)] = (sketch[bucketOf(v)] ?? 0) + 1;
      return sketch;
    };

    it('adds the latencies of a batch, merges later batches, and leaves failed checks out', async () => {
      const m = await monitor(['fly-ams', 'fly-iad']);
      const first = [12, 12, 40, 250, 251, 1200];
      const second = [12, 250, 5000, 99];
      await report(
        m.id,
        first.map((latency) => ({ location: 'fly-ams', status: 'success', latency })),
      );
      await report(m.id, [
        ...second.map((latency) => ({ location: 'fly-ams', status: 'degraded' as const, latency })),
        { location: 'fly-ams', status: 'error', latency: 30_000 },
      ]);
      for (const span of ['h', 'd'] as const) {
        expect(await sketchRow(m.id, 'fly-ams', span)).toEqual(expected([...first, ...second]));
      }
    });

    it('merges the sketches of every region into the summary', async () => {
      const values = Array.from({ length: 200 }, (_, i) => 5 + ((i * 37) % 900));
      const split = await monitor(['fly-ams', 'fly-iad']);
      await report(
        split.id,
        values.map((latency, i) => ({ location: i % 2 ? 'fly-ams' : 'fly-iad', status: 'success', latency })),
      );
      const summary = await t.app.get(CheckResultsRepository).summary(split.id, new Date(base), []);
      const all = expected(values);
      expect(summary).toMatchObject({
        totalSuccessful: 200,
        p50: quantile(all, 0.5),
        p90: quantile(all, 0.9),
        p99: quantile(all, 0.99),
      });
      // Read again: the past days come from the cache and are merged with today the same way.
      await expect(t.app.get(CheckResultsRepository).summary(split.id, new Date(base), [])).resolves.toEqual(summary);
    });
  });

  it("drops a deleted monitor's location statuses and its links to other resources", async () => {
    const m = await monitor(['fly-ams']);
    const location = await t.app.get(PrivateLocationsService).create(m.ctx, { name: 'rack', monitorIds: [m.id] });
    const channel = await t.app.get(NotificationsService).create(m.ctx, {
      name: 'Slack',
      providerType: 'slack',
      provider: { kind: 'slack', args: { webhookUrl: 'https://hooks.example.com/services/T0/B0/x' } },
      monitorIds: [m.id],
    });
    await report(m.id, [{ location: 'fly-ams', status: 'success' }]);
    await monitors.delete(m.ctx, m.id);
    const count = async (table: string) =>
      Number((await t.db.rows<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE monitor_id = $1`, [m.id]))[0].n);
    expect(await count('monitor_region_statuses')).toBe(0);
    expect(await count('private_location_monitors')).toBe(0);
    expect(await count('notification_channel_monitors')).toBe(0);
    expect((await t.app.get(PrivateLocationsService).get(m.ctx, location.id)).monitorIds).toEqual([]);
    expect((await t.app.get(NotificationsService).get(m.ctx, channel.id)).monitorIds).toEqual([]);
  });
});
