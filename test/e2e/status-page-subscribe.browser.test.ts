// The subscribe flow of a public status page in real Chromium: open the form, tick a component, send
// it, read the confirmation mail from the loopback SMTP server, open its link, confirm; then open
// the manage link, change the components and save. The browser runs no script of ours: the forms
// work without JavaScript.
import type { Browser, Page } from 'playwright-core';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { chromiumPath, launchChromium } from '../support/browser';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { describeWithTool } from '../support/skips';
import { startSmtp, type TestSmtp, mailTo, tokenLink } from '../support/smtp';

jest.setTimeout(90_000);

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

describeInBrowser('status page subscribe in Chromium', () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let browser: Browser;
  let page: Page;
  let tenant: Tenant;

  beforeAll(async () => {
    smtp = await startSmtp();
    const port = await freePort();
    t = await startHttpApp({ port, env: { SMTP_URL: smtp.url, SITE_URL: `http://127.0.0.1:${port}` } });
    tenant = await newTenant(t);
    browser = await launchChromium(executable!);
    // No JavaScript at all: the flow must work with plain forms.
    page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  it('subscribes to one component, confirms from the mail, then changes the components on the manage page', async () => {
    const view = await t.app
      .get(StatusPagesService)
      .create(tenant.ctx, { title: 'Acme Status', slug: 'browser-subscribe' });
    const components = t.app.get(PageComponentsService);
    const api = await components.createComponent(tenant.ctx, { pageId: view.id, type: 'static', name: 'API' });
    const web = await components.createComponent(tenant.ctx, {
      pageId: view.id,
      type: 'static',
      name: 'Website',
      order: 1,
    });

    await page.goto(`${t.baseUrl}/status/browser-subscribe/subscribe`);
    await page.getByLabel('E-mail address').fill('ada@example.com');
    await page.getByLabel('API').check();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('status').textContent()).resolves.toContain('ada@example.com');

    const mail = await mailTo(smtp, 'ada@example.com');
    expect(mail.subject).toBe('Confirm your subscription to Acme Status');
    await page.goto(tokenLink(mail, '/subscriptions/confirm'));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.locator('body').textContent()).resolves.toContain(
      'ada@example.com will receive status updates of Acme Status.',
    );

    await page.goto(tokenLink(mail, '/subscriptions/manage'));
    await expect(page.getByLabel('API').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Website').isChecked()).resolves.toBe(false);
    await page.getByLabel('API').uncheck();
    await page.getByLabel('Website').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toBe('Saved.');
    await expect(page.getByLabel('Website').isChecked()).resolves.toBe(true);

    const rows: Array<{ status: string; components: string[] | null }> = await t.db.manager.query(
      `SELECT s.status, array_agg(c.component_id::text) FILTER (WHERE c.component_id IS NOT NULL) AS components
         FROM page_subscribers s LEFT JOIN page_subscriber_components c ON c.subscriber_id = s.id
        WHERE s.page_id = $1 GROUP BY s.id`,
      [view.id],
    );
    expect(rows).toEqual([{ status: 'confirmed', components: [web.id] }]);
    expect(api.id).not.toBe(web.id);
  });
});
