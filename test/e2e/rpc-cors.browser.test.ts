// Browser clients on other origins, in real Chromium: a page served from a second loopback origin
// bundles @connectrpc/connect-web (with esbuild, as a web app would) and lists monitors over Connect
// JSON, Connect binary and gRPC-web, reading errors too; a page on an origin that CORS_ORIGINS does
// not list is refused by the preflight. The same for /mcp with MCP_ALLOWED_ORIGINS.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { chromiumPath, launchChromium } from '../support/browser';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { withKey } from '../support/rpc';
import { describeWithTool } from '../support/skips';

jest.setTimeout(120_000);

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

const ROOT = join(__dirname, '..', '..');

// The page's script: what a web app using connect-web ships. It is bundled by esbuild from this
// source (resolved in the repository's node_modules), and runs only in the browser.
const CLIENT_SOURCE = `
import { createClient } from '@connectrpc/connect';
import { createConnectTransport, createGrpcWebTransport } from '@connectrpc/connect-web';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';

window.listMonitors = async (baseUrl, key, protocol) => {
  const interceptors = [(next) => (req) => { req.header.set('x-service-key', key); return next(req); }];
  const transport =
    protocol === 'grpc-web'
      ? createGrpcWebTransport({ baseUrl, interceptors })
      : createConnectTransport({ baseUrl, useBinaryFormat: protocol === 'connect-binary', interceptors });
  try {
    const answer = await createClient(MonitorService, transport).listMonitors({});
    return { ok: true, names: answer.httpMonitors.map((m) => m.name).sort() };
  } catch (error) {
    return { ok: false, code: error.code, message: error.rawMessage ?? String(error) };
  }
};

window.mcpTools = async (url, key) => {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-service-key': key },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const body = await response.json();
    return { ok: true, status: response.status, tools: (body.result?.tools ?? []).length };
  } catch (error) {
    return { ok: false, message: String(error) };
  }
};
`;

interface PageServer {
  origin: string;
  close(): Promise<void>;
}

