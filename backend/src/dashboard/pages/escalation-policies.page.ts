// Escalation policies: each policy's steps (after how many minutes without acknowledgement, which
// channels) and the monitors that use it; for writers, the form with a fixed row per possible step,
// so it works without JavaScript, and the deletion's confirmation naming the monitors that use it.
import { html, type Html } from '../../common/html';
import type { EscalationPolicyView } from '../../escalation-policies/escalation-policy.view';
import { ESCALATION_POLICY_BOUNDS } from '../../escalation-policies/escalation-policy.schemas';
import {
  card,
  deleteForm,
  errorSummary,
  field,
  type Frame,
  layout,
  notice,
  postForm,
  workspacePath,
} from '../components';
import { monitorPath } from './monitor-format';

export interface PolicyFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

export interface EscalationPoliciesPageData {
  policies: EscalationPolicyView[];
  channelNames: Map<string, string>;
  monitorNames: Map<string, string>;
  canWrite: boolean;
  done?: string;
}

export function escalationPolicyPath(slug: string, id?: string): string {
  return `${workspacePath(slug, 'escalation-policies')}${id ? `/${encodeURIComponent(id)}` : ''}`;
}

/** The form's name of one row's field: `step.<row>.minutes`, `step.<row>.channel.<id>`. */
export const stepField = (row: number, part: string): string => `step.${row}.${part}`;

const channelList = (ids: string[], names: Map<string, string>): Html =>
  ids.length
    ? html`${ids.map((id, i) => html`${i ? ', ' : ''}${names.get(id) ?? `#${id}`}`)}`
    : html`<span class="badge error">no channel left</span> <span class="muted">(its channels were deleted)</span>`;

function stepsSummary(p: EscalationPolicyView, names: Map<string, string>): Html {
  return html`<ol class="plain">
    ${p.steps.map(
      (s) =>
        html`<li>
          ${s.afterMinutes === 0 ? 'At once' : `After ${s.afterMinutes} min`}: ${channelList(s.channelIds, names)}
        </li>`,
    )}
  </ol>`;
}

function policyRow(slug: string, p: EscalationPolicyView, data: EscalationPoliciesPageData): Html {
  return html`<tr id="ep-${p.id}">
    <th scope="row">${p.name} <span class="muted target">· id ${p.id}</span></th>
    <td>${stepsSummary(p, data.channelNames)}</td>
    <td>
      ${
        p.monitorIds.length
          ? html`<ul class="plain">
              ${p.monitorIds.map(
                (id) => html`<li><a href="${monitorPath(slug, id)}">${data.monitorNames.get(id) ?? `#${id}`}</a></li>`,
              )}
            </ul>`
          : html`<span class="muted">none</span>`
      }
    </td>
    ${
      data.canWrite
        ? html`<td>
            <a href="${escalationPolicyPath(slug, p.id)}/edit" aria-label="Edit ${p.name}">Edit</a>
            <a href="${escalationPolicyPath(slug, p.id)}/delete" aria-label="Delete ${p.name}">Delete</a>
          </td>`
        : ''
    }
  </tr>`;
}

export function escalationPoliciesPage(frame: Frame, data: EscalationPoliciesPageData): Html {
  const slug = frame.current!.slug;
  const body = html`<h1>Escalation policies</h1>
    ${data.done ? notice('success', data.done) : ''}
    <p class="muted">
      A policy says whom an alert reaches while nobody acknowledges it: each step notifies its channels that many
      minutes after the alert opened. A monitor uses a policy (in its alerting settings) instead of the channels wired
      to it; acknowledging the alert stops the next steps.
    </p>
    ${
      data.policies.length
        ? html`<table>
            <caption class="skip">
              Escalation policies with their steps and the monitors that use them
            </caption>
            <thead>
              <tr>
                <th scope="col">Policy</th>
                <th scope="col">Steps</th>
                <th scope="col">Used by</th>
                ${data.canWrite ? html`<th scope="col">Manage</th>` : ''}
              </tr>
            </thead>
            <tbody>
              ${data.policies.map((p) => policyRow(slug, p, data))}
            </tbody>
          </table>`
        : html`<p class="muted">
            No escalation policy yet.${data.canWrite ? ' Create one here,' : ' Members create them here,'} or over the
            RPC API, the MCP server or the Terraform provider.
          </p>`
    }
    ${data.canWrite ? html`<p><a class="button" href="${escalationPolicyPath(slug)}/new">New escalation policy</a></p>` : ''}`;
  return layout(frame, 'Escalation policies', body);
}

/** The values of a stored policy as the form holds them. */
export function policyFormValues(p: EscalationPolicyView): Record<string, string> {
  const values: Record<string, string> = { name: p.name };
  p.steps.forEach((s, row) => {
    values[stepField(row, 'minutes')] = String(s.afterMinutes);
    for (const id of s.channelIds) values[stepField(row, `channel.${id}`)] = 'on';
  });
  return values;
}

