// The subscribe form of a public page end to end over real HTTP, with a real SMTP server on loopback:
// CSRF, validation, double opt-in, the chosen components stored and honoured by the notifier, the
// manage page reached from the mails, no enumeration of subscribed addresses, protected pages, the
// per-client rate limit, and the per-recipient mail limit that no spread of client addresses defeats.
import { Agent } from 'undici';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService, type StatusPageInput } from '../../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../../backend/src/status-reports/status-reports.service';
import { SUBSCRIBES_PER_MINUTE } from '../../../backend/src/public-pages/subscribe.routes';
import { MAILS_PER_RECIPIENT_PER_HOUR } from '../../../backend/src/subscribers/subscription-mail-limits';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { startSmtp, type TestSmtp, mailsTo, tokenLink } from '../../support/smtp';

jest.setTimeout(60_000);

/**
 * A browser without JavaScript: keeps cookies, sends forms. With `localAddress` (127.0.0.x) its
 * connections leave from that loopback address, so the server sees another client address.
 */
class Visitor {
  readonly cookies = new Map<string, string>();
  private readonly dispatcher: Agent | undefined;

  constructor(
    private readonly baseUrl: string,
    localAddress?: string,
  ) {
    this.dispatcher = localAddress ? new Agent({ localAddress }) : undefined;
  }

  async get(path: string): Promise<Response> {
    return this.keep(
      await fetch(`${this.baseUrl}${path}`, {
        redirect: 'manual',
        headers: { cookie: this.cookieHeader() },
        ...this.via(),
      }),
    );
  }

  async post(path: string, form: Array<[string, string]>, headers: Record<string, string> = {}): Promise<Response> {
    return this.keep(
      await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: this.cookieHeader(), ...headers },
        ...this.via(),
      }),
    );
  }

  async close(): Promise<void> {
    await this.dispatcher?.close();
  }

  /** Node's fetch takes undici's `dispatcher`; the DOM's RequestInit does not name it. */
  private via(): RequestInit {
    return (this.dispatcher ? { dispatcher: this.dispatcher } : {}) as RequestInit;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }
}

const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));

/** The hidden fields of a form, however the markup is laid out. */
function hiddenFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of body.matchAll(/<input\s+type="hidden"\s+name="([^"]+)"\s+value="([^"]*)"\s*\/?>/g)) {
    fields[m[1]] = unescape(m[2]);
  }
  return fields;
}

function csrfOf(body: string): string {
  const csrf = hiddenFields(body)._csrf;
  if (!csrf) throw new Error('no CSRF field in the form');
  return csrf;
}

