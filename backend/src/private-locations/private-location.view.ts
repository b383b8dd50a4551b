// What the service layer returns for a private location. The agent token is in the view only when
// the verb reveals it (create, rotateToken, and get for read-and-write credentials); status is
// computed from when the agent last reported.
import { z } from 'zod';
import type { Snapshot } from '../audit/audit-snapshot';
import { count, isoDateTime, viewId, viewIds } from '../common/view-schema';
import type { PrivateLocationEntity } from './private-location.entity';

export const PRIVATE_LOCATION_STATUSES = ['active', 'error', 'unknown'] as const;
export type PrivateLocationStatus = (typeof PRIVATE_LOCATION_STATUSES)[number];

/**
 * How recency of the agent's last report maps to a status: never reported -> unknown; reported
 * within `activeWithinMs` -> active; longer ago -> error. Documented in the proto as well.
 */
export const PRIVATE_LOCATION_STATUS_THRESHOLDS = {
  activeWithinMs: 2 * 60_000,
} as const;

export function privateLocationStatus(lastSeenAt: Date | null, now: Date = new Date()): PrivateLocationStatus {
  if (!lastSeenAt) return 'unknown';
  return now.getTime() - lastSeenAt.getTime() <= PRIVATE_LOCATION_STATUS_THRESHOLDS.activeWithinMs ? 'active' : 'error';
}

export const privateLocationView = z.object({
  id: viewId,
  name: z.string(),
  monitorIds: viewIds,
  metadata: z.record(z.string(), z.string()),
  /** The agent token; null where it is not revealed (list, update, delete, read-only get). */
  token: z.string().nullable(),
  status: z.enum(PRIVATE_LOCATION_STATUSES),
  lastSeenAt: isoDateTime.nullable(),
  monitorCount: count,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PrivateLocationView = z.infer<typeof privateLocationView>;

export function toPrivateLocationView(
  entity: PrivateLocationEntity,
  monitorIds: string[],
  token: string | null,
  now: Date = new Date(),
): PrivateLocationView {
  return {
    id: entity.id,
    name: entity.name,
    monitorIds,
    metadata: { ...entity.metadata },
    token,
    status: privateLocationStatus(entity.lastSeenAt, now),
    lastSeenAt: entity.lastSeenAt ? entity.lastSeenAt.toISOString() : null,
    monitorCount: monitorIds.length,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

/** Audit snapshot: what a caller sets, never the token, nothing computed from the clock. */
export function privateLocationSnapshot(view: PrivateLocationView): Snapshot {
  return { id: view.id, name: view.name, monitorIds: view.monitorIds, metadata: view.metadata };
}
