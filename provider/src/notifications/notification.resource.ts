// service_notification: a notification channel (SPEC 2.5) through notification.v1.NotificationService.
import type { Api } from '../client/api';
import { apiError, isNotFound } from '../client/api';
import { defineResource } from '../framework/resource';
import { ProviderError, type Attribute, type BlockType } from '../framework/types';
import { noControlCharacters, oneOf, stringLength } from '../framework/validators';
import { blockSchema, isProviderType, PROVIDER_TYPES } from './notification-blocks';
import {
  notificationFromProto,
  notificationModel,
  notificationToProto,
  notificationUpdateMask,
  validateNotificationConfig,
  type NotificationModel,
} from './notification.mapping';
import { useStateForUnknown } from '../framework/plan-modifiers';

const TYPE = 'service_notification';

export const MONITOR_IDS_DESCRIPTION =
  'IDs of the monitors that alert through this channel (a set). Removing it from the configuration unwires every monitor.';

const attributes: Record<string, Attribute> = {
  id: {
    description: 'ID of the channel, assigned by the service (a numeric string).',
    type: 'string',
    computed: true,
    planModifiers: [useStateForUnknown()],
  },
  name: {
    description: 'Name of the channel, at most 256 characters.',
    type: 'string',
    optional: true,
    validators: [stringLength(0, 256), noControlCharacters()],
  },
  provider_type: {
    description: `Kind of channel: one of ${PROVIDER_TYPES.map((t) => `\`${t}\``).join(', ')} (\`ms_teams\` is Microsoft Teams). Exactly the block of this name must be given.`,
    type: 'string',
    required: true,
    validators: [oneOf(PROVIDER_TYPES)],
  },
  monitor_ids: {
    description: MONITOR_IDS_DESCRIPTION,
    type: ['set', 'string'],
    optional: true,
  },
  created_at: {
    description: 'When the channel was created (RFC 3339).',
    type: 'string',
    computed: true,
    planModifiers: [useStateForUnknown()],
  },
  updated_at: {
    description: 'When the channel was last changed (RFC 3339).',
    type: 'string',
    computed: true,
  },
};

const blocks: Record<string, BlockType> = Object.fromEntries(
  PROVIDER_TYPES.map((kind) => {
    const block = blockSchema(kind);
    return [kind, { nesting: 'list', maxItems: 1, description: block.description, block } satisfies BlockType];
  }),
);

/**
 * apiError, with a path into a provider block given its element index: the service names
 * `slack.webhook_url`, terraform's block list needs `slack[0].webhook_url`.
 */
export function notificationApiError(action: string, err: unknown): ProviderError {
  const error = apiError(action, TYPE, err, 'notification');
  const [head, ...rest] = error.path ?? [];
  if (!isProviderType(head ?? null) || rest.length === 0 || typeof rest[0] === 'number') return error;
  return new ProviderError(error.message, error.detail, [head, 0, ...rest]);
}

async function fetchNotification(
  api: Api,
  id: string,
  prior: NotificationModel | null,
  action: string,
): Promise<NotificationModel | null> {
  try {
    const { notification } = await api.notifications.getNotification({ id });
    return notification ? notificationFromProto(notification, prior) : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw notificationApiError(action, err);
  }
}

export const notificationResource = defineResource<Api, NotificationModel>({
  typeName: TYPE,
  description:
    'Manages a notification channel: where alerts of the monitors wired to it go (Slack, e-mail, PagerDuty, a webhook, ...). Credentials are write-only: the service never returns them, and the state keeps the configured values.',
  schema: { attributes, blocks },
  importId: '<id>',
  model: notificationModel,

  validateConfig: validateNotificationConfig,

  async create(api, plan) {
    try {
      const { notification } = await api.notifications.createNotification({
        notification: notificationToProto(plan),
      });
      if (!notification)
        throw new ProviderError(`Could not create ${TYPE}`, 'The service answered without the channel.');
      return notificationFromProto(notification, plan);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw notificationApiError('create', err);
    }
  },

  read(api, state) {
    return fetchNotification(api, state.id ?? '', state, 'read');
  },

  async update(api, plan, prior) {
    try {
      const { notification } = await api.notifications.updateNotification({
        id: prior.id ?? '',
        notification: notificationToProto(plan),
        updateMask: { paths: notificationUpdateMask(plan, prior) },
      });
      if (!notification)
        throw new ProviderError(`Could not update ${TYPE}`, 'The service answered without the channel.');
      return notificationFromProto(notification, plan);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw notificationApiError('update', err);
    }
  },

  async delete(api, state) {
    try {
      await api.notifications.deleteNotification({ id: state.id ?? '' });
    } catch (err) {
      if (!isNotFound(err)) throw notificationApiError('delete', err);
    }
  },

  async importState(api, id) {
    const state = await fetchNotification(api, id, null, 'import');
    if (!state) {
      throw new ProviderError(
        `Cannot import ${TYPE}`,
        `No notification channel with id "${id}" exists in the workspace.`,
      );
    }
    return state;
  },
});
