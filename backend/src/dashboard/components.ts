// The dashboard's layout and components: functions that return Html (see html.ts), so every value
// they are given is escaped. Forms work without JavaScript; each POST form carries the CSRF token.
import type { MemberRole } from '../users/membership.entity';
import type { UserWorkspace } from '../users/users.service';
import { CSRF_FIELD } from '../http/csrf';
import { DASHBOARD_CSS_PATH } from './dashboard.css';
import { html, type Html, type HtmlValue } from '../common/html';

export const PRODUCT_NAME = 'Uptime';

export type SettingsSection = 'general' | 'members' | 'integrations';

/** Who is signed in and where they are, for the layout's navigation. */
export interface Frame {
  email: string;
  csrf: string;
  workspaces: UserWorkspace[];
  /** The workspace the page is about, when it is about one. */
  current?: { slug: string; name: string; role: MemberRole; area?: WorkspaceArea; section?: SettingsSection };
}

const SECTIONS: Array<{ id: SettingsSection; title: string; path: string }> = [
  { id: 'general', title: 'General', path: '' },
  { id: 'members', title: 'Members', path: '/members' },
  { id: 'integrations', title: 'Integrations', path: '/integrations' },
];

export function settingsPath(slug: string, section: SettingsSection = 'general'): string {
  const s = SECTIONS.find((x) => x.id === section)!;
  return `${workspacePath(slug, 'settings')}${s.path}`;
}

/** The areas of a workspace in the side navigation. */
export type WorkspaceArea =
  | 'monitors'
  | 'alerts'
  | 'status-pages'
  | 'notifications'
  | 'escalation-policies'
  | 'private-locations'
  | 'audit'
  | 'settings';

const AREAS: Array<{ id: WorkspaceArea; title: string }> = [
  { id: 'monitors', title: 'Monitors' },
  { id: 'alerts', title: 'Alerts' },
  { id: 'status-pages', title: 'Status pages' },
  { id: 'notifications', title: 'Notification channels' },
  { id: 'escalation-policies', title: 'Escalation policies' },
  { id: 'private-locations', title: 'Private locations' },
  { id: 'audit', title: 'Audit log' },
  { id: 'settings', title: 'Settings' },
];

export function workspacePath(slug: string, area: WorkspaceArea): string {
  return `/app/w/${encodeURIComponent(slug)}/${area}`;
}

function document(title: string, header: Html, main: Html, single: boolean, nav?: Html): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <title>${title} · ${PRODUCT_NAME}</title>
        <link rel="stylesheet" href="${DASHBOARD_CSS_PATH}" />
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        ${header}
        <div class="layout${single ? ' single' : ''}">
          ${nav ?? ''}
          <main id="main" tabindex="-1">${main}</main>
        </div>
      </body>
    </html> `;
}

/** A page for someone signed in: the workspace navigation on the side, sign-out in the header. */
export function layout(frame: Frame, title: string, body: Html): Html {
  const header = html`<header class="top">
    <div class="bar">
      <a class="brand" href="/app">${PRODUCT_NAME}</a>
      <span>${frame.email}</span>
      ${postForm('/app/sign-out', frame.csrf, html`<button type="submit">Sign out</button>`)}
    </div>
  </header>`;
  const nav = html`<nav class="side" aria-label="Workspaces">
    <h2 id="ws-heading">Workspaces</h2>
    <ul aria-labelledby="ws-heading">
      ${frame.workspaces.map((w) => {
        const current = w.workspace.slug === frame.current?.slug ? frame.current : undefined;
        return html`<li>
          <a href="${workspacePath(w.workspace.slug, 'monitors')}" ${current ? html` aria-current="true"` : ''}
            >${w.workspace.name}</a
          >
          ${
            current
              ? html`<ul class="areas" aria-label="${w.workspace.name}">
                  ${AREAS.map(
                    (a) =>
                      html`<li>
                        <a
                          href="${workspacePath(w.workspace.slug, a.id)}"
                          ${a.id === current.area ? html` aria-current="page"` : ''}
                          >${a.title}</a
                        >
                      </li>`,
                  )}
                </ul>`
              : ''
          }
        </li>`;
      })}
    </ul>
  </nav>`;
  return document(title, header, body, false, nav);
}

/** A page for someone not signed in (sign-in, errors before sign-in). */
export function plainLayout(title: string, body: Html): Html {
  const header = html`<header class="top">
    <div class="bar"><a class="brand" href="/app">${PRODUCT_NAME}</a></div>
  </header>`;
  return document(title, header, body, true);
}

/** The tabs of a workspace's settings. */
export function settingsTabs(slug: string, current: SettingsSection): Html {
  return html`<nav aria-label="Settings">
    <ul class="tabs">
      ${SECTIONS.map(
        (s) =>
          html`<li>
            <a href="${settingsPath(slug, s.id)}" ${s.id === current ? html` aria-current="page"` : ''}>${s.title}</a>
          </li>`,
      )}
    </ul>
  </nav>`;
}

export function postForm(action: string, csrf: string, body: HtmlValue, label?: string): Html {
  return html`<form method="post" action="${action}" ${label ? html` aria-label="${label}"` : ''}>
    <input type="hidden" name="${CSRF_FIELD}" value="${csrf}" />
    ${body}
  </form>`;
}

export function hidden(name: string, value: string): Html {
  return html`<input type="hidden" name="${name}" value="${value}" />`;
}

/** The form that confirms a deletion: the danger button naming what goes, and a way back. */
export function deleteForm(action: string, csrf: string, name: string, cancelHref: string): Html {
  return postForm(
    action,
    csrf,
    html`<div class="actions">
      <button type="submit" class="danger">Delete ${name}</button>
      <a class="button secondary" href="${cancelHref}">Cancel</a>
    </div>`,
    `Delete ${name}`,
  );
}

/** A table row's destructive button (revoke, remove): a one-field form, named for what it acts on. */
export function rowAction(
  action: string,
  csrf: string,
  target: { field: string; value: string },
  verb: string,
  what: string,
): Html {
  return postForm(
    action,
    csrf,
    html`${hidden(target.field, target.value)}<button type="submit" class="danger" aria-label="${verb} ${what}">
        ${verb}
      </button>`,
  );
}

export interface FieldOptions {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  value?: string;
  error?: string;
  hint?: string;
  autocomplete?: string;
  required?: boolean;
  maxLength?: number;
}

/** A labelled input; its error and hint are tied to it with aria-describedby. */
export function field(o: FieldOptions): Html {
  const id = `f-${o.name}`;
  const described = [o.error ? `${id}-error` : '', o.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return html`<label for="${id}">${o.label}</label>
    ${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : ''}
    ${o.error ? html`<p class="field-error" id="${id}-error">${o.error}</p>` : ''}
    <input
      id="${id}"
      name="${o.name}"
      type="${o.type ?? 'text'}"
      value="${o.value ?? ''}"
      ${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : ''}${o.required ? html` required` : ''}${o.maxLength ? html` maxlength="${o.maxLength}"` : ''}${described ? html` aria-describedby="${described}"` : ''}${o.error ? html` aria-invalid="true"` : ''}
    />`;
}

export interface TextareaOptions {
  label: string;
  name: string;
  value?: string;
  error?: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
}

/** A labelled textarea (one list item per line, or free text), described like field(). */
export function textarea(o: TextareaOptions): Html {
  const id = `f-${o.name}`;
  const described = [o.error ? `${id}-error` : '', o.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return html`<label for="${id}">${o.label}</label>
    ${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : ''}
    ${o.error ? html`<p class="field-error" id="${id}-error">${o.error}</p>` : ''}
    <textarea
      id="${id}"
      name="${o.name}"
      rows="${String(o.rows ?? 3)}"
      ${o.maxLength ? html` maxlength="${o.maxLength}"` : ''}${described ? html` aria-describedby="${described}"` : ''}${o.error ? html` aria-invalid="true"` : ''}
    >
