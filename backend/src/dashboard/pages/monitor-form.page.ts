// The form that creates or edits a monitor of any kind, and the page that confirms a
// monitor's deletion naming what goes with it. The form is plain HTML (no script): lists are
// textareas with one entry per line, regions are checkboxes; a refused form comes back with the
// values sent, the verb's message beside each field and a summary linking to them.
import type { RegionAgents } from '../../agent-presence/agent-presence.service';
import { html, type Html } from '../../common/html';
import {
  HEARTBEAT_SCHEDULES,
  HTTP_METHODS,
  JSON_COMPARATORS,
  MONITOR_KINDS,
  type MonitorKind,
  NUMBER_COMPARATORS,
  PERIODICITIES,
  RECORD_COMPARATORS,
  REGIONS,
  STARTTLS_PROTOCOLS,
  STRING_COMPARATORS,
  TIMING_COMPARATORS,
  TIMING_PHASES,
  TIMING_SEVERITIES,
} from '../../checks/check-config';
import type { MonitorView } from '../../monitors/monitor.view';
import type { MonitorDependents } from '../../monitors/monitors.service';
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
  radios,
  select,
  textarea,
  workspacePath,
} from '../components';
import type { MonitorFormField, MonitorFormValues } from '../monitor-form';
import { monitorPath } from './monitor.page';
import { regionChoices } from './region-agents';

export const KIND_TITLES: Record<MonitorKind, string> = {
  http: 'HTTP',
  tcp: 'TCP',
  dns: 'DNS',
  icmp: 'ICMP (ping)',
  grpc: 'gRPC',
  tls: 'TLS certificate',
  heartbeat: 'Heartbeat (cron job)',
};

const LABELS: Record<MonitorFormField, string> = {
  name: 'Name',
  description: 'Description',
  url: 'URL',
  uri: 'Target',
  periodicity: 'Check every',
  method: 'Method',
  body: 'Request body',
  headers: 'Request headers',
  timeout: 'Timeout (ms)',
  retry: 'Retries',
  alertQuorum: 'Alert quorum',
  degradedAt: 'Degraded above (ms)',
  followRedirects: 'Follow redirects',
  regions: 'Regions',
  tags: 'Tags',
  active: 'Active',
  public: 'Public',
  statusCodeAssertions: 'Status code assertions',
  bodyAssertions: 'Body assertions',
  headerAssertions: 'Header assertions',
  recordAssertions: 'DNS record assertions',
  otelEndpoint: 'OpenTelemetry endpoint',
  otelHeaders: 'OpenTelemetry headers',
  grpcService: 'Service',
  grpcTls: 'TLS',
  grpcMetadata: 'Metadata',
  grpcExpectedStatus: 'Counts as up when the status is',
  jsonAssertions: 'JSON body assertions',
  timingAssertions: 'Timing assertions',
  tlsVerify: 'Verify the TLS certificate',
  certificateExpiryDays: 'Certificate expiry alerts (days)',
  tlsServername: 'Server name (SNI)',
  tlsStarttls: 'STARTTLS',
  heartbeatSchedule: 'Expected',
  heartbeatPeriod: 'Period',
  heartbeatCron: 'Cron expression',
  heartbeatTimezone: 'Time zone',
  heartbeatGrace: 'Grace time',
  pingToken: 'Ping token (optional)',
  failureThreshold: 'Failed checks before down',
  failureSeconds: 'Failing for at least',
  recoveryThreshold: 'Good checks before up again',
  reminderIntervalMinutes: 'Remind every (minutes)',
  reminderLimit: 'At most this many reminders',
  escalationPolicyId: 'Escalation policy',
  parentMonitorIds: 'Depends on',
};

const STARTTLS_WORDS: Record<(typeof STARTTLS_PROTOCOLS)[number], string> = {
  none: 'None (TLS from the start)',
  smtp: 'SMTP',
};
const SCHEDULE_WORDS: Record<(typeof HEARTBEAT_SCHEDULES)[number], string> = {
  period: 'Every period',
  cron: 'On a cron schedule',
};

