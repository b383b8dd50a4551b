// Validation of maintenance windows and their listing (SPEC §2.10, §4.2, §8). Create merges the
// input over the defaults and update merges it over the stored window, then the result is validated
// here, so both paths enforce the same bounds with messages that name the field and the bound.
import { z } from 'zod';
import type { PageBounds } from '../common/paging';
import { multiLine, singleLine } from '../common/validation';

export const MAINTENANCE_BOUNDS = {
  title: 256,
  message: 10_000,
  perPageDefault: 50,
  perPageMax: 200,
} as const;

/** Dates an author may give: what PostgreSQL and JavaScript both represent without surprises. */
export const DATE_MIN = new Date('1970-01-01T00:00:00.000Z');
export const DATE_MAX = new Date('9999-12-31T23:59:59.999Z');

const required = { error: 'is required' };

const timestamp = z
  .date({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a valid timestamp') })
  .refine((d) => d >= DATE_MIN && d <= DATE_MAX, {
    error: `must be between ${DATE_MIN.toISOString()} and ${DATE_MAX.toISOString()}`,
  });

export const maintenanceSchema = z
  .object({
    pageId: z.string(required).min(1, required),
    title: singleLine()
      .trim()
      .min(1, required)
      .max(MAINTENANCE_BOUNDS.title, { error: `must be at most ${MAINTENANCE_BOUNDS.title} characters` }),
    message: multiLine(MAINTENANCE_BOUNDS.message),
    from: timestamp,
    to: timestamp,
    pageComponentIds: z
      .array(z.string(required))
      .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a component' }),
  })
  .refine((m) => m.to.getTime() > m.from.getTime(), { error: 'must be after from', path: ['to'] });

export type MaintenanceData = z.output<typeof maintenanceSchema>;

/** What narrows listMaintenances besides the page. */
export const maintenanceFilterSchema = z.object({ pageId: z.string().optional() });

/** listMaintenances and list_maintenances page by page/perPage (SPEC §4.2, §8). */
export const MAINTENANCE_PAGING: PageBounds = {
  perPage: { max: MAINTENANCE_BOUNDS.perPageMax, default: MAINTENANCE_BOUNDS.perPageDefault },
};
