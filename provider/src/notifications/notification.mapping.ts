// service_notification state <-> notification.v1 messages over its typed model, the update mask, and
// the rule that exactly one provider block, the one named by provider_type, is given.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Notification, NotificationSchema } from '@uptime/proto/gen/notification/v1/notification_service_pb.js';
import { shapedModel, type ModelType, type Reader } from '../framework/model';
import { UNKNOWN, type Diagnostics, type Obj, type Value } from '../framework/types';
import { optionalList, optionalText, rfc3339 } from '../framework/state-values';
import {
  blockFromProto,
  blockMaskPaths,
  blockToProto,
  channelBlockModel,
  isProviderType,
  PROVIDER_TYPES,
  providerTypeOfCase,
  type ChannelBlock,
  type ProviderType,
} from './notification-blocks';

type NotificationInit = MessageInitShape<typeof NotificationSchema>;

/** The provider blocks given, each the one object of its list block (max 1). */
export type ChannelBlocks = Partial<Record<ProviderType, ChannelBlock>>;

function channelBlocks(s: Reader): ChannelBlocks {
  const blocks: ChannelBlocks = {};
  for (const kind of PROVIDER_TYPES) {
    const [first] = s.blockList(kind, channelBlockModel(kind));
    if (first) blocks[kind] = first;
  }
  return blocks;
}

/**
 * The model: the channel's attributes, and its provider blocks by provider type (state holds one
 * list block per type, [] for each absent one).
 */
export const notificationModel = shapedModel(
  (s) => ({
    id: s.string('id'),
    name: s.string('name'),
    provider_type: s.string('provider_type'),
    monitor_ids: s.stringSet('monitor_ids'),
    created_at: s.string('created_at'),
    updated_at: s.string('updated_at'),
    blocks: channelBlocks(s),
  }),
  ({ blocks, ...attributes }) => {
    const state: Obj = { ...attributes };
    for (const kind of PROVIDER_TYPES) {
      const block = blocks[kind];
      state[kind] = block ? [block] : [];
    }
    return state;
  },
);

export type NotificationModel = ModelType<typeof notificationModel>;

/** The notification message of a planned state: every managed field, the block of provider_type. */
export function notificationToProto(plan: NotificationModel): NotificationInit {
  const kind = plan.provider_type;
  if (!isProviderType(kind)) throw new Error(`provider_type ${JSON.stringify(kind)} is not known`);
  const message: NotificationInit = {
    providerType: kind,
    monitorIds: plan.monitor_ids ?? [],
    provider: blockToProto(kind, plan.blocks[kind] ?? {}),
  };
  if (plan.name !== null) message.name = plan.name;
  return message;
}

/**
 * Every field terraform manages: a removed name or monitor_ids is cleared. Each argument of the block
 * is named on its own, so it is set exactly as sent (a removed ntfy token or endpoint query string
 * goes away); when provider_type changes the block is named whole, as the API requires.
 */
export function notificationUpdateMask(plan: NotificationModel, prior: NotificationModel): string[] {
  const kind = plan.provider_type;
  const paths = ['name', 'provider_type', 'monitor_ids'];
  if (!isProviderType(kind)) return paths;
  if (prior.provider_type !== kind) paths.push(kind);
  else paths.push(...blockMaskPaths(kind));
  return paths;
}

/** The state of an API notification; `prior` (the plan, the state, or null on import) supplies write-only values. */
export function notificationFromProto(api: Notification, prior: NotificationModel | null): NotificationModel {
  const blocks: ChannelBlocks = {};
  const kind = providerTypeOfCase(api.provider.case);
  if (kind && api.provider.value) {
    const priorBlock = prior && prior.provider_type === kind ? (prior.blocks[kind] ?? null) : null;
    blocks[kind] = blockFromProto(kind, api.provider.value, priorBlock, api.configuredSecrets);
  }
  return {
    id: api.id,
    name: optionalText(api.name, prior?.name),
    provider_type: api.providerType,
    monitor_ids: optionalList(api.monitorIds, prior?.monitor_ids),
    created_at: rfc3339(api.createdAt),
    updated_at: rfc3339(api.updatedAt),
    blocks,
  };
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
