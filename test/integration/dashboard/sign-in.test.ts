// Signing in to the dashboard over HTTP: sessions and their cookie, generic failures, the rate
// limit, CSRF on the sign-in forms, the one-time link of the first start and the return-to rule.
import { FirstRunService } from '../../../backend/src/bootstrap/first-run.service';
import { UsersService } from '../../../backend/src/users/users.service';
import { DashboardClient, givePassword, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

describe('dashboard sign-in', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let email: string;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    ({ email } = await newMember(t, tenant.ctx, 'owner'));
  });
  afterAll(() => t.close());

  it('signs in with the right password: an HttpOnly, SameSite=Lax session cookie, then the workspace monitors', async () => {
    const browser = new DashboardClient(t.baseUrl);
    const form = await browser.get('/app/sign-in');
    expect(form.status).toBe(200);
    expect(form.body).toContain('<html lang="en">');
    expect(form.body).toMatch(/<label for="f-email">E-mail<\/label>/);
    const pre = form.headers.getSetCookie().join('\n');
    expect(pre).toMatch(/svc_presession=\w{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax/);

    const signedIn = await browser.post('/app/sign-in', { email: email.toUpperCase(), password: PASSWORD });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe('/app');
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('svc_session='))!;
    expect(cookie).toMatch(/^svc_session=\w{43}; Path=\/; Max-Age=1209600; HttpOnly; SameSite=Lax$/);
    // Served over http here: never Secure (the browser would drop it), see cookies.spec.ts for https.
    expect(cookie).not.toContain('Secure');

    const home = await browser.follow(signedIn);
    expect(home.status).toBe(303);
    expect(home.location).toBe(`/app/w/${tenant.ctx.workspace.slug}/monitors`);
    const monitors = await browser.follow(home);
    expect(monitors.status).toBe(200);
    expect(monitors.headers.get('cache-control')).toBe('no-store');
    expect(monitors.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(textOf(monitors.body)).toContain(email);
  });

  it('stores only a hash of the session token', async () => {
    const browser = new DashboardClient(t.baseUrl);
    await browser.signIn(email);
    const token = browser.cookies.get('svc_session')!;
    const rows = await t.db.rows<{ token_hash: string }>('SELECT token_hash FROM dashboard_sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
  });

  it('answers one message for a wrong password, an unknown e-mail and a user without a password', async () => {
    const { user: noPassword } = await t.app
      .get(UsersService)
      .addMember(tenant.ctx, { email: `nopw-${Date.now()}@example.com`, role: 'member' });
    const answers = [];
    for (const [who, password] of [
      [email, 'wrong password!!'],
      ['nobody@example.com', PASSWORD],
      [noPassword.email, PASSWORD],
    ]) {
      const browser = new DashboardClient(t.baseUrl);
      await browser.get('/app/sign-in');
      const answer = await browser.post('/app/sign-in', { email: who, password });
      expect(answer.status).toBe(401);
      expect(browser.cookies.has('svc_session')).toBe(false);
      answers.push(/<div class="notice error" role="alert">([^<]*)<\/div>/.exec(answer.body)?.[1]);
      // The e-mail is kept in the form, the password never.
      expect(answer.body).toContain(`value="${who}"`);
      expect(answer.body).not.toContain(password);
    }
    expect(new Set(answers)).toEqual(new Set(['Wrong e-mail or password']));
  });

  it('answers 400 with the field named for a missing or malformed field, and for a body that is not a form', async () => {
    const browser = new DashboardClient(t.baseUrl);
    await browser.get('/app/sign-in');
    const missing = await browser.post('/app/sign-in', { email: '', password: 'x' });
    expect(missing.status).toBe(400);
    expect(textOf(missing.body)).toContain('E-mail is required');
    const control = await browser.post('/app/sign-in', { email: 'a\u0000b@example.com', password: 'x' });
    expect(control.status).toBe(400);
    expect(textOf(control.body)).toContain('must not contain control characters');
    const text = await browser.post('/app/sign-in', {}, { contentType: 'text/plain', rawBody: 'hello' });
    expect(text.status).toBe(400);
    expect(textOf(text.body)).toContain('application/x-www-form-urlencoded');
    const xml = await browser.post('/app/sign-in', {}, { contentType: 'application/xml', rawBody: '<a/>' });
    expect(xml.status).toBe(415);
    expect(textOf(xml.body)).toContain('application/x-www-form-urlencoded');
  });

  it('refuses the sign-in form without its CSRF token, with a wrong one, or from another origin', async () => {
    const browser = new DashboardClient(t.baseUrl);
    await browser.get('/app/sign-in');
    const good = browser.csrf!;
    const missing = await browser.post('/app/sign-in', { email, password: PASSWORD }, { csrf: null });
    expect(missing.status).toBe(403);
    const wrong = await browser.post('/app/sign-in', { email, password: PASSWORD }, { csrf: `${good.slice(0, -2)}xx` });
    expect(wrong.status).toBe(403);
    // Another browser's token does not fit this browser's pre-session cookie.
    const other = new DashboardClient(t.baseUrl);
    await other.get('/app/sign-in');
    expect((await browser.post('/app/sign-in', { email, password: PASSWORD }, { csrf: other.csrf })).status).toBe(403);
    await browser.get('/app/sign-in');
    const crossOrigin = await browser.post(
      '/app/sign-in',
      { email, password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(crossOrigin.status).toBe(403);
    expect(textOf(crossOrigin.body)).toContain('another origin');
    const crossSite = await browser.post('/app/sign-in', { email, password: PASSWORD }, { secFetchSite: 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(browser.cookies.has('svc_session')).toBe(false);
    // The same form with its token and from the same origin works.
    await browser.get('/app/sign-in');
    expect((await browser.post('/app/sign-in', { email, password: PASSWORD })).status).toBe(303);
  });

  it('signs out: the session row is deleted and the old cookie no longer opens a page', async () => {
    const browser = new DashboardClient(t.baseUrl);
    await browser.signIn(email);
    const token = browser.cookies.get('svc_session')!;
    const page = await browser.get(`/app/w/${tenant.ctx.workspace.slug}/settings`);
    expect(page.status).toBe(200);
    const refused = await browser.post('/app/sign-out', {}, { csrf: null });
    expect(refused.status).toBe(403);
    const out = await browser.post('/app/sign-out', {});
    expect(out.status).toBe(303);
    expect(out.location).toBe('/app/sign-in');
    expect(out.headers.getSetCookie().join()).toMatch(/svc_session=; Path=\/; Max-Age=0/);
    const replay = new DashboardClient(t.baseUrl);
    replay.cookies.set('svc_session', token);
    const after = await replay.get(`/app/w/${tenant.ctx.workspace.slug}/settings`);
    expect(after.status).toBe(303);
    expect(after.location).toBe(
      `/app/sign-in?next=${encodeURIComponent(`/app/w/${tenant.ctx.workspace.slug}/settings`)}`,
    );
  });

  it('ends a session idle for a day or older than two weeks, and deletes its row', async () => {
    const settings = `/app/w/${tenant.ctx.workspace.slug}/settings`;
    for (const column of ['last_seen_at', 'expires_at']) {
      const browser = new DashboardClient(t.baseUrl);
      await browser.signIn(email);
      expect((await browser.get(settings)).status).toBe(200);
      const [session] = await t.db.rows<{ id: string }>(
        'SELECT id::text AS id FROM dashboard_sessions ORDER BY id DESC LIMIT 1',
      );
      const when = column === 'last_seen_at' ? "now() - interval '24 hours 1 minute'" : "now() - interval '1 second'";
      await t.db.manager.query(`UPDATE dashboard_sessions SET ${column} = ${when} WHERE id = $1`, [session.id]);
      const page = await browser.get(settings);
      expect(page.status).toBe(303);
      expect(page.location).toContain('/app/sign-in?next=');
      expect(await t.db.rows('SELECT 1 FROM dashboard_sessions WHERE id = $1', [session.id])).toHaveLength(0);
    }
  });

  it('returns to a dashboard path after sign-in, never to another site', async () => {
    const slug = tenant.ctx.workspace.slug;
    const browser = new DashboardClient(t.baseUrl);
    const back = await browser.signIn(email, PASSWORD, `/app/w/${slug}/settings/members`);
    expect(back.location).toBe(`/app/w/${slug}/settings/members`);
    for (const next of ['https://evil.example/', '//evil.example/app', '/\\evil.example']) {
      const other = new DashboardClient(t.baseUrl);
      const answer = await other.signIn(email, PASSWORD, next);
      expect(answer.status).toBe(303);
      expect(answer.location).toBe('/app');
    }
  });

  it('the first start prints a one-time link that sets the owner password and signs in, once', async () => {
    const firstRun = t.app.get(FirstRunService);
    // The test database already has workspaces, so run() does nothing; the link of a later start is the same kind.
    expect(await firstRun.run()).toBeNull();
    const { user } = await t.app
      .get(UsersService)
      .addMember(tenant.ctx, { email: 'owner@uptime.local', role: 'owner' });
    const url = await firstRun.ownerLinkIfNoPassword();
    expect(url).toMatch(new RegExp(`^${t.baseUrl}/app/sign-in/link\\?token=\\w{43}$`));
    const path = url!.replace(t.baseUrl, '');

    const browser = new DashboardClient(t.baseUrl);
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    // A refused password leaves the link usable.
    const short = await browser.post('/app/sign-in/link', { token: url!.split('token=')[1], password: 'short' });
    expect(short.status).toBe(400);
    expect(textOf(short.body)).toContain('Password must be at least 12 characters');
    const done = await browser.post('/app/sign-in/link', { token: url!.split('token=')[1], password: PASSWORD });
    expect(done.status).toBe(303);
    expect(browser.cookies.has('svc_session')).toBe(true);
    expect((await t.app.get(UsersService).verifyPassword('owner@uptime.local', PASSWORD)).id).toBe(user.id);

    // Used up: the page and the form both answer 404, and no new link is printed once a password exists.
    const again = new DashboardClient(t.baseUrl);
    expect((await again.get(path)).status).toBe(404);
    await again.get('/app/sign-in');
    const reuse = await again.post('/app/sign-in/link', { token: url!.split('token=')[1], password: PASSWORD });
    expect(reuse.status).toBe(404);
    expect(again.cookies.has('svc_session')).toBe(false);
    expect(await firstRun.ownerLinkIfNoPassword()).toBeNull();
    expect((await new DashboardClient(t.baseUrl).get('/app/sign-in/link?token=nope')).status).toBe(404);
  });

  it('audits a password change without the password or its hash', async () => {
    const { userId } = await newMember(t, tenant.ctx, 'member');
    await givePassword(t, userId, 'another long password');
    const rows = await t.db.rows<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_logs WHERE action = 'user.update' AND entity_id = $1`,
      [userId],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].after).toEqual({ userId, email: expect.any(String) as unknown, canSignIn: true });
  });
});

describe('dashboard sign-in rate limit', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    // Behind a trusted proxy on loopback, X-Forwarded-For names the client: tests can be many clients.
    t = await startHttpApp({ port: await freePort(), env: { AUTH_FAILURE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  it('refuses sign-ins with 429 and Retry-After after too many failures, even with the right password', async () => {
    const tenant = await newTenant(t);
    const { email } = await newMember(t, tenant.ctx, 'member');
    const browser = new DashboardClient(t.baseUrl);
    await browser.get('/app/sign-in');
    for (let i = 0; i < 3; i++) {
      expect((await browser.post('/app/sign-in', { email, password: `wrong password ${i}` })).status).toBe(401);
    }
    const limited = await browser.post('/app/sign-in', { email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(textOf(limited.body)).toContain('Too many failed sign-ins');
    expect(browser.cookies.has('svc_session')).toBe(false);
  });

  it('counts failures per e-mail too: guesses spread over many addresses stop at the limit', async () => {
    const tenant = await newTenant(t);
    const { email } = await newMember(t, tenant.ctx, 'member');
    const fromAddress = async (address: string, password: string) => {
      const browser = new DashboardClient(t.baseUrl);
      browser.headers['x-forwarded-for'] = address;
      await browser.get('/app/sign-in');
      return browser.post('/app/sign-in', { email, password });
    };
    for (let i = 0; i < 3; i++)
      expect((await fromAddress(`203.0.113.${i + 1}`, `wrong password ${i}`)).status).toBe(401);
    expect((await fromAddress('203.0.113.50', PASSWORD)).status).toBe(429);
    // Another account from a fresh address is not held back by this one's failures.
    const other = await newMember(t, tenant.ctx, 'member');
    const browser = new DashboardClient(t.baseUrl);
    browser.headers['x-forwarded-for'] = '203.0.113.51';
    expect((await browser.signIn(other.email)).status).toBe(303);
  });

  it('is not closed by failed API authentications from the same address, which have their own budget', async () => {
    const tenant = await newTenant(t);
    const { email } = await newMember(t, tenant.ctx, 'member');
    const from = { 'x-forwarded-for': '2001:db8:77:1::1' };
    for (let i = 0; i < 5; i++) {
      const wrong = await fetch(`${t.baseUrl}/v1/whoami`, { headers: { ...from, 'x-service-key': `svc_wrong_${i}` } });
      expect(wrong.status).toBe(i < 3 ? 401 : 429);
    }
    const browser = new DashboardClient(t.baseUrl);
    browser.headers['x-forwarded-for'] = from['x-forwarded-for'];
    expect((await browser.signIn(email)).status).toBe(303);
  });
});
