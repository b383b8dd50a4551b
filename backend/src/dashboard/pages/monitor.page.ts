// A monitor's page: where it stands now and, for every kind, the error of each location's failed
// latest check; latency per location over 1, 7 or 14 days, the timing phases of its HTTP checks,
// uptime by day, its status history with the errors behind each fall, and its response logs with
// filters and paging. "Run check now" is a form (the trigger verb); the page reloads itself when the check's
// result arrives (overview.js), and without JavaScript the next load shows it.
import type { RegionAgents } from '../../agent-presence/agent-presence.service';
import { pointMarks } from '../../common/chart-marks';
import { html, type Html } from '../../common/html';
import {
  INSIGHT_RANGES,
  type InsightRange,
  type LocationError,
  type MonitorInsights,
  type StatusPeriod,
} from '../../monitors/monitor-insights.service';
import { locationLabel } from '../../monitors/monitors-overview.service';
import { card, layout, notice, postForm, workspacePath, type Frame } from '../components';
import { monitorPath, ms, PHASE_WORDS, PHASES, STATUS_WORDS, target, when } from './monitor-format';
import { heartbeatCards, scheduleText, type HeartbeatPanel } from './heartbeat.page';
import { logsCard, type ResponseLogs } from './monitor-logs.page';
import { dots, OVERVIEW_SCRIPT_PATH, statusBadge, tagLinks } from './monitors-overview.page';
import { regionAgentsCard } from './region-agents';
import { certificateCard } from './certificate-card';
import type { AlertingPolicy } from '../../monitors/monitor-alerting';
import type { AlertView } from '../../alerts/alert.view';
import { monitorAlertsCard } from './alerts.page';

export interface MonitorPageData {
  insights: MonitorInsights;
  /** Null where the plan has no response logs or the monitor is not HTTP; `error` when the filter was bad. */
  logs: ResponseLogs | null;
  logsMessage?: string;
  /** Which agent serves each public region (see region-agents.ts); absent: the card is left out. */
  regionAgents?: RegionAgents[];
  /** A heartbeat monitor's state and last pings. */
  heartbeat?: HeartbeatPanel;
  canWrite: boolean;
  triggered?: boolean;
  /** Just created or saved through the form. */
  changed?: 'created' | 'saved';
  /** The names the alerting card shows: the parent monitors' and the escalation policy's. */
  alerting?: { parents: Array<{ id: string; name: string }>; policyName: string | null };
  /** The monitor's latest alerts (alerts.page.ts shows at most MONITOR_ALERTS_SHOWN); absent: no card. */
  alerts?: AlertView[];
  message?: string;
}

const RANGE_WORDS: Record<InsightRange, string> = { '1d': '1 day', '7d': '7 days', '14d': '14 days' };
export { monitorPath, target } from './monitor-format';
export { logPage } from './monitor-logs.page';

