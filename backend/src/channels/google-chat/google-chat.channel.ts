// Google Chat: an incoming-webhook message with a `text` fallback and a cardsV2 card (header, the
// regions as decorated texts, buttons to the monitor and pages). The webhook URL carries its key and
// token in the query string and is a credential.
import { headlineOf, linksOf, sortedRegions, summaryOf, titleOf, type AlertMessage } from '../alert-message';
import { defineWebhookUrlKind, type WebhookUrlConfig } from '../webhook-url-kind';
import { clip } from '../format';

export type GoogleChatConfig = WebhookUrlConfig;

export function googleChatPayload(message: AlertMessage): Record<string, unknown> {
  const sections: Array<Record<string, unknown>> = [
    { widgets: [{ textParagraph: { text: clip(headlineOf(message), 4000) } }] },
  ];
  const regions = sortedRegions(message);
  if (regions.length) {
    sections.push({
      header: 'Regions',
      collapsible: regions.length > 5,
      uncollapsibleWidgetsCount: 5,
      widgets: regions.map((r) => ({
        decoratedText: {
          topLabel: r.region,
          text: `${r.status}${r.latencyMs === null ? '' : `, ${r.latencyMs} ms`}`,
          ...(r.error ? { bottomLabel: clip(r.error, 500) } : {}),
          wrapText: true,
        },
      })),
    });
  }
  sections.push({
    widgets: [
      {
        buttonList: {
          buttons: linksOf(message).map((l) => ({ text: l.label, onClick: { openLink: { url: l.url } } })),
        },
      },
    ],
  });
  return {
    text: clip(`${titleOf(message)}\n${summaryOf(message)}`, 4000),
    cardsV2: [
      {
        cardId: `alert-${message.incidentKey}`.slice(0, 64),
        card: { header: { title: clip(titleOf(message), 200), subtitle: message.workspace.slug }, sections },
      },
    ],
  };
}

export const googleChatChannel = defineWebhookUrlKind({
  type: 'google_chat',
  label: 'Google Chat',
  payload: googleChatPayload,
  headers: { 'content-type': 'application/json; charset=UTF-8' },
});
