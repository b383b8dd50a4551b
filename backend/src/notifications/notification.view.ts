// What the service layer returns for a notification channel. Credentials never reach a view: it
// carries the non-sensitive settings (URLs without their query string, user info and fragment; header
// keys without their values) and only the names of the arguments that have a sealed part.
import { z } from 'zod';
import type { Snapshot } from '../audit/audit-snapshot';
import { count, isoDateTime, jsonObject, viewId, viewIds } from '../common/view-schema';
import type { LastDelivery } from './delivery-history';
import {
  NOTIFICATION_PROVIDERS,
  type NotificationChannelEntity,
  type NotificationProvider,
} from './notification-channel.entity';
import { publicUrl, SECRET_HEADER_ARGUMENTS, SECRET_URL_ARGUMENTS } from './notification-secrets';
import { argumentsOf } from './notification.schemas';

/** The channel's latest alert delivery attempt: its outcome, when, the receiver's HTTP status and the error. */
export const lastDeliveryView = z.object({
  status: z
    .enum(['delivered', 'failed', 'retrying'])
    .describe('delivered; failed (given up); retrying (the last attempt failed, another follows)'),
  at: isoDateTime,
  responseStatus: count.nullable().describe("the receiver's HTTP status, if it answered over HTTP"),
  // Never a credential: senders remove them from errors.
  error: z.string().nullable().describe('why the last attempt failed; never a credential'),
});
export type LastDeliveryView = z.infer<typeof lastDeliveryView>;

export const notificationView = z.object({
  id: viewId,
  name: z.string(),
  providerType: z.enum(NOTIFICATION_PROVIDERS),
  monitorIds: viewIds,
  /**
   * Non-sensitive arguments of the provider block, by camelCase name; a header list as its keys
   * (`[{ key }]`), a URL argument without its secret parts.
   */
  settings: jsonObject.describe('the non-secret settings of the provider'),
  /**
   * Provider argument names (`webhook_url`, `token`, `endpoint`, `headers`, ...) of the arguments
   * with a stored credential: a whole value, a URL's query string, or header values.
   */
  configuredSecrets: z.array(z.string()).describe('names of the settings holding a stored credential'),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  lastDelivery: lastDeliveryView
    .nullable()
    .describe("the channel's latest alert delivery attempt; null before the first"),
});
export type NotificationView = z.infer<typeof notificationView>;

export function toNotificationView(
  entity: NotificationChannelEntity,
  monitorIds: string[],
  configuredSecrets: string[],
  lastDelivery: LastDelivery | null = null,
): NotificationView {
  return {
    id: entity.id,
    name: entity.name,
    providerType: entity.providerType,
    monitorIds,
    settings: publicSettings(entity.providerType, entity.config),
    configuredSecrets,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
    lastDelivery: lastDelivery
      ? {
          status: lastDelivery.status,
          at: lastDelivery.at.toISOString(),
          responseStatus: lastDelivery.responseStatus,
          error: lastDelivery.error,
        }
      : null,
  };
}

/**
 * The settings without any credential, even if the stored ones still hold one (settings written
 * before header values and URL parts were sealed, until the start-up pass has sealed them).
 */
export function publicSettings(kind: NotificationProvider, config: Record<string, unknown>): Record<string, unknown> {
  // In the block's argument order, not the database's (jsonb orders keys by length), so two views
  // of the same settings serialize alike.
  const settings: Record<string, unknown> = {};
  for (const arg of argumentsOf(kind)) if (arg in config) settings[arg] = config[arg];
  for (const arg of SECRET_URL_ARGUMENTS[kind] ?? []) {
    if (typeof settings[arg] === 'string') settings[arg] = publicUrl(settings[arg]);
  }
  for (const arg of SECRET_HEADER_ARGUMENTS[kind] ?? []) {
    const list = Array.isArray(settings[arg]) ? (settings[arg] as Array<{ key?: unknown }>) : [];
    settings[arg] = list.map((h) => ({ key: typeof h?.key === 'string' ? h.key : '' }));
  }
  return settings;
}

/**
 * Audit snapshot: no credential (the view has none; header values show as `[redacted]`), and the
 * names of credentials set (`writeOnlyArguments`) and changed by this mutation (`rotatedArguments`),
 * so a credential rotation shows in the log without its value.
 */
export function notificationSnapshot(view: NotificationView, rotated: string[] = []): Snapshot {
  const settings = publicSettings(view.providerType, view.settings);
  for (const arg of SECRET_HEADER_ARGUMENTS[view.providerType] ?? []) {
    settings[arg] = (settings[arg] as Array<{ key: string }>).map((h) => ({ key: h.key, value: '[redacted]' }));
  }
  return {
    id: view.id,
    name: view.name,
    providerType: view.providerType,
    monitorIds: view.monitorIds,
    settings,
    writeOnlyArguments: view.configuredSecrets,
    ...(rotated.length ? { rotatedArguments: rotated } : {}),
  };
}
