// What the service layer returns for a maintenance window. Every transport maps this view, never the
// entity.
import type { Snapshot } from '../audit/audit-snapshot';
import type { MaintenanceEntity } from './maintenance.entity';

export const MAINTENANCE_STATUSES = ['scheduled', 'in_progress', 'completed'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

export interface MaintenanceView {
  id: string;
  pageId: string;
  title: string;
  message: string;
  from: string;
  to: string;
  pageComponentIds: string[];
  /** Derived from `from` and `to` at the time the view was made. */
  status: MaintenanceStatus;
  /** When the page's subscribers were notified of the window; null when they were not. */
  notifiedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

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
