// Interval arithmetic of SLA reports: half-open [start, end) spans in epoch milliseconds. Downtime,
// measured time and maintenance are sets of such spans; the figures are their lengths after union,
// subtraction and clipping, so an overlap is never counted twice.

export interface Interval {
  start: number;
  end: number;
}

/** Sorted, with overlapping and touching spans merged and empty ones dropped. */
export function union(spans: readonly Interval[]): Interval[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Interval[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The parts of `spans` inside `range`. */
export function clip(spans: readonly Interval[], range: Interval): Interval[] {
  return union(spans.map((s) => ({ start: Math.max(s.start, range.start), end: Math.min(s.end, range.end) })));
}

/** The parts of `spans` outside every span of `removed`. */
export function subtract(spans: readonly Interval[], removed: readonly Interval[]): Interval[] {
  const cuts = union(removed);
  const out: Interval[] = [];
  for (const s of union(spans)) {
    let start = s.start;
    for (const c of cuts) {
      if (c.end <= start) continue;
      if (c.start >= s.end) break;
      if (c.start > start) out.push({ start, end: c.start });
      start = Math.max(start, c.end);
      if (start >= s.end) break;
    }
    if (start < s.end) out.push({ start, end: s.end });
  }
  return out;
}

/** The parts common to both. */
export function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  return subtract(union(a), subtract(union(a), b));
}

/** Total length in milliseconds (overlaps counted once). */
export function total(spans: readonly Interval[]): number {
  return union(spans).reduce((sum, s) => sum + (s.end - s.start), 0);
}
