// SLA reports of a monitor, a status-page component or a status page over a month, a quarter or a
// custom range: uptime with maintenance windows left out, downtime, degraded time, the incidents,
// MTTR and the error budget against a target. Read-only; every transport (RPC GetSlaReport, the MCP
// tool get_sla_report, the dashboard's page and CSV) calls `report`. The rules are in sla-figures.ts.
//
// Inputs, each read through its owner's port or service: the alert status history (alerts/, kept
// 400 days), the maintenance windows over the monitors (maintenances/), the daily and hourly check
// counts (check-results/, daily kept 400 days) and the status reports on the components (status-pages/).
import { Inject, Injectable } from '@nestjs/common';
import { ALERT_STATUS_PORT, type AlertStatusPort } from '../alerts/alert-status.port';
import { CHECK_RESULTS_PORT, type CheckResultsPort } from '../check-results/check-results.port';
import type { ServiceContext } from '../common/context';
import { parseInput } from '../common/validation';
import { MAINTENANCES_PORT, type MaintenancesPort } from '../maintenances/maintenances.port';
import { MonitorsService } from '../monitors/monitors.service';
import { PageComponentsService } from '../status-pages/page-components.service';
import { STATUS_PAGES_PORT, type StatusPagesPort } from '../status-pages/status-pages.port';
import { StatusPagesService } from '../status-pages/status-pages.service';
import {
  DAY_MS,
  figures,
  incidents as incidentsOf,
  measure,
  minutes,
  mttrMinutes,
  timeline,
  type Incident,
  type Measure,
  type SlaTransition,
} from './sla-figures';
import type { Interval } from './sla-intervals';
import {
  periodOf,
  SLA_DEFAULT_TARGET,
  SLA_MAX_DAYS,
  slaQuerySchema,
  type SlaPeriod,
  type SlaQuery,
} from './sla.schemas';
import type { SlaComponentView, SlaFiguresView, SlaIncidentView, SlaReportView, SlaStatusReportView } from './sla.view';

/** What one monitor contributes: its measure, incidents overlapping the range and check counts. */
interface MonitorPart {
  measure: Measure;
  incidents: Incident[];
  checks: SlaFiguresView['checks'];
}

const NO_MONITOR = 'This component shows no monitor: it has no uptime figures.';
const NO_MONITORED_COMPONENT = 'No component of this page shows a monitor: the page has no uptime figures.';

@Injectable()
export class SlaService {
  constructor(
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(STATUS_PAGES_PORT) private readonly pageEvents: StatusPagesPort,
    @Inject(MAINTENANCES_PORT) private readonly maintenances: MaintenancesPort,
    @Inject(CHECK_RESULTS_PORT) private readonly results: CheckResultsPort,
    @Inject(ALERT_STATUS_PORT) private readonly alerts: AlertStatusPort,
  ) {}

  /**
   * The report. Ids of another workspace are NOT_FOUND; a component without a monitor answers no
   * figures with a note, not an error. `now` is the clock (tests pass theirs): the range is measured
   * up to it.
   */
  async report(ctx: ServiceContext, input: SlaQuery, now: Date = new Date()): Promise<SlaReportView> {
    const q = parseInput(slaQuerySchema, input);
    const period = periodOf(q, now);
    const target = q.target ?? SLA_DEFAULT_TARGET;
    const range: Interval = { start: period.from.getTime(), end: Math.min(period.to.getTime(), now.getTime()) };
    const base = { id: q.id, period: periodView(period), target, generatedAt: now.toISOString() };
    switch (q.scope) {
      case 'monitor': {
        const monitor = await this.monitors.get(ctx, q.id);
        const part = (await this.parts([monitor.id], range, now)).get(monitor.id)!;
        return {
          ...base,
          scope: 'monitor',
          name: monitor.name,
          figures: figuresOf([part], target),
          note: null,
          incidents: incidentViews(monitor.id, part.incidents, now),
          statusReports: [],
          components: [],
        };
      }
      case 'component': {
        const component = await this.components.getComponent(ctx, q.id);
        const shown = await this.components.shownComponents(ctx, component.pageId);
        const name = shown.find((c) => c.id === component.id)?.name ?? component.name;
        const reports = await this.statusReports([component.id], period);
        if (!component.monitorId) {
          return {
            ...base,
            scope: 'component',
            name,
            figures: null,
            note: NO_MONITOR,
            incidents: [],
            statusReports: reports,
            components: [],
          };
        }
        const part = (await this.parts([component.monitorId], range, now)).get(component.monitorId)!;
        return {
          ...base,
          scope: 'component',
          name,
          figures: figuresOf([part], target),
          note: null,
          incidents: incidentViews(component.monitorId, part.incidents, now),
          statusReports: reports,
          components: [],
        };
      }
      case 'page': {
        const page = await this.pages.get(ctx, q.id);
        const [listed, shown] = await Promise.all([
          this.components.listComponents(ctx, page.id),
          this.components.shownComponents(ctx, page.id),
        ]);
        const names = new Map(shown.map((c) => [c.id, c.name]));
        const monitorIds = [...new Set(listed.flatMap((c) => (c.monitorId ? [c.monitorId] : [])))];
        const [parts, reports] = await Promise.all([
          this.parts(monitorIds, range, now),
          this.statusReports(
            listed.map((c) => c.id),
            period,
          ),
        ]);
        const components: SlaComponentView[] = listed.map((c) => ({
          componentId: c.id,
          name: names.get(c.id) ?? c.name,
          monitorId: c.monitorId,
          figures: c.monitorId ? figuresOf([parts.get(c.monitorId)!], target) : null,
          note: c.monitorId ? null : NO_MONITOR,
        }));
        const all = monitorIds.map((id) => parts.get(id)!);
        return {
          ...base,
          scope: 'page',
          name: page.title,
          figures: all.length ? figuresOf(all, target) : null,
          note: all.length ? null : NO_MONITORED_COMPONENT,
          incidents: monitorIds
            .flatMap((id) => incidentViews(id, parts.get(id)!.incidents, now))
            .sort((a, b) => a.start.localeCompare(b.start) || a.monitorId.localeCompare(b.monitorId)),
          statusReports: reports,
          components,
        };
      }
    }
  }

