// The daily check counts and latency of monitors, for the bars of public pages and the dashboard's
// overview (uptime over 7 and 14 days, the latency sparkline). The days before today
// are kept in process: they are read from aggregates of up to 90 days × regions (merging latency
// sketches is the costly part, seconds for a page of 100 monitors on the embedded database), and they
// rarely change. Today is always read. A past day can still change when results arrive late (an agent
// that reports a backlog after midnight), so what is kept expires after PAST_DAYS_TTL_MS.
import type { CheckResultsRepository, DailyCounts } from './check-results.repository';

/** The two reads the day cache makes, so the other modules pass their port. */
type DayReads = Pick<CheckResultsRepository, 'dailyCounts' | 'dailyLatency'>;

export const PAST_DAYS_TTL_MS = 15 * 60_000;
/**
 * Today's latency (p50/p95 of today's merged sketches, the costliest read left) is kept this long: a
 * daily latency chart needs no second-by-second freshness, unlike today's counts and status.
 */
export const TODAY_LATENCY_TTL_MS = 60_000;
const MAX_MONITORS = 20_000;

export interface DailyLatency {
  monitorId: string;
  day: string;
  p50: number;
  p95: number;
  /** Successful and degraded checks the day's latency rests on. */
  checks: number;
}

interface PastDays {
  /** First day covered (ms) and the day after the last (today's start). */
  from: number;
  to: number;
  loadedAt: number;
  counts: DailyCounts[];
  /** Null when the monitor was not public then: latency not read. */
  latency: DailyLatency[] | null;
}

export class MonitorDays {
  private readonly past = new Map<string, PastDays>();
  private readonly todayLatency = new Map<string, { day: number; loadedAt: number; rows: DailyLatency[] }>();
  private readonly todayCounts = new Map<string, { day: number; loadedAt: number; rows: DailyCounts[] }>();

  /**
   * `todayCountsTtlMs`: how long today's counts may be answered from memory (0, the default: read on
   * every call, as a public page's bars must be; the dashboard's uptime figures take a few seconds).
   */
  constructor(private readonly todayCountsTtlMs = 0) {}

  /** Forgets a monitor's past days (its `public` changed, or it was deleted). */
  forget(monitorId: string): void {
    this.past.delete(monitorId);
    this.todayLatency.delete(monitorId);
    this.todayCounts.delete(monitorId);
  }

  private readonly refreshing = new Set<string>();

  /** Adds the days from the earliest kept end to today to what is kept of these monitors. */
  private async catchUp(
    results: DayReads,
    ids: readonly string[],
    wantsLatency: ReadonlySet<string>,
    from: Date,
    today: Date,
  ): Promise<void> {
    const gap = new Date(Math.min(...ids.map((id) => this.past.get(id)!.to)));
    const [counts, latency] = await Promise.all([
      results.dailyCounts([...ids], gap, today),
      results.dailyLatency(
        ids.filter((id) => wantsLatency.has(id)),
        gap,
        today,
      ),
    ]);
    const firstDay = from.toISOString().slice(0, 10);
    const gapDay = gap.toISOString().slice(0, 10);
    const countsBy = groupByMonitor(counts);
    const latencyBy = groupByMonitor(latency);
    const within = (row: { day: string }) => row.day >= firstDay && row.day < gapDay;
    for (const id of ids) {
      const kept = this.past.get(id);
      if (!kept) continue;
      kept.counts = [...kept.counts.filter(within), ...(countsBy.get(id) ?? [])];
      if (kept.latency) kept.latency = [...kept.latency.filter(within), ...(latencyBy.get(id) ?? [])];
      kept.from = from.getTime();
      kept.to = today.getTime();
    }
  }

  /** Reads expired past days again without making anyone wait; a failure leaves them as they were. */
  private refresh(
    results: DayReads,
    ids: readonly string[],
    latencyIds: readonly string[],
    from: Date,
    today: Date,
    now: number,
  ): void {
    const todo = ids.filter((id) => !this.refreshing.has(id));
    if (!todo.length) return;
    for (const id of todo) this.refreshing.add(id);
    const wantsLatency = new Set(latencyIds.filter((id) => todo.includes(id)));
    void Promise.all([results.dailyCounts(todo, from, today), results.dailyLatency([...wantsLatency], from, today)])
      .then(([counts, latency]) => keepRows(this.past, todo, wantsLatency, counts, latency, from, today, now))
      .catch(() => undefined)
      .finally(() => {
        for (const id of todo) this.refreshing.delete(id);
      });
  }

