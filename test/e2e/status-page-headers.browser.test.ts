// The security headers of public status pages in real Chromium: no public page breaks its own CSP
// (no inline script, styles only by hash), the forms (access, subscribe) never render in a frame of
// another origin, and a page renders in a frame only for the origins its `embedOrigins` names. The
// framing parents are plain pages served by loopback servers on other ports (other origins).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService, type StatusPageInput } from '../../backend/src/status-pages/status-pages.service';
import { chromiumPath, launchChromium } from '../support/browser';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { describeWithTool } from '../support/skips';
import { mailTo, startSmtp, tokenLink, type TestSmtp } from '../support/smtp';

jest.setTimeout(90_000);

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

/** A page on its own origin that frames `?src=`: what a site embedding a status page serves. */
interface Parent {
  origin: string;
  close(): Promise<void>;
}

async function startParent(): Promise<Parent> {
  const server: Server = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://x').searchParams.get('src') ?? 'about:blank';
    const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Parent</title><iframe src="${escaped}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Browser-side code as source text: the tests are compiled without the DOM's types.
const RECORD_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => {
  (window.__violations ||= []).push(e.violatedDirective + ' ' + (e.blockedURI || 'inline'));
});`;

describeInBrowser('public page security headers in Chromium', () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let tenant: Tenant;
  let browser: Browser;
  let context: BrowserContext;
  let tab: Page;
  let embedder: Parent;
  let stranger: Parent;
  /** CSP reports of the console of every page of the context, as Chromium prints them. */
  let consoleViolations: string[];
  let pages = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    const port = await freePort();
    t = await startHttpApp({ port, env: { SMTP_URL: smtp.url, SITE_URL: `http://127.0.0.1:${port}` } });
    tenant = await newTenant(t);
    browser = await launchChromium(executable!);
    embedder = await startParent();
    stranger = await startParent();
  });

  afterAll(async () => {
    await browser?.close();
    await embedder?.close();
    await stranger?.close();
    await t?.close();
    await smtp?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext();
    await context.addInitScript(RECORD_VIOLATIONS);
    consoleViolations = [];
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
    });
    tab = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  async function statusPage(input: StatusPageInput = {}): Promise<{ title: string; base: string }> {
    pages += 1;
    const title = `Acme Embedded ${pages}`;
    const slug = `browser-headers-${pages}`;
    const view = await t.app.get(StatusPagesService).create(tenant.ctx, { title, slug, ...input });
    await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: view.id, type: 'static', name: 'API' });
    return { title, base: `/status/${slug}` };
  }

  /** The violations the document of `frame` saw itself (securitypolicyviolation events). */
  async function violationsOf(frame: Page | Frame): Promise<string[]> {
    return frame.evaluate<string[]>('window.__violations || []');
  }

  /** Opens `url` in a frame of `parent` and answers the frame once its navigation settled. */
  async function framed(parent: Parent, url: string): Promise<Frame> {
    await tab.goto(`${parent.origin}/?src=${encodeURIComponent(url)}`);
    const frame = tab.frames().find((f) => f !== tab.mainFrame());
    if (!frame) throw new Error('the parent page has no frame');
    await frame.waitForLoadState('load').catch(() => undefined);
    return frame;
  }

  /**
   * The heading of our document in the frame, or null when the frame shows something else: a refused
   * frame holds Chromium's error page ("127.0.0.1 is blocked"), which has no `main#main` of our layout.
   */
  async function headingOf(frame: Frame): Promise<string | null> {
    if ((await frame.locator('main#main').count()) === 0) return null;
    return frame.locator('h1').first().textContent({ timeout: 2_000 });
  }

  it('every public page keeps to its CSP: no violation, styles applied, the headers sent', async () => {
    const { title, base } = await statusPage({ theme: 'default', locales: ['en', 'fr'] });
    const protectedPage = await statusPage({ accessType: 'password', password: 'correct horse' });
    const visited: string[] = [];
    const visit = async (path: string) => {
      const response = await tab.goto(`${t.baseUrl}${path}`);
      visited.push(path);
      const headers = response!.headers();
      expect([path, headers['x-content-type-options']]).toEqual([path, 'nosniff']);
      expect([path, headers['content-security-policy']]).toEqual([
        path,
        expect.stringMatching(/^default-src 'none';.*frame-ancestors 'none'/),
      ]);
      expect([path, headers['content-security-policy']]).not.toEqual([path, expect.stringMatching(/unsafe-inline/)]);
      expect([path, headers['x-frame-options']]).toEqual([path, 'DENY']);
      expect([path, await violationsOf(tab)]).toEqual([path, []]);
    };

    await visit(base);
    await expect(tab.getByRole('heading', { name: title, level: 1 }).count()).resolves.toBeGreaterThan(0);
    // The stylesheet applied (a blocked one leaves the browser's default serif body and no layout).
    const bodyFont = await tab.evaluate<string>('getComputedStyle(document.body).fontFamily');
    expect(bodyFont).not.toMatch(/^"?Times/);
    await visit(`${base}/history`);
    await visit(`${base}?locale=fr`);
    await visit(`${base}/subscribe`);
    await visit('/status/no-such-page');
    await visit(protectedPage.base); // redirected to the password form
    expect(tab.url()).toContain(`${protectedPage.base}/access`);
    await tab.getByLabel('Password').fill('wrong password');
    await tab.getByRole('button').first().click();
    expect([await violationsOf(tab)]).toEqual([[]]);

    // Through the subscribe form to the mail's confirm and manage pages.
    await visit(`${base}/subscribe`);
    await tab.getByLabel('E-mail address').fill('csp@example.com');
    await tab.getByRole('button', { name: 'Subscribe' }).click();
    await expect(tab.getByRole('heading', { name: 'Check your inbox' }).isVisible()).resolves.toBe(true);
    expect(await violationsOf(tab)).toEqual([]);
    const mail = await mailTo(smtp, 'csp@example.com');
    const confirm = await tab.goto(tokenLink(mail, '/subscriptions/confirm'));
    expect(confirm!.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    await tab.getByRole('button', { name: 'Confirm' }).click();
    await tab.goto(tokenLink(mail, '/subscriptions/manage'));
    expect(await violationsOf(tab)).toEqual([]);

    // Machine surfaces: no script, no frame.
    for (const path of ['/badge.svg', '/status.json', '/feed.atom', '/index.md']) {
      const response = await fetch(`${t.baseUrl}${base}${path}`);
      expect([path, response.headers.get('content-security-policy')]).toEqual([
        path,
        expect.stringMatching(/^default-src 'none';.*frame-ancestors 'none'/),
      ]);
      expect([path, response.headers.get('x-content-type-options')]).toEqual([path, 'nosniff']);
    }
    expect(visited.length).toBeGreaterThan(5);
    expect(consoleViolations).toEqual([]);
  });

  it('never renders the forms in a frame of another origin, even one the page allows', async () => {
    const open = await statusPage({ embedOrigins: [embedder.origin] });
    const locked = await statusPage({ accessType: 'password', password: 'correct horse' });

    for (const url of [`${t.baseUrl}${open.base}/subscribe`, `${t.baseUrl}${locked.base}`]) {
      const frame = await framed(embedder, url);
      expect([url, await headingOf(frame)]).toEqual([url, null]);
      // Opened at the top, the same form renders: the frame was refused, not the page broken.
      await tab.goto(url);
      await expect(tab.locator('form').count()).resolves.toBeGreaterThan(0);
    }
    expect(consoleViolations.some((m) => m.includes("frame-ancestors 'none'"))).toBe(true);
  });

  it('renders a page in a frame of an origin it allows, and only there', async () => {
    const { title, base } = await statusPage({ embedOrigins: [embedder.origin, 'https://www.example.com'] });
    const url = `${t.baseUrl}${base}`;
    const response = await fetch(url);
    expect(response.headers.get('content-security-policy')).toContain(
      `frame-ancestors ${embedder.origin} https://www.example.com`,
    );
    expect(response.headers.get('x-frame-options')).toBeNull();

    const allowed = await framed(embedder, url);
    expect(await headingOf(allowed)).toBe(title);
    expect(await violationsOf(allowed)).toEqual([]);
    const history = await framed(embedder, `${url}/history`);
    expect(await headingOf(history)).not.toBeNull();

    consoleViolations = [];
    const refused = await framed(stranger, url);
    expect(await headingOf(refused)).toBeNull();
    expect(consoleViolations.some((m) => m.includes('frame-ancestors'))).toBe(true);

    // A page without the opt-in is framed by no one.
    const closed = await statusPage();
    expect(await headingOf(await framed(embedder, `${t.baseUrl}${closed.base}`))).toBeNull();
  });
});
