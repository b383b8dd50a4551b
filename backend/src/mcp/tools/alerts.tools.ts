// MCP tools of alerts (issue 29): the alert history, and acknowledging an alert, which stops its
// reminders and escalation. acknowledge_alert is a write tool: absent for read-only credentials, and
// audited like the RPC method it shares its verb with.
import { z } from 'zod';
import { ALERT_LIST_LIMIT, listAlertsInput } from '../../alerts/alert.schemas';
import type { AlertsService } from '../../alerts/alerts.service';
import { entityId } from '../mcp-inputs';
import * as shapes from '../mcp-outputs';
import { defineTool, plain, type McpTool } from './define-tool';

// Ids as every tool takes them (mcp-inputs.ts: digits as a string or a number); the rest, and the
// bounds, are the verb's own schema (alert.schemas.ts), which parses again what it is given.
const alertId = z.object({ id: entityId('id') });
const listInput = z.object({
  monitorId: entityId('monitorId').optional(),
  limit: listAlertsInput.shape.limit.describe(`1 to ${ALERT_LIST_LIMIT.max}, default ${ALERT_LIST_LIMIT.default}`),
  beforeId: entityId('beforeId').optional(),
});

export function alertTools(alerts: AlertsService): McpTool[] {
  return [
    defineTool({
      name: 'list_alerts',
      title: 'List alerts',
      description:
        "The workspace's alerts (or one monitor's), newest first: state (open, acknowledged, resolved), the status that opened it, when it opened, was acknowledged and resolved, and the parent monitor suppressing it. Page with beforeId.",
      kind: 'read',
      input: listInput.describe(
        "monitorId: only this monitor; limit: 1 to 100 (50); beforeId: the previous page's last id",
      ),
      output: z.object({ alerts: z.array(shapes.alertOut) }),
      run: async (ctx, args) => ({ alerts: plain(await alerts.list(ctx, args)) }),
    }),
    defineTool({
      name: 'get_alert',
      title: 'Get an alert and its history',
      description:
        "One alert with its history, oldest first: transitions, suppressions by a parent monitor, the acknowledgement, and every delivery with the receiver's answer (HTTP status, start of the body, or the error).",
      kind: 'read',
      input: alertId,
      output: z.object({ alert: shapes.alertOut, events: z.array(shapes.alertEventOut) }),
      run: async (ctx, args) => plain(await alerts.get(ctx, args.id)),
    }),
    defineTool({
      name: 'acknowledge_alert',
      title: 'Acknowledge an alert',
      description:
        'Acknowledges an open alert: its escalation steps and reminders stop. An acknowledged or resolved alert is answered unchanged. The recovery is still sent when the monitor comes back.',
      kind: 'mutation',
      input: alertId,
      output: z.object({ alert: shapes.alertOut }),
      run: async (ctx, args) => ({ alert: plain(await alerts.acknowledge(ctx, args.id)) }),
    }),
  ];
}
