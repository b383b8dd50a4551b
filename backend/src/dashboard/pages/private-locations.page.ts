// Private locations: each one's agent status, when it last reported, the monitors it runs and its
// metadata, and the command line that runs its agent. The token itself is shown only where the API
// shows it (when a location is created or its token rotated), never on this page.
import { html, type Html } from '../../common/html';
import type { PrivateLocationView } from '../../private-locations/private-location.view';
import { card, layout, type Frame } from '../components';
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
}

export function privateLocationsPage(frame: Frame, data: PrivateLocationsPageData): Html {
  const slug = frame.current!.slug;
  const rows = data.locations.map(
    (l) =>
      html`<tr id="pl-${l.id}">
        <th scope="row">${l.name}<span class="muted target">id ${l.id}</span></th>
        <td><span class="badge ${STATUS[l.status].badge}">${STATUS[l.status].word}</span></td>
        <td>${l.lastSeenAt ? when(l.lastSeenAt) : html`<span class="muted">never</span>`}</td>
        <td>
          ${
            l.monitorIds.length
              ? html`<ul class="plain">
                  ${l.monitorIds.map(
                    (id) =>
                      html`<li><a href="${monitorPath(slug, id)}">${data.monitorNames.get(id) ?? `#${id}`}</a></li>`,
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
      </tr>`,
  );
  const body = html`<h1>Private locations</h1>
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
            No private location yet. Create one over the RPC API, the MCP server or the Terraform provider.
          </p>`
    }
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
          Lost the token? Rotate it (<code>RotatePrivateLocationToken</code>): the old one stops working at once.
        </p>`,
      'agent',
    )}`;
  return layout(frame, 'Private locations', body);
}

function when(iso: string): Html {
  return html`<time datetime="${iso}">${iso.slice(0, 19).replace('T', ' ')} UTC</time>`;
}
