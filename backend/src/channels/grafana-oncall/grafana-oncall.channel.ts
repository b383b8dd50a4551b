// Grafana OnCall: the "formatted webhook" integration. `alert_uid` is the incident key, so the
// recovery (`state: ok`) resolves the alert group its outage opened. The webhook URL is a credential.
// A repeated send (delivery is at least once) joins the same alert group, which is not paged again.
import { summaryOf, titleOf, type AlertMessage } from '../alert-message';
import { defineWebhookUrlKind, type WebhookUrlConfig } from '../webhook-url-kind';

export type GrafanaOncallConfig = WebhookUrlConfig;

export function grafanaOncallPayload(message: AlertMessage): Record<string, unknown> {
  return {
    alert_uid: message.incidentKey,
    title: titleOf(message),
    state: message.kind === 'recovered' ? 'ok' : 'alerting',
    message: summaryOf(message),
    link_to_upstream_details: message.monitorUrl,
  };
}

export const grafanaOncallChannel = defineWebhookUrlKind({
  type: 'grafana_oncall',
  label: 'Grafana OnCall',
  payload: grafanaOncallPayload,
});