/** A web app's origin: an HTML page that loads the bundled client. */
async function startPageServer(bundle: string): Promise<PageServer> {
  const server: Server = createServer((request, response) => {
    if (request.url === '/client.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(bundle);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>A web app</title><script src="/client.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type ListAnswer = { ok: true; names: string[] } | { ok: false; code: number; message: string };
type McpAnswer = { ok: true; status: number; tools: number } | { ok: false; message: string };

describeInBrowser('browser clients on other origins (CORS) in Chromium', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let browser: Browser;
  let listed: PageServer;
  let mcpOnly: PageServer;
  let stranger: PageServer;
  /** What each page printed to its console (Chromium reports a refused preflight there). */
  const consoleOf = new Map<Page, string[]>();

  beforeAll(async () => {
    const bundled = await build({
      stdin: { contents: CLIENT_SOURCE, resolveDir: ROOT, loader: 'js' },
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'silent',
    });
    const bundle = bundled.outputFiles[0].text;
    [listed, mcpOnly, stranger] = await Promise.all([
      startPageServer(bundle),
      startPageServer(bundle),
      startPageServer(bundle),
    ]);
    t = await startHttpApp({
      env: { CORS_ORIGINS: listed.origin, MCP_ALLOWED_ORIGINS: mcpOnly.origin },
    });
    tenant = await newTenant(t);
    const monitors = createClient(
      MonitorService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.writeKey)],
      }),
    );
    for (const name of ['Checkout', 'Login']) {
      await monitors.createHTTPMonitor({
        monitor: { name, url: 'http://127.0.0.1:9/health', periodicity: Periodicity.PERIODICITY_10M },
      });
    }
    browser = await launchChromium(executable!);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([listed, mcpOnly, stranger].map((s) => s?.close()));
    await t?.close();
  });

  async function pageOn(server: PageServer): Promise<Page> {
    const page = await browser.newPage();
    const lines: string[] = [];
    consoleOf.set(page, lines);
    page.on('console', (message) => lines.push(message.text()));
    await page.goto(`${server.origin}/`);
    await page.waitForFunction('typeof window.listMonitors === "function"');
    return page;
  }

  // Browser-side code as source text: the tests are compiled without the DOM's types.
  const list = (page: Page, key: string, protocol: string) =>
    page.evaluate<ListAnswer>(
      `window.listMonitors(${[`${t.baseUrl}/rpc`, key, protocol].map((v) => JSON.stringify(v)).join(', ')})`,
    );
  const mcpTools = (page: Page, key: string) =>
    page.evaluate<McpAnswer>(`window.mcpTools(${JSON.stringify(`${t.baseUrl}/mcp`)}, ${JSON.stringify(key)})`);

  it.each(['connect-json', 'connect-binary', 'grpc-web'])(
    'a listed origin lists monitors over %s, and reads the error of a bad key',
    async (protocol) => {
      const page = await pageOn(listed);
      try {
        expect(await list(page, tenant.readKey, protocol)).toEqual({ ok: true, names: ['Checkout', 'Login'] });
        const refused = await list(page, 'svc_000000000000_notakey', protocol);
        // 16: unauthenticated, read from the answer (and for gRPC-web from its grpc-status header).
        expect(refused).toMatchObject({ ok: false, code: 16 });
      } finally {
        await page.close();
      }
    },
  );

  it.each(['connect-json', 'grpc-web'])('an origin CORS_ORIGINS does not list is refused over %s', async (protocol) => {
    for (const server of [stranger, mcpOnly]) {
      const page = await pageOn(server);
      try {
        const answer = await list(page, tenant.readKey, protocol);
        expect(answer.ok).toBe(false);
        expect(consoleOf.get(page)!.join('\n')).toContain(
          `from origin '${server.origin}' has been blocked by CORS policy: Response to preflight request doesn't pass access control check`,
        );
      } finally {
        await page.close();
      }
    }
  });

  it('MCP_ALLOWED_ORIGINS lets a page call /mcp (after a preflight); an unlisted origin is refused', async () => {
    const allowed = await pageOn(mcpOnly);
    const refused = await pageOn(stranger);
    try {
      const answer = await mcpTools(allowed, tenant.readKey);
      expect(answer).toMatchObject({ ok: true, status: 200 });
      expect((answer as { tools: number }).tools).toBeGreaterThan(0);
      expect(await mcpTools(refused, tenant.readKey)).toMatchObject({ ok: false });
    } finally {
      await allowed.close();
      await refused.close();
    }
  });

  it('answers the preflight with the exact origin and the headers connect-web needs, never with credentials', async () => {
    const preflight = await fetch(`${t.baseUrl}/rpc/monitor.v1.MonitorService/ListMonitors`, {
      method: 'OPTIONS',
      headers: {
        origin: listed.origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-service-key,x-grpc-web,x-user-agent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(listed.origin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const allowHeaders = preflight.headers.get('access-control-allow-headers')!.split(', ');
    for (const header of [
      'x-service-key',
      'content-type',
      'connect-protocol-version',
      'connect-timeout-ms',
      'x-grpc-web',
      'x-user-agent',
      'grpc-timeout',
    ])
      expect(allowHeaders).toContain(header);
    const call = await fetch(`${t.baseUrl}/rpc/monitor.v1.MonitorService/ListMonitors`, {
      method: 'POST',
      headers: { origin: listed.origin, 'content-type': 'application/json', 'x-service-key': tenant.readKey },
      body: '{}',
    });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBe(listed.origin);
    expect(call.headers.get('access-control-allow-credentials')).toBeNull();
    expect(call.headers.get('access-control-expose-headers')).toContain('grpc-status');
    expect(call.headers.get('vary')).toContain('Origin');
    const mcpPreflight = await fetch(`${t.baseUrl}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: mcpOnly.origin, 'access-control-request-method': 'POST' },
    });
    expect(mcpPreflight.status).toBe(204);
    expect(mcpPreflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(mcpPreflight.headers.get('access-control-allow-credentials')).toBeNull();
    const strangerPreflight = await fetch(`${t.baseUrl}/rpc/monitor.v1.MonitorService/ListMonitors`, {
      method: 'OPTIONS',
      headers: { origin: stranger.origin, 'access-control-request-method': 'POST' },
    });
    expect(strangerPreflight.status).toBe(403);
    expect(strangerPreflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(await strangerPreflight.text()).toContain('CORS_ORIGINS');
  });
});
