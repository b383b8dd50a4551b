// The notice after publishing, as a person sees it in real Chromium (issue 25, point 2): on a server
// without SMTP, publishing an incident with "E-mail the subscribers" checked says it was published and
// that the mail could not be sent, and why; it never claims mail that was not sent. The notice comes
// through the redirect after the form's post.
import type { Browser, Page } from 'playwright-core';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { chromiumPath, launchChromium, signIn } from '../support/browser';
import { newMember } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { describeWithTool } from '../support/skips';

const executable = chromiumPath();
// Without Chromium this fails under CI and says so loudly elsewhere (test/support/skips.ts).
const describeInBrowser = describeWithTool('chromium', executable);

describeInBrowser('the publish notice in Chromium, without SMTP', () => {
  let t: HttpTestApp;
  let browser: Browser;
  let page: Page;
  let tenant: Tenant;
  let pageId: string;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    pageId = (await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Acme', slug: `notice-${Date.now()}` }))
      .id;
    browser = await launchChromium(executable!);
    page = await (await browser.newContext()).newPage();
    const person = await newMember(t, tenant.ctx, 'owner');
    await signIn(page, t.baseUrl, person.email);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('says the incident was published and the mail could not be sent, and why', async () => {
    await page.goto(`${t.baseUrl}/app/w/${tenant.ctx.workspace.slug}/status-pages/${pageId}`);
    await page.getByRole('link', { name: 'Report an incident' }).click();
    await page.getByLabel('Title').fill('Checkout is failing');
    await page.getByLabel('Message').fill('Payments time out.');
    expect(await page.getByLabel('E-mail the subscribers').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Publish incident' }).click();
    await page.waitForURL(/done=published&mail=mail_not_configured$/);
    const notice = page.locator('.notice');
    expect(await notice.count()).toBe(1);
    expect(await notice.getAttribute('class')).toBe('notice warning');
    expect((await notice.textContent())?.trim()).toBe(
      'Published the incident; the mail to subscribers could not be sent: e-mail is not configured on this server (the operator sets SMTP_URL to turn it on).',
    );
    expect(await page.getByText('mailed the subscribers').count()).toBe(0);

    // The update posted without mail says nothing about mail.
    await page.getByLabel('Status').selectOption('monitoring');
    await page.getByLabel('Message').fill('A fix is out.');
    await page.getByLabel('E-mail the subscribers').uncheck();
    await page.getByRole('button', { name: 'Post update' }).click();
    await page.waitForURL(/done=updated$/);
    expect((await page.locator('.notice').textContent())?.trim()).toBe('Posted the update.');
  });
});
