import { ValidationError } from '../common/errors';
import { pageOf } from '../common/paging';
import { parseInput } from '../common/validation';
import {
  createStatusReportSchema,
  STATUS_REPORT_PAGING,
  statusReportFieldsSchema,
  statusReportFilterSchema,
  statusReportUpdateSchema,
} from './status-report.schemas';

// The fields every announcement shares are tested once, in status-pages/announcement.schemas.spec.ts;
// here only that they are wired in, and this resource's own rules.
describe('status report schemas', () => {
  const valid = { pageId: '1', title: 'API down', message: 'We are looking into it' };

  it('defaults the status to investigating and the components to none', () => {
    expect(parseInput(createStatusReportSchema, valid)).toEqual({
      ...valid,
      status: 'investigating',
      pageComponentIds: [],
    });
  });

  it('trims title and message', () => {
    expect(parseInput(createStatusReportSchema, { ...valid, title: '  t  ', message: ' m\n' })).toMatchObject({
      title: 't',
      message: 'm',
    });
  });

  it.each([
    [{ title: undefined }, 'title: is required'],
    [{ message: 'm'.repeat(10_001) }, 'message: must be at most 10000 characters'],
    [{ message: '' }, 'message: is required'],
    [{ pageId: '' }, 'pageId: is required'],
    [{ status: 'down' }, 'status: must be one of investigating, identified, monitoring, resolved'],
    [{ pageComponentIds: ['1', '1'] }, 'pageComponentIds: must not repeat a component'],
    [
      { date: new Date('1969-12-31T23:59:59Z') },
      'date: must be between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z',
    ],
  ])('refuses %j', (patch, message) => {
    expect(() => parseInput(createStatusReportSchema, { ...valid, ...patch })).toThrow(new ValidationError(message));
  });

  it('accepts a message at its bound', () => {
    expect(() => parseInput(createStatusReportSchema, { ...valid, message: 'm'.repeat(10_000) })).not.toThrow();
  });

  it('requires the status of an update, and of merged fields', () => {
    expect(() => parseInput(statusReportUpdateSchema, { message: 'x' })).toThrow(
      new ValidationError('status: is required'),
    );
    expect(() => parseInput(statusReportFieldsSchema, { title: 't', pageComponentIds: [] })).toThrow(
      new ValidationError('status: is required'),
    );
  });

  it('pages by page and perPage, with defaults and bounds', () => {
    expect(pageOf({}, STATUS_REPORT_PAGING)).toEqual({ limit: 50, offset: 0 });
    expect(pageOf({ page: 3, perPage: 200 }, STATUS_REPORT_PAGING)).toEqual({ limit: 200, offset: 400 });
    for (const perPage of [0, 201]) {
      expect(() => pageOf({ perPage }, STATUS_REPORT_PAGING)).toThrow(
        new ValidationError('perPage: must be between 1 and 200'),
      );
    }
    expect(() => pageOf({ page: 0 }, STATUS_REPORT_PAGING)).toThrow(new ValidationError('page: must be 1 or more'));
    expect(parseInput(statusReportFilterSchema, {})).toEqual({ filter: 'active' });
    expect(() => parseInput(statusReportFilterSchema, { filter: 'old' })).toThrow(
      new ValidationError('filter: must be one of active, all'),
    );
  });
});
