// service_notification state <-> notification.v1 messages, the update mask, and the rule that
// exactly one provider block, the one named by provider_type, is given.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Notification, NotificationSchema } from '@uptime/proto/gen/notification/v1/notification_service_pb.js';
import { UNKNOWN, type Diagnostics, type Obj, type Value } from '../framework/types';
import { optionalList, optionalText, rfc3339, strings, text } from '../framework/state-values';
import {
  blockFromProto,
  blockMaskPaths,
  blockToProto,
  isProviderType,
  PROVIDER_TYPES,
  providerTypeOfCase,
  type ProviderType,
} from './notification-blocks';

type NotificationInit = MessageInitShape<typeof NotificationSchema>;

/** The one object of a list block (max 1), or null when the block is absent. */
function blockOf(state: Obj, kind: ProviderType): Obj | null {
  const list = state[kind];
  if (!Array.isArray(list) || list.length === 0) return null;
  const first = list[0];
  return first && typeof first === 'object' && !Array.isArray(first) ? first : null;
}

/** The notification message of a planned state: every managed field, the block of provider_type. */
export function notificationToProto(plan: Obj): NotificationInit {
  const kind = plan.provider_type;
  if (!isProviderType(kind)) throw new Error(`provider_type ${JSON.stringify(kind)} is not known`);
  const message: NotificationInit = {
    providerType: kind,
    monitorIds: strings(plan.monitor_ids),
    provider: blockToProto(kind, blockOf(plan, kind) ?? {}),
  };
  const name = text(plan.name);
  if (name !== undefined) message.name = name;
  return message;
}

/**
 * Every field terraform manages: a removed name or monitor_ids is cleared. Each argument of the block
 * is named on its own, so it is set exactly as sent (a removed ntfy token or endpoint query string
 * goes away); when provider_type changes the block is named whole, as the API requires.
 */
export function notificationUpdateMask(plan: Obj, prior: Obj): string[] {
  const kind = plan.provider_type as ProviderType;
  const paths = ['name', 'provider_type', 'monitor_ids'];
  if (prior.provider_type !== kind) paths.push(kind);
  else paths.push(...blockMaskPaths(kind));
  return paths;
}

/** The state of an API notification; `prior` (the plan, the state, or null on import) supplies write-only values. */
export function notificationFromProto(api: Notification, prior: Obj | null): Obj {
  const state: Obj = {
    id: api.id,
    name: optionalText(api.name, prior?.name),
    provider_type: api.providerType,
    monitor_ids: optionalList(api.monitorIds, prior?.monitor_ids),
    created_at: rfc3339(api.createdAt),
    updated_at: rfc3339(api.updatedAt),
  };
  const kind = providerTypeOfCase(api.provider.case);
  for (const type of PROVIDER_TYPES) state[type] = [];
  if (kind) {
    const priorBlock = prior && prior.provider_type === kind ? blockOf(prior, kind) : null;
    const value = api.provider.value as unknown as Record<string, unknown>;
    state[kind] = [blockFromProto(kind, value, priorBlock, api.configuredSecrets)];
  }
  return state;
}

const given = (value: Value): boolean => Array.isArray(value) && value.length > 0;

/**
 * Exactly one provider block, the one provider_type names. Reported on the block that should not be
 * there, or on provider_type when its block is missing. Unknown values are checked once known.
 */
export function validateNotificationConfig(config: Obj, diags: Diagnostics): void {
  const blocks = PROVIDER_TYPES.filter((kind) => given(config[kind]));
  const type = config.provider_type;
  if (type === UNKNOWN || type === null) {
    for (const extra of blocks.slice(1)) {
      diags.error(
        `Conflicting ${extra} block`,
        `Give exactly one provider block; ${blocks[0]} and ${extra} are both given.`,
        [extra],
      );
    }
    return;
  }
  if (!isProviderType(type)) return; // provider_type's own validator reports it
  const maybeMissing = PROVIDER_TYPES.some((kind) => config[kind] === UNKNOWN);
  if (!blocks.includes(type) && !maybeMissing) {
    diags.error(
      `Missing ${type} block`,
      `provider_type is "${type}", so a ${type} { ... } block with its settings is required.`,
      ['provider_type'],
    );
  }
  for (const extra of blocks.filter((kind) => kind !== type)) {
    diags.error(
      `Unexpected ${extra} block`,
      `provider_type is "${type}"; remove the ${extra} block (give exactly one provider block, the one provider_type names).`,
      [extra],
    );
  }
}
