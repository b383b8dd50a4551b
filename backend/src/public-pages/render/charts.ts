// The small SVG pictures of a component: 90 day bars and the daily latency lines. Each carries a text
// alternative (the bars: which days were not fine; the chart: the latest values and how many checks
// they rest on), so colour is never the only signal and a screen reader hears the same story.
import { pointMarks } from '../../common/chart-marks';
import { escapeHtml, html, trusted, type Html } from '../../common/html';
import type { LatencyPoint, PublicComponent } from '../public-page.types';
import type { Formats } from './i18n';
import { pageMessages } from './page.messages';

const BAR = 6;
const GAP = 2;
/** The response-time panel's height in the stylesheet (`.chart`, 5rem), for placing its labels. */
const CHART_HEIGHT_PX = 80;

/** Formatted dates of days by locale: 90 days × 100 components would otherwise format 9000 dates a render. */
const dayLabels = new Map<string, string>();

function dayLabel(formats: Formats, day: string): string {
  const key = `${formats.locale}|${day}`;
  let label = dayLabels.get(key);
  if (label === undefined) {
    if (dayLabels.size >= 4_000) dayLabels.clear();
    label = formats.date(dayDate(day));
    dayLabels.set(key, label);
  }
  return label;
}

const counts = new Map<string, string>();

/**
 * A count of checks as the locale writes it. Below 1000 every page locale writes the plain digits;
 * larger ones are remembered, since a page repeats the same daily totals thousands of times.
 */
function count(formats: Formats, value: number): string {
  if (value < 1000) return String(value);
  const key = `${formats.locale}|${value}`;
  let text = counts.get(key);
  if (text === undefined) {
    if (counts.size >= 10_000) counts.clear();
    text = formats.number(value);
    counts.set(key, text);
  }
  return text;
}

export function dayBars(component: PublicComponent, formats: Formats): Html {
  const t = pageMessages(formats.locale);
  const width = component.days.length * (BAR + GAP) - GAP;
  const bad = component.days.filter((d) => d.status !== 'operational' && d.status !== 'no_data');
  const summary = [
    t.barsLabel(component.name),
    ...bad.map((d) => `${dayLabel(formats, d.day)}: ${t[`day_${d.status}`]}`),
  ].join('. ');
  // The hottest loop of a render (a bar a day a component), so its output stays small: fine days and
  // days without data are one path each (a bar says all there is to say), every other day its own
  // rect with a tooltip naming the day, its checks and its incidents or maintenances. Plain strings,
  // each label escaped here.
  let fine = '';
  let empty = '';
  let rects = '';
  component.days.forEach((d, i) => {
    const x = i * (BAR + GAP);
    if (d.status === 'operational') fine += `M${x} 0h${BAR}v24h-${BAR}z`;
    else if (d.status === 'no_data') empty += `M${x} 12h${BAR}v12h-${BAR}z`;
    else {
      let label = `${dayLabel(formats, d.day)}: ${t[`day_${d.status}`]}`;
      if (d.failed) label += ` · ${t.checks(count(formats, d.failed), count(formats, d.total))}`;
      for (const e of d.events) label += ` · ${e.title}`;
      rects += `<rect class="d-${d.status}" x="${x}" width="${BAR}" height="24"><title>${escapeHtml(label)}</title></rect>`;
    }
  });
  // No-data days are half height, so they differ from the others by shape as well as colour.
  const paths =
    (fine ? `<path class="d-operational" d="${fine}"><title>${escapeHtml(t.day_operational)}</title></path>` : '') +
    (empty ? `<path class="d-no_data" d="${empty}"><title>${escapeHtml(t.day_no_data)}</title></path>` : '');
  return html`<svg class="bars" viewBox="0 0 ${width} 24" preserveAspectRatio="none" role="img" aria-label="${summary}">
    ${trusted(paths + rects)}
  </svg>`;
}

export function latencyChart(component: PublicComponent, points: readonly LatencyPoint[], formats: Formats): Html {
  const t = pageMessages(formats.locale);
  const max = Math.max(1, ...points.map((p) => p.p95 ?? p.p50 ?? 0));
  const step = 8;
  const width = Math.max(1, points.length - 1) * step;
  const height = 60;
  // Whole user units: the chart is a few hundred pixels wide, finer coordinates only add bytes.
  const y = (value: number) => Math.round(height - (value / max) * (height - 4));
  const line = (pick: (p: LatencyPoint) => number | null) => {
    let out = '';
    points.forEach((p, i) => {
      const value = pick(p);
      if (value !== null) out += `${out ? ' ' : ''}${i * step},${y(value)}`;
    });
    return out;
  };
  let days = 0;
  let checks = 0;
  let lastAt = -1;
  points.forEach((p, i) => {
    if (p.p50 === null) return;
    days += 1;
    checks += p.checks;
    lastAt = i;
  });
  const last = lastAt >= 0 ? points[lastAt] : null;
  const summary = last
    ? `${t.latencySummary(formats.number(last.p50!), formats.number(last.p95 ?? last.p50!))}. ${t.latencyBasis(checks, days, (n) => count(formats, n))}.`
    : t.noUptime;
  // The lines are stretched to the panel's width; a lone day (a line needs two) is a dot per series with
  // its value instead, drawn in the panel's own pixels so that it stays round and legible.
  const lone =
    last && days === 1
      ? pointMarks(
          (['p95', 'p50'] as const).map((series) => {
            const value = last[series] ?? last.p50!;
            return {
              series,
              x: Math.min(0.985, Math.max(0.015, lastAt / Math.max(1, points.length - 1))),
              y: y(value) / height,
              label: `${series} ${formats.number(value)} ms`,
            };
          }),
          CHART_HEIGHT_PX,
        )
      : '';
  return html`<details class="latency">
    <summary>${t.latency}</summary>
    <svg class="chart" role="img" aria-label="${t.latencyLabel(component.name)}. ${summary}">
      <svg viewBox="0 0 ${width} ${height}" preserveAspectRatio="none" width="100%" height="100%">
        <line class="axis" x1="0" y1="${height}" x2="${width}" y2="${height}"></line>
        ${days > 1 ? html`<polyline class="p95" points="${line((p) => p.p95)}"></polyline>` : ''}
        ${days > 1 ? html`<polyline class="p50" points="${line((p) => p.p50)}"></polyline>` : ''}
      </svg>
      ${lone}
    </svg>
    <p class="meta">${summary}</p>
  </details>`;
}

/** A `YYYY-MM-DD` UTC day as a date (noon, so no time zone moves it to another day). */
export function dayDate(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}
