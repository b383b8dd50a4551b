// What a newcomer meets in the dashboard, in real Chromium (issue 25): editing a component's name and
// description (an empty name shows the monitor's, on the public page too), a service without mail
// that says so and how to turn it on, the private locations table that keeps a location's name apart
// from its id, and the overview's chips that count a paused monitor once. axe-core scans the new form.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { chromiumPath, launchChromium, seriousViolations, signIn } from '../support/browser';
import { newMember } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { insideToday, storeResult } from '../support/results';
import { eventually } from '../support/rpc';
import { describeWithTool } from '../support/skips';

jest.setTimeout(120_000);

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

describeInBrowser('a newcomer in the dashboard, in Chromium (no mail relay)', () => {
  let t: HttpTestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tenant: Tenant;
  let slug: string;
  let statusPageId: string;
  let statusSlug: string;
  let componentId: string;

  beforeAll(async () => {
    // No SMTP_URL: e-mail is off.
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    const monitors = t.app.get(MonitorsService);
    const billing = await monitors.create(tenant.ctx, 'http', {
      name: 'Billing',
      url: 'http://127.0.0.1:9/',
      periodicity: '1h',
      active: true,
    });
    const archive = await monitors.create(tenant.ctx, 'http', {
      name: 'Archive',
      url: 'http://127.0.0.1:9/',
      periodicity: '1h',
      active: true,
    });
    for (const id of [billing.id, archive.id]) {
      await storeResult(t.app, { monitorId: id, minutesAgo: 2, status: 'success', from: insideToday() });
    }
    // Up when it was paused: its status stays that of its last checks.
    await monitors.update(tenant.ctx, 'http', archive.id, { active: false }, ['active']);
    statusSlug = `dash-newcomer-${process.pid}`;
    statusPageId = (
      await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Billing status', slug: statusSlug })
    ).id;
    componentId = (
      await t.app
        .get(PageComponentsService)
        .createComponent(tenant.ctx, { pageId: statusPageId, type: 'monitor', monitorId: billing.id })
    ).id;
    await t.app.get(PrivateLocationsService).create(tenant.ctx, { name: 'My laptop' });

    const owner = await newMember(t, tenant.ctx, 'owner');
    browser = await launchChromium(executable!);
    // axe-core is injected into the pages, which the dashboard's CSP would refuse.
    context = await browser.newContext({ bypassCSP: true });
    page = await context.newPage();
    await signIn(page, t.baseUrl, owner.email);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('counts a paused monitor once in the overview’s chips, and its filter lists it alone', async () => {
    await page.goto(`${t.baseUrl}/app/w/${slug}/monitors`);
    const chips = await page.getByRole('list', { name: 'Monitors by status' }).getByRole('link').allInnerTexts();
    expect(chips.map((c) => c.replace(/\s+/g, ' ').trim())).toEqual([
      '1 Up',
      '0 Degraded',
      '0 Down',
      '0 No data',
      '1 Paused',
    ]);
    await page.getByRole('link', { name: '1 Up' }).click();
    await page.waitForURL(/status=active/);
    expect(await page.locator('table.monitors tbody tr').count()).toBe(1);
    expect(await page.locator('table.monitors tbody').innerText()).toContain('Billing');
  });

  it('keeps a private location’s name apart from its id', async () => {
    await page.goto(`${t.baseUrl}/app/w/${slug}/private-locations`);
    const row = page.locator('tbody tr').filter({ hasText: 'My laptop' });
    const name = await row.getByRole('rowheader').innerText();
    expect(name).toMatch(/^My laptop · id \d+$/);
    expect(name).not.toContain('laptopid');
  });

  it('edits a component’s name and description; an empty name shows the monitor’s again', async () => {
    await page.goto(`${t.baseUrl}/app/w/${slug}/status-pages/${statusPageId}`);
    await page.getByRole('link', { name: 'Edit Billing' }).click();
    await page.waitForURL(`**/components/${componentId}/edit`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Edit Billing');
    expect(await page.getByText('Empty: the monitor’s name, “Billing”.').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Name').fill('Billing API');
    await page.getByLabel('Description').fill('Invoices and card payments');
    await page.getByRole('button', { name: 'Save component' }).click();
    await page.waitForURL(/done=component-saved/);
    expect(await page.getByText('Saved the component.').isVisible()).toBe(true);
    expect(await page.locator('table.arrange tbody').innerText()).toContain('Billing API');

    const visitor = await context.newPage();
    await visitor.goto(`${t.baseUrl}/status/${statusSlug}`);
    expect(
      await eventually(
        async () => {
          await visitor.reload();
          return visitor.locator(`#component-${componentId} .component-name`).innerText();
        },
        (name) => name === 'Billing API',
      ),
    ).toBe('Billing API');
    expect(await visitor.locator(`#component-${componentId} .component-description`).innerText()).toBe(
      'Invoices and card payments',
    );

    await page.getByRole('link', { name: 'Edit Billing API' }).click();
    expect(await page.getByLabel('Name').inputValue()).toBe('Billing API');
    await page.getByLabel('Name').fill('');
    await page.getByLabel('Description').fill('x'.repeat(1025));
    await page.getByRole('button', { name: 'Save component' }).click();
    // A refusal is shown beside its field, with what was typed kept.
    expect(await page.locator('#f-description-error').innerText()).toBe('must be at most 1024 characters');
    expect(await page.getByLabel('Description').inputValue()).toHaveLength(1025);
    await page.getByLabel('Description').fill('');
    await page.getByRole('button', { name: 'Save component' }).click();
    await page.waitForURL(/done=component-saved/);
    // The page's cache hears of the change through the database's notifications: a moment later.
    const shown = await eventually(
      async () => {
        await visitor.reload();
        return visitor.locator(`#component-${componentId} .component-name`).innerText();
      },
      (name) => name === 'Billing',
    );
    expect(shown).toBe('Billing');
    expect(await visitor.locator(`#component-${componentId} .component-description`).count()).toBe(0);
    await visitor.close();
  });

  it('says mail is off and how to turn it on, and refuses what would need a mail', async () => {
    await page.goto(`${t.baseUrl}/app/w/${slug}/status-pages/${statusPageId}`);
    expect(await page.getByRole('region', { name: 'Subscribers' }).innerText()).toContain('E-mail is off.');
    await page.getByRole('link', { name: 'Manage subscribers' }).click();
    const off = page.getByRole('status').filter({ hasText: 'E-mail is off.' });
    expect(await off.innerText()).toContain('SMTP_URL=smtp://user:password@smtp.example.com:587');
    expect(await off.innerText()).toContain('public page offers no subscription');

    await page.getByLabel('E-mail addresses').fill('ada@example.com');
    await page.getByRole('button', { name: 'Import' }).click();
    expect(await page.locator('#f-emails-error').innerText()).toContain('SMTP_URL is not set');
    expect((await t.app.get(SubscribersService).list(tenant.ctx, statusPageId)).totalSize).toBe(0);

    await page.getByLabel('E-mail addresses').fill('ada@example.com');
    await page.getByLabel('They already agreed to get these mails').check();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/added=1/);
    expect(await page.getByRole('table', { name: 'Subscribers' }).innerText()).toContain('ada@example.com');
  });
});
