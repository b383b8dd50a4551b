// The overview: every monitor of the workspace in one table, filtered by a GET form (works without
// JavaScript). overview.js repaints the status, the location dots and the last check from
// `monitors/changes.json` while the page is open.
import { pointMarks } from '../../common/chart-marks';
import { html, type Html } from '../../common/html';
import { MONITOR_KINDS } from '../../checks/check-config';
import {
  locationLabel,
  OVERVIEW_DAYS,
  OVERVIEW_STATUS_FILTERS,
  type Overview,
  type OverviewFilter,
  type OverviewLocation,
  type OverviewMonitor,
} from '../../monitors/monitors-overview.service';
import { layout, notice, workspacePath, type Frame } from '../components';
import { exportPath } from './export.page';
import { importPath } from './import.page';

export const OVERVIEW_SCRIPT_PATH = '/app/assets/overview.js';

const STATUS_WORDS: Record<OverviewMonitor['status'] | 'paused', string> = {
  active: 'Up',
  degraded: 'Degraded',
  error: 'Down',
  unknown: 'No data',
  paused: 'Paused',
};

const KIND_WORDS: Record<OverviewMonitor['kind'], string> = {
  http: 'HTTP',
  tcp: 'TCP',
  dns: 'DNS',
  icmp: 'ICMP',
  grpc: 'gRPC',
  tls: 'TLS',
  heartbeat: 'Heartbeat',
};

export interface OverviewPageData {
  overview: Overview;
  filter: OverviewFilter;
  /** The filter's error (a bad value in the URL), shown above the table. */
  error?: string;
  /** Offer "New monitor" (not to viewers). */
  canWrite?: boolean;
  /** The monitor just deleted, by name. */
  deleted?: boolean;
}

export function monitorsOverviewPage(frame: Frame, data: OverviewPageData): Html {
  const slug = frame.current!.slug;
  const base = workspacePath(slug, 'monitors');
  const { overview, filter } = data;
  const filtered = Boolean(filter.status || filter.kind || filter.tag || filter.q);
  const body = html`<div class="title-row">
      <h1>Monitors</h1>
      <div class="actions">
        ${data.canWrite ? html`<a class="button" href="${base}/new">New monitor</a>` : ''}
        <a class="button secondary" href="${importPath(slug)}">Import</a>
        <a class="button secondary" href="${exportPath(slug)}">Export to Terraform</a>
      </div>
    </div>
    ${data.deleted ? notice('success', 'Deleted the monitor.') : ''} ${statusCounts(base, overview)}
    ${filterForm(base, filter, overview.tags)} ${data.error ? notice('error', data.error) : ''}
    ${
      overview.total === 0
        ? html`<p class="muted">
            No monitors yet. Create one here, or over the RPC API, the MCP server or the Terraform provider, or
            <a href="${importPath(slug)}">import them from Uptime Kuma, Gatus or OpenStatus</a>.
          </p>`
        : overview.items.length === 0
          ? html`<p class="muted">No monitor matches this filter. <a href="${base}">Show all monitors</a>.</p>`
          : html`<p class="muted" id="shown">
                ${filtered ? `${overview.items.length} of ${overview.total} monitors` : `${overview.total} monitors`}
              </p>
              ${monitorsTable(base, overview)}`
    }
    <p class="muted live" id="live" data-changes="${base}/changes.json" data-at="${overview.at.toISOString()}">
      Updated ${timeText(overview.at)}.
    </p>
    <script src="${OVERVIEW_SCRIPT_PATH}" defer></script>`;
  return layout(frame, 'Monitors', body);
}

function statusCounts(base: string, overview: Overview): Html {
  return html`<ul class="counts" aria-label="Monitors by status">
    ${OVERVIEW_STATUS_FILTERS.map(
      (s) =>
        html`<li>
          <a href="${base}?status=${s}" class="count ${s}"
            ><span class="n">${overview.counts[s]}</span> ${STATUS_WORDS[s]}</a
          >
        </li>`,
    )}
  </ul>`;
}

