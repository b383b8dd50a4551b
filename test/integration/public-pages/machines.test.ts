// The machine surfaces of public pages over real HTTP: JSON status, RSS and Atom feeds, SVG badges of
// the page and of a component, and the markdown twin; ETag/304, cache headers and CORS; a protected
// page's surfaces refused with 401; and the same surfaces on the page's custom domain.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { DOMParser } from '@xmldom/xmldom';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService, type StatusPageInput } from '../../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../../backend/src/status-reports/status-reports.service';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

jest.setTimeout(60_000);

const strictXml = (xml: string) =>
  new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');

/** A GET with any Host header (fetch may not set Host): how a custom domain reaches the service. */
function getWithHost(
  baseUrl: string,
  path: string,
  host: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe('public page machine surfaces', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let slugs = 0;

  beforeAll(async () => {
    const port = await freePort();
    t = await startHttpApp({ port, env: { SITE_URL: `http://127.0.0.1:${port}` } });
    tenant = await newTenant(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A page with a grouped and an ungrouped component, an incident on the first, maintenances now and soon. */
  async function page(input: StatusPageInput = {}) {
    slugs += 1;
    const slug = `machines-${slugs}`;
    const view = await t.app
      .get(StatusPagesService)
      .create(tenant.ctx, { title: `Acme <${slugs}> & Co`, slug, description: 'All *our* services', ...input });
    const components = t.app.get(PageComponentsService);
    const group = await components.createGroup(tenant.ctx, { pageId: view.id, name: 'Backend' });
    const api = await components.createComponent(tenant.ctx, {
      pageId: view.id,
      type: 'static',
      name: 'API <v2>',
      groupId: group.id,
    });
    const web = await components.createComponent(tenant.ctx, {
      pageId: view.id,
      type: 'static',
      name: 'Website',
      order: 1,
    });
    const report = await t.app
      .get(StatusReportsService)
      .create(
        tenant.ctx,
        { pageId: view.id, title: 'API errors & <timeouts>', message: 'Looking into it.', pageComponentIds: [api.id] },
        false,
      );
    const now = Date.now();
    await t.app.get(MaintenancesService).create(
      tenant.ctx,
      {
        pageId: view.id,
        title: 'Database upgrade',
        message: 'Read-only for a while.',
        from: new Date(now - 3_600_000),
        to: new Date(now + 3_600_000),
        pageComponentIds: [web.id],
      },
      false,
    );
    await t.app
      .get(MaintenancesService)
      .create(
        tenant.ctx,
        { pageId: view.id, title: 'Network work', from: new Date(now + 86_400_000), to: new Date(now + 90_000_000) },
        false,
      );
    return { id: view.id, slug, base: `/status/${slug}`, api, web, reportId: report.record.report.id };
  }

  it('status.json: the documented shape, public caching, CORS, ETag and 304', async () => {
    const p = await page();
    const response = await fetch(`${t.baseUrl}${p.base}/status.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const body = (await response.json()) as Record<string, unknown> & { components: Array<Record<string, unknown>> };
    expect(body.page).toEqual({ title: `Acme <${slugs}> & Co`, url: `${t.baseUrl}${p.base}` });
    expect(typeof body.status).toBe('string');
    expect(body.components.map((c) => [c.id, c.name, c.group])).toEqual([
      [p.api.id, 'API <v2>', 'Backend'],
      [p.web.id, 'Website', null],
    ]);
    expect(body.activeReports).toEqual([
      expect.objectContaining({ id: p.reportId, title: 'API errors & <timeouts>', componentIds: [p.api.id] }),
    ]);
    expect(body.activeMaintenances).toEqual([expect.objectContaining({ title: 'Database upgrade' })]);
    expect(body.upcomingMaintenances).toEqual([expect.objectContaining({ title: 'Network work' })]);
    expect(new Date(body.generatedAt as string).toISOString()).toBe(body.generatedAt);

    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${t.baseUrl}${p.base}/status.json`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const other = await fetch(`${t.baseUrl}${p.base}/status.json`, { headers: { 'if-none-match': '"stale"' } });
    expect(other.status).toBe(200);
  });

  it('a change to the page gives a new ETag', async () => {
    const p = await page();
    const first = await fetch(`${t.baseUrl}${p.base}/status.json`);
    const etag = first.headers.get('etag')!;
    await t.app
      .get(StatusReportsService)
      .create(
        tenant.ctx,
        { pageId: p.id, title: 'Website slow', message: 'Checking.', pageComponentIds: [p.web.id] },
        false,
      );
    const changed = await eventually(
      () => fetch(`${t.baseUrl}${p.base}/status.json`, { headers: { 'if-none-match': etag } }),
      (r) => r.status === 200,
    );
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const body = (await changed.json()) as { activeReports: Array<{ title: string }> };
    expect(body.activeReports.map((r) => r.title).sort()).toEqual(['API errors & <timeouts>', 'Website slow']);
  });

  it('RSS and Atom feeds parse, list the incident and the maintenances, and link absolutely', async () => {
    const p = await page();
    const rss = await fetch(`${t.baseUrl}${p.base}/feed.rss`);
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(rss.headers.get('access-control-allow-origin')).toBeNull();
    const rssDoc = strictXml(await rss.text());
    const titles = Array.from(rssDoc.getElementsByTagName('item')).map(
      (i) => i.getElementsByTagName('title')[0].textContent,
    );
    expect(titles).toEqual(
      expect.arrayContaining(['API errors & <timeouts> (investigating)', 'Database upgrade', 'Network work']),
    );
    const links = Array.from(rssDoc.getElementsByTagName('link')).map((l) => l.textContent ?? '');
    expect(links.every((l) => l.startsWith(`${t.baseUrl}${p.base}`))).toBe(true);

    const atom = await fetch(`${t.baseUrl}${p.base}/feed.atom`);
    expect(atom.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const atomDoc = strictXml(await atom.text());
    expect(atomDoc.documentElement?.tagName).toBe('feed');
    const ids = Array.from(atomDoc.getElementsByTagName('entry')).map(
      (e) => e.getElementsByTagName('id')[0].textContent,
    );
    expect(ids).toContain(
      `tag:127.0.0.1,${new Date().toISOString().slice(0, 10)}:status-page/${p.id}/report/${p.reportId}`,
    );
    // Stable: the same ids on the next read.
    const reread = strictXml(await (await fetch(`${t.baseUrl}${p.base}/feed.atom`)).text());
    expect(
      Array.from(reread.getElementsByTagName('entry')).map((e) => e.getElementsByTagName('id')[0].textContent),
    ).toEqual(ids);
  });

  it('badges of the page and of a component: SVG, escaped label override, style, 404 for another component', async () => {
    const p = await page();
    const badge = await fetch(`${t.baseUrl}${p.base}/badge.svg`);
    expect(badge.status).toBe(200);
    expect(badge.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(badge.headers.get('access-control-allow-origin')).toBe('*');
    expect(badge.headers.get('cache-control')).toMatch(/^public, max-age=60\b/);
    const svg = strictXml(await badge.text()).documentElement!;
    expect(svg.getAttribute('aria-label')).toMatch(/^status: /);
    const etag = badge.headers.get('etag')!;
    const cached = await fetch(`${t.baseUrl}${p.base}/badge.svg`, { headers: { 'if-none-match': `W/${etag}, "x"` } });
    expect(cached.status).toBe(304);
    // Another variant of the same snapshot is another representation.
    const square = await fetch(`${t.baseUrl}${p.base}/badge.svg?style=flat-square`, {
      headers: { 'if-none-match': etag },
    });
    expect(square.status).toBe(200);

    const label = encodeURIComponent('<script>alert(1)</script>');
    const custom = await (await fetch(`${t.baseUrl}${p.base}/badge.svg?label=${label}&style=flat-square`)).text();
    expect(custom).not.toContain('<script>');
    expect(strictXml(custom).documentElement!.getAttribute('aria-label')).toMatch(/^<script>alert\(1\)<\/script>: /);
    expect(custom).toContain('rx="0"');

    const component = await fetch(`${t.baseUrl}${p.base}/components/${p.api.id}/badge.svg`);
    expect(component.status).toBe(200);
    expect(strictXml(await component.text()).documentElement!.getAttribute('aria-label')).toMatch(/^API <v2>: /);
    const other = await page();
    const foreign = await fetch(`${t.baseUrl}${p.base}/components/${other.api.id}/badge.svg`);
    expect(foreign.status).toBe(404);
    expect((await fetch(`${t.baseUrl}${p.base}/components/nope/badge.svg`)).status).toBe(404);
  });

  it('the markdown twin', async () => {
    const p = await page();
    const response = await fetch(`${t.baseUrl}${p.base}/index.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    expect(text).toContain(`# Acme \\<${slugs}\\> \\& Co`);
    expect(text).toContain('- Backend\n  - API \\<v2\\>: ');
    expect(text).toContain('### API errors \\& \\<timeouts\\>');
    expect(text).toContain('**Database upgrade**');
  });

  it('unknown and unpublished pages are 404', async () => {
    expect((await fetch(`${t.baseUrl}/status/no-such-page/status.json`)).status).toBe(404);
    const p = await page();
    await t.db.manager.query('UPDATE status_pages SET published = false WHERE id = $1', [p.id]);
    const response = await fetch(`${t.baseUrl}${p.base}/badge.svg`);
    expect(response.status).toBe(404);
  });

  it('a protected page refuses every machine surface with 401, private and uncached, without CORS', async () => {
    for (const input of [
      { accessType: 'password', password: 'correct horse' },
      { accessType: 'email-domain', authEmailDomains: ['acme.test'] },
      { accessType: 'ip-restriction', allowedIpRanges: '10.0.0.0/8' },
    ] as StatusPageInput[]) {
      const p = await page(input);
      for (const path of [
        'status.json',
        'feed.rss',
        'feed.atom',
        'badge.svg',
        `components/${p.api.id}/badge.svg`,
        'index.md',
      ]) {
        const response = await fetch(`${t.baseUrl}${p.base}/${path}`);
        expect([input.accessType, path, response.status]).toEqual([input.accessType, path, 401]);
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(await response.text()).not.toContain('API');
      }
    }
  });

  it('an IP-restricted page lets an allowed address in, never publicly cacheable', async () => {
    const p = await page({ accessType: 'ip-restriction', allowedIpRanges: '127.0.0.0/8' });
    const response = await fetch(`${t.baseUrl}${p.base}/status.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers on the page custom domain with links on that domain', async () => {
    const p = await page({ customDomain: 'status.acme.test' });
    const host = `status.acme.test:${new URL(t.baseUrl).port}`;
    const response = await eventually(
      () => getWithHost(t.baseUrl, '/status.json', host),
      (r) => r.status === 200,
    );
    expect(response.status).toBe(200);
    expect((JSON.parse(response.body) as { page: { url: string } }).page.url).toBe(`http://${host}`);
    const feed = await getWithHost(t.baseUrl, '/feed.rss', host);
    expect(feed.body).toContain(`<link>http://${host}#report-${p.reportId}</link>`);
    const badge = await getWithHost(t.baseUrl, '/badge.svg', host);
    expect(badge.status).toBe(200);
  });
});
