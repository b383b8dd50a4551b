// SlaService.report on a real database, against a fixture whose every figure is computed by hand
// below. The fixture goes through the real paths: alert transitions through the alerts repository's
// recordTransition (what the judged pipeline records), maintenance windows through
// MaintenancesService, check results through the ingestion path (storeResult), pages and components
// through their services.
//
// Times: `base` is UTC midnight three days ago (days 0, 1, 2 follow; check results must fall in the 14
// days kept). The report's clock is day 2 12:00; the range is [day 0 06:00, day 2 06:00): 2880 min,
// starting and ending inside days (partial days).
//
// Monitor A (history), transitions (since; confirmed 2 min later):
//   day -1 00:00 unknown→active; day 0 04:00 active→error (incident 1, spans the range start);
//   day 0 08:00 error→active; day 1 10:00 active→error (incident 2); day 1 11:00 error→degraded;
//   day 1 11:30 degraded→active; day 2 05:00 active→error (incident 3, still open at the clock).
// Maintenance over A's component: day 1 10:30 to 11:15 (45 min): 30 min of downtime, 15 of degraded.
// Monitor D (aggregates): no kept transition (forgotten), checks on day 0 (01:00 ok, 09:00 ok,
// 20:00 error), day 1 (03:00 ok, 09:00 degraded, 15:00 ok, 21:00 ok), day 2 (02:00 ok).
import type { ServiceContext } from '../../backend/src/common/context';
import { AlertsRepository } from '../../backend/src/alerts/alerts.repository';
import type { AlertStatus } from '../../backend/src/alerts/alert.entities';
import { CheckerModule } from '../../backend/src/checker/checker.module';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import { MaintenancesService } from '../../backend/src/maintenances/maintenances.service';
import { SlaModule } from '../../backend/src/sla/sla.module';
import { SlaService } from '../../backend/src/sla/sla.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { storeResult } from '../support/results';
import { aComponent, aMonitor, aPage, readOnly, refusal } from '../support/service-fixtures';

const DAY = 86_400_000;
const base = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
/** day d at hh:mm UTC. */
const at = (d: number, hh: number, mm = 0) => new Date(base + d * DAY + (hh * 60 + mm) * 60_000);
const iso = (d: number, hh: number, mm = 0) => at(d, hh, mm).toISOString();

