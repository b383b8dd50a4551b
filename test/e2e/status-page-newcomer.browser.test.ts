// What a newcomer meets on a public status page, in real Chromium (issue 25): a component created over
// RPC without a name shows its monitor's name on the page, in status.json, in the markdown twin, on
// the subscribe form and the manage page, and in the mails; a service without mail offers no
// subscription; the browser gets an icon; the title shows once; and a static component added today
// has no history of fine days before it existed. Two servers share one database: one with a mail
// relay (a loopback SMTP server), one without. A screenshot is kept in test-artifacts/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import type { Browser, BrowserContext } from 'playwright-core';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { chromiumPath, launchChromium } from '../support/browser';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { insideToday, storeResult } from '../support/results';
import { withKey } from '../support/rpc';
import { describeWithTool } from '../support/skips';
import { mailsTo, mailTo, startSmtp, tokenLink, type TestSmtp } from '../support/smtp';

jest.setTimeout(120_000);

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
const TITLE = 'Nameless Cloud';

describeInBrowser('a newcomer on a public status page, in Chromium', () => {
  let smtp: TestSmtp;
  /** With SMTP_URL. */
  let mailOn: HttpTestApp;
  /** The same data, without SMTP_URL: e-mail is off. */
  let mailOff: HttpTestApp;
  let tenant: Tenant;
  let browser: Browser;
  let context: BrowserContext;
  let slug: string;
  let pageId: string;
  let namelessId: string;
  let staticId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    const port = await freePort();
    mailOn = await startHttpApp({ port, env: { SMTP_URL: smtp.url, SITE_URL: `http://127.0.0.1:${port}` } });
    mailOff = await startHttpApp({ sameDatabaseAs: mailOn });
    tenant = await newTenant(mailOn);
    slug = `newcomer-${process.pid}`;
    pageId = (await mailOn.app.get(StatusPagesService).create(tenant.ctx, { title: TITLE, slug })).id;
    const monitor = await mailOn.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'Payments API',
      url: 'http://127.0.0.1:9/',
      periodicity: '1m',
    });
    await storeResult(mailOn.app, { monitorId: monitor.id, minutesAgo: 2, status: 'success', from: insideToday() });
    // Created the way a program does, over RPC, with no name of its own.
    const rpc = createClient(
      StatusPageService,
      createConnectTransport({
        baseUrl: `${mailOn.baseUrl}/rpc`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.writeKey)],
      }),
    );
    const created = await rpc.createPageComponent({ component: { pageId, type: 'monitor', monitorId: monitor.id } });
    namelessId = created.component!.id;
    expect(created.component!.name).toBe('');
    staticId = (
      await mailOn.app
        .get(PageComponentsService)
        .createComponent(tenant.ctx, { pageId, type: 'static', name: 'Support desk', order: 2 })
    ).id;
    browser = await launchChromium(executable!);
    context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1100, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    await mailOff?.close();
    await mailOn?.close();
    await smtp?.close();
  });

  it('shows a component without a name by its monitor’s name on the page, in status.json and the markdown twin', async () => {
    const tab = await context.newPage();
    expect((await tab.goto(`${mailOn.baseUrl}/status/${slug}`))?.status()).toBe(200);
    expect(await tab.locator(`#component-${namelessId} .component-name`).innerText()).toBe('Payments API');
    expect(await tab.locator(`#component-${namelessId} svg.bars`).getAttribute('aria-label')).toMatch(
      /^Payments API: the last 90 days/,
    );

    await tab.close();

    // The machines' surfaces, as a program reads them.
    const json = await fetch(`${mailOn.baseUrl}/status/${slug}/status.json`);
    const status = (await json.json()) as { components: Array<{ id: string; name: string }> };
    expect(status.components.find((c) => c.id === namelessId)?.name).toBe('Payments API');
    const markdown = await (await fetch(`${mailOn.baseUrl}/status/${slug}/index.md`)).text();
    expect(markdown).toMatch(/^- Payments API: /m);
  });

  it('offers the monitor’s name on the subscribe form, the manage page and in the mail of an incident', async () => {
    const tab = await context.newPage();
    await tab.goto(`${mailOn.baseUrl}/status/${slug}/subscribe`);
    await tab.getByLabel('E-mail address').fill('newcomer@example.com');
    await tab.getByLabel('Payments API').check();
    await tab.getByRole('button', { name: 'Subscribe' }).click();
    expect(await tab.getByRole('heading', { name: 'Check your inbox' }).isVisible()).toBe(true);

    const confirmation = await mailTo(smtp, 'newcomer@example.com');
    await tab.goto(tokenLink(confirmation, '/subscriptions/confirm'));
    await tab.getByRole('button', { name: 'Confirm' }).click();
    await tab.goto(tokenLink(confirmation, '/subscriptions/manage'));
    expect(await tab.getByLabel('Payments API').isChecked()).toBe(true);
    await tab.close();

    await mailOn.app
      .get(StatusReportsService)
      .create(
        tenant.ctx,
        { pageId, title: 'Payments failing', message: 'Looking into it.', pageComponentIds: [namelessId] },
        true,
      );
    const [, incident] = await mailsTo(smtp, 'newcomer@example.com', 2);
    expect(incident.text).toContain('Affected: Payments API');
  });

  it('offers no subscription while e-mail is off, and says so at the form’s address', async () => {
    const tab = await context.newPage();
    await tab.goto(`${mailOn.baseUrl}/status/${slug}`);
    expect(await tab.locator('a[href$="/subscribe"]').count()).toBeGreaterThan(0);

    await tab.goto(`${mailOff.baseUrl}/status/${slug}`);
    expect(await tab.locator('a[href$="/subscribe"]').count()).toBe(0);
    expect(await tab.locator('body').innerText()).not.toContain('Subscribe');
    const history = await tab.goto(`${mailOff.baseUrl}/status/${slug}/history`);
    expect(history?.status()).toBe(200);
    expect(await tab.locator('a[href$="/subscribe"]').count()).toBe(0);

    const form = await tab.goto(`${mailOff.baseUrl}/status/${slug}/subscribe`);
    expect(form?.status()).toBe(404);
    expect(await tab.getByRole('heading', { level: 1 }).innerText()).toBe('No e-mail subscriptions');
    expect(await tab.locator('input[type="email"]').count()).toBe(0);
    expect(await tab.getByRole('main').getByRole('link', { name: 'RSS' }).getAttribute('href')).toBe(
      `/status/${slug}/feed.rss`,
    );
    await tab.close();
    // A form sent anyway stores nothing.
    const before = await mailOn.app.get(SubscribersService).list(tenant.ctx, pageId);
    const posted = await fetch(`${mailOff.baseUrl}/status/${slug}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: mailOff.baseUrl },
      body: 'email=late%40example.com',
    });
    expect(posted.status).toBe(404);
    expect((await mailOn.app.get(SubscribersService).list(tenant.ctx, pageId)).totalSize).toBe(before.totalSize);
  });

  it('shows the page’s title once', async () => {
    const tab = await context.newPage();
    await tab.goto(`${mailOn.baseUrl}/status/${slug}`);
    const seen = await tab.locator('body').innerText();
    expect(seen.split(TITLE).length - 1).toBe(1);
    expect(await tab.locator('h1').allInnerTexts()).toEqual([TITLE]);
    expect(await tab.title()).toBe(TITLE);
    // On the history the header names the page and links home; the heading is the history's.
    await tab.goto(`${mailOn.baseUrl}/status/${slug}/history`);
    expect((await tab.locator('body').innerText()).split(TITLE).length - 1).toBe(1);
    expect(await tab.getByRole('link', { name: TITLE }).getAttribute('href')).toBe(`/status/${slug}`);
    await tab.close();
  });

  it('serves an icon at /favicon.ico, on the site and under each page (its custom domain’s root)', async () => {
    const tab = await context.newPage();
    for (const url of [
      `${mailOn.baseUrl}/favicon.ico`,
      `${mailOff.baseUrl}/favicon.ico`,
      `${mailOn.baseUrl}/status/${slug}/favicon.ico`,
    ]) {
      const answer = await tab.goto(url);
      expect([url, answer?.status()]).toEqual([url, 200]);
      expect(answer?.headers()['content-type']).toBe('image/x-icon');
      // Chromium decodes it: a 32 × 32 picture.
      expect(await tab.evaluate('[document.images[0].naturalWidth, document.images[0].naturalHeight]')).toEqual([
        32, 32,
      ]);
    }
    await tab.close();
  });

  it('shows no data for the days before a static component was created', async () => {
    const tab = await context.newPage();
    await tab.goto(`${mailOn.baseUrl}/status/${slug}`);
    const bars = tab.locator(`#component-${staticId} svg.bars`);
    // One path of fine days, one of days without data; each subpath (`M`) is one day.
    const days = async (kind: string) =>
      ((await bars.locator(`path.d-${kind}`).getAttribute('d')) ?? '').split('M').length - 1;
    expect(await days('operational')).toBe(1);
    expect(await days('no_data')).toBe(89);
    expect(await bars.locator('path.d-no_data title').textContent()).toBe('No data');
    // A static component has no checks to speak of: no "No checks" line under its bars.
    expect(await tab.locator(`#component-${staticId} .bars-legend`).innerText()).not.toContain('No checks');
    mkdirSync(ARTIFACTS, { recursive: true });
    await tab.screenshot({ path: join(ARTIFACTS, 'status-page-newcomer.png'), fullPage: true });
    await tab.close();
  });
});
