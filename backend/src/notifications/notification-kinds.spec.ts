// The kinds of channels/registry.ts against the proto contract: notifications.rpc.ts maps every block
// by its kind's argument list, so a block's fields and the kind's arguments must be the same names.
import { create } from '@bufbuild/protobuf';
import { NotificationSchema, type Notification } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { blockField } from '../channels/channel-kind';
import { channelKind } from '../channels/registry';
import { NOTIFICATION_PROVIDERS } from './notification-channel.entity';
import { argumentsOf } from './notification.schemas';
import { blockIn } from './notifications.rpc';

const blocks = NotificationSchema.oneofs.find((o) => o.name === 'provider')!.fields;

describe('the proto block of each channel kind', () => {
  it.each(NOTIFICATION_PROVIDERS)('%s has the fields of its arguments, by their names', (type) => {
    const block = blocks.find((f) => f.name === type);
    expect(block?.localName).toBe(blockField(type));
    const fields = block?.fieldKind === 'message' ? block.message.fields : [];
    expect(fields.map((f) => f.localName).sort()).toEqual(argumentsOf(type).sort());
  });

  it.each(NOTIFICATION_PROVIDERS)('%s comes in with the value of every field', (type) => {
    const block = blocks.find((f) => f.name === type)!;
    if (block.fieldKind !== 'message') throw new Error(`${type} is no message`);
    const headers = channelKind(type).headerArguments;
    const values = Object.fromEntries(
      block.message.fields.map((f) => [
        f.localName,
        headers.includes(f.localName) ? [{ key: 'X-Key', value: `v-${f.localName}` }] : `v-${f.localName}`,
      ]),
    );
    const value = create(block.message, values);
    expect(blockIn({ case: block.localName, value } as Notification['provider'])).toEqual({ kind: type, args: values });
  });
});
