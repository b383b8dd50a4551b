// What the service layer returns for a notification channel. Credentials never reach a view: it
// carries the non-sensitive settings and only the names of the credentials that are set.
import type { Snapshot } from '../audit/audit-snapshot';
import type { NotificationChannelEntity, NotificationProvider } from './notification-channel.entity';
import type { KeyValue } from './notification.schemas';

export interface NotificationView {
  id: string;
  name: string;
  providerType: NotificationProvider;
  monitorIds: string[];
  /** Non-sensitive arguments of the provider block, by camelCase name. */
  settings: Record<string, unknown>;
  /** Provider argument names (`webhook_url`, `token`, ...) of the credentials that have a value. */
  configuredSecrets: string[];
  createdAt: string;
  updatedAt: string;
}

export function toNotificationView(
  entity: NotificationChannelEntity,
  monitorIds: string[],
  configuredSecrets: string[],
): NotificationView {
  return {
    id: entity.id,
    name: entity.name,
    providerType: entity.providerType,
    monitorIds,
    settings: { ...entity.config },
    configuredSecrets,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

const SENSITIVE_HEADER = /(auth|token|key|secret|cookie|password|session|signature)/i;

/**
 * Audit snapshot: no credential (the view has none), webhook header values that look like
 * credentials redacted, and the names of credentials set (`writeOnlyArguments`) and changed by this
 * mutation (`rotatedArguments`), so a credential rotation shows in the log without its value.
 */
export function notificationSnapshot(view: NotificationView, rotated: string[] = []): Snapshot {
  const headers = view.settings.headers as KeyValue[] | undefined;
  return {
    id: view.id,
    name: view.name,
    providerType: view.providerType,
    monitorIds: view.monitorIds,
    settings: {
      ...view.settings,
      ...(headers
        ? { headers: headers.map((h) => (SENSITIVE_HEADER.test(h.key) ? { key: h.key, value: '[redacted]' } : h)) }
        : {}),
    },
    writeOnlyArguments: view.configuredSecrets,
    ...(rotated.length ? { rotatedArguments: rotated } : {}),
  };
}
