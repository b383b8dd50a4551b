import { ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import { pageOf } from '../common/paging';
import { MAINTENANCE_PAGING, maintenanceSchema } from './maintenance.schemas';

// The fields every announcement shares are tested once, in status-pages/announcement.schemas.spec.ts;
// here only that they are wired in, and this resource's own rules.
describe('maintenance schemas', () => {
  const valid = {
    pageId: '1',
    title: 'Database upgrade',
    message: '',
    from: new Date('2030-01-01T00:00:00Z'),
    to: new Date('2030-01-01T02:00:00Z'),
    pageComponentIds: [],
  };

  it('accepts a window', () => {
    expect(parseInput(maintenanceSchema, valid)).toEqual(valid);
  });

  it.each([
    [{ to: new Date('2030-01-01T00:00:00Z') }, 'to: must be after from'],
    [{ to: new Date('2029-12-31T00:00:00Z') }, 'to: must be after from'],
    [{ from: undefined }, 'from: is required'],
    [{ to: undefined }, 'to: is required'],
    [{ title: '' }, 'title: is required'],
    [{ message: 'm'.repeat(10_001) }, 'message: must be at most 10000 characters'],
    [{ pageComponentIds: ['2', '2'] }, 'pageComponentIds: must not repeat a component'],
    [{ from: new Date(Number.NaN) }, 'from: must be a valid timestamp'],
    [
      { to: new Date('+010000-01-01T00:00:00Z') },
      'to: must be between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z',
    ],
  ])('refuses %j', (patch, message) => {
    expect(() => parseInput(maintenanceSchema, { ...valid, ...patch })).toThrow(new ValidationError(message));
  });

  it('accepts a message at its bound', () => {
    expect(() => parseInput(maintenanceSchema, { ...valid, message: 'm'.repeat(10_000) })).not.toThrow();
  });

  it('pages by page and perPage, with defaults and bounds', () => {
    expect(pageOf({}, MAINTENANCE_PAGING)).toEqual({ limit: 50, offset: 0 });
    for (const perPage of [0, 201]) {
      expect(() => pageOf({ perPage }, MAINTENANCE_PAGING)).toThrow(
        new ValidationError('perPage: must be between 1 and 200'),
      );
    }
    expect(() => pageOf({ limit: 10 }, MAINTENANCE_PAGING)).toThrow(new ValidationError('limit: use page and perPage'));
  });
});
