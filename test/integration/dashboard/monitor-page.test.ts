// A monitor's page in the dashboard over HTTP (issue #16): latency per location with the range
// tabs, timing phases, uptime by day, status history with durations, response logs with filters and
// paging, one log's detail, "Run check now"; a TCP monitor's page; other workspaces' ids.
import { Database } from '../../../backend/src/database/database';
import { RetentionService } from '../../../backend/src/check-results/retention.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { MonitorInsightsService } from '../../../backend/src/monitors/monitor-insights.service';
import { duration } from '../../../backend/src/dashboard/pages/monitor.page';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { insideToday, storeResult } from '../../support/results';

jest.setTimeout(90_000);

describe('dashboard monitor page', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let other: Tenant;
  let slug: string;
  let browser: DashboardClient;
  let api: { id: string };
  let tcp: { id: string };
  let foreign: { id: string };
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
      name: 'Checkout API',
      url: 'https://shop.example/api',
      periodicity: '1m',
      regions: ['fly-ams', 'fly-iad'],
      active: true,
    });
    tcp = await monitors.create(tenant.ctx, 'tcp', { name: 'Database', uri: 'db.internal:5432', periodicity: '1m' });
    foreign = await monitors.create(other.ctx, 'http', {
      name: 'Foreign',
      url: 'https://x.example',
      periodicity: '1m',
    });
    const timings = { dns: 5, connect: 10, tls: 20, ttfb: 60, transfer: 5 };
    // 30 checks in fly-ams, 15 s apart (all today: insideToday() is 10 minutes into the day at least), the 10
    // oldest failing an assertion, and 5 in fly-iad; the monitor went down and recovered.
    for (let i = 30; i >= 1; i--) {
      const failing = i > 20;
      await storeResult(t.app, {
        monitorId: api.id,
        minutesAgo: i / 4,
        status: failing ? 'error' : 'success',
        latency: 100,
        from: now,
        extra: {
          timings,
          headers: { 'content-type': 'application/json' },
          assertions: [
            { type: 'status_code', comparator: 'eq', target: 200, actual: failing ? 500 : 200, passed: !failing },
          ],
          statusCode: failing ? 500 : 200,
          error: failing ? { kind: 'assertion', message: 'status code 500 is not 200' } : null,
        },
      });
      if (i <= 5) {
        await storeResult(t.app, {
          monitorId: api.id,
          minutesAgo: i / 4,
          status: failing ? 'error' : 'success',
          latency: 300,
          region: 'fly-iad',
          from: now,
          extra: { timings },
        });
      }
    }
    await storeResult(t.app, { monitorId: tcp.id, minutesAgo: 1, status: 'success', from: now });
    await storeResult(t.app, { monitorId: foreign.id, minutesAgo: 1, status: 'success', from: now });
    browser = new DashboardClient(t.baseUrl);
    expect((await browser.signIn(owner.email, PASSWORD)).status).toBe(303);
  });

  afterAll(() => t.close());

  it('reads latency per location, phases, uptime by day and the status history', async () => {
    const insights = await t.app.get(MonitorInsightsService).detail(tenant.ctx, api.id, '1d', new Date(now));
    expect(insights.latency.map((l) => l.location)).toEqual(['fly-ams', 'fly-iad']);
    const iad = insights.latency[1].hours;
    expect(iad[iad.length - 1].p50).toBeGreaterThan(290);
    expect(insights.phases).toMatchObject({ checks: 25, dns: 5, connect: 10, tls: 20, ttfb: 60, transfer: 5 });
    expect(insights.days).toHaveLength(14);
    expect(insights.days[13]).toMatchObject({ count: 35, ok: 25 });
    // Down first (its first reports failing), then recovered: newest first, the latest still going on.
    expect(insights.history.map((h) => [h.from, h.to, h.ongoing])).toEqual([
      ['error', 'active', true],
      ['unknown', 'error', false],
    ]);
    expect(insights.history[1].durationMs).toBe(insights.history[0].at.getTime() - insights.history[1].at.getTime());
    const tcpInsights = await t.app.get(MonitorInsightsService).detail(tenant.ctx, tcp.id, '7d', new Date(now));
    expect(tcpInsights.phases).toBeNull();
    await expect(t.app.get(MonitorInsightsService).detail(tenant.ctx, api.id, '2d')).rejects.toThrow(
      'range: must be one of 1d, 7d, 14d',
    );
  });

  it('renders the page: charts, phases, days, history and the newest response logs', async () => {
    const page = await browser.get(`/app/w/${slug}/monitors/${api.id}`);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('Checkout API');
    expect(page.body.match(/<figure class="chart">/g)).toHaveLength(2);
    expect(text).toMatch(/fly-iad: latest hour p50 \d+ ms, p95 \d+ ms, p99 \d+ ms/);
    expect(text).toContain('Time to first byte 60 ms');
    expect(text).toContain('Average over 25 successful checks in the last 1 day.');
    expect(text).toMatch(/\d{4}-\d\d-\d\d: 71\.42% of 35 checks up/);
    expect(text).toContain('Up Down');
    expect(page.body.match(/\/logs\/\d+"/g)).toHaveLength(25);
    expect(page.body).toContain('Run check now');
    expect(page.body).toContain(`data-reload="${api.id}"`);
    // The overview links here.
    expect((await browser.get(`/app/w/${slug}/monitors`)).body).toContain(`href="/app/w/${slug}/monitors/${api.id}"`);
  });

  it('filters the logs by location and result, and pages them', async () => {
    const iad = await browser.get(`/app/w/${slug}/monitors/${api.id}?region=fly-iad`);
    expect(iad.body.match(/\/logs\/\d+"/g)).toHaveLength(5);
    const errors = textOf((await browser.get(`/app/w/${slug}/monitors/${api.id}?status=error`)).body);
    expect(errors.match(/ Down 500 /g)).toHaveLength(10);
    const first = await browser.get(`/app/w/${slug}/monitors/${api.id}`);
    expect(first.body).toContain('offset=25');
    const older = await browser.get(`/app/w/${slug}/monitors/${api.id}?range=1d&offset=25`);
    expect(older.body.match(/\/logs\/\d+"/g)).toHaveLength(10);
    expect(textOf(older.body)).toContain('Newer');
    const bad = await browser.get(`/app/w/${slug}/monitors/${api.id}?status=broken`);
    expect(bad.status).toBe(200);
    expect(textOf(bad.body)).toContain('status: must be one of success, degraded, error');
    expect((await browser.get(`/app/w/${slug}/monitors/${api.id}?range=1y`)).status).toBe(400);
  });

  it("shows one log's detail: timing, assertions, headers, error", async () => {
    const page = await browser.get(`/app/w/${slug}/monitors/${api.id}?status=error`);
    const logPath = /href="([^"]+\/logs\/\d+)"/.exec(page.body)![1];
    const log = await browser.get(logPath);
    expect(log.status).toBe(200);
    const text = textOf(log.body);
    expect(text).toContain('Failed status code eq 200 got 500');
    expect(text).toContain('status code 500 is not 200');
    expect(text).toContain('TLS 20 ms');
    expect(text).toContain('content-type application/json');
  });

  it('runs a check now: a trigger for every location, then back to the page', async () => {
    const page = await browser.get(`/app/w/${slug}/monitors/${api.id}`);
    expect(page.status).toBe(200);
    const answer = await browser.post(`/app/w/${slug}/monitors/${api.id}/trigger`, {});
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/app/w/${slug}/monitors/${api.id}?triggered=1`);
    const triggers = await t.app
      .get(Database)
      .rows<{ location: string }>('SELECT location FROM check_triggers WHERE monitor_id = $1 ORDER BY location', [
        api.id,
      ]);
    expect(triggers.map((r) => r.location)).toEqual(['fly-ams', 'fly-iad']);
    expect(textOf((await browser.follow(answer)).body)).toContain('Check requested');
    // The verb's own rule, shown on the page: one trigger per monitor every 10 s.
    await browser.get(`/app/w/${slug}/monitors/${api.id}`);
    const again = await browser.post(`/app/w/${slug}/monitors/${api.id}/trigger`, {});
    expect(again.status).toBe(403);
    expect(textOf(again.body)).toMatch(/was triggered less than 10 s ago; retry in \d+ s/);
  });

  it('shows a TCP monitor without response logs or timing phases', async () => {
    const page = await browser.get(`/app/w/${slug}/monitors/${tcp.id}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Response logs');
    expect(page.body).not.toContain('Timing phases');
    expect(textOf(page.body)).toContain('Uptime by day');
  });

  it("answers 404 for another workspace's monitor and log through one's own slug, as for ids that do not exist", async () => {
    const foreignLog = (await t.app.get(MonitorsService).listResponseLogs(other.ctx, foreign.id, { limit: 1 })).logs[0]
      .id;
    const ownLog = (await t.app.get(MonitorsService).listResponseLogs(tenant.ctx, api.id, { limit: 1 })).logs[0].id;
    for (const path of [
      `/monitors/${foreign.id}`,
      `/monitors/999999999`,
      `/monitors/${foreign.id}/logs/${foreignLog}`,
      `/monitors/${api.id}/logs/${foreignLog}`,
      `/monitors/${api.id}/logs/999999999`,
    ]) {
      expect([path, (await browser.get(`/app/w/${slug}${path}`)).status]).toEqual([path, 404]);
    }
    expect((await browser.get(`/app/w/${slug}/monitors/${api.id}/logs/${ownLog}`)).status).toBe(200);
    await browser.get(`/app/w/${slug}/monitors/${api.id}`);
    expect((await browser.post(`/app/w/${slug}/monitors/${foreign.id}/trigger`, {})).status).toBe(404);
    expect((await browser.post(`/app/w/${other.ctx.workspace.slug}/monitors/${foreign.id}/trigger`, {})).status).toBe(
      404,
    );
  });

  it('says durations in the two largest units', () => {
    expect(duration(0)).toBe('0 s');
    expect(duration(59_000)).toBe('59 s');
    expect(duration(3_725_000)).toBe('1 h 2 min');
    expect(duration(90_061_000)).toBe('1 d 1 h');
  });
});
