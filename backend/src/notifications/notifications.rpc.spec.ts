import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { NotificationSchema, type Notification } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { ValidationError } from '../common/errors';
import { NOTIFICATION_PROVIDERS } from './notification-channel.entity';
import { argumentsOf, SENSITIVE_ARGUMENTS } from './notification.schemas';
import type { NotificationView } from './notification.view';
import { maskFields } from '../rpc-kit/field-mask';
import { blockIn, notificationOut, notificationPath } from './notifications.rpc';

const view = (providerType: NotificationView['providerType'], settings: Record<string, unknown>): NotificationView => ({
  id: '7',
  name: 'n',
  providerType,
  monitorIds: ['1', '2'],
  settings,
  configuredSecrets: [],
  lastDelivery: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
});

describe('notification blocks over the wire', () => {
  it('have one oneof case per provider kind, decoded to that kind with every argument', () => {
    const cases = NotificationSchema.oneofs.find((o) => o.name === 'provider')!.fields;
    expect(cases.map((f) => f.name).sort()).toEqual([...NOTIFICATION_PROVIDERS].sort());
    for (const field of cases) {
      const value = create(field.fieldKind === 'message' ? field.message : NotificationSchema, {});
      const block = blockIn({ case: field.localName, value } as Notification['provider']);
      expect(block?.kind).toBe(field.name);
      expect(Object.keys(block!.args).sort()).toEqual(argumentsOf(block!.kind).sort());
    }
    expect(blockIn({ case: undefined })).toBeUndefined();
  });

  it('go out with credentials empty whatever the view holds', () => {
    for (const kind of NOTIFICATION_PROVIDERS) {
      const settings = Object.fromEntries(argumentsOf(kind).map((a) => [a, a === 'headers' ? [] : `value-${a}`]));
      const out = notificationOut(view(kind, settings));
      const value = out.provider.value as unknown as Record<string, unknown>;
      for (const arg of SENSITIVE_ARGUMENTS[kind]) expect(value[arg]).toBe('');
      for (const arg of argumentsOf(kind).filter((a) => !SENSITIVE_ARGUMENTS[kind].includes(a) && a !== 'headers')) {
        expect(value[arg]).toBe(`value-${arg}`);
      }
      expect(out.providerType).toBe(kind);
    }
  });
});

describe('notification update masks', () => {
  const mask = (...paths: string[]) => create(FieldMaskSchema, { paths });

  it('map proto paths to domain paths', () => {
    expect(maskFields(undefined, notificationPath)).toBeUndefined();
    expect(maskFields(mask(), notificationPath)).toBeUndefined();
    expect(
      maskFields(
        mask('name', 'provider_type', 'monitor_ids', 'google_chat', 'ntfy.server_url', 'webhook.signing_secret'),
        notificationPath,
      ),
    ).toEqual(['name', 'providerType', 'monitorIds', 'google_chat', 'ntfy.serverUrl', 'webhook.signingSecret']);
  });

  it.each(['id', 'created_at', 'configured_secrets', 'provider', 'slack.token', 'ntfy.token.x', 'googleChat'])(
    'refuse %s',
    (path) => {
      expect(() => maskFields(mask(path), notificationPath)).toThrow(
        new ValidationError(`updateMask: ${path} is not an updatable field`),
      );
    },
  );
});
