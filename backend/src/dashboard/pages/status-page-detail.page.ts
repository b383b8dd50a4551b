// A status page's own screen in the dashboard: its components and groups, its incidents, its
// maintenances and its subscribers, each a section of its own file (status-page-*.page.ts).
import { html, type Html } from '../../common/html';
import type { MaintenanceView } from '../../maintenances/maintenance.view';
import type { ComponentView, GroupView, StatusPageView } from '../../status-pages/status-page.views';
import type { StatusReportView } from '../../status-reports/status-report.view';
import { type Frame, layout, notice } from '../components';
import {
  addComponentCard,
  ARRANGE_SCRIPT_PATH,
  componentsCard,
  type ComponentFormState,
  type PageSection,
} from './status-page-components.page';
import { groupsCard } from './status-page-groups.page';
import { maintenancesCard } from './status-page-maintenances.page';
import { incidentsCard } from './status-page-reports.page';
import { subscribersCard } from './status-page-subscribers.page';
import { statusPagesPath } from './status-pages.page';

export interface StatusPageDetailData {
  page: StatusPageView;
  components: ComponentView[];
  groups: GroupView[];
  /** Monitor names by id, for the components that show one and the add form. */
  monitors: Array<{ id: string; name: string }>;
  reports: StatusReportView[];
  maintenances: MaintenanceView[];
  subscribers: number;
  /** E-mail is off (no SMTP_URL): nobody can subscribe, and the page says how to turn it on. */
  mailOff?: boolean;
  canWrite: boolean;
  publicUrl: string;
  done?: string;
  /** A change that was made, with a part that was not (mail asked for and not sent). */
  warning?: string;
  message?: string;
  componentForm?: ComponentFormState;
}

export function statusPageDetailPage(frame: Frame, data: StatusPageDetailData): Html {
  const slug = frame.current!.slug;
  const { page } = data;
  const s: PageSection = {
    slug,
    pageId: page.id,
    pageTitle: page.title,
    base: statusPagesPath(slug, page.id),
    csrf: frame.csrf,
    canWrite: data.canWrite,
    monitorNames: new Map(data.monitors.map((m) => [m.id, m.name])),
  };
  return layout(
    frame,
    `${page.title} · ${frame.current!.name}`,
    html`<p class="crumbs"><a href="${statusPagesPath(slug)}">Status pages</a></p>
      <div class="title-row">
        <h1>${page.title}</h1>
        <p class="actions">
          <a class="button secondary" href="${data.publicUrl}/status/${page.slug}">View the page</a>
          <a class="button secondary" href="${s.base}/sla">SLA report</a>
          ${
            data.canWrite
              ? html`<a class="button secondary" href="${s.base}/edit">Edit</a>
                  <a class="button danger" href="${s.base}/delete">Delete</a>`
              : ''
          }
        </p>
      </div>
      ${data.done ? notice('success', data.done) : ''} ${data.warning ? notice('warning', data.warning) : ''}
      ${data.message ? notice('error', data.message) : ''} ${componentsCard(s, data.components, data.groups)}
      ${addComponentCard(s, data.monitors, data.groups, data.componentForm)} ${groupsCard(s, data.groups)}
      ${incidentsCard(s, data.reports)} ${maintenancesCard(s, data.maintenances)}
      ${subscribersCard(s, data.subscribers, data.mailOff)}
      ${data.canWrite ? html`<script src="${ARRANGE_SCRIPT_PATH}" defer></script>` : ''}`,
  );
}
