// The CSV export of an SLA report (RFC 4180): one row per monitor or component, and for a page a last
// row for the page as a whole. A spreadsheet must never run a cell as a formula, so text cells that
// start with = + - @ (or a tab or carriage return, which some spreadsheets skip before them) get a
// leading single quote; numbers are written by us and left as numbers.
import type { SlaFiguresView, SlaReportView } from '../sla/sla.view';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: text defused and quoted when needed; numbers as they are; null empty. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const SLA_CSV_COLUMNS = [
  'type',
  'id',
  'name',
  'monitor_id',
  'period_from',
  'period_to',
  'target_percent',
  'uptime_percent',
  'downtime_minutes',
  'degraded_minutes',
  'measured_minutes',
  'error_budget_allowed_minutes',
  'error_budget_left_minutes',
  'error_budget_left_percent',
  'incidents',
  'mttr_minutes',
  'checks_total',
  'checks_failed',
  'source',
  'note',
] as const;

function row(
  report: SlaReportView,
  type: string,
  id: string,
  name: string,
  monitorId: string | null,
  f: SlaFiguresView | null,
  note: string | null,
): string {
  const cells: Array<string | number | null> = [
    type,
    id,
    name,
    monitorId,
    report.period.from,
    report.period.to,
    report.target,
    f?.uptimePercent ?? null,
    f?.downtimeMinutes ?? null,
    f?.degradedMinutes ?? null,
    f?.measuredMinutes ?? null,
    f?.errorBudget.allowedMinutes ?? null,
    f?.errorBudget.leftMinutes ?? null,
    f?.errorBudget.leftPercent ?? null,
    f?.incidentCount ?? null,
    f?.mttrMinutes ?? null,
    f?.checks.total ?? null,
    f?.checks.failed ?? null,
    f?.source ?? null,
    note,
  ];
  return cells.map(csvCell).join(',');
}

export function slaCsv(report: SlaReportView): string {
  const lines = [SLA_CSV_COLUMNS.join(',')];
  if (report.scope === 'page') {
    for (const c of report.components)
      lines.push(row(report, 'component', c.componentId, c.name, c.monitorId, c.figures, c.note));
    lines.push(row(report, 'page', report.id, report.name, null, report.figures, report.note));
  } else {
    lines.push(
      row(
        report,
        report.scope,
        report.id,
        report.name,
        report.scope === 'monitor' ? report.id : null,
        report.figures,
        report.note,
      ),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The download's file name: letters, digits and dashes only. */
export function slaCsvName(report: SlaReportView): string {
  const label = report.period.label.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `sla-${report.scope}-${report.id}-${label}.csv`;
}
