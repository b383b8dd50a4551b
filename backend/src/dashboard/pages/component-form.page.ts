// Editing one component of a status page: its name and description (its place and group are set by
// the ordering form of the page). A component without a name shows its monitor's name everywhere;
// the form says which name that is.
import { html, type Html } from '../../common/html';
import type { ComponentView, StatusPageView } from '../../status-pages/status-page.views';
import { errorSummary, field, type Frame, layout, notice, postForm, textarea } from '../components';
import { statusPagesPath } from './status-pages.page';

/** The fields of the form, as the verb names them. */
export const COMPONENT_FORM_FIELDS = ['name', 'description'] as const;
export type ComponentFormField = (typeof COMPONENT_FORM_FIELDS)[number];

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
      ${data.message ? notice('error', data.message) : ''}
      ${errorSummary(errors, { name: 'Name', description: 'Description' })}
      ${postForm(
        componentEditPath(slug, page.id, component.id),
        frame.csrf,
        html`${field({ label: 'Name', name: 'name', value: values.name ?? '', error: errors.name, hint: nameHint, maxLength: 256 })}
          ${textarea({ label: 'Description', name: 'description', value: values.description ?? '', error: errors.description, rows: 3, hint: 'Shown under the name on the public page; empty: none.' })}
          <div class="actions">
            <button type="submit">Save component</button>
            <a class="button secondary" href="${base}#components">Cancel</a>
          </div>`,
        title,
      )}`,
  );
}
