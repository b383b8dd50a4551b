// Access control of protected public pages over real HTTP (SPEC §2.6): the password form with its
// rate limit and signed session cookie, e-mailed sign-in links through a real SMTP server on loopback,
// and IPv4 ranges with X-Forwarded-For believed only from TRUST_PROXY.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import {
  PAGE_SESSION_MS,
  PageSessions,
  sessionCookieName,
} from '../../../backend/src/public-pages/access/page-sessions';
import {
  PASSWORD_ATTEMPTS_PER_MINUTE,
  ACCESS_MAILS_PER_MINUTE,
} from '../../../backend/src/public-pages/access/access-limits';
import { StatusPagesRepository } from '../../../backend/src/status-pages/status-pages.repository';
import { StatusPagesService, type StatusPageInput } from '../../../backend/src/status-pages/status-pages.service';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { startSmtp, type ReceivedMail, type TestSmtp, mailTo } from '../../support/smtp';

jest.setTimeout(60_000);

/** A visitor: cookies by name (each test uses one page, so paths never collide). */
class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.keep(
      await fetch(`${this.baseUrl}${path}`, {
        redirect: 'manual',
        headers: { ...this.headers, ...headers, cookie: this.cookieHeader() },
      }),
    );
  }

  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.keep(
      await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams(form).toString(),
        headers: {
          ...this.headers,
          ...headers,
          'content-type': 'application/x-www-form-urlencoded',
          cookie: this.cookieHeader(),
        },
      }),
    );
  }

  /** The hidden fields of the first form of a page (the CSRF token, the return path...). */
  static async fields(response: Response): Promise<Record<string, string>> {
    const body = await response.text();
    const fields: Record<string, string> = {};
    for (const m of body.matchAll(/<input\s+type="hidden"\s+name="([^"]+)"\s+value="([^"]*)"/g)) {
      fields[m[1]] = m[2].replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
    }
    return fields;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      if (/Max-Age=0(;|$)/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
    return response;
  }
}

