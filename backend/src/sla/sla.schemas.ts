// The input of an SLA report, declared once: the RPC handler, the MCP tool (get_sla_report, whose
// input schema is this shape) and the dashboard's form all reach SlaService.report with it. Bounds
// that depend on the time of the call (not before 400 days ago, not in the future) are checked by
// `periodOf`, with the same field-naming messages.
import { z } from 'zod';
import { ValidationError } from '../common/errors';

export const SLA_SCOPES = ['monitor', 'component', 'page'] as const;
export type SlaScope = (typeof SLA_SCOPES)[number];

/** How far back a report reaches: 13 months and more (daily aggregates and alert history are kept 400 days). */
export const SLA_MAX_DAYS = 400;
export const SLA_DEFAULT_TARGET = 99.9;

const DAY_MS = 86_400_000;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;

const threeDecimals = (t: number) => Math.abs(t * 1000 - Math.round(t * 1000)) < 1e-6;

/** The fields, without the rule across them (one period): the MCP tool's input is made of these. */
export const slaQueryFields = z.object({
  scope: z
    .enum(SLA_SCOPES, { error: 'must be one of monitor, component, page' })
    .describe('monitor, component or page'),
  id: z
    .string({ error: 'is required (the id of the monitor, page component or status page)' })
    .min(1, { error: 'is required (the id of the monitor, page component or status page)' })
    .describe('id of the monitor, page component or status page'),
  month: z
    .string()
    .regex(MONTH, { error: 'must be a month as YYYY-MM (e.g. 2026-03)' })
    .optional()
    .describe('a calendar month in UTC, YYYY-MM'),
  quarter: z
    .string()
    .regex(QUARTER, { error: 'must be a quarter as YYYY-Qn, n 1 to 4 (e.g. 2026-Q1)' })
    .optional()
    .describe('a calendar quarter in UTC, YYYY-Qn'),
  from: z.iso
    .datetime({ offset: true, error: 'must be an RFC 3339 date-time (e.g. 2026-03-01T00:00:00Z)' })
    .optional()
    .describe('start of a custom range, RFC 3339 (with to)'),
  to: z.iso
    .datetime({ offset: true, error: 'must be an RFC 3339 date-time (e.g. 2026-04-01T00:00:00Z)' })
    .optional()
    .describe('end of a custom range, RFC 3339, exclusive (with from)'),
  target: z
    .number({ error: 'must be a number' })
    .gt(0, { error: 'must be greater than 0' })
    .lt(100, { error: 'must be less than 100' })
    .refine(threeDecimals, { error: 'must have at most 3 decimals' })
    .optional()
    .describe(
      `uptime target in percent, greater than 0 and less than 100, at most 3 decimals; default ${SLA_DEFAULT_TARGET}`,
    ),
});

export const slaQuerySchema = slaQueryFields.superRefine((q, ctx) => {
  const kinds = [q.month !== undefined, q.quarter !== undefined, q.from !== undefined || q.to !== undefined];
  const given = kinds.filter(Boolean).length;
  if (given !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['period'],
      message:
        given === 0
          ? 'is required: a month (YYYY-MM), a quarter (YYYY-Qn), or from and to'
          : 'give only one of month, quarter, or from and to',
    });
    return;
  }
  if (kinds[2] && (q.from === undefined || q.to === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [q.from === undefined ? 'from' : 'to'],
      message: 'is required with a custom range (from and to)',
    });
  }
});

export type SlaQuery = z.input<typeof slaQuerySchema>;
export type SlaQueryData = z.output<typeof slaQuerySchema>;

/** A resolved period: [from, to), with the label the report shows. */
export interface SlaPeriod {
  kind: 'month' | 'quarter' | 'custom';
  label: string;
  from: Date;
  to: Date;
}

/** The period the query names, checked against `now` (not in the future, not before 400 days ago, at most 400 days). */
export function periodOf(q: SlaQueryData, now: Date): SlaPeriod {
  let period: SlaPeriod;
  let field: string;
  if (q.month !== undefined) {
    const [, y, m] = MONTH.exec(q.month)!;
    period = {
      kind: 'month',
      label: q.month,
      from: new Date(Date.UTC(+y, +m - 1, 1)),
      to: new Date(Date.UTC(+y, +m, 1)),
    };
    field = 'month';
  } else if (q.quarter !== undefined) {
    const [, y, n] = QUARTER.exec(q.quarter)!;
    const first = (+n - 1) * 3;
    period = {
      kind: 'quarter',
      label: q.quarter,
      from: new Date(Date.UTC(+y, first, 1)),
      to: new Date(Date.UTC(+y, first + 3, 1)),
    };
    field = 'quarter';
  } else {
    const from = new Date(q.from!);
    const to = new Date(q.to!);
    if (to.getTime() <= from.getTime()) throw ValidationError.field('to', 'must be after from');
    if (to.getTime() - from.getTime() > SLA_MAX_DAYS * DAY_MS)
      throw ValidationError.field('to', `the range must be at most ${SLA_MAX_DAYS} days`);
    period = { kind: 'custom', label: `${from.toISOString()}/${to.toISOString()}`, from, to };
    field = 'from';
  }
  const earliest = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - SLA_MAX_DAYS * DAY_MS);
  if (period.from < earliest)
    throw ValidationError.field(field, `must not start before ${earliest.toISOString()} (${SLA_MAX_DAYS} days ago)`);
  if (period.from > now) throw ValidationError.field(field, 'must not start in the future');
  return period;
}
