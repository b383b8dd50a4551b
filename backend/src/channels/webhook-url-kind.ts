// The chat services whose one setting is a secret incoming-webhook URL (Discord, Slack, Google Chat,
// Grafana OnCall, Microsoft Teams): such a kind is its payload, posted as JSON to that URL. The URL's
// path holds the webhook's token, so the whole URL is sealed and never part of a message or an error.
import { z } from 'zod';
import type { AlertMessage } from './alert-message';
import { url, WEBHOOK_URL_LABEL } from './arguments';
import { defineChannelKind, type ChannelKind } from './channel-kind';
import { postJson, urlSecrets, type ResultOptions } from './outbound-http';

export type WebhookUrlConfig = { webhookUrl: string };

export interface WebhookUrlKind<T extends string> {
  type: T;
  label: string;
  payload(message: AlertMessage): Record<string, unknown>;
  /** Headers besides `content-type: application/json`, or in its place. */
  headers?: Record<string, string>;
  /** Where the service says how long to wait when it answers 429 in its body. */
  retryAfterFromBody?: ResultOptions['retryAfterFromBody'];
}

export function defineWebhookUrlKind<T extends string>(kind: WebhookUrlKind<T>): ChannelKind<T, WebhookUrlConfig> {
  return defineChannelKind({
    type: kind.type,
    label: kind.label,
    settings: z.object({ webhookUrl: url(true) }),
    secretArguments: ['webhookUrl'],
    required: ['webhookUrl'],
    argumentLabels: WEBHOOK_URL_LABEL,
    send(config: WebhookUrlConfig, message, ctx) {
      return postJson(
        ctx.http,
        config.webhookUrl,
        kind.payload(message),
        { signal: ctx.signal, userUrl: true, ...(kind.headers ? { headers: kind.headers } : {}) },
        {
          secrets: urlSecrets(config.webhookUrl),
          ...(kind.retryAfterFromBody ? { retryAfterFromBody: kind.retryAfterFromBody } : {}),
        },
      );
    },
  });
}
