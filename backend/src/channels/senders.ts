// The sender of each kind, as callers use it: `SENDERS[type].send(decryptedArguments, message, ctx)`. A
// send never rejects, it returns a DeliveryResult: a stored channel that lacks a required argument
// is a final failure naming the argument, and an unexpected exception becomes a final failure that
// names no credential.
import type { AlertMessage } from './alert-message';
import {
  argumentName,
  finalFailure,
  type ChannelKind,
  type DeliveryResult,
  type ProviderArgs,
  type SendContext,
} from './channel-kind';
import { CHANNEL_KINDS, type ChannelType } from './registry';

export interface ChannelSender {
  kind: ChannelType;
  /** `config` is the channel's arguments with its credentials decrypted (joinArguments of notification-secrets). */
  send(config: ProviderArgs, message: AlertMessage, ctx: SendContext): Promise<DeliveryResult>;
}

function guarded(kind: ChannelKind<ChannelType, unknown>): ChannelSender {
  return {
    kind: kind.type,
    async send(config: ProviderArgs, message: AlertMessage, ctx: SendContext): Promise<DeliveryResult> {
      const args = config ?? {};
      const missing = kind.required.find((arg) => typeof args[arg] !== 'string' || args[arg] === '');
      if (missing) return finalFailure(`the channel has no ${argumentName(missing)}`);
      try {
        return await kind.send(config, message, ctx);
      } catch {
        // The exception's text could quote the channel's configuration: it is not passed on.
        return finalFailure(`the ${kind.type} sender failed unexpectedly`);
      }
    },
  };
}

/** The sender of each kind; `config` is the channel's arguments with credentials decrypted. */
export const SENDERS = Object.fromEntries(CHANNEL_KINDS.map((kind) => [kind.type, guarded(kind)])) as Record<
  ChannelType,
  ChannelSender
>;
