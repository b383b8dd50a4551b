// Discord: an execute-webhook request (JSON with one embed) to the channel's webhook URL. The URL's
// path holds the webhook token, so it is a credential and never part of a message.
import { headlineOf, linksOf, sortedRegions, titleOf, type AlertMessage } from '../alert-message';
import { defineWebhookUrlKind, type WebhookUrlConfig } from '../webhook-url-kind';
import { clip, colorOf, retryAfterField } from '../format';

export type DiscordConfig = WebhookUrlConfig;

/** Discord's limits: 256 per title, 4096 per description, 25 fields of 1024. */
export function discordPayload(message: AlertMessage): Record<string, unknown> {
  const fields = sortedRegions(message)
    .slice(0, 24)
    .map((r) => ({
      name: clip(r.region, 256),
      value: clip(
        [`${r.status}${r.latencyMs === null ? '' : `, ${r.latencyMs} ms`}`, r.error ?? ''].filter(Boolean).join('\n'),
        1024,
      ),
      inline: true,
    }));
  const links = linksOf(message).map((l) => `[${l.label}](${l.url})`);
  return {
    content: clip(titleOf(message), 2000),
    // Alerts never ping @everyone, roles or users, whatever a monitor's name says.
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: clip(titleOf(message), 256),
        description: clip([headlineOf(message), '', ...links].join('\n'), 4096),
        url: message.monitorUrl,
        color: colorOf(message.kind),
        timestamp: message.at.toISOString(),
        fields,
        footer: { text: clip(`workspace ${message.workspace.slug}`, 2048) },
      },
    ],
  };
}

export const discordChannel = defineWebhookUrlKind({
  type: 'discord',
  label: 'Discord',
  payload: discordPayload,
  retryAfterFromBody: retryAfterField((b) => b.retry_after),
});
