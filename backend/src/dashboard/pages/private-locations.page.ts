// Private locations: each one's agent status, when it last reported, the monitors it runs and its
// metadata, and the command line that runs its agent. The token itself is shown only where the API
// shows it (when a location is created or its token rotated), never on this page.
import { html, type Html } from '../../common/html';
import type { PrivateLocationView } from '../../private-locations/private-location.view';
import {
  card,
  deleteForm,
  checkbox,
  errorSummary,
  field,
  type Frame,
  layout,
  notice,
  postForm,
  rowAction,
  textarea,
  workspacePath,
} from '../components';
import { monitorPath } from './monitor.page';

const STATUS: Record<PrivateLocationView['status'], { word: string; badge: string }> = {
  active: { word: 'Reporting', badge: 'active' },
  error: { word: 'Silent', badge: 'error' },
  unknown: { word: 'Never seen', badge: 'unknown' },
};

const TOKEN_PLACEHOLDER = "<the location's svc_plt_ token>";

export interface PrivateLocationsPageData {
  locations: PrivateLocationView[];
  total: number;
  /** Names of the workspace's monitors, by id. */
  monitorNames: Map<string, string>;
  /** Where agents reach the API. */
  apiUrl: string;
  canWrite?: boolean;
  /** A location just created or whose token was just rotated: its token is shown on this answer only. */
  revealed?: { location: PrivateLocationView; created: boolean };
  done?: string;
  /** The create form shown again with the verb's messages. */
  form?: LocationFormState;
}

export interface LocationFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

const FORM_LABELS: Record<string, string> = { name: 'Name', monitorIds: 'Monitors', metadata: 'Metadata' };

export function privateLocationPath(slug: string, id?: string): string {
  return `${workspacePath(slug, 'private-locations')}${id ? `/${encodeURIComponent(id)}` : ''}`;
}

/** The fields of a location: name, the monitors it runs (checkboxes), metadata as `key: value` lines. */
function locationFields(form: LocationFormState, monitorNames: Map<string, string>): Html {
  return html`${errorSummary(form.errors, FORM_LABELS)}
    ${field({ label: 'Name', name: 'name', value: form.values.name ?? '', error: form.errors.name, required: true, maxLength: 256 })}
    <fieldset>
      <legend>Monitors it runs</legend>
      ${form.errors.monitorIds ? html`<p class="field-error" id="f-monitorIds">${form.errors.monitorIds}</p>` : ''}
      ${
        monitorNames.size
          ? html`<div class="regions">
              ${[...monitorNames].map(([id, name]) => checkbox(name, `monitor.${id}`, form.values[`monitor.${id}`] === 'on'))}
            </div>`
          : html`<p class="muted">No monitors yet.</p>`
      }
    </fieldset>
    ${textarea({ label: 'Metadata', name: 'metadata', value: form.values.metadata ?? '', error: form.errors.metadata, hint: 'Labels of the location, one per line as "key: value", e.g. "rack: b4".' })}`;
}

/** One location's row: its agent, last report, monitors, metadata and, for writers, what to do with it. */
function locationRow(
  slug: string,
  csrf: string,
  l: PrivateLocationsPageData['locations'][number],
  data: PrivateLocationsPageData,
): Html {
  return html`<tr id="pl-${l.id}">
    <th scope="row">${l.name} <span class="muted target">· id ${l.id}</span></th>
    <td><span class="badge ${STATUS[l.status].badge}">${STATUS[l.status].word}</span></td>
    <td>${l.lastSeenAt ? when(l.lastSeenAt) : html`<span class="muted">never</span>`}</td>
    <td>
      ${
        l.monitorIds.length
          ? html`<ul class="plain">
              ${l.monitorIds.map(
                (id) => html`<li><a href="${monitorPath(slug, id)}">${data.monitorNames.get(id) ?? `#${id}`}</a></li>`,
              )}
            </ul>`
          : html`<span class="muted">none</span>`
      }
    </td>
    <td>
      ${
        Object.keys(l.metadata).length
          ? html`<dl class="facts">
              ${Object.entries(l.metadata).map(
                ([k, v]) =>
                  html`<dt><code>${k}</code></dt>
                    <dd>${v}</dd>`,
              )}
            </dl>`
          : html`<span class="muted">—</span>`
      }
    </td>
    ${
      data.canWrite
        ? html`<td>
            <a href="${privateLocationPath(slug, l.id)}/edit" aria-label="Edit ${l.name}">Edit</a>
            ${rowAction(`${privateLocationPath(slug, l.id)}/rotate`, csrf, { field: 'id', value: l.id }, 'Rotate token', `of ${l.name}`)}
            <a href="${privateLocationPath(slug, l.id)}/delete" aria-label="Delete ${l.name}">Delete</a>
          </td>`
        : ''
    }
  </tr>`;
}

