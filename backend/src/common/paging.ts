// One paging type for every list verb. Callers ask in either of the two styles the wire formats use
// (limit/offset in most RPC lists, a 1-indexed page/perPage in MCP and the SPEC §4.2 lists); a
// service validates the style against its own bounds and works on one `Page` window, so no
// transport stitches pages together to reach a bound another transport set.
import { z } from 'zod';
import { ValidationError } from './errors';
import { parseInput } from './validation';
import { count } from './view-schema';

/** A window of a list: skip `offset` items, take at most `limit`. */
export interface Page {
  limit: number;
  offset: number;
}

/** A page as a caller asks for it: limit/offset or page/perPage, never both; each field optional. */
export interface PageQuery {
  limit?: number;
  offset?: number;
  /** 1-indexed. */
  page?: number;
  perPage?: number;
}

/** The largest and the default page size of one style. */
export interface PageSize {
  max: number;
  default: number;
}

/** A list's bounds per style, from the SPEC (§7, §8); a style without bounds is refused. */
export interface PageBounds {
  limit?: PageSize;
  perPage?: PageSize;
}

/** One page of a list, with the window it serves and how many items the whole list holds. */
export interface Paged<T> {
  items: T[];
  totalSize: number;
  page: Page;
}

/** The `pagination` object of page/perPage lists (SPEC §4.2): 1-indexed page, 0 pages when empty. */
export const paginationView = z.object({ page: count, perPage: count, totalSize: count, totalPages: count });
export type Pagination = z.infer<typeof paginationView>;

const integer = { error: 'must be an integer' };
const size = (bound: PageSize) => {
  const error = `must be between 1 and ${bound.max}`;
  return z.number().int(integer).min(1, { error }).max(bound.max, { error }).default(bound.default);
};

/** The limit/offset fields with their bounds and messages; for transports that declare inputs. */
export const limitOffsetSchema = (bound: PageSize) =>
  z.object({ limit: size(bound), offset: z.number().int(integer).min(0, { error: 'must be 0 or more' }).default(0) });

/** The page/perPage fields with their bounds and messages; for transports that declare inputs. */
export const pagePerPageSchema = (bound: PageSize) =>
  z.object({ page: z.number().int(integer).min(1, { error: 'must be 1 or more' }).default(1), perPage: size(bound) });

/** Validates a query in either style against the bounds and maps it onto a window. */
export function pageOf(query: PageQuery, bounds: PageBounds): Page {
  const { limit, offset, page, perPage } = query;
  const byPage = page !== undefined || perPage !== undefined;
  const byLimit = limit !== undefined || offset !== undefined;
  if (byPage && byLimit) {
    throw ValidationError.field(page !== undefined ? 'page' : 'perPage', 'cannot be combined with limit or offset');
  }
  if (byPage || (!byLimit && !bounds.limit)) {
    if (!bounds.perPage) throw ValidationError.field(page !== undefined ? 'page' : 'perPage', 'use limit and offset');
    const q = parseInput(pagePerPageSchema(bounds.perPage), { page, perPage });
    return { limit: q.perPage, offset: (q.page - 1) * q.perPage };
  }
  if (!bounds.limit) throw ValidationError.field(limit !== undefined ? 'limit' : 'offset', 'use page and perPage');
  return parseInput(limitOffsetSchema(bounds.limit), { limit, offset });
}

/** SPEC §4.2's pagination of a page/perPage list; the page number of a window asked by page. */
export function paginationOf(paged: { page: Page; totalSize: number }): Pagination {
  const { limit, offset } = paged.page;
  return {
    page: Math.floor(offset / limit) + 1,
    perPage: limit,
    totalSize: paged.totalSize,
    totalPages: Math.ceil(paged.totalSize / limit),
  };
}
