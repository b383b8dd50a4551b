// Validation of status reports, their updates and their listing (SPEC §2.10, §4.2, §8). Create and
// addUpdate validate their input; update merges the patch over the stored report and validates the
// result, so every path enforces the same bounds with messages that name the field and the bound.
import { z } from 'zod';
import type { PageBounds } from '../common/paging';
import { multiLine, required } from '../common/validation';
import {
  ANNOUNCEMENT_BOUNDS,
  announcementDateSchema,
  announcementTitleSchema,
  componentIdsSchema,
} from '../status-pages/announcement.schemas';
import { STATUS_REPORT_STATUSES } from './status-report.entity';

export const STATUS_REPORT_BOUNDS = {
  ...ANNOUNCEMENT_BOUNDS,
  perPageDefault: 50,
  perPageMax: 200,
} as const;

export const STATUS_REPORT_FILTERS = ['active', 'all'] as const;
export type StatusReportFilter = (typeof STATUS_REPORT_FILTERS)[number];

const requiredOr = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message),
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

const idSchema = z.string(required).min(1, required);

export const createStatusReportSchema = z.object({
  pageId: idSchema,
  title: announcementTitleSchema,
  status: statusSchema.default('investigating'),
  message: messageSchema,
  date: announcementDateSchema.optional(),
  pageComponentIds: componentIdsSchema.default([]),
});

export const statusReportUpdateSchema = z.object({
  status: statusSchema,
  message: messageSchema,
  date: announcementDateSchema.optional(),
});

export const resolveSchema = z.object({ message: messageSchema });

/** The editable fields of a report, validated after a patch is merged over the stored report. */
export const statusReportFieldsSchema = z.object({
  title: announcementTitleSchema,
  status: statusSchema,
  pageComponentIds: componentIdsSchema,
  // Left out (an older caller's merged fields): published.
  draft: z.boolean({ error: 'must be true or false' }).default(false),
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
