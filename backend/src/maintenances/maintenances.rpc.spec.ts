import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { MaintenanceSchema, MaintenanceStatus } from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb';
import { ValidationError } from '../common/errors';
import { maskFields } from '../rpc-kit/field-mask';
import { codecs, maintenanceIn, MASK_FIELDS } from './maintenances.rpc';

describe('maintenance RPC mapping', () => {
  it('maps every status', () => {
    expect(codecs.status.encode('scheduled')).toBe(MaintenanceStatus.SCHEDULED);
    expect(codecs.status.encode('in_progress')).toBe(MaintenanceStatus.IN_PROGRESS);
    expect(codecs.status.encode('completed')).toBe(MaintenanceStatus.COMPLETED);
  });

  it('treats absent fields as not given', () => {
    expect(maintenanceIn(create(MaintenanceSchema, {}))).toEqual({
      pageId: undefined,
      title: undefined,
      message: undefined,
      from: undefined,
      to: undefined,
      pageComponentIds: undefined,
    });
    const from = new Date('2030-01-01T00:00:00.250Z');
    expect(
      maintenanceIn(create(MaintenanceSchema, { message: '', from: timestampFromDate(from), pageComponentIds: ['1'] })),
    ).toMatchObject({ message: '', from, pageComponentIds: ['1'] });
  });

  it('resolves update masks and refuses paths that cannot change', () => {
    expect(maskFields(create(FieldMaskSchema, { paths: ['from', 'to', 'page_component_ids'] }), MASK_FIELDS)).toEqual([
      'from',
      'to',
      'pageComponentIds',
    ]);
    for (const path of ['page_id', 'status', 'id']) {
      expect(() => maskFields(create(FieldMaskSchema, { paths: [path] }), MASK_FIELDS)).toThrow(
        new ValidationError(`updateMask: ${path} is not an updatable field`),
      );
    }
  });
});
