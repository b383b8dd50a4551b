// Protected status pages in real Chromium, one visitor per access type: the password form, the
// e-mailed sign-in link read from a real SMTP server on loopback, and IPv4 ranges (the browser comes
// from 127.0.0.1). Each visitor starts at the page itself and must end up seeing it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { StatusPagesService, type StatusPageInput } from '../../backend/src/status-pages/status-pages.service';
import { chromiumPath, launchChromium } from '../support/browser';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { describeWithTool } from '../support/skips';
import { startSmtp, type TestSmtp, mailTo } from '../support/smtp';

jest.setTimeout(90_000);

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

describeInBrowser('protected status pages in Chromium', () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let tenant: Tenant;
  let browser: Browser;
  let context: BrowserContext;
  let tab: Page;
  let pages = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startHttpApp({
      port: await freePort(),
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme Status <status@acme.test>' },
    });
    tenant = await newTenant(t);
    browser = await launchChromium(executable!);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    // A fresh visitor: no cookies from the previous test.
    context = await browser.newContext();
    tab = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function statusPage(input: StatusPageInput): Promise<{ title: string; base: string }> {
    pages += 1;
    const title = `Acme Cloud ${pages}`;
    const slug = `browser-access-${pages}`;
    await t.app.get(StatusPagesService).create(tenant.ctx, { title, slug, ...input });
    return { title, base: `/status/${slug}` };
  }

  it('password: a wrong password is refused, the right one shows the page', async () => {
    const { title, base } = await statusPage({ accessType: 'password', password: 'correct horse' });
    // Without access the browser gets none of the page's machine surfaces either.
    const surfaces = ['/feed.rss', '/feed.atom', '/badge.svg', '/status.json', '/index.md'];
    for (const path of surfaces) {
      const refused = await tab.goto(`${t.baseUrl}${base}${path}`);
      expect([path, refused?.status()]).toEqual([path, 401]);
    }
    await tab.goto(`${t.baseUrl}${base}/history`);
    expect(new URL(tab.url()).pathname).toBe(`${base}/access`);
    await expect(tab.getByRole('heading', { name: 'Protected page' }).isVisible()).resolves.toBe(true);

    await tab.getByLabel('Password').fill('wrong guess');
    await tab.getByRole('button', { name: 'View the page' }).click();
    await tab.getByRole('alert').waitFor();
    expect(await tab.getByRole('alert').textContent()).toContain('The password is not correct');

    await tab.getByLabel('Password').fill('correct horse');
    await tab.getByRole('button', { name: 'View the page' }).click();
    await tab.waitForURL((url) => url.pathname === `${base}/history`);
    await tab.goto(`${t.baseUrl}${base}`);
    expect(new URL(tab.url()).pathname).toBe(base);
    expect(await tab.textContent('body')).toContain(title);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name.startsWith('svc_page_') && c.name !== 'svc_page_csrf');
    expect(session).toMatchObject({ path: base, httpOnly: true, sameSite: 'Lax' });
    // Signed in, the same browser reads them.
    for (const path of surfaces) {
      const allowed = await tab.goto(`${t.baseUrl}${base}${path}`);
      expect([path, allowed?.status()]).toEqual([path, 200]);
    }
  });

  it('password: the form follows the locale asked for in the URL', async () => {
    const { base } = await statusPage({
      accessType: 'password',
      password: 'correct horse',
      defaultLocale: 'en',
      locales: ['en', 'fr'],
    });
    await tab.goto(`${t.baseUrl}${base}?locale=fr`);
    expect(new URL(tab.url()).pathname).toBe(`${base}/access`);
    expect(await tab.getAttribute('html', 'lang')).toBe('fr');
    await tab.getByLabel('Mot de passe').fill('correct horse');
    await tab.getByRole('button', { name: 'Voir la page' }).click();
    await tab.waitForURL((url) => url.pathname === base);
    expect(new URL(tab.url()).searchParams.get('locale')).toBe('fr');
  });

  it('email-domain: the visitor asks for a link, opens it from the mail and sees the page', async () => {
    const { title, base } = await statusPage({ accessType: 'email-domain', authEmailDomains: ['example.com'] });
    await tab.goto(`${t.baseUrl}${base}`);
    expect(new URL(tab.url()).pathname).toBe(`${base}/access`);
    await tab.getByLabel('E-mail address').fill('grace@example.com');
    await tab.getByRole('button', { name: 'Send me a link' }).click();
    await tab.getByText('a sign-in link is on its way').waitFor();

    const mail = await mailTo(smtp, 'grace@example.com');
    const link = /https?:\/\/\S+\/access\/link\?token=\S+/.exec(mail.text)![0];
    await tab.goto(link);
    await tab.getByRole('button', { name: 'Continue to the page' }).click();
    await tab.waitForURL((url) => url.pathname === base);
    expect(await tab.textContent('body')).toContain(title);
  });

  it('ip-restriction: a visitor inside the ranges sees the page, one outside a notice', async () => {
    const inside = await statusPage({ accessType: 'ip-restriction', allowedIpRanges: '127.0.0.0/8' });
    const response = await tab.goto(`${t.baseUrl}${inside.base}`);
    expect(response?.status()).toBe(200);
    expect(await tab.textContent('body')).toContain(inside.title);

    const outside = await statusPage({ accessType: 'ip-restriction', allowedIpRanges: '10.0.0.0/8' });
    const refused = await tab.goto(`${t.baseUrl}${outside.base}`);
    expect(refused?.status()).toBe(403);
    await expect(tab.getByRole('heading', { name: 'Restricted page' }).isVisible()).resolves.toBe(true);
    expect(await tab.locator('form').count()).toBe(0);
  });
});
