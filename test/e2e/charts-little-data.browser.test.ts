// A monitor with one hour of checks in real Chromium (issue 25, point 3): a line needs two points,
// so its charts used to be empty boxes for its first day. The monitor page's latency chart, the
// overview's latency column and the public page's response-time panel each draw the one point there
// is as round dots with their values, and say how many checks the figures rest on. Screenshots are
// kept in test-artifacts/ (ignored by git); their paths are printed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { chromiumPath, launchChromium, signIn } from '../support/browser';
import { describeWithTool } from '../support/skips';
import { newMember } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { storeResult } from '../support/results';

jest.setTimeout(120_000);

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
const HOUR = 3_600_000;

/** Keeps a screenshot of `target` and says where it went. */
async function keep(target: Page | Locator, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, name);
  const png = 'goto' in target ? await target.screenshot({ path, fullPage: true }) : await target.screenshot({ path });
  expect(png.length).toBeGreaterThan(2_000);
  process.stdout.write(`screenshot: ${path}\n`);
}

/** A drawn dot: visible, and round however the chart is stretched. */
async function expectRoundDot(dot: Locator): Promise<void> {
  const box = await dot.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.width).toBeGreaterThan(4);
  expect(Math.abs(box!.width - box!.height)).toBeLessThan(0.5);
}

describeInBrowser('charts of a monitor with one hour of checks, in Chromium', () => {
  let t: HttpTestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tenant: Tenant;
  let owner: { userId: string; email: string };
  let monitor: { id: string };
  let pageSlug: string;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    await t.app.get(RetentionService).maintain(new Date());
    tenant = await newTenant(t);
    owner = await newMember(t, tenant.ctx, 'owner');
    monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'Fresh API',
      url: 'http://127.0.0.1:9/health',
      periodicity: '10m',
      regions: ['fly-ams'],
      active: false,
      public: true,
    });
    // Three checks, all in the hour before the current one: one hour, one day (whenever the suite runs).
    const hourStart = Math.floor(Date.now() / HOUR) * HOUR;
    for (const [minutesAgo, latency] of [
      [50, 40],
      [30, 44],
      [10, 48],
    ]) {
      await storeResult(t.app, { monitorId: monitor.id, minutesAgo, status: 'success', latency, from: hourStart });
    }
    pageSlug = `fresh-${process.pid}`;
    const statusPage = await t.app
      .get(StatusPagesService)
      .create(tenant.ctx, { title: 'Fresh status', slug: pageSlug });
    await t.app.get(PageComponentsService).createComponent(tenant.ctx, {
      pageId: statusPage.id,
      type: 'monitor',
      monitorId: monitor.id,
      name: 'Fresh API',
      order: 1,
    });
    browser = await launchChromium(executable!);
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    page = await context.newPage();
    await signIn(page, t.baseUrl, owner.email);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("draws the monitor page's one hour as dots with their values, from 3 checks", async () => {
    await page.goto(`${t.baseUrl}/app/w/${tenant.ctx.workspace.slug}/monitors/${monitor.id}`);
    const chart = page.locator('figure.chart').filter({ hasText: 'fly-ams' });
    const svg = chart.locator('svg.latency');
    expect(await svg.locator('polyline').count()).toBe(0);
    const dots = svg.locator('circle.mark');
    expect(await dots.count()).toBe(3);
    for (const series of ['p50', 'p95', 'p99']) await expectRoundDot(svg.locator(`circle.mark.${series}`));
    const values = await svg.locator('text.value').allTextContents();
    expect(values).toHaveLength(3);
    for (const [i, series] of ['p99', 'p95', 'p50'].entries())
      expect(values[i]).toMatch(new RegExp(`^${series} \\d+ ms$`));
    expect(await chart.locator('figcaption').textContent()).toContain('from 3 checks in 1 hour');
    expect(await svg.locator('title').textContent()).toContain('from 3 checks in 1 hour');
    await keep(chart, 'charts-little-data-monitor.png');
  });

  it("draws the overview's one day as dots with their values, from 3 checks", async () => {
    await page.goto(`${t.baseUrl}/app/w/${tenant.ctx.workspace.slug}/monitors`);
    const row = page.locator(`#m-${monitor.id}`);
    const spark = row.locator('svg.spark');
    expect(await spark.count()).toBe(1);
    expect(await spark.locator('polyline').count()).toBe(0);
    expect(await spark.locator('circle.mark').count()).toBe(2);
    await expectRoundDot(spark.locator('circle.mark.p50'));
    const values = await spark.locator('text.value').allTextContents();
    expect(values).toEqual([expect.stringMatching(/^p95 \d+ ms$/), expect.stringMatching(/^p50 \d+ ms$/)]);
    expect((await row.locator('.basis').textContent())?.trim()).toBe('3 checks');
    expect(await spark.locator('title').textContent()).toContain('from 3 checks in 1 day');
    await keep(row, 'charts-little-data-overview.png');
  });

  it("draws the public page's one day as dots with their values, from 3 checks", async () => {
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1100, height: 900 } });
    const tab = await visitor.newPage();
    await tab.goto(`${t.baseUrl}/status/${pageSlug}`);
    const panel = tab.locator('details.latency');
    await panel.locator('summary').click();
    const chart = panel.locator('svg.chart');
    expect(await chart.locator('polyline').count()).toBe(0);
    expect(await chart.locator('circle.mark').count()).toBe(2);
    await expectRoundDot(chart.locator('circle.mark.p50'));
    const values = await chart.locator('text.value').allTextContents();
    expect(values).toEqual([expect.stringMatching(/^p95 \d+ ms$/), expect.stringMatching(/^p50 \d+ ms$/)]);
    expect(await panel.locator('.meta').textContent()).toContain('Based on 3 checks over 1 day');
    expect(await chart.getAttribute('aria-label')).toContain('Based on 3 checks over 1 day');
    await keep(panel, 'charts-little-data-public.png');
    await visitor.close();
  });
});
