// The one contract of a notification channel kind (SPEC §2.5). Everything else that knows about kinds
// derives from the list of these in registry.ts: the entity's provider types, the validation of a
// channel (notifications/notification.schemas.ts), which arguments are sealed
// (notifications/notification-secrets.ts), the proto mapping (notifications/notifications.rpc.ts),
// the senders, and the dashboard's form. A kind's folder (`channels/<kind>/<kind>.channel.ts`) holds
// its settings schema, its secret fields, its payload and its sender.
//
// channels/ sits below alerts/ and notifications/: it imports neither.
import type { z } from 'zod';
import type { AlertProvidersConfig } from '../config/alert-providers.config';
import type { MailMessage } from '../mail/mailer.service';
import type { AlertMessage } from './alert-message';
import type { DeliveryResult } from './delivery-result';
import type { OutboundHttp } from './outbound-http';

export { finalFailure, type DeliveryResult } from './delivery-result';

/** Sends e-mail; MailerService (backend/src/mail/mailer.service.ts) is one. */
export interface AlertMailer {
  readonly enabled: boolean;
  /** Resolves once the relay accepted the message; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

/** What a send gets besides the channel's arguments and the alert. */
export interface SendContext {
  /** The deadline of the whole send (name resolution, connection, request and answer). */
  signal: AbortSignal;
  http: OutboundHttp;
  mailer: AlertMailer;
  /** The operator's provider endpoints and service credentials (config/alert-providers.config.ts). */
  config: AlertProvidersConfig;
}

/** Arguments of one provider block, by camelCase name (`webhookUrl`, `phoneNumber`, ...). */
export type ProviderArgs = Record<string, unknown>;

/** How the dashboard labels one argument of the kind's form. */
export interface ArgumentLabel {
  label: string;
  hint?: string;
  /** A closed set of values: the form offers them in a list, the first preselected. */
  choices?: ReadonlyArray<{ value: string; label: string }>;
}

/**
 * One channel kind. Argument names are camelCase (`webhookUrl`); the provider, proto and Terraform
 * name is their snake_case (`webhook_url`, see argumentName), and the kind's block in messages is the
 * camelCase of its type (`google_chat` -> `googleChat`, see blockField).
 */
export interface ChannelKind<T extends string = string, C = never> {
  /** The provider type, stored in `notification_channels.provider_type` (snake_case). */
  readonly type: T;
  /** The kind's name as people know it (dashboard). */
  readonly label: string;
  /**
   * The arguments of the kind's block, validated as a whole on create and update; the shape's key
   * order is the order of the arguments in forms and views.
   */
  readonly settings: z.ZodObject;
  /** Whole arguments that are credentials: stored only sealed, never returned (write-only). */
  readonly secretArguments: readonly string[];
  /** URL arguments whose query string, user info and fragment are credentials (sealed apart). */
  readonly urlArguments: readonly string[];
  /** Header lists (`{key, value}[]`) whose values are credentials; the keys stay in the settings. */
  readonly headerArguments: readonly string[];
  /**
   * Arguments a send cannot do without. Channels are validated when written; this guards against a
   * stored channel that lacks one (an ntfy topic `undefined`, an e-mail without recipient).
   */
  readonly required: readonly string[];
  /** The dashboard's label and hint of each argument. */
  readonly argumentLabels: Readonly<Record<string, ArgumentLabel>>;
  /**
   * Sends one alert. `config` is the channel's arguments with its credentials decrypted
   * (joinArguments of notification-secrets). Resolves with a DeliveryResult, failures included.
   */
  send(config: C, message: AlertMessage, ctx: SendContext): Promise<DeliveryResult>;
}

/** What a kind's file declares; the lists a kind does not have may be left out. */
export type ChannelKindDefinition<T extends string, C> = Omit<
  ChannelKind<T, C>,
  'urlArguments' | 'headerArguments' | 'secretArguments'
> &
  Partial<Pick<ChannelKind<T, C>, 'urlArguments' | 'headerArguments' | 'secretArguments'>>;

/** A kind, with the lists it left out empty. Every argument it names must be one of its settings. */
export function defineChannelKind<T extends string, C>(definition: ChannelKindDefinition<T, C>): ChannelKind<T, C> {
  const kind: ChannelKind<T, C> = {
    ...definition,
    secretArguments: definition.secretArguments ?? [],
    urlArguments: definition.urlArguments ?? [],
    headerArguments: definition.headerArguments ?? [],
  };
  const known = Object.keys(kind.settings.shape);
  const named = [
    ...kind.secretArguments,
    ...kind.urlArguments,
    ...kind.headerArguments,
    ...kind.required,
    ...Object.keys(kind.argumentLabels),
  ];
  const unknown = named.find((arg) => !known.includes(arg));
  if (unknown) throw new Error(`channel kind ${kind.type}: ${unknown} is not one of its settings`);
  return kind;
}

/** The argument names of a kind, in the order of its settings schema. */
export function argumentsOfKind(kind: ChannelKind<string, unknown>): string[] {
  return Object.keys(kind.settings.shape);
}

/** `google_chat` -> `googleChat`: the block's name in messages, as in JSON and TypeScript. */
export function blockField(type: string): string {
  return type.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** `webhookUrl` -> `webhook_url`: the argument name of the provider and of the proto field. */
export function argumentName(arg: string): string {
  return arg.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
