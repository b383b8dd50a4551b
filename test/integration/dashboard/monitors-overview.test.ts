// The dashboard's overview of monitors over HTTP (issue #16): status, location dots, last check,
// uptime over 24 h / 7 d / 14 d and the latency sparkline from results stored through the ingestion
// path; the filters; the live-update answer; another workspace's slug.
import { RetentionService } from '../../../backend/src/check-results/retention.service';
import { PrivateLocationsService } from '../../../backend/src/private-locations/private-locations.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { FIGURES_TTL_MS, MonitorsOverviewService } from '../../../backend/src/monitors/monitors-overview.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { insideToday, storeResult } from '../../support/results';
import { eventually } from '../../support/rpc';

jest.setTimeout(90_000);

const DAY_MINUTES = 24 * 60;

describe('dashboard monitors overview', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let other: Tenant;
  let slug: string;
  let browser: DashboardClient;
  let api: { id: string };
  let db: { id: string };
  let idle: { id: string };
  const now = insideToday();

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    await t.app.get(RetentionService).maintain(new Date());
    tenant = await newTenant(t);
    other = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    const owner = await newMember(t, tenant.ctx, 'owner');
    const monitors = t.app.get(MonitorsService);
    api = await monitors.create(tenant.ctx, 'http', {
      name: 'Checkout <API>',
      url: 'https://shop.example/api',
      periodicity: '1m',
      regions: ['fly-ams', 'fly-iad'],
      tags: ['shop', 'team:payments'],
      active: true,
    });
    db = await monitors.create(tenant.ctx, 'tcp', {
      name: 'Database',
      uri: 'db.internal:5432',
      periodicity: '1m',
      regions: ['fly-ams'],
      tags: ['shop'],
      active: true,
    });
    idle = await monitors.create(tenant.ctx, 'dns', { name: 'Docs DNS', uri: 'docs.example', periodicity: '5m' });
    await monitors.create(other.ctx, 'http', { name: 'Foreign', url: 'https://other.example', periodicity: '1m' });
    // api: 3 ok (the latest degraded) and 1 failed in the last day in fly-ams, one ok in fly-iad; two
    // days ago 4 ok.
    for (const [minutesAgo, status] of [
      [1, 'degraded'],
      [2, 'success'],
      [3, 'error'],
      [4, 'success'],
    ] as const) {
      await storeResult(t.app, { monitorId: api.id, minutesAgo, status, latency: 100, from: now });
    }
    await storeResult(t.app, {
      monitorId: api.id,
      minutesAgo: 1,
      status: 'success',
      region: 'fly-iad',
      latency: 300,
      from: now,
    });
    for (let i = 0; i < 4; i++) {
      await storeResult(t.app, {
        monitorId: api.id,
        minutesAgo: 2 * DAY_MINUTES + i,
        status: 'success',
        latency: 50,
        from: now,
      });
    }
    // db: down now in its only region.
    await storeResult(t.app, { monitorId: db.id, minutesAgo: 1, status: 'error', from: now });
    browser = new DashboardClient(t.baseUrl);
    expect((await browser.signIn(owner.email, PASSWORD)).status).toBe(303);
  });

  afterAll(() => t.close());

  it('is where /app lands: the first workspace', async () => {
    const landing = await browser.get('/app');
    expect(landing.status).toBe(303);
    expect(landing.location).toBe(`/app/w/${slug}/monitors`);
  });

  it('computes status, locations, last check, uptime and latency from the stored checks', async () => {
    const overview = await t.app.get(MonitorsOverviewService).overview(tenant.ctx, {}, new Date(now));
    expect(overview.total).toBe(3);
    // Each monitor under one chip: the paused one (no checks yet) under paused only, not also unknown.
    expect(overview.counts).toEqual({ active: 0, degraded: 1, error: 1, unknown: 0, paused: 1 });
    expect(overview.items.map((m) => m.id)).toEqual([idle.id, db.id, api.id]);
    const a = overview.items.find((m) => m.id === api.id)!;
    expect(a.locations.map((l) => [l.location, l.status])).toEqual([
      ['fly-ams', 'degraded'],
      ['fly-iad', 'active'],
    ]);
    expect(a.lastCheckAt?.getTime()).toBe(now - 60_000);
    // 24 h: 4 of 5 ok (degraded counts as up); 7 and 14 d also hold the 4 ok of two days ago.
    expect(a.uptime.day).toBeCloseTo(4 / 5);
    expect(a.uptime.week).toBeCloseTo(8 / 9);
    expect(a.uptime.fortnight).toBeCloseTo(8 / 9);
    expect(a.latency).toHaveLength(14);
    const today = a.latency[13]!;
    expect(today.p50).toBeGreaterThan(95);
    expect(today.p95).toBeGreaterThan(280);
    expect(a.latency[11]!.p50).toBeGreaterThan(45);
    expect(a.latency[11]!.p50).toBeLessThan(55);
    expect(a.latency[12]).toBeNull();
    // The checks each day's latency rests on: successful and degraded ones, every location.
    expect([a.latency[11]!.checks, today.checks]).toEqual([4, 4]);
    const d = overview.items.find((m) => m.id === db.id)!;
    expect(d.status).toBe('error');
    expect(d.uptime.day).toBe(0);
    const i = overview.items.find((m) => m.id === idle.id)!;
    expect(i).toMatchObject({ status: 'unknown', active: false, lastCheckAt: null });
    expect(i.uptime).toEqual({ day: null, week: null, fortnight: null });
    expect(i.locations.every((l) => l.status === 'unknown')).toBe(true);
  });

  it('lists a private location that runs a monitor after its regions, with its status', async () => {
    const location = await t.app
      .get(PrivateLocationsService)
      .create(tenant.ctx, { name: 'office', monitorIds: [idle.id] });
    try {
      const overview = await t.app.get(MonitorsOverviewService).overview(tenant.ctx, {}, new Date(now));
      const i = overview.items.find((m) => m.id === idle.id)!;
      expect(i.locations.map((l) => [l.location, l.status])).toEqual([
        ...i.locations.slice(0, -1).map((l) => [l.location, 'unknown']),
        [`private-location:${location.id}`, 'unknown'],
      ]);
      expect(i.locations.length).toBeGreaterThan(1);
      expect(overview.items.find((m) => m.id === db.id)!.locations.map((l) => l.location)).toEqual(['fly-ams']);
      const page = await browser.get(`/app/w/${slug}/monitors`);
      expect(page.body).toContain(`private location ${location.id}: No data`);
    } finally {
      await t.app.get(PrivateLocationsService).delete(tenant.ctx, location.id);
    }
  });

  it('renders every monitor of the workspace, escaped, and none of another', async () => {
    const page = await browser.get(`/app/w/${slug}/monitors`);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(page.body).toContain('Checkout &#60;API&#62;');
    expect(text).toContain('3 monitors');
    expect(text).toContain('Database');
    expect(text).toContain('Docs DNS');
    expect(text).not.toContain('Foreign');
    expect(page.body).toContain('aria-label="fly-ams: Degraded"');
    expect(text).toContain('80.00%');
    expect(text).toContain('88.88%');
    expect(page.body).toContain(`id="m-${api.id}"`);
    expect(page.body).toMatch(
      /<svg class="spark"[\s\S]*?<title>Latency on \d{4}-\d\d-\d\d: p50 \d+ ms, p95 \d+ ms; from 8 checks in 2 days<\/title>/,
    );
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('filters by tag, offers the tags in use, and links each tag of a row to its filter', async () => {
    const all = await browser.get(`/app/w/${slug}/monitors`);
    expect(all.body).toMatch(/<select id="f-tag" name="tag">[^]*>shop<\/option>[^]*>team:payments<\/option>/);
    expect(all.body).toContain(`href="/app/w/${slug}/monitors?tag=team%3Apayments"`);
    const detail = await browser.get(`/app/w/${slug}/monitors/${api.id}`);
    expect(detail.body).toContain(`href="/app/w/${slug}/monitors?tag=team%3Apayments"`);
    const shop = textOf((await browser.get(`/app/w/${slug}/monitors?tag=shop`)).body);
    expect(shop).toContain('2 of 3 monitors');
    expect(shop).not.toContain('Docs DNS');
    const payments = textOf((await browser.get(`/app/w/${slug}/monitors?tag=team%3Apayments&kind=http`)).body);
    expect(payments).toContain('1 of 3 monitors');
    expect(payments).toContain('Checkout <API>');
    // Tags keep their case: a filter matches exactly.
    expect(textOf((await browser.get(`/app/w/${slug}/monitors?tag=SHOP`)).body)).toContain(
      'No monitor matches this filter',
    );
    const long = await browser.get(`/app/w/${slug}/monitors?tag=${'t'.repeat(65)}`);
    expect(long.status).toBe(400);
    expect(textOf(long.body)).toContain('tag: must be at most 64 characters');
  });

  it("keeps a monitor's uptime figures, recomputing them in the background once they are 30 s old", async () => {
    const third = await newTenant(t);
    const m = await t.app.get(MonitorsService).create(third.ctx, 'tcp', {
      name: 'Cache',
      uri: 'cache.internal:6379',
      periodicity: '1m',
      regions: ['fly-ams'],
      active: true,
    });
    const sut = t.app.get(MonitorsOverviewService);
    const base = Date.now();
    const dayUptime = async (at: number) => (await sut.overview(third.ctx, {}, new Date(at))).items[0].uptime.day;
    await storeResult(t.app, { monitorId: m.id, minutesAgo: 3, status: 'success', from: base });
    expect(await dayUptime(base)).toBe(1);
    await storeResult(t.app, { monitorId: m.id, minutesAgo: 2, status: 'error', from: base });
    // Kept while fresh; once expired, answered as kept while a background read recomputes them.
    expect(await dayUptime(base + 1000)).toBe(1);
    expect(await dayUptime(base + FIGURES_TTL_MS + 1000)).toBe(1);
    const later = await eventually(
      () => dayUptime(base + FIGURES_TTL_MS + 2000),
      (day) => day === 0.5,
    );
    expect(later).toBe(0.5);
  });

  it('filters by status, kind and text, and says what a bad filter is', async () => {
    const down = textOf((await browser.get(`/app/w/${slug}/monitors?status=error`)).body);
    expect(down).toContain('1 of 3 monitors');
    expect(down).toContain('Database');
    expect(down).not.toContain('Docs DNS');
    const paused = textOf((await browser.get(`/app/w/${slug}/monitors?status=paused`)).body);
    expect(paused).toContain('Docs DNS');
    expect(paused).not.toContain('Checkout');
    const dns = textOf((await browser.get(`/app/w/${slug}/monitors?kind=dns`)).body);
    expect(dns).toContain('1 of 3 monitors');
    const search = textOf((await browser.get(`/app/w/${slug}/monitors?q=SHOP.example`)).body);
    expect(search).toContain('1 of 3 monitors');
    expect(search).toContain('Checkout <API>');
    const none = textOf((await browser.get(`/app/w/${slug}/monitors?q=nothing-like-this`)).body);
    expect(none).toContain('No monitor matches this filter');
    const bad = await browser.get(`/app/w/${slug}/monitors?status=sleeping`);
    expect(bad.status).toBe(400);
    expect(textOf(bad.body)).toContain('status: must be one of active, degraded, error, unknown, paused');
    const control = await browser.get(`/app/w/${slug}/monitors?q=%01`);
    expect(control.status).toBe(400);
    expect(textOf(control.body)).toContain('q: must not contain control characters');
  });

  it('answers live updates with the monitors that reported since, compactly', async () => {
    const page = await browser.get(`/app/w/${slug}/monitors`);
    const at = /data-at="([^"]+)"/.exec(page.body)![1];
    const quiet = await browser.get(
      `/app/w/${slug}/monitors/changes.json?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(quiet.status).toBe(200);
    expect(JSON.parse(quiet.body)).toMatchObject({ m: [] });
    await storeResult(t.app, { monitorId: db.id, minutesAgo: 0, status: 'success', from: Date.now() });
    const changed = await browser.get(`/app/w/${slug}/monitors/changes.json?since=${encodeURIComponent(at)}`);
    const body = JSON.parse(changed.body) as { at: string; m: unknown[][] };
    const row = body.m.find((m) => m[0] === db.id)!;
    expect(row.slice(0, 3)).toEqual([db.id, 'active', 1]);
    expect(row[4]).toEqual([['fly-ams', 'active']]);
    expect(changed.body.length).toBeLessThan(1_000);
    const bad = await browser.get(`/app/w/${slug}/monitors/changes.json?since=yesterday`);
    expect(bad.status).toBe(400);
  });

  it("answers 404 for another workspace's overview and updates, as for one that does not exist", async () => {
    for (const path of ['/monitors', '/monitors/changes.json?since=2026-01-01T00:00:00Z', '']) {
      expect((await browser.get(`/app/w/${other.ctx.workspace.slug}${path}`)).status).toBe(404);
      expect((await browser.get(`/app/w/no-such-workspace${path}`)).status).toBe(404);
    }
  });

  it('sends a visitor without a session to sign in', async () => {
    const anonymous = new DashboardClient(t.baseUrl);
    const answer = await anonymous.get(`/app/w/${slug}/monitors`);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/app/sign-in?next=${encodeURIComponent(`/app/w/${slug}/monitors`)}`);
  });
});