/** The target of each kind that probes one (an HTTP check has a URL, a heartbeat none). */
const TARGET_HINTS: Record<Exclude<MonitorKind, 'http' | 'heartbeat'>, string> = {
  tcp: 'host:port, e.g. db.example.com:5432',
  dns: 'a domain name, e.g. example.com',
  icmp: 'a host name or IP address, without a port',
  grpc: 'host:port of the server, e.g. api.example.com:443',
  tls: 'host:port of a TLS endpoint that is not HTTP, e.g. mail.example.com:465 (or :25 with STARTTLS)',
};

export interface MonitorFormPageData {
  kind: MonitorKind;
  /** The monitor edited; none for a new one. */
  monitor?: MonitorView;
  values: MonitorFormValues;
  errors: Partial<Record<MonitorFormField, string>>;
  message?: string;
  /** Which agent serves each public region, shown beside its checkbox (see region-agents.ts). */
  regionAgents?: RegionAgents[];
  /** What the alerting fieldset offers: the workspace's escalation policies and its other monitors. */
  alertingChoices: AlertingChoices;
}

/** Ids and names, for the escalation policy select and the parent monitor checkboxes. */
export interface AlertingChoices {
  policies: Array<{ id: string; name: string }>;
  monitors: Array<{ id: string; name: string }>;
}

export function newMonitorPath(slug: string, kind?: MonitorKind): string {
  return `${workspacePath(slug, 'monitors')}/new${kind ? `?kind=${kind}` : ''}`;
}

/** What the sections of the form read: the kind, the values sent or stored, and the messages. */
interface FormFields {
  kind: MonitorKind;
  v: (name: MonitorFormField) => string;
  checked: (name: string) => boolean;
  errors: MonitorFormPageData['errors'];
  regionAgents?: RegionAgents[];
  alertingChoices: AlertingChoices;
  /** The monitor edited (not offered as its own parent); none for a new one. */
  monitorId?: string;
}

/** The kinds of a new monitor, one link each (the form changes with the kind). */
function kindNav(slug: string, kind: MonitorKind): Html {
  return html`<nav aria-label="Kind of monitor">
    <ul class="kinds">
      ${MONITOR_KINDS.map(
        (k) =>
          html`<li>
            <a href="${newMonitorPath(slug, k)}" ${k === kind ? html` aria-current="page"` : ''}>${KIND_TITLES[k]}</a>
          </li>`,
      )}
    </ul>
  </nav>`;
}

/** What to check: the URL and request of an HTTP check, the target (and gRPC's health call) of others. */
function whatFields(f: FormFields): Html | '' {
  const { kind, v, checked, errors } = f;
  if (kind === 'heartbeat') return '';
  return kind === 'http'
    ? html`${field({ label: LABELS.url, name: 'url', value: v('url'), error: errors.url, required: true, hint: 'http:// or https://' })}
      ${select(
        LABELS.method,
        'method',
        HTTP_METHODS.map((m) => ({ value: m, label: m })),
        v('method') || 'GET',
        errors.method,
      )}
      ${textarea({ label: LABELS.headers, name: 'headers', value: v('headers'), error: errors.headers, hint: 'One per line, as "Name: value".' })}
      ${textarea({ label: LABELS.body, name: 'body', value: v('body'), error: errors.body, rows: 4 })}
      ${checkbox(LABELS.followRedirects, 'followRedirects', checked('followRedirects'), undefined, errors.followRedirects)}`
    : html`${field({ label: LABELS.uri, name: 'uri', value: v('uri'), error: errors.uri, required: true, hint: TARGET_HINTS[kind] })}
      ${
        kind === 'grpc'
          ? html`${field({ label: LABELS.grpcService, name: 'grpcService', value: v('grpcService'), error: errors.grpcService, hint: 'The name sent to grpc.health.v1.Health/Check; empty checks the server as a whole.' })}
            ${checkbox('Use TLS', 'grpcTls', checked('grpcTls'), undefined, errors.grpcTls)}
            ${textarea({ label: LABELS.grpcMetadata, name: 'grpcMetadata', value: v('grpcMetadata'), error: errors.grpcMetadata, hint: 'One per line, as "name: value".' })}
            ${select(
              LABELS.grpcExpectedStatus,
              'grpcExpectedStatus',
              ['SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN'].map((s) => ({ value: s, label: s })),
              v('grpcExpectedStatus') || 'SERVING',
              errors.grpcExpectedStatus,
            )}`
          : ''
      }
      ${
        kind === 'tls'
          ? html`${field({ label: LABELS.tlsServername, name: 'tlsServername', value: v('tlsServername'), error: errors.tlsServername, hint: 'The name sent in the handshake and that the certificate must match; empty: the host of the target (none for an IP address).' })}
            ${select(
              LABELS.tlsStarttls,
              'tlsStarttls',
              STARTTLS_PROTOCOLS.map((p) => ({ value: p, label: STARTTLS_WORDS[p] })),
              v('tlsStarttls') || 'none',
              errors.tlsStarttls,
            )}`
          : ''
      }`;
}

