// The status page itself: the one-line overall status, active incidents with their timelines, active
// and upcoming maintenances, then the components in their groups with 90 day bars, uptime and, for
// public monitors, latency. Rendered from a PageSnapshot only; no JavaScript.
import { html, type Html } from '../../common/html';
import type { PageSnapshot, PublicComponent, PublicGroup, PublicMaintenance, PublicReport } from '../public-page.types';
import { dayBars, latencyChart } from './charts';
import { formatsFor, type Formats } from './i18n';
import { type PageLocale } from '../../status-pages/locales';
import type { UptimePeriod } from '../../status-pages/status-page.entity';
import { pageHref, pageLayout } from './layout';
import { pageMessages } from './page.messages';

type Messages = ReturnType<typeof pageMessages>;

export interface PageView {
  snapshot: PageSnapshot;
  locale: PageLocale;
  base: string;
}

export function renderStatusPage(view: PageView): string {
  const { snapshot, locale, base } = view;
  const { page } = snapshot;
  const t = pageMessages(locale);
  const f = formatsFor(locale);
  const names = componentNames(snapshot.groups);
  const active = snapshot.activeReports.length + snapshot.activeMaintenances.length > 0;
  const body = html`<h1>${page.title}</h1>
    ${page.description ? html`<p class="description">${page.description}</p>` : ''}
    <p class="card overall s-${snapshot.overall}" id="overall">${t[`overall_${snapshot.overall}`]}</p>
    <p class="updated">${t.lastUpdated(f.dateTime(snapshot.generatedAt))}</p>
    ${
      snapshot.activeReports.length
        ? html`<section aria-labelledby="incidents">
            <h2 id="incidents">${t.activeIncidents}</h2>
            ${snapshot.activeReports.map((r) => reportCard(r, names, t, f))}
          </section>`
        : ''
    }
    ${
      snapshot.activeMaintenances.length
        ? html`<section aria-labelledby="maintenances">
            <h2 id="maintenances">${t.activeMaintenances}</h2>
            ${snapshot.activeMaintenances.map((m) => maintenanceCard(m, names, t, f))}
          </section>`
        : ''
    }
    ${active ? '' : html`<p class="meta">${t.noIncidents}</p>`}
    <section aria-labelledby="components">
      <h2 id="components">${t.components}</h2>
      ${snapshot.groups.map((g) => groupCard(g, page.uptimePeriod, t, f))}
    </section>
    ${
      snapshot.upcomingMaintenances.length
        ? html`<section aria-labelledby="upcoming">
            <h2 id="upcoming">${t.upcomingMaintenances}</h2>
            ${snapshot.upcomingMaintenances.map((m) => maintenanceCard(m, names, t, f))}
          </section>`
        : ''
    }
    <p>
      <a href="${base}/history">${t.history}</a
      >${page.subscriptions ? html` · <a href="${pageHref(base, '/subscribe')}">${t.subscribe}</a>` : ''}
    </p>`;
  return pageLayout({ page, locale, base, title: page.title, body, titleInBody: true }).value;
}

/** Component id → name, for the "affects" lines of reports and maintenances. */
export function componentNames(groups: readonly PublicGroup[]): Map<string, string> {
  return new Map(groups.flatMap((g) => g.components.map((c) => [c.id, c.name] as const)));
}

function groupCard(group: PublicGroup, period: UptimePeriod, t: Messages, f: Formats): Html {
  if (group.id === null) {
    return html`<ul class="card group components">
      ${group.components.map((c) => componentItem(c, 3, period, t, f))}
    </ul>`;
  }
  const id = `group-${group.id}`;
  return html`<section class="card group" aria-labelledby="${id}">
    <h3 id="${id}">${group.name}</h3>
    <ul class="components">
      ${group.components.map((c) => componentItem(c, 4, period, t, f))}
    </ul>
  </section>`;
}

