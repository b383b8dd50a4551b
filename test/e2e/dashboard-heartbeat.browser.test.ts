// A heartbeat monitor made in real Chromium (issue 27): the form without JavaScript's help, the ping
// URL shown once with its crontab line, which is copied from the page and run by sh as cron would
// (curl on loopback); the monitor page then lists the ping and no longer shows the URL. axe-core
// finds no serious violation on the form, the page that shows the URL and the monitor's page.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumPath, launchChromium, seriousViolations, signIn } from '../support/browser';
import { newMember } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { describeWithTool } from '../support/skips';

const run = promisify(execFile);
const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

describeInBrowser('dashboard heartbeat monitor in Chromium', () => {
  let t: HttpTestApp;
  let browser: Browser;
  let strict: BrowserContext;
  let page: Page;
  let tenant: Tenant;
  let owner: { userId: string; email: string };

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    owner = await newMember(t, tenant.ctx, 'owner');
    browser = await launchChromium(executable!);
    strict = await browser.newContext();
    page = await strict.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('creates a heartbeat monitor, shows its crontab line once, and lists the ping the line sends', async () => {
    await signIn(page, t.baseUrl, owner.email);
    await page.getByRole('link', { name: 'New monitor' }).click();
    await page.getByRole('link', { name: 'Heartbeat (cron job)' }).click();
    await page.waitForURL(/kind=heartbeat/);
    await page.getByLabel('Name').fill('Nightly export');
    await page.getByLabel('On a cron schedule').check();
    await page.getByLabel('Cron expression').fill('*/10 * * * *');
    await page.getByLabel('Grace time').fill('15m');
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByRole('heading', { name: 'Ping URL' }).waitFor();

    const pingUrl = await page.getByRole('textbox', { name: 'URL the job pings' }).inputValue();
    expect(pingUrl).toMatch(new RegExp(`^${t.baseUrl}/ping/[A-Za-z0-9_-]{32}$`));
    const line = (await page.locator('#crontab-line').textContent())!;
    expect(line).toBe(`*/10 * * * * /path/to/job.sh && curl -fsS -m 10 --retry 5 -o /dev/null '${pingUrl}'`);
    expect(await page.getByText('it is shown only this once').isVisible()).toBe(true);

    // The line as cron runs it (its schedule's five fields off), with a job that succeeds.
    const command = line.split(' ').slice(5).join(' ').replace('/path/to/job.sh', 'true');
    await run('sh', ['-c', command]);

    await page.getByRole('link', { name: 'Go to the monitor' }).click();
    await page.waitForURL(/\/monitors\/\d+$/);
    const pings = page.locator('table.pings tbody tr');
    expect(await pings.count()).toBe(1);
    expect(await pings.first().textContent()).toMatch(/Success[\s\S]*curl\//);
    expect(await page.content()).not.toContain(pingUrl);
    expect(await page.getByRole('link', { name: 'Rotate the ping URL' }).isVisible()).toBe(true);
  });

  it('has no serious accessibility violation on the form and the page that shows the URL', async () => {
    const scan = await browser.newContext({ bypassCSP: true });
    await scan.addCookies(await strict.cookies());
    const tab = await scan.newPage();
    const monitors = `${t.baseUrl}/app/w/${tenant.ctx.workspace.slug}/monitors`;
    await tab.goto(`${monitors}/new?kind=heartbeat`);
    expect(await seriousViolations(tab)).toEqual([]);
    await tab.getByLabel('Name').fill('Daily sync');
    await tab.getByRole('button', { name: 'Create monitor' }).click();
    await tab.getByRole('heading', { name: 'Ping URL' }).waitFor();
    // The default schedule, a ping a day, as a crontab schedule.
    expect(await tab.locator('#crontab-line').textContent()).toContain('0 0 * * * /path/to/job.sh');
    expect(await seriousViolations(tab)).toEqual([]);
    // The monitor page of the first test's heartbeat, with its pings table and a body.
    await tab.goto(monitors);
    await tab.getByRole('link', { name: 'Nightly export' }).click();
    await tab.locator('table.pings').waitFor();
    expect(await seriousViolations(tab)).toEqual([]);
    await scan.close();
  });
});