function filterForm(base: string, filter: OverviewFilter, tags: string[]): Html {
  const option = (value: string, label: string, selected: string | undefined) =>
    html`<option value="${value}" ${value === (selected ?? '') ? html` selected` : ''}>${label}</option>`;
  return html`<form method="get" action="${base}" class="filters" role="search" aria-label="Filter monitors">
    <div>
      <label for="f-q">Name or target</label>
      <input id="f-q" name="q" type="text" maxlength="256" value="${filter.q ?? ''}" />
    </div>
    <div>
      <label for="f-status">Status</label>
      <select id="f-status" name="status">
        ${option('', 'Any status', filter.status)}
        ${OVERVIEW_STATUS_FILTERS.map((s) => option(s, STATUS_WORDS[s], filter.status))}
      </select>
    </div>
    <div>
      <label for="f-kind">Kind</label>
      <select id="f-kind" name="kind">
        ${option('', 'Any kind', filter.kind)} ${MONITOR_KINDS.map((k) => option(k, KIND_WORDS[k], filter.kind))}
      </select>
    </div>
    ${
      tags.length || filter.tag
        ? html`<div>
            <label for="f-tag">Tag</label>
            <select id="f-tag" name="tag">
              ${option('', 'Any tag', filter.tag)}
              ${(filter.tag && !tags.includes(filter.tag) ? [...tags, filter.tag] : tags).map((t) =>
                option(t, t, filter.tag),
              )}
            </select>
          </div>`
        : ''
    }
    <div class="actions"><button type="submit" class="secondary">Filter</button></div>
  </form>`;
}

function monitorsTable(base: string, overview: Overview): Html {
  // The day of the answer, for the times of the rows (a time of today shows without its date).
  const today = overview.at.toISOString().slice(0, 10);
  return html`<table class="monitors">
    <caption class="skip">
      Monitors with their status, locations, last check, uptime and latency
    </caption>
    <thead>
      <tr>
        <th scope="col">Monitor</th>
        <th scope="col">Status</th>
        <th scope="col">Locations</th>
        <th scope="col">Last check</th>
        <th scope="col" class="num">24 h</th>
        <th scope="col" class="num">7 d</th>
        <th scope="col" class="num">14 d</th>
        <th scope="col">Latency, ${OVERVIEW_DAYS} d</th>
      </tr>
    </thead>
    <tbody>
      ${overview.items.map((m) => monitorRow(base, m, today))}
    </tbody>
  </table>`;
}

/** One monitor's row, written without layout whitespace: a page can hold a thousand of them. */
function monitorRow(base: string, m: OverviewMonitor, today: string): Html {
  const name = html`<a class="name" href="${base}/${encodeURIComponent(m.id)}">${m.name}</a>`;
  const target = html`<span class="muted target">${KIND_WORDS[m.kind]} · ${m.target}</span>`;
  const last = m.lastCheckAt ? timeText(m.lastCheckAt, today) : html`<span class="muted">never</span>`;
  const cells: Html[] = [
    html`<th scope="row">
      ${name}${target}${m.tags.length ? html`<span class="tags">${tagLinks(base, m.tags)}</span>` : ''}
    </th>`,
    html`<td class="status-cell">${statusBadge(m)}</td>`,
    html`<td class="dots-cell">${dots(m.locations)}</td>`,
    html`<td class="last-cell">${last}</td>`,
    html`<td class="num">${percent(m.uptime.day)}</td>`,
    html`<td class="num">${percent(m.uptime.week)}</td>`,
    html`<td class="num">${percent(m.uptime.fortnight)}</td>`,
    html`<td>${sparkline(m)}</td>`,
  ];
  return html`<tr id="m-${m.id}">
    ${cells}
  </tr>`;
}

