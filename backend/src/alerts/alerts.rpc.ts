// The alert methods of alert.v1.AlertService (ListAlerts, GetAlert, AcknowledgeAlert): proto messages
// to AlertsService's verbs and back. The escalation-policy methods of the same service are
// escalation-policies/'; rpc/rpc.server.ts serves both. No rule lives here.
import { create } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import {
  AlertEventSchema,
  AlertSchema,
  AlertState,
  type Alert,
  type AlertEvent,
  type AlertService,
} from '@uptime/proto/gen/alert/v1/alert_service_pb';
import { serviceContext } from '../rpc-kit/call-context';
import { timestampOut } from '../rpc-kit/fields';
import type { AlertEventView, AlertView } from './alert.view';
import type { AlertsService } from './alerts.service';

const STATES: Record<AlertView['state'], AlertState> = {
  open: AlertState.OPEN,
  acknowledged: AlertState.ACKNOWLEDGED,
  resolved: AlertState.RESOLVED,
};

export function alertOut(v: AlertView): Alert {
  return create(AlertSchema, {
    id: v.id,
    monitorId: v.monitorId,
    monitorName: v.monitorName,
    state: STATES[v.state],
    openedStatus: v.openedStatus,
    status: v.status,
    openedAt: timestampOut(v.openedAt),
    acknowledgedAt: timestampOut(v.acknowledgedAt),
    acknowledgedBy: v.acknowledgedBy ?? undefined,
    resolvedAt: timestampOut(v.resolvedAt),
    suppressedByMonitorId: v.suppressedByMonitorId ?? undefined,
    suppressedByMonitorName: v.suppressedByMonitorName ?? undefined,
    remindersSent: v.remindersSent,
    escalationStep: v.escalationStep,
    incidentKey: v.incidentKey,
  });
}

function eventOut(e: AlertEventView): AlertEvent {
  return create(AlertEventSchema, {
    ...e,
    at: timestampOut(e.at),
    responseStatus: e.responseStatus ?? undefined,
  });
}

export type AlertMethods = Pick<ServiceImpl<typeof AlertService>, 'listAlerts' | 'getAlert' | 'acknowledgeAlert'>;

export function alertRpcMethods(alerts: AlertsService): AlertMethods {
  return {
    async listAlerts(req, ctx) {
      const list = await alerts.list(serviceContext(ctx), {
        monitorId: req.monitorId,
        limit: req.limit,
        beforeId: req.beforeId,
      });
      return { alerts: list.map(alertOut) };
    },
    async getAlert(req, ctx) {
      const found = await alerts.get(serviceContext(ctx), req.id);
      return { alert: alertOut(found.alert), events: found.events.map(eventOut) };
    },
    async acknowledgeAlert(req, ctx) {
      return { alert: alertOut(await alerts.acknowledge(serviceContext(ctx), req.id)) };
    },
  };
}
