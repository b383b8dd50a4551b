// When a monitor's alert status moves, whether and how the channels hear of it. Pure, so the rule is
// read and tested in one place; the quorum that produces the status is SQL (check-results repository,
// ALERT_STATUS), the one implementation of that rule: `error` when at least the quorum of the counted
// locations are in error, `degraded` when at least that many are in error or degraded. The quorum is
// the monitor's alert_quorum, capped at the number of locations, or a strict majority when it is 0.
//
// The rule:
// - to `error` (down) from anything else (unknown, active, degraded): `down`. A monitor that was
//   degraded and then goes down alerts again: "down" is news after "degraded".
// - to `degraded` from `unknown` or `active`: `degraded`.
// - from `error` to `degraded`: recorded, not alerted. The incident is still open and partly
//   recovering is not a recovery; the next alert is `recovered` (or `down` again).
// - to `active` from `error` or `degraded`: `recovered`, which closes the incident.
// - from `unknown` to `active` (a new monitor's first results): recorded, not alerted.
// An incident runs from leaving `active`/`unknown` until `active` again; its key is stable over it,
// so PagerDuty and Opsgenie dedupe a down, a degraded and the recovery into one incident.
import type { AlertStatus, TransitionKind } from './alert.entities';

export function transitionKind(from: AlertStatus, to: AlertStatus): TransitionKind | null {
  if (from === to) return null;
  switch (to) {
    case 'error':
      return 'down';
    case 'degraded':
      return from === 'error' ? null : 'degraded';
    case 'active':
      return from === 'error' || from === 'degraded' ? 'recovered' : null;
    case 'unknown':
      return null;
  }
}

/** Whether the monitor is in an incident while in this status. */
export const inIncident = (status: AlertStatus): boolean => status === 'error' || status === 'degraded';

/**
 * The incident key after a transition: a new one when an incident opens (`<monitor>-<seq>` of the
 * transition that opened it), the same while it stays open, and the closing transition keeps the key
 * of the incident it closes.
 */
export function incidentKeyAfter(
  monitorId: string,
  seq: number,
  from: AlertStatus,
  to: AlertStatus,
  current: string | null,
): { key: string; open: string | null } {
  if (inIncident(to)) {
    const key = inIncident(from) && current ? current : `${monitorId}-${seq}`;
    return { key, open: key };
  }
  return { key: current ?? `${monitorId}-${seq}`, open: null };
}