export function monitorPage(frame: Frame, data: MonitorPageData): Html {
  const slug = frame.current!.slug;
  const { insights } = data;
  const m = insights.monitor;
  const base = monitorPath(slug, m.id);
  const body = html`<p class="crumbs"><a href="${workspacePath(slug, 'monitors')}">Monitors</a></p>
    <div class="title-row">
      <h1>${m.name}</h1>
      <p class="actions">
        <a class="button secondary" href="${base}/sla">SLA report</a>
        ${
          data.canWrite
            ? html`<a class="button secondary" href="${base}/edit">Edit</a>
                <a class="button danger" href="${base}/delete">Delete</a>`
            : ''
        }
      </p>
    </div>
    <p class="muted">
      ${m.kind.toUpperCase()} ·
      ${m.heartbeat ? `pinged ${scheduleText(m.heartbeat)}` : `${target(m)} · every ${m.periodicity}`}${m.active ? '' : ' · paused'}
    </p>
    ${m.tags.length ? html`<p class="tags">Tags: ${tagLinks(workspacePath(slug, 'monitors'), m.tags)}</p>` : ''}
    ${data.alerting?.parents.length ? html`<p class="depends">Depends on: ${parentLinks(slug, data.alerting.parents)}</p>` : ''}
    ${data.message ? notice('error', data.message) : ''}
    ${data.changed === 'created' ? notice('success', 'Created the monitor. Run a check now, or wait for its first scheduled one.') : ''}
    ${data.changed === 'saved' ? notice('success', 'Saved the changes.') : ''}
    ${
      data.triggered
        ? notice('success', 'Check requested from every location of the monitor; its results appear here in moments.')
        : ''
    }
    <div class="now">
      <div>${statusBadge(m)}</div>
      ${
        // A heartbeat has no locations; its card below says when it last pinged.
        m.kind === 'heartbeat'
          ? ''
          : html`<div>${dots(insights.locations)}</div>
              <div class="muted">Last check: ${insights.lastCheckAt ? when(insights.lastCheckAt) : 'never'}</div>`
      }
      ${
        // A heartbeat is not probed: its job calls in.
        data.canWrite && m.kind !== 'heartbeat'
          ? postForm(`${base}/trigger`, frame.csrf, html`<button type="submit">Run check now</button>`, 'Run check now')
          : ''
      }
    </div>
    ${lastErrorsCard(insights)} ${data.heartbeat ? heartbeatCards(base, m, data.heartbeat, data.canWrite) : ''}
    ${data.regionAgents ? regionAgentsCard(m.regions, data.regionAgents) : ''} ${latencyCard(base, insights)}
    ${insights.phases ? phasesCard(insights) : ''} ${uptimeCard(insights)}
    ${insights.certificate ? certificateCard(insights.certificate.certificate, insights.certificate) : ''}
    ${historyCard(insights.history)} ${logsCard(slug, m, insights, data.logs, data.logsMessage)}
    ${alertingCard(slug, m.alerting, data.alerting)} ${data.alerts ? monitorAlertsCard(slug, m.id, data.alerts) : ''}
    <p
      class="muted live"
      id="live"
      data-changes="${workspacePath(slug, 'monitors')}/changes.json"
      data-at="${insights.at.toISOString()}"
      data-reload="${m.id}"
      data-last="${insights.lastCheckAt ? insights.lastCheckAt.toISOString() : ''}"
    >
      Updated ${when(insights.at)}.
    </p>
    <script src="${OVERVIEW_SCRIPT_PATH}" defer></script>`;
  return layout(frame, m.name, body);
}

function parentLinks(slug: string, parents: Array<{ id: string; name: string }>): Html[] {
  return parents.map((p, i) => html`${i ? ', ' : ''}<a href="${monitorPath(slug, p.id)}">${p.name}</a>`);
}

/** The monitor's alerting policy in words: when it alerts, reminds, whom it escalates to, what silences it. */
function alertingCard(slug: string, a: AlertingPolicy, names: MonitorPageData['alerting']): Html {
  const checks = (n: number) => `${n} checks in a row`;
  const down =
    a.failureThreshold === 1 && a.failureSeconds === 0
      ? 'on the first failed check'
      : [
          a.failureThreshold > 1 ? `after ${checks(a.failureThreshold)} failed` : '',
          a.failureSeconds > 0 ? `after failing for ${duration(a.failureSeconds * 1000)}` : '',
        ]
          .filter(Boolean)
          .join(' and ');
  const reminders =
    a.reminderIntervalMinutes > 0
      ? `every ${a.reminderIntervalMinutes} min while down and not acknowledged, at most ${a.reminderLimit}`
      : 'none';
  const escalation = a.escalationPolicyId
    ? `the escalation policy ${names?.policyName ?? `#${a.escalationPolicyId}`}`
    : "the monitor's notification channels";
  return card(
    'Alerting',
    html`<dl class="facts">
      <dt>Down</dt>
      <dd>${down}</dd>
      <dt>Up again</dt>
      <dd>${a.recoveryThreshold === 1 ? 'on the first good check' : `after ${checks(a.recoveryThreshold)} good`}</dd>
      <dt>Reminders</dt>
      <dd>${reminders}</dd>
      <dt>Notifies</dt>
      <dd>${escalation}</dd>
      <dt>Depends on</dt>
      <dd>${names?.parents.length ? parentLinks(slug, names.parents) : 'no other monitor'}</dd>
    </dl>`,
    'alerting',
  );
}

function rangeTabs(base: string, current: InsightRange): Html {
  return html`<nav aria-label="Time range">
    <ul class="tabs">
      ${INSIGHT_RANGES.map(
        (r) =>
          html`<li>
            <a href="${base}?range=${r}" ${r === current ? html` aria-current="page"` : ''}>${RANGE_WORDS[r]}</a>
          </li>`,
      )}
    </ul>
  </nav>`;
}

