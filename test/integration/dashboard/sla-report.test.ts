// The dashboard's SLA report pages over HTTP, without a browser: the links from a monitor's page and a
// status page's screen, the period picker (a GET form: it works without JavaScript) for a month, a
// quarter and a custom range with a target, refusals beside their fields, and the CSV export (text/csv,
// an attachment, one row per component and one for the page, cells a spreadsheet never runs).
import fc from 'fast-check';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { propertyRuns, propertySeed } from '../../support/arbitraries';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { storeResult } from '../../support/results';

/** The cells of a CSV text (RFC 4180: quoted cells may hold commas, quotes doubled, CRLF lines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('dashboard SLA report', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let browser: DashboardClient;
  let viewer: DashboardClient;
  let monitorPath: string;
  let pagePath: string;
  const thisMonth = new Date().toISOString().slice(0, 7);

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    const slug = tenant.ctx.workspace.slug;
    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: '=HYPERLINK("http://evil.example","x")',
      url: 'http://127.0.0.1:9/health',
      periodicity: '1m',
      regions: ['fly-ams'],
    });
    const page = await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Public', slug: `sla-${Date.now()}` });
    const components = t.app.get(PageComponentsService);
    await components.createComponent(tenant.ctx, { pageId: page.id, type: 'monitor', monitorId: monitor.id, name: '' });
    await components.createComponent(tenant.ctx, { pageId: page.id, type: 'static', name: '@SUM(1+1)' });
    await storeResult(t.app, { monitorId: monitor.id, minutesAgo: 5, status: 'success' });
    monitorPath = `/app/w/${slug}/monitors/${monitor.id}`;
    pagePath = `/app/w/${slug}/status-pages/${page.id}`;
    browser = new DashboardClient(t.baseUrl);
    expect((await browser.signIn((await newMember(t, tenant.ctx, 'owner')).email, PASSWORD)).status).toBe(303);
    viewer = new DashboardClient(t.baseUrl);
    expect((await viewer.signIn((await newMember(t, tenant.ctx, 'viewer')).email, PASSWORD)).status).toBe(303);
  });

  afterAll(() => t.close());

  it('is linked from the monitor page and the status page screen, for a viewer too', async () => {
    expect((await viewer.get(monitorPath)).body).toContain(`href="${monitorPath}/sla"`);
    expect((await browser.get(pagePath)).body).toContain(`href="${pagePath}/sla"`);
  });

  it('shows this month by default, with a GET form that needs no JavaScript', async () => {
    const page = await viewer.get(`${monitorPath}/sla`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(new RegExp(`<form method="get" action="${monitorPath}/sla"`));
    expect(page.body).not.toContain('<script');
    const text = textOf(page.body);
    expect(text).toContain(`${thisMonth} · target 99.9 %`);
    for (const label of ['Uptime', 'Downtime', 'Degraded (not downtime)', 'Error budget left', 'Mean time to recovery'])
      expect(text).toContain(label);
    expect(page.body).toContain(`href="${monitorPath}/sla.csv?period=month&#38;month=${thisMonth}"`);
  });

  it('takes a quarter, or a custom range of dates, and a target', async () => {
    const now = new Date();
    const quarter = `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
    const q = await browser.get(`${pagePath}/sla?period=quarter&quarter=${quarter}&target=99.95`);
    expect(q.status).toBe(200);
    expect(textOf(q.body)).toContain(`${quarter} · target 99.95 %`);
    // Per component: the monitor's (named by its monitor) and the static one, which has no figures.
    expect(textOf(q.body)).toContain('This component shows no monitor: it has no uptime figures.');
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const custom = await browser.get(`${monitorPath}/sla?period=custom&from=${day(3)}&to=${day(1)}`);
    expect(custom.status).toBe(200);
    expect(textOf(custom.body)).toContain(`${day(3)}T00:00:00.000Z/${day(1)}T00:00:00.000Z · target 99.9 %`);
  });

  it('refuses a bad period or target beside its field, keeping what was typed', async () => {
    const month = await browser.get(`${monitorPath}/sla?period=month&month=2026-13`);
    expect(month.status).toBe(400);
    expect(month.body).toMatch(/id="f-month-error">must be a month as YYYY-MM/);
    expect(month.body).toContain('value="2026-13"');
    const target = await browser.get(`${monitorPath}/sla?period=month&month=${thisMonth}&target=100`);
    expect(target.status).toBe(400);
    expect(target.body).toMatch(/id="f-target-error">must be less than 100/);
    const custom = await browser.get(`${monitorPath}/sla?period=custom&from=2026-11-02&to=2026-11-01`);
    expect(custom.status).toBe(400);
    expect(custom.body).toMatch(/id="f-to-error">must be after from/);
  });

  it('exports CSV: an attachment, one row per component and the page, no cell a formula', async () => {
    const csv = await viewer.get(`${pagePath}/sla.csv?period=month&month=${thisMonth}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="sla-page-\d+-\d{4}-\d{2}\.csv"$/);
    const rows = parseCsv(csv.body);
    expect(rows[0].slice(0, 4)).toEqual(['type', 'id', 'name', 'monitor_id']);
    expect(rows.map((r) => [r[0], r[2]])).toEqual([
      ['type', 'name'],
      ['component', `'=HYPERLINK("http://evil.example","x")`],
      ['component', "'@SUM(1+1)"],
      ['page', 'Public'],
    ]);
    expect(rows.every((r) => r.length === rows[0].length)).toBe(true);
    // No cell a spreadsheet would run: text that starts with = + - @ is defused with a quote.
    for (const cell of rows.flat()) expect(/^[=+@]/.test(cell) || /^-[^\d]/.test(cell)).toBe(false);
    const monitorCsv = await viewer.get(`${monitorPath}/sla.csv?period=month&month=${thisMonth}`);
    expect(parseCsv(monitorCsv.body).map((r) => r[0])).toEqual(['type', 'monitor']);
    const bad = await viewer.get(`${monitorPath}/sla.csv?period=month&month=nope`);
    expect(bad.status).toBe(400);
  });

  it('answers generated periods and targets with the report or a refusal, never a server error (property)', async () => {
    const value = fc.oneof(
      fc.constantFrom('', thisMonth, '2026-13', '2026-Q1', '2026-Q5', '2026-11-01', '9999-12-31T00:00:00Z'),
      fc.constantFrom('-1', '1e400', 'NaN', '99.9', '100', '0.0001', '99.9999', '=1+1', '%00', '\u0000'),
      fc.string({ maxLength: 30 }),
    );
    const request = fc.record(
      {
        period: fc.oneof(fc.constantFrom('month', 'quarter', 'custom'), fc.string({ maxLength: 10 })),
        month: value,
        quarter: value,
        from: value,
        to: value,
        target: value,
      },
      { requiredKeys: [] },
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, fc.boolean(), fc.boolean(), async (query, csv, page) => {
        const path = `${page ? pagePath : monitorPath}/sla${csv ? '.csv' : ''}?${new URLSearchParams(query).toString()}`;
        const answer = await viewer.get(path);
        const type = answer.headers.get('content-type') ?? '';
        const ok =
          answer.status === 400 ||
          (answer.status === 200 && (csv ? type.startsWith('text/csv') : type.startsWith('text/html')));
        if (!ok) failures.push(`${answer.status} ${path}`);
      }),
      { numRuns: Math.ceil(propertyRuns() / 10), seed: propertySeed() },
    );
    expect(failures).toEqual([]);
  });
});
