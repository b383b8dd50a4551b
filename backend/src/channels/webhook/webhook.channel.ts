// Webhook: our own JSON body (below), the channel's custom headers, and when the channel has a
// signing secret `X-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`, so a receiver can verify
// that the request came from this service and was not altered (compare in constant time).
// Delivery is at least once: a send cut short by a crash is sent again, with the same event id in
// `X-Alert-Event-Id` and the body's `event_id`, by which the receiver drops the repeat.
//
// Body (version 1; `event_id` was added later, compatibly):
//   {
//     "version": 1,
//     "event": "monitor.down" | "monitor.degraded" | "monitor.recovered" | "monitor.test"
//              | "certificate.expiring",
//     "event_id": "<uuid>",           // the same on every attempt of this alert to this channel
//     "incident_key": "...",          // the same for a down and its recovery
//     "at": "2026-01-02T03:04:05.000Z",
//     "title": "[DOWN] Checkout API is down",
//     "text": "...",                  // the plain-text summary every channel shows
//     "monitor": { "id", "name", "kind", "target", "url" },
//     "workspace": { "id", "slug" },
//     "regions": [{ "region", "status": "active" | "degraded" | "error", "error", "latency_ms" }],
//     "status_page_urls": ["..."],
//     "acknowledge_url": "...",       // down and degraded only: a signed link that acknowledges the alert
//     "follow_up": { "reason": "reminder" | "escalation", "round": 2 },  // only when sent again
//     "certificate": {                 // only with certificate.expiring
//       "subject", "sans": ["DNS:..."], "issuer", "serial", "not_before", "not_after",
//       "days_left", "threshold_days", "verified", "verification_error", "region"
//     }
//   }
// certificate.expiring: a certificate of the monitor reached one of its expiry thresholds (days); it
// is sent once per certificate (issuer and serial) and threshold, carries no regions, changes no
// status, and is not held by maintenance windows.
import { z } from 'zod';
import { createHmac } from 'node:crypto';
import { certificateBody, eventOf, sortedRegions, summaryOf, titleOf, type AlertMessage } from '../alert-message';
import { deliver } from '../outbound-http';
import { credential, headerList, type KeyValue, url } from '../arguments';
import { defineChannelKind } from '../channel-kind';

export type WebhookConfig = {
  endpoint: string;
  headers?: KeyValue[];
  /** Per-channel HMAC-SHA256 key of X-Signature-256; no signature header when absent. */
  signingSecret?: string;
};

export const WEBHOOK_SIGNATURE_HEADER = 'x-signature-256';
export const WEBHOOK_EVENT_HEADER = 'x-alert-event';
export const WEBHOOK_EVENT_ID_HEADER = 'x-alert-event-id';

/** Headers the service sets itself; a channel's custom header of the same name is ignored. */
const RESERVED_HEADERS = new Set([
  'content-type',
  'content-length',
  'host',
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_EVENT_ID_HEADER,
]);

export function webhookBody(message: AlertMessage): Record<string, unknown> {
  return {
    version: 1,
    event: eventOf(message.kind),
    event_id: message.eventId,
    incident_key: message.incidentKey,
    at: message.at.toISOString(),
    title: titleOf(message),
    text: summaryOf(message),
    monitor: {
      id: message.monitor.id,
      name: message.monitor.name,
      kind: message.monitor.kind,
      target: message.monitor.target,
      url: message.monitorUrl,
    },
    workspace: { id: message.workspace.id, slug: message.workspace.slug },
    regions: sortedRegions(message).map((r) => ({
      region: r.region,
      status: r.status,
      error: r.error,
      latency_ms: r.latencyMs,
    })),
    status_page_urls: message.pageUrls,
    ...(message.acknowledgeUrl ? { acknowledge_url: message.acknowledgeUrl } : {}),
    ...(message.followUp ? { follow_up: { reason: message.followUp.reason, round: message.followUp.round } } : {}),
    ...(message.certificate ? { certificate: certificateBody(message.certificate) } : {}),
  };
}

/** `sha256=<hex>`: HMAC-SHA256 of the raw body bytes with the channel's secret. */
export function webhookSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

export function webhookHeaders(config: WebhookConfig, message: AlertMessage, rawBody: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, value } of config.headers ?? []) {
    if (!RESERVED_HEADERS.has(key.toLowerCase())) headers[key] = value;
  }
  headers['content-type'] = 'application/json';
  headers[WEBHOOK_EVENT_HEADER] = eventOf(message.kind);
  headers[WEBHOOK_EVENT_ID_HEADER] = message.eventId;
  if (config.signingSecret) headers[WEBHOOK_SIGNATURE_HEADER] = webhookSignature(config.signingSecret, rawBody);
  return headers;
}

/** Credentials of the channel: header values, the signing secret, and the URL's query and user info. */
function webhookSecrets(config: WebhookConfig): string[] {
  const secrets = (config.headers ?? []).map((h) => h.value);
  if (config.signingSecret) secrets.push(config.signingSecret);
  try {
    const url = new URL(config.endpoint);
    if (url.search.length > 1) secrets.push(url.search.slice(1));
    if (url.password) secrets.push(decodeURIComponent(url.password));
  } catch {
    // An endpoint that does not parse is reported by the client without its text.
  }
  return secrets;
}

export const webhookChannel = defineChannelKind({
  type: 'webhook',
  label: 'Webhook',
  settings: z.object({ endpoint: url(true), headers: headerList, signingSecret: credential(false) }),
  secretArguments: ['signingSecret'],
  urlArguments: ['endpoint'],
  headerArguments: ['headers'],
  required: ['endpoint'],
  argumentLabels: {
    endpoint: { label: 'Endpoint URL', hint: 'Alerts are POSTed here as JSON.' },
    headers: { label: 'Headers', hint: 'One per line, as "Name: value". Values are stored sealed.' },
    signingSecret: { label: 'Signing secret', hint: 'Optional: each request is signed with it (HMAC-SHA256).' },
  },
  send(config: WebhookConfig, message, ctx) {
    const body = JSON.stringify(webhookBody(message));
    return deliver(
      ctx.http,
      { url: config.endpoint, body, headers: webhookHeaders(config, message, body), userUrl: true, signal: ctx.signal },
      { secrets: webhookSecrets(config) },
    );
  },
});
