// notification.v1.NotificationService: maps proto messages to the service verbs and back. No rule
// lives here; credentials are never in a view, so every block goes out with them empty (webhook
// header values too; URLs without their query string). Blocks map by the kinds' argument lists.
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import type { HandlerContext, ServiceImpl } from '@connectrpc/connect';
import {
  NotificationSchema,
  type Notification,
  type NotificationService,
} from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { maskFields } from '../rpc-kit/field-mask';
import { required, timestampOut } from '../rpc-kit/fields';
import { serviceContext } from '../rpc-kit/call-context';
import { blockField } from '../channels/channel-kind';
import { channelKind } from '../channels/registry';
import { NOTIFICATION_PROVIDERS, type NotificationProvider } from './notification-channel.entity';
import { argumentsOf, type KeyValue, type ProviderBlock } from './notification.schemas';
import type { NotificationView } from './notification.view';
import type { NotificationInput, NotificationMaskPath, NotificationsService } from './notifications.service';

const pairs = (list: Array<{ key: string; value: string }>): KeyValue[] =>
  list.map(({ key, value }) => ({ key, value }));

/** The oneof case of each kind's block (`googleChat`) -> the kind (`google_chat`). */
const KIND_OF_BLOCK = new Map<string, NotificationProvider>(NOTIFICATION_PROVIDERS.map((t) => [blockField(t), t]));

/**
 * A proto block as the kind's arguments. A block's fields are the kind's arguments by their
 * camelCase names (channels/registry.ts), so one mapping serves every kind; header lists lose the
 * messages' type names.
 */
export function blockIn(provider: Notification['provider']): ProviderBlock | undefined {
  if (provider.case === undefined) return undefined;
  const kind = KIND_OF_BLOCK.get(provider.case);
  if (!kind) throw new Error(`unknown provider block ${provider.case}`);
  const fields = provider.value as unknown as Record<string, unknown>;
  const headers = channelKind(kind).headerArguments;
  const args = Object.fromEntries(
    argumentsOf(kind).map((arg) => [
      arg,
      headers.includes(arg) ? pairs(fields[arg] as Array<{ key: string; value: string }>) : fields[arg],
    ]),
  );
  return { kind, args };
}

export function notificationIn(n: Notification): NotificationInput {
  return {
    name: n.name,
    providerType: n.providerType || undefined,
    monitorIds: n.monitorIds.length ? [...n.monitorIds] : undefined,
    provider: blockIn(n.provider),
  };
}

type ProviderInit = MessageInitShape<typeof NotificationSchema>['provider'];

/**
 * The stored block with its credentials empty: they are write-only. Header lists go out as their keys
 * with empty values (an update that sends them back so keeps the stored values); URL arguments as the
 * settings keep them, without their secret parts.
 */
export function blockOut(v: NotificationView): ProviderInit {
  const kind = channelKind(v.providerType);
  const value = Object.fromEntries(
    argumentsOf(v.providerType).map((arg): [string, unknown] => {
      const setting = v.settings[arg];
      if (kind.secretArguments.includes(arg)) return [arg, ''];
      if (kind.headerArguments.includes(arg)) {
        const keys = (setting as Array<{ key: string }> | undefined) ?? [];
        return [arg, keys.map((h) => ({ key: h.key, value: '' }))];
      }
      // Numbers (a Pushover or Gotify priority) go out as they are; a missing string as empty.
      return [arg, typeof setting === 'string' || typeof setting === 'number' ? setting : undefined];
    }),
  );
  // The case and its fields follow from the kind (see blockIn); the generated union cannot see that.
  return { case: blockField(v.providerType), value } as unknown as ProviderInit;
}

export function notificationOut(v: NotificationView): Notification {
  return create(NotificationSchema, {
    id: v.id,
    name: v.name,
    providerType: v.providerType,
    monitorIds: v.monitorIds,
    createdAt: timestampOut(v.createdAt),
    updatedAt: timestampOut(v.updatedAt),
    configuredSecrets: v.configuredSecrets,
    lastDelivery: v.lastDelivery
      ? {
          status: v.lastDelivery.status,
          at: timestampOut(v.lastDelivery.at),
          responseStatus: v.lastDelivery.responseStatus ?? undefined,
          error: v.lastDelivery.error ?? '',
        }
      : undefined,
    provider: blockOut(v),
  });
}

const TOP_LEVEL: Record<string, NotificationMaskPath> = {
  name: 'name',
  provider_type: 'providerType',
  monitor_ids: 'monitorIds',
};

/** Block field name (`google_chat`, which is also its provider type) -> its arguments, proto -> domain. */
const BLOCKS = new Map(
  NotificationSchema.fields
    .filter((f) => f.oneof?.name === 'provider' && f.fieldKind === 'message')
    .map((f) => [
      f.name,
      new Map((f.fieldKind === 'message' ? f.message.fields : []).map((arg) => [arg.name, arg.localName])),
    ]),
);

/** One update_mask path as the service's mask path: a field, a block (`slack`) or one argument. */
export function notificationPath(path: string): NotificationMaskPath | undefined {
  if (Object.hasOwn(TOP_LEVEL, path)) return TOP_LEVEL[path];
  const [block, arg, ...rest] = path.split('.');
  const args = BLOCKS.get(block);
  if (args && arg === undefined) return block;
  const local = arg === undefined ? undefined : args?.get(arg);
  return local && !rest.length ? `${block}.${local}` : undefined;
}

export function notificationServiceImpl(notifications: NotificationsService): ServiceImpl<typeof NotificationService> {
  return {
    async createNotification(req, ctx: HandlerContext) {
      const input = notificationIn(required(req.notification, 'notification'));
      return { notification: notificationOut(await notifications.create(serviceContext(ctx), input)) };
    },

    async getNotification(req, ctx) {
      return { notification: notificationOut(await notifications.get(serviceContext(ctx), req.id)) };
    },

    async listNotifications(req, ctx) {
      const page = await notifications.list(serviceContext(ctx), { limit: req.limit, offset: req.offset });
      return { notifications: page.items.map(notificationOut), totalSize: page.totalSize };
    },

    async updateNotification(req, ctx) {
      const input = req.notification ? notificationIn(req.notification) : {};
      const mask = maskFields(req.updateMask, notificationPath);
      return {
        notification: notificationOut(await notifications.update(serviceContext(ctx), req.id, input, mask)),
      };
    },

    async deleteNotification(req, ctx) {
      await notifications.delete(serviceContext(ctx), req.id);
      return { success: true };
    },

    async sendTestNotification(req, ctx) {
      const result = await notifications.sendTest(serviceContext(ctx), req.id);
      return {
        ok: result.ok,
        status: result.status ?? undefined,
        response: result.response,
        error: result.error ?? '',
      };
    },
  };
}
