// What the service layer returns for a maintenance window. Every transport maps this view, never the
// entity.
import { z } from 'zod';
import type { Snapshot } from '../audit/audit-snapshot';
import { isoDateTime, viewId, viewIds } from '../common/view-schema';
import type { MaintenanceEntity } from './maintenance.entity';

export const MAINTENANCE_STATUSES = ['scheduled', 'in_progress', 'completed'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

export const maintenanceView = z.object({
  id: viewId,
  pageId: viewId,
  title: z.string(),
  message: z.string(),
  from: isoDateTime,
  to: isoDateTime,
  pageComponentIds: viewIds,
  /** Derived from `from` and `to` at the time the view was made. */
  status: z.enum(MAINTENANCE_STATUSES),
  /** When the page's subscribers were notified of the window; null when they were not. */
  notifiedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type MaintenanceView = z.infer<typeof maintenanceView>;

/** Before `from`: scheduled; from `from` until `to`: in progress; from `to` on: completed. */
export function maintenanceStatusAt(from: Date, to: Date, now: Date): MaintenanceStatus {
  if (now < from) return 'scheduled';
  if (now < to) return 'in_progress';
  return 'completed';
}

export function toMaintenanceView(
  m: MaintenanceEntity,
  pageComponentIds: string[],
  now: Date = new Date(),
): MaintenanceView {
  return {
    id: m.id,
    pageId: m.pageId,
    title: m.title,
    message: m.message,
    from: m.from.toISOString(),
    to: m.to.toISOString(),
    pageComponentIds,
    status: maintenanceStatusAt(m.from, m.to, now),
    notifiedAt: m.notifiedAt ? m.notifiedAt.toISOString() : null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/**
 * Audit snapshot: the fields an author sets (status is derived from from/to, and notifiedAt is written
 * by the dispatch after the audited mutation, so both are left out).
 */
export function maintenanceSnapshot(view: MaintenanceView): Snapshot {
  return { ...view, status: undefined, notifiedAt: undefined, createdAt: undefined, updatedAt: undefined };
}
