// What SlaService.report answers, declared once: the RPC mapper, the MCP tool's output schema, the
// dashboard page and its CSV export read this view.
import { z } from 'zod';
import { count, isoDateTime, viewId } from '../common/view-schema';
import { SLA_SCOPES } from './sla.schemas';

export const slaFiguresView = z.object({
  measuredMinutes: z.number().describe('time with a known status inside the range (up to now), maintenance left out'),
  downtimeMinutes: z.number().describe('time in error (down), maintenance left out'),
  degradedMinutes: z.number().describe('time degraded but not down; not downtime'),
  uptimePercent: z
    .number()
    .nullable()
    .describe('1 - downtime / measured time, in percent; null when nothing was measured'),
  source: z
    .enum(['history', 'aggregates', 'mixed'])
    .describe('history: from the alert status history; aggregates: estimated from daily check counts; mixed: both'),
  errorBudget: z.object({
    allowedMinutes: z.number().describe('(1 - target/100) x measured time'),
    leftMinutes: z.number().describe('allowed - downtime; negative when overspent'),
    leftPercent: z.number().nullable().describe('left as a percent of allowed; null when nothing is allowed'),
  }),
  incidentCount: count.describe('alert incidents overlapping the range'),
  mttrMinutes: z.number().nullable().describe('mean duration of the resolved incidents; null when none'),
  checks: z
    .object({ total: count, failed: count, degraded: count })
    .describe('checks counted in the range, from the daily aggregates (hourly ones for partial days)'),
});
export type SlaFiguresView = z.infer<typeof slaFiguresView>;

export const slaIncidentView = z.object({
  monitorId: viewId,
  incidentKey: z.string(),
  status: z.enum(['error', 'degraded']).describe('the worst status it reached'),
  start: isoDateTime,
  end: isoDateTime.nullable().describe('null while open'),
  durationMinutes: z.number().describe('to its end, or to the end of the report (now at most) while open'),
});
export type SlaIncidentView = z.infer<typeof slaIncidentView>;

export const slaStatusReportView = z.object({
  id: viewId,
  title: z.string(),
  componentId: viewId,
  start: isoDateTime,
  end: isoDateTime.nullable().describe('resolved at; null while unresolved'),
});
export type SlaStatusReportView = z.infer<typeof slaStatusReportView>;

export const slaComponentView = z.object({
  componentId: viewId,
  name: z.string(),
  monitorId: viewId.nullable(),
  figures: slaFiguresView.nullable().describe('null for a component without a monitor'),
  note: z.string().nullable(),
});
export type SlaComponentView = z.infer<typeof slaComponentView>;

export const slaReportView = z.object({
  scope: z.enum(SLA_SCOPES),
  id: viewId,
  name: z.string(),
  period: z.object({
    kind: z.enum(['month', 'quarter', 'custom']),
    label: z.string(),
    from: isoDateTime,
    to: isoDateTime.describe('exclusive'),
  }),
  target: z.number(),
  generatedAt: isoDateTime,
  figures: slaFiguresView.nullable().describe('null for a component without a monitor'),
  note: z.string().nullable().describe('why there are no figures, when there are none'),
  incidents: z.array(slaIncidentView).describe('alert incidents overlapping the range, oldest first'),
  statusReports: z
    .array(slaStatusReportView)
    .describe('component and page scopes: status reports on the component(s) overlapping the range'),
  components: z.array(slaComponentView).describe('page scope: each component of the page, in page order'),
});
export type SlaReportView = z.infer<typeof slaReportView>;