function sessionCookieOf(response: Response, pageId: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName(pageId)}=`));
}

function linkOf(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+\/access\/link\?token=[\w.%-]+/.exec(mail.text);
  if (!match) throw new Error(`no sign-in link in ${mail.text}`);
  return new URL(match[0]);
}

describe('public page access', () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let tenant: Tenant;
  let pages: StatusPagesService;
  let slugs = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startHttpApp({
      port: await freePort(),
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme Status <status@acme.test>' },
    });
    tenant = await newTenant(t);
    pages = t.app.get(StatusPagesService);
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  beforeEach(() => smtp.clear());

  async function page(input: StatusPageInput): Promise<{ id: string; slug: string; base: string }> {
    slugs += 1;
    const slug = `access-${slugs}`;
    const view = await pages.create(tenant.ctx, { title: `Access ${slugs}`, slug, ...input });
    return { id: view.id, slug, base: `/status/${slug}` };
  }

  describe('public', () => {
    it('sends a visitor of the access form straight to the page', async () => {
      const { base } = await page({ accessType: 'public' });
      const response = await new Visitor(t.baseUrl).get(
        `${base}/access?return=${encodeURIComponent(`${base}/history`)}`,
      );
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`${base}/history`);
    });
  });

  describe('password', () => {
    it('shows the access form without the links a visitor without access would only be refused', async () => {
      const { base } = await page({ accessType: 'password', password: 'correct horse' });
      const body = await (await new Visitor(t.baseUrl).get(`${base}/access`)).text();
      expect(body).toContain('type="password"');
      for (const path of ['/feed.rss', '/feed.atom', '/status.json', '/index.md', '/history', '/subscribe']) {
        expect(body).not.toContain(`${base}${path}`);
      }
    });

    it('lets the right password in with a signed, page-scoped session cookie, and refuses a wrong one', async () => {
      const { id, base } = await page({ accessType: 'password', password: 'correct horse' });
      const visitor = new Visitor(t.baseUrl);

      const form = await visitor.get(`${base}/access?return=${encodeURIComponent(`${base}/history?page=2`)}`);
      expect(form.status).toBe(200);
      expect(form.headers.get('cache-control')).toBe('private, no-store');
      expect(form.headers.get('content-type')).toContain('text/html');
      const fields = await Visitor.fields(form);
      expect(fields.return).toBe(`${base}/history?page=2`);
      expect(fields._csrf).toBeTruthy();

      const wrong = await visitor.post(`${base}/access`, { ...fields, password: 'wrong' });
      expect(wrong.status).toBe(403);
      expect(await wrong.text()).toContain('The password is not correct');
      expect(sessionCookieOf(wrong, id)).toBeUndefined();

      const right = await visitor.post(`${base}/access`, { ...fields, password: 'correct horse' });
      expect(right.status).toBe(303);
      expect(right.headers.get('location')).toBe(`${base}/history?page=2`);
      const cookie = sessionCookieOf(right, id)!;
      expect(cookie).toContain(`Path=${base};`);
      expect(cookie).toContain(`Max-Age=${PAGE_SESSION_MS / 1000}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      expect(cookie).not.toContain('scrypt');

      // Signed in: the access form sends the visitor on.
      const again = await visitor.get(`${base}/access`);
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(base);
    });

    it('marks the cookies Secure when the site is served over https', async () => {
      const secure = await startHttpApp({ sameDatabaseAs: t, env: { SITE_URL: 'https://status.acme.test' } });
      try {
        const { id, base } = await page({ accessType: 'password', password: 'correct horse' });
        // The request comes from the site's origin, as a browser on https://status.acme.test sends it.
        const visitor = new Visitor(secure.baseUrl, { origin: 'https://status.acme.test' });
        const form = await visitor.get(`${base}/access`);
        expect(form.headers.getSetCookie().join('\n')).toMatch(/svc_page_csrf=.*; Secure/);
        const right = await visitor.post(`${base}/access`, {
          ...(await Visitor.fields(form)),
          password: 'correct horse',
        });
        expect(right.status).toBe(303);
        expect(sessionCookieOf(right, id)).toMatch(/; Secure$/);
      } finally {
        await secure.close();
      }
    });

    it('refuses the form without its CSRF token or from another site', async () => {
      const { id, base } = await page({ accessType: 'password', password: 'correct horse' });
      const visitor = new Visitor(t.baseUrl);
      const fields = await Visitor.fields(await visitor.get(`${base}/access`));

      const noToken = await visitor.post(`${base}/access`, { password: 'correct horse', return: base });
      expect(noToken.status).toBe(403);
      expect(sessionCookieOf(noToken, id)).toBeUndefined();

      const crossSite = await visitor.post(
        `${base}/access`,
        { ...fields, password: 'correct horse' },
        {
          origin: 'https://evil.test',
        },
      );
      expect(crossSite.status).toBe(403);
      expect(sessionCookieOf(crossSite, id)).toBeUndefined();

      // Another browser's token does not fit this browser's cookie.
      const other = new Visitor(t.baseUrl);
      await other.get(`${base}/access`);
      const stolen = await other.post(`${base}/access`, { ...fields, password: 'correct horse' });
      expect(stolen.status).toBe(403);
    });

    it('only returns to paths of this page (no open redirect)', async () => {
      const { base } = await page({ accessType: 'password', password: 'correct horse' });
      for (const target of ['https://evil.test/', '//evil.test/', '/status/other', '/app']) {
        const visitor = new Visitor(t.baseUrl);
        const fields = await Visitor.fields(await visitor.get(`${base}/access?return=${encodeURIComponent(target)}`));
        expect(fields.return).toBe(base);
        const right = await visitor.post(`${base}/access`, { ...fields, return: target, password: 'correct horse' });
        expect(right.headers.get('location')).toBe(base);
      }
    });

    it(`limits password attempts to ${PASSWORD_ATTEMPTS_PER_MINUTE} a minute per page and address, then answers 429`, async () => {
      const { base } = await page({ accessType: 'password', password: 'correct horse' });
      const other = await page({ accessType: 'password', password: 'correct horse' });
      const visitor = new Visitor(t.baseUrl);
      const fields = await Visitor.fields(await visitor.get(`${base}/access`));
      // Right at the start of a window, so the attempts cannot straddle two.
      const into = Date.now() % 60_000;
      if (into > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - into));
      for (let i = 0; i < PASSWORD_ATTEMPTS_PER_MINUTE; i++) {
        expect((await visitor.post(`${base}/access`, { ...fields, password: `guess ${i}` })).status).toBe(403);
      }
      const limited = await visitor.post(`${base}/access`, { ...fields, password: 'correct horse' });
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await limited.text()).toContain(`Too many attempts. Try again in ${retryAfter} seconds.`);

      // Parallel guesses cannot run past the limit while their scrypt runs.
      const parallel = await page({ accessType: 'password', password: 'correct horse' });
      const parallelFields = await Visitor.fields(await visitor.get(`${parallel.base}/access`));
      const statuses = await Promise.all(
        Array.from({ length: PASSWORD_ATTEMPTS_PER_MINUTE + 3 }, (_, i) =>
          visitor
            .post(`${parallel.base}/access`, { ...parallelFields, password: `parallel ${i}` })
            .then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 403)).toHaveLength(PASSWORD_ATTEMPTS_PER_MINUTE);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);

      // Another page counts on its own.
      const otherFields = await Visitor.fields(await visitor.get(`${other.base}/access`));
      expect((await visitor.post(`${other.base}/access`, { ...otherFields, password: 'correct horse' })).status).toBe(
        303,
      );
    });

    it('refuses forged and expired cookies, and every cookie once the password changed', async () => {
      const { id, base } = await page({ accessType: 'password', password: 'correct horse' });
      const visitor = new Visitor(t.baseUrl);
      const fields = await Visitor.fields(await visitor.get(`${base}/access`));
      await visitor.post(`${base}/access`, { ...fields, password: 'correct horse' });
      const name = sessionCookieName(id);
      const genuine = visitor.cookies.get(name)!;
      expect((await visitor.get(`${base}/access`)).status).toBe(303);

      // Forged: a later expiry under the same MAC.
      const [v, kind, expires, subject, mac] = genuine.split('.');
      visitor.cookies.set(name, [v, kind, String(Number(expires) + 86_400_000), subject, mac].join('.'));
      expect((await visitor.get(`${base}/access`)).status).toBe(200);

      // Expired: genuinely signed, but issued more than a session ago.
      const hash = (await t.app.get(StatusPagesRepository).findPage(tenant.ctx.workspace.id, id))!.passwordHash;
      const old = t.app.get(PageSessions).issue(id, { kind: 'password' }, hash, Date.now() - PAGE_SESSION_MS - 1000);
      visitor.cookies.set(name, old);
      expect((await visitor.get(`${base}/access`)).status).toBe(200);

      // Changing the password signs everyone out.
      visitor.cookies.set(name, genuine);
      expect((await visitor.get(`${base}/access`)).status).toBe(303);
      await pages.update(tenant.ctx, id, { password: 'battery staple' }, ['password']);
      await eventually(async () => (await visitor.get(`${base}/access`)).status === 200);
    });
  });

  describe('every surface of a protected page', () => {
    const html = ['', '/history', '/subscribe'];
    const machine = ['/status.json', '/feed.rss', '/feed.atom', '/badge.svg', '/index.md'];

    it('sends browsers to the access form and refuses machines until signed in; never publicly cacheable', async () => {
      const { base } = await page({ accessType: 'password', password: 'correct horse' });
      const visitor = new Visitor(t.baseUrl);
      for (const path of html) {
        const refused = await visitor.get(`${base}${path}`);
        expect([path, refused.status]).toEqual([path, 303]);
        expect(refused.headers.get('location')).toBe(`${base}/access?return=${encodeURIComponent(`${base}${path}`)}`);
      }
      for (const path of machine) {
        const refused = await visitor.get(`${base}${path}`);
        expect([path, refused.status]).toEqual([path, 401]);
        expect(refused.headers.get('cache-control')).toBe('private, no-store');
        expect(refused.headers.get('content-type')).toContain('text/plain');
        expect(refused.headers.get('etag')).toBeNull();
      }

      const fields = await Visitor.fields(await visitor.get(`${base}/access`));
      await visitor.post(`${base}/access`, { ...fields, password: 'correct horse' });
      for (const path of [...html, ...machine]) {
        const served = await visitor.get(`${base}${path}`);
        expect([path, served.status]).toEqual([path, 200]);
        expect([path, served.headers.get('cache-control')]).toEqual([path, 'private, no-store']);
      }
      expect(await (await visitor.get(base)).text()).toContain('Access ');
    });
  });

  describe('custom domain', () => {
    it('serves the access form at /access and scopes the session cookie to the whole domain', async () => {
      slugs += 1;
      const domain = `status-${slugs}.acme.test`;
      const { id } = await page({ accessType: 'password', password: 'correct horse', customDomain: domain });
      const form = await eventuallyValue(async () => {
        const answer = await rawRequest(t.baseUrl, 'GET', '/access?return=%2Fhistory', { host: domain });
        return answer.status === 200 ? answer : null;
      });
      expect(form.body).toContain('action="/access"');
      const csrfCookie = form.setCookie.map((c) => c.split(';')[0]).join('; ');
      const csrf = /name="_csrf"\s+value="([^"]+)"/.exec(form.body)![1];
      const signedIn = await rawRequest(
        t.baseUrl,
        'POST',
        '/access',
        { host: domain, cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({ _csrf: csrf, return: '/history', password: 'correct horse' }).toString(),
      );
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.location).toBe('/history');
      const session = signedIn.setCookie.find((c) => c.startsWith(`${sessionCookieName(id)}=`))!;
      expect(session).toContain('Path=/;');
      const history = await rawRequest(t.baseUrl, 'GET', '/history', { host: domain, cookie: session.split(';')[0] });
      expect(history.status).toBe(200);
    });
  });

  describe('email-domain', () => {
    it('e-mails a link to an allowed address; the link asks for a click, then signs in for the page', async () => {
      const { id, base } = await page({ accessType: 'email-domain', authEmailDomains: ['example.com'] });
      const visitor = new Visitor(t.baseUrl);
      const fields = await Visitor.fields(
        await visitor.get(`${base}/access?return=${encodeURIComponent(`${base}/history`)}`),
      );
      const sent = await visitor.post(`${base}/access`, { ...fields, email: 'Ada@Example.com' });
      expect(sent.status).toBe(200);
      expect(await sent.text()).toContain('If Ada@Example.com may see this page, a sign-in link is on its way.');

      const mail = await mailTo(smtp, 'ada@example.com');
      expect(mail.subject).toBe('Sign in to Access ' + base.split('-').pop());
      const link = linkOf(mail);
      expect(link.origin).toBe(t.baseUrl);
      expect(link.pathname).toBe(`${base}/access/link`);

      // Opening the link (what a mail scanner does) signs no one in: it shows a button.
      const reader = new Visitor(t.baseUrl);
      const opened = await reader.get(`${link.pathname}${link.search}`);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('referrer-policy')).toBe('same-origin');
      expect(sessionCookieOf(opened, id)).toBeUndefined();
      const button = await Visitor.fields(opened);
      expect(button.token).toBe(link.searchParams.get('token'));

      const clicked = await reader.post(`${base}/access/link`, button);
      expect(clicked.status).toBe(303);
      expect(clicked.headers.get('location')).toBe(`${base}/history`);
      expect(sessionCookieOf(clicked, id)).toContain(`Path=${base};`);
      expect((await reader.get(`${base}/access`)).status).toBe(303);

      // Removing the domain signs its people out.
      await pages.update(tenant.ctx, id, { authEmailDomains: ['example.org'] }, ['authEmailDomains']);
      await eventually(async () => (await reader.get(`${base}/access`)).status === 200);
    });

    it('answers the same for an address that may not sign in, and sends nothing (subdomains included)', async () => {
      const { base } = await page({ accessType: 'email-domain', authEmailDomains: ['example.com'] });
      const visitor = new Visitor(t.baseUrl);
      const fields = await Visitor.fields(await visitor.get(`${base}/access`));
      const allowed = await (await visitor.post(`${base}/access`, { ...fields, email: 'bo@example.com' })).text();
      for (const email of ['eve@evil.test', 'eve@sub.example.com', 'eve@example.com.evil.test']) {
        const refused = await visitor.post(`${base}/access`, { ...fields, email });
        expect(refused.status).toBe(200);
        expect((await refused.text()).replaceAll(email, 'X')).toBe(allowed.replaceAll('bo@example.com', 'X'));
      }
      await mailTo(smtp, 'bo@example.com');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messages.map((m) => m.to[0])).toEqual(['bo@example.com']);
    });

    it('refuses a malformed address, naming the field', async () => {
      const { base } = await page({ accessType: 'email-domain', authEmailDomains: ['example.com'] });
      const visitor = new Visitor(t.baseUrl);
      const fields = await Visitor.fields(await visitor.get(`${base}/access`));
      const bad = await visitor.post(`${base}/access`, { ...fields, email: 'not an address' });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain('E-mail address: enter an address such as ada@example.com.');
    });

    it(`sends at most ${ACCESS_MAILS_PER_MINUTE} links a minute to one address`, async () => {
      const { base } = await page({ accessType: 'email-domain', authEmailDomains: ['example.com'] });
      const visitor = new Visitor(t.baseUrl);
      const fields = await Visitor.fields(await visitor.get(`${base}/access`));
      const into = Date.now() % 60_000;
      if (into > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - into));
      for (let i = 0; i < ACCESS_MAILS_PER_MINUTE; i++) {
        expect((await visitor.post(`${base}/access`, { ...fields, email: 'flood@example.com' })).status).toBe(200);
      }
      const limited = await visitor.post(`${base}/access`, { ...fields, email: 'flood@example.com' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    it("asks for the click again when the link form comes back without this browser's CSRF token", async () => {
      const { id, base } = await page({ accessType: 'email-domain', authEmailDomains: ['example.com'] });
      const token = t.app.get(PageSessions).linkToken({ pageId: id, email: 'ada@example.com', returnTo: base });
      const visitor = new Visitor(t.baseUrl);
      const posted = await visitor.post(`${base}/access/link`, { token, _csrf: 'forged' });
      expect(posted.status).toBe(403);
      expect(sessionCookieOf(posted, id)).toBeUndefined();
      const again = await Visitor.fields(posted);
      expect(again.token).toBe(token);
      const clicked = await visitor.post(`${base}/access/link`, again);
      expect(clicked.status).toBe(303);
      expect(sessionCookieOf(clicked, id)).toBeDefined();
    });

    it('answers 404 for unknown pages', async () => {
      const visitor = new Visitor(t.baseUrl);
      expect((await visitor.get('/status/no-such-page/access')).status).toBe(404);
      expect((await visitor.post('/status/no-such-page/access', { password: 'x' })).status).toBe(404);
    });

    it("refuses forged, expired and other pages' links", async () => {
      const { id, base } = await page({ accessType: 'email-domain', authEmailDomains: ['example.com'] });
      const other = await page({ accessType: 'email-domain', authEmailDomains: ['example.com'] });
      const sessions = t.app.get(PageSessions);
      const link = { pageId: id, email: 'ada@example.com', returnTo: base };
      const expired = sessions.linkToken(link, Date.now() - 31 * 60_000);
      const foreign = sessions.linkToken({ ...link, pageId: other.id });
      const genuine = sessions.linkToken(link);
      const visitor = new Visitor(t.baseUrl);
      for (const token of [expired, foreign, `${genuine}x`, 'garbage']) {
        const opened = await visitor.get(`${base}/access/link?token=${encodeURIComponent(token)}`);
        expect(opened.status).toBe(400);
        expect(await opened.text()).toContain('This sign-in link is not valid or has expired.');
      }
      const fields = await Visitor.fields(
        await visitor.get(`${base}/access/link?token=${encodeURIComponent(genuine)}`),
      );
      const posted = await visitor.post(`${base}/access/link`, { ...fields, token: expired });
      expect(posted.status).toBe(400);
      expect(sessionCookieOf(posted, id)).toBeUndefined();
    });
  });

  describe('ip-restriction', () => {
    it('lets addresses of the ranges in and shows others a restricted notice without a form', async () => {
      const inside = await page({ accessType: 'ip-restriction', allowedIpRanges: '10.0.0.0/8,127.0.0.0/8' });
      const outside = await page({ accessType: 'ip-restriction', allowedIpRanges: '10.0.0.0/8' });
      const visitor = new Visitor(t.baseUrl);
      expect((await visitor.get(`${inside.base}/access`)).status).toBe(303);
      const refused = await visitor.get(`${outside.base}/access`);
      expect(refused.status).toBe(403);
      const body = await refused.text();
      expect(body).toContain('This status page can only be viewed from certain networks');
      expect(body).not.toContain('<form');
    });

    it('ignores X-Forwarded-For by default', async () => {
      const { base } = await page({ accessType: 'ip-restriction', allowedIpRanges: '10.0.0.0/8' });
      const spoofing = new Visitor(t.baseUrl, { 'x-forwarded-for': '10.1.2.3' });
      expect((await spoofing.get(`${base}/access`)).status).toBe(403);
    });

    it('believes X-Forwarded-For from the proxies TRUST_PROXY names', async () => {
      const proxied = await startHttpApp({ sameDatabaseAs: t, env: { TRUST_PROXY: '127.0.0.1' } });
      try {
        const { base } = await page({ accessType: 'ip-restriction', allowedIpRanges: '10.0.0.0/8' });
        expect(
          (await new Visitor(proxied.baseUrl, { 'x-forwarded-for': '10.1.2.3' }).get(`${base}/access`)).status,
        ).toBe(303);
        expect(
          (await new Visitor(proxied.baseUrl, { 'x-forwarded-for': '192.0.2.1' }).get(`${base}/access`)).status,
        ).toBe(403);
        expect((await new Visitor(proxied.baseUrl).get(`${base}/access`)).status).toBe(403);
      } finally {
        await proxied.close();
      }
    });
  });
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  setCookie: string[];
  body: string;
}

/** A request with its own Host header (fetch may not set one), as a visitor of a custom domain sends. */
function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          setCookie: res.headers['set-cookie'] ?? [],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function eventuallyValue<T>(get: () => Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await get();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no value in time');
}

/** Page data reaches the access check through caches that follow the change feed: wait a little. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the condition did not hold in time');
}
