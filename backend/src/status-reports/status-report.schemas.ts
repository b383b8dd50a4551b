// Validation of status reports, their updates and their listing (SPEC §2.10, §4.2, §8). Create and
// addUpdate validate their input; update merges the patch over the stored report and validates the
// result, so every path enforces the same bounds with messages that name the field and the bound.
import { z } from 'zod';
import type { PageBounds } from '../common/paging';
import { multiLine, singleLine } from '../common/validation';
import { STATUS_REPORT_STATUSES } from './status-report.entity';

export const STATUS_REPORT_BOUNDS = {
  title: 256,
  message: 10_000,
  perPageDefault: 50,
  perPageMax: 200,
} as const;

export const STATUS_REPORT_FILTERS = ['active', 'all'] as const;
export type StatusReportFilter = (typeof STATUS_REPORT_FILTERS)[number];

/** Dates an author may give: what PostgreSQL and JavaScript both represent without surprises. */
export const DATE_MIN = new Date('1970-01-01T00:00:00.000Z');
export const DATE_MAX = new Date('9999-12-31T23:59:59.999Z');

const required = { error: 'is required' };
const requiredOr = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message),
});

export const titleSchema = singleLine()
  .trim()
  .min(1, required)
  .max(STATUS_REPORT_BOUNDS.title, {
    error: `must be at most ${STATUS_REPORT_BOUNDS.title} characters`,
  });

const messageSchema = multiLine()
  .trim()
  .min(1, required)
  .max(STATUS_REPORT_BOUNDS.message, {
    error: `must be at most ${STATUS_REPORT_BOUNDS.message} characters`,
  });

export const statusSchema = z.enum(
  STATUS_REPORT_STATUSES,
  requiredOr(`must be one of ${STATUS_REPORT_STATUSES.join(', ')}`),
);

export const dateSchema = z
  .date(requiredOr('must be a valid timestamp'))
  .refine((d) => d >= DATE_MIN && d <= DATE_MAX, {
    error: `must be between ${DATE_MIN.toISOString()} and ${DATE_MAX.toISOString()}`,
  });

const idSchema = z.string(required).min(1, required);

export const componentIdsSchema = z
  .array(z.string(required))
  .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a component' });

export const createStatusReportSchema = z.object({
  pageId: idSchema,
  title: titleSchema,
  status: statusSchema.default('investigating'),
  message: messageSchema,
  date: dateSchema.optional(),
  pageComponentIds: componentIdsSchema.default([]),
});

export const statusReportUpdateSchema = z.object({
  status: statusSchema,
  message: messageSchema,
  date: dateSchema.optional(),
});

export const resolveSchema = z.object({ message: messageSchema });

/** The editable fields of a report, validated after a patch is merged over the stored report. */
export const statusReportFieldsSchema = z.object({
  title: titleSchema,
  status: statusSchema,
  pageComponentIds: componentIdsSchema,
});

/** listStatusReports and list_status_reports page by page/perPage (SPEC §4.2, §8). */
export const STATUS_REPORT_PAGING: PageBounds = {
  perPage: { max: STATUS_REPORT_BOUNDS.perPageMax, default: STATUS_REPORT_BOUNDS.perPageDefault },
};

export const statusReportFilterSchema = z.object({
  pageId: z.string().optional(),
  filter: z
    .enum(STATUS_REPORT_FILTERS, { error: `must be one of ${STATUS_REPORT_FILTERS.join(', ')}` })
    .default('active'),
});
