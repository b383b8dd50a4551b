// The OAuth consent page over HTTP, from a real authorization request (POST /oauth/register, then
// GET /oauth/authorize): sign-in and back, the client shown escaped, the loopback warning, the
// workspace picker, downgrade to read, deny, CSRF, other workspaces, unknown requests.
import { createHash, randomBytes } from 'node:crypto';
import { UsersService } from '../../../backend/src/users/users.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

interface Flow {
  consentPath: string;
  verifier: string;
  state: string;
  clientId: string;
  redirectUri: string;
}

describe('OAuth consent page', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let user: { userId: string; email: string };

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    user = await newMember(t, tenant.ctx, 'member');
  });
  afterAll(() => t.close());

  async function startFlow(scope: string, clientName = 'Inspector <MCP>'): Promise<Flow> {
    const redirectUri = 'http://127.0.0.1:6274/oauth/callback';
    const registered = await fetch(`${t.baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: clientName,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(8).toString('hex');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state,
      scope,
      resource: `${t.baseUrl}/mcp`,
    });
    const authorize = await fetch(`${t.baseUrl}/oauth/authorize?${query.toString()}`, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const location = authorize.headers.get('location')!;
    expect(location.startsWith(`${t.baseUrl}/oauth/consent?request=`)).toBe(true);
    return { consentPath: location.replace(t.baseUrl, ''), verifier, state, clientId, redirectUri };
  }

  async function signedIn(): Promise<DashboardClient> {
    const browser = new DashboardClient(t.baseUrl);
    await browser.signIn(user.email);
    return browser;
  }

  it('sends a signed-out user to sign in and back to the consent page', async () => {
    const flow = await startFlow('write');
    const browser = new DashboardClient(t.baseUrl);
    const toSignIn = await browser.get(flow.consentPath);
    expect(toSignIn.status).toBe(303);
    expect(toSignIn.location).toBe(`/app/sign-in?next=${encodeURIComponent(flow.consentPath)}`);
    await browser.follow(toSignIn);
    const back = await browser.post('/app/sign-in', { email: user.email, password: PASSWORD, next: flow.consentPath });
    expect(back.status).toBe(303);
    expect(back.location).toBe(flow.consentPath);
    const page = await browser.follow(back);
    expect(page.status).toBe(200);
    // Escaped client name, the redirect host, the loopback warning, only the user's workspaces.
    expect(page.body).toContain('Inspector &#60;MCP&#62;');
    expect(page.body).not.toContain('Inspector <MCP>');
    expect(textOf(page.body)).toContain('sent back to 127.0.0.1');
    expect(textOf(page.body)).toContain('redirects only to a local address');
    expect(page.body).toMatch(new RegExp(`<option value="${tenant.ctx.workspace.id}"\\s+selected>`));
    expect((page.body.match(/<option /g) ?? []).length).toBe(1);
    expect(page.body).toMatch(/value="write"\s+checked/);
  });

  it('approves with a downgrade to read: the redirect carries code, state and iss, and the token is read-only', async () => {
    const flow = await startFlow('write');
    const browser = await signedIn();
    await browser.get(flow.consentPath);
    const approved = await browser.post(flow.consentPath, {
      decision: 'approve',
      workspaceId: tenant.ctx.workspace.id,
      scope: 'read',
    });
    expect(approved.status).toBe(303);
    const target = new URL(approved.location!);
    expect(`${target.origin}${target.pathname}`).toBe(flow.redirectUri);
    expect(target.searchParams.get('state')).toBe(flow.state);
    expect(target.searchParams.get('iss')).toBe(t.baseUrl);
    const code = target.searchParams.get('code')!;
    const token = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: flow.redirectUri,
        client_id: flow.clientId,
        code_verifier: flow.verifier,
        resource: `${t.baseUrl}/mcp`,
      }).toString(),
    });
    expect(token.status).toBe(200);
    expect(((await token.json()) as { scope: string }).scope).toBe('read');
    // Answered once: the same request is gone.
    const again = await browser.get(flow.consentPath);
    expect(again.status).toBe(404);
  });

  it('offers only read to a client that asked for read, and refuses write for it', async () => {
    const flow = await startFlow('read');
    const browser = await signedIn();
    const page = await browser.get(flow.consentPath);
    expect(page.body).not.toContain('value="write"');
    const refused = await browser.post(flow.consentPath, {
      decision: 'approve',
      workspaceId: tenant.ctx.workspace.id,
      scope: 'write',
    });
    expect(refused.status).toBe(400);
    expect(textOf(refused.body)).toContain('read access only');
  });

  it('lets a viewer of the workspace grant read access only', async () => {
    const viewer = await newMember(t, tenant.ctx, 'viewer');
    const browser = new DashboardClient(t.baseUrl);
    expect((await browser.signIn(viewer.email)).status).toBe(303);
    const flow = await startFlow('write');
    await browser.get(flow.consentPath);
    const refused = await browser.post(flow.consentPath, {
      decision: 'approve',
      workspaceId: tenant.ctx.workspace.id,
      scope: 'write',
    });
    expect(refused.status).toBe(400);
    expect(textOf(refused.body)).toContain('a viewer of the workspace can grant read access only');
    const approved = await browser.post(flow.consentPath, {
      decision: 'approve',
      workspaceId: tenant.ctx.workspace.id,
      scope: 'read',
    });
    expect(approved.status).toBe(303);
    expect(new URL(approved.location!).searchParams.get('code')).toBeTruthy();
  });

  it('denies: the redirect carries error=access_denied, state and iss', async () => {
    const flow = await startFlow('write');
    const browser = await signedIn();
    await browser.get(flow.consentPath);
    const denied = await browser.post(flow.consentPath, { decision: 'deny' });
    expect(denied.status).toBe(303);
    const target = new URL(denied.location!);
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('state')).toBe(flow.state);
    expect(target.searchParams.get('iss')).toBe(t.baseUrl);
  });

  it('refuses approval for a workspace the user is not a member of', async () => {
    const other = await newTenant(t);
    const flow = await startFlow('write');
    const browser = await signedIn();
    await browser.get(flow.consentPath);
    const refused = await browser.post(flow.consentPath, {
      decision: 'approve',
      workspaceId: other.ctx.workspace.id,
      scope: 'write',
    });
    expect(refused.status).toBe(404);
    expect(refused.location).toBeNull();
  });

  it('refuses the consent form without the CSRF token, with a wrong one, or cross-site, and answers nothing to the client', async () => {
    const flow = await startFlow('write');
    const browser = await signedIn();
    await browser.get(flow.consentPath);
    const body = { decision: 'approve', workspaceId: tenant.ctx.workspace.id, scope: 'write' };
    const attempts = [
      await browser.post(flow.consentPath, body, { csrf: null }),
      await browser.post(flow.consentPath, body, { csrf: 'B'.repeat(43) }),
      await browser.post(flow.consentPath, body, { origin: 'https://evil.example' }),
      await browser.post(flow.consentPath, body, { secFetchSite: 'cross-site' }),
    ];
    expect(attempts.map((a) => [a.status, a.location])).toEqual([
      [403, null],
      [403, null],
      [403, null],
      [403, null],
    ]);
    // The request is still open for the real form.
    expect((await browser.post(flow.consentPath, body)).status).toBe(303);
  });

  it('offers only Deny to a user who is in no workspace', async () => {
    const other = await newTenant(t);
    const loner = await newMember(t, other.ctx, 'member');
    await t.app.get(UsersService).removeMember(other.ctx, loner.userId);
    const flow = await startFlow('write');
    const browser = new DashboardClient(t.baseUrl);
    await browser.signIn(loner.email);
    const page = await browser.get(flow.consentPath);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain('not a member of any workspace');
    expect(page.body).not.toContain('value="approve"');
    const denied = await browser.post(flow.consentPath, { decision: 'deny' });
    expect(new URL(denied.location!).searchParams.get('error')).toBe('access_denied');
  });

  it('answers an unknown or expired request with a 404 page, never a redirect', async () => {
    const browser = await signedIn();
    for (const path of [
      '/oauth/consent?request=nope',
      '/oauth/consent',
      '/oauth/consent?request=https%3A%2F%2Fevil.example',
    ]) {
      const page = await browser.get(path);
      expect(page.status).toBe(404);
      expect(page.location).toBeNull();
    }
    await browser.get('/app');
    const post = await browser.post('/oauth/consent?request=nope', { decision: 'deny' });
    expect(post.status).toBe(404);
    expect(post.location).toBeNull();
  });
});
