// The public status page and its history over real HTTP (issue #15): what a visitor sees, built from
// data created through the service verbs and check results stored through the ingestion path; the
// cache with its ETag, 304 and invalidation on change; custom domains routed by Host; robots and
// sitemap.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { MonitorDays, PAST_DAYS_TTL_MS } from '../../../backend/src/check-results/monitor-days';
import { PageDomains } from '../../../backend/src/public-pages/page-domains';
import { CheckResultsRepository } from '../../../backend/src/check-results/check-results.repository';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService, type StatusPageInput } from '../../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../../backend/src/status-reports/status-reports.service';
import { RetentionService } from '../../../backend/src/check-results/retention.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { insideToday, storeResult } from '../../support/results';

jest.setTimeout(90_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOINDEX = /<meta name="robots" content="noindex"\s*\/?>/;
let slugs = 0;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET with any headers, Host included (fetch may not set Host); the body as received. */
function getRaw(
  t: HttpTestApp,
  path: string,
  headers: Record<string, string> = {},
): Promise<Omit<Answer, 'body'> & { body: Buffer }> {
  const url = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function get(t: HttpTestApp, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await getRaw(t, path, headers);
  return { ...answer, body: answer.body.toString('utf8') };
}

/** The text of an HTML body without tags and with entities decoded, for assertions on what is read. */
function text(body: string): string {
  return body
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<title>[\s\S]*?<\/title>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))
    .replace(/\s+/g, ' ');
}