function componentItem(component: PublicComponent, level: 3 | 4, period: UptimePeriod, t: Messages, f: Formats): Html {
  const name =
    level === 3
      ? html`<h3 class="component-name">${component.name}</h3>`
      : html`<h4 class="component-name">${component.name}</h4>`;
  return html`<li class="component" id="component-${component.id}">
    <div class="component-head">
      ${name}<span class="status s-${component.status}">${t[`status_${component.status}`]}</span>
    </div>
    ${component.description ? html`<p class="component-description">${component.description}</p>` : ''}
    ${periodUptime(component, period, t, f)} ${dayBars(component, f)}
    <div class="bars-legend">
      <span>${t.daysAgo}</span
      ><span
        >${component.uptime === null ? (component.type === 'monitor' && component.days.some((d) => d.status === 'no_data') ? t.noUptime : '') : t.uptime(f.percent(shownUptime(component.uptime)))}</span
      ><span>${t.today}</span>
    </div>
    ${component.latency ? latencyChart(component, component.latency, f) : ''}
  </li>`;
}

export function reportCard(report: PublicReport, names: ReadonlyMap<string, string>, t: Messages, f: Formats): Html {
  const affected = report.componentIds.map((id) => names.get(id)).filter((n): n is string => !!n);
  return html`<article class="card event incident" aria-labelledby="report-${report.id}">
    <h3 id="report-${report.id}">${report.title}</h3>
    <p class="meta">
      <strong>${reportStatus(report.status, t)}</strong> · ${t.started}
      ${f.dateTime(report.createdAt)}${report.resolvedAt ? html` · ${t.resolved} ${f.dateTime(report.resolvedAt)}` : ''}
    </p>
    ${affected.length ? html`<p class="meta">${t.affects}: ${affected.join(', ')}</p>` : ''}
    <ol class="timeline">
      ${report.updates.map(
        (u) =>
          html`<li>
            <span class="update-status">${reportStatus(u.status, t)}</span> ·
            <time datetime="${u.date.toISOString()}">${f.dateTime(u.date)}</time>
            <p class="message">${u.message}</p>
          </li>`,
      )}
    </ol>
  </article>`;
}

export function maintenanceCard(
  maintenance: PublicMaintenance,
  names: ReadonlyMap<string, string>,
  t: Messages,
  f: Formats,
): Html {
  const affected = maintenance.componentIds.map((id) => names.get(id)).filter((n): n is string => !!n);
  return html`<article class="card event maintenance" aria-labelledby="maintenance-${maintenance.id}">
    <h3 id="maintenance-${maintenance.id}">${maintenance.title}</h3>
    <p class="meta">
      ${t.from}
      <time datetime="${maintenance.from.toISOString()}">${f.dateTime(maintenance.from)}</time> ${t.to.toLowerCase()}
      <time datetime="${maintenance.to.toISOString()}">${f.dateTime(maintenance.to)}</time>
    </p>
    ${affected.length ? html`<p class="meta">${t.affects}: ${affected.join(', ')}</p>` : ''}
    ${maintenance.message ? html`<p class="message">${maintenance.message}</p>` : ''}
  </article>`;
}

/** The uptime over the page's period (SLA rules), when the page shows it: "99.95% this quarter". */
function periodUptime(component: PublicComponent, period: UptimePeriod, t: Messages, f: Formats): Html | '' {
  if (period === 'off' || component.periodUptime === undefined) return '';
  const figure = component.periodUptime === null ? t.periodNoData : f.percent(shownUptime(component.periodUptime));
  return html`<p class="period-uptime">${t[`period_${period}`](figure)}</p>`;
}

/** Never 100 % when a check failed: 99.999 % shows as 99.99 %. */
function shownUptime(uptime: number): number {
  return uptime < 100 ? Math.min(uptime, 99.99) : 100;
}

function reportStatus(status: string, t: Messages): string {
  switch (status) {
    case 'investigating':
    case 'identified':
    case 'monitoring':
    case 'resolved':
      return t[`report_${status}`];
    default:
      return status;
  }
}
