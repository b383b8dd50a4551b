// Mattermost: an incoming-webhook request (`POST` of JSON `{text, channel?, username?, icon_url?}`)
// to the channel's webhook URL, the alert as Markdown. The URL's path holds the webhook's key, so it
// is a credential and never part of a message. The optional overrides are sent only when set; the
// Mattermost server applies them only where its settings let integrations override.
import { z } from 'zod';
import type { AlertMessage } from '../alert-message';
import { text, url } from '../arguments';
import { defineChannelKind } from '../channel-kind';
import { clip } from '../format';
import { markdownEscape, markdownOf } from '../markdown';
import { postJson, urlSecrets } from '../outbound-http';

export type MattermostConfig = { webhookUrl: string; channel?: string; username?: string; iconUrl?: string };

/** A channel's name as in its URL (`town-square`), or `@user` for a direct message. */
const CHANNEL = /^@?[A-Za-z0-9._-]+$/;

/** Mattermost's default post size of older servers; newer ones take 16383. */
export const MATTERMOST_TEXT_LIMIT = 4000;

/**
 * Markdown escaping, and a zero-width space after each `@`: a monitor named `@channel` or `@all`
 * must not notify everyone in the channel (incoming webhooks have no switch for mentions).
 */
export function mattermostEscape(value: string): string {
  return markdownEscape(value).replace(/@/g, '@\u200b');
}

export function mattermostPayload(config: MattermostConfig, message: AlertMessage): Record<string, unknown> {
  return {
    text: clip(markdownOf(message, mattermostEscape), MATTERMOST_TEXT_LIMIT),
    ...(config.channel ? { channel: config.channel } : {}),
    ...(config.username ? { username: config.username } : {}),
    ...(config.iconUrl ? { icon_url: config.iconUrl } : {}),
  };
}

export const mattermostChannel = defineChannelKind({
  type: 'mattermost',
  label: 'Mattermost',
  settings: z.object({
    webhookUrl: url(true),
    channel: text({
      max: 64,
      required: false,
      check: (v) => CHANNEL.test(v),
      message: 'must be a channel name such as town-square, or @username',
    }),
    username: text({ max: 64, required: false }),
    iconUrl: url(false),
  }),
  secretArguments: ['webhookUrl'],
  required: ['webhookUrl'],
  argumentLabels: {
    webhookUrl: { label: 'Webhook URL', hint: 'The incoming webhook, e.g. https://chat.example/hooks/xxx.' },
    channel: { label: 'Channel', hint: "Optional: a channel name such as town-square; empty: the webhook's own." },
    username: { label: 'Post as', hint: 'Optional: the name shown with the message.' },
    iconUrl: { label: 'Icon URL', hint: 'Optional: the picture shown with the message.' },
  },
  send(config: MattermostConfig, message, ctx) {
    return postJson(
      ctx.http,
      config.webhookUrl,
      mattermostPayload(config, message),
      { signal: ctx.signal, userUrl: true },
      { secrets: urlSecrets(config.webhookUrl) },
    );
  },
});