function latencyCard(base: string, insights: MonitorInsights): Html {
  const from = insights.at.getTime() - { '1d': 1, '7d': 7, '14d': 14 }[insights.range] * 86_400_000;
  const body = insights.latency.length
    ? insights.latency.map((l) => latencyChart(l.location, l.hours, from, insights.at.getTime()))
    : html`<p class="muted">No successful check in this range yet.</p>`;
  return card(
    'Latency',
    html`${rangeTabs(base, insights.range)}
      <p class="legend">
        <span class="key p50">p50</span> <span class="key p95">p95</span> <span class="key p99">p99</span> per hour, in
        milliseconds
      </p>
      ${body}`,
    'latency',
  );
}

function latencyChart(
  location: string,
  hours: MonitorInsights['latency'][number]['hours'],
  from: number,
  to: number,
): Html {
  // Lines are drawn in a box of fixed size stretched to the chart's width; the scale, and the dots of
  // a chart with a single hour, in the chart's own pixels (so text and dots are not stretched).
  const width = 640;
  const height = 120;
  const max = Math.max(...hours.map((h) => h.p99), 1);
  const fx = (at: Date) => Math.min(1, Math.max(0, (at.getTime() - from) / Math.max(to - from, 1)));
  const fy = (v: number) => (height - 1 - (v / max) * (height - 12)) / height;
  const line = (pick: (h: (typeof hours)[number]) => number) =>
    hours.map((h) => `${(fx(h.at) * (width - 2) + 1).toFixed(1)},${(fy(pick(h)) * height).toFixed(1)}`).join(' ');
  const last = hours[hours.length - 1];
  const figures = `p50 ${Math.round(last.p50)} ms · p95 ${Math.round(last.p95)} ms · p99 ${Math.round(last.p99)} ms`;
  const basis = checksBasis(
    hours.reduce((sum, h) => sum + h.count, 0),
    hours.length,
    'hour',
  );
  const label = `${locationLabel(location)}: latest hour ${figures.replace(/ ·/g, ',')}; highest p99 ${Math.round(max)} ms; from ${basis}`;
  const drawn =
    hours.length > 1
      ? html`<svg viewBox="0 0 ${width} ${height}" preserveAspectRatio="none" width="100%" height="100%">
          <polyline class="p99" points="${line((h) => h.p99)}" />
          <polyline class="p95" points="${line((h) => h.p95)}" />
          <polyline class="p50" points="${line((h) => h.p50)}" />
        </svg>`
      : pointMarks(
          (['p99', 'p95', 'p50'] as const).map((series) => ({
            series,
            // Kept off the border, so the dot is whole.
            x: Math.min(0.985, Math.max(0.015, fx(last.at))),
            y: fy(last[series]),
            label: `${series} ${Math.round(last[series])} ms`,
          })),
          height,
        );
  return html`<figure class="chart">
    <figcaption>
      <strong>${locationLabel(location)}</strong>
      <span class="muted">latest hour ${figures}</span>
      <span class="muted basis">from ${basis}</span>
    </figcaption>
    <svg class="latency" role="img">
      <title>${label}</title>
      <text x="4" y="12" class="axis">${Math.round(max)} ms</text>
      ${drawn}
    </svg>
  </figure>`;
}

/** How many checks over how many hours or days a figure rests on, in words. */
function checksBasis(checks: number, spans: number, span: 'hour' | 'day'): string {
  return `${checks} ${checks === 1 ? 'check' : 'checks'} in ${spans} ${spans === 1 ? span : `${span}s`}`;
}

