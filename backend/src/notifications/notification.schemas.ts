// Validation of notification channels (SPEC §2.5): the arguments of each provider block, which of them
// are credentials, and the channel's own fields. Create and update both validate the whole channel
// here, with messages that name the field and the bound. Each kind declares its own arguments in its
// folder (channels/<kind>/); the tables here are read from channels/registry.ts.
import { z } from 'zod';
import { NOTIFICATION_BOUNDS } from '../channels/arguments';
import { argumentName, blockField, type ProviderArgs } from '../channels/channel-kind';
import { CHANNEL_KINDS, isChannelType } from '../channels/registry';
import { singleLine } from '../common/validation';
import { NOTIFICATION_PROVIDERS, type NotificationProvider } from './notification-channel.entity';

// The shared argument rules and names live with the kinds (channels/); they are validation's too.
export { isEmail, isPhoneNumber, NOTIFICATION_BOUNDS, type KeyValue } from '../channels/arguments';
export { isTelegramChat } from '../channels/telegram/telegram.channel';
export { argumentName, blockField, type ProviderArgs };

const B = NOTIFICATION_BOUNDS;

export interface ProviderBlock {
  kind: NotificationProvider;
  args: ProviderArgs;
}

export const isNotificationProvider = (value: string): value is NotificationProvider => isChannelType(value);

type ByType<V> = Record<NotificationProvider, V>;
const byType = <V>(pick: (kind: (typeof CHANNEL_KINDS)[number]) => V): ByType<V> =>
  Object.fromEntries(CHANNEL_KINDS.map((kind) => [kind.type, pick(kind)])) as ByType<V>;

/** The arguments of each block (SPEC §2.5), from each kind's settings (channels/<kind>/). */
export const PROVIDER_SCHEMAS: ByType<z.ZodObject> = byType((kind) => kind.settings);

/** Credentials: stored only sealed, never returned (write-only). */
export const SENSITIVE_ARGUMENTS: ByType<readonly string[]> = byType((kind) => kind.secretArguments);

export function argumentsOf(kind: NotificationProvider): string[] {
  return Object.keys(PROVIDER_SCHEMAS[kind].shape);
}

/** What an argument named in an update mask without a value goes back to. */
export function defaultArgument(arg: string): unknown {
  return arg === 'headers' ? [] : '';
}

export const providerTypeSchema = z.string({ error: 'is required' }).superRefine((value, ctx) => {
  if (value === '') ctx.addIssue({ code: 'custom', message: 'is required' });
  else if (!isNotificationProvider(value)) {
    ctx.addIssue({ code: 'custom', message: `must be one of ${NOTIFICATION_PROVIDERS.join(', ')}` });
  }
});

/** The channel with the block of `kind`, validated as a whole. */
export function channelSchema(kind: NotificationProvider) {
  return z.object({
    name: singleLine(B.name),
    monitorIds: z
      .array(z.string({ error: 'is required' }))
      .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a monitor' }),
    [blockField(kind)]: PROVIDER_SCHEMAS[kind],
  });
}

export interface ChannelData {
  name: string;
  monitorIds: string[];
  args: ProviderArgs;
}
