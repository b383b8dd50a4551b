// The public site on the real HTTP server: pages as HTML and markdown, type indexes, /llms.txt with
// every link resolving, 404 pages, and the API's own routes left alone.
import { startHttpApp, type HttpTestApp } from '../support/http-app';

const SITE = 'https://site.test';

const MCP_TOOLS = [
  'list_status_pages',
  'list_page_components',
  'list_status_reports',
  'create_status_report',
  'add_status_report_update',
  'update_status_report',
  'resolve_status_report',
  'list_maintenances',
  'create_maintenance',
  'list_monitors',
  'get_monitor',
  'get_monitor_status',
  'get_monitor_summary',
  'list_response_logs',
  'get_response_log',
  'list_notifications',
  'list_private_locations',
  'list_audit_logs',
  'get_audit_log',
  'search_docs',
  'get_doc_page',
  'search_content',
  'get_content_page',
  'get_sla_report',
  'list_escalation_policies',
  'get_escalation_policy',
  'create_escalation_policy',
  'update_escalation_policy',
  'delete_escalation_policy',
  'get_import_plan',
  'import_configuration',
  'get_terraform_export',
];

describe('public site', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    t = await startHttpApp({ env: { SITE_URL: SITE } });
  });

  afterAll(() => t.close());

  const get = async (path: string) => {
    const response = await fetch(`${t.baseUrl}${path}`);
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  };

  it('serves the home page with navigation by type', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.type).toMatch(/^text\/html/);
    expect(home.text).toContain('<title>Uptime Service</title>');
    for (const type of ['docs', 'guides', 'changelog', 'pricing', 'comparisons']) {
      expect(home.text).toContain(`href="/${type}"`);
    }
    // The install from the lock file, as the README says; `npm install` could resolve other versions.
    expect(home.text).toContain('<code>npm ci &amp;&amp; npm start</code>');
    expect(home.text).not.toContain('npm install');
  });

  it('renders a page as HTML and serves its markdown', async () => {
    const html = await get('/docs/self-hosting');
    expect(html.status).toBe(200);
    expect(html.type).toMatch(/^text\/html/);
    expect(html.text).toContain('<h1>Self-hosting</h1>');
    expect(html.text).toContain('<table>');
    expect(html.text).toContain('<code>DATABASE_URL</code>');

    const md = await get('/docs/self-hosting.md');
    expect(md.status).toBe(200);
    expect(md.type).toMatch(/^text\/markdown/);
    expect(md.text).toContain('npm ci && npm start');
    expect(md.text).not.toContain('<h1>');
  });

  it('lists all 32 MCP tools on the MCP server reference, in HTML and markdown', async () => {
    const html = await get('/docs/reference/mcp-server');
    const md = await get('/docs/reference/mcp-server.md');
    expect(html.status).toBe(200);
    expect(MCP_TOOLS).toHaveLength(32);
    for (const tool of MCP_TOOLS) {
      expect(html.text).toContain(`<code>${tool}</code>`);
      expect(md.text).toContain(`\`${tool}\``);
    }
  });

  it('serves index pages per type', async () => {
    const docs = await get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('href="/docs/reference/mcp-server"');
    const stories = await get('/customer-stories');
    expect(stories.status).toBe(200);
    expect(stories.text).toContain('no customer stories yet');
  });

  it('serves llms.txt whose every link resolves', async () => {
    const llms = await get('/llms.txt');
    expect(llms.status).toBe(200);
    expect(llms.type).toMatch(/^text\/plain/);
    expect(llms.text).toMatch(/^# Uptime Service\n\n> .+\n/);
    expect(llms.text).toMatch(/Pricing: .*free/);
    const links = [...llms.text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\): .+$/gm)].map((m) => m[2]);
    expect(links.length).toBeGreaterThan(25);
    expect(links).toContain(`${SITE}/docs/reference/mcp-server`);
    for (const link of links) {
      expect(link.startsWith(`${SITE}/`)).toBe(true);
      const path = link.slice(SITE.length);
      expect([path, (await get(path)).status]).toEqual([path, 200]);
      expect([path, (await get(`${path}.md`)).status]).toEqual([path, 200]);
    }
  });

  it('answers 404 with a page for unknown paths under a type', async () => {
    const missing = await get('/docs/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.type).toMatch(/^text\/html/);
    expect(missing.text).toContain('Page not found');
    expect(missing.text).toContain('/docs/no-such-page');
    expect((await get('/guides/no-such-page.md')).status).toBe(404);
    expect((await get('/docs/reference')).status).toBe(404);
  });

  it('redirects a trailing slash to the page', async () => {
    for (const [from, to] of [
      ['/docs/', '/docs'],
      ['/docs/self-hosting/', '/docs/self-hosting'],
    ]) {
      const response = await fetch(`${t.baseUrl}${from}`, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(to);
    }
    expect((await get('/docs/nope/')).status).toBe(404);
  });

  it('escapes what it echoes on the 404 page', async () => {
    const missing = await get('/docs/%3Cscript%3Ealert(1)%3C/script%3E');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<script>');
  });

  it('leaves the API routes alone', async () => {
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: 'ok' });
    expect((await get('/openapi.json')).type).toMatch(/json/);
    const unknown = await get('/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.type).toMatch(/json/);
    const whoami = await get('/v1/whoami');
    expect(whoami.status).toBe(401);
  });
});