/** The assertions of an HTTP or DNS check; the other kinds have none. */
function assertionFields({ kind, v, errors }: FormFields): Html | '' {
  return kind === 'http'
    ? html`${textarea({
        label: LABELS.statusCodeAssertions,
        name: 'statusCodeAssertions',
        value: v('statusCodeAssertions'),
        error: errors.statusCodeAssertions,
        hint: `One per line: a comparison (${NUMBER_COMPARATORS.join(', ')}) and a status code, e.g. "eq 200". None: any 2xx counts as up.`,
      })}
      ${textarea({
        label: LABELS.bodyAssertions,
        name: 'bodyAssertions',
        value: v('bodyAssertions'),
        error: errors.bodyAssertions,
        hint: `One per line: a comparison (${STRING_COMPARATORS.join(', ')}) and the text, e.g. "contains ok" or "matches ^v\\d+\\." (matches and not_matches take an RE2 regular expression).`,
      })}
      ${textarea({
        label: LABELS.headerAssertions,
        name: 'headerAssertions',
        value: v('headerAssertions'),
        error: errors.headerAssertions,
        hint: 'One per line: the header, a comparison and the value, e.g. "content-type contains json" or "x-version matches ^2\\.".',
      })}
      ${textarea({
        label: LABELS.jsonAssertions,
        name: 'jsonAssertions',
        value: v('jsonAssertions'),
        error: errors.jsonAssertions,
        hint: `One per line: an RFC 9535 JSONPath, a comparison (${JSON_COMPARATORS.join(', ')}) and the value, e.g. "$.status eq ok" or "$.queue.depth lt 100". Numbers compare as numbers; exists and not_exists take no value.`,
      })}
      ${textarea({
        label: LABELS.timingAssertions,
        name: 'timingAssertions',
        value: v('timingAssertions'),
        error: errors.timingAssertions,
        hint: `One per line: a phase (${TIMING_PHASES.join(', ')}), ${TIMING_COMPARATORS.join(' or ')}, milliseconds and what a failure makes of the check (${TIMING_SEVERITIES.join(' or ')}), e.g. "ttfb lt 500 degraded".`,
      })}`
    : kind === 'dns'
      ? textarea({
          label: LABELS.recordAssertions,
          name: 'recordAssertions',
          value: v('recordAssertions'),
          error: errors.recordAssertions,
          hint: `One per line: the record type, a comparison (${RECORD_COMPARATORS.join(', ')}) and the value, e.g. "A eq 192.0.2.1".`,
        })
      : '';
}

/** Whether the handshake must verify, and when to warn of the certificate's end: kinds that handshake. */
function certificateFields({ kind, v, checked, errors }: FormFields): Html | '' {
  if (kind !== 'http' && kind !== 'grpc' && kind !== 'tls') return '';
  return html`<fieldset>
    <legend>TLS certificate</legend>
    ${checkbox(
      LABELS.tlsVerify,
      'tlsVerify',
      checked('tlsVerify'),
      kind === 'grpc'
        ? 'with "Use TLS"; unchecked accepts a self-signed or otherwise unverifiable certificate'
        : 'unchecked accepts a self-signed or otherwise unverifiable certificate; its expiry is still reported',
      errors.tlsVerify,
    )}
    ${field({
      label: LABELS.certificateExpiryDays,
      name: 'certificateExpiryDays',
      value: v('certificateExpiryDays'),
      error: errors.certificateExpiryDays,
      hint: 'Days before the certificate expires at which the monitor\'s channels are told, separated by commas, e.g. "14, 7, 1". Empty: no expiry alerts.',
    })}
  </fieldset>`;
}

