// The alert history in the dashboard (issue 29): the workspace's alerts (or one monitor's) with paging,
// one alert with its history (transitions, suppressions, the acknowledgement, every delivery with the
// receiver's answer) and its "Acknowledge" button, and the latest alerts on a monitor's page. The
// words come from AlertsService's views; nothing here decides anything.
import type { AlertEventView, AlertView } from '../../alerts/alert.view';
import { html, type Html, type HtmlValue } from '../../common/html';
import { card, dateTime, layout, notice, postForm, table, workspacePath, type Frame } from '../components';
import { monitorPath, STATUS_WORDS } from './monitor-format';

/** Alerts per page of the list; the route asks the verb for one more to know whether older ones exist. */
export const ALERTS_PER_PAGE = 50;
/** Alerts on a monitor's page. */
export const MONITOR_ALERTS_SHOWN = 10;

const STATE_WORDS: Record<AlertView['state'], string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};
/** The badge colour of a state: open is the status that opened it, the others as the status pages say. */
const STATE_CLASS: Record<AlertView['state'], string> = { open: 'error', acknowledged: 'degraded', resolved: 'active' };

const EVENT_WORDS: Record<AlertEventView['type'], string> = {
  transition: 'Transition',
  suppressed: 'Suppressed',
  acknowledged: 'Acknowledged',
  delivery: 'Delivery',
};

export function alertsPath(slug: string, query?: { monitorId?: string; beforeId?: string }): string {
  const q = new URLSearchParams();
  if (query?.monitorId) q.set('monitorId', query.monitorId);
  if (query?.beforeId) q.set('beforeId', query.beforeId);
  const search = q.toString();
  return `${workspacePath(slug, 'alerts')}${search ? `?${search}` : ''}`;
}

export function alertPath(slug: string, id: string): string {
  return `${workspacePath(slug, 'alerts')}/${encodeURIComponent(id)}`;
}

export function stateBadge(a: Pick<AlertView, 'state'>): Html {
  return html`<span class="badge ${STATE_CLASS[a.state]}">${STATE_WORDS[a.state]}</span>`;
}

function acknowledged(a: AlertView): HtmlValue {
  return a.acknowledgedAt ? html`${a.acknowledgedBy ?? ''}<br />${dateTime(a.acknowledgedAt)}` : '—';
}

function suppressed(slug: string, a: AlertView): HtmlValue {
  if (!a.suppressedByMonitorId) return '—';
  return html`<a href="${monitorPath(slug, a.suppressedByMonitorId)}"
    >${a.suppressedByMonitorName || `#${a.suppressedByMonitorId}`}</a
  >`;
}

/** A row of the alert tables: the alert's own link first, then what the columns of `ALERT_HEADINGS` name. */
function alertRow(slug: string, a: AlertView): HtmlValue[] {
  return [
    html`<a href="${alertPath(slug, a.id)}">#${a.id}</a>`,
    stateBadge(a),
    html`<a href="${monitorPath(slug, a.monitorId)}">${a.monitorName || `#${a.monitorId}`}</a>`,
    html`${dateTime(a.openedAt)} <span class="muted">(${STATUS_WORDS[a.openedStatus] ?? a.openedStatus})</span>`,
    acknowledged(a),
    a.resolvedAt ? dateTime(a.resolvedAt) : '—',
    suppressed(slug, a),
    String(a.remindersSent),
    String(a.escalationStep),
  ];
}

const ALERT_HEADINGS = [
  'Alert',
  'State',
  'Monitor',
  'Opened',
  'Acknowledged',
  'Resolved',
  'Suppressed by',
  'Reminders',
  'Escalation step',
];

export interface AlertsPageData {
  alerts: AlertView[];
  /** Only this monitor's alerts. */
  monitor?: { id: string; name: string };
  /** The page was asked with beforeId (not the newest). */
  beforeId?: string;
  /** The id to ask the next (older) page with, when there is one. */
  olderBeforeId: string | null;
}

export function alertsPage(frame: Frame, data: AlertsPageData): Html {
  const slug = frame.current!.slug;
  const monitorId = data.monitor?.id;
  const title = data.monitor ? `Alerts of ${data.monitor.name}` : 'Alerts';
  const body = html`${
      data.monitor
        ? html`<p class="crumbs">
            <a href="${workspacePath(slug, 'monitors')}">Monitors</a> ›
            <a href="${monitorPath(slug, data.monitor.id)}">${data.monitor.name}</a>
          </p>`
        : ''
    }
    <h1>${title}</h1>
    <p class="muted">
      Every alert, newest first: what opened it, who acknowledged it (which stops its reminders and escalation), when it
      resolved and the parent monitor that suppressed it. Open one for its deliveries and the receivers' answers.
    </p>
    ${data.monitor ? html`<p><a href="${alertsPath(slug)}">All alerts of the workspace</a></p>` : ''}
    ${table(
      title,
      ALERT_HEADINGS,
      data.alerts.map((a) => alertRow(slug, a)),
      data.beforeId ? 'No older alert.' : 'No alert yet.',
    )}
    <nav class="pager" aria-label="Alert pages">
      ${data.beforeId ? html`<a href="${alertsPath(slug, { monitorId })}">Newest</a>` : ''}
      ${
        data.olderBeforeId
          ? html`<a href="${alertsPath(slug, { monitorId, beforeId: data.olderBeforeId })}">Older</a>`
          : ''
      }
    </nav>`;
  return layout(frame, title, body);
}

