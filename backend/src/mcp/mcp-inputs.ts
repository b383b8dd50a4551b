// Input pieces shared by the MCP tools. Bounds, enums and id rules come from the services and
// common/, so a tool never holds a second copy of them. Models and the Inspector send ids as JSON
// numbers (`{"monitorId": 1}`) as often as strings, so every id argument takes both and hands the
// services the decimal string they take.
import { z } from 'zod';
import { isEntityId } from '../common/ids';
import { pagePerPageSchema, type PageBounds } from '../common/paging';
import { TIME_RANGES, type TimeRangeKey } from '../monitors/monitors.service';

const idNumber = (what: string) =>
  z
    .number()
    .int({ error: `${what} must be a whole number` })
    .min(0, { error: `${what} must not be negative` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${what} above 2^53 must be sent as a string of digits` });

const notAnId = (what: string) => `${what} must be a numeric id (digits only, e.g. "42" or 42)`;

/**
 * An entity id argument: a non-negative integer or a string of digits that can name an entity
 * (common/ids.ts), normalised to the string form. Every id argument of every tool is this schema.
 */
export function entityId(what: string) {
  return z
    .union([z.string(), idNumber(what)], {
      error: (issue) =>
        issue.input === undefined ? `${what} is required (a numeric id, e.g. "42" or 42)` : notAnId(what),
    })
    .transform(String)
    .refine(isEntityId, { error: notAnId(what) })
    .describe(`${what}: numeric id, as a string or a number`);
}

/**
 * The audit log's entityId filter: entity ids are numeric, but the log also names things by other
 * keys, so any string is passed on (the service bounds it) and a number is taken as its digits.
 */
export function auditEntityId() {
  return z
    .union([z.string(), idNumber('entityId')], { error: 'entityId must be an id, as a string or a number' })
    .transform(String)
    .describe('entityId: id of the entity, as a string or a number');
}

/** `page` and `perPage` of a page/perPage list, with the service's bounds. */
export function pageArgs(bounds: PageBounds) {
  if (!bounds.perPage) throw new Error('pageArgs: the list has no page/perPage bounds');
  const { max, default: fallback } = bounds.perPage;
  const { page, perPage } = pagePerPageSchema(bounds.perPage).shape;
  return {
    page: page.describe('1-indexed page, default 1'),
    perPage: perPage.describe(`items per page, 1 to ${max}, default ${fallback}`),
  };
}

const RANGE_KEYS = Object.keys(TIME_RANGES) as [TimeRangeKey, ...TimeRangeKey[]];

/** A monitor's summary or log window, one of the service's time ranges. */
export const range = z.enum(RANGE_KEYS).default('1d').describe('time range: 1d (default), 7d or 14d');

/** The publishing tools' notify (SPEC §4.2 rule 1): required, no default. */
export const notify = z
  .boolean({ error: 'notify is required: true to notify the page subscribers, false not to' })
  .describe('required: whether to notify the status page subscribers of this update (no default)');

export const componentIds = z
  .array(entityId('pageComponentIds[]'))
  .max(100)
  .describe('page component ids on the same page');

/** An ISO 8601 date-time argument (kept a string: tool inputs are parsed twice, see defineTool). */
export const isoDate = (field: string) =>
  z
    .string({ error: `${field} is required (ISO 8601)` })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: `${field} must be an ISO 8601 date-time` });
