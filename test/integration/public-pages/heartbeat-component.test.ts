// A heartbeat monitor on a public status page behaves as any other kind: its component follows the
// pings (operational after a success, an outage once a deadline passes without one), with uptime from
// its results. Explicit clocks drive the deadline; the page is read over real HTTP.
import { HeartbeatsService } from '../../../backend/src/heartbeats/heartbeats.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { pingsApplied } from '../../support/heartbeats';
import { newTenant, startHttpApp, type HttpTestApp } from '../../support/http-app';

describe('a heartbeat monitor on a public status page', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    t = await startHttpApp();
  });

  afterAll(() => t.close());

  it('shows operational after a ping and an outage once the deadline passed', async () => {
    const tenant = await newTenant(t);
    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'heartbeat', {
      name: 'backups',
      active: true,
      public: true,
      heartbeat: { schedule: 'period', periodSeconds: 60, graceSeconds: 30 },
    });
    const page = await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Jobs', slug: `jobs-${monitor.id}` });
    const component = await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: page.id, type: 'monitor', monitorId: monitor.id, name: 'Nightly backup' });
    const statusOf = async () => {
      const response = await fetch(`${t.baseUrl}/status/${page.slug}/status.json`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        components: Array<{ id: string; status: string; uptime: number | null }>;
      };
      return body.components.find((c) => c.id === component.id)!;
    };

    const path = new URL(monitor.pingUrl!).pathname;
    expect((await fetch(`${t.baseUrl}${path}`)).status).toBe(200);
    await pingsApplied(t.app, t.db);
    expect((await statusOf()).status).toBe('operational');

    // Two minutes on, with no ping: the expected ping and its grace have passed. (Minutes, not hours:
    // the missed ping must fall on the same UTC day as the success, even when run late in the day.)
    await t.app.get(HeartbeatsService).sweep(new Date(Date.now() + 2 * 60_000));
    const late = await statusOf();
    expect(late.status).toBe('outage');
    // One success and one missed ping today: half the checks were ok (a percentage).
    expect(late.uptime).toBe(50);
  });
});
