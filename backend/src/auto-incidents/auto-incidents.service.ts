// Incidents opened by monitors (issue 29): a status-page component that opts in gets a status report
// when its monitor has been down for its number of minutes, and, when the monitor recovers, the
// report's `resolved` update (or nothing, for a person to write). The sweeper (auto-incident-sweeper.ts)
// calls sweep() every few seconds on every API node; `now` is a parameter so tests drive the clock.
//
// Exactly once across nodes and crashes: the report is opened through the status-reports verb
// (createWith), in the same transaction as the insert of its auto_incidents row, whose unique key is
// (component, the alert incident's key). A second node's insert waits for the first transaction and
// then finds the row; a node killed mid-way rolls back both, and the next sweep anywhere opens it. The
// resolution locks the report, then the row, and records its decision in the transaction that posts
// the update, so it is added once too. Sending to subscribers follows the commit (as for any report),
// so a node killed between the two leaves the update unsent, shown so (notifiedAt null).
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ALERT_STATUS_PORT, type AlertStatusPort } from '../alerts/alert-status.port';
import { systemContext, type ServiceContext } from '../common/context';
import { LOGGER } from '../config/config.module';
import { MAINTENANCES_PORT, type MaintenancesPort } from '../maintenances/maintenances.port';
import { ANNOUNCEMENT_BOUNDS } from '../status-pages/announcement.schemas';
import { renderTemplate } from '../status-pages/auto-incident-template';
import { PageComponentsService } from '../status-pages/page-components.service';
import type { AutoIncidentComponentRow } from '../status-pages/status-page.views';
import { StatusReportsService } from '../status-reports/status-reports.service';
import { toWorkspaceRef, WorkspacesService } from '../workspaces/workspaces.service';
import { AutoIncidentsRepository, handledKey, type OpenAutoIncident } from './auto-incidents.repository';

/** A monitor's alert status as alerting's port gives it. */
type MonitorAlertStatus =
  Awaited<ReturnType<AlertStatusPort['statusesSince']>> extends Map<string, infer S> ? S : never;

/** The system actor of the audit entries: `auto-incident (system, via system)`. */
export const AUTO_INCIDENT_ACTOR = 'auto-incident';

/** The text of the resolution update (not configurable: recovery reads the same everywhere). */
export const RESOLUTION_MESSAGE = '{{component}} has recovered and is operational again.';

export interface SweepOutcome {
  /** Reports opened. */
  opened: number;
  /** Incidents for which a report was already there (none opened). */
  existing: number;
  /** Resolution updates added. */
  resolved: number;
  /** Recoveries left for a person (auto_resolve off) or already resolved by one. */
  left: number;
}

