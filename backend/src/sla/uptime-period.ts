// The period of the uptime figure a public page shows per component (the page's `uptimePeriod`),
// resolved against the clock. Pure, so the public page and its tests read one definition; the figure
// itself comes from the SLA rules (SlaService.uptimeOver), never from a second formula.
import type { UptimePeriod } from '../status-pages/status-page.entity';

const DAY_MS = 86_400_000;

/** A resolved period: [from, to), measured up to now at the latest. */
export interface ShownPeriod {
  kind: Exclude<UptimePeriod, 'off'>;
  from: Date;
  to: Date;
}

/**
 * The period `kind` names at `now`: the last 30 or 90 days up to now, or the current calendar month
 * or quarter in UTC (to its end; the report measures up to now). Null when the setting is off.
 */
export function shownPeriod(kind: UptimePeriod, now: Date): ShownPeriod | null {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  switch (kind) {
    case 'off':
      return null;
    case '30d':
    case '90d': {
      const days = kind === '30d' ? 30 : 90;
      return { kind, from: new Date(now.getTime() - days * DAY_MS), to: now };
    }
    case 'month':
      return { kind, from: new Date(Date.UTC(y, m, 1)), to: new Date(Date.UTC(y, m + 1, 1)) };
    case 'quarter': {
      const first = m - (m % 3);
      return { kind, from: new Date(Date.UTC(y, first, 1)), to: new Date(Date.UTC(y, first + 3, 1)) };
    }
  }
}
