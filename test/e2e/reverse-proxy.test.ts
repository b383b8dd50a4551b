// examples/nginx/uptime.conf, run as written: the real nginx from Debian (nginx-light) on loopback with a
// certificate made here, only the file's marked placeholders replaced, in front of the real built
// server (npm run build first). Through it: the MCP SDK's OAuth flow end to end (the sign-in and the
// consent on the dashboard's own origin), a tool call over Streamable HTTP, an event-stream answer,
// a body at the service's limit, a public status page on the service's origin and on its own domain;
// and the client address the service judges by is each client's own, which holds only with
// TRUST_PROXY naming nginx: the same checks without it show every client as 127.0.0.1.
//
// The two origins are https://127.0.0.1:<port> (status.example.com) and https://localhost:<port>
// (app.example.com): one nginx port and two server names, as in production. Clients connect from
// chosen loopback addresses (127.0.0.2, 127.0.0.3, ...), so nginx sees a different client each time.
//
// Not observable here: whether nginx buffers an event stream. The endpoint is stateless and answers
// each POST at once, so a buffered and an unbuffered stream arrive alike; proxy_buffering off is for
// streams that stay open (see the file).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Agent } from 'undici';
import { BODY_LIMIT_BYTES } from '../../backend/src/http/body-limit';
import { eventually } from '../support/rpc';
import { bannerKey, startServer, type RunningServer } from '../support/server';
import { MemoryOAuthProvider } from '../support/mcp-oauth-provider';

const NGINX = '/usr/sbin/nginx';
const CONFIG = join(__dirname, '..', '..', 'examples', 'nginx', 'uptime.conf');
const AUTH_FAILURE_LIMIT = 3;
const PASSWORD = 'a pass phrase for the proxy test';
const WRONG_TOKEN = 'svc_oat_wrong_token_000000000000000000000000';

/** Fails the file, loudly, when nginx is not installed: the proxy cannot be tested without it. */
function requireNginx(): void {
  if (existsSync(NGINX)) return;
  const message = `the reverse-proxy tests need nginx at ${NGINX}, which is missing: apt-get install nginx-light`;
  process.stderr.write(`\n*** ${message} ***\n\n`);
  throw new Error(message);
}

async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Starts well inside a fixed one-minute window of the rate limits, so a test's calls share it. */
async function roomInWindow(): Promise<void> {
  const msLeft = 60_000 - (Date.now() % 60_000);
  if (msLeft < 15_000) await new Promise((resolve) => setTimeout(resolve, msLeft + 200));
}

/** A self-signed certificate for the test origins' names and a status page's domain, in `dir`. */
function makeCertificate(dir: string): { cert: string; key: string; pem: string } {
  const cert = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,DNS:status.customer.test,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  if (!existsSync(cert)) throw new Error('openssl did not make the test certificate');
  return { cert, key, pem: readFileSync(cert, 'utf8') };
}

interface Ports {
  https: number;
  http: number;
  service: number;
  dashboard: number;
}

/**
 * The documented file with its placeholders (listed in its header) replaced, and nothing else. Every
 * placeholder must still be there: a renamed one would leave the test running something else.
 */
