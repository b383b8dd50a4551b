// What a status page shows, managed from the dashboard: its components and groups (placed by number
// without JavaScript, dragged with it), its incidents (status reports: open one, post updates, with or
// without mailing the subscribers) and its subscribers (list, import, remove).
import { html, type Html } from '../../common/html';
import type { ComponentView, GroupView, StatusPageView } from '../../status-pages/status-page.views';
import { STATUS_REPORT_STATUSES } from '../../status-reports/status-report.entity';
import type { StatusReportView } from '../../status-reports/status-report.view';
import type { MaintenanceView } from '../../maintenances/maintenance.view';
import type { SubscriberView } from '../../subscribers/subscriber.view';
import {
  card,
  deleteForm,
  checkbox,
  dateTime,
  errorSummary,
  field,
  type Frame,
  hidden,
  layout,
  notice,
  postForm,
  radios,
  rowAction,
  select,
  table,
  textarea,
} from '../components';
import { statusPagesPath } from './status-pages.page';
import { componentEditPath } from './component-form.page';

export const ARRANGE_SCRIPT_PATH = '/app/assets/arrange.js';

const REPORT_STATUS_WORDS: Record<string, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

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
  componentForm?: { values: Record<string, string>; errors: Record<string, string> };
}

function componentName(c: ComponentView, monitors: Map<string, string>): string {
  return c.name || (c.monitorId ? (monitors.get(c.monitorId) ?? `monitor ${c.monitorId}`) : 'Unnamed');
}

/** Components in page order: by order, then position in the group. */
export function inPageOrder(components: ComponentView[]): ComponentView[] {
  return [...components].sort(
    (a, b) => a.order - b.order || a.groupOrder - b.groupOrder || Number(a.id) - Number(b.id),
  );
}

