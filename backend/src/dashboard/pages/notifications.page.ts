// Notification channels in the dashboard: the list with each channel's last delivery and a "Send
// test" button, the form of each kind (its labels and hints come from its folder, channels/<kind>/;
// credentials are write-only: shown as set, never filled in), and the deletion confirmation naming
// the monitors that stop alerting through it.
import { html, type Html } from '../../common/html';
import { channelKind } from '../../channels/registry';
import { NOTIFICATION_PROVIDERS, type NotificationProvider } from '../../notifications/notification-channel.entity';
import { argumentsOf, SENSITIVE_ARGUMENTS } from '../../notifications/notification.schemas';
import type { NotificationView } from '../../notifications/notification.view';
import type { TestSendResult } from '../../notifications/notifications.service';
import {
  card,
  deleteForm,
  checkbox,
  dateTime,
  errorSummary,
  field,
  type Frame,
  layout,
  notice,
  postForm,
  rowAction,
  select,
  table,
  textarea,
  workspacePath,
} from '../components';

/** Each kind's name, in the registry's order (channels/registry.ts). */
export const CHANNEL_KINDS = Object.fromEntries(
  NOTIFICATION_PROVIDERS.map((type) => [type, channelKind(type).label]),
) as Record<NotificationProvider, string>;

export function channelsPath(slug: string, id?: string): string {
  return `${workspacePath(slug, 'notifications')}${id ? `/${encodeURIComponent(id)}` : ''}`;
}

const OUTCOME: Record<string, string> = { delivered: 'Delivered', failed: 'Failed', retrying: 'Retrying' };

export interface ChannelsPageData {
  channels: NotificationView[];
  total: number;
  canWrite: boolean;
  done?: string;
  /** The outcome of "Send test" on one channel. */
  tested?: { channel: NotificationView; result: TestSendResult };
}

export function channelsListPage(frame: Frame, data: ChannelsPageData): Html {
  const slug = frame.current!.slug;
  const rows = data.channels.map((c) => [
    html`<strong>${c.name || CHANNEL_KINDS[c.providerType]}</strong>`,
    CHANNEL_KINDS[c.providerType],
    String(c.monitorIds.length),
    c.lastDelivery
      ? html`${OUTCOME[c.lastDelivery.status] ?? c.lastDelivery.status} ·
        ${dateTime(c.lastDelivery.at)}${
          c.lastDelivery.responseStatus ? ` · HTTP ${c.lastDelivery.responseStatus}` : ''
        }${c.lastDelivery.error ? html`<span class="muted target">${c.lastDelivery.error}</span>` : ''}`
      : html`<span class="muted">none yet</span>`,
    data.canWrite
      ? html`${rowAction(`${channelsPath(slug, c.id)}/test`, frame.csrf, { field: 'id', value: c.id }, 'Send test', `to ${c.name || c.providerType}`)}
          <a href="${channelsPath(slug, c.id)}/edit" aria-label="Edit ${c.name || c.providerType}">Edit</a>
          <a href="${channelsPath(slug, c.id)}/delete" aria-label="Delete ${c.name || c.providerType}">Delete</a>`
      : '',
  ]);
  const tested = data.tested
    ? notice(
        data.tested.result.ok ? 'success' : 'error',
        html`Test to <strong>${data.tested.channel.name || data.tested.channel.providerType}</strong>:
          ${data.tested.result.ok ? 'delivered' : 'not delivered'}${
            data.tested.result.status ? ` (HTTP ${data.tested.result.status})` : ''
          }${data.tested.result.error ? html`: ${data.tested.result.error}` : '.'}`,
      )
    : '';
  return layout(
    frame,
    `Notification channels · ${frame.current!.name}`,
    html`<div class="title-row">
        <h1>Notification channels</h1>
        ${data.canWrite ? html`<a class="button" href="${channelsPath(slug)}/new">New channel</a>` : ''}
      </div>
      ${data.done ? notice('success', data.done) : ''} ${tested}
      <p class="muted">
        A channel is told when one of its monitors goes down, degrades or recovers. Credentials are stored sealed and
        never shown again.
      </p>
      ${table(
        'Notification channels',
        ['Channel', 'Kind', 'Monitors', 'Last delivery', data.canWrite ? 'Manage' : ''],
        rows,
        'No notification channels yet.',
      )}`,
  );
}