/** Each tag as a link to the overview (`monitorsPath`) filtered by it. */
export function tagLinks(monitorsPath: string, tags: readonly string[]): Html[] {
  return tags.map((t) => html`<a class="tag" href="${monitorsPath}?tag=${encodeURIComponent(t)}">${t}</a>`);
}

export function statusBadge(m: Pick<OverviewMonitor, 'status' | 'active'>): Html {
  return html`<span class="badge ${m.status}">${STATUS_WORDS[m.status]}</span>${
      m.active ? '' : html` <span class="badge paused">Paused</span>`
    }`;
}

export function dots(locations: OverviewLocation[]): Html {
  if (!locations.length) return html`<span class="muted">none</span>`;
  const items = locations.map((l) => {
    const label = `${locationLabel(l.location)}: ${STATUS_WORDS[l.status]}`;
    return html`<li class="dot ${l.status}" title="${label}" aria-label="${label}"></li>`;
  });
  return html`<ul class="dots">
    ${items}
  </ul>`;
}

function percent(share: number | null): Html {
  if (share === null) return html`<span class="muted">—</span>`;
  const value = Math.floor(share * 10_000) / 100;
  return html`${value.toFixed(2)}%`;
}

/** The UTC time to the second in a <time> element; the date too unless it is `today` (YYYY-MM-DD). */
function timeText(at: Date, today = new Date().toISOString().slice(0, 10)): Html {
  const iso = at.toISOString();
  return html`<time datetime="${iso}"
    >${iso.startsWith(today) ? iso.slice(11, 19) : iso.slice(0, 16).replace('T', ' ')} UTC</time
  >`;
}

/** Counts with their thousands separated; one formatter for the page (a page can hold a thousand rows). */
const COUNT = new Intl.NumberFormat('en-US');

/**
 * p95 and p50 of each day as two polylines on a shared scale, or, with a single day of checks, two
 * dots with their values; the text alternative names the last day, and both say how many checks the
 * figures rest on.
 */
function sparkline(m: OverviewMonitor): Html {
  const points = m.latency;
  const known = points.filter((p) => p !== null);
  if (!known.length) return html`<span class="muted">no data</span>`;
  const width = 112;
  const height = 28;
  const max = Math.max(...known.map((p) => p.p95), 1);
  const x = (i: number) => Math.round((i / (points.length - 1)) * (width - 2) + 1);
  const y = (v: number) => Math.round(height - 1 - (v / max) * (height - 2));
  const line = (pick: (p: { p50: number; p95: number }) => number) =>
    points
      .map((p, i) => (p ? `${x(i)},${y(pick(p))}` : null))
      .filter((s) => s !== null)
      .join(' ');
  const last = known[known.length - 1];
  const checks = known.reduce((sum, p) => sum + p.checks, 0);
  const basis = `${COUNT.format(checks)} ${checks === 1 ? 'check' : 'checks'}`;
  const days = `${known.length} ${known.length === 1 ? 'day' : 'days'}`;
  const label = `Latency on ${last.day}: p50 ${Math.round(last.p50)} ms, p95 ${Math.round(last.p95)} ms; from ${basis} in ${days}`;
  const at = points.lastIndexOf(last);
  const drawn =
    known.length > 1
      ? html`<polyline class="p95" points="${line((p) => p.p95)}" />
          <polyline class="p50" points="${line((p) => p.p50)}" />`
      : pointMarks(
          (['p95', 'p50'] as const).map((series) => ({
            series,
            // Kept off the edges, so the dot is whole.
            x: Math.min(width - 4, Math.max(4, x(at))) / width,
            y: Math.min(height - 4, Math.max(4, y(last[series]))) / height,
            label: `${series} ${Math.round(last[series])} ms`,
          })),
          height,
          10,
        );
  return html`<svg class="spark" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">
      <title>${label}</title>
      ${drawn}</svg
    ><span class="muted basis">${basis}</span>`;
}