export function statusPageDetailPage(frame: Frame, data: StatusPageDetailData): Html {
  const slug = frame.current!.slug;
  const { page } = data;
  const base = statusPagesPath(slug, page.id);
  const monitorNames = new Map(data.monitors.map((m) => [m.id, m.name]));
  const groupChoices = [{ value: '', label: 'No group' }, ...data.groups.map((g) => ({ value: g.id, label: g.name }))];
  const ordered = inPageOrder(data.components);

  const arrangeRows = ordered.map((c) => {
    const name = componentName(c, monitorNames);
    return html`<tr draggable="${data.canWrite ? 'true' : 'false'}" data-id="${c.id}">
      <th scope="row">
        <span class="name">${name}</span>
        <span class="muted">${c.monitorId ? `shows ${monitorNames.get(c.monitorId) ?? c.monitorId}` : 'static'}</span>
        ${data.canWrite ? html`<a href="${componentEditPath(slug, page.id, c.id)}" aria-label="Edit ${name}">Edit</a>` : ''}
      </th>
      ${
        data.canWrite
          ? html`<td>
                <label class="skip" for="order-${c.id}">Position of ${name}</label
                ><input
                  class="num"
                  type="text"
                  inputmode="numeric"
                  id="order-${c.id}"
                  name="order.${c.id}"
                  value="${String(c.order)}"
                  size="4"
                />
              </td>
              <td>
                <label class="skip" for="group-${c.id}">Group of ${name}</label>
                <select id="group-${c.id}" name="group.${c.id}">
                  ${groupChoices.map((g) => html`<option value="${g.value}" ${g.value === (c.groupId ?? '') ? html` selected` : ''}>${g.label}</option>`)}
                </select>
              </td>
              <td>
                <label class="skip" for="groupOrder-${c.id}">Position of ${name} in its group</label
                ><input
                  class="num"
                  type="text"
                  inputmode="numeric"
                  id="groupOrder-${c.id}"
                  name="groupOrder.${c.id}"
                  value="${String(c.groupOrder)}"
                  size="4"
                />
              </td>`
          : html`<td>${String(c.order)}</td>
              <td>${data.groups.find((g) => g.id === c.groupId)?.name ?? html`<span class="muted">—</span>`}</td>
              <td>${String(c.groupOrder)}</td>`
      }
    </tr>`;
  });
  const componentsTable = ordered.length
    ? html`<table class="arrange">
        <caption class="skip">
          Components of ${page.title}
        </caption>
        <thead>
          <tr>
            <th scope="col">Component</th>
            <th scope="col">Position</th>
            <th scope="col">Group</th>
            <th scope="col">Position in group</th>
          </tr>
        </thead>
        <tbody>
          ${arrangeRows}
        </tbody>
      </table>`
    : html`<p class="muted">No components yet.</p>`;
  const arrange =
    data.canWrite && ordered.length
      ? postForm(
          `${base}/components/arrange`,
          frame.csrf,
          html`<p class="hint">Lower positions come first; drag the rows or change the numbers, then save.</p>
            ${componentsTable}
            <div class="actions"><button type="submit">Save order</button></div>`,
          'Order of the components',
        )
      : componentsTable;
  const removeComponents =
    data.canWrite && ordered.length
      ? html`<details>
          <summary>Remove a component</summary>
          <ul class="plain">
            ${ordered.map(
              (c) =>
                html`<li>
                  ${rowAction(`${base}/components/delete`, frame.csrf, { field: 'id', value: c.id }, 'Remove', componentName(c, monitorNames))}
                  ${componentName(c, monitorNames)}
                </li>`,
            )}
          </ul>
        </details>`
      : '';

  const cf = data.componentForm ?? { values: { type: 'monitor' }, errors: {} };
  const addComponent = data.canWrite
    ? card(
        'Add a component',
        postForm(
          `${base}/components`,
          frame.csrf,
          html`${radios(
              'Shows',
              'type',
              [
                { value: 'monitor', label: 'A monitor', hint: 'its status and uptime' },
                { value: 'static', label: 'Nothing automatic', hint: 'set by your incidents and maintenances' },
              ],
              cf.values.type ?? 'monitor',
              cf.errors.type,
            )}
            ${select(
              'Monitor',
              'monitorId',
              [{ value: '', label: '—' }, ...data.monitors.map((m) => ({ value: m.id, label: m.name }))],
              cf.values.monitorId ?? '',
              cf.errors.monitorId,
            )}
            ${field({ label: 'Name', name: 'name', value: cf.values.name ?? '', error: cf.errors.name, hint: 'Empty: the monitor\u2019s name.' })}
            ${textarea({ label: 'Description', name: 'description', value: cf.values.description ?? '', error: cf.errors.description, rows: 2 })}
            ${select('Group', 'groupId', groupChoices, cf.values.groupId ?? '', cf.errors.groupId)}
            <div class="actions"><button type="submit">Add component</button></div>`,
          'Add a component',
        ),
        'add-component',
      )
    : '';
  const groups = card(
    'Groups',
    html`${table(
      'Component groups',
      ['Group', ''],
      data.groups.map((g) => [
        g.name,
        data.canWrite
          ? rowAction(
              `${base}/groups/delete`,
              frame.csrf,
              { field: 'id', value: g.id },
              'Delete',
              `the group ${g.name}`,
            )
          : '',
      ]),
      'No groups. A group shows several components under one heading.',
    )}
    ${
      data.canWrite
        ? postForm(
            `${base}/groups`,
            frame.csrf,
            html`${field({ label: 'New group', name: 'name', maxLength: 256 })}
              <div class="actions"><button type="submit" class="secondary">Add group</button></div>`,
            'Add a group',
          )
        : ''
    }`,
    'groups',
  );

  const reports = card(
    'Incidents',
    html`${table(
      'Status reports',
      ['Incident', 'Status', 'Last update'],
      data.reports.map((r) => [
        html`<a href="${base}/reports/${r.id}">${r.title}</a>`,
        REPORT_STATUS_WORDS[r.status] ?? r.status,
        dateTime(r.updates.at(-1)?.date ?? r.createdAt),
      ]),
      'No incidents.',
    )}
    ${data.canWrite ? html`<p><a class="button" href="${base}/reports/new">Report an incident</a></p>` : ''}`,
    'incidents',
  );

  const maintenances = card(
    'Maintenances',
    html`${table(
      'Maintenance windows',
      ['Maintenance', 'From', 'To', 'Status', data.canWrite ? 'Manage' : ''],
      data.maintenances.map((m) => [
        m.title,
        dateTime(m.from),
        dateTime(m.to),
        MAINTENANCE_WORDS[m.status] ?? m.status,
        data.canWrite
          ? html`<a href="${base}/maintenances/${m.id}/edit" aria-label="Edit ${m.title}">Edit</a>
              <a href="${base}/maintenances/${m.id}/delete" aria-label="Delete ${m.title}">Delete</a>`
          : '',
      ]),
      'No maintenances.',
    )}
    ${data.canWrite ? html`<p><a class="button secondary" href="${base}/maintenances/new">Schedule a maintenance</a></p>` : ''}`,
    'maintenances',
  );

  return layout(
    frame,
    `${page.title} · ${frame.current!.name}`,
    html`<p class="crumbs"><a href="${statusPagesPath(slug)}">Status pages</a></p>
      <div class="title-row">
        <h1>${page.title}</h1>
        <p class="actions">
          <a class="button secondary" href="${data.publicUrl}/status/${page.slug}">View the page</a>
          ${
            data.canWrite
              ? html`<a class="button secondary" href="${base}/edit">Edit</a>
                  <a class="button danger" href="${base}/delete">Delete</a>`
              : ''
          }
        </p>
      </div>
      ${data.done ? notice('success', data.done) : ''} ${data.warning ? notice('warning', data.warning) : ''}
      ${data.message ? notice('error', data.message) : ''}
      ${card('Components', html`${arrange} ${removeComponents}`, 'components')} ${addComponent} ${groups} ${reports}
      ${maintenances}
      ${card(
        'Subscribers',
        html`${data.mailOff ? mailOffNotice() : ''}
          <p>
            ${String(data.subscribers)} ${data.subscribers === 1 ? 'subscriber' : 'subscribers'}.
            <a href="${base}/subscribers">Manage subscribers</a>
          </p>`,
        'subscribers',
      )}
      ${data.canWrite ? html`<script src="${ARRANGE_SCRIPT_PATH}" defer></script>` : ''}`,
  );
}

