// Slack: an incoming-webhook request with Block Kit `blocks` and the `text` fallback that
// notifications and old clients show. The webhook URL is a credential.
import { headlineOf, linksOf, regionLine, sortedRegions, timeOf, titleOf, type AlertMessage } from '../alert-message';
import { defineWebhookUrlKind, type WebhookUrlConfig } from '../webhook-url-kind';
import { clip } from '../format';

export type SlackConfig = WebhookUrlConfig;

/** Slack's mrkdwn gives meaning to &, < and >. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Slack's limits: 150 per header, 3000 per section text, 25 elements per actions block. */
export function slackPayload(message: AlertMessage): Record<string, unknown> {
  const regions = sortedRegions(message).map((r) => `• ${slackEscape(regionLine(r))}`);
  const blocks: Array<Record<string, unknown>> = [
    { type: 'header', text: { type: 'plain_text', text: clip(titleOf(message), 150), emoji: false } },
    { type: 'section', text: { type: 'mrkdwn', text: clip(slackEscape(headlineOf(message)), 3000) } },
  ];
  if (regions.length) {
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: clip(`*Regions*\n${regions.join('\n')}`, 3000) } });
  }
  blocks.push(
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: slackEscape(`${timeOf(message.at)} · workspace ${message.workspace.slug}`),
        },
      ],
    },
    {
      type: 'actions',
      elements: linksOf(message)
        .slice(0, 25)
        .map((l, i) => ({
          type: 'button',
          action_id: `link_${i}`,
          text: { type: 'plain_text', text: l.label },
          url: l.url,
        })),
    },
  );
  return { text: clip(`${titleOf(message)}: ${headlineOf(message)}`, 3000), blocks };
}

export const slackChannel = defineWebhookUrlKind({
  type: 'slack',
  label: 'Slack',
  payload: slackPayload,
});
