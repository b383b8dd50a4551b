// The dashboard's overview of monitors in real Chromium (issue #16): signing in lands on it; a
// monitor that recovers is repainted live, without a reload (overview.js polling changes.json under
// the page's content security policy); the filter form works from the keyboard; an axe-core scan
// finds no serious violation; a screenshot is kept in test-artifacts/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { chromiumPath, launchChromium, seriousViolations } from '../support/browser';
import { newMember, PASSWORD } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { insideToday, storeResult } from '../support/results';
import { describeWithTool } from '../support/skips';

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');

describeInBrowser('dashboard overview in Chromium', () => {
  let t: HttpTestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tenant: Tenant;
  let owner: { userId: string; email: string };
  let database: { id: string };

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    await t.app.get(RetentionService).maintain(new Date());
    tenant = await newTenant(t);
    owner = await newMember(t, tenant.ctx, 'owner');
    const monitors = t.app.get(MonitorsService);
    const now = insideToday();
    const names = ['Checkout API', 'Search', 'Images CDN', 'Login'];
    for (const [i, name] of names.entries()) {
      const m = await monitors.create(tenant.ctx, 'http', {
        name,
        url: `https://${name.toLowerCase().replace(/ /g, '-')}.example/health`,
        periodicity: '1m',
        regions: ['fly-ams', 'fly-iad', 'fly-sin'],
        active: true,
      });
      for (let day = 0; day < 14; day++) {
        for (const region of ['fly-ams', 'fly-iad', 'fly-sin']) {
          await storeResult(t.app, {
            monitorId: m.id,
            minutesAgo: day * 24 * 60 + 2,
            status: day === 3 && i === 1 ? 'error' : 'success',
            latency: 80 + 20 * i + ((day * 37) % 50),
            region,
            from: now,
          });
        }
      }
    }
    database = await monitors.create(tenant.ctx, 'tcp', {
      name: 'Database',
      uri: 'db.internal:5432',
      periodicity: '1m',
      regions: ['fly-ams'],
      active: true,
    });
    await storeResult(t.app, { monitorId: database.id, minutesAgo: 1, status: 'error', from: now });
    await monitors.create(tenant.ctx, 'dns', { name: 'Docs DNS', uri: 'docs.example', periodicity: '5m' });
    browser = await launchChromium(executable!);
    // axe-core is injected into the page: the page's content security policy must not refuse it.
    context = await browser.newContext({ bypassCSP: true });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lands on the overview after signing in, with every monitor', async () => {
    await page.goto(`${t.baseUrl}/app`);
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/app/w/${tenant.ctx.workspace.slug}/monitors`);
    expect(await page.getByRole('heading', { name: 'Monitors', level: 1 }).isVisible()).toBe(true);
    expect(await page.locator('table.monitors tbody tr').count()).toBe(6);
    const row = page.locator(`#m-${database.id}`);
    expect((await row.locator('.status-cell').textContent())?.trim()).toBe('Down');
    expect(await page.locator('svg.spark').count()).toBe(4);
  });

  it('has no serious accessibility violation; keeps a screenshot', async () => {
    expect(await seriousViolations(page)).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    const png = await page.screenshot({ path: join(ARTIFACTS, 'dashboard-overview.png'), fullPage: true });
    expect(png.length).toBeGreaterThan(10_000);
  });

  it('repaints a monitor that recovers without a reload', async () => {
    const strict = await browser.newContext();
    const tab = await strict.newPage();
    const errors: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await strict.addCookies(await context.cookies());
    await tab.goto(`${t.baseUrl}/app/w/${tenant.ctx.workspace.slug}/monitors`);
    const status = tab.locator(`#m-${database.id} .status-cell`);
    expect((await status.textContent())?.trim()).toBe('Down');
    await storeResult(t.app, { monitorId: database.id, minutesAgo: 0, status: 'success', from: Date.now() });
    await tab.locator(`#m-${database.id} .status-cell .badge.active`).waitFor({ timeout: 20_000 });
    expect((await status.textContent())?.trim()).toBe('Up');
    expect(await tab.locator(`#m-${database.id} .dot.active`).count()).toBe(1);
    // The script ran under the page's own policy (no bypass in this context): nothing was refused.
    expect(errors).toEqual([]);
    await strict.close();
  });

  it('filters from the keyboard', async () => {
    await page.getByLabel('Name or target', { exact: true }).fill('search');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=search/);
    expect(await page.locator('table.monitors tbody tr').count()).toBe(1);
    await page.getByLabel('Status', { exact: true }).selectOption('paused');
    await page.getByLabel('Name or target', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/status=paused/);
    expect(await page.locator('table.monitors tbody tr th .name').allTextContents()).toEqual(['Docs DNS']);
  });
});
