// The response logs of an HTTP monitor: the card on the monitor's page (filter by location and
// result, newest first, paged by 25) and the page of one log (what was asked, what came back, each
// assertion and each timing phase).
import type { ResponseLogView } from '../../check-results/response-log.view';
import { html, type Html, type HtmlValue } from '../../common/html';
import type { MonitorView } from '../../monitors/monitor.view';
import type { MonitorInsights } from '../../monitors/monitor-insights.service';
import { locationLabel } from '../../monitors/monitors-overview.service';
import { card, layout, notice, workspacePath, type Frame } from '../components';
import { certificateCard } from './certificate-card';
import { monitorPath, ms, PHASE_WORDS, PHASES, STATUS_WORDS, target, when } from './monitor-format';

export interface LogsQuery {
  region?: string;
  status?: string;
  offset?: number;
}

export interface ResponseLogs {
  rows: ResponseLogView[];
  hasMore: boolean;
  nextOffset: number;
  query: LogsQuery;
}

function logFilters(base: string, insights: MonitorInsights, query: LogsQuery): Html {
  const locations = insights.locations.map((l) => l.location);
  const option = (value: string, label: string, selected: string | undefined) =>
    html`<option value="${value}" ${value === (selected ?? '') ? html` selected` : ''}>${label}</option>`;
  return html`<form method="get" action="${base}" class="filters" aria-label="Filter response logs">
    <input type="hidden" name="range" value="${insights.range}" />
    <div>
      <label for="f-region">Location</label>
      <select id="f-region" name="region">
        ${option('', 'Every location', query.region)} ${locations.map((l) => option(l, locationLabel(l), query.region))}
      </select>
    </div>
    <div>
      <label for="f-log-status">Result</label>
      <select id="f-log-status" name="status">
        ${option('', 'Any result', query.status)} ${option('success', 'Success', query.status)}
        ${option('degraded', 'Degraded', query.status)} ${option('error', 'Error', query.status)}
      </select>
    </div>
    <div class="actions"><button type="submit" class="secondary">Filter</button></div>
  </form>`;
}

