// What the alert verbs answer (alerts.service.ts): an alert, and the entries of its history. Declared
// once; RPC maps it (alerts.rpc.ts), MCP shows it (list_alerts, get_alert, acknowledge_alert), the
// dashboard renders it.
import { z } from 'zod';
import { count, isoDateTime, viewId } from '../common/view-schema';
import type { AlertRow } from './alert-lifecycle.repository';
import { ALERT_STATES, DELIVERY_REASONS, DELIVERY_STATUSES } from './alert.entities';

const status = z.enum(['unknown', 'active', 'degraded', 'error']);

export const alertView = z.object({
  id: viewId,
  monitorId: viewId,
  monitorName: z.string(),
  state: z.enum(ALERT_STATES).describe('open, acknowledged (reminders and escalation stopped) or resolved'),
  openedStatus: status.describe('error (down) or degraded: what opened it'),
  status: status.describe('the latest status while open; active once resolved'),
  openedAt: isoDateTime,
  acknowledgedAt: isoDateTime.nullable(),
  acknowledgedBy: z
    .string()
    .nullable()
    .describe('the actor as the audit log names it: user_<id>, an API key id, oat_<grant> (MCP), alert-link'),
  resolvedAt: isoDateTime.nullable(),
  suppressedByMonitorId: viewId.nullable().describe('the parent monitor that is down: nothing is sent meanwhile'),
  suppressedByMonitorName: z.string().nullable(),
  remindersSent: count,
  escalationStep: count.describe('escalation steps reached'),
  incidentKey: z.string(),
});
export type AlertView = z.infer<typeof alertView>;

export const alertEventView = z.object({
  at: isoDateTime,
  type: z.enum(['transition', 'suppressed', 'acknowledged', 'delivery']),
  fromStatus: z.string(),
  toStatus: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  reason: z.union([z.enum(DELIVERY_REASONS), z.literal('')]),
  kind: z.string(),
  deliveryStatus: z.union([z.enum(DELIVERY_STATUSES), z.literal('')]),
  attempts: count,
  responseStatus: count.nullable(),
  response: z.string(),
  error: z.string(),
  detail: z.string(),
});
export type AlertEventView = z.infer<typeof alertEventView>;

export const alertWithHistoryView = z.object({ alert: alertView, events: z.array(alertEventView) });
export type AlertWithHistoryView = z.infer<typeof alertWithHistoryView>;

export function toAlertView(row: AlertRow, names: Map<string, string>): AlertView {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    monitorId: row.monitorId,
    monitorName: names.get(row.monitorId) ?? '',
    state: row.state,
    openedStatus: row.openedStatus,
    status: row.status,
    openedAt: row.openedAt.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
    resolvedAt: iso(row.resolvedAt),
    suppressedByMonitorId: row.suppressedBy,
    suppressedByMonitorName: row.suppressedBy ? (names.get(row.suppressedBy) ?? '') : null,
    remindersSent: row.remindersSent,
    escalationStep: row.escalationStep,
    incidentKey: row.incidentKey,
  };
}

/** An event with the fields its type does not use left empty. */
export const blankEvent = (at: Date, type: AlertEventView['type']): AlertEventView => ({
  at: at.toISOString(),
  type,
  fromStatus: '',
  toStatus: '',
  channelId: '',
  channelName: '',
  reason: '',
  kind: '',
  deliveryStatus: '',
  attempts: 0,
  responseStatus: null,
  response: '',
  error: '',
  detail: '',
});