/** The status of each day bar of one bars picture, oldest first (fine and empty days share a path). */
function dayStatuses(svg: string): string[] {
  const days: Array<[number, string]> = [];
  for (const [, status, d] of svg.matchAll(/<path class="d-([a-z_]+)" d="([^"]+)"/g)) {
    for (const [, x] of d.matchAll(/M(\d+) /g)) days.push([Number(x), status]);
  }
  for (const [, status, x] of svg.matchAll(/<rect class="d-([a-z_]+)" x="(\d+)"/g)) days.push([Number(x), status]);
  return days.sort((a, b) => a[0] - b[0]).map(([, status]) => status);
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${what}`);
}

describe('public status page', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp();
    // Partitions for the results stored below.
    await t.app.get(RetentionService).maintain(new Date());
    tenant = await newTenant(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function newPage(input: StatusPageInput = {}) {
    slugs += 1;
    return t.app.get(StatusPagesService).create(tenant.ctx, {
      title: `Acme ${slugs}`,
      slug: `acme-${process.pid}-${slugs}`,
      ...input,
    });
  }

  async function monitor(name: string, isPublic: boolean) {
    return t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name,
      url: 'http://127.0.0.1:9/',
      periodicity: '1m',
      public: isPublic,
    });
  }

  describe('what a visitor sees', () => {
    let page: Awaited<ReturnType<typeof newPage>>;
    let body: string;

    beforeAll(async () => {
      page = await newPage({
        description: 'Live status of the Acme services.',
        homepageUrl: 'https://acme.test/',
        contactUrl: 'https://acme.test/contact',
        icon: 'https://acme.test/icon.png',
      });
      const api = await monitor('api', true);
      const web = await monitor('web', false);
      const components = t.app.get(PageComponentsService);
      const core = await components.createGroup(tenant.ctx, { pageId: page.id, name: 'Core services' });
      // Order on the page: Docs (ungrouped, order 1), then the group (its first component has order 2).
      const apiComponent = await components.createComponent(tenant.ctx, {
        pageId: page.id,
        type: 'monitor',
        monitorId: api.id,
        name: 'Public API',
        order: 3,
        groupId: core.id,
        groupOrder: 2,
      });
      await components.createComponent(tenant.ctx, {
        pageId: page.id,
        type: 'monitor',
        monitorId: web.id,
        name: 'Website',
        order: 2,
        groupId: core.id,
        groupOrder: 1,
      });
      await components.createComponent(tenant.ctx, { pageId: page.id, type: 'static', name: 'Docs', order: 1 });
      const now = insideToday();
      // Today: the API 3 ok of 4 (one failure, its latest an error); the website all fine, 2 days ago too.
      for (const [minutesAgo, status] of [
        [9, 'success'],
        [8, 'success'],
        [7, 'success'],
        [6, 'error'],
      ] as const) {
        await storeResult(t.app, { monitorId: api.id, minutesAgo, status, latency: 120, from: now });
      }
      await storeResult(t.app, { monitorId: web.id, minutesAgo: 5, status: 'success', from: now });
      await storeResult(t.app, { monitorId: web.id, minutesAgo: 2 * 24 * 60, status: 'success', from: now });
      const reports = t.app.get(StatusReportsService);
      const {
        record: { report },
      } = await reports.create(
        tenant.ctx,
        {
          pageId: page.id,
          title: 'Elevated API errors',
          message: 'We are investigating <errors>.',
          pageComponentIds: [apiComponent.id],
        },
        false,
      );
      await reports.addUpdate(
        tenant.ctx,
        report.id,
        { status: 'identified', message: 'A bad deploy; rolling back.' },
        false,
      );
      const maintenances = t.app.get(MaintenancesService);
      await maintenances.create(
        tenant.ctx,
        {
          pageId: page.id,
          title: 'Database upgrade',
          message: 'Short read-only periods.',
          from: new Date(Date.now() - HOUR),
          to: new Date(Date.now() + HOUR),
          pageComponentIds: [],
        },
        false,
      );
      await maintenances.create(
        tenant.ctx,
        {
          pageId: page.id,
          title: 'Network maintenance',
          message: '',
          from: new Date(Date.now() + 24 * HOUR),
          to: new Date(Date.now() + 26 * HOUR),
          pageComponentIds: [apiComponent.id],
        },
        false,
      );
      const answer = await get(t, `/status/${page.slug}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      body = answer.body;
    });

    it('shows the title, description, icon and links, and the overall status in one line', () => {
      const seen = text(body);
      expect(body).toContain('<html lang="en">');
      expect(body).toContain(
        `type="text/markdown" title="${page.title} (Markdown)" href="/status/${page.slug}/index.md"`,
      );
      expect(body).toMatch(/<h1>Acme \d+<\/h1>/);
      expect(seen).toContain('Live status of the Acme services.');
      expect(body).toContain('<img src="https://acme.test/icon.png"');
      expect(body).toContain('href="https://acme.test/"');
      expect(body).toContain('href="https://acme.test/contact"');
      // The API's monitor is in error: one of the components with a known status is out.
      expect(body).toMatch(/<p class="card overall s-partial_outage" id="overall">Partial outage<\/p>/);
    });

    it('lists the components in their groups and order, each with its status in words', () => {
      const seen = text(body).slice(text(body).indexOf(' Components '));
      const order = ['Docs', 'Core services', 'Website', 'Public API'].map((name) => seen.indexOf(name));
      expect(order.every((i) => i >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(seen).toMatch(/Website Operational/);
      expect(seen).toMatch(/Public API Outage/);
      expect(seen).toMatch(/Docs Operational/);
    });

    it('draws 90 day bars per component with text alternatives and the uptime percentage', () => {
      const bars = [...body.matchAll(/<svg class="bars"[^>]*aria-label="([^"]*)">([\s\S]*?)<\/svg>/g)];
      expect(bars).toHaveLength(3);
      for (const [, , svg] of bars) expect(dayStatuses(svg)).toHaveLength(90);
      const api = bars.find(([, label]) => label.startsWith('Public API'))!;
      // Today: one of four checks failed, and the report touched the day.
      expect(api[2]).toMatch(
        /class="d-outage"[^>]*><title>[^<]*Downtime · 1 of 4 checks failed · Elevated API errors<\/title><\/rect\s*>\s*$/,
      );
      expect(api[1]).toContain('Downtime');
      const website = dayStatuses(bars.find(([, label]) => label.startsWith('Website'))![2]);
      expect(website.filter((s) => s === 'no_data')).toHaveLength(88);
      expect([website[87], website[89]]).toEqual(['operational', 'operational']);
      const seen = text(body);
      expect(seen).toContain('75% uptime');
      expect(seen).toContain('100% uptime');
    });

    it('charts latency only for a component whose monitor is public', () => {
      expect(body.match(/<svg\s+class="chart"/g)).toHaveLength(1);
      expect(body).toMatch(
        /aria-label="Public API: daily response time[^"]*p50 120 ms, p95 120 ms\. Based on \d+ checks? over \d+ days?\."/,
      );
    });

    it('shows the active report with its timeline, and active and upcoming maintenances', () => {
      const seen = text(body);
      expect(seen).toMatch(/Active incidents Elevated API errors Identified/);
      expect(seen).toContain('Affects: Public API');
      // Newest update first; the message escaped, not markup.
      expect(seen.indexOf('A bad deploy; rolling back.')).toBeLessThan(seen.indexOf('We are investigating <errors>.'));
      expect(body).toContain('We are investigating &#60;errors&#62;.');
      expect(seen).toMatch(/Maintenance in progress Database upgrade/);
      expect(seen).toMatch(/Scheduled maintenance Network maintenance/);
    });

    it('caches with an ETag: 304 for the same data, and a change is visible on the next request', async () => {
      const first = await get(t, `/status/${page.slug}`);
      expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
      const etag = first.headers.etag!;
      expect(etag).toMatch(/^"[\w-]+-en"$/);
      const again = await get(t, `/status/${page.slug}`, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      await t.app
        .get(StatusReportsService)
        .create(
          tenant.ctx,
          { pageId: page.id, title: 'Slow logins', message: 'Looking.', pageComponentIds: [] },
          false,
        );
      const changed = await get(t, `/status/${page.slug}`, { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(text(changed.body)).toContain('Slow logins');
    });

    it('sends the page gzipped, compressed once, to clients that accept gzip', async () => {
      const plain = await get(t, `/status/${page.slug}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const zipped = await getRaw(t, `/status/${page.slug}`, { 'accept-encoding': 'br;q=1, gzip;q=0.8' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
      expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.body);
      expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
      const refused = await get(t, `/status/${page.slug}`, { 'accept-encoding': 'gzip;q=0, *;q=1' });
      expect(refused.headers['content-encoding']).toBeUndefined();
    });

    it('renders in a locale the page offers, chosen by ?locale= or Accept-Language', async () => {
      await t.app.get(StatusPagesService).update(tenant.ctx, page.id, { locales: ['en', 'fr', 'de'] });
      const fr = await get(t, `/status/${page.slug}?locale=fr`);
      expect(fr.body).toContain('<html lang="fr">');
      expect(text(fr.body)).toContain('Panne partielle');
      expect(fr.headers.etag).toMatch(/-fr"$/);
      const de = await get(t, `/status/${page.slug}`, { 'accept-language': 'de-CH,de;q=0.9' });
      expect(de.body).toContain('<html lang="de">');
      // Not offered: the default.
      const es = await get(t, `/status/${page.slug}?locale=es`);
      expect(es.body).toContain('<html lang="en">');
      expect(fr.body).toContain('hreflang="de"');
    });
  });

  it('answers 404 for an unknown slug and for an unpublished page', async () => {
    expect((await get(t, '/status/no-such-page')).status).toBe(404);
    const page = await newPage();
    expect((await get(t, `/status/${page.slug}`)).status).toBe(200);
    await t.db.manager.query('UPDATE status_pages SET published = false WHERE id = $1', [page.id]);
    const hidden = await get(t, `/status/${page.slug}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatch(NOINDEX);
    expect((await get(t, `/status/${page.slug}/history`)).status).toBe(404);
  });

  it('marks maintenance days as such and leaves them out of the uptime', async () => {
    const page = await newPage();
    const m = await monitor('db', false);
    const component = await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: page.id, type: 'monitor', monitorId: m.id, name: 'Database' });
    const now = insideToday();
    // Yesterday at noon (UTC): failures during a maintenance of two hours, wholly inside yesterday
    // whatever the time of day the test runs; today: all fine.
    const yesterdayNoon = now - (now % DAY) - DAY / 2;
    const minutesBefore = (at: number) => (now - at) / 60_000;
    await storeResult(t.app, { monitorId: m.id, minutesAgo: minutesBefore(yesterdayNoon), status: 'error', from: now });
    await storeResult(t.app, {
      monitorId: m.id,
      minutesAgo: minutesBefore(yesterdayNoon + 60_000),
      status: 'error',
      from: now,
    });
    await storeResult(t.app, { monitorId: m.id, minutesAgo: 3, status: 'success', from: now });
    await t.app.get(MaintenancesService).create(
      tenant.ctx,
      {
        pageId: page.id,
        title: 'Planned failover',
        message: '',
        from: new Date(yesterdayNoon - HOUR),
        to: new Date(yesterdayNoon + HOUR),
        pageComponentIds: [component.id],
      },
      false,
    );
    const { body } = await get(t, `/status/${page.slug}`);
    const [svg] = /<svg class="bars"[\s\S]*?<\/svg>/.exec(body)!;
    expect(dayStatuses(svg).slice(-2)).toEqual(['maintenance', 'operational']);
    expect(text(body)).toContain('100% uptime');
    expect(body).toMatch(/<title>[^<]*: Maintenance · 2 of 2 checks failed · Planned failover<\/title>/);
  });

  it('shows a monitor status change on the next request (monitor_changes), and a new maintenance at once', async () => {
    const page = await newPage();
    const m = await monitor('queue', false);
    const component = await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: page.id, type: 'monitor', monitorId: m.id, name: 'Queue' });
    await storeResult(t.app, { monitorId: m.id, minutesAgo: 2, status: 'success' });
    const before = await get(t, `/status/${page.slug}`);
    expect(text(before.body)).toContain('Queue Operational');
    // Served from the cache: a write nothing notifies (a daily aggregate added behind the service's
    // back) is not seen until something the page shows changes or 30 s pass.
    await t.db.manager.query(
      `INSERT INTO check_aggregates (monitor_id, region, bucket_start, span, workspace_id, failed)
       VALUES ($1, 'fly-sin', date_trunc('day', now()), 'd', $2, 7)`,
      [m.id, tenant.ctx.workspace.id],
    );
    expect((await get(t, `/status/${page.slug}`, { 'if-none-match': before.headers.etag! })).status).toBe(304);
    await t.app.get(PageComponentsService).updateComponent(tenant.ctx, component.id, { description: 'Jobs' });
    const changed = await get(t, `/status/${page.slug}`);
    expect(changed.body).toMatch(/<title>[^<]*: Downtime · 7 of 8 checks failed<\/title>/);
    await storeResult(t.app, { monitorId: m.id, minutesAgo: 1, status: 'error' });
    const after = await get(t, `/status/${page.slug}`, { 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(text(after.body)).toContain('Queue Outage');
    expect(text(after.body)).toContain('Major outage');
    await t.app.get(MaintenancesService).create(
      tenant.ctx,
      {
        pageId: page.id,
        title: 'Queue resize',
        message: '',
        from: new Date(Date.now() - HOUR),
        to: new Date(Date.now() + HOUR),
        pageComponentIds: [],
      },
      false,
    );
    expect(text((await get(t, `/status/${page.slug}`)).body)).toContain('Maintenance in progress Queue resize');
  });

  it('keeps past days of check data in memory, refreshed in the background once expired', async () => {
    const m = await monitor('history', true);
    const sut = new MonitorDays();
    const results = t.app.get(CheckResultsRepository);
    const now = Date.now();
    const today = new Date(now - (now % (24 * HOUR)));
    const from = new Date(today.getTime() - 89 * 24 * HOUR);
    const read = async (at: number) =>
      (await sut.byMonitor(results, [m.id], [m.id], from, today, at)).counts.get(m.id) ?? [];
    expect(await read(now)).toEqual([]);
    await t.db.manager.query(
      `INSERT INTO check_aggregates (monitor_id, region, bucket_start, span, workspace_id, failed, sketch)
       VALUES ($1, 'fly-ams', $2, 'd', $3, 3, '{"e50": 3}')`,
      [m.id, new Date(today.getTime() - 3 * 24 * HOUR), tenant.ctx.workspace.id],
    );
    // The kept answer until it expires; then read again (in the background: that read may or may not
    // have finished when the expired answer is given).
    expect(await read(now + 1000)).toEqual([]);
    await read(now + PAST_DAYS_TTL_MS);
    await eventually(async () => (await read(now + PAST_DAYS_TTL_MS + 1000)).length === 1, 'refreshed past days');
    const { latency } = await sut.byMonitor(results, [m.id], [m.id], from, today, now + PAST_DAYS_TTL_MS + 2000);
    expect(latency.get(m.id)).toEqual([
      {
        monitorId: m.id,
        day: new Date(today.getTime() - 3 * 24 * HOUR).toISOString().slice(0, 10),
        p50: 50,
        p95: 50,
        checks: 3,
      },
    ]);
    // A new UTC day: what was today becomes a past day, read alone; the kept days stay.
    await t.db.manager.query(
      `INSERT INTO check_aggregates (monitor_id, region, bucket_start, span, workspace_id, successful)
       VALUES ($1, 'fly-ams', $2, 'd', $3, 5)`,
      [m.id, today, tenant.ctx.workspace.id],
    );
    const tomorrow = new Date(today.getTime() + 24 * HOUR);
    const next = await sut.byMonitor(
      results,
      [m.id],
      [m.id],
      new Date(from.getTime() + 24 * HOUR),
      tomorrow,
      now + PAST_DAYS_TTL_MS + 3000,
    );
    expect((next.counts.get(m.id) ?? []).map((r) => [r.day, r.total]).sort()).toEqual([
      [new Date(today.getTime() - 3 * 24 * HOUR).toISOString().slice(0, 10), 3],
      [today.toISOString().slice(0, 10), 5],
    ]);
  });

  it('keeps daily aggregates for the 90 days of bars and 13 months of SLA reports while hourly ones go after 46 days', async () => {
    const m = await monitor('retained', false);
    const at = (days: number) => new Date(Date.now() - days * 24 * HOUR);
    for (const [span, days] of [
      ['h', 60],
      ['d', 60],
      ['d', 89],
      ['d', 395],
      ['d', 405],
    ] as const) {
      await t.db.manager.query(
        `INSERT INTO check_aggregates (monitor_id, region, bucket_start, span, workspace_id, successful)
         VALUES ($1, 'fly-ams', date_trunc('day', $2::timestamptz), $3, $4, 1)`,
        [m.id, at(days), span, tenant.ctx.workspace.id],
      );
    }
    await t.app.get(RetentionService).maintain(new Date());
    const kept: Array<{ span: string; age: number }> = await t.db.manager.query(
      `SELECT span, round(extract(epoch FROM now() - bucket_start) / 86400)::int AS age
         FROM check_aggregates WHERE monitor_id = $1 ORDER BY span, age`,
      [m.id],
    );
    expect(kept.map((r) => r.span)).toEqual(['d', 'd', 'd']);
    expect(kept.map((r) => r.age).every((age) => age >= 59 && age <= 400)).toBe(true);
  });

  it('pages the history: resolved reports and past maintenances, newest first, 20 a page', async () => {
    const page = await newPage();
    const reports = t.app.get(StatusReportsService);
    for (let i = 1; i <= 22; i++) {
      const { record } = await reports.create(
        tenant.ctx,
        { pageId: page.id, title: `Incident ${i}`, message: 'Looking.', pageComponentIds: [] },
        false,
      );
      await reports.resolve(tenant.ctx, record.report.id, `Fixed ${i}.`, false);
    }
    await reports.create(tenant.ctx, { pageId: page.id, title: 'Still open', message: 'Looking.' }, false);
    await t.app.get(MaintenancesService).create(
      tenant.ctx,
      {
        pageId: page.id,
        title: 'Old window',
        message: '',
        from: new Date(Date.now() - 10 * 24 * HOUR),
        to: new Date(Date.now() - 10 * 24 * HOUR + HOUR),
        pageComponentIds: [],
      },
      false,
    );
    const first = text((await get(t, `/status/${page.slug}/history`)).body);
    expect(first).toContain('Page 1 of 2');
    expect(first).not.toContain('Still open');
    expect(first).not.toContain('Old window');
    expect(first.indexOf('Incident 22 ')).toBeLessThan(first.indexOf('Incident 21 '));
    expect(first.match(/Incident \d+ /g)).toHaveLength(20);
    const second = await get(t, `/status/${page.slug}/history?page=2`);
    expect(second.status).toBe(200);
    const seen = text(second.body);
    expect(seen).toContain('Page 2 of 2');
    expect(seen.match(/Incident \d+ /g)).toEqual(['Incident 2 ', 'Incident 1 ']);
    expect(seen).toContain('Old window');
    expect(second.body).toContain(`href="/status/${page.slug}/history" rel="prev"`);
  });

  describe('custom domain', () => {
    it('serves the page on its domain by Host, with links from the domain root', async () => {
      const page = await newPage({ customDomain: 'status.acme.test', locales: ['en', 'fr'] });
      await t.app.get(PageDomains).reload();
      const home = await get(t, '/', { host: 'Status.Acme.test:8443' });
      expect(home.status).toBe(200);
      expect(home.body).toContain(`<h1>${page.title}</h1>`);
      expect(home.body).toContain('<a href="/history">History</a>');
      expect(home.body).toContain('href="/feed.rss"');
      expect(home.headers.etag).toMatch(/-en-d"$/);
      const fr = await get(t, '/?locale=fr', { host: 'status.acme.test' });
      expect(fr.body).toContain('<html lang="fr">');
      // Every surface under /status/<slug> answers on the domain (here the JSON status).
      expect((await get(t, '/status.json', { host: 'status.acme.test' })).status).toBe(200);
      const history = await get(t, '/history', { host: 'status.acme.test' });
      expect(history.status).toBe(200);
      expect(history.body).toContain('<a href="/">');
      // The same page on the main site keeps its /status/<slug> links; other hosts are not rewritten.
      const main = await get(t, `/status/${page.slug}`);
      expect(main.body).toContain(`<a href="/status/${page.slug}/history">`);
      expect((await get(t, '/', { host: 'other.acme.test' })).body).not.toContain(page.title);
      // The domain's own robots.txt and sitemap.
      const robots = await get(t, '/robots.txt', { host: 'status.acme.test' });
      expect(robots.body).toContain('Sitemap: http://status.acme.test/sitemap.xml');
      const sitemap = await get(t, '/sitemap.xml', { host: 'status.acme.test' });
      expect(sitemap.body).toContain('<loc>http://status.acme.test/</loc>');
    });

    it('follows changes of the domain through the change feed', async () => {
      const page = await newPage({ customDomain: 'old.acme.test' });
      // An unknown Host is answered too (the site), so the page is recognised by its title.
      const shows = async (host: string) => (await get(t, '/', { host })).body.includes(`<h1>${page.title}</h1>`);
      await eventually(() => shows('old.acme.test'), 'old domain');
      await t.app.get(StatusPagesService).update(tenant.ctx, page.id, { customDomain: 'new.acme.test' });
      await eventually(() => shows('new.acme.test'), 'new domain');
      expect(await shows('old.acme.test')).toBe(false);
    });
  });

  describe('robots and sitemap', () => {
    it('says noindex, disallows and leaves out pages that may not be indexed or are protected', async () => {
      const open = await newPage();
      const closed = await newPage({ allowIndex: false });
      const locked = await newPage({ accessType: 'password', password: 'correct horse battery' });
      expect((await get(t, `/status/${open.slug}`)).body).not.toMatch(NOINDEX);
      expect((await get(t, `/status/${closed.slug}`)).body).toMatch(NOINDEX);
      const robots = await get(t, '/robots.txt');
      expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(robots.body).toContain(`Disallow: /status/${closed.slug}\n`);
      expect(robots.body).toContain(`Disallow: /status/${locked.slug}\n`);
      expect(robots.body).not.toContain(`Disallow: /status/${open.slug}\n`);
      expect(robots.body).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml|Sitemap: http.*\/sitemap\.xml/);
      const sitemap = (await get(t, '/sitemap.xml')).body;
      expect(sitemap).toContain(`/status/${open.slug}</loc>`);
      expect(sitemap).not.toContain(`/status/${closed.slug}</loc>`);
      expect(sitemap).not.toContain(`/status/${locked.slug}</loc>`);
    });

    it('sends a visitor of a protected page to its access form, never publicly cacheable', async () => {
      const locked = await newPage({ accessType: 'password', password: 'correct horse battery' });
      for (const path of [`/status/${locked.slug}`, `/status/${locked.slug}/history?page=2`]) {
        const answer = await get(t, path);
        expect(answer.status).toBe(303);
        expect(answer.headers.location).toBe(`/status/${locked.slug}/access?return=${encodeURIComponent(path)}`);
        expect(answer.headers['cache-control']).toBe('private, no-store');
      }
    });
  });
});