function renderConfig(text: string, ports: Ports, cert: { cert: string; key: string }): string {
  const placeholders: Array<[string, string]> = [
    ['status.example.com', '127.0.0.1'],
    ['app.example.com', 'localhost'],
    ['/etc/ssl/uptime/fullchain.pem', cert.cert],
    ['/etc/ssl/uptime/privkey.pem', cert.key],
    ['127.0.0.1:3000', `127.0.0.1:${ports.service}`],
    ['127.0.0.1:3001', `127.0.0.1:${ports.dashboard}`],
    ['listen 443 ssl;', `listen 127.0.0.1:${ports.https} ssl;`],
    ['listen 80;', `listen 127.0.0.1:${ports.http};`],
  ];
  // The header comment names the placeholders; only the directives are rewritten.
  const body = text.replace(/^#.*\n/gm, '');
  let rendered = body;
  for (const [placeholder, value] of placeholders) {
    if (!body.includes(placeholder)) throw new Error(`examples/nginx/uptime.conf no longer has ${placeholder}`);
    rendered = rendered.replaceAll(placeholder, value);
  }
  if (/example\.com|\blisten (80|443)\b/.test(rendered)) throw new Error('a placeholder was left unreplaced');
  return rendered;
}

/** nginx's own file around the example: everything in the test folder, in the foreground. */
function nginxConf(dir: string): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/uptime.conf;
}
`;
}

/**
 * Every name the clients use is this machine, 127.0.0.1 (`localhost` never ::1), and no name is looked
 * up anywhere.
 */
const loopbackLookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  if (options?.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
}) as unknown as LookupFunction;

interface Stack {
  /** https://127.0.0.1:<port>: BASE_URL and OAUTH_ISSUER. */
  origin: string;
  /** https://localhost:<port>: DASHBOARD_URL. */
  dashboardOrigin: string;
  /** The same names over http, on nginx's redirecting port. */
  httpOrigin: string;
  server: RunningServer;
  apiKey: string;
  /** A client connecting from `address` (127.0.0.x) and trusting the test certificate. */
  client(address: string): Agent;
  stop(): Promise<void>;
}

async function startStack(options: { trustProxy: boolean }): Promise<Stack> {
  requireNginx();
  const dir = mkdtempSync(join(tmpdir(), 'svc-proxy-'));
  // nginx's workers (nobody, when the test runs as root) write request bodies under dir.
  chmodSync(dir, 0o755);
  const agents: Agent[] = [];
  let server: RunningServer | undefined;
  let nginx: ChildProcess | undefined;
  let nginxExited: Promise<unknown> | undefined;
  const stop = async () => {
    await Promise.all(agents.map((agent) => agent.close()));
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await nginxExited;
    }
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const certificate = makeCertificate(dir);
    const ports = { https: await freeLoopbackPort(), http: await freeLoopbackPort() };
    const dashboardPort = await freeLoopbackPort();
    const origin = `https://127.0.0.1:${ports.https}`;
    const dashboardOrigin = `https://localhost:${ports.https}`;
    mkdirSync(join(dir, 'data'), { mode: 0o700 });
    server = await startServer({
      DATA_DIR: join(dir, 'data'),
      BASE_URL: origin,
      OAUTH_ISSUER: origin,
      DASHBOARD_URL: dashboardOrigin,
      DASHBOARD_PORT: String(dashboardPort),
      AUTH_FAILURE_LIMIT: String(AUTH_FAILURE_LIMIT),
      // Nothing to check, and nothing sent anywhere.
      CHECKER_EMBEDDED: 'false',
      ...(options.trustProxy ? { TRUST_PROXY: '127.0.0.1' } : {}),
    });
    const rendered = renderConfig(
      readFileSync(CONFIG, 'utf8'),
      { ...ports, service: server.port, dashboard: dashboardPort },
      certificate,
    );
    writeFileSync(join(dir, 'uptime.conf'), rendered);
    writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir));
    const args = ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
    const checked = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t refused the configuration:\n${checked.stderr}`);
    const started = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    nginx = started;
    let nginxErr = '';
    started.stderr.on('data', (chunk: Buffer) => (nginxErr += chunk.toString()));
    nginxExited = new Promise((resolve) => started.once('exit', resolve));

    const client = (address: string) => {
      const agent = new Agent({ localAddress: address, connect: { ca: certificate.pem, lookup: loopbackLookup } });
      agents.push(agent);
      return agent;
    };
    // nginx is up once it answers; the service behind it is, already.
    const probe = client('127.0.0.1');
    const ready = await eventually(
      () =>
        fetch(`${origin}/ready`, via(probe)).then(
          (response) => response.status,
          () => 0,
        ),
      (status) => status === 200 || started.exitCode !== null,
    );
    if (ready !== 200) {
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      throw new Error(`nginx did not answer /ready (${ready}):\n${nginxErr}\n${log}`);
    }
    return {
      origin,
      dashboardOrigin,
      httpOrigin: `http://127.0.0.1:${ports.http}`,
      server,
      apiKey: bannerKey(server.stderr()),
      client,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Node's fetch takes undici's `dispatcher`; the DOM's RequestInit does not name it. */
function via(agent: Agent, init: RequestInit = {}): RequestInit {
  return { ...init, ...({ dispatcher: agent } as object) };
}

function fetchVia(agent: Agent): FetchLike {
  return (url, init) => fetch(url, via(agent, init));
}