${o.value ?? ''}</textarea>`;
}

/** A checkbox with its label beside it; checked sends `on`. */
export function checkbox(label: string, name: string, checked: boolean, hint?: string, error?: string): Html {
  const id = `f-${name}`;
  return html`${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}
    <label class="check" for="${id}"
      ><input
        type="checkbox"
        id="${id}"
        name="${name}"
        ${checked ? html` checked` : ''}${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}
      />
      <span>${label}${hint ? html` <span class="muted">— ${hint}</span>` : ''}</span></label
    >`;
}

/** The messages of a refused form, each a link to its field, read first by a screen reader. */
export function errorSummary(errors: Record<string, string | undefined>, labels: Record<string, string>): Html {
  const entries = Object.entries(errors).filter(([, m]) => m);
  if (!entries.length) return html``;
  return html`<div class="notice error" role="alert" id="error-summary">
    <p><strong>${entries.length === 1 ? 'One field needs' : `${entries.length} fields need`} a change:</strong></p>
    <ul>
      ${entries.map(([name, message]) => html`<li><a href="#f-${name}">${labels[name] ?? name}</a>: ${message}</li>`)}
    </ul>
  </div>`;
}

export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

/** Radio buttons in a fieldset whose legend names the choice. */
export function radios(legend: string, name: string, choices: Choice[], checked: string, error?: string): Html {
  return html`<fieldset>
    <legend>${legend}</legend>
    ${error ? html`<p class="field-error" id="f-${name}-error">${error}</p>` : ''}
    ${choices.map(
      (c) =>
        html`<label
          ><input type="radio" name="${name}" value="${c.value}" ${c.value === checked ? html` checked` : ''} />
          <span>${c.label}${c.hint ? html` <span class="muted">— ${c.hint}</span>` : ''}</span></label
        >`,
    )}
  </fieldset>`;
}

export function select(label: string, name: string, choices: Choice[], selected: string, error?: string): Html {
  const id = `f-${name}`;
  return html`<label for="${id}">${label}</label>
    ${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}
    <select id="${id}" name="${name}" ${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
      ${choices.map((c) => html`<option value="${c.value}" ${c.value === selected ? html` selected` : ''}>${c.label}</option>`)}
    </select>`;
}

export function notice(kind: 'error' | 'warning' | 'success', message: HtmlValue): Html {
  return html`<div class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${message}</div>`;
}

export function card(title: string, body: HtmlValue, id?: string): Html {
  const headingId = `h-${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return html`<section class="card" aria-labelledby="${headingId}">
    <h2 id="${headingId}">${title}</h2>
    ${body}
  </section>`;
}

export function table(caption: string, headings: string[], rows: HtmlValue[][], empty: string): Html {
  if (rows.length === 0) return html`<p class="muted">${empty}</p>`;
  return html`<table>
    <caption class="skip">
      ${caption}
    </caption>
    <thead>
      <tr>
        ${headings.map((h) => html`<th scope="col">${h}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr>
            ${row.map((cell) => html`<td>${cell}</td>`)}
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function dateTime(value: Date | string | null | undefined): Html {
  if (!value) return html`<span class="muted">never</span>`;
  const d = typeof value === 'string' ? new Date(value) : value;
  const iso = d.toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}
