// Validation of maintenance windows and their listing (SPEC §2.10, §4.2, §8). Create merges the
// input over the defaults and update merges it over the stored window, then the result is validated
// here, so both paths enforce the same bounds with messages that name the field and the bound.
import { z } from 'zod';
import type { PageBounds } from '../common/paging';
import { multiLine, required } from '../common/validation';
import {
  ANNOUNCEMENT_BOUNDS,
  announcementDateSchema,
  announcementTitleSchema,
  componentIdsSchema,
} from '../status-pages/announcement.schemas';

export const MAINTENANCE_BOUNDS = {
  ...ANNOUNCEMENT_BOUNDS,
  perPageDefault: 50,
  perPageMax: 200,
} as const;

export const maintenanceSchema = z
  .object({
    pageId: z.string(required).min(1, required),
    title: announcementTitleSchema,
    // Unlike a status report's, a window's message may be empty: the title and the times can say it all.
    message: multiLine(MAINTENANCE_BOUNDS.message),
    from: announcementDateSchema,
    to: announcementDateSchema,
    pageComponentIds: componentIdsSchema,
  })
  .refine((m) => m.to.getTime() > m.from.getTime(), { error: 'must be after from', path: ['to'] });

export type MaintenanceData = z.output<typeof maintenanceSchema>;

/** What narrows listMaintenances besides the page. */
export const maintenanceFilterSchema = z.object({ pageId: z.string().optional() });

/** listMaintenances and list_maintenances page by page/perPage (SPEC §4.2, §8). */
export const MAINTENANCE_PAGING: PageBounds = {
  perPage: { max: MAINTENANCE_BOUNDS.perPageMax, default: MAINTENANCE_BOUNDS.perPageDefault },
};
