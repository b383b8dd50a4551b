// notification.v1.NotificationService: maps proto messages to the service verbs and back. No rule
// lives here; credentials are never in a view, so every block goes out with them empty (webhook
// header values too; URLs without their query string).
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
import type { KeyValue, ProviderBlock } from './notification.schemas';
import type { NotificationView } from './notification.view';
import type { NotificationInput, NotificationMaskPath, NotificationsService } from './notifications.service';

const pairs = (list: Array<{ key: string; value: string }>): KeyValue[] =>
  list.map(({ key, value }) => ({ key, value }));

export function blockIn(provider: Notification['provider']): ProviderBlock | undefined {
  switch (provider.case) {
    case undefined:
      return undefined;
    case 'discord':
      return { kind: 'discord', args: { webhookUrl: provider.value.webhookUrl } };
    case 'email':
      return { kind: 'email', args: { email: provider.value.email } };
    case 'slack':
      return { kind: 'slack', args: { webhookUrl: provider.value.webhookUrl } };
    case 'pagerduty':
      return { kind: 'pagerduty', args: { integrationKey: provider.value.integrationKey } };
    case 'opsgenie':
      return { kind: 'opsgenie', args: { apiKey: provider.value.apiKey, region: provider.value.region } };
    case 'webhook':
      return {
        kind: 'webhook',
        args: {
          endpoint: provider.value.endpoint,
          headers: pairs(provider.value.headers),
          signingSecret: provider.value.signingSecret,
        },
      };
    case 'telegram':
      return { kind: 'telegram', args: { chatId: provider.value.chatId } };
    case 'sms':
      return { kind: 'sms', args: { phoneNumber: provider.value.phoneNumber } };
    case 'whatsapp':
      return { kind: 'whatsapp', args: { phoneNumber: provider.value.phoneNumber } };
    case 'googleChat':
      return { kind: 'google_chat', args: { webhookUrl: provider.value.webhookUrl } };
    case 'grafanaOncall':
      return { kind: 'grafana_oncall', args: { webhookUrl: provider.value.webhookUrl } };
    case 'ntfy':
      return {
        kind: 'ntfy',
        args: { topic: provider.value.topic, serverUrl: provider.value.serverUrl, token: provider.value.token },
      };
    case 'msTeams':
      return { kind: 'ms_teams', args: { webhookUrl: provider.value.webhookUrl } };
    default: {
      const unreachable: never = provider;
      throw new Error(`unknown provider block ${JSON.stringify(unreachable)}`);
    }
  }
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

/** The stored block with its credentials empty: they are write-only. */
export function blockOut(v: NotificationView): ProviderInit {
  const text = (key: string): string => {
    const value = v.settings[key];
    return typeof value === 'string' ? value : '';
  };
  switch (v.providerType) {
    case 'discord':
      return { case: 'discord', value: { webhookUrl: '' } };
    case 'email':
      return { case: 'email', value: { email: text('email') } };
    case 'slack':
      return { case: 'slack', value: { webhookUrl: '' } };
    case 'pagerduty':
      return { case: 'pagerduty', value: { integrationKey: '' } };
    case 'opsgenie':
      return { case: 'opsgenie', value: { apiKey: '', region: text('region') } };
    case 'webhook': {
      // Header values are credentials: the keys go out with empty values (an update that sends them
      // back so keeps the stored values), the endpoint without its query string, no signing secret.
      const keys = (v.settings.headers as Array<{ key: string }> | undefined) ?? [];
      return {
        case: 'webhook',
        value: {
          endpoint: text('endpoint'),
          headers: keys.map((h) => ({ key: h.key, value: '' })),
          signingSecret: '',
        },
      };
    }
    case 'telegram':
      return { case: 'telegram', value: { chatId: text('chatId') } };
    case 'sms':
      return { case: 'sms', value: { phoneNumber: text('phoneNumber') } };
    case 'whatsapp':
      return { case: 'whatsapp', value: { phoneNumber: text('phoneNumber') } };
    case 'google_chat':
      return { case: 'googleChat', value: { webhookUrl: '' } };
    case 'grafana_oncall':
      return { case: 'grafanaOncall', value: { webhookUrl: '' } };
    case 'ntfy':
      return { case: 'ntfy', value: { topic: text('topic'), serverUrl: text('serverUrl'), token: '' } };
    case 'ms_teams':
      return { case: 'msTeams', value: { webhookUrl: '' } };
    default: {
      const unreachable: never = v.providerType;
      throw new Error(`unknown provider type ${String(unreachable)}`);
    }
  }
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
