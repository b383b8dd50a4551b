import { ValidationError } from './errors';
import { pageOf, paginationOf, type PageBounds } from './paging';

const both: PageBounds = { limit: { max: 100, default: 50 }, perPage: { max: 200, default: 25 } };

describe(pageOf.name, () => {
  it('takes limit/offset as the window, with defaults', () => {
    expect(pageOf({ limit: 10, offset: 30 }, both)).toEqual({ limit: 10, offset: 30 });
    expect(pageOf({ offset: 5 }, both)).toEqual({ limit: 50, offset: 5 });
  });

  it('maps a 1-indexed page/perPage onto the window, with defaults', () => {
    expect(pageOf({ page: 3, perPage: 20 }, both)).toEqual({ limit: 20, offset: 40 });
    expect(pageOf({ page: 2 }, both)).toEqual({ limit: 25, offset: 25 });
  });

  it('uses the limit style when nothing is asked and it has bounds, else page/perPage', () => {
    expect(pageOf({}, both)).toEqual({ limit: 50, offset: 0 });
    expect(pageOf({}, { perPage: { max: 50, default: 50 } })).toEqual({ limit: 50, offset: 0 });
  });

  it('bounds each style by its own maximum', () => {
    expect(pageOf({ perPage: 200 }, both).limit).toBe(200);
    expect(() => pageOf({ limit: 101 }, both)).toThrow(new ValidationError('limit: must be between 1 and 100'));
    expect(() => pageOf({ perPage: 201 }, both)).toThrow(new ValidationError('perPage: must be between 1 and 200'));
  });

  it.each([
    [{ limit: 0 }, 'limit: must be between 1 and 100'],
    [{ limit: 1.5 }, 'limit: must be an integer'],
    [{ offset: -1 }, 'offset: must be 0 or more'],
    [{ page: 0 }, 'page: must be 1 or more'],
    [{ perPage: 0 }, 'perPage: must be between 1 and 200'],
    [{ page: 1, offset: 0 }, 'page: cannot be combined with limit or offset'],
  ])('refuses %j, naming the field and the bound', (query, message) => {
    expect(() => pageOf(query, both)).toThrow(new ValidationError(message));
  });

  it('refuses a style the list does not offer, naming the one it does', () => {
    expect(() => pageOf({ limit: 5 }, { perPage: both.perPage })).toThrow('limit: use page and perPage');
    expect(() => pageOf({ page: 2 }, { limit: both.limit })).toThrow('page: use limit and offset');
  });
});

describe(paginationOf.name, () => {
  it('gives the page number, the page size and the page count', () => {
    expect(paginationOf({ page: { limit: 20, offset: 40 }, totalSize: 41 })).toEqual({
      page: 3,
      perPage: 20,
      totalSize: 41,
      totalPages: 3,
    });
  });

  it('counts no pages for an empty list', () => {
    expect(paginationOf({ page: { limit: 50, offset: 0 }, totalSize: 0 })).toMatchObject({ page: 1, totalPages: 0 });
  });
});
