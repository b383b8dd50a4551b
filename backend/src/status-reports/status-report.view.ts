// What the service layer returns for a status report: the report with its timeline and affected
// components. Every transport maps this view, never the entities.
import { z } from 'zod';
import type { Snapshot } from '../audit/audit-snapshot';
import { isoDateTime, viewId, viewIds } from '../common/view-schema';
import { STATUS_REPORT_STATUSES, type StatusReportEntity, type StatusReportUpdateEntity } from './status-report.entity';

export const statusReportUpdateView = z.object({
  id: viewId,
  status: z.enum(STATUS_REPORT_STATUSES),
  message: z.string(),
  date: isoDateTime,
  createdAt: isoDateTime,
  /** When the page's subscribers were notified of this update; null when they were not. */
  notifiedAt: isoDateTime.nullable(),
});
export type StatusReportUpdateView = z.infer<typeof statusReportUpdateView>;

export const statusReportView = z.object({
  id: viewId,
  pageId: viewId,
  title: z.string(),
  status: z.enum(STATUS_REPORT_STATUSES),
  pageComponentIds: viewIds,
  updates: z.array(statusReportUpdateView).describe('oldest first'),
  resolvedAt: isoDateTime.nullable(),
  /** Not on the public page nor sent to subscribers until a person publishes it. */
  draft: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type StatusReportView = z.infer<typeof statusReportView>;

export function toStatusReportUpdateView(u: StatusReportUpdateEntity): StatusReportUpdateView {
  return {
    id: u.id,
    status: u.status,
    message: u.message,
    date: u.date.toISOString(),
    createdAt: u.createdAt.toISOString(),
    notifiedAt: u.notifiedAt ? u.notifiedAt.toISOString() : null,
  };
}

/** `updates` must come oldest first and `pageComponentIds` in a stable order (the repository's). */
export function toStatusReportView(
  r: StatusReportEntity,
  updates: StatusReportUpdateEntity[],
  pageComponentIds: string[],
): StatusReportView {
  return {
    id: r.id,
    pageId: r.pageId,
    title: r.title,
    status: r.status,
    pageComponentIds,
    updates: updates.map(toStatusReportUpdateView),
    resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
    draft: r.draft,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Audit snapshot: the report's own fields, without the whole timeline (which can be long); when a
 * mutation posted an update, that update is part of the `after` snapshot.
 */
export function statusReportSnapshot(view: StatusReportView, posted?: StatusReportUpdateView): Snapshot {
  return {
    id: view.id,
    pageId: view.pageId,
    title: view.title,
    status: view.status,
    pageComponentIds: view.pageComponentIds,
    resolvedAt: view.resolvedAt,
    draft: view.draft,
    updateCount: view.updates.length,
    ...(posted ? { update: { id: posted.id, status: posted.status, message: posted.message, date: posted.date } } : {}),
  };
}
