// The maintenance windows of a status page in the dashboard: their list on the page's screen, the
// form that schedules or edits one (times in UTC) and the deletion confirmation.
import { html, type Html } from '../../common/html';
import type { MaintenanceView } from '../../maintenances/maintenance.view';
import type { ComponentView, StatusPageView } from '../../status-pages/status-page.views';
import {
  card,
  checkbox,
  dateTime,
  deleteForm,
  errorSummary,
  field,
  type Frame,
  layout,
  notice,
  postForm,
  table,
  textarea,
} from '../components';
import { affectedComponentsField, type PageSection } from './status-page-components.page';
import { statusPagesPath } from './status-pages.page';

const MAINTENANCE_WORDS: Record<string, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
};

/** The maintenances card of a status page's screen. */
export function maintenancesCard(s: PageSection, maintenances: MaintenanceView[]): Html {
  return card(
    'Maintenances',
    html`${table(
      'Maintenance windows',
      ['Maintenance', 'From', 'To', 'Status', s.canWrite ? 'Manage' : ''],
      maintenances.map((m) => [
        m.title,
        dateTime(m.from),
        dateTime(m.to),
        MAINTENANCE_WORDS[m.status] ?? m.status,
        s.canWrite
          ? html`<a href="${s.base}/maintenances/${m.id}/edit" aria-label="Edit ${m.title}">Edit</a>
              <a href="${s.base}/maintenances/${m.id}/delete" aria-label="Delete ${m.title}">Delete</a>`
          : '',
      ]),
      'No maintenances.',
    )}
    ${s.canWrite ? html`<p><a class="button secondary" href="${s.base}/maintenances/new">Schedule a maintenance</a></p>` : ''}`,
    'maintenances',
  );
}

/** `2026-11-28T14:30`, the value of a datetime-local field, of a UTC time. */
export function utcInputValue(iso: string | undefined): string {
  return iso ? iso.slice(0, 16) : '';
}

export interface MaintenanceFormData {
  page: StatusPageView;
  components: ComponentView[];
  monitors: Array<{ id: string; name: string }>;
  maintenance?: MaintenanceView;
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

/** A datetime-local field of the window, its error announced with the shared "Times are UTC." hint. */
function whenField(name: 'from' | 'to', label: string, data: MaintenanceFormData): Html {
  const { values, errors } = data;
  const id = `f-${name}`;
  return html`<label for="${id}">${label}</label>
    ${errors[name] ? html`<p class="field-error" id="${id}-error">${errors[name]}</p>` : ''}
    <input
      type="datetime-local"
      id="${id}"
      name="${name}"
      value="${values[name] ?? ''}"
      aria-describedby="when-hint${errors[name] ? ` ${id}-error` : ''}"
      ${errors[name] ? html` aria-invalid="true"` : ''}
    />`;
}

function maintenanceFields(data: MaintenanceFormData, base: string): Html {
  const { values, errors, maintenance } = data;
  const names = new Map(data.monitors.map((m) => [m.id, m.name]));
  return html`${field({ label: 'Title', name: 'title', value: values.title ?? '', error: errors.title, required: true, maxLength: 256 })}
    ${textarea({ label: 'Message', name: 'message', value: values.message ?? '', error: errors.message, rows: 3 })}
    <p class="hint" id="when-hint">Times are UTC.</p>
    ${whenField('from', 'From', data)} ${whenField('to', 'To', data)}
    ${affectedComponentsField(data.components, names, values, errors)}
    ${
      maintenance
        ? ''
        : checkbox('E-mail the subscribers', 'notify', values.notify === 'on', 'they are told of the window by mail')
    }
    <div class="actions">
      <button type="submit">${maintenance ? 'Save changes' : 'Schedule maintenance'}</button>
      <a class="button secondary" href="${base}">Cancel</a>
    </div>`;
}

export function maintenanceFormPage(frame: Frame, data: MaintenanceFormData): Html {
  const slug = frame.current!.slug;
  const base = statusPagesPath(slug, data.page.id);
  const { errors, maintenance } = data;
  const title = maintenance ? `Edit ${maintenance.title}` : `Schedule a maintenance on ${data.page.title}`;
  const action = maintenance ? `${base}/maintenances/${maintenance.id}/edit` : `${base}/maintenances/new`;
  return layout(
    frame,
    `${title} · ${frame.current!.name}`,
    html`<p class="crumbs">
        <a href="${statusPagesPath(slug)}">Status pages</a> › <a href="${base}">${data.page.title}</a>
      </p>
      <h1>${title}</h1>
      ${data.message ? notice('error', data.message) : ''}
      ${errorSummary(errors, { title: 'Title', message: 'Message', from: 'From', to: 'To', pageComponentIds: 'Affected components' })}
      ${postForm(action, frame.csrf, maintenanceFields(data, base), title)}`,
  );
}

export function deleteMaintenancePage(frame: Frame, page: StatusPageView, maintenance: MaintenanceView): Html {
  const slug = frame.current!.slug;
  const base = statusPagesPath(slug, page.id);
  return layout(
    frame,
    `Delete ${maintenance.title}`,
    html`<p class="crumbs"><a href="${statusPagesPath(slug)}">Status pages</a> › <a href="${base}">${page.title}</a></p>
      <h1>Delete ${maintenance.title}?</h1>
      ${card(
        'What goes with it',
        html`<p>
            The window (${dateTime(maintenance.from)} to ${dateTime(maintenance.to)}) disappears from ${page.title}, and
            its components no longer show as under maintenance. Subscribers are not told.
          </p>
          ${deleteForm(`${base}/maintenances/${maintenance.id}/delete`, frame.csrf, maintenance.title, base)}`,
        'delete-maintenance',
      )}`,
  );
}
