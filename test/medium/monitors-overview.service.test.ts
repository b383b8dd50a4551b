// The rules of the monitors overview, on a real database: a workspace sees its own monitors; each
// monitor is counted once (a paused one under paused only); the filters use the same buckets; each
// configured location shows its latest status; uptime is the share of successful and degraded checks
// over a day, a week and a fortnight, kept 30 seconds while statuses are read on every load; the live
// update names only the monitors whose locations reported since its last answer.
import type { ServiceContext } from '../../backend/src/common/context';
import { CheckerModule } from '../../backend/src/checker/checker.module';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import {
  CHANGES_OVERLAP_MS,
  MonitorsOverviewService,
  OVERVIEW_DAYS,
} from '../../backend/src/monitors/monitors-overview.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { insideToday, storeResult } from '../support/results';

describe(MonitorsOverviewService.name, () => {
  let t: TestApp;
  let sut: MonitorsOverviewService;
  let monitors: MonitorsService;

  beforeAll(async () => {
    t = await createTestApp({}, [CheckerModule]);
    sut = t.app.get(MonitorsOverviewService);
    monitors = t.app.get(MonitorsService);
    await t.app.get(RetentionService).maintain(new Date());
  });

  afterAll(() => t.close());

  const http = (ctx: ServiceContext, input: Record<string, unknown> = {}) =>
    monitors.create(ctx, 'http', {
      name: 'Checkout API',
      url: 'https://shop.example/api',
      periodicity: '1m',
      regions: ['fly-ams', 'fly-iad'],
      active: true,
      ...input,
    });

  it("shows the workspace's own monitors only", async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const mine = await http(ctx);
    await http(other, { name: 'Foreign' });
    const overview = await sut.overview(ctx);
    expect(overview.total).toBe(1);
    expect(overview.items.map((m) => m.id)).toEqual([mine.id]);
    expect([...(await sut.names(ctx)).keys()]).toEqual([mine.id]);
  });

  it('counts each monitor once, a paused one under paused only, and lists every tag', async () => {
    const ctx = await newWorkspace(t);
    const now = insideToday();
    const failing = await http(ctx, { tags: ['shop', 'Team:Payments'] });
    const paused = await http(ctx, { name: 'Old', tags: ['legacy'] });
    await storeResult(t.app, { monitorId: failing.id, minutesAgo: 1, status: 'error', from: now });
    await storeResult(t.app, { monitorId: paused.id, minutesAgo: 1, status: 'error', from: now });
    await monitors.update(ctx, 'http', paused.id, { active: false });
    await http(ctx, { name: 'New' });
    const overview = await sut.overview(ctx, {}, new Date(now));
    expect(overview.counts).toEqual({ active: 0, degraded: 0, error: 1, unknown: 1, paused: 1 });
    expect(overview.tags).toEqual(['Team:Payments', 'legacy', 'shop']);
    const pausedOnly = await sut.overview(ctx, { status: 'paused' }, new Date(now));
    expect(pausedOnly.items.map((m) => m.id)).toEqual([paused.id]);
    expect((await sut.overview(ctx, { status: 'error' }, new Date(now))).items.map((m) => m.id)).toEqual([failing.id]);
  });

  it('filters by kind, exact tag and text in the name, target or id', async () => {
    const ctx = await newWorkspace(t);
    const api = await http(ctx, { tags: ['Shop'] });
    const db = await monitors.create(ctx, 'tcp', { name: 'Database', uri: 'db.internal:5432', periodicity: '1m' });
    const ids = async (filter: Parameters<MonitorsOverviewService['overview']>[1]) =>
      (await sut.overview(ctx, filter)).items.map((m) => m.id);
    expect(await ids({ kind: 'tcp' })).toEqual([db.id]);
    expect(await ids({ tag: 'Shop' })).toEqual([api.id]);
    expect(await ids({ tag: 'shop' })).toEqual([]);
    expect(await ids({ q: 'DATABASE' })).toEqual([db.id]);
    expect(await ids({ q: 'shop.example' })).toEqual([api.id]);
    expect(await ids({ q: api.id })).toEqual([api.id]);
  });

  it('validates the filter, naming the field and the choices', async () => {
    const ctx = await newWorkspace(t);
    await expect(sut.overview(ctx, { status: 'broken' as 'error' })).rejects.toThrow(/^status: must be one of /);
    await expect(sut.overview(ctx, { kind: 'ftp' as 'http' })).rejects.toThrow(/^kind: must be one of /);
    await expect(sut.overview(ctx, { q: 'x'.repeat(257) })).rejects.toThrow(/^q: /);
  });

  it('shows every configured location with its latest status, unknown without checks', async () => {
    const ctx = await newWorkspace(t);
    const now = insideToday();
    const api = await http(ctx);
    await storeResult(t.app, { monitorId: api.id, minutesAgo: 2, status: 'success', from: now });
    await storeResult(t.app, { monitorId: api.id, minutesAgo: 1, status: 'degraded', from: now });
    const [item] = (await sut.overview(ctx, {}, new Date(now))).items;
    expect(item.locations.map((l) => [l.location, l.status])).toEqual([
      ['fly-ams', 'degraded'],
      ['fly-iad', 'unknown'],
    ]);
    expect(item.lastCheckAt).toEqual(new Date(now - 60_000));
  });

  it('gives uptime as the share of successful and degraded checks, and none without checks', async () => {
    const ctx = await newWorkspace(t);
    const now = insideToday();
    const api = await http(ctx);
    const idle = await http(ctx, { name: 'Idle' });
    for (const [minutesAgo, status] of [
      [1, 'degraded'],
      [2, 'success'],
      [3, 'error'],
      [4, 'success'],
    ] as const) {
      await storeResult(t.app, { monitorId: api.id, minutesAgo, status, from: now });
    }
    const { items } = await sut.overview(ctx, {}, new Date(now));
    const a = items.find((m) => m.id === api.id)!;
    expect(a.uptime).toEqual({ day: 3 / 4, week: 3 / 4, fortnight: 3 / 4 });
    expect(a.latency).toHaveLength(OVERVIEW_DAYS);
    expect(a.latency.at(-1)).toMatchObject({ checks: 3 });
    expect(a.latency.slice(0, -1).every((d) => d === null)).toBe(true);
    expect(items.find((m) => m.id === idle.id)!.uptime).toEqual({ day: null, week: null, fortnight: null });
  });

  it('keeps uptime figures between close loads, while statuses are read on every load', async () => {
    const ctx = await newWorkspace(t);
    const now = insideToday();
    const api = await http(ctx, { regions: ['fly-ams'] });
    await storeResult(t.app, { monitorId: api.id, minutesAgo: 2, status: 'success', from: now });
    expect((await sut.overview(ctx, {}, new Date(now))).items[0].uptime.day).toBe(1);
    await storeResult(t.app, { monitorId: api.id, minutesAgo: 1, status: 'error', from: now });
    const [item] = (await sut.overview(ctx, {}, new Date(now + 1000))).items;
    expect(item.locations[0].status).toBe('error');
    expect(item.uptime.day).toBe(1);
  });

  it('answers a live update with the monitors whose locations reported since its last answer, looking back 15 s', async () => {
    const ctx = await newWorkspace(t);
    await http(ctx, { name: 'Quiet' });
    const busy = await http(ctx, { name: 'Busy' });
    const before = Date.now();
    await storeResult(t.app, { monitorId: busy.id, minutesAgo: 1, status: 'error' });
    const after = Date.now();
    const changes = await sut.changes(ctx, new Date(before + CHANGES_OVERLAP_MS - 1));
    expect(changes.items).toEqual([expect.objectContaining({ id: busy.id, status: 'error' })]);
    expect(changes.items[0].locations.map((l) => [l.location, l.status])).toEqual([
      ['fly-ams', 'error'],
      ['fly-iad', 'unknown'],
    ]);
    expect((await sut.changes(ctx, new Date(after + CHANGES_OVERLAP_MS + 1))).items).toEqual([]);
  });
});