export interface ChannelFormData {
  kind: NotificationProvider;
  channel?: NotificationView;
  monitors: Array<{ id: string; name: string }>;
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

export function channelFormPage(frame: Frame, data: ChannelFormData): Html {
  const slug = frame.current!.slug;
  const { kind, channel, values, errors } = data;
  const title = channel ? `Edit ${channel.name || CHANNEL_KINDS[kind]}` : `New ${CHANNEL_KINDS[kind]} channel`;
  const action = channel ? `${channelsPath(slug, channel.id)}/edit` : `${channelsPath(slug)}/new?kind=${kind}`;
  const labels: Record<string, string> = { name: 'Name', monitorIds: 'Monitors' };
  const argFields = argumentsOf(kind).map((arg) => {
    const name = `arg.${arg}`;
    const meta = channelKind(kind).argumentLabels[arg] ?? { label: arg };
    labels[name] = meta.label;
    const secret = SENSITIVE_ARGUMENTS[kind].includes(arg);
    const stored = channel?.configuredSecrets.some(
      (s) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) === arg,
    );
    if (channelKind(kind).headerArguments.includes(arg)) {
      return textarea({
        label: meta.label,
        name,
        value: values[name] ?? '',
        error: errors[name],
        hint: channel ? `${meta.hint} Stored values are not shown: a line "Name:" keeps its value.` : meta.hint,
      });
    }
    if (meta.choices) {
      return select(meta.label, name, [...meta.choices], values[name] || meta.choices[0].value, errors[name]);
    }
    return field({
      label: meta.label,
      name,
      type: secret ? 'password' : 'text',
      autocomplete: secret ? 'off' : undefined,
      value: secret ? '' : (values[name] ?? ''),
      error: errors[name],
      hint: secret && stored ? 'Set. Leave empty to keep it, or type a new one to replace it.' : meta.hint,
    });
  });
  const kinds = channel
    ? ''
    : html`<nav aria-label="Kind of channel">
        <ul class="kinds">
          ${Object.entries(CHANNEL_KINDS).map(
            ([k, label]) =>
              html`<li>
                <a href="${channelsPath(slug)}/new?kind=${k}" ${k === kind ? html` aria-current="page"` : ''}
                  >${label}</a
                >
              </li>`,
          )}
        </ul>
      </nav>`;
  const form = postForm(
    action,
    frame.csrf,
    html`${field({ label: 'Name', name: 'name', value: values.name ?? '', error: errors.name, maxLength: 256 })}
      <fieldset>
        <legend>${CHANNEL_KINDS[kind]}</legend>
        ${argFields}
      </fieldset>
      <fieldset>
        <legend>Monitors that alert through it</legend>
        ${errors.monitorIds ? html`<p class="field-error" id="f-monitorIds">${errors.monitorIds}</p>` : ''}
        ${
          data.monitors.length
            ? html`<div class="regions">
                ${data.monitors.map((m) => checkbox(m.name, `monitor.${m.id}`, values[`monitor.${m.id}`] === 'on'))}
              </div>`
            : html`<p class="muted">No monitors yet.</p>`
        }
      </fieldset>
      <div class="actions">
        <button type="submit">${channel ? 'Save changes' : 'Create channel'}</button>
        <a class="button secondary" href="${channelsPath(slug)}">Cancel</a>
      </div>`,
    title,
  );
  return layout(
    frame,
    `${title} · ${frame.current!.name}`,
    html`<p class="crumbs"><a href="${channelsPath(slug)}">Notification channels</a></p>
      <h1>${title}</h1>
      ${kinds} ${data.message ? notice('error', data.message) : ''} ${errorSummary(errors, labels)} ${form}`,
  );
}

export function deleteChannelPage(frame: Frame, channel: NotificationView, monitorNames: Map<string, string>): Html {
  const slug = frame.current!.slug;
  const name = channel.name || CHANNEL_KINDS[channel.providerType];
  return layout(
    frame,
    `Delete ${name}`,
    html`<p class="crumbs"><a href="${channelsPath(slug)}">Notification channels</a></p>
      <h1>Delete ${name}?</h1>
      ${card(
        'What goes with it',
        html`<p>Its stored credentials are deleted, and no alert is sent through it any more.</p>
          ${
            channel.monitorIds.length
              ? html`<p>These monitors stop alerting through it:</p>
                  <ul>
                    ${channel.monitorIds.map((id) => html`<li>${monitorNames.get(id) ?? `#${id}`}</li>`)}
                  </ul>`
              : html`<p class="muted">No monitor alerts through it.</p>`
          }
          ${deleteForm(`${channelsPath(slug, channel.id)}/delete`, frame.csrf, name, channelsPath(slug))}`,
        'delete-channel',
      )}`,
  );
}

export { NOTIFICATION_PROVIDERS };
