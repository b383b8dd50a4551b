// Opsgenie: Alert API v2 in the channel's region (ALERT_OPSGENIE_US_URL, ALERT_OPSGENIE_EU_URL;
// defaults https://api.opsgenie.com and https://api.eu.opsgenie.com, in
// config/alert-providers.config.ts). Down, degraded and test create an alert whose alias is the
// incident key (Opsgenie de-duplicates an open alert by alias, so degraded then down is one alert);
// recovery closes it by alias. The API key is a credential.
// The alias stays the incident key, not the alert's event id: a repeated send (delivery is at least
// once) is de-duplicated by it (an open alert's count goes up, nobody is notified again) and a second
// close changes nothing. Opsgenie has no idempotency key of its own for a request.
import { z } from 'zod';
import { summaryOf, titleOf, type MessageKind, type AlertMessage } from '../alert-message';
import { postJson } from '../outbound-http';
import { credential, text } from '../arguments';
import { defineChannelKind, finalFailure } from '../channel-kind';
import { clip } from '../format';

export type OpsgenieConfig = { apiKey: string; region: string };

export function opsgeniePriority(kind: Exclude<MessageKind, 'recovered'>): 'P1' | 'P3' | 'P5' {
  switch (kind) {
    case 'down':
      return 'P1';
    case 'degraded':
      return 'P3';
    case 'test':
      return 'P5';
    case 'certificate':
      return 'P3';
  }
}

export const OPSGENIE_SOURCE = 'uptime-monitoring';

/** The path and body of the request: create the alert, or close it by alias. */
export function opsgenieRequest(message: AlertMessage): { path: string; body: Record<string, unknown> } {
  if (message.kind === 'recovered') {
    return {
      path: `/v2/alerts/${encodeURIComponent(clip(message.incidentKey, 512))}/close?identifierType=alias`,
      body: { source: OPSGENIE_SOURCE, note: clip(summaryOf(message), 25000) },
    };
  }
  return {
    path: '/v2/alerts',
    body: {
      message: clip(titleOf(message), 130),
      alias: clip(message.incidentKey, 512),
      description: clip(summaryOf(message), 15000),
      priority: opsgeniePriority(message.kind),
      source: OPSGENIE_SOURCE,
      entity: clip(message.monitor.name, 512),
      tags: [message.kind, message.monitor.kind],
      details: {
        monitor_id: message.monitor.id,
        monitor: message.monitor.name,
        target: message.monitor.target,
        workspace: message.workspace.slug,
        monitor_url: message.monitorUrl,
        ...(message.pageUrls.length ? { status_pages: message.pageUrls.join(' ') } : {}),
      },
    },
  };
}

export const opsgenieChannel = defineChannelKind({
  type: 'opsgenie',
  label: 'Opsgenie',
  settings: z.object({
    apiKey: credential(true),
    region: text({ max: 64, required: true, check: (v) => v === 'us' || v === 'eu', message: 'must be us or eu' }),
  }),
  secretArguments: ['apiKey'],
  required: ['apiKey', 'region'],
  argumentLabels: {
    apiKey: { label: 'API key' },
    region: {
      label: 'Region',
      choices: [
        { value: 'us', label: 'US' },
        { value: 'eu', label: 'EU' },
      ],
    },
  },
  async send(config: OpsgenieConfig, message, ctx) {
    const region = config.region;
    if (region !== 'us' && region !== 'eu') return finalFailure('the channel region must be us or eu');
    const { path, body } = opsgenieRequest(message);
    return postJson(
      ctx.http,
      `${ctx.config.opsgenieUrls[region]}${path}`,
      body,
      { signal: ctx.signal, userUrl: false, headers: { authorization: `GenieKey ${config.apiKey}` } },
      { secrets: [config.apiKey] },
    );
  },
});
