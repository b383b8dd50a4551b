import { z } from 'zod';
import { ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import { announcementDateSchema, announcementTitleSchema, componentIdsSchema } from './announcement.schemas';

describe('announcement fields', () => {
  const sut = z.object({ title: announcementTitleSchema, date: announcementDateSchema, ids: componentIdsSchema });
  const valid = { title: 'API down', date: new Date('2030-01-01T00:00:00Z'), ids: ['1', '2'] };

  it('trims the title and accepts the bounds themselves', () => {
    expect(parseInput(sut, { ...valid, title: '  t  ' }).title).toBe('t');
    expect(parseInput(sut, { ...valid, title: 't'.repeat(256) }).title).toHaveLength(256);
    for (const date of ['1970-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
      expect(parseInput(sut, { ...valid, date: new Date(date) }).date.toISOString()).toBe(date);
    }
  });

  it.each([
    [{ title: 't'.repeat(257) }, 'title: must be at most 256 characters'],
    [{ title: '   ' }, 'title: is required'],
    [{ title: undefined }, 'title: is required'],
    [{ title: 'a\u0007b' }, 'title: must not contain control characters'],
    [{ date: undefined }, 'date: is required'],
    [{ date: new Date('invalid') }, 'date: must be a valid timestamp'],
    [
      { date: new Date('1969-12-31T23:59:59Z') },
      'date: must be between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z',
    ],
    [
      { date: new Date('+010000-01-01T00:00:00Z') },
      'date: must be between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z',
    ],
    [{ ids: ['1', '1'] }, 'ids: must not repeat a component'],
  ])('refuses %j', (patch, message) => {
    expect(() => parseInput(sut, { ...valid, ...patch })).toThrow(new ValidationError(message));
  });
});
