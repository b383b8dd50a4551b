// The rules of an SLA report, pure so they are read and tested in one place (sla-figures.spec.ts);
// sla.service.ts only gathers their inputs. The rules, also in content/docs/sla-reports.md:
//
// - A monitor's status over time is its alert status (after quorum and thresholds), from its kept
//   transitions: each holds from the `since` of the transition into it (when the checks first showed
//   it) to the `since` of the next. Downtime is the time in `error`; degraded time is reported apart
//   and is not downtime.
// - Measured time is the time with a known status inside the range, up to now. Time before the
//   monitor's first status (`unknown`) and time inside a maintenance window that covers the monitor
//   are left out of both the measured time and the downtime.
// - Where the range starts before the kept history (its first kept transition does not start from
//   `unknown`: older ones were forgotten), those days are estimated from the daily check counts: the
//   day's measured part times the share of failed (downtime) and degraded checks. The answer says so
//   (`source`: history, aggregates or mixed).
// - uptime % = 1 - downtime / measured time; error budget: allowed = (1 - target/100) x measured time,
//   left = allowed - downtime (negative when overspent), also as a percent of allowed.
// - An incident runs from leaving active/unknown (into error or degraded) until active or unknown again,
//   grouped by its incident key; MTTR is the mean duration of the incidents resolved by the report's
//   end, over those that overlap the range.
// - A page combines its monitored components: measured time and downtime are the unions of theirs
//   (an hour two components are down counts once); estimated days add the largest component's estimate.
import { clip, intersect, subtract, total, union, type Interval } from './sla-intervals';

export type SlaStatus = 'unknown' | 'active' | 'degraded' | 'error';

/** One kept transition of a monitor's alert status, oldest first. */
export interface SlaTransition {
  from: SlaStatus;
  to: SlaStatus;
  /** When the checks first showed the new status (epoch ms). */
  since: number;
  incidentKey: string;
}

/** Check counts of one UTC day (daily aggregates). */
export interface DayCounts {
  /** YYYY-MM-DD, UTC. */
  day: string;
  total: number;
  degraded: number;
  failed: number;
}

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface Timeline {
  /** Status spans, from the first kept transition to `end`. */
  spans: Array<Interval & { status: SlaStatus }>;
  /** Where the kept history starts (the first transition's since); `end` when there is none. */
  start: number;
  /** The statuses before `start` were forgotten (retention), rather than unknown (not yet judged). */
  forgotten: boolean;
}

/** The status spans the transitions make, up to `end`. */
export function timeline(transitions: readonly SlaTransition[], end: number): Timeline {
  const spans: Timeline['spans'] = [];
  transitions.forEach((t, i) => {
    const next = transitions[i + 1];
    // `since` may step back across a transition (thresholds confirm late): never before the span's start.
    const start = Math.max(t.since, spans[spans.length - 1]?.end ?? -Infinity);
    const stop = Math.max(start, Math.min(end, next ? next.since : end));
    spans.push({ start, end: stop, status: t.to });
  });
  const first = transitions[0];
  return { spans, start: first ? first.since : end, forgotten: !first || first.from !== 'unknown' };
}

export interface Incident {
  incidentKey: string;
  /** The worst status it reached: error (down) or degraded. */
  worst: 'error' | 'degraded';
  start: number;
  /** null while open. */
  end: number | null;
}

/** The incidents the transitions tell, oldest first. */
export function incidents(transitions: readonly SlaTransition[]): Incident[] {
  const out: Incident[] = [];
  let open: Incident | null = null;
  for (const t of transitions) {
    const bad = t.to === 'error' || t.to === 'degraded';
    if (bad && !open) {
      open = { incidentKey: t.incidentKey, worst: t.to === 'error' ? 'error' : 'degraded', start: t.since, end: null };
      out.push(open);
    } else if (bad && open) {
      if (t.to === 'error') open.worst = 'error';
    } else if (open) {
      open.end = t.since;
      open = null;
    }
  }
  return out;
}

/** What one monitor contributes to a report. */
export interface Measure {
  /** Known-status time from the history, maintenance left out. */
  known: Interval[];
  down: Interval[];
  degraded: Interval[];
  /** Days estimated from the daily check counts (history forgotten). */
  estimated: Array<{ day: string; spans: Interval[]; downMs: number; degradedMs: number }>;
}