/** One step's row: its minutes and a checkbox per channel of the workspace. */
function stepRow(row: number, form: PolicyFormState, channels: Map<string, string>): Html {
  const minutes = stepField(row, 'minutes');
  const error = form.errors[`step.${row}`];
  const id = `f-${minutes}`;
  return html`<fieldset class="step" id="f-step.${row}">
    <legend>Step ${String(row + 1)}</legend>
    ${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ''}
    <label for="${id}">Minutes after the alert opened</label>
    <input
      id="${id}"
      name="${minutes}"
      type="number"
      min="0"
      max="${String(ESCALATION_POLICY_BOUNDS.afterMinutes)}"
      step="1"
      value="${form.values[minutes] ?? ''}"
      ${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}
    />
    <div class="regions">
      ${[...channels].map(([channelId, name]) => {
        const key = stepField(row, `channel.${channelId}`);
        return html`<label class="check" for="f-${key}"
          ><input type="checkbox" id="f-${key}" name="${key}" ${form.values[key] === 'on' ? html` checked` : ''} />
          <span>${name}</span></label
        >`;
      })}
    </div>
  </fieldset>`;
}

export interface PolicyFormData {
  /** The policy edited; none for a new one. */
  policy?: EscalationPolicyView;
  channelNames: Map<string, string>;
  form: PolicyFormState;
}

export function policyFormPage(frame: Frame, data: PolicyFormData): Html {
  const slug = frame.current!.slug;
  const title = data.policy ? `Edit ${data.policy.name}` : 'New escalation policy';
  const action = data.policy
    ? `${escalationPolicyPath(slug, data.policy.id)}/edit`
    : `${escalationPolicyPath(slug)}/new`;
  const labels: Record<string, string> = { name: 'Name' };
  for (let row = 0; row < ESCALATION_POLICY_BOUNDS.steps; row++) labels[`step.${row}`] = `Step ${row + 1}`;
  const rows = Array.from({ length: ESCALATION_POLICY_BOUNDS.steps }, (_, row) =>
    stepRow(row, data.form, data.channelNames),
  );
  return layout(
    frame,
    title,
    html`<p class="crumbs"><a href="${escalationPolicyPath(slug)}">Escalation policies</a></p>
      <h1>${title}</h1>
      ${data.form.message ? notice('error', data.form.message) : ''}
      ${postForm(
        action,
        frame.csrf,
        html`${errorSummary(data.form.errors, labels)}
          ${field({ label: 'Name', name: 'name', value: data.form.values.name ?? '', error: data.form.errors.name, required: true, maxLength: ESCALATION_POLICY_BOUNDS.name })}
          <p class="hint">
            Fill the steps in order, each later than the one before (0 is at once; at most
            ${String(ESCALATION_POLICY_BOUNDS.afterMinutes)} minutes, 7 days), and tick 1 to
            ${String(ESCALATION_POLICY_BOUNDS.channelsPerStep)} channels for each. Leave the rows you do not need empty.
          </p>
          ${
            data.channelNames.size
              ? rows
              : html`<p class="muted">No notification channel yet: create one first, under Notification channels.</p>`
          }
          <div class="actions">
            <button type="submit">${data.policy ? 'Save changes' : 'Create policy'}</button>
            <a class="button secondary" href="${escalationPolicyPath(slug)}">Cancel</a>
          </div>`,
        title,
      )}`,
  );
}

export function deletePolicyPage(
  frame: Frame,
  policy: EscalationPolicyView,
  monitorNames: Map<string, string>,
  message?: string,
): Html {
  const slug = frame.current!.slug;
  return layout(
    frame,
    `Delete ${policy.name}`,
    html`<p class="crumbs"><a href="${escalationPolicyPath(slug)}">Escalation policies</a></p>
      <h1>Delete ${policy.name}?</h1>
      ${message ? notice('error', message) : ''}
      ${card(
        'What goes with it',
        policy.monitorIds.length
          ? html`<p>These monitors use it; give them another policy, or none, before deleting it:</p>
              <ul>
                ${policy.monitorIds.map(
                  (id) => html`<li><a href="${monitorPath(slug, id)}">${monitorNames.get(id) ?? `#${id}`}</a></li>`,
                )}
              </ul>
              <p><a class="button secondary" href="${escalationPolicyPath(slug)}">Back</a></p>`
          : html`<p class="muted">No monitor uses it.</p>
              ${deleteForm(`${escalationPolicyPath(slug, policy.id)}/delete`, frame.csrf, policy.name, escalationPolicyPath(slug))}`,
        'delete-policy',
      )}`,
  );
}
