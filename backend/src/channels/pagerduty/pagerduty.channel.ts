// PagerDuty: Events API v2 (`POST {base}/v2/enqueue`, base ALERT_PAGERDUTY_URL, default
// https://events.pagerduty.com, in config/alert-providers.config.ts). Down and degraded trigger
// (degraded as a warning, then down raises the same alert to critical), recovery resolves; all with
// the incident key as `dedup_key`, so a recovery closes exactly the alert its outage opened. The
// integration key is the `routing_key` and a credential.
// The alert's event id is deliberately not the dedup_key: that key groups the trigger and resolve of
// one incident. A repeated send (delivery is at least once) is absorbed by it anyway: a trigger whose
// dedup_key names an open alert adds no alert and pages nobody again, a second resolve changes
// nothing, and a channel's sends go out in order, so a repeated trigger never follows its resolve.
// A certificate expiry alert triggers a warning with its own key (monitor, certificate, threshold):
// nothing resolves it, the renewal is up to people, who resolve it in PagerDuty.
import { z } from 'zod';
import {
  certificateBody,
  certificateInShort,
  linksOf,
  sortedRegions,
  titleOf,
  type MessageKind,
  type AlertMessage,
} from '../alert-message';
import { postJson } from '../outbound-http';
import { credential } from '../arguments';
import { defineChannelKind } from '../channel-kind';
import { clip } from '../format';

export type PagerdutyConfig = { integrationKey: string };

export type PagerdutySeverity = 'critical' | 'error' | 'warning' | 'info';

export function pagerdutySeverity(kind: Exclude<MessageKind, 'recovered'>): PagerdutySeverity {
  switch (kind) {
    case 'down':
      return 'critical';
    case 'degraded':
      return 'warning';
    case 'test':
      return 'info';
    case 'certificate':
      return 'warning';
  }
}

export function pagerdutyPayload(routingKey: string, message: AlertMessage): Record<string, unknown> {
  if (message.kind === 'recovered') {
    return { routing_key: routingKey, event_action: 'resolve', dedup_key: message.incidentKey };
  }
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: message.incidentKey,
    payload: {
      summary: clip(
        message.certificate ? `${titleOf(message)}: ${certificateInShort(message.certificate)}` : titleOf(message),
        1024,
      ),
      source: clip(message.monitor.target || message.monitor.name, 255),
      severity: pagerdutySeverity(message.kind),
      timestamp: message.at.toISOString(),
      component: clip(message.monitor.name, 255),
      group: message.workspace.slug,
      class: message.monitor.kind,
      custom_details: {
        monitor_id: message.monitor.id,
        target: message.monitor.target,
        regions: sortedRegions(message).map((r) => ({
          region: r.region,
          status: r.status,
          error: r.error,
          latency_ms: r.latencyMs,
        })),
        ...(message.certificate ? { certificate: certificateBody(message.certificate) } : {}),
      },
    },
    links: linksOf(message).map((l) => ({ href: l.url, text: l.label })),
    client: 'Uptime monitoring',
    client_url: message.monitorUrl,
  };
}

export const pagerdutyChannel = defineChannelKind({
  type: 'pagerduty',
  label: 'PagerDuty',
  settings: z.object({ integrationKey: credential(true) }),
  secretArguments: ['integrationKey'],
  required: ['integrationKey'],
  argumentLabels: {
    integrationKey: { label: 'Integration key', hint: 'The Events API v2 key of the PagerDuty service.' },
  },
  send(config: PagerdutyConfig, message, ctx) {
    return postJson(
      ctx.http,
      `${ctx.config.pagerdutyUrl}/v2/enqueue`,
      pagerdutyPayload(config.integrationKey, message),
      { signal: ctx.signal, userUrl: false },
      { secrets: [config.integrationKey] },
    );
  },
});