/** A monitor's measure over `range` (already cut at now), without the `maintenance` windows. */
export function measure(
  t: Timeline,
  range: Interval,
  maintenance: readonly Interval[],
  days: readonly DayCounts[],
): Measure {
  const of = (keep: (s: SlaStatus) => boolean) =>
    subtract(
      clip(
        t.spans.filter((s) => keep(s.status)),
        range,
      ),
      maintenance,
    );
  const gap = t.forgotten ? clip([{ start: range.start, end: t.start }], range) : [];
  const estimated: Measure['estimated'] = [];
  for (const d of days) {
    if (d.total <= 0) continue;
    const dayStart = Date.parse(`${d.day}T00:00:00.000Z`);
    const spans = subtract(intersect(gap, [{ start: dayStart, end: dayStart + DAY_MS }]), maintenance);
    const ms = total(spans);
    if (!ms) continue;
    estimated.push({ day: d.day, spans, downMs: (ms * d.failed) / d.total, degradedMs: (ms * d.degraded) / d.total });
  }
  return {
    known: of((s) => s !== 'unknown'),
    down: of((s) => s === 'error'),
    degraded: of((s) => s === 'degraded'),
    estimated,
  };
}

export type SlaSource = 'history' | 'aggregates' | 'mixed';

export interface Figures {
  measuredMinutes: number;
  downtimeMinutes: number;
  degradedMinutes: number;
  /** null when nothing was measured. */
  uptimePercent: number | null;
  source: SlaSource;
  errorBudget: {
    allowedMinutes: number;
    leftMinutes: number;
    /** Of the allowed downtime; negative when overspent; null when nothing is allowed. */
    leftPercent: number | null;
  };
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};
export const minutes = (ms: number): number => round(ms / MINUTE_MS, 3);

/** The figures of one monitor, or of several combined as a page (unions of their times). */
export function figures(measures: readonly Measure[], target: number): Figures {
  const down = union(measures.flatMap((m) => m.down));
  const historyMs = total(measures.flatMap((m) => m.known));
  const estimatedMs = total(measures.flatMap((m) => m.estimated.flatMap((e) => e.spans)));
  const measuredMs = total([
    ...measures.flatMap((m) => m.known),
    ...measures.flatMap((m) => m.estimated.flatMap((e) => e.spans)),
  ]);
  // An estimated day's downtime has no intervals: the largest monitor's estimate stands for the union.
  const perDay = new Map<string, { down: number; degraded: number }>();
  for (const e of measures.flatMap((m) => m.estimated)) {
    const seen = perDay.get(e.day) ?? { down: 0, degraded: 0 };
    perDay.set(e.day, { down: Math.max(seen.down, e.downMs), degraded: Math.max(seen.degraded, e.degradedMs) });
  }
  const estimatedDown = [...perDay.values()].reduce((s, d) => s + d.down, 0);
  const estimatedDegraded = [...perDay.values()].reduce((s, d) => s + d.degraded, 0);
  const downMs = total(down) + estimatedDown;
  const degradedMs =
    total(
      subtract(
        measures.flatMap((m) => m.degraded),
        down,
      ),
    ) + estimatedDegraded;
  const allowedMs = (1 - target / 100) * measuredMs;
  const leftMs = allowedMs - downMs;
  return {
    measuredMinutes: minutes(measuredMs),
    downtimeMinutes: minutes(downMs),
    degradedMinutes: minutes(degradedMs),
    uptimePercent: measuredMs > 0 ? round(100 * (1 - downMs / measuredMs), 4) : null,
    source: estimatedMs > 0 ? (historyMs > 0 ? 'mixed' : 'aggregates') : 'history',
    errorBudget: {
      allowedMinutes: minutes(allowedMs),
      leftMinutes: minutes(leftMs),
      leftPercent: allowedMs > 0 ? round((100 * leftMs) / allowedMs, 2) : null,
    },
  };
}

/** Mean time to recovery in minutes over the resolved incidents; null when none was resolved. */
export function mttrMinutes(list: ReadonlyArray<Pick<Incident, 'start' | 'end'>>): number | null {
  const resolved = list.filter((i): i is { start: number; end: number } => i.end !== null);
  if (!resolved.length) return null;
  return minutes(resolved.reduce((s, i) => s + (i.end - i.start), 0) / resolved.length);
}