/** When a heartbeat expects its pings: a period, or a cron expression in a time zone, and the grace. */
function scheduleFields({ v, errors }: FormFields): Html {
  return html`<fieldset>
    <legend>When pings are expected</legend>
    ${radios(
      LABELS.heartbeatSchedule,
      'heartbeatSchedule',
      HEARTBEAT_SCHEDULES.map((s) => ({ value: s, label: SCHEDULE_WORDS[s] })),
      v('heartbeatSchedule') || 'period',
      errors.heartbeatSchedule,
    )}
    ${field({ label: LABELS.heartbeatPeriod, name: 'heartbeatPeriod', value: v('heartbeatPeriod'), error: errors.heartbeatPeriod, hint: 'With "every period": seconds, or with a unit (s, m, h, d), e.g. "5m" or "1d"; 30 seconds to 31 days.' })}
    ${field({ label: LABELS.heartbeatCron, name: 'heartbeatCron', value: v('heartbeatCron'), error: errors.heartbeatCron, hint: 'With "on a cron schedule": the five fields of the job\'s crontab line, e.g. "*/5 * * * *" or "0 3 * * 1-5".' })}
    ${field({ label: LABELS.heartbeatTimezone, name: 'heartbeatTimezone', value: v('heartbeatTimezone'), error: errors.heartbeatTimezone, hint: "The cron expression's time zone, as the IANA name: UTC, Europe/Berlin, America/New_York." })}
    ${field({ label: LABELS.heartbeatGrace, name: 'heartbeatGrace', value: v('heartbeatGrace'), error: errors.heartbeatGrace, hint: 'How late a ping may be, and how long a run that pinged /start may take, before the monitor is down, e.g. "5m" or "1h".' })}
  </fieldset>`;
}

function regionsField({ checked, errors, regionAgents }: FormFields): Html {
  return html`<fieldset>
    <legend>${LABELS.regions}</legend>
    ${errors.regions ? html`<p class="field-error" id="f-regions">${errors.regions}</p>` : ''}
    ${regionChoices(REGIONS, (r) => checked(`region.${r}`), regionAgents)}
  </fieldset>`;
}

/**
 * When a failure alerts, how often it reminds, whom it escalates to and which monitors silence it:
 * every kind has the policy (issue 29), each setting neutral by default.
 */
function alertingFields({ v, checked, errors, alertingChoices, monitorId }: FormFields): Html {
  const selected = v('escalationPolicyId');
  const policies = alertingChoices.policies.map((p) => ({ value: p.id, label: p.name }));
  // A stored policy the list no longer has (deleted meanwhile) stays selectable, so saving keeps it
  // and the verb says what is wrong with it.
  if (selected && !policies.some((p) => p.value === selected))
    policies.push({ value: selected, label: `#${selected}` });
  const parents = alertingChoices.monitors.filter((m) => m.id !== monitorId);
  return html`<fieldset>
    <legend>Alerting</legend>
    <p class="hint">
      Checks count after the alert quorum, one per round. With both a count and a duration, both must hold.
    </p>
    ${field({ label: LABELS.failureThreshold, name: 'failureThreshold', value: v('failureThreshold'), error: errors.failureThreshold, hint: '1 to 100 in a row; 1 alerts on the first.' })}
    ${field({ label: LABELS.failureSeconds, name: 'failureSeconds', value: v('failureSeconds'), error: errors.failureSeconds, hint: 'Seconds, or with a unit (s, m, h, d), e.g. "5m"; up to 1 day. 0: no duration.' })}
    ${field({ label: LABELS.recoveryThreshold, name: 'recoveryThreshold', value: v('recoveryThreshold'), error: errors.recoveryThreshold, hint: '1 to 100 in a row before the recovery is sent.' })}
    ${field({ label: LABELS.reminderIntervalMinutes, name: 'reminderIntervalMinutes', value: v('reminderIntervalMinutes'), error: errors.reminderIntervalMinutes, hint: 'While still down and not acknowledged; 0: no reminders, at most 10080 (a week).' })}
    ${field({ label: LABELS.reminderLimit, name: 'reminderLimit', value: v('reminderLimit'), error: errors.reminderLimit, hint: '1 to 1000 per alert.' })}
    ${select(
      LABELS.escalationPolicyId,
      'escalationPolicyId',
      [{ value: '', label: "None: the monitor's notification channels" }, ...policies],
      selected,
      errors.escalationPolicyId,
    )}
    <fieldset>
      <legend>${LABELS.parentMonitorIds}</legend>
      <p class="hint">While any of these is down, this monitor's alerts are recorded as suppressed, not sent.</p>
      ${errors.parentMonitorIds ? html`<p class="field-error" id="f-parentMonitorIds">${errors.parentMonitorIds}</p>` : ''}
      ${
        parents.length
          ? parents.map((m) => checkbox(m.name, `parent.${m.id}`, checked(`parent.${m.id}`)))
          : html`<p class="muted">No other monitor in this workspace yet.</p>`
      }
    </fieldset>
  </fieldset>`;
}