  /**
   * Each monitor's uptime in percent over [from, to) measured up to `now`, by the report's rules
   * (maintenance left out; null when nothing was measured), for all of them in one pass of the same
   * few queries. No workspace check: the public page asks only for the monitors its components show.
   */
  async uptimeOver(
    monitorIds: readonly string[],
    from: Date,
    to: Date,
    now: Date = new Date(),
  ): Promise<Map<string, number | null>> {
    const ids = [...new Set(monitorIds)];
    const out = new Map<string, number | null>();
    if (!ids.length) return out;
    const range: Interval = { start: from.getTime(), end: Math.min(to.getTime(), now.getTime()) };
    const parts = await this.parts(ids, range, now);
    for (const id of ids) out.set(id, figures([parts.get(id)!.measure], SLA_DEFAULT_TARGET).uptimePercent);
    return out;
  }

  /** Each monitor's part of the report over `range` (ends at now at the latest). */
  private async parts(monitorIds: string[], range: Interval, now: Date): Promise<Map<string, MonitorPart>> {
    const from = new Date(range.start);
    const end = new Date(range.end);
    // The whole kept history up to now: an incident that began before the range (or ended after it)
    // keeps its true start and end, and the first kept transition tells forgotten from never judged.
    const lookFrom = new Date(Math.min(range.start, now.getTime() - SLA_MAX_DAYS * DAY_MS));
    const [history, windows, days, counts] = await Promise.all([
      this.alerts.statusHistory(monitorIds, lookFrom, new Date(Math.max(now.getTime(), range.end) + 1)),
      this.maintenances.windowsOverMonitors(monitorIds, from, end),
      this.results.dailyCounts(
        monitorIds,
        new Date(Math.floor(range.start / DAY_MS) * DAY_MS),
        new Date(Math.ceil(range.end / DAY_MS) * DAY_MS),
      ),
      this.results.rangeCounts(monitorIds, from, end),
    ]);
    const out = new Map<string, MonitorPart>();
    for (const id of monitorIds) {
      const transitions: SlaTransition[] = history
        .filter((h) => h.monitorId === id)
        .map((h) => ({ from: h.from, to: h.to, since: h.since.getTime(), incidentKey: h.incidentKey }));
      const maintenance = windows
        .filter((w) => w.monitorId === id)
        .map((w) => ({ start: w.from.getTime(), end: w.to.getTime() }));
      const counted = counts.get(id) ?? { successful: 0, degraded: 0, failed: 0 };
      out.set(id, {
        measure: measure(
          timeline(transitions, range.end),
          range,
          maintenance,
          days.filter((d) => d.monitorId === id),
        ),
        incidents: incidentsOf(transitions).filter((i) => i.start < range.end && (i.end ?? Infinity) > range.start),
        checks: {
          total: counted.successful + counted.degraded + counted.failed,
          failed: counted.failed,
          degraded: counted.degraded,
        },
      });
    }
    return out;
  }

  /** Status reports on the components overlapping the period, oldest first. */
  private async statusReports(componentIds: string[], period: SlaPeriod): Promise<SlaStatusReportView[]> {
    if (!componentIds.length) return [];
    const events = await this.pageEvents.incidentsOn(componentIds, period.from, period.to);
    return events
      .map((e) => ({
        id: e.id,
        title: e.title,
        componentId: e.componentId,
        start: new Date(e.from).toISOString(),
        end: e.to ? new Date(e.to).toISOString() : null,
      }))
      .sort(
        (a, b) =>
          a.start.localeCompare(b.start) ||
          Number(a.id) - Number(b.id) ||
          Number(a.componentId) - Number(b.componentId),
      );
  }
}

function figuresOf(parts: MonitorPart[], target: number): SlaFiguresView {
  const listed = parts.flatMap((p) => p.incidents);
  return {
    ...figures(
      parts.map((p) => p.measure),
      target,
    ),
    incidentCount: listed.length,
    mttrMinutes: mttrMinutes(listed),
    checks: parts.reduce(
      (sum, p) => ({
        total: sum.total + p.checks.total,
        failed: sum.failed + p.checks.failed,
        degraded: sum.degraded + p.checks.degraded,
      }),
      { total: 0, failed: 0, degraded: 0 },
    ),
  };
}

function incidentViews(monitorId: string, list: Incident[], now: Date): SlaIncidentView[] {
  return list.map((i) => ({
    monitorId,
    incidentKey: i.incidentKey,
    status: i.worst,
    start: new Date(i.start).toISOString(),
    end: i.end === null ? null : new Date(i.end).toISOString(),
    durationMinutes: minutes((i.end ?? now.getTime()) - i.start),
  }));
}

function periodView(p: SlaPeriod): SlaReportView['period'] {
  return { kind: p.kind, label: p.label, from: p.from.toISOString(), to: p.to.toISOString() };
}
