// The incidents (status reports) of a status page in the dashboard: their list on the page's screen,
// and one incident's page, which opens it or shows its updates with the form that posts the next,
// each with or without mailing the subscribers.
import { html, type Html } from '../../common/html';
import type { ComponentView, StatusPageView } from '../../status-pages/status-page.views';
import { STATUS_REPORT_STATUSES } from '../../status-reports/status-report.entity';
import type { StatusReportView } from '../../status-reports/status-report.view';
import {
  card,
  checkbox,
  dateTime,
  field,
  type Frame,
  layout,
  notice,
  postForm,
  select,
  table,
  textarea,
} from '../components';
import { affectedComponentsField, componentName, type PageSection } from './status-page-components.page';
import { statusPagesPath } from './status-pages.page';

const REPORT_STATUS_WORDS: Record<string, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

const STATUSES = STATUS_REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_WORDS[s] ?? s }));

/** The incidents card of a status page's screen. */
export function incidentsCard(s: PageSection, reports: StatusReportView[]): Html {
  return card(
    'Incidents',
    html`${table(
      'Status reports',
      ['Incident', 'Status', 'Last update'],
      reports.map((r) => [
        html`<a href="${s.base}/reports/${r.id}">${r.title}</a
          >${r.draft ? html` <span class="muted">(draft)</span>` : ''}`,
        REPORT_STATUS_WORDS[r.status] ?? r.status,
        dateTime(r.updates.at(-1)?.date ?? r.createdAt),
      ]),
      'No incidents.',
    )}
    ${s.canWrite ? html`<p><a class="button" href="${s.base}/reports/new">Report an incident</a></p>` : ''}`,
    'incidents',
  );
}

export interface ReportFormData {
  page: StatusPageView;
  components: ComponentView[];
  monitors: Array<{ id: string; name: string }>;
  /** The report updated; none for a new one. */
  report?: StatusReportView;
  canWrite: boolean;
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
  done?: string;
  /** A change that was made, with a part that was not (mail asked for and not sent). */
  warning?: string;
}

function notifyField(values: Record<string, string>): Html {
  return checkbox(
    'E-mail the subscribers',
    'notify',
    values.notify === 'on',
    'they get this update by mail; leave unchecked for a quiet correction',
  );
}

/** The form that posts the next update of an open report. */
function updateForm(csrf: string, base: string, report: StatusReportView, data: ReportFormData): Html {
  const { values, errors } = data;
  return card(
    'Post an update',
    postForm(
      `${base}/reports/${report.id}/updates`,
      csrf,
      html`${select('Status', 'status', STATUSES, values.status ?? report.status, errors.status)}
        ${textarea({ label: 'Message', name: 'message', value: values.message ?? '', error: errors.message, rows: 4 })}
        ${notifyField(values)}
        <div class="actions"><button type="submit">Post update</button></div>`,
      'Post an update',
    ),
    'post-update',
  );
}

/** The form that opens an incident with its first update. */
function newReportForm(csrf: string, base: string, data: ReportFormData, names: Map<string, string>): Html {
  const { values, errors } = data;
  return postForm(
    `${base}/reports/new`,
    csrf,
    html`${field({ label: 'Title', name: 'title', value: values.title ?? '', error: errors.title, required: true, maxLength: 256 })}
      ${select('Status', 'status', STATUSES, values.status ?? 'investigating', errors.status)}
      ${textarea({ label: 'Message', name: 'message', value: values.message ?? '', error: errors.message, rows: 4, hint: 'The first update, shown on the page.' })}
      ${affectedComponentsField(data.components, names, values, errors)} ${notifyField(values)}
      <div class="actions">
        <button type="submit">Publish incident</button>
        <a class="button secondary" href="${base}">Cancel</a>
      </div>`,
    'Report an incident',
  );
}

/** A report's updates, newest first, and the components it affects. */
function reportHistory(report: StatusReportView, components: ComponentView[], names: Map<string, string>): Html {
  const affected = report.pageComponentIds
    .map((id) => components.find((c) => c.id === id))
    .filter((c): c is ComponentView => Boolean(c))
    .map((c) => componentName(c, names))
    .join(', ');
  return card(
    'Updates',
    html`<ol class="plain">
        ${[...report.updates].reverse().map(
          (u) =>
            html`<li class="card">
              <p>
                <strong>${REPORT_STATUS_WORDS[u.status] ?? u.status}</strong> · ${dateTime(u.date)}
                ${u.notifiedAt ? html` · <span class="muted">mailed to subscribers</span>` : ''}
              </p>
              <p>${u.message}</p>
            </li>`,
        )}
      </ol>
      <p class="muted">Affects: ${report.pageComponentIds.length ? affected : 'no component in particular'}</p>`,
    'updates',
  );
}

export function reportPage(frame: Frame, data: ReportFormData): Html {
  const slug = frame.current!.slug;
  const base = statusPagesPath(slug, data.page.id);
  const { report } = data;
  const names = new Map(data.monitors.map((m) => [m.id, m.name]));
  const title = report ? report.title : `Report an incident on ${data.page.title}`;
  const form = !data.canWrite
    ? ''
    : report
      ? updateForm(frame.csrf, base, report, data)
      : newReportForm(frame.csrf, base, data, names);
  const history = report ? reportHistory(report, data.components, names) : '';
  return layout(
    frame,
    `${title} · ${frame.current!.name}`,
    html`<p class="crumbs">
        <a href="${statusPagesPath(slug)}">Status pages</a> › <a href="${base}">${data.page.title}</a>
      </p>
      <h1>${title}</h1>
      ${data.done ? notice('success', data.done) : ''} ${data.warning ? notice('warning', data.warning) : ''}
      ${data.message ? notice('error', data.message) : ''}
      ${report ? html`<p>${REPORT_STATUS_WORDS[report.status] ?? report.status}</p>` : ''}
      ${report?.draft ? draftNotice(frame.csrf, base, report, data.canWrite) : ''} ${form} ${history}`,
  );
}

/**
 * A draft (an auto-incident opened it so): not on the public page, nor mailed, until published here.
 * Updates posted meanwhile stay unsent too; publishing sends nothing by itself.
 */
function draftNotice(csrf: string, base: string, report: StatusReportView, canWrite: boolean): Html {
  return html`${notice('warning', 'Draft: this incident is not on the public page and was not mailed to subscribers.')}
  ${canWrite ? postForm(`${base}/reports/${report.id}/publish`, csrf, html`<button type="submit">Publish the draft</button>`, 'Publish the draft') : ''}`;
}
