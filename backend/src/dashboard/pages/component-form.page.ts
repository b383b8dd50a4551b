// Editing one component of a status page: its name and description (its place and group are set by
// the ordering form of the page), and for a monitor component the incidents its monitor opens. A
// component without a name shows its monitor's name everywhere; the form says which name that is.
import { html, type Html } from '../../common/html';
import type { ComponentView, StatusPageView } from '../../status-pages/status-page.views';
import { AUTO_INCIDENT_PLACEHOLDERS } from '../../status-pages/auto-incident-template';
import {
  AUTO_INCIDENT_AFTER_MINUTES,
  AUTO_INCIDENT_MESSAGE_MAX,
  AUTO_INCIDENT_TITLE_MAX,
} from '../../status-pages/page-component.entity';
import type { ComponentFormField } from '../component-form';
import { checkbox, errorSummary, field, type Frame, layout, notice, postForm, radios, textarea } from '../components';
import { statusPagesPath } from './status-pages.page';

const LABELS: Record<ComponentFormField, string> = {
  name: 'Name',
  description: 'Description',
  autoIncident: 'Open an incident when the monitor is down',
  autoIncidentAfterMinutes: 'After minutes down',
  autoIncidentNotify: 'Notify subscribers',
  autoIncidentTitle: 'Incident title',
  autoIncidentMessage: 'Incident message',
  autoResolve: 'Resolve on recovery',
};

const PLACEHOLDERS = AUTO_INCIDENT_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ');

export interface ComponentFormData {
  page: StatusPageView;
  component: ComponentView;
  /** The name of the monitor it shows; null for a static component. */
  monitorName: string | null;
  values: Partial<Record<ComponentFormField, string>>;
  errors: Partial<Record<ComponentFormField, string>>;
  message?: string;
}

/** The path of a component's edit form. */
export function componentEditPath(slug: string, pageId: string, componentId: string): string {
  return `${statusPagesPath(slug, pageId)}/components/${componentId}/edit`;
}

/** How the dashboard names a component: its own name, else its monitor's. */
export function shownName(component: ComponentView, monitorName: string | null): string {
  return component.name || monitorName || (component.monitorId ? `monitor ${component.monitorId}` : 'Unnamed');
}

export function componentFormPage(frame: Frame, data: ComponentFormData): Html {
  const slug = frame.current!.slug;
  const { page, component, values, errors, monitorName } = data;
  const base = statusPagesPath(slug, page.id);
  const title = `Edit ${shownName(component, monitorName)}`;
  const nameHint =
    component.type === 'monitor'
      ? `Empty: the monitor\u2019s name, \u201c${monitorName ?? `monitor ${component.monitorId}`}\u201d.`
      : 'Shown on the public page.';
  return layout(
    frame,
    `${title} · ${frame.current!.name}`,
    html`<p class="crumbs"><a href="${statusPagesPath(slug)}">Status pages</a> › <a href="${base}">${page.title}</a></p>
      <h1>${title}</h1>
      <p class="muted">
        ${component.type === 'monitor' ? `Shows the monitor ${monitorName ?? component.monitorId}.` : 'A static component.'}
      </p>
      ${data.message ? notice('error', data.message) : ''} ${errorSummary(errors, LABELS)}
      ${postForm(
        componentEditPath(slug, page.id, component.id),
        frame.csrf,
        html`${field({ label: 'Name', name: 'name', value: values.name ?? '', error: errors.name, hint: nameHint, maxLength: 256 })}
          ${textarea({ label: 'Description', name: 'description', value: values.description ?? '', error: errors.description, rows: 3, hint: 'Shown under the name on the public page; empty: none.' })}
          ${component.type === 'monitor' ? autoIncidentFields(data) : ''}
          <div class="actions">
            <button type="submit">Save component</button>
            <a class="button secondary" href="${base}#components">Cancel</a>
          </div>`,
        title,
      )}`,
  );
}

/** A monitor component's auto-incident settings: off unless chosen, so nothing changes by itself. */
function autoIncidentFields({ values, errors }: ComponentFormData): Html {
  return html`<fieldset>
    <legend>Incidents opened by the monitor</legend>
    ${radios(
      LABELS.autoIncident,
      'autoIncident',
      [
        { value: 'off', label: 'Off' },
        { value: 'draft', label: 'As a draft', hint: 'for a person to review and publish' },
        { value: 'published', label: 'Published', hint: 'on the public page at once' },
      ],
      values.autoIncident ?? 'off',
      errors.autoIncident,
    )}
    ${field({ label: LABELS.autoIncidentAfterMinutes, name: 'autoIncidentAfterMinutes', value: values.autoIncidentAfterMinutes ?? '', error: errors.autoIncidentAfterMinutes, hint: `How long the monitor must have been down: ${AUTO_INCIDENT_AFTER_MINUTES.min} to ${AUTO_INCIDENT_AFTER_MINUTES.max} minutes.` })}
    ${checkbox(LABELS.autoIncidentNotify, 'autoIncidentNotify', values.autoIncidentNotify === 'on', 'mail the page\u2019s subscribers when a published incident opens and resolves', errors.autoIncidentNotify)}
    ${field({ label: LABELS.autoIncidentTitle, name: 'autoIncidentTitle', value: values.autoIncidentTitle ?? '', error: errors.autoIncidentTitle, maxLength: AUTO_INCIDENT_TITLE_MAX, hint: `Placeholders: ${PLACEHOLDERS}.` })}
    ${textarea({ label: LABELS.autoIncidentMessage, name: 'autoIncidentMessage', value: values.autoIncidentMessage ?? '', error: errors.autoIncidentMessage, rows: 3, maxLength: AUTO_INCIDENT_MESSAGE_MAX, hint: `The first update. Placeholders: ${PLACEHOLDERS}.` })}
    ${checkbox(LABELS.autoResolve, 'autoResolve', values.autoResolve === 'on', 'post the resolved update when the monitor is up again; off leaves the incident for a person', errors.autoResolve)}
  </fieldset>`;
}