export interface AlertPageData {
  alert: AlertView;
  events: AlertEventView[];
  canWrite: boolean;
  /** Just acknowledged through the button. */
  done?: boolean;
  message?: string;
}

export function alertPage(frame: Frame, data: AlertPageData): Html {
  const slug = frame.current!.slug;
  const a = data.alert;
  const title = `Alert #${a.id}`;
  const body = html`<p class="crumbs">
      <a href="${alertsPath(slug)}">Alerts</a> ›
      <a href="${alertsPath(slug, { monitorId: a.monitorId })}">${a.monitorName || `#${a.monitorId}`}</a>
    </p>
    <div class="title-row">
      <h1>${title} ${stateBadge(a)}</h1>
      ${
        // Only an open alert has reminders and escalation left to stop; viewers change nothing.
        data.canWrite && a.state === 'open'
          ? postForm(
              `${alertPath(slug, a.id)}/acknowledge`,
              frame.csrf,
              html`<button type="submit">Acknowledge</button>`,
              'Acknowledge the alert',
            )
          : ''
      }
    </div>
    ${data.done ? notice('success', 'Acknowledged: reminders and escalation stopped.') : ''}
    ${data.message ? notice('error', data.message) : ''}
    ${card(
      'Alert',
      html`<dl class="facts">
        <dt>Monitor</dt>
        <dd><a href="${monitorPath(slug, a.monitorId)}">${a.monitorName || `#${a.monitorId}`}</a></dd>
        <dt>Opened</dt>
        <dd>${dateTime(a.openedAt)} (${STATUS_WORDS[a.openedStatus] ?? a.openedStatus})</dd>
        <dt>Status now</dt>
        <dd>${STATUS_WORDS[a.status] ?? a.status}</dd>
        <dt>Acknowledged</dt>
        <dd>${acknowledged(a)}</dd>
        <dt>Resolved</dt>
        <dd>${a.resolvedAt ? dateTime(a.resolvedAt) : '—'}</dd>
        <dt>Suppressed by</dt>
        <dd>${suppressed(slug, a)}</dd>
        <dt>Reminders sent</dt>
        <dd>${String(a.remindersSent)}</dd>
        <dt>Escalation step</dt>
        <dd>${String(a.escalationStep)}</dd>
        <dt>Incident key</dt>
        <dd><code>${a.incidentKey}</code></dd>
      </dl>`,
      'alert',
    )}
    ${card(
      'History',
      table(
        'History of the alert, oldest first',
        [
          'Time',
          'Type',
          'Channel',
          'Reason',
          'Kind',
          'Delivery status',
          'Attempts',
          'HTTP status',
          'Answer or error',
          'Detail',
        ],
        data.events.map(eventRow),
        'Nothing recorded yet.',
      ),
      'history',
    )}`;
  return layout(frame, title, body);
}

function eventRow(e: AlertEventView): HtmlValue[] {
  const delivery = e.type === 'delivery';
  return [
    dateTime(e.at),
    e.type === 'transition'
      ? `${EVENT_WORDS[e.type]}: ${STATUS_WORDS[e.fromStatus] ?? e.fromStatus} → ${STATUS_WORDS[e.toStatus] ?? e.toStatus}`
      : EVENT_WORDS[e.type],
    delivery ? e.channelName : '',
    e.reason,
    e.kind,
    e.deliveryStatus,
    delivery ? String(e.attempts) : '',
    e.responseStatus === null ? '' : String(e.responseStatus),
    e.error ? html`<span class="field-error">${e.error}</span>` : e.response ? html`<code>${e.response}</code>` : '',
    e.detail,
  ];
}

/** The latest alerts on a monitor's page, with the way to all of them. */
export function monitorAlertsCard(slug: string, monitorId: string, alerts: AlertView[]): Html {
  const shown = alerts.slice(0, MONITOR_ALERTS_SHOWN);
  return card(
    'Alerts',
    html`${table(
        'Latest alerts of the monitor',
        ALERT_HEADINGS.filter((h) => h !== 'Monitor'),
        shown.map((a) => alertRow(slug, a).filter((_, i) => i !== 2)),
        'No alert yet.',
      )}
      <p><a href="${alertsPath(slug, { monitorId })}">All alerts of this monitor</a></p>`,
    'alerts',
  );
}
