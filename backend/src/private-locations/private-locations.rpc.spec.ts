import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { PrivateLocationStatus } from '@uptime/proto/gen/private_location/v1/private_location_service_pb';
import { ValidationError } from '../common/errors';
import { PRIVATE_LOCATION_STATUSES } from './private-location.view';
import { maskFields } from '../rpc-kit/field-mask';
import { MASK_FIELDS, statusCodec } from './private-locations.rpc';

describe('private location status codec', () => {
  it('maps every status both ways', () => {
    expect(PRIVATE_LOCATION_STATUSES.map((s) => statusCodec.encode(s))).toEqual([
      PrivateLocationStatus.ACTIVE,
      PrivateLocationStatus.ERROR,
      PrivateLocationStatus.UNKNOWN,
    ]);
    expect(statusCodec.decode('status', PrivateLocationStatus.ERROR)).toBe('error');
  });
});

describe('private location update masks', () => {
  const mask = (...paths: string[]) => create(FieldMaskSchema, { paths });

  it('map proto paths to domain fields', () => {
    expect(maskFields(undefined, MASK_FIELDS)).toBeUndefined();
    expect(maskFields(mask('name', 'monitor_ids', 'metadata', 'name'), MASK_FIELDS)).toEqual([
      'name',
      'monitorIds',
      'metadata',
    ]);
  });

  it.each(['token', 'status', 'monitorIds', 'metadata.env'])('refuse %s', (path) => {
    expect(() => maskFields(mask(path), MASK_FIELDS)).toThrow(
      new ValidationError(`updateMask: ${path} is not an updatable field`),
    );
  });
});