describe(SlaService.name, () => {
  let t: TestApp;
  let sut: SlaService;
  let ctx: ServiceContext;
  const ids = { a: '', d: '', page: '', cA: '', cD: '', cS: '' };
  const clock = at(2, 12);
  const range = { from: iso(0, 6), to: iso(2, 6) };

  beforeAll(async () => {
    t = await createTestApp({}, [CheckerModule, SlaModule]);
    sut = t.app.get(SlaService);
    await t.app.get(RetentionService).maintain(new Date());
    ctx = await newWorkspace(t);
    const a = await aMonitor(t, ctx, { name: 'API', regions: ['fly-ams'] });
    const d = await aMonitor(t, ctx, { name: 'Legacy', regions: ['fly-ams'] });
    const other = await aMonitor(t, ctx, { name: 'Other', regions: ['fly-ams'] });
    const page = await aPage(t, ctx, { title: 'Public' });
    const components = t.app.get(PageComponentsService);
    const component = (monitorId: string, name: string) =>
      components.createComponent(ctx, { pageId: page.id, type: 'monitor', monitorId, name });
    const [cA, cD, cO] = [
      await component(a.id, 'API'),
      await component(d.id, 'Legacy'),
      await component(other.id, 'Other'),
    ];
    const cS = await aComponent(t, ctx, page.id, 'Docs');
    Object.assign(ids, { a: a.id, d: d.id, page: page.id, cA: cA.id, cD: cD.id, cS: cS.id });
    await components.deleteComponent(ctx, cO.id);

    // D's checks, through the ingestion path; the transitions they make are then forgotten, as
    // retention forgets history older than it keeps (A's are recorded after, so they stay).
    const checks: Array<[number, number, 'success' | 'degraded' | 'error']> = [
      [0, 1, 'success'],
      [0, 9, 'success'],
      [0, 20, 'error'],
      [1, 3, 'success'],
      [1, 9, 'degraded'],
      [1, 15, 'success'],
      [1, 21, 'success'],
      [2, 2, 'success'],
    ];
    for (const [day, hour, status] of checks) {
      await storeResult(t.app, { monitorId: d.id, minutesAgo: 0, from: at(day, hour).getTime(), status });
    }
    const alerts = t.app.get(AlertsRepository);
    await alerts.forgetBefore(new Date(Date.now() + 60_000));

    const history: Array<[AlertStatus, AlertStatus, Date, string]> = [
      ['unknown', 'active', at(-1, 0), `${a.id}-1`],
      ['active', 'error', at(0, 4), `${a.id}-2`],
      ['error', 'active', at(0, 8), `${a.id}-2`],
      ['active', 'error', at(1, 10), `${a.id}-4`],
      ['error', 'degraded', at(1, 11), `${a.id}-4`],
      ['degraded', 'active', at(1, 11, 30), `${a.id}-4`],
      ['active', 'error', at(2, 5), `${a.id}-7`],
    ];
    await t.db.transaction(async () => {
      for (const [i, [from, to, since, incidentKey]] of history.entries()) {
        await alerts.recordTransition(
          {
            monitorId: a.id,
            workspaceId: ctx.workspace.id,
            seq: 1000 + i,
            from,
            to,
            kind: null,
            incidentKey,
            regions: [],
            since,
            at: new Date(since.getTime() + 120_000),
            silencedUntil: null,
            suppressedBy: null,
            waitMs: 0,
          },
          null,
          [],
        );
      }
    });

    const maintenances = t.app.get(MaintenancesService);
    await maintenances.create(
      ctx,
      { pageId: page.id, title: 'Database upgrade', from: at(1, 10, 30), to: at(1, 11, 15), pageComponentIds: [cA.id] },
      false,
    );
    // A window over D's component outside the range, and one over no component: neither counts.
    await maintenances.create(
      ctx,
      { pageId: page.id, title: 'Later', from: at(2, 7), to: at(2, 8), pageComponentIds: [cD.id] },
      false,
    );
    await maintenances.create(ctx, { pageId: page.id, title: 'Nothing', from: at(0, 0), to: at(2, 0) }, false);
  });

  afterAll(() => t.close());

  it('measures a monitor from its history: partial days, maintenance over downtime, an incident across the start', async () => {
    const r = await sut.report(readOnly(ctx), { scope: 'monitor', id: ids.a, ...range, target: 99.5 }, clock);
    expect(r.figures).toEqual({
      // 2880 min of range, all with a known status, less the 45 min window.
      measuredMinutes: 2835,
      // day 0 06:00-08:00 (120; incident 1 began at 04:00, before the range) + day 1 10:00-11:00 less the
      // window's 10:30-11:00 (30) + day 2 05:00-06:00 (60, the range ends at 06:00).
      downtimeMinutes: 210,
      // day 1 11:00-11:30 less the window's 11:00-11:15.
      degradedMinutes: 15,
      // 100 x (1 - 210 / 2835) = 92.59259...
      uptimePercent: 92.5926,
      source: 'history',
      // allowed 0.005 x 2835 = 14.175; left 14.175 - 210 = -195.825 = -1381.48 % of allowed.
      errorBudget: { allowedMinutes: 14.175, leftMinutes: -195.825, leftPercent: -1381.48 },
      // incidents 1 (04:00-08:00, 240 min), 2 (10:00-11:30, 90 min) and 3 (open); MTTR (240 + 90) / 2.
      incidentCount: 3,
      mttrMinutes: 165,
      checks: { total: 0, failed: 0, degraded: 0 },
    });
    expect(r.incidents).toEqual([
      {
        monitorId: ids.a,
        incidentKey: `${ids.a}-2`,
        status: 'error',
        start: iso(0, 4),
        end: iso(0, 8),
        durationMinutes: 240,
      },
      {
        monitorId: ids.a,
        incidentKey: `${ids.a}-4`,
        status: 'error',
        start: iso(1, 10),
        end: iso(1, 11, 30),
        durationMinutes: 90,
      },
      // Open: from day 2 05:00 to the clock, day 2 12:00.
      {
        monitorId: ids.a,
        incidentKey: `${ids.a}-7`,
        status: 'error',
        start: iso(2, 5),
        end: null,
        durationMinutes: 420,
      },
    ]);
    expect(r).toMatchObject({ scope: 'monitor', name: 'API', target: 99.5, period: { kind: 'custom', ...range } });
  });

  it('measures up to the clock when the range ends after it', async () => {
    const r = await sut.report(ctx, { scope: 'monitor', id: ids.a, from: iso(2, 0), to: iso(2, 18) }, clock);
    // 00:00-12:00 (720 min) known; down 05:00-12:00 (420); allowed 0.001 x 720 = 0.72.
    expect(r.figures).toMatchObject({
      measuredMinutes: 720,
      downtimeMinutes: 420,
      uptimePercent: 41.6667,
      errorBudget: { allowedMinutes: 0.72, leftMinutes: -419.28, leftPercent: -58233.33 },
      incidentCount: 1,
      mttrMinutes: null,
    });
  });

  it('estimates from the daily check counts where the history is gone, and counts partial days by the hour', async () => {
    const r = await sut.report(ctx, { scope: 'monitor', id: ids.d, ...range, target: 99.5 }, clock);
    expect(r.figures).toEqual({
      // day 0 06:00-24:00 (1080) + day 1 (1440) + day 2 00:00-06:00 (360): days with checks, no window.
      measuredMinutes: 2880,
      // day 0: 1080 x 1 failed / 3 checks = 360.
      downtimeMinutes: 360,
      // day 1: 1440 x 1 degraded / 4 checks = 360.
      degradedMinutes: 360,
      // 100 x (1 - 360 / 2880)
      uptimePercent: 87.5,
      source: 'aggregates',
      // allowed 0.005 x 2880 = 14.4; left 14.4 - 360 = -345.6 = -2400 %.
      errorBudget: { allowedMinutes: 14.4, leftMinutes: -345.6, leftPercent: -2400 },
      incidentCount: 0,
      mttrMinutes: null,
      // In range: day 0 09:00 and 20:00 (hourly rows; 01:00 is before 06:00), day 1's four (daily row),
      // day 2 02:00 (hourly): 7, one failed, one degraded.
      checks: { total: 7, failed: 1, degraded: 1 },
    });
  });

  it('reports a page: each component, and the page as the union of its monitored components', async () => {
    const r = await sut.report(ctx, { scope: 'page', id: ids.page, ...range, target: 99.5 }, clock);
    expect(r.components.map((c) => [c.name, c.figures?.uptimePercent ?? null, c.note])).toEqual([
      ['API', 92.5926, null],
      ['Legacy', 87.5, null],
      ['Docs', null, 'This component shows no monitor: it has no uptime figures.'],
    ]);
    expect(r.figures).toEqual({
      // A's measured time and D's estimated days together cover the whole range.
      measuredMinutes: 2880,
      // A's 210 (intervals) + day 0's largest estimate, D's 360.
      downtimeMinutes: 570,
      // A's 15 + day 1's largest estimate, D's 360.
      degradedMinutes: 375,
      // 100 x (1 - 570 / 2880) = 80.208333...
      uptimePercent: 80.2083,
      source: 'mixed',
      // allowed 14.4; left 14.4 - 570 = -555.6 = -3858.33 %.
      errorBudget: { allowedMinutes: 14.4, leftMinutes: -555.6, leftPercent: -3858.33 },
      incidentCount: 3,
      mttrMinutes: 165,
      checks: { total: 7, failed: 1, degraded: 1 },
    });
    expect(r.incidents.map((i) => i.incidentKey)).toEqual([`${ids.a}-2`, `${ids.a}-4`, `${ids.a}-7`]);
  });

  it('reports a component by its monitor, says when it has none, and lists its status reports', async () => {
    const viaComponent = await sut.report(ctx, { scope: 'component', id: ids.cA, ...range, target: 99.5 }, clock);
    const viaMonitor = await sut.report(ctx, { scope: 'monitor', id: ids.a, ...range, target: 99.5 }, clock);
    expect(viaComponent.figures).toEqual(viaMonitor.figures);
    const none = await sut.report(ctx, { scope: 'component', id: ids.cS, ...range }, clock);
    expect(none).toMatchObject({ figures: null, note: 'This component shows no monitor: it has no uptime figures.' });

    const { record } = await t.app.get(StatusReportsService).create(
      ctx,
      {
        pageId: ids.page,
        title: 'Slow API',
        status: 'investigating',
        message: 'Looking',
        pageComponentIds: [ids.cA],
      },
      false,
    );
    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    const withReport = await sut.report(ctx, { scope: 'component', id: ids.cA, month }, now);
    expect(withReport.statusReports).toEqual([
      { id: record.report.id, title: 'Slow API', componentId: ids.cA, start: record.report.createdAt, end: null },
    ]);
    expect((await sut.report(ctx, { scope: 'component', id: ids.cD, month }, now)).statusReports).toEqual([]);
  });

  it("answers NOT_FOUND for another workspace's monitor, component and page", async () => {
    const other = await newWorkspace(t);
    for (const [scope, id] of [
      ['monitor', ids.a],
      ['component', ids.cA],
      ['page', ids.page],
    ] as const) {
      expect((await refusal(sut.report(other, { scope, id, ...range }, clock))).code).toBe('NOT_FOUND');
    }
  });

  it('names the field and the bound of a bad period or target', async () => {
    const bad = async (q: object) =>
      (await refusal(sut.report(ctx, { scope: 'monitor', id: ids.a, ...q }, clock))).message;
    expect(await bad({ ...range, target: 100 })).toBe('target: must be less than 100');
    expect(await bad({ from: range.to, to: range.from })).toBe('to: must be after from');
    expect(await bad({ month: '2026-1' })).toContain('month: must be a month as YYYY-MM');
    expect(await bad({})).toContain('period: is required');
  });
});