function phasesCard(insights: MonitorInsights): Html {
  const p = insights.phases!;
  if (!p.checks) {
    return card('Timing phases', html`<p class="muted">No HTTP check with timings in this range yet.</p>`, 'phases');
  }
  const values = PHASES.map((k) => ({ k, v: p[k] ?? 0 }));
  const total = values.reduce((a, b) => a + b.v, 0) || 1;
  return card(
    'Timing phases',
    html`<p class="muted">Average over ${p.checks} successful checks in the last ${RANGE_WORDS[insights.range]}.</p>
      <div class="phases" aria-hidden="true">
        ${values.map((v) => html`<span class="phase ${v.k}" title="${PHASE_WORDS[v.k]}">${bar(v.v / total)}</span>`)}
      </div>
      <table class="compact">
        <caption class="skip">
          Average duration of each phase
        </caption>
        <tbody>
          ${values.map(
            (v) =>
              html`<tr>
                <th scope="row"><span class="swatch ${v.k}"></span>${PHASE_WORDS[v.k]}</th>
                <td class="num">${ms(v.v)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
    'phases',
  );
}

/** A phase's share of the bar, as an SVG of fixed height (the CSP allows no inline style). */
function bar(share: number): Html {
  const width = Math.max(0.5, Math.round(share * 1000) / 10);
  return html`<svg viewBox="0 0 100 10" width="${width}%" height="12" preserveAspectRatio="none">
    <rect width="100" height="10" />
  </svg>`;
}

function uptimeCard(insights: MonitorInsights): Html {
  const days = insights.days;
  const w = 14;
  return card(
    'Uptime by day',
    html`<svg class="days" viewBox="0 0 ${days.length * w} 34" preserveAspectRatio="xMinYMid meet" role="img">
        <title>Uptime of the last ${days.length} days</title>
        ${days.map((d, i) => {
          const share = d.count ? d.ok / d.count : null;
          const kind = share === null ? 'none' : share >= 0.999 ? 'ok' : share >= 0.95 ? 'partial' : 'bad';
          const text = share === null ? `${d.day}: no checks` : `${d.day}: ${percent(share)} of ${d.count} checks up`;
          return html`<rect x="${i * w + 1}" y="2" width="${w - 3}" height="30" rx="2" class="${kind}">
            <title>${text}</title>
          </rect>`;
        })}
      </svg>
      <ul class="skip">
        ${days.map((d) => html`<li>${d.day}: ${d.count ? `${percent(d.ok / d.count)} up` : 'no checks'}</li>`)}
      </ul>`,
    'uptime',
  );
}

/**
 * The error of each location whose latest check failed, whatever the monitor's kind: TCP, DNS, ICMP
 * and gRPC checks have no response logs, and this is where they say why they are down.
 */
function lastErrorsCard(insights: MonitorInsights): Html {
  if (!insights.lastErrors.length) return html``;
  return card(
    'Last check errors',
    html`<p class="muted">The error of the latest check of each location that failed.</p>
      ${errorList(insights.lastErrors)}`,
    'last-errors',
  );
}

/** Location by location: its status, the error's kind and its message. */
function errorList(errors: LocationError[]): Html {
  return html`<ul class="errors">
    ${errors.map(
      (e) =>
        html`<li>
          <strong>${locationLabel(e.location)}</strong>
          <span class="badge ${e.status}">${STATUS_WORDS[e.status]}</span>
          ${e.kind ? html`<code class="error-kind">${e.kind}</code>` : ''}
          <span class="error-message">${e.message}</span>
        </li>`,
    )}
  </ul>`;
}

function historyCard(history: StatusPeriod[]): Html {
  if (!history.length) {
    return card('Status history', html`<p class="muted">No status change yet.</p>`, 'history');
  }
  return card(
    'Status history',
    html`<p class="muted">As alerting judges it, with the monitor's quorum of locations.</p>
      <table>
        <caption class="skip">
          Status changes, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Became</th>
            <th scope="col">From</th>
            <th scope="col">At</th>
            <th scope="col">For</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          ${history.map(
            (h) =>
              html`<tr>
                <td><span class="badge ${h.to}">${STATUS_WORDS[h.to]}</span></td>
                <td>${STATUS_WORDS[h.from]}</td>
                <td>${when(h.at)}</td>
                <td>${duration(h.durationMs)}${h.ongoing ? ' so far' : ''}</td>
                <td>${h.reasons.length ? errorList(h.reasons) : html`<span class="muted">—</span>`}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
    'history',
  );
}

function percent(share: number): string {
  return `${(Math.floor(share * 10_000) / 100).toFixed(2)}%`;
}

/** A duration for people: the two largest units. */
export function duration(msValue: number): string {
  const s = Math.floor(msValue / 1000);
  const units: Array<[number, string]> = [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'min'],
    [1, 's'],
  ];
  const parts: string[] = [];
  let rest = s;
  for (const [size, name] of units) {
    if (rest >= size && parts.length < 2) {
      parts.push(`${Math.floor(rest / size)} ${name}`);
      rest %= size;
    } else if (parts.length) break;
  }
  return parts.length ? parts.join(' ') : '0 s';
}