describe('public page subscribe form', () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let tenant: Tenant;
  let slugs = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    const port = await freePort();
    t = await startHttpApp({ port, env: { SMTP_URL: smtp.url, SITE_URL: `http://127.0.0.1:${port}` } });
    tenant = await newTenant(t);
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  beforeEach(() => smtp.clear());

  async function page(input: StatusPageInput = {}) {
    slugs += 1;
    const slug = `subscribe-${slugs}`;
    const view = await t.app.get(StatusPagesService).create(tenant.ctx, { title: `Acme ${slugs}`, slug, ...input });
    const components = t.app.get(PageComponentsService);
    const api = await components.createComponent(tenant.ctx, { pageId: view.id, type: 'static', name: 'API' });
    const web = await components.createComponent(tenant.ctx, {
      pageId: view.id,
      type: 'static',
      name: 'Website',
      order: 1,
    });
    return { id: view.id, base: `/status/${slug}`, api, web };
  }

  async function chosen(email: string, pageId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await t.db.manager.query(
      `SELECT c.component_id::text AS id FROM page_subscriber_components c
         JOIN page_subscribers s ON s.id = c.subscriber_id WHERE s.email = $1 AND s.page_id = $2 ORDER BY 1`,
      [email, pageId],
    );
    return rows.map((r) => r.id);
  }

  async function statusOf(email: string, pageId: string): Promise<string | undefined> {
    const rows: Array<{ status: string }> = await t.db.manager.query(
      'SELECT status FROM page_subscribers WHERE email = $1 AND page_id = $2',
      [email, pageId],
    );
    return rows[0]?.status;
  }

  async function subscribe(visitor: Visitor, base: string, email: string, components: string[]): Promise<Response> {
    const csrf = csrfOf(await (await visitor.get(`${base}/subscribe`)).text());
    return visitor.post(`${base}/subscribe`, [
      ['_csrf', csrf],
      ['email', email],
      ...components.map((c): [string, string] => ['components', c]),
    ]);
  }

  const report = (pageId: string, componentIds: string[], title: string) =>
    t.app
      .get(StatusReportsService)
      .create(tenant.ctx, { pageId, title, message: 'Looking into it.', pageComponentIds: componentIds }, true);

  it('subscribes with chosen components, confirms by mail, mails only matching reports, manages components', async () => {
    const p = await page();
    const visitor = new Visitor(t.baseUrl);
    const form = await visitor.get(`${p.base}/subscribe`);
    expect(form.status).toBe(200);
    expect(form.headers.get('cache-control')).toBe('private, no-store');
    const html = await form.text();
    expect(html).toContain(`name="components" value="${p.api.id}"`);
    expect(html).toContain(`name="components" value="${p.web.id}"`);

    const answer = await subscribe(visitor, p.base, 'Ada@Example.com', [p.api.id]);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('ada@example.com');
    expect(await statusOf('ada@example.com', p.id)).toBe('pending');
    expect(await chosen('ada@example.com', p.id)).toEqual([p.api.id]);
    const [confirmation] = await mailsTo(smtp, 'ada@example.com');
    expect(tokenLink(confirmation, '/subscriptions/manage')).toContain(t.baseUrl);
    const confirmed = await fetch(tokenLink(confirmation, '/subscriptions/confirm'), { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect(await statusOf('ada@example.com', p.id)).toBe('confirmed');

    // Bo chooses nothing: every component.
    expect((await subscribe(new Visitor(t.baseUrl), p.base, 'bo@example.com', [])).status).toBe(200);
    const [boMail] = await mailsTo(smtp, 'bo@example.com');
    await fetch(tokenLink(boMail, '/subscriptions/confirm'), { method: 'POST' });
    expect(await chosen('bo@example.com', p.id)).toEqual([]);

    smtp.clear();
    expect((await report(p.id, [p.web.id], 'Website slow')).notified).toBe(true);
    expect(smtp.messages.flatMap((m) => m.to)).toEqual(['bo@example.com']);
    smtp.clear();
    await report(p.id, [p.api.id], 'API errors');
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(['ada@example.com', 'bo@example.com']);
    smtp.clear();
    // A report about the whole page (no component) reaches everyone.
    await report(p.id, [], 'Everything is slow');
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(['ada@example.com', 'bo@example.com']);

    // The manage link of an event mail: shows the choice, changes it.
    const manageUrl = tokenLink(smtp.to('ada@example.com')[0], '/subscriptions/manage');
    const manage = await fetch(manageUrl);
    expect(manage.status).toBe(200);
    const manageHtml = await manage.text();
    expect(manageHtml).toContain(`value="${p.api.id}" checked`);
    expect(manageHtml).not.toContain(`value="${p.web.id}" checked`);
    expect(await statusOf('ada@example.com', p.id)).toBe('confirmed');
    const saved = await fetch(manageUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `components=${p.web.id}`,
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(`value="${p.web.id}" checked`);
    expect(await chosen('ada@example.com', p.id)).toEqual([p.web.id]);
    smtp.clear();
    await report(p.id, [p.api.id], 'API errors again');
    expect(smtp.messages.flatMap((m) => m.to)).toEqual(['bo@example.com']);

    // A tampered manage link does nothing.
    const tampered = await fetch(`${manageUrl.slice(0, -2)}xx`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(tampered.status).toBe(404);
    expect(await chosen('ada@example.com', p.id)).toEqual([p.web.id]);
  });

  it('answers the same for an address already confirmed, which gets its manage link instead', async () => {
    const p = await page();
    await subscribe(new Visitor(t.baseUrl), p.base, 'cy@example.com', []);
    const [mail] = await mailsTo(smtp, 'cy@example.com');
    await fetch(tokenLink(mail, '/subscriptions/confirm'), { method: 'POST' });
    smtp.clear();

    const newcomer = await (await subscribe(new Visitor(t.baseUrl), p.base, 'dee@example.com', [])).text();
    const again = await subscribe(new Visitor(t.baseUrl), p.base, 'cy@example.com', [p.api.id]);
    expect(again.status).toBe(200);
    const answer = await again.text();
    const strip = (s: string) => s.replace(/value="[^"]*"/g, '').replace(/(cy|dee)@example\.com/g, 'X');
    expect(strip(answer)).toBe(strip(newcomer));
    expect(await statusOf('cy@example.com', p.id)).toBe('confirmed');
    expect(await chosen('cy@example.com', p.id)).toEqual([]);
    const [reminder] = await mailsTo(smtp, 'cy@example.com');
    expect(reminder.subject).toContain('You already receive status updates');
    expect(reminder.text).toContain('/subscriptions/manage?token=');
    expect(reminder.text).not.toContain('/subscriptions/confirm');
  });

  it('validates with field-named messages, and refuses a form without its CSRF token or from another site', async () => {
    const p = await page();
    const other = await page();
    const visitor = new Visitor(t.baseUrl);
    const bad = await subscribe(visitor, p.base, 'not-an-address', []);
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('E-mail address: enter an address such as ada@example.com.');
    expect(badHtml).toContain('aria-invalid="true"');
    expect(badHtml).toContain('value="not-an-address"');
    const foreign = await subscribe(visitor, p.base, 'eve@example.com', [other.api.id]);
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('Components: choose among the components listed.');
    expect(await statusOf('eve@example.com', p.id)).toBeUndefined();

    const noToken = await visitor.post(`${p.base}/subscribe`, [['email', 'eve@example.com']]);
    expect(noToken.status).toBe(403);
    const csrf = csrfOf(await (await visitor.get(`${p.base}/subscribe`)).text());
    const crossSite = await visitor.post(
      `${p.base}/subscribe`,
      [
        ['_csrf', csrf],
        ['email', 'eve@example.com'],
      ],
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(await statusOf('eve@example.com', p.id)).toBeUndefined();
    expect(smtp.to('eve@example.com')).toEqual([]);
  });

  it('speaks the asked locale', async () => {
    const p = await page({ defaultLocale: 'en', locales: ['en', 'fr', 'de'] });
    const html = await (await new Visitor(t.baseUrl).get(`${p.base}/subscribe?locale=fr`)).text();
    expect(html).toContain('S’abonner aux mises à jour');
    expect(hiddenFields(html).locale).toBe('fr');
  });

  it('sends a visitor of a protected page to its access form', async () => {
    const p = await page({ accessType: 'password', password: 'correct horse' });
    const visitor = new Visitor(t.baseUrl);
    const form = await visitor.get(`${p.base}/subscribe`);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`${p.base}/access?return=${encodeURIComponent(`${p.base}/subscribe`)}`);
    const post = await visitor.post(`${p.base}/subscribe`, [['email', 'eve@example.com']]);
    expect(post.status).toBe(303);
    expect(await statusOf('eve@example.com', p.id)).toBeUndefined();
  });

  it('mails one address at most 3 times an hour, from any page and client address, and answers alike', async () => {
    const pages = [await page(), await page()];
    const victim = 'victim@example.com';
    const clients = Array.from({ length: 40 }, (_, i) => new Visitor(t.baseUrl, `127.0.0.${10 + i}`));
    const statuses = new Set<number>();
    const answers = new Set<string>();
    try {
      for (let i = 0; i < 50; i++) {
        const answer = await subscribe(clients[i % clients.length], pages[i % 2].base, victim, []);
        statuses.add(answer.status);
        answers.add(`${i % 2}:${(await answer.text()).replace(/value="[^"]*"/g, '')}`);
      }
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
    // 50 POSTs from one address would meet its limit of 10 a minute: none was refused, so the server saw
    // 40 client addresses, and the mails were stopped by the recipient's limit. No answer differs.
    expect([...statuses]).toEqual([200]);
    expect(answers.size).toBe(pages.length);
    const mails = smtp.to(victim);
    expect(mails).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
    // Withheld POSTs changed nothing: the link of the last mail still confirms.
    const confirmed = await fetch(tokenLink(mails[mails.length - 1], '/subscriptions/confirm'), { method: 'POST' });
    expect(confirmed.status).toBe(200);
    const states = await Promise.all(pages.map((p) => statusOf(victim, p.id)));
    expect(states.sort()).toEqual(['confirmed', 'pending']);
    // Another address is not held back by the victim's quota.
    await subscribe(new Visitor(t.baseUrl), pages[0].base, 'someone@example.com', []);
    await expect(mailsTo(smtp, 'someone@example.com')).resolves.toHaveLength(1);
  });

  // Last: it spends this client address's budget for the rest of the minute.
  it('limits subscribe POSTs per client address', async () => {
    const p = await page();
    const visitor = new Visitor(t.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i <= SUBSCRIBES_PER_MINUTE; i++) {
      statuses.push((await subscribe(visitor, p.base, `flood${i}@example.com`, [])).status);
    }
    expect(statuses).toContain(429);
    const refused = await subscribe(visitor, p.base, 'late@example.com', []);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await statusOf('late@example.com', p.id)).toBeUndefined();
  });
});
