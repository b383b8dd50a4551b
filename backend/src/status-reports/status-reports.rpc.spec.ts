import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { StatusReportFilter, StatusReportStatus } from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { ValidationError } from '../common/errors';
import { STATUS_REPORT_STATUSES } from './status-report.entity';
import { maskFields } from '../rpc-kit/field-mask';
import { codecs, MASK_FIELDS, statusReportOut } from './status-reports.rpc';

describe('status report RPC mapping', () => {
  it('maps every status both ways', () => {
    expect(STATUS_REPORT_STATUSES.map((s) => codecs.status.encode(s))).toEqual([
      StatusReportStatus.INVESTIGATING,
      StatusReportStatus.IDENTIFIED,
      StatusReportStatus.MONITORING,
      StatusReportStatus.RESOLVED,
    ]);
    expect(codecs.status.decode('status', StatusReportStatus.UNSPECIFIED)).toBeUndefined();
    expect(() => codecs.status.decode('status', 9)).toThrow(new ValidationError('status: unknown value 9'));
  });

  it('maps the list filter', () => {
    expect(codecs.filter.decode('filter', StatusReportFilter.ACTIVE)).toBe('active');
    expect(codecs.filter.decode('filter', StatusReportFilter.ALL)).toBe('all');
    expect(codecs.filter.decode('filter', StatusReportFilter.UNSPECIFIED)).toBeUndefined();
  });

  it('resolves update masks and refuses unknown paths', () => {
    expect(maskFields(undefined, MASK_FIELDS)).toBeUndefined();
    expect(maskFields(create(FieldMaskSchema, { paths: [] }), MASK_FIELDS)).toBeUndefined();
    expect(maskFields(create(FieldMaskSchema, { paths: ['page_component_ids', 'title'] }), MASK_FIELDS)).toEqual([
      'pageComponentIds',
      'title',
    ]);
    expect(() => maskFields(create(FieldMaskSchema, { paths: ['page_id'] }), MASK_FIELDS)).toThrow(
      new ValidationError('updateMask: page_id is not an updatable field'),
    );
  });

  it('leaves resolved_at unset while the report is open', () => {
    const at = '2030-01-02T03:04:05.678Z';
    const report = statusReportOut({
      id: '7',
      pageId: '3',
      title: 't',
      status: 'identified',
      pageComponentIds: ['4'],
      updates: [{ id: '9', status: 'identified', message: 'm', date: at, createdAt: at, notifiedAt: null }],
      resolvedAt: null,
      draft: false,
      createdAt: at,
      updatedAt: at,
    });
    expect(report.resolvedAt).toBeUndefined();
    expect(report.updates[0].date).toMatchObject({
      seconds: BigInt(Math.floor(Date.parse(at) / 1000)),
      nanos: 678_000_000,
    });
  });
});
