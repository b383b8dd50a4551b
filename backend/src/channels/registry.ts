// The notification channel kinds, one line each (SPEC §2.5). To add a kind:
// 1. a folder `channels/<kind>/` with `<kind>.channel.ts` exporting `defineChannelKind({...})` (its
//    settings schema, secret/URL/header arguments, required arguments, labels, payload and sender),
//    a payload spec beside it and a loopback receiver test in test/integration/alerts/;
// 2. one line below (appending keeps the order of the existing kinds);
// 3. its block in the `provider` oneof of proto/notification/v1/notification_service.proto (field names
//    are the snake_case argument names, the block name the kind's type), then `npm run proto:generate`;
// 4. a migration for the provider_type check of notification_channels, which lists the kinds
//    (`npm run migration:generate`);
// 5. the provider's and CDKTF's regenerated resource and docs (`npm run provider:generate`,
//    `npm run provider:docs`, `npm run cdktf:generate`).
// Validation, sealing, views, the RPC mapping, the senders, MCP and the dashboard form follow from here.
import type { ChannelKind } from './channel-kind';
import { discordChannel } from './discord/discord.channel';
import { emailChannel } from './email/email.channel';
import { googleChatChannel } from './google-chat/google-chat.channel';
import { gotifyChannel } from './gotify/gotify.channel';
import { grafanaOncallChannel } from './grafana-oncall/grafana-oncall.channel';
import { matrixChannel } from './matrix/matrix.channel';
import { mattermostChannel } from './mattermost/mattermost.channel';
import { msTeamsChannel } from './ms-teams/ms-teams.channel';
import { ntfyChannel } from './ntfy/ntfy.channel';
import { opsgenieChannel } from './opsgenie/opsgenie.channel';
import { pagerdutyChannel } from './pagerduty/pagerduty.channel';
import { pushoverChannel } from './pushover/pushover.channel';
import { slackChannel } from './slack/slack.channel';
import { smsChannel } from './sms/sms.channel';
import { telegramChannel } from './telegram/telegram.channel';
import { webhookChannel } from './webhook/webhook.channel';
import { whatsappChannel } from './whatsapp/whatsapp.channel';

export const CHANNEL_KINDS = [
  discordChannel,
  emailChannel,
  slackChannel,
  pagerdutyChannel,
  opsgenieChannel,
  webhookChannel,
  telegramChannel,
  smsChannel,
  whatsappChannel,
  googleChatChannel,
  grafanaOncallChannel,
  ntfyChannel,
  msTeamsChannel,
  mattermostChannel,
  pushoverChannel,
  gotifyChannel,
  matrixChannel,
] as const;

/** A provider type: `discord`, `google_chat`, `ms_teams`, ... */
export type ChannelType = (typeof CHANNEL_KINDS)[number]['type'];

/** The provider types in registry order (the order of the database check and of messages). */
export const CHANNEL_TYPES: readonly ChannelType[] = CHANNEL_KINDS.map((kind) => kind.type);

const BY_TYPE = new Map<string, ChannelKind<ChannelType, unknown>>(CHANNEL_KINDS.map((kind) => [kind.type, kind]));

export function isChannelType(value: string): value is ChannelType {
  return BY_TYPE.has(value);
}

/** The kind of a provider type. */
export function channelKind(type: ChannelType): ChannelKind<ChannelType, unknown> {
  return BY_TYPE.get(type)!;
}
