import { ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import { pageOf } from '../common/paging';
import { MAINTENANCE_PAGING, maintenanceSchema } from './maintenance.schemas';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error('expected a validation error');
}

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
    [{ title: 't'.repeat(257) }, 'title: must be at most 256 characters'],
    [{ message: 'm'.repeat(10_001) }, 'message: must be at most 10000 characters'],
    [{ pageComponentIds: ['2', '2'] }, 'pageComponentIds: must not repeat a component'],
    [{ from: new Date(Number.NaN) }, 'from: must be a valid timestamp'],
    [
      { to: new Date('+010000-01-01T00:00:00Z') },
      'to: must be between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z',
    ],
  ])('refuses %j', (patch, message) => {
    expect(messageOf(() => parseInput(maintenanceSchema, { ...valid, ...patch }))).toBe(message);
  });

  it('accepts the bounds themselves', () => {
    expect(() =>
      parseInput(maintenanceSchema, { ...valid, title: 't'.repeat(256), message: 'm'.repeat(10_000) }),
    ).not.toThrow();
  });

  it('pages by page and perPage, with defaults and bounds', () => {
    expect(pageOf({}, MAINTENANCE_PAGING)).toEqual({ limit: 50, offset: 0 });
    expect(messageOf(() => pageOf({ perPage: 201 }, MAINTENANCE_PAGING))).toBe('perPage: must be between 1 and 200');
    expect(messageOf(() => pageOf({ perPage: 0 }, MAINTENANCE_PAGING))).toBe('perPage: must be between 1 and 200');
    expect(messageOf(() => pageOf({ limit: 10 }, MAINTENANCE_PAGING))).toBe('limit: use page and perPage');
  });
});
