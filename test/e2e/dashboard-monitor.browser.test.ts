// A monitor's page in real Chromium (issue #16), with the embedded checker: an HTTP monitor of a
// loopback target is run with "Run check now"; the page reloads itself when the check's result
// arrives and shows it in the response logs, and its detail with the timing phases; the latency
// chart is drawn; axe-core finds no serious violation; a screenshot is kept in test-artifacts/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { chromiumPath, launchChromium, seriousViolations, signIn } from '../support/browser';
import { newMember } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { startReceiver, type Receiver } from '../support/receivers';
import { insideToday, storeResult } from '../support/results';
import { describeWithTool } from '../support/skips';

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');

describeInBrowser('dashboard monitor page in Chromium', () => {
  let t: HttpTestApp;
  let target: Receiver;
  let browser: Browser;
  let page: Page;
  let strict: BrowserContext;
  let tenant: Tenant;
  let owner: { userId: string; email: string };
  let monitor: { id: string };

  beforeAll(async () => {
    target = await startReceiver();
    t = await startHttpApp({ port: await freePort(), checkerRegions: ['fly-ams'] });
    await t.app.get(RetentionService).maintain(new Date());
    tenant = await newTenant(t);
    owner = await newMember(t, tenant.ctx, 'owner');
    // Hourly, so the embedded agent runs it only when asked; history for the chart from earlier hours.
    monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'Loopback API',
      url: `${target.url}/health`,
      periodicity: '1h',
      regions: ['fly-ams'],
      active: false,
    });
    const now = insideToday();
    for (let h = 1; h <= 20; h++) {
      await storeResult(t.app, {
        monitorId: monitor.id,
        minutesAgo: h * 60 + 5,
        status: 'success',
        latency: 40 + ((h * 13) % 30),
        from: now,
        extra: { timings: { dns: 1, connect: 2, tls: 0, ttfb: 30, transfer: 3 } },
      });
    }
    browser = await launchChromium(executable!);
    // The page's own content security policy applies: the reload script must run under it.
    strict = await browser.newContext();
    page = await strict.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await target?.close();
  });

  it('runs a check now and shows its result after the page reloads itself', async () => {
    await signIn(page, t.baseUrl, owner.email);
    await page.getByRole('link', { name: 'Loopback API' }).click();
    await page.waitForURL(`**/monitors/${monitor.id}`);
    expect(await page.locator('svg.latency polyline.p50').count()).toBe(1);
    const logsBefore = await page.locator('#h-logs ~ table tbody tr').count();

    await page.getByRole('button', { name: 'Run check now' }).click();
    await page.waitForURL(/triggered=1/);
    expect(await page.getByText('Check requested').isVisible()).toBe(true);
    // The agent probes the loopback target; the page reloads once the result is stored.
    await page.waitForEvent('load', { timeout: 30_000 });
    await page.locator('#h-logs ~ table tbody tr').nth(logsBefore).waitFor({ timeout: 10_000 });
    expect(target.requests.some((r) => r.path === '/health')).toBe(true);
    const newest = page.locator('#h-logs ~ table tbody tr').first();
    expect(await newest.textContent()).toContain('on demand');
    await newest.getByRole('link').click();
    await page.waitForURL(/\/logs\/\d+$/);
    expect(await page.getByRole('heading', { name: 'Timing' }).isVisible()).toBe(true);
    expect(await page.locator('dl.facts').first().textContent()).toContain('200');
  });

  it('has no serious accessibility violation; keeps a screenshot', async () => {
    const scan = await browser.newContext({ bypassCSP: true });
    await scan.addCookies(await strict.cookies());
    const tab = await scan.newPage();
    await tab.goto(`${t.baseUrl}/app/w/${tenant.ctx.workspace.slug}/monitors/${monitor.id}`);
    expect(await seriousViolations(tab)).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    const png = await tab.screenshot({ path: join(ARTIFACTS, 'dashboard-monitor.png'), fullPage: true });
    expect(png.length).toBeGreaterThan(10_000);
    await scan.close();
  });
});
