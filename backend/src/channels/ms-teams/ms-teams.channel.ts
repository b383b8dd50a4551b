// Microsoft Teams: a Workflows (Power Automate) webhook that posts a message with one Adaptive Card
// attachment. The webhook URL carries its signature in the query string and is a credential.
import {
  headlineOf,
  linksOf,
  sortedRegions,
  timeOf,
  titleOf,
  type MessageKind,
  type AlertMessage,
} from '../alert-message';
import { defineWebhookUrlKind, type WebhookUrlConfig } from '../webhook-url-kind';

export type MsTeamsConfig = WebhookUrlConfig;

/** Adaptive Card text colours. */
export function teamsColor(kind: MessageKind): 'Attention' | 'Warning' | 'Good' | 'Accent' {
  switch (kind) {
    case 'down':
      return 'Attention';
    case 'degraded':
      return 'Warning';
    case 'recovered':
      return 'Good';
    case 'test':
      return 'Accent';
    case 'certificate':
      return 'Warning';
  }
}

export function adaptiveCard(message: AlertMessage): Record<string, unknown> {
  const body: Array<Record<string, unknown>> = [
    {
      type: 'TextBlock',
      text: titleOf(message),
      weight: 'Bolder',
      size: 'Medium',
      color: teamsColor(message.kind),
      wrap: true,
    },
    { type: 'TextBlock', text: headlineOf(message), wrap: true },
  ];
  const regions = sortedRegions(message);
  if (regions.length) {
    body.push({
      type: 'FactSet',
      facts: regions.map((r) => ({
        title: r.region,
        value: [`${r.status}${r.latencyMs === null ? '' : `, ${r.latencyMs} ms`}`, r.error].filter(Boolean).join(': '),
      })),
    });
  }
  body.push({
    type: 'TextBlock',
    text: `${timeOf(message.at)} · workspace ${message.workspace.slug}`,
    isSubtle: true,
    size: 'Small',
    wrap: true,
  });
  return {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body,
    actions: linksOf(message).map((l) => ({ type: 'Action.OpenUrl', title: l.label, url: l.url })),
  };
}

export function teamsPayload(message: AlertMessage): Record<string, unknown> {
  return {
    type: 'message',
    attachments: [
      { contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: adaptiveCard(message) },
    ],
  };
}

export const msTeamsChannel = defineWebhookUrlKind({
  type: 'ms_teams',
  label: 'Microsoft Teams',
  payload: teamsPayload,
});
