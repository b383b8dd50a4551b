// A status page's `uptimePeriod`: set over RPC (off by default, another value refused naming the
// field), then read over real HTTP on the public page and its status.json. The figure is the SLA
// report's uptime (SlaService.uptimeOver), checked against a fixture computed by hand:
//
//   now = the test's clock; the monitor's kept history: unknown→active at now-10d, active→error at
//   now-3d, error→active at now-3d+5h. A maintenance over its component: now-3d+1h to now-3d+2h.
//   Over the last 30 days (up to now): measured = 240 h (the status is known for 10 days) - 1 h (the
//   window) = 239 h; downtime = 5 h - 1 h (the window) = 4 h; uptime = 100 x (1 - 4/239) = 98.32636...
//   status.json: 98.326 (3 decimals); the page: "98.33% over 30 days".
//
// The request comes a few seconds after `now`: that adds seconds of uptime to 239 h, far below the
// decimals shown.
import { createClient, type Client, Code } from '@connectrpc/connect';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import { AlertsRepository } from '../../../backend/src/alerts/alerts.repository';
import type { AlertStatus } from '../../../backend/src/alerts/alert.entities';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { formatsFor } from '../../../backend/src/public-pages/render/i18n';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { eventually, rpcError, rpcTransport } from '../../support/rpc';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface StatusJson {
  uptimePeriod?: string;
  components: Array<{ id: string; uptime: number | null; periodUptime?: number | null }>;
}

describe("a status page's per-component uptime over a period", () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let pages: Client<typeof StatusPageService>;
  let slugs = 0;
  const slug = () => `period-uptime-${process.pid}-${++slugs}`;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    pages = createClient(StatusPageService, rpcTransport(t.baseUrl, tenant.writeKey));
  });

  afterAll(() => t.close());

  it('is off by default, round-trips over RPC, and any other value is refused naming the field', async () => {
    const { statusPage: created } = await pages.createStatusPage({ statusPage: { title: 'Acme', slug: slug() } });
    expect(created!.uptimePeriod).toBe('off');
    for (const period of ['30d', '90d', 'month', 'quarter', 'off']) {
      const { statusPage: updated } = await pages.updateStatusPage({
        id: created!.id,
        statusPage: { uptimePeriod: period },
        updateMask: { paths: ['uptime_period'] },
      });
      expect(updated!.uptimePeriod).toBe(period);
      expect((await pages.getStatusPage({ id: created!.id })).statusPage!.uptimePeriod).toBe(period);
    }
    const { statusPage: quarterly } = await pages.createStatusPage({
      statusPage: { title: 'Acme', slug: slug(), uptimePeriod: 'quarter' },
    });
    expect(quarterly!.uptimePeriod).toBe('quarter');
    // An update that does not name it keeps it.
    const { statusPage: renamed } = await pages.updateStatusPage({
      id: quarterly!.id,
      statusPage: { title: 'Acme Inc.' },
      updateMask: { paths: ['title'] },
    });
    expect(renamed!.uptimePeriod).toBe('quarter');
    const error = await rpcError(
      pages.createStatusPage({ statusPage: { title: 'Acme', slug: slug(), uptimePeriod: 'week' } }),
    );
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toContain('uptimePeriod: must be one of off, 30d, 90d, month, quarter');
  });

  it('shows nothing while off; then each monitored component shows its uptime by the SLA rules, maintenance left out', async () => {
    const now = Date.now();
    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'API',
      url: 'http://127.0.0.1:9/health',
      periodicity: '10m',
      active: false,
    });
    const { statusPage: page } = await pages.createStatusPage({
      statusPage: { title: 'Acme <status>', slug: slug(), locales: ['en', 'fr'] },
    });
    const components = t.app.get(PageComponentsService);
    const api = await components.createComponent(tenant.ctx, {
      pageId: page!.id,
      type: 'monitor',
      monitorId: monitor.id,
      name: 'API',
    });
    const docs = await components.createComponent(tenant.ctx, { pageId: page!.id, type: 'static', name: 'Docs' });

    const down = now - 3 * DAY;
    const history: Array<[AlertStatus, AlertStatus, number, string]> = [
      ['unknown', 'active', now - 10 * DAY, `${monitor.id}-1`],
      ['active', 'error', down, `${monitor.id}-2`],
      ['error', 'active', down + 5 * HOUR, `${monitor.id}-2`],
    ];
    const alerts = t.app.get(AlertsRepository);
    await t.db.transaction(async () => {
      for (const [i, [from, to, since, incidentKey]] of history.entries()) {
        await alerts.recordTransition(
          {
            monitorId: monitor.id,
            workspaceId: tenant.ctx.workspace.id,
            seq: 1000 + i,
            from,
            to,
            kind: null,
            incidentKey,
            regions: [],
            since: new Date(since),
            at: new Date(since + 120_000),
            silencedUntil: null,
            suppressedBy: null,
            waitMs: 0,
          },
          null,
          [],
        );
      }
    });
    await t.app.get(MaintenancesService).create(
      tenant.ctx,
      {
        pageId: page!.id,
        title: 'Database upgrade',
        from: new Date(down + HOUR),
        to: new Date(down + 2 * HOUR),
        pageComponentIds: [api.id],
      },
      false,
    );

    const base = `${t.baseUrl}/status/${page!.slug}`;
    const statusJson = async (): Promise<StatusJson> => {
      const response = await fetch(`${base}/status.json`);
      expect(response.status).toBe(200);
      return (await response.json()) as StatusJson;
    };
    const pageHtml = async (locale: string): Promise<string> => {
      const response = await fetch(`${base}?locale=${locale}`);
      expect(response.status).toBe(200);
      return response.text();
    };

    // Off (the default): no figure anywhere, the JSON as before.
    const off = await statusJson();
    expect(off).not.toHaveProperty('uptimePeriod');
    for (const c of off.components) expect(c).not.toHaveProperty('periodUptime');
    expect(await pageHtml('en')).not.toContain('class="period-uptime"');

    await pages.updateStatusPage({
      id: page!.id,
      statusPage: { uptimePeriod: '30d' },
      updateMask: { paths: ['uptime_period'] },
    });
    // The cached snapshot is dropped on the page's change (the change feed), like any other setting.
    const on = await eventually(statusJson, (body) => body.uptimePeriod === '30d');
    expect(on.uptimePeriod).toBe('30d');
    const byId = new Map(on.components.map((c) => [c.id, c]));
    // 100 x (1 - 4/239) = 98.32636... to 3 decimals.
    expect(byId.get(api.id)!.periodUptime).toBe(98.326);
    // A static component has no monitor: no figure.
    expect(byId.get(docs.id)).not.toHaveProperty('periodUptime');

    const en = await pageHtml('en');
    expect(en).toMatch(/<p class="period-uptime">98\.33% over 30 days<\/p>/);
    expect(en.match(/class="period-uptime"/g)).toHaveLength(1);
    const fr = await pageHtml('fr');
    expect(fr).toContain(`<p class="period-uptime">${formatsFor('fr').percent(98.33)} sur 30 jours</p>`);

    // The same history seen over 90 days: it starts 10 days ago, so the same figure, labelled so.
    await pages.updateStatusPage({
      id: page!.id,
      statusPage: { uptimePeriod: '90d' },
      updateMask: { paths: ['uptime_period'] },
    });
    await eventually(statusJson, (body) => body.uptimePeriod === '90d');
    expect(await pageHtml('en')).toContain('<p class="period-uptime">98.33% over 90 days</p>');
  });
});
