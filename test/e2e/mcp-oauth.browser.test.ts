// The MCP SDK's own OAuth client (nobody here wrote it) connects to /mcp as an AI client does: the 401
// leads it to the protected-resource and authorization-server metadata, it registers itself, the
// person signs in and approves in real Chromium, the SDK exchanges the code, lists the tools, and later
// refreshes its expired access token on its own. A second client skips registration with a client-ID
// metadata document served on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launchChromium } from '../support/browser';
import { newMember, PASSWORD } from '../support/dashboard';
import { newTenant, type HttpTestApp, type Tenant } from '../support/http-app';
import { startOAuthApp } from '../support/oauth-client';
import { describeWithTool } from '../support/skips';
import { MemoryOAuthProvider } from '../support/mcp-oauth-provider';

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

/** The client's loopback redirect URI (and, for the second client, its metadata document). */
async function clientServer(document?: (origin: string) => unknown) {
  const codes: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/callback') codes.push(url.searchParams);
    if (url.pathname === '/client.json' && document) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document(origin)));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Done</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin, redirectUrl: `${origin}/callback`, codes };
}

describeInBrowser('MCP SDK OAuth client against the authorization server, consent in Chromium', () => {
  let t: HttpTestApp;
  let browser: Browser;
  let page: Page;
  let tenant: Tenant;
  let person: { userId: string; email: string };

  beforeAll(async () => {
    t = await startOAuthApp();
    tenant = await newTenant(t);
    person = await newMember(t, tenant.ctx, 'member');
    browser = await launchChromium(executable!);
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const mcpUrl = () => new URL(`${t.baseUrl}/mcp`);

  /** Signs in when asked, then approves with the given access level; answers the page's final URL. */
  async function consent(authorizationUrl: URL, access: 'Read and write' | 'Read only'): Promise<string> {
    await page.goto(authorizationUrl.href);
    if (new URL(page.url()).pathname === '/app/sign-in') {
      await page.getByLabel('E-mail').fill(person.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await page.waitForURL('**/oauth/consent**');
    await page.getByLabel(access).check();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL('**/callback**');
    return page.url();
  }

  it('registers, gets consent, exchanges the code, lists the tools and refreshes by itself', async () => {
    const receiver = await clientServer();
    try {
      const provider = new MemoryOAuthProvider(receiver.redirectUrl);
      const first = new Client({ name: 'sdk-oauth', version: '1.0.0' });
      // No credential: the SDK reads the 401, discovers, registers and asks for the browser.
      await expect(
        first.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider })),
      ).rejects.toBeInstanceOf(UnauthorizedError);
      expect(provider.client?.client_id).toEqual(expect.any(String));
      expect(provider.authorizationUrl?.origin).toBe(t.baseUrl);
      expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
      expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(`${t.baseUrl}/mcp`);

      const landed = new URL(await consent(provider.authorizationUrl!, 'Read and write'));
      expect(landed.searchParams.get('iss')).toBe(t.baseUrl);
      const code = landed.searchParams.get('code');
      expect(code).toEqual(expect.any(String));

      const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
      await transport.finishAuth(code!);
      expect(provider.saved?.access_token).toMatch(/^svc_oat_/);
      const client = new Client({ name: 'sdk-oauth', version: '1.0.0' });
      await client.connect(transport);
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toContain('create_status_report');
      await client.close();

      // The access token expires (here: is replaced by a dead one); the SDK refreshes on the 401.
      const refreshToken = provider.saved!.refresh_token!;
      provider.saved = { ...provider.saved!, access_token: 'svc_oat_expired_token_000000000000000000000' };
      const again = new Client({ name: 'sdk-oauth', version: '1.0.0' });
      await again.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
      expect((await again.listTools()).tools.length).toBe(tools.length);
      expect(provider.saved.access_token).toMatch(/^svc_oat_/);
      expect(provider.saved.refresh_token).not.toBe(refreshToken);
      await again.close();
    } finally {
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  });

  it('connects with a client-ID metadata document instead of registering, downgraded to read', async () => {
    const receiver = await clientServer((origin) => ({
      client_id: `${origin}/client.json`,
      client_name: 'Metadata document client',
      redirect_uris: [`${origin}/callback`],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }));
    try {
      const provider = new MemoryOAuthProvider(receiver.redirectUrl, `${receiver.origin}/client.json`);
      // The SDK uses a metadata URL only when it is https; a loopback test document is http, so the
      // client id is set as the SDK would set it.
      provider.client = { client_id: `${receiver.origin}/client.json` };
      await expect(
        new Client({ name: 'sdk-cimd', version: '1.0.0' }).connect(
          new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }),
        ),
      ).rejects.toBeInstanceOf(UnauthorizedError);
      expect(provider.authorizationUrl?.searchParams.get('client_id')).toBe(`${receiver.origin}/client.json`);

      await page.goto(provider.authorizationUrl!.href);
      await page.waitForURL('**/oauth/consent**');
      expect(await page.getByText('Metadata document client').first().isVisible()).toBe(true);
      const landed = new URL(await consent(provider.authorizationUrl!, 'Read only'));
      const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
      await transport.finishAuth(landed.searchParams.get('code')!);
      const client = new Client({ name: 'sdk-cimd', version: '1.0.0' });
      await client.connect(transport);
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toContain('list_monitors');
      expect(tools).not.toContain('create_status_report');
      await client.close();
    } finally {
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  });
});
