// The one interface behind which every provider kind sends an alert, the context a send gets, and
// the structured result it returns. Each kind is one file beside this one; `index.ts` is the registry.
import type { NotificationProvider } from '../../notifications/notification-channel.entity';
import type { KeyValue } from '../../notifications/notification.schemas';
import type { MailMessage } from '../../subscribers/mailer.service';
import type { AlertMessage } from '../alert-message';
import type { AlertProvidersConfig } from '../../config/alert-providers.config';
import type { DeliveryResult } from './delivery-result';
import type { OutboundHttp } from '../outbound-http';

export { finalFailure, type DeliveryResult } from './delivery-result';

/** Sends e-mail; MailerService (backend/src/subscribers/mailer.service.ts) is one. */
export interface AlertMailer {
  readonly enabled: boolean;
  /** Resolves once the relay accepted the message; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

export interface SendContext {
  /** The deadline of the whole send (name resolution, connection, request and answer). */
  signal: AbortSignal;
  http: OutboundHttp;
  mailer: AlertMailer;
  config: AlertProvidersConfig;
}

export interface ChannelSender<C> {
  kind: NotificationProvider;
  /** `config` is the channel's arguments with its credentials decrypted (joinArguments of notification-secrets). */
  send(config: C, message: AlertMessage, ctx: SendContext): Promise<DeliveryResult>;
}

// The decrypted arguments of each kind, by the camelCase names of notification.schemas.ts.
export type DiscordConfig = { webhookUrl: string };
export type EmailConfig = { email: string };
export type SlackConfig = { webhookUrl: string };
export type PagerdutyConfig = { integrationKey: string };
export type OpsgenieConfig = { apiKey: string; region: string };
export type WebhookConfig = {
  endpoint: string;
  headers?: KeyValue[];
  /** Per-channel HMAC-SHA256 key of X-Signature-256; no signature header when absent. */
  signingSecret?: string;
};
export type TelegramConfig = { chatId: string };
export type SmsConfig = { phoneNumber: string };
export type WhatsappConfig = { phoneNumber: string };
export type GoogleChatConfig = { webhookUrl: string };
export type GrafanaOncallConfig = { webhookUrl: string };
export type NtfyConfig = { topic: string; serverUrl?: string; token?: string };
export type MsTeamsConfig = { webhookUrl: string };
