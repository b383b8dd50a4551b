// Slot arithmetic. Each monitor runs at a stable offset inside its period (derived from its id), so
// monitors with the same periodicity do not all fire at the same instant.
import { createHash } from 'node:crypto';

export const PRIVATE_LOCATION_PREFIX = 'private-location:';

export function privateLocation(id: string): string {
  return `${PRIVATE_LOCATION_PREFIX}${id}`;
}

export function offsetMs(monitorId: string, periodMs: number): number {
  const hash = createHash('sha256').update(monitorId).digest();
  return hash.readUInt32BE(0) % periodMs;
}

/** The first slot at or after `now`. */
export function firstSlot(now: number, periodMs: number, offset: number): number {
  const base = Math.floor((now - offset) / periodMs) * periodMs + offset;
  return base >= now ? base : base + periodMs;
}

/** The latest slot not after `now`, counting from the planned one: missed slots are skipped, not replayed. */
export function dueSlot(plannedMs: number, now: number, periodMs: number): number {
  if (now <= plannedMs) return plannedMs;
  return plannedMs + Math.floor((now - plannedMs) / periodMs) * periodMs;
}