async function rpc(stack: Stack, agent: Agent, method: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(
    `${stack.origin}/rpc/status_page.v1.StatusPageService/${method}`,
    via(agent, {
      method: 'POST',
      headers: { 'x-service-key': stack.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${method}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

interface PageAnswer {
  status: number;
  body: string;
  /** The Location header, resolved against the request's URL. */
  location: string | null;
}

/** What a browser does for the dashboard: cookies kept per host, forms posted with their CSRF token. */
class FormBrowser {
  private readonly cookies = new Map<string, Map<string, string>>();
  csrf: string | null = null;

  constructor(private readonly agent: Agent) {}

  get(url: string): Promise<PageAnswer> {
    return this.send(url, { method: 'GET' });
  }

  post(url: string, fields: Record<string, string>): Promise<PageAnswer> {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin },
      body: new URLSearchParams({ _csrf: this.csrf ?? '', ...fields }).toString(),
    });
  }

  private async send(url: string, init: RequestInit & { headers?: Record<string, string> }): Promise<PageAnswer> {
    const host = new URL(url).hostname;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    this.cookies.set(host, jar);
    const headers = {
      ...init.headers,
      ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    };
    const response = await fetch(url, via(this.agent, { ...init, headers, redirect: 'manual' }));
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const body = await response.text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(body);
    if (csrf) this.csrf = csrf[1];
    const location = response.headers.get('location');
    return { status: response.status, body, location: location === null ? null : new URL(location, url).href };
  }
}

/** The owner's one-time sign-in link from the first start's banner (stderr, read on its own pipe). */
async function signInLink(server: RunningServer): Promise<string> {
  const find = () => /https?:\/\/\S+\/app\/sign-in\/link\?token=\w+/.exec(server.stderr())?.[0] ?? null;
  const link = await eventually(
    () => Promise.resolve(find()),
    (found) => found !== null,
    5_000,
  );
  if (!link) throw new Error(`no sign-in link in:\n${server.stderr()}`);
  return link;
}

/** A JSON-RPC tools/list POST to /mcp with a credential that is wrong: 401, or 429 over the limit. */
async function failedAuthentication(stack: Stack, agent: Agent, forwardedFor?: string): Promise<number> {
  const response = await fetch(
    `${stack.origin}/mcp`,
    via(agent, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${WRONG_TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    }),
  );
  await response.arrayBuffer();
  return response.status;
}

/**
 * Client A (127.0.0.2) spends the failed-authentication budget, each time claiming another address in
 * X-Forwarded-For; then client B (127.0.0.3) fails once. Answers every status in order.
 */
async function spendBudget(stack: Stack): Promise<{ a: number[]; b: number }> {
  await roomInWindow();
  const a = stack.client('127.0.0.2');
  const b = stack.client('127.0.0.3');
  const statuses: number[] = [];
  for (let i = 0; i <= AUTH_FAILURE_LIMIT; i++) {
    statuses.push(await failedAuthentication(stack, a, `198.51.100.${i + 1}`));
  }
  return { a: statuses, b: await failedAuthentication(stack, b) };
}

/** A page only 127.0.0.2 may see; answers what 127.0.0.2 and 127.0.0.3 get. */
async function ipRestrictedPage(stack: Stack): Promise<{ allowed: number; other: number }> {
  const slug = `office-only-${Date.now()}`;
  await rpc(stack, stack.client('127.0.0.9'), 'CreateStatusPage', {
    statusPage: { title: 'Office only', slug, accessType: 'ip-restriction', allowedIpRanges: '127.0.0.2/32' },
  });
  const visit = async (address: string) => {
    const response = await fetch(`${stack.origin}/status/${slug}`, via(stack.client(address), { redirect: 'manual' }));
    await response.arrayBuffer();
    return response.status;
  };
  return { allowed: await visit('127.0.0.2'), other: await visit('127.0.0.3') };
}

/** The first <loc> of a public page's sitemap: the page's URL as the service sees its own origin. */
async function sitemapLocation(stack: Stack, slug: string): Promise<string | null> {
  const response = await fetch(`${stack.origin}/status/${slug}/sitemap.xml`, via(stack.client('127.0.0.9')));
  return /<loc>([^<]+)<\/loc>/.exec(await response.text())?.[1] ?? null;
}

describe('behind nginx (examples/nginx/uptime.conf) with TRUST_PROXY=127.0.0.1', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ trustProxy: true });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('serves https with HSTS, redirects http to https, and publishes the https issuer', async () => {
    const agent = stack.client('127.0.0.9');
    const redirected = await fetch(`${stack.httpOrigin}/status/x?y=1`, via(agent, { redirect: 'manual' }));
    expect(redirected.status).toBe(301);
    expect(redirected.headers.get('location')).toBe('https://127.0.0.1/status/x?y=1');

    const metadata = await fetch(`${stack.origin}/.well-known/oauth-authorization-server`, via(agent));
    expect(metadata.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(await metadata.json()).toMatchObject({
      issuer: stack.origin,
      authorization_endpoint: `${stack.origin}/oauth/authorize`,
      token_endpoint: `${stack.origin}/oauth/token`,
      registration_endpoint: `${stack.origin}/oauth/register`,
    });
    const resource = await fetch(`${stack.origin}/.well-known/oauth-protected-resource/mcp`, via(agent));
    expect(await resource.json()).toMatchObject({
      resource: `${stack.origin}/mcp`,
      authorization_servers: [stack.origin],
    });
  });

  it('runs the MCP SDK OAuth flow: discovery, registration, consent on the dashboard origin, a tool call', async () => {
    const page = await rpc(stack, stack.client('127.0.0.9'), 'CreateStatusPage', {
      statusPage: { title: 'Through the proxy', slug: 'through-the-proxy' },
    });
    expect(page).toMatchObject({ statusPage: { slug: 'through-the-proxy' } });

    const mcpUrl = new URL(`${stack.origin}/mcp`);
    const fetchFn = fetchVia(stack.client('127.0.0.4'));
    const provider = new MemoryOAuthProvider('http://127.0.0.1/callback', undefined, 'MCP SDK client behind nginx');
    // No credential: the SDK reads the 401, discovers the metadata, registers, and asks for a browser.
    await expect(
      new Client({ name: 'proxy-oauth', version: '1.0.0' }).connect(
        new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: fetchFn }),
      ),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toEqual(expect.any(String));
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.origin).toBe(stack.origin);
    expect(authorizationUrl.searchParams.get('resource')).toBe(`${stack.origin}/mcp`);

    // The person's browser: the authorization endpoint sends it to the consent screen on the
    // dashboard's origin, which asks them to sign in first (the owner's one-time link here).
    const browser = new FormBrowser(stack.client('127.0.0.5'));
    const toConsent = await browser.get(authorizationUrl.href);
    expect(toConsent.status).toBe(302);
    const consentUrl = new URL(toConsent.location!);
    expect(consentUrl.origin).toBe(stack.dashboardOrigin);
    expect(consentUrl.pathname).toBe('/oauth/consent');
    const notSignedIn = await browser.get(consentUrl.href);
    expect(notSignedIn.status).toBe(303);
    expect(new URL(notSignedIn.location!).pathname).toBe('/app/sign-in');

    const link = await signInLink(stack.server);
    expect(new URL(link).origin).toBe(stack.dashboardOrigin);
    expect((await browser.get(link)).status).toBe(200);
    const signedIn = await browser.post(`${stack.dashboardOrigin}/app/sign-in/link`, {
      token: new URL(link).searchParams.get('token')!,
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(303);

    const consent = await browser.get(consentUrl.href);
    expect(consent.status).toBe(200);
    expect(consent.body).toContain('MCP SDK client behind nginx');
    const workspaceId = /name="workspaceId"[^>]*>\s*<option value="([^"]+)"/.exec(consent.body)?.[1];
    expect(workspaceId).toEqual(expect.any(String));
    const approved = await browser.post(consentUrl.href, {
      decision: 'approve',
      workspaceId: workspaceId!,
      scope: 'write',
    });
    expect(approved.status).toBe(303);
    const callback = new URL(approved.location!);
    expect(`${callback.origin}${callback.pathname}`).toBe(provider.redirectUrl);
    expect(callback.searchParams.get('iss')).toBe(stack.origin);

    // The SDK exchanges the code at the token endpoint and calls tools over Streamable HTTP.
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: fetchFn });
    await transport.finishAuth(callback.searchParams.get('code')!);
    expect(provider.saved?.access_token).toMatch(/^svc_oat_/);
    const client = new Client({ name: 'proxy-oauth', version: '1.0.0' });
    await client.connect(transport);
    try {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toEqual(expect.arrayContaining(['list_status_pages', 'create_status_report']));
      const listed = (await client.callTool({ name: 'list_status_pages', arguments: {} })) as CallToolResult;
      expect(listed.isError).toBeFalsy();
      expect(JSON.stringify(listed.structuredContent)).toContain('through-the-proxy');
    } finally {
      await client.close();
    }
  });

  it('passes an event-stream answer of /mcp and a body as large as the service takes', async () => {
    const agent = stack.client('127.0.0.6');
    const streamed = await fetch(
      `${stack.origin}/mcp`,
      via(agent, {
        method: 'POST',
        headers: { 'x-service-key': stack.apiKey, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
      }),
    );
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await streamed.text();
    expect(events).toMatch(/^event: message$/m);
    expect(events).toContain('"list_status_pages"');

    // An agent's batch of results may be far above nginx's default 1 MiB: right under the service's
    // limit it reaches the service, whose answer it is (JSON-RPC, from /mcp).
    const filler = 'x'.repeat(BODY_LIMIT_BYTES - 1024);
    const large = await fetch(
      `${stack.origin}/mcp`,
      via(agent, {
        method: 'POST',
        headers: { 'x-service-key': stack.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping', params: { _meta: { filler } } }),
      }),
    );
    expect(large.status).toBe(200);
    expect(await large.json()).toMatchObject({ jsonrpc: '2.0', id: 8, result: {} });
  });

  it('serves a public status page, whose sitemap names the https origin (X-Forwarded-Proto)', async () => {
    await rpc(stack, stack.client('127.0.0.9'), 'CreateStatusPage', {
      statusPage: { title: 'Public behind nginx', slug: 'public-behind-nginx' },
    });
    const response = await fetch(`${stack.origin}/status/public-behind-nginx`, via(stack.client('127.0.0.7')));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('Public behind nginx');
    expect(await sitemapLocation(stack, 'public-behind-nginx')).toBe('https://127.0.0.1/status/public-behind-nginx');
  });

  it('serves a status page on its own domain, found by the Host nginx passes on', async () => {
    await rpc(stack, stack.client('127.0.0.9'), 'CreateStatusPage', {
      statusPage: { title: 'Customer status', slug: 'customer-status', customDomain: 'status.customer.test' },
    });
    // The domain is not in server_name here, so nginx's first server on the port answers it, as the
    // API's server does once the domain is added to its server_name.
    const domain = `https://status.customer.test:${new URL(stack.origin).port}`;
    const onDomain = (path: string) => fetch(`${domain}${path}`, via(stack.client('127.0.0.9')));
    // The service learns of a new domain from its change feed, a moment after the page is created.
    const status = await eventually(
      () => onDomain('/').then(async (response) => (await response.text()).includes('Customer status')),
      (found) => found,
    );
    expect(status).toBe(true);
    const sitemap = await (await onDomain('/sitemap.xml')).text();
    expect(/<loc>([^<]+)<\/loc>/.exec(sitemap)?.[1]).toBe('https://status.customer.test/');
  });

  it("judges each client by its own address: one client's failed authentications do not limit another", async () => {
    const { a, b } = await spendBudget(stack);
    // The forged X-Forwarded-For of each try changed nothing: the budget is 127.0.0.2's.
    expect(a).toEqual([...Array<number>(AUTH_FAILURE_LIMIT).fill(401), 429]);
    expect(b).toBe(401);
  });

  it('lets only the allowed client address see an IP-restricted page', async () => {
    expect(await ipRestrictedPage(stack)).toEqual({ allowed: 200, other: 303 });
  });
});

// The same checks with TRUST_PROXY unset: the service believes no X-Forwarded-For, so every client is
// nginx's own 127.0.0.1. This is what the setting changes; were the checks above passing here, they
// would not be testing it.
describe('behind the same nginx without TRUST_PROXY: every client looks like 127.0.0.1', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ trustProxy: false });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("limits the second client for the first client's failed authentications", async () => {
    const { a, b } = await spendBudget(stack);
    expect(a).toEqual([...Array<number>(AUTH_FAILURE_LIMIT).fill(401), 429]);
    expect(b).toBe(429);
  });

  it('refuses the allowed client an IP-restricted page as well', async () => {
    expect(await ipRestrictedPage(stack)).toEqual({ allowed: 303, other: 303 });
  });

  it("writes the page's sitemap with http, the proxy's scheme towards the service", async () => {
    await rpc(stack, stack.client('127.0.0.9'), 'CreateStatusPage', {
      statusPage: { title: 'Public behind nginx', slug: 'public-behind-nginx' },
    });
    expect(await sitemapLocation(stack, 'public-behind-nginx')).toBe('http://127.0.0.1/status/public-behind-nginx');
  });
});
