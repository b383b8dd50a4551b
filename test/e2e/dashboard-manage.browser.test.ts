// The operator's day in real Chromium (issue #16), against the embedded checker, a loopback HTTP
// target and a loopback SMTP server: a new member signs in, creates an HTTP monitor through the form,
// runs it and sees the check and the chart; creates a status page with a component of that monitor,
// imports a subscriber and posts an incident with notification, whose mail arrives; a viewer sees no
// control that changes anything and a forged form is refused; a monitor is made to depend on another
// through the form's Alerting fieldset. axe-core scans every form page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { chromiumPath, launchChromium, seriousViolations, signIn } from '../support/browser';
import { newMember } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { startReceiver, type Receiver } from '../support/receivers';
import { describeWithTool } from '../support/skips';
import { startSmtp, type TestSmtp } from '../support/smtp';

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

describeInBrowser('managing monitors and status pages in Chromium', () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let target: Receiver;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tenant: Tenant;
  let slug: string;
  let monitorId: string;
  let pageId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    target = await startReceiver();
    t = await startHttpApp({ port: await freePort(), checkerRegions: ['fly-ams'], env: { SMTP_URL: smtp.url } });
    await t.app.get(RetentionService).maintain(new Date());
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    browser = await launchChromium(executable!);
    // The dashboard's own content security policy applies throughout.
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await target?.close();
    await smtp?.close();
  });

  it('a new member creates an HTTP monitor, runs it, and sees the check and the chart', async () => {
    const person = await newMember(t, tenant.ctx, 'admin');
    await signIn(page, t.baseUrl, person.email);
    await page.getByRole('link', { name: 'New monitor' }).click();
    await page.waitForURL('**/monitors/new');
    await page.getByLabel('Name').fill('Checkout API');
    await page.getByLabel('URL').fill(`${target.url}/health`);
    await page.getByLabel('Check every').selectOption('1h');
    // Paused, from one region: only "Run check now" runs it.
    await page.getByLabel('Active').uncheck();
    await page.getByLabel('fly-iad').uncheck();
    await page.getByLabel('fly-sin').uncheck();
    await page.getByLabel('Status code assertions').fill('eq 200');
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await page.waitForURL(/\/monitors\/\d+\?created=1$/);
    monitorId = /\/monitors\/(\d+)/.exec(page.url())![1];
    expect(await page.getByText('Created the monitor.').isVisible()).toBe(true);
    expect(await t.app.get(MonitorsService).get(tenant.ctx, monitorId)).toMatchObject({
      name: 'Checkout API',
      regions: ['fly-ams'],
      active: false,
      statusCodeAssertions: [{ comparator: 'eq', target: 200 }],
    });

    await page.getByRole('button', { name: 'Run check now' }).click();
    await page.waitForURL(/triggered=1/);
    // The page reloads itself once the agent's result is stored.
    await page.waitForEvent('load', { timeout: 30_000 });
    await page.locator('#h-logs ~ table tbody tr').first().waitFor({ timeout: 10_000 });
    expect(target.requests.some((r) => r.path === '/health')).toBe(true);
    expect(await page.locator('#h-logs ~ table tbody tr').first().textContent()).toContain('on demand');
    // A single hour of checks: a dot per percentile (a line needs two hours).
    expect(await page.locator('svg.latency circle.mark.p50').count()).toBe(1);
  });

  it('creates a status page with the monitor as a component and posts an incident that mails the subscriber', async () => {
    await page.getByRole('link', { name: 'Status pages' }).click();
    await page.getByRole('link', { name: 'New status page' }).click();
    await page.getByLabel('Title').fill('Acme status');
    await page.getByLabel('Slug').fill('acme-browser');
    await page.getByLabel('Theme').selectOption('forest');
    await page.getByRole('button', { name: 'Create status page' }).click();
    await page.waitForURL(/\/status-pages\/\d+\?done=created$/);
    pageId = /\/status-pages\/(\d+)/.exec(page.url())![1];

    await page.getByLabel('Monitor', { exact: true }).selectOption({ label: 'Checkout API' });
    await page.getByLabel('Name', { exact: true }).fill('Checkout');
    await page.getByRole('button', { name: 'Add component' }).click();
    await page.waitForURL(/done=component/);
    expect(await page.locator('table.arrange').textContent()).toContain('Checkout');

    await page.getByRole('link', { name: 'Manage subscribers' }).click();
    await page.getByLabel('E-mail addresses').fill('customer@example.com');
    await page.getByLabel('They already agreed to get these mails').check();
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/added=1/);
    expect(await page.locator('table').textContent()).toContain('customer@example.com');

    await page.getByRole('link', { name: 'Acme status' }).first().click();
    await page.getByRole('link', { name: 'Report an incident' }).click();
    await page.getByLabel('Title').fill('Checkout is failing');
    await page.getByLabel('Message').fill('Payments time out; we are on it.');
    await page.getByLabel('Checkout').check();
    expect(await page.getByLabel('E-mail the subscribers').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Publish incident' }).click();
    await page.waitForURL(/done=published&mail=sent$/);
    expect(await page.getByText('Published the incident and mailed the subscribers.').isVisible()).toBe(true);

    const [mail] = smtp.to('customer@example.com');
    expect(mail.subject).toContain('Checkout is failing');
    expect(mail.text).toContain('Payments time out; we are on it.');

    const publicPage = await context.newPage();
    await publicPage.goto(`${t.baseUrl}/status/acme-browser`);
    expect(await publicPage.getByText('Checkout is failing').first().isVisible()).toBe(true);
    await publicPage.close();
  });

  it('shows a viewer no control that changes things, and refuses a forged form', async () => {
    const person = await newMember(t, tenant.ctx, 'viewer');
    const viewerContext = await browser.newContext();
    const tab = await viewerContext.newPage();
    await signIn(tab, t.baseUrl, person.email);
    expect(await tab.getByRole('link', { name: 'New monitor' }).count()).toBe(0);
    await tab.goto(`${t.baseUrl}/app/w/${slug}/monitors/${monitorId}`);
    expect(await tab.getByRole('heading', { name: 'Checkout API' }).count()).toBe(1);
    for (const name of ['Edit', 'Delete']) expect(await tab.getByRole('link', { name }).count()).toBe(0);
    expect(await tab.getByRole('button', { name: 'Run check now' }).count()).toBe(0);
    await tab.goto(`${t.baseUrl}/app/w/${slug}/status-pages/${pageId}`);
    expect(await tab.getByRole('heading', { name: 'Acme status' }).count()).toBe(1);
    expect(await tab.locator('table.arrange').textContent()).toContain('Checkout');
    expect(await tab.getByRole('button', { name: 'Add component' }).count()).toBe(0);
    expect(await tab.getByRole('button', { name: 'Save order' }).count()).toBe(0);
    expect(await tab.getByRole('link', { name: 'Report an incident' }).count()).toBe(0);

    // The viewer's own session and CSRF token (from the sign-out form), as a forged page would send them.
    const csrf = await tab.locator('input[name="_csrf"]').first().getAttribute('value');
    const forged = await viewerContext.request.post(`${t.baseUrl}/app/w/${slug}/monitors/${monitorId}/edit`, {
      form: { _csrf: csrf!, name: 'Forged', url: `${target.url}/x`, method: 'GET', periodicity: '1h' },
      headers: { origin: t.baseUrl },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect((await t.app.get(MonitorsService).get(tenant.ctx, monitorId)).name).toBe('Checkout API');
    const forgedDelete = await viewerContext.request.post(`${t.baseUrl}/app/w/${slug}/status-pages/${pageId}/delete`, {
      form: { _csrf: csrf! },
      headers: { origin: t.baseUrl },
      maxRedirects: 0,
    });
    expect(forgedDelete.status()).toBe(403);
    expect((await t.app.get(StatusPagesService).get(tenant.ctx, pageId)).title).toBe('Acme status');
    await viewerContext.close();
  });

  it('has no serious accessibility violation on the forms and lists', async () => {
    const scan = await browser.newContext({ bypassCSP: true });
    await scan.addCookies(await context.cookies());
    const tab = await scan.newPage();
    for (const path of [
      `/monitors/new?kind=http`,
      `/monitors/new?kind=grpc`,
      `/monitors/${monitorId}/edit`,
      `/monitors/${monitorId}/delete`,
      `/status-pages`,
      `/status-pages/new`,
      `/status-pages/${pageId}`,
      `/status-pages/${pageId}/edit`,
      `/status-pages/${pageId}/delete`,
      `/status-pages/${pageId}/reports/new`,
      `/status-pages/${pageId}/subscribers`,
      `/status-pages/${pageId}/maintenances/new`,
      `/notifications`,
      `/notifications/new?kind=webhook`,
      `/notifications/new?kind=opsgenie`,
      `/private-locations`,
    ]) {
      const answer = await tab.goto(`${t.baseUrl}/app/w/${slug}${path}`);
      expect([path, answer?.status()]).toEqual([path, 200]);
      expect([path, await seriousViolations(tab)]).toEqual([path, []]);
    }
    await scan.close();
  });

  it('keeps its contrast in the dark colour scheme', async () => {
    const scan = await browser.newContext({ bypassCSP: true, colorScheme: 'dark' });
    await scan.addCookies(await context.cookies());
    const tab = await scan.newPage();
    for (const path of [
      `/monitors`,
      `/monitors/${monitorId}`,
      `/monitors/new?kind=http`,
      `/status-pages/${pageId}`,
      `/status-pages/${pageId}/edit`,
      `/notifications`,
      `/private-locations`,
      `/audit`,
      `/settings`,
    ]) {
      const answer = await tab.goto(`${t.baseUrl}/app/w/${slug}${path}`);
      expect([path, answer?.status()]).toEqual([path, 200]);
      // The dark scheme is the one in force: the page's background is the dark one.
      expect(await tab.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(13, 17, 23)');
      expect([path, await seriousViolations(tab)]).toEqual([path, []]);
    }
    await scan.close();
  });

  it("makes a monitor depend on another through the form's Alerting fieldset, and its page says so", async () => {
    const monitors = t.app.get(MonitorsService);
    const child = await monitors.create(tenant.ctx, 'tcp', {
      name: 'Checkout DB',
      uri: '127.0.0.1:9',
      periodicity: '1h',
      active: false,
    });
    await page.goto(`${t.baseUrl}/app/w/${slug}/monitors/${child.id}/edit`);
    await page.getByLabel('Failed checks before down').fill('3');
    await page.getByLabel('Checkout API').check();
    expect([await seriousViolations(page)]).toEqual([[]]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/monitors\/\d+\?saved=1$/);
    expect(await page.getByText('Depends on: Checkout API').isVisible()).toBe(true);
    expect((await monitors.get(tenant.ctx, child.id)).alerting).toMatchObject({
      failureThreshold: 3,
      parentMonitorIds: [monitorId],
    });
  });
});
