// Reading an Accept header as RFC 9110 §12.5.1 does: media ranges with weights, the most specific
// range that matches a type decides its weight. Shared by the endpoints that answer in more than one
// form (/mcp's JSON or event stream, the authorization endpoint's page or JSON error).

export interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/** The media ranges of an Accept header; ranges that are not `type/subtype` are skipped. */
export function mediaRanges(accept: string | undefined): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of (accept ?? '').split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const [type, subtype] = range.split('/');
    if (!type || !subtype) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    ranges.push({ type, subtype, q: Number.isNaN(weight) ? 1 : weight });
  }
  return ranges;
}

/** The weight `ranges` give `mime`: that of the most specific range matching it, 0 when none does. */
export function qualityOf(ranges: MediaRange[], mime: string): number {
  const [type, subtype] = mime.split('/');
  const specificity = (r: MediaRange) =>
    r.type === type && r.subtype === subtype ? 3 : r.type === type && r.subtype === '*' ? 2 : r.type === '*' ? 1 : 0;
  let best: MediaRange | undefined;
  for (const r of ranges) {
    if (specificity(r) > 0 && (!best || specificity(r) > specificity(best))) best = r;
  }
  return best?.q ?? 0;
}

/**
 * Of the types a route can answer with, the one the header weighs most; ties, a missing header or one
 * without a valid range go to the first offered (the route's default).
 */
export function preferredType<T extends string>(accept: string | undefined, offered: readonly [T, ...T[]]): T {
  const ranges = mediaRanges(accept);
  if (!ranges.length) return offered[0];
  let best = offered[0];
  let bestQ = qualityOf(ranges, best);
  for (const mime of offered.slice(1)) {
    const q = qualityOf(ranges, mime);
    if (q > bestQ) [best, bestQ] = [mime, q];
  }
  return best;
}