const MAINTENANCE_WORDS: Record<string, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
};

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

export function maintenanceFormPage(frame: Frame, data: MaintenanceFormData): Html {
  const slug = frame.current!.slug;
  const base = statusPagesPath(slug, data.page.id);
  const { values, errors, maintenance } = data;
  const names = new Map(data.monitors.map((m) => [m.id, m.name]));
  const title = maintenance ? `Edit ${maintenance.title}` : `Schedule a maintenance on ${data.page.title}`;
  const action = maintenance ? `${base}/maintenances/${maintenance.id}/edit` : `${base}/maintenances/new`;
  const when = (name: 'from' | 'to', label: string) => {
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
  };
  return layout(
    frame,
    `${title} · ${frame.current!.name}`,
    html`<p class="crumbs">
        <a href="${statusPagesPath(slug)}">Status pages</a> › <a href="${base}">${data.page.title}</a>
      </p>
      <h1>${title}</h1>
      ${data.message ? notice('error', data.message) : ''}
      ${errorSummary(errors, { title: 'Title', message: 'Message', from: 'From', to: 'To', pageComponentIds: 'Affected components' })}
      ${postForm(
        action,
        frame.csrf,
        html`${field({ label: 'Title', name: 'title', value: values.title ?? '', error: errors.title, required: true, maxLength: 256 })}
          ${textarea({ label: 'Message', name: 'message', value: values.message ?? '', error: errors.message, rows: 3 })}
          <p class="hint" id="when-hint">Times are UTC.</p>
          ${when('from', 'From')} ${when('to', 'To')}
          <fieldset>
            <legend>Affected components</legend>
            ${errors.pageComponentIds ? html`<p class="field-error" id="f-pageComponentIds">${errors.pageComponentIds}</p>` : ''}
            ${
              data.components.length
                ? inPageOrder(data.components).map((c) =>
                    checkbox(componentName(c, names), `component.${c.id}`, values[`component.${c.id}`] === 'on'),
                  )
                : html`<p class="muted">The page has no components.</p>`
            }
          </fieldset>
          ${
            maintenance
              ? ''
              : checkbox(
                  'E-mail the subscribers',
                  'notify',
                  values.notify === 'on',
                  'they are told of the window by mail',
                )
          }
          <div class="actions">
            <button type="submit">${maintenance ? 'Save changes' : 'Schedule maintenance'}</button>
            <a class="button secondary" href="${base}">Cancel</a>
          </div>`,
        title,
      )}`,
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

export function reportPage(frame: Frame, data: ReportFormData): Html {
  const slug = frame.current!.slug;
  const base = statusPagesPath(slug, data.page.id);
  const { report, values, errors } = data;
  const names = new Map(data.monitors.map((m) => [m.id, m.name]));
  const title = report ? report.title : `Report an incident on ${data.page.title}`;
  const statuses = STATUS_REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_WORDS[s] ?? s }));
  const affected = html`<fieldset>
    <legend>Affected components</legend>
    ${errors.pageComponentIds ? html`<p class="field-error" id="f-pageComponentIds">${errors.pageComponentIds}</p>` : ''}
    ${
      data.components.length
        ? inPageOrder(data.components).map((c) =>
            checkbox(componentName(c, names), `component.${c.id}`, values[`component.${c.id}`] === 'on'),
          )
        : html`<p class="muted">The page has no components.</p>`
    }
  </fieldset>`;
  const notify = checkbox(
    'E-mail the subscribers',
    'notify',
    values.notify === 'on',
    'they get this update by mail; leave unchecked for a quiet correction',
  );
  const form = data.canWrite
    ? report
      ? card(
          'Post an update',
          postForm(
            `${base}/reports/${report.id}/updates`,
            frame.csrf,
            html`${select('Status', 'status', statuses, values.status ?? report.status, errors.status)}
              ${textarea({ label: 'Message', name: 'message', value: values.message ?? '', error: errors.message, rows: 4 })}
              ${notify}
              <div class="actions"><button type="submit">Post update</button></div>`,
            'Post an update',
          ),
          'post-update',
        )
      : postForm(
          `${base}/reports/new`,
          frame.csrf,
          html`${field({ label: 'Title', name: 'title', value: values.title ?? '', error: errors.title, required: true, maxLength: 256 })}
            ${select('Status', 'status', statuses, values.status ?? 'investigating', errors.status)}
            ${textarea({ label: 'Message', name: 'message', value: values.message ?? '', error: errors.message, rows: 4, hint: 'The first update, shown on the page.' })}
            ${affected} ${notify}
            <div class="actions">
              <button type="submit">Publish incident</button>
              <a class="button secondary" href="${base}">Cancel</a>
            </div>`,
          'Report an incident',
        )
    : '';
  const history = report
    ? card(
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
          <p class="muted">
            Affects:
            ${
              report.pageComponentIds.length
                ? report.pageComponentIds
                    .map((id) => data.components.find((c) => c.id === id))
                    .filter((c): c is ComponentView => Boolean(c))
                    .map((c) => componentName(c, names))
                    .join(', ')
                : 'no component in particular'
            }
          </p>`,
        'updates',
      )
    : '';
  return layout(
    frame,
    `${title} · ${frame.current!.name}`,
    html`<p class="crumbs">
        <a href="${statusPagesPath(slug)}">Status pages</a> › <a href="${base}">${data.page.title}</a>
      </p>
      <h1>${title}</h1>
      ${data.done ? notice('success', data.done) : ''} ${data.warning ? notice('warning', data.warning) : ''}
      ${data.message ? notice('error', data.message) : ''}
      ${report ? html`<p>${REPORT_STATUS_WORDS[report.status] ?? report.status}</p>` : ''} ${form} ${history}`,
  );
}

export interface SubscribersPageData {
  page: StatusPageView;
  /** E-mail is off (no SMTP_URL): only confirmed imports work, and the page says how to turn it on. */
  mailOff?: boolean;
  subscribers: SubscriberView[];
  total: number;
  canWrite: boolean;
  done?: string;
  message?: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

export function subscribersPage(frame: Frame, data: SubscribersPageData): Html {
  const slug = frame.current!.slug;
  const base = statusPagesPath(slug, data.page.id);
  const rows = data.subscribers.map((s) => [
    s.email,
    s.status,
    dateTime(s.createdAt),
    data.canWrite && s.status !== 'unsubscribed'
      ? rowAction(`${base}/subscribers/remove`, frame.csrf, { field: 'id', value: s.id }, 'Remove', s.email)
      : '',
  ]);
  return layout(
    frame,
    `Subscribers of ${data.page.title} · ${frame.current!.name}`,
    html`<p class="crumbs">
        <a href="${statusPagesPath(slug)}">Status pages</a> › <a href="${base}">${data.page.title}</a>
      </p>
      <h1>Subscribers</h1>
      ${data.mailOff ? mailOffNotice() : ''} ${data.done ? notice('success', data.done) : ''}
      ${data.message ? notice('error', data.message) : ''}
      <p class="muted">
        ${String(data.total)} in
        all${data.total > data.subscribers.length ? `; the newest ${data.subscribers.length} shown` : ''}.
      </p>
      ${table('Subscribers', ['E-mail', 'Status', 'Since', ''], rows, 'No subscribers yet.')}
      ${
        data.canWrite
          ? card(
              'Import subscribers',
              postForm(
                `${base}/subscribers/import`,
                frame.csrf,
                html`${textarea({ label: 'E-mail addresses', name: 'emails', value: data.values.emails ?? '', error: data.errors.emails, rows: 5, hint: 'One per line (or separated by commas), up to 1000.' })}
                  ${checkbox('They already agreed to get these mails', 'confirmed', data.values.confirmed === 'on', 'no confirmation mail is sent')}
                  ${hidden('page', data.page.id)}
                  <div class="actions"><button type="submit">Import</button></div>`,
                'Import subscribers',
              ),
              'import',
            )
          : ''
      }`,
  );
}

/**
 * E-mail is off: what that means for subscribers and how to turn it on. The rule is the subscribers
 * service's (subscriptionsOffered); this only says it.
 */
function mailOffNotice(): Html {
  return notice(
    'warning',
    html`<p>
        <strong>E-mail is off.</strong> This service has no mail relay (<code>SMTP_URL</code> is not set), so the public
        page offers no subscription, no confirmation or update mail goes out, and only addresses imported as already
        agreed can be added.
      </p>
      <p>
        To turn it on, set <code>SMTP_URL</code> to your relay, e.g.
        <code>SMTP_URL=smtp://user:password@smtp.example.com:587</code> (or <code>smtps://…:465</code>), optionally
        <code>MAIL_FROM</code>, and restart the service.
      </p>`,
  );
}

/** Lives at ARRANGE_SCRIPT_PATH: dragging a component row renumbers the positions of every row. */
export const ARRANGE_SCRIPT = `(() => {
  const body = document.querySelector('table.arrange tbody');
  if (!body) return;
  let dragged = null;
  const renumber = () => {
    body.querySelectorAll('tr').forEach((row, index) => {
      const input = row.querySelector('input[name^="order."]');
      if (input) input.value = String(index + 1);
    });
  };
  body.addEventListener('dragstart', (e) => { dragged = e.target.closest('tr'); e.dataTransfer.effectAllowed = 'move'; });
  body.addEventListener('dragover', (e) => {
    const row = e.target.closest('tr');
    if (!dragged || !row || row === dragged) return;
    e.preventDefault();
    const after = e.clientY > row.getBoundingClientRect().top + row.offsetHeight / 2;
    body.insertBefore(dragged, after ? row.nextSibling : row);
  });
  body.addEventListener('drop', (e) => { e.preventDefault(); renumber(); dragged = null; });
  body.addEventListener('dragend', () => { renumber(); dragged = null; });
})();
`;