/** The token of a location just created or rotated, shown this once with the agent's command. */
function revealedNotice(apiUrl: string, revealed: NonNullable<PrivateLocationsPageData['revealed']>): Html {
  const command = (token: string) => `API_URL=${apiUrl} AGENT_TOKEN=${token} npm run agent`;
  return notice(
    'success',
    html`<p>
        ${revealed.created ? 'Created' : 'Rotated the token of'}
        <strong>${revealed.location.name}</strong>. Copy its token now: it is shown only this
        once${revealed.created ? '' : ', and the old one no longer works'}.
      </p>
      <code class="secret" id="new-token">${revealed.location.token ?? ''}</code>
      <p>Run its agent with:</p>
      <pre class="command"><code>${command(revealed.location.token ?? '')}</code></pre>`,
  );
}

export function privateLocationsPage(frame: Frame, data: PrivateLocationsPageData): Html {
  const slug = frame.current!.slug;
  const rows = data.locations.map((l) => locationRow(slug, frame.csrf, l, data));
  const revealed = data.revealed ? revealedNotice(data.apiUrl, data.revealed) : '';
  const createForm = data.canWrite
    ? card(
        'Create a private location',
        postForm(
          privateLocationPath(slug),
          frame.csrf,
          html`${data.form?.message ? notice('error', data.form.message) : ''}
            ${locationFields(data.form ?? { values: {}, errors: {} }, data.monitorNames)}
            <div class="actions"><button type="submit">Create location</button></div>`,
          'Create a private location',
        ),
        'create-location',
      )
    : '';
  const body = html`<h1>Private locations</h1>
    ${data.done ? notice('success', data.done) : ''} ${revealed}
    <p class="muted">
      A private location runs the monitors linked to it from your own network, through an agent that reports to this
      service. An agent is Silent when it has not reported for 2 minutes.
    </p>
    ${
      data.locations.length
        ? html`<table>
              <caption class="skip">
                Private locations with their agent status, last report, monitors and metadata
              </caption>
              <thead>
                <tr>
                  <th scope="col">Location</th>
                  <th scope="col">Agent</th>
                  <th scope="col">Last report</th>
                  <th scope="col">Monitors</th>
                  <th scope="col">Metadata</th>
                  ${data.canWrite ? html`<th scope="col">Manage</th>` : ''}
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>
            ${
              data.total > data.locations.length
                ? html`<p class="muted">
                    The first ${data.locations.length} of ${data.total} locations, newest first.
                  </p>`
                : ''
            }`
        : html`<p class="muted">
            No private location yet. Create one here, or over the RPC API, the MCP server or the Terraform provider.
          </p>`
    }
    ${createForm}
    ${card(
      'Run an agent',
      html`<p>
          On a machine of the location's network, in a clone of this project, with the token the location was given when
          it was created or its token last rotated:
        </p>
        <pre
          class="command"
        ><code id="agent-command">API_URL=${data.apiUrl} AGENT_TOKEN=${TOKEN_PLACEHOLDER} npm run agent</code></pre>
        <p class="hint">
          Lost the token? Rotate it (here, or <code>RotatePrivateLocationToken</code>): the old one stops working at
          once.
        </p>`,
      'agent',
    )}`;
  return layout(frame, 'Private locations', body);
}

function when(iso: string): Html {
  return html`<time datetime="${iso}">${iso.slice(0, 19).replace('T', ' ')} UTC</time>`;
}

export interface EditLocationData {
  location: PrivateLocationView;
  monitorNames: Map<string, string>;
  form: LocationFormState;
}

export function editLocationPage(frame: Frame, data: EditLocationData): Html {
  const slug = frame.current!.slug;
  const base = privateLocationPath(slug, data.location.id);
  return layout(
    frame,
    `Edit ${data.location.name}`,
    html`<p class="crumbs"><a href="${privateLocationPath(slug)}">Private locations</a></p>
      <h1>Edit ${data.location.name}</h1>
      ${data.form.message ? notice('error', data.form.message) : ''}
      ${postForm(
        `${base}/edit`,
        frame.csrf,
        html`${locationFields(data.form, data.monitorNames)}
          <div class="actions">
            <button type="submit">Save changes</button>
            <a class="button secondary" href="${privateLocationPath(slug)}">Cancel</a>
          </div>`,
        `Edit ${data.location.name}`,
      )}`,
  );
}

export function deleteLocationPage(
  frame: Frame,
  location: PrivateLocationView,
  monitorNames: Map<string, string>,
): Html {
  const slug = frame.current!.slug;
  const base = privateLocationPath(slug, location.id);
  return layout(
    frame,
    `Delete ${location.name}`,
    html`<p class="crumbs"><a href="${privateLocationPath(slug)}">Private locations</a></p>
      <h1>Delete ${location.name}?</h1>
      ${card(
        'What goes with it',
        html`<p>Its agent's token stops working at once.</p>
          ${
            location.monitorIds.length
              ? html`<p>These monitors stop running from it (they keep their other locations):</p>
                  <ul>
                    ${location.monitorIds.map((id) => html`<li>${monitorNames.get(id) ?? `#${id}`}</li>`)}
                  </ul>`
              : html`<p class="muted">No monitor runs from it.</p>`
          }
          ${deleteForm(`${base}/delete`, frame.csrf, location.name, privateLocationPath(slug))}`,
        'delete-location',
      )}`,
  );
}