/** `2026-01-02 03:04 UTC`: the {{since}} of a template. */
export function sinceText(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The rendered text cut to what a report holds (a long component name must not stop the report). */
function fit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Whether the incident the report was opened for is over: the monitor is active again, or it is in
 * another incident already (it recovered and went down again between two sweeps).
 */
function recovered(status: MonitorAlertStatus | undefined, incidentKey: string): boolean {
  if (!status) return false;
  return status.status === 'active' || (status.incidentKey !== null && status.incidentKey !== incidentKey);
}

@Injectable()
export class AutoIncidentsService {
  constructor(
    @Inject(AutoIncidentsRepository) private readonly incidents: AutoIncidentsRepository,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(StatusReportsService) private readonly reports: StatusReportsService,
    @Inject(WorkspacesService) private readonly workspaces: WorkspacesService,
    @Inject(ALERT_STATUS_PORT) private readonly alerts: AlertStatusPort,
    @Inject(MAINTENANCES_PORT) private readonly maintenances: MaintenancesPort,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Opens the reports that are due and resolves those whose monitor recovered, as of `now`. */
  async sweep(now: Date = new Date()): Promise<SweepOutcome> {
    const outcome: SweepOutcome = { opened: 0, existing: 0, resolved: 0, left: 0 };
    const open = await this.incidents.unresolved();
    const components = await this.components.autoIncidentComponents(open.map((o) => o.componentId));
    if (!components.length && !open.length) return outcome;
    const monitorIds = [...new Set([...components.map((c) => c.monitorId), ...open.map((o) => o.monitorId)])];
    const statuses = await this.alerts.statusesSince(monitorIds);
    const on = components.filter((c) => c.mode !== 'off');
    const handled = await this.incidents.handledKeys(on.map((c) => c.id));
    const contexts = new Map<string, Promise<ServiceContext>>();
    const contextOf = (workspaceId: string) => {
      if (!contexts.has(workspaceId)) contexts.set(workspaceId, this.contextOf(workspaceId));
      return contexts.get(workspaceId)!;
    };

    const due = on.filter((component) => {
      const status = statuses.get(component.monitorId);
      if (status?.status !== 'error' || !status.since || !status.incidentKey) return false;
      if (now.getTime() - status.since.getTime() < component.afterMinutes * 60_000) return false;
      return !handled.has(handledKey(component.id, status.incidentKey));
    });
    // A monitor in a maintenance window is down as planned, and its alerts are silenced: the window
    // is what the page shows. Still down when the window ends, it opens the incident then.
    const inMaintenance = await this.maintenances.windowEndsOverMonitors(
      [...new Set(due.map((c) => c.monitorId))],
      now,
    );
    for (const component of due) {
      if (inMaintenance.has(component.monitorId)) continue;
      const status = statuses.get(component.monitorId)!;
      if (!status.since || !status.incidentKey) continue;
      try {
        const done = await this.open(
          await contextOf(component.workspaceId),
          component,
          status.incidentKey,
          status.since,
        );
        if (done === 'opened') outcome.opened += 1;
        else if (done === 'existing') outcome.existing += 1;
      } catch (error) {
        // One component's failure (a page deleted meanwhile) must not stop the others; the next sweep retries it.
        this.logger.error({ err: error, componentId: component.id }, 'auto-incident could not be opened');
      }
    }

    const byId = new Map(components.map((c) => [c.id, c]));
    for (const incident of open) {
      if (!recovered(statuses.get(incident.monitorId), incident.incidentKey)) continue;
      try {
        const done = await this.close(
          await contextOf(incident.workspaceId),
          incident,
          byId.get(incident.componentId),
          now,
        );
        if (done === 'resolved') outcome.resolved += 1;
        else if (done === 'left') outcome.left += 1;
      } catch (error) {
        this.logger.error({ err: error, autoIncidentId: incident.id }, 'auto-incident could not be resolved');
      }
    }
    return outcome;
  }

  private async contextOf(workspaceId: string): Promise<ServiceContext> {
    return systemContext(toWorkspaceRef(await this.workspaces.resolve(workspaceId)), AUTO_INCIDENT_ACTOR);
  }

  /** Opens the component's report for the incident, once; answers what happened. */
  private async open(
    ctx: ServiceContext,
    component: AutoIncidentComponentRow,
    incidentKey: string,
    since: Date,
  ): Promise<'opened' | 'existing' | 'taken'> {
    const values = {
      component: component.name,
      monitor: component.monitorName,
      page: component.pageTitle,
      since: sinceText(since),
    };
    const published = component.mode === 'published';
    let claim: string | null = null;
    let existing = false;
    const result = await this.reports.createWith(
      ctx,
      {
        pageId: component.pageId,
        title: fit(renderTemplate(component.title, values), ANNOUNCEMENT_BOUNDS.title),
        message: fit(renderTemplate(component.message, values), ANNOUNCEMENT_BOUNDS.message),
        status: 'investigating',
        pageComponentIds: [component.id],
        draft: !published,
      },
      published && component.notify,
      {
        before: async () => {
          claim = await this.incidents.claim({
            workspaceId: component.workspaceId,
            componentId: component.id,
            monitorId: component.monitorId,
            incidentKey,
            downSince: since,
          });
          if (!claim) return false;
          // A report already there (a person's, still open or opened since the monitor went down) is
          // the incident's report: a second one would only repeat it. Recorded, so it is not asked again.
          const there = await this.reports.reportOnComponentSince(ctx, component.id, since);
          if (there === null) return true;
          await this.incidents.settle(claim, 'existing', there);
          existing = true;
          return false;
        },
        after: async (posted) => this.incidents.settle(claim!, 'opened', posted.report.id),
      },
    );
    return result ? 'opened' : existing ? 'existing' : 'taken';
  }

  /** The monitor recovered: the resolution update, or the report left for a person, once. */
  private async close(
    ctx: ServiceContext,
    incident: OpenAutoIncident,
    component: AutoIncidentComponentRow | undefined,
    now: Date,
  ): Promise<'resolved' | 'left' | 'taken'> {
    // Without its component's settings (its monitor was deleted), nothing is said on its behalf.
    if (!component?.autoResolve || incident.reportId === null) {
      return (await this.incidents.decide(incident.id, component && incident.reportId ? 'left' : 'done', now))
        ? 'left'
        : 'taken';
    }
    let resolvedBefore = false;
    const message = renderTemplate(RESOLUTION_MESSAGE, {
      component: component.name,
      monitor: component.monitorName,
      page: component.pageTitle,
      since: sinceText(now),
    });
    const result = await this.reports.addUpdateWith(
      ctx,
      incident.reportId,
      { status: 'resolved', message: fit(message, ANNOUNCEMENT_BOUNDS.message), date: now },
      component.mode === 'published' && component.notify,
      {
        before: async (report) => {
          if (!(await this.incidents.lockUndecided(incident.id))) return false;
          if (report && report.status !== 'resolved') return true;
          // Someone resolved (or deleted) it first: theirs is the last word.
          await this.incidents.decide(incident.id, 'done', now);
          resolvedBefore = true;
          return false;
        },
        after: async () => {
          await this.incidents.decide(incident.id, 'resolved', now);
        },
      },
    );
    return result ? 'resolved' : resolvedBefore ? 'left' : 'taken';
  }
}