function telemetryFields({ kind, v, errors }: FormFields): Html | '' {
  return kind === 'grpc' || kind === 'heartbeat'
    ? ''
    : html`<fieldset>
        <legend>OpenTelemetry</legend>
        <p class="hint">Each check's metrics are also sent to this OTLP/HTTP endpoint.</p>
        ${field({ label: LABELS.otelEndpoint, name: 'otelEndpoint', value: v('otelEndpoint'), error: errors.otelEndpoint })}
        ${textarea({ label: LABELS.otelHeaders, name: 'otelHeaders', value: v('otelHeaders'), error: errors.otelHeaders, hint: 'One per line, as "Name: value".' })}
      </fieldset>`;
}

export function monitorFormPage(frame: Frame, data: MonitorFormPageData): Html {
  const slug = frame.current!.slug;
  const { kind, values, errors } = data;
  const v = (name: MonitorFormField) => values[name] ?? '';
  const checked = (name: string) => values[name as MonitorFormField] === 'on';
  const editing = data.monitor;
  const action = editing ? `${monitorPath(slug, editing.id)}/edit` : `${newMonitorPath(slug)}?kind=${kind}`;
  const title = editing ? `Edit ${editing.name}` : `New ${KIND_TITLES[kind]} monitor`;

  const kinds = editing ? '' : kindNav(slug, kind);
  const f: FormFields = {
    kind,
    v,
    checked,
    errors,
    regionAgents: data.regionAgents,
    alertingChoices: data.alertingChoices,
    monitorId: editing?.id,
  };

  const probed = kind !== 'heartbeat';
  const form = postForm(
    action,
    frame.csrf,
    html`<fieldset>
        <legend>What to check</legend>
        ${field({ label: LABELS.name, name: 'name', value: v('name'), error: errors.name, required: true, maxLength: 256 })}
        ${textarea({ label: LABELS.description, name: 'description', value: v('description'), error: errors.description, rows: 2 })}
        ${field({ label: LABELS.tags, name: 'tags', value: v('tags'), error: errors.tags, hint: 'Separated by commas, e.g. "payments, eu"; the overview filters by them.' })}
        ${whatFields(f)}
      </fieldset>
      ${
        probed
          ? html`<fieldset>
                <legend>When and from where</legend>
                ${select(
                  LABELS.periodicity,
                  'periodicity',
                  PERIODICITIES.map((p) => ({ value: p, label: p })),
                  v('periodicity') || '1m',
                  errors.periodicity,
                )}
                ${checkbox(LABELS.active, 'active', checked('active'), 'checks run on schedule', errors.active)}
              </fieldset>
              ${regionsField(f)}
              <fieldset>
                <legend>When it counts as failing</legend>
                ${field({ label: LABELS.timeout, name: 'timeout', value: v('timeout'), error: errors.timeout, hint: '0 gives a check its whole period.' })}
                ${field({ label: LABELS.retry, name: 'retry', value: v('retry'), error: errors.retry })}
                ${field({ label: LABELS.degradedAt, name: 'degradedAt', value: v('degradedAt'), error: errors.degradedAt, hint: 'Empty: computed from the timeout.' })}
                ${field({ label: LABELS.alertQuorum, name: 'alertQuorum', value: v('alertQuorum'), error: errors.alertQuorum, hint: 'Locations that must fail before an alert; 0 is a majority.' })}
                ${assertionFields(f)}
              </fieldset>
              ${certificateFields(f)}`
          : html`${scheduleFields(f)}
              <fieldset>
                <legend>Alerts</legend>
                ${checkbox(LABELS.active, 'active', checked('active'), 'a late or failed run takes it down and alerts', errors.active)}
                ${
                  editing
                    ? ''
                    : field({
                        label: LABELS.pingToken,
                        name: 'pingToken',
                        value: v('pingToken'),
                        error: errors.pingToken,
                        hint: 'To move a Healthchecks.io check, paste its UUID: its cron lines then only change host. Empty: a new random token.',
                      })
                }
              </fieldset>`
      }
      ${alertingFields(f)}
      <fieldset>
        <legend>Publishing</legend>
        ${checkbox(LABELS.public, 'public', checked('public'), 'its results may be shown on public status pages', errors.public)}
      </fieldset>
      ${telemetryFields(f)}
      <div class="actions">
        <button type="submit">${editing ? 'Save changes' : 'Create monitor'}</button>
        <a class="button secondary" href="${editing ? monitorPath(slug, editing.id) : workspacePath(slug, 'monitors')}"
          >Cancel</a
        >
      </div>`,
    title,
  );
  return layout(
    frame,
    `${title} · ${frame.current!.name}`,
    html`<p class="crumbs"><a href="${workspacePath(slug, 'monitors')}">Monitors</a></p>
      <h1>${title}</h1>
      ${kinds} ${data.message ? notice('error', data.message) : ''} ${errorSummary(errors, LABELS)} ${form}`,
  );
}

