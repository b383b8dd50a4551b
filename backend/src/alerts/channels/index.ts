// The registry of channel senders: one per provider kind (SPEC §2.5). A caller sends with
// `SENDERS[kind].send(decryptedArguments, message, ctx)`; a send never rejects, it returns a
// DeliveryResult (an unexpected exception becomes a final failure that names no credential).
import type { NotificationProvider } from '../../notifications/notification-channel.entity';
import { argumentName, type ProviderArgs } from '../../notifications/notification.schemas';
import type { AlertMessage } from '../alert-message';
import { finalFailure, type ChannelSender, type DeliveryResult, type SendContext } from './channel-sender';
import { discordSender } from './discord.sender';
import { emailSender } from './email.sender';
import { googleChatSender } from './google-chat.sender';
import { grafanaOncallSender } from './grafana-oncall.sender';
import { msTeamsSender } from './ms-teams.sender';
import { ntfySender } from './ntfy.sender';
import { opsgenieSender } from './opsgenie.sender';
import { pagerdutySender } from './pagerduty.sender';
import { slackSender } from './slack.sender';
import { smsSender } from './sms.sender';
import { telegramSender } from './telegram.sender';
import { webhookSender } from './webhook.sender';
import { whatsappSender } from './whatsapp.sender';

export type { AlertMailer, ChannelSender, DeliveryResult, SendContext } from './channel-sender';

/**
 * Arguments a send cannot do without. Channels are validated when written; this guards against a
 * stored channel that lacks one (an ntfy topic `undefined`, an e-mail without recipient).
 */
const REQUIRED: Record<NotificationProvider, readonly string[]> = {
  discord: ['webhookUrl'],
  email: ['email'],
  slack: ['webhookUrl'],
  pagerduty: ['integrationKey'],
  opsgenie: ['apiKey', 'region'],
  webhook: ['endpoint'],
  telegram: ['chatId'],
  sms: ['phoneNumber'],
  whatsapp: ['phoneNumber'],
  google_chat: ['webhookUrl'],
  grafana_oncall: ['webhookUrl'],
  ntfy: ['topic'],
  ms_teams: ['webhookUrl'],
};

function guarded<C>(sender: ChannelSender<C>): ChannelSender<C> {
  return {
    kind: sender.kind,
    async send(config: C, message: AlertMessage, ctx: SendContext): Promise<DeliveryResult> {
      const args = (config ?? {}) as Record<string, unknown>;
      const missing = REQUIRED[sender.kind].find((arg) => typeof args[arg] !== 'string' || args[arg] === '');
      if (missing) return finalFailure(`the channel has no ${argumentName(missing)}`);
      try {
        return await sender.send(config, message, ctx);
      } catch {
        // The exception's text could quote the channel's configuration: it is not passed on.
        return finalFailure(`the ${sender.kind} sender failed unexpectedly`);
      }
    },
  };
}

/** The sender of each kind; `config` is the channel's arguments with credentials decrypted. */
export const SENDERS: Record<NotificationProvider, ChannelSender<ProviderArgs>> = {
  discord: guarded(discordSender),
  email: guarded(emailSender),
  slack: guarded(slackSender),
  pagerduty: guarded(pagerdutySender),
  opsgenie: guarded(opsgenieSender),
  webhook: guarded(webhookSender),
  telegram: guarded(telegramSender),
  sms: guarded(smsSender),
  whatsapp: guarded(whatsappSender),
  google_chat: guarded(googleChatSender),
  grafana_oncall: guarded(grafanaOncallSender),
  ntfy: guarded(ntfySender),
  ms_teams: guarded(msTeamsSender),
};