function logTable(base: string, rows: ResponseLogView[]): Html {
  if (!rows.length) return html`<p class="muted">No response log matches.</p>`;
  return html`<table>
    <caption class="skip">
      Response logs, newest first
    </caption>
    <thead>
      <tr>
        <th scope="col">Time</th>
        <th scope="col">Location</th>
        <th scope="col">Result</th>
        <th scope="col" class="num">Code</th>
        <th scope="col" class="num">Latency</th>
        <th scope="col">Trigger</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (r) =>
          html`<tr>
            <td><a href="${base}/logs/${encodeURIComponent(r.id)}">${when(r.cronTimestamp)}</a></td>
            <td>${locationLabel(r.region)}</td>
            <td>
              <span class="badge ${r.status === 'success' ? 'active' : r.status}">${STATUS_WORDS[r.status]}</span>
            </td>
            <td class="num">${r.statusCode ?? '—'}</td>
            <td class="num">${ms(r.latency)}</td>
            <td>${r.trigger === 'api' ? 'on demand' : 'schedule'}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The response logs card of an HTTP monitor's page; nothing for other kinds. */
export function logsCard(
  slug: string,
  m: MonitorView,
  insights: MonitorInsights,
  logs: ResponseLogs | null,
  logsMessage: string | undefined,
): Html {
  if (m.kind !== 'http') return html``;
  const base = monitorPath(slug, m.id);
  if (!logs) return card('Response logs', html`<p class="muted">${logsMessage ?? 'No response logs.'}</p>`, 'logs');
  const { rows, hasMore, nextOffset, query } = logs;
  const params = (offset: number) => {
    const p = new URLSearchParams({ range: insights.range });
    if (query.region) p.set('region', query.region);
    if (query.status) p.set('status', query.status);
    if (offset) p.set('offset', String(offset));
    return `${base}?${p.toString()}#h-logs`;
  };
  const offset = query.offset ?? 0;
  return card(
    'Response logs',
    html`${logFilters(base, insights, query)} ${logsMessage ? notice('error', logsMessage) : ''} ${logTable(base, rows)}
      <nav class="pager" aria-label="Response log pages">
        ${offset > 0 ? html`<a href="${params(Math.max(0, offset - 25))}">Newer</a>` : ''}
        ${hasMore ? html`<a href="${params(nextOffset)}">Older</a>` : ''}
      </nav>`,
    'logs',
  );
}

export interface LogPageData {
  monitor: MonitorView;
  log: ResponseLogView;
}

function checkCard(m: MonitorView, log: ResponseLogView): Html {
  const rows: Array<[string, HtmlValue]> = [
    ['Time', when(log.cronTimestamp)],
    ['Location', locationLabel(log.region)],
    [
      'Result',
      html`<span class="badge ${log.status === 'success' ? 'active' : log.status}">${STATUS_WORDS[log.status]}</span>`,
    ],
    ['Status code', log.statusCode ?? '—'],
    ['Latency', ms(log.latency)],
    ['Trigger', log.trigger === 'api' ? 'on demand' : 'schedule'],
    ['URL', log.url ?? target(m)],
  ];
  return card(
    'Check',
    html`<dl class="facts">
      ${rows.map(
        ([k, v]) =>
          html`<dt>${k}</dt>
            <dd>${v}</dd>`,
      )}
    </dl>`,
    'check',
  );
}

function timingCard(log: ResponseLogView): Html {
  return card(
    'Timing',
    log.timing
      ? html`<dl class="facts">
          ${PHASES.map((k) => {
            const value = log.timing?.[k];
            return html`<dt>${PHASE_WORDS[k]}</dt>
              <dd>${value !== undefined ? ms(value) : '—'}</dd>`;
          })}
        </dl>`
      : html`<p class="muted">No timings were recorded.</p>`,
    'timing',
  );
}

function assertionsCard(log: ResponseLogView): Html {
  return card(
    'Assertions',
    log.assertions.length
      ? html`<ul class="assertions">
          ${log.assertions.map(
            (a) =>
              html`<li class="${a.passed ? 'pass' : 'fail'}">
                <strong>${a.passed ? 'Passed' : 'Failed'}</strong>
                <code
                  >${[a.type.replace('_', ' '), a.key, a.record, a.comparator, a.target].filter((x) => x !== undefined).join(' ')}</code
                >
                <span class="muted">got ${a.actual === null ? 'nothing' : String(a.actual)}</span>
              </li>`,
          )}
        </ul>`
      : html`<p class="muted">The monitor has no assertion; the check passed on its status code.</p>`,
    'assertions',
  );
}

function headersCard(log: ResponseLogView): Html {
  return card(
    'Response headers',
    log.headers && Object.keys(log.headers).length
      ? html`<dl class="facts headers">
          ${Object.entries(log.headers).map(
            ([k, v]) =>
              html`<dt><code>${k}</code></dt>
                <dd><code>${v}</code></dd>`,
          )}
        </dl>`
      : html`<p class="muted">No headers were recorded.</p>`,
    'headers',
  );
}

/** One response log: what was asked, what came back, each assertion, each timing phase. */
export function logPage(frame: Frame, data: LogPageData): Html {
  const slug = frame.current!.slug;
  const { monitor: m, log } = data;
  return layout(
    frame,
    `${m.name}: response log`,
    html`<p class="crumbs">
        <a href="${workspacePath(slug, 'monitors')}">Monitors</a> ›
        <a href="${monitorPath(slug, m.id)}">${m.name}</a>
      </p>
      <h1>Response log</h1>
      ${checkCard(m, log)}
      ${log.error ? card('Error', html`<p><code>${log.error.kind}</code> ${log.error.message}</p>`, 'error') : ''}
      ${timingCard(log)} ${certificateCard(log.certificate)} ${assertionsCard(log)} ${headersCard(log)}`,
  );
}