export function deleteMonitorPage(frame: Frame, monitor: MonitorView, dependents: MonitorDependents): Html {
  const slug = frame.current!.slug;
  const base = monitorPath(slug, monitor.id);
  const blocked = dependents.components.length > 0;
  const components = html`<ul>
    ${dependents.components.map(
      (c) => html`<li>the component <strong>${c.name}</strong> of the status page <strong>${c.pageTitle}</strong></li>`,
    )}
  </ul>`;
  const alsoGoes = [
    ...dependents.channels.map((c) => html`<li>its link to the notification channel <strong>${c.name}</strong></li>`),
    ...dependents.privateLocations.map(
      (l) => html`<li>its assignment to the private location <strong>${l.name}</strong></li>`,
    ),
  ];
  const body = blocked
    ? html`${notice(
          'warning',
          html`<p>This monitor is shown on status pages, so it cannot be deleted yet. Remove it from:</p>
            ${components}`,
        )}
        <p><a href="${base}">Back to the monitor</a></p>`
    : html`<p>
          Deleting <strong>${monitor.name}</strong> stops its checks and alerts and removes it from the dashboard and
          the API. The audit log keeps a record of it.
        </p>
        ${
          alsoGoes.length
            ? html`<p>Also removed:</p>
                <ul>
                  ${alsoGoes}
                </ul>`
            : html`<p class="muted">No notification channel or private location uses it.</p>`
        }
        ${deleteForm(`${base}/delete`, frame.csrf, monitor.name, base)}`;
  return layout(
    frame,
    `Delete ${monitor.name} · ${frame.current!.name}`,
    html`<p class="crumbs">
        <a href="${workspacePath(slug, 'monitors')}">Monitors</a> › <a href="${base}">${monitor.name}</a>
      </p>
      <h1>Delete ${monitor.name}?</h1>
      ${card('What goes with it', body, 'delete-monitor')}`,
  );
}
