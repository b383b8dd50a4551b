// The SLA report page of a monitor or a status page: a GET form (period and target, works without
// JavaScript) above the figures, the page's components, the incidents and the status reports, with a
// link to the same report as CSV.
import { html, type Html } from '../../common/html';
import type { SlaFiguresView, SlaReportView } from '../../sla/sla.view';
import { card, dateTime, errorSummary, field, type Frame, layout, notice, select, table } from '../components';

export interface SlaFormState {
  period: 'month' | 'quarter' | 'custom';
  month: string;
  quarter: string;
  from: string;
  to: string;
  target: string;
}

export interface SlaPageData {
  /** Where the report belongs: the monitor's or the status page's own page. */
  crumbs: Array<{ href: string; label: string }>;
  /** The path of this page (the form's action); the CSV is at `${action}.csv`. */
  action: string;
  form: SlaFormState;
  report?: SlaReportView;
  errors?: Record<string, string>;
  message?: string;
}

const LABELS: Record<string, string> = {
  period: 'Period',
  month: 'Month',
  quarter: 'Quarter',
  from: 'From',
  to: 'To',
  target: 'Target',
};

const SOURCE_WORDS: Record<SlaFiguresView['source'], string> = {
  history: 'from the alert status history',
  aggregates: 'estimated from the daily check counts (the status history of these days is no longer kept)',
  mixed: 'from the alert status history, and estimated from the daily check counts for days older than it',
};

const num = (n: number | null, unit = '') =>
  n === null ? '—' : `${n.toLocaleString('en-US', { maximumFractionDigits: 4 })}${unit}`;

/** The query string of the form's state, for the CSV link. */
export function slaQueryString(form: SlaFormState): string {
  const params = new URLSearchParams({ period: form.period });
  if (form.period === 'month') params.set('month', form.month);
  if (form.period === 'quarter') params.set('quarter', form.quarter);
  if (form.period === 'custom') {
    params.set('from', form.from);
    params.set('to', form.to);
  }
  if (form.target) params.set('target', form.target);
  return params.toString();
}

function periodForm(data: SlaPageData): Html {
  const f = data.form;
  const e = data.errors ?? {};
  return html`<form method="get" action="${data.action}" class="sla-form">
    ${select(
      'Period',
      'period',
      [
        { value: 'month', label: 'A month' },
        { value: 'quarter', label: 'A quarter' },
        { value: 'custom', label: 'From and to' },
      ],
      f.period,
      e.period,
    )}
    ${field({ label: 'Month', name: 'month', value: f.month, error: e.month, hint: 'YYYY-MM, UTC' })}
    ${field({ label: 'Quarter', name: 'quarter', value: f.quarter, error: e.quarter, hint: 'YYYY-Qn, UTC (e.g. 2026-Q1)' })}
    ${field({ label: 'From', name: 'from', value: f.from, error: e.from, hint: 'YYYY-MM-DD (UTC midnight) or RFC 3339' })}
    ${field({ label: 'To', name: 'to', value: f.to, error: e.to, hint: 'exclusive; at most 400 days after from' })}
    ${field({ label: 'Target (%)', name: 'target', value: f.target, error: e.target, hint: 'greater than 0, less than 100, at most 3 decimals' })}
    <p class="actions"><button type="submit">Show the report</button></p>
  </form>`;
}

function figuresList(f: SlaFiguresView): Html {
  return html`<dl class="facts">
      <dt>Uptime</dt>
      <dd>${num(f.uptimePercent, ' %')}</dd>
      <dt>Downtime</dt>
      <dd>${num(f.downtimeMinutes, ' min')}</dd>
      <dt>Degraded (not downtime)</dt>
      <dd>${num(f.degradedMinutes, ' min')}</dd>
      <dt>Measured</dt>
      <dd>${num(f.measuredMinutes, ' min')}</dd>
      <dt>Error budget allowed</dt>
      <dd>${num(f.errorBudget.allowedMinutes, ' min')}</dd>
      <dt>Error budget left</dt>
      <dd>${num(f.errorBudget.leftMinutes, ' min')} (${num(f.errorBudget.leftPercent, ' %')})</dd>
      <dt>Incidents</dt>
      <dd>${f.incidentCount}</dd>
      <dt>Mean time to recovery</dt>
      <dd>${num(f.mttrMinutes, ' min')}</dd>
      <dt>Checks</dt>
      <dd>${f.checks.total} (${f.checks.failed} failed, ${f.checks.degraded} degraded)</dd>
    </dl>
    <p class="muted">Figures ${SOURCE_WORDS[f.source]}. Maintenance windows are left out.</p>`;
}

function reportBody(r: SlaReportView, csv: string): Html {
  return html`${card(
    `${r.period.label} · target ${r.target} %`,
    html`${r.figures ? figuresList(r.figures) : html`<p>${r.note}</p>`}
      <p class="actions"><a class="button secondary" href="${csv}" download>Download CSV</a></p>`,
    'sla-figures',
  )}
  ${
    r.scope === 'page'
      ? card(
          'Components',
          table(
            'Components',
            ['Component', 'Uptime', 'Downtime', 'Budget left', 'Incidents', 'MTTR'],
            r.components.map((c) =>
              c.figures
                ? [
                    c.name,
                    num(c.figures.uptimePercent, ' %'),
                    num(c.figures.downtimeMinutes, ' min'),
                    num(c.figures.errorBudget.leftMinutes, ' min'),
                    String(c.figures.incidentCount),
                    num(c.figures.mttrMinutes, ' min'),
                  ]
                : [c.name, html`<span class="muted">${c.note}</span>`, '', '', '', ''],
            ),
            'The page has no components.',
          ),
          'sla-components',
        )
      : ''
  }
  ${card(
    'Incidents',
    table(
      'Incidents',
      ['Started', 'Ended', 'Status', 'Duration'],
      r.incidents.map((i) => [
        dateTime(i.start),
        i.end ? dateTime(i.end) : 'open',
        i.status === 'error' ? 'down' : 'degraded',
        num(i.durationMinutes, ' min'),
      ]),
      'No incident in this period.',
    ),
    'sla-incidents',
  )}
  ${
    r.scope === 'monitor'
      ? ''
      : card(
          'Status reports',
          table(
            'Status reports',
            ['Title', 'Opened', 'Resolved'],
            r.statusReports.map((s) => [s.title, dateTime(s.start), s.end ? dateTime(s.end) : 'unresolved']),
            'No status report in this period.',
          ),
          'sla-status-reports',
        )
  }`;
}

export function slaPage(frame: Frame, data: SlaPageData): Html {
  const r = data.report;
  const title = r ? `SLA report · ${r.name}` : 'SLA report';
  return layout(
    frame,
    `${title} · ${frame.current!.name}`,
    html`<p class="crumbs">${data.crumbs.map((c, i) => html`${i ? ' › ' : ''}<a href="${c.href}">${c.label}</a>`)}</p>
      <h1>${title}</h1>
      ${errorSummary(data.errors ?? {}, LABELS)} ${data.message ? notice('error', data.message) : ''}
      ${card('Period and target', periodForm(data), 'sla-period')}
      ${r ? reportBody(r, `${data.action}.csv?${slaQueryString(data.form)}`) : ''}`,
  );
}
