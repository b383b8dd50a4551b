// The public status page in real Chromium during an incident and a maintenance: what a visitor sees
// and reads (overall line, incident timeline, maintenance, components with bars and their text
// alternatives), with JavaScript off since the page must work without it. A full-page screenshot is
// kept in test-artifacts/ for people to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { MaintenancesService } from '../../backend/src/maintenances/maintenances.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { chromiumPath, launchChromium } from '../support/browser';
import { newTenant, startHttpApp, type HttpTestApp } from '../support/http-app';
import { insideToday, storeResult } from '../support/results';
import { describeWithTool } from '../support/skips';

jest.setTimeout(120_000);

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
const HOUR = 3_600_000;

describeInBrowser('public status page in Chromium', () => {
  let t: HttpTestApp;
  let browser: Browser;
  let slug: string;

  beforeAll(async () => {
    t = await startHttpApp();
    await t.app.get(RetentionService).maintain(new Date());
    const { ctx } = await newTenant(t);
    slug = `incident-${process.pid}`;
    const page = await t.app.get(StatusPagesService).create(ctx, {
      title: 'Acme Cloud',
      slug,
      description: 'Current status of Acme Cloud services.',
      homepageUrl: 'https://acme.test/',
    });
    const monitors = t.app.get(MonitorsService);
    const api = await monitors.create(ctx, 'http', {
      name: 'api',
      url: 'http://127.0.0.1:9/',
      periodicity: '1m',
      public: true,
    });
    const web = await monitors.create(ctx, 'http', { name: 'web', url: 'http://127.0.0.1:9/', periodicity: '1m' });
    const components = t.app.get(PageComponentsService);
    const core = await components.createGroup(ctx, { pageId: page.id, name: 'Core' });
    const apiComponent = await components.createComponent(ctx, {
      pageId: page.id,
      type: 'monitor',
      monitorId: api.id,
      name: 'API',
      groupId: core.id,
      order: 1,
    });
    const webComponent = await components.createComponent(ctx, {
      pageId: page.id,
      type: 'monitor',
      monitorId: web.id,
      name: 'Website',
      groupId: core.id,
      order: 2,
    });
    await components.createComponent(ctx, { pageId: page.id, type: 'static', name: 'Support desk', order: 3 });
    const now = insideToday();
    for (let day = 0; day < 12; day++) {
      await storeResult(t.app, {
        monitorId: api.id,
        minutesAgo: day * 24 * 60 + 5,
        status: 'success',
        latency: 80 + day * 7,
        from: now,
      });
      await storeResult(t.app, { monitorId: web.id, minutesAgo: day * 24 * 60 + 5, status: 'success', from: now });
    }
    await storeResult(t.app, { monitorId: api.id, minutesAgo: 3 * 24 * 60 + 30, status: 'error', from: now });
    await storeResult(t.app, { monitorId: api.id, minutesAgo: 1, status: 'error', latency: 900, from: now });
    const reports = t.app.get(StatusReportsService);
    const { record } = await reports.create(
      ctx,
      {
        pageId: page.id,
        title: 'API requests failing',
        message: 'We are investigating failing API requests.',
        pageComponentIds: [apiComponent.id],
      },
      false,
    );
    await reports.addUpdate(
      ctx,
      record.report.id,
      { status: 'identified', message: 'A faulty load balancer was found and is being replaced.' },
      false,
    );
    await t.app.get(MaintenancesService).create(
      ctx,
      {
        pageId: page.id,
        title: 'Website migration',
        message: 'The website moves to new servers.',
        from: new Date(Date.now() - HOUR),
        to: new Date(Date.now() + 2 * HOUR),
        pageComponentIds: [webComponent.id],
      },
      false,
    );
    browser = await launchChromium(executable!);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the incident, the maintenance and the components, readable without JavaScript; keeps a screenshot', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1100, height: 900 } });
    const tab = await context.newPage();
    const response = await tab.goto(`${t.baseUrl}/status/${slug}`);
    expect(response?.status()).toBe(200);
    expect(await tab.title()).toBe('Acme Cloud');
    expect(await tab.locator('h1').innerText()).toBe('Acme Cloud');
    expect(await tab.locator('#overall').innerText()).toBe('Partial outage');

    const incident = tab.locator('section[aria-labelledby="incidents"] article');
    expect(await incident.locator('h3').innerText()).toBe('API requests failing');
    const updates = await incident.locator('.timeline li').allInnerTexts();
    expect(updates).toHaveLength(2);
    expect(updates[0]).toContain('Identified');
    expect(updates[0]).toContain('A faulty load balancer');
    expect(updates[1]).toContain('Investigating');

    const maintenance = tab.locator('section[aria-labelledby="maintenances"] article');
    expect(await maintenance.locator('h3').innerText()).toBe('Website migration');
    expect(await maintenance.innerText()).toContain('Affects: Website');

    const names = await tab.locator('.component-name').allInnerTexts();
    expect(names).toEqual(['API', 'Website', 'Support desk']);
    const statuses = await tab.locator('.component .status').allInnerTexts();
    expect(statuses).toEqual(['Outage', 'Maintenance', 'Operational']);
    expect(await tab.locator('section[aria-labelledby^="group-"] h3').innerText()).toBe('Core');

    // The bars are visible pictures with a text alternative naming the bad days.
    const bars = tab.locator('svg.bars');
    expect(await bars.count()).toBe(3);
    const box = await bars.first().boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(20);
    expect(await bars.first().getAttribute('aria-label')).toMatch(/^API: the last 90 days.*Downtime.*Downtime/);
    // Bars take their colours from the theme: an outage day differs from a fine day.
    // The test code has no DOM types: the page computes the style from a string.
    const fill = (kind: string): Promise<string> =>
      tab.evaluate(`getComputedStyle(document.querySelector('svg.bars .d-${kind}')).fill`);
    expect(await fill('outage')).not.toBe(await fill('operational'));
    // Only the public monitor has a latency chart.
    expect(await tab.locator('details.latency').count()).toBe(1);

    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, 'status-page-incident.png');
    const png = await tab.screenshot({ path: file, fullPage: true });
    expect(png.length).toBeGreaterThan(10_000);
    await context.close();
  });
});
