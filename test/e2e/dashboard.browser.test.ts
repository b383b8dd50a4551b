// The dashboard driven in real Chromium: sign in, create and revoke an API key, connect an OAuth
// client with consent downgraded to read (the flow started at GET /oauth/authorize, the code received
// by the client's loopback redirect URI), then revoke the connected app and see /mcp refuse its token.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launchChromium } from '../support/browser';
import { newMember, PASSWORD } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { mcpStatus } from '../support/oauth-client';
import { describeWithTool } from '../support/skips';

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

/** The OAuth client's redirect URI: a loopback server that keeps the query of each request. */
async function callbackServer(): Promise<{ server: Server; url: string; received: URLSearchParams[] }> {
  const received: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // Only the redirect itself (Chromium also asks for /favicon.ico).
    if (url.pathname === '/callback') received.push(url.searchParams);
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Connected</title><p>Connected</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/callback`, received };
}

describeInBrowser('dashboard in Chromium', () => {
  let t: HttpTestApp;
  let browser: Browser;
  let page: Page;
  let tenant: Tenant;
  let owner: { userId: string; email: string };
  let callback: Awaited<ReturnType<typeof callbackServer>>;
  let accessToken = '';

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    owner = await newMember(t, tenant.ctx, 'owner');
    callback = await callbackServer();
    browser = await launchChromium(executable!);
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => callback?.server.close(resolve));
    await t?.close();
  });

  it('signs in through the form, lands on the monitors and goes to the workspace settings', async () => {
    await page.goto(`${t.baseUrl}/app`);
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/app/w/${tenant.ctx.workspace.slug}/monitors`);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`**/app/w/${tenant.ctx.workspace.slug}/settings`);
    expect(await page.getByRole('heading', { name: 'API keys' }).isVisible()).toBe(true);
    // The stylesheet loads under the page's content security policy.
    const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    expect(background).toBe('rgb(246, 248, 250)');
  });

  it('creates a read and write key shown once, then revokes it', async () => {
    await page.getByLabel('Name').fill('browser key');
    await page.getByLabel('Read and write').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-key').textContent())!.trim();
    expect(key).toMatch(/^svc_/);
    const whoami = await fetch(`${t.baseUrl}/v1/whoami`, { headers: { 'x-service-key': key } });
    expect(whoami.status).toBe(200);

    await page.getByRole('button', { name: 'Revoke browser key' }).click();
    await page.waitForURL(/\?revoked=/);
    expect(await page.locator('#new-key').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Revoke browser key' }).count()).toBe(0);
    expect((await fetch(`${t.baseUrl}/v1/whoami`, { headers: { 'x-service-key': key } })).status).toBe(401);
  });

  it('connects an OAuth client with consent downgraded to read: the redirect gets code, state and iss', async () => {
    const registered = await fetch(`${t.baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Browser test client', redirect_uris: [callback.url] }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(12).toString('base64url');
    const authorize = new URL(`${t.baseUrl}/oauth/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback.url,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state,
      scope: 'read write',
      resource: `${t.baseUrl}/mcp`,
    }).toString();

    await page.goto(authorize.toString());
    await page.waitForURL('**/oauth/consent?request=*');
    expect(await page.getByRole('heading', { name: 'Connect Browser test client?' }).isVisible()).toBe(true);
    expect(await page.getByText('redirects only to a local address').isVisible()).toBe(true);
    expect(await page.getByLabel('Workspace', { exact: true }).inputValue()).toBe(tenant.ctx.workspace.id);
    expect(await page.getByLabel('Read and write').isChecked()).toBe(true);
    await page.getByLabel('Read only').check();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${callback.url}?*`);

    const answer = callback.received.at(-1)!;
    expect(answer.get('state')).toBe(state);
    expect(answer.get('iss')).toBe(t.baseUrl);
    const code = answer.get('code');
    expect(code).toBeTruthy();
    const token = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: callback.url,
        client_id: clientId,
        code_verifier: verifier,
        resource: `${t.baseUrl}/mcp`,
      }).toString(),
    });
    expect(token.status).toBe(200);
    const body = (await token.json()) as { access_token: string; scope: string };
    expect(body.scope).toBe('read');
    accessToken = body.access_token;
    expect(await mcpStatus(t, accessToken)).toBe(200);
  });

  it('revokes the connected app, and the next /mcp call with its token is refused', async () => {
    expect(accessToken).not.toBe('');
    await page.goto(`${t.baseUrl}/app/w/${tenant.ctx.workspace.slug}/settings/integrations`);
    const row = page.getByRole('row', { name: /Browser test client/ });
    expect(await row.getByRole('cell', { name: 'Read', exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Revoke Browser test client' }).click();
    await page.waitForURL(/done=revoked/);
    expect(await page.getByText('No connected apps').isVisible()).toBe(true);
    expect(await mcpStatus(t, accessToken)).toBe(401);
  });
});