  /**
   * Counts of `monitorIds` and latency of `latencyIds` (a subset) per UTC day in [from, today + 1 day),
   * where `today` is the start of the current UTC day.
   */
  async byMonitor(
    results: DayReads,
    monitorIds: readonly string[],
    latencyIds: readonly string[],
    from: Date,
    today: Date,
    now = Date.now(),
  ): Promise<{ counts: Map<string, DailyCounts[]>; latency: Map<string, DailyLatency[]> }> {
    const end = new Date(today.getTime() + 86_400_000);
    const wantsLatency = new Set(latencyIds);
    const usable = (id: string) => {
      const kept = this.past.get(id);
      return (
        kept !== undefined &&
        kept.from <= from.getTime() &&
        kept.to <= today.getTime() &&
        (!wantsLatency.has(id) || kept.latency !== null)
      );
    };
    const missing = monitorIds.filter((id) => !usable(id));
    // Kept up to an earlier day (a new UTC day began): only the days since are read, not all 90.
    const behind = monitorIds.filter((id) => usable(id) && this.past.get(id)!.to < today.getTime());
    if (behind.length) await this.catchUp(results, behind, wantsLatency, from, today);
    // Expired but usable: answered as kept while a background read refreshes them, so no visitor
    // waits for the costly read every PAST_DAYS_TTL_MS.
    const expired = monitorIds.filter((id) => usable(id) && now - this.past.get(id)!.loadedAt >= PAST_DAYS_TTL_MS);
    if (expired.length) this.refresh(results, expired, latencyIds, from, today, now);
    const missingLatency = missing.filter((id) => wantsLatency.has(id));
    const staleToday = latencyIds.filter((id) => {
      const kept = this.todayLatency.get(id);
      return !kept || kept.day !== today.getTime() || now - kept.loadedAt >= TODAY_LATENCY_TTL_MS;
    });
    const staleCounts = monitorIds.filter((id) => {
      const kept = this.todayCounts.get(id);
      return !kept || kept.day !== today.getTime() || now - kept.loadedAt >= this.todayCountsTtlMs;
    });
    const [pastCounts, pastLatency, freshCounts, freshToday] = await Promise.all([
      results.dailyCounts(missing, from, today),
      results.dailyLatency(missingLatency, from, today),
      results.dailyCounts(staleCounts, today, end),
      results.dailyLatency(staleToday, today, end),
    ]);
    const countsBy = groupByMonitor(freshCounts);
    for (const id of staleCounts) {
      if (this.todayCounts.size >= MAX_MONITORS) this.todayCounts.delete(this.todayCounts.keys().next().value!);
      this.todayCounts.set(id, { day: today.getTime(), loadedAt: now, rows: countsBy.get(id) ?? [] });
    }
    const freshBy = groupByMonitor(freshToday);
    for (const id of staleToday) {
      if (this.todayLatency.size >= MAX_MONITORS) this.todayLatency.delete(this.todayLatency.keys().next().value!);
      this.todayLatency.set(id, { day: today.getTime(), loadedAt: now, rows: freshBy.get(id) ?? [] });
    }
    keepRows(this.past, missing, wantsLatency, pastCounts, pastLatency, from, today, now);
    // Per monitor, today's rows then the kept days from `from` on.
    const counts = new Map<string, DailyCounts[]>();
    const latency = new Map<string, DailyLatency[]>();
    const firstDay = from.toISOString().slice(0, 10);
    for (const id of monitorIds) {
      const kept = this.past.get(id)!;
      const rows = [...this.todayCounts.get(id)!.rows];
      for (const row of kept.counts) if (row.day >= firstDay) rows.push(row);
      counts.set(id, rows);
      if (wantsLatency.has(id)) {
        const days = [...this.todayLatency.get(id)!.rows];
        for (const row of kept.latency ?? []) if (row.day >= firstDay) days.push(row);
        latency.set(id, days);
      }
    }
    return { counts, latency };
  }
}

function keepRows(
  past: Map<string, PastDays>,
  ids: readonly string[],
  wantsLatency: ReadonlySet<string>,
  counts: readonly DailyCounts[],
  latency: readonly DailyLatency[],
  from: Date,
  today: Date,
  now: number,
): void {
  const countsBy = groupByMonitor(counts);
  const latencyBy = groupByMonitor(latency);
  for (const id of ids) {
    if (past.size >= MAX_MONITORS) past.delete(past.keys().next().value!);
    past.set(id, {
      from: from.getTime(),
      to: today.getTime(),
      loadedAt: now,
      counts: countsBy.get(id) ?? [],
      latency: wantsLatency.has(id) ? (latencyBy.get(id) ?? []) : null,
    });
  }
}

/** Rows by their monitor, in their order. */
export function groupByMonitor<T extends { monitorId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.monitorId);
    if (list) list.push(row);
    else map.set(row.monitorId, [row]);
  }
  return map;
}
