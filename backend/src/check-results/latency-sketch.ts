// A mergeable latency sketch with a relative error bound (the DDSketch idea): values fall into
// logarithmic buckets of ratio γ = (1 + α) / (1 - α), so any quantile read back is within α of the
// true value. Sketches of different hours and regions merge by adding bucket counts, which is what
// makes 14-day summaries a read of a few hundred small rows instead of a scan of every result. The
// adding and merging run in the database (check-results.repository.ts); the buckets and the
// quantiles read back are here.

/** Latencies below this many ms are counted exactly, one bucket per millisecond. */
export const EXACT_BELOW_MS = 100;
/** Relative accuracy of the logarithmic buckets above EXACT_BELOW_MS: 0.5 %. */
export const BUCKET_ACCURACY = 0.005;
/**
 * What a quantile read back can be off by, relative to the exact one: 0.5 % from the bucket plus at
 * most 0.5 ms of rounding to whole milliseconds, which is at most 0.5 % at 100 ms and above. Below
 * 100 ms the quantiles are exact.
 */
export const RELATIVE_ACCURACY = 0.01;
const GAMMA = (1 + BUCKET_ACCURACY) / (1 - BUCKET_ACCURACY);
const LOG_GAMMA = Math.log(GAMMA);

/** Bucket counts: "e<ms>" exact buckets below 100 ms, "<index>" logarithmic buckets above. */
export type Sketch = Record<string, number>;

export function bucketOf(valueMs: number): string {
  const ms = Math.max(0, Math.round(valueMs));
  if (ms < EXACT_BELOW_MS) return `e${ms}`;
  return String(Math.ceil(Math.log(ms) / LOG_GAMMA));
}

/** The representative value of a bucket: exact, or within BUCKET_ACCURACY of every value in it. */
export function valueOf(bucket: string): number {
  if (bucket.startsWith('e')) return Number(bucket.slice(1));
  return (2 * GAMMA ** Number(bucket)) / (GAMMA + 1);
}

/** For SQL that builds the same buckets (benchmarks): ln(γ). */
export const LN_GAMMA = LOG_GAMMA;

/** The q-quantile (0..1) by rank, as percentile_disc would pick it; 0 for an empty sketch. */
export function quantile(sketch: Sketch, q: number): number {
  const buckets = Object.entries(sketch)
    .map(([key, count]) => [key, Number(count)] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => valueOf(a[0]) - valueOf(b[0]));
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [index, count] of buckets) {
    seen += count;
    if (seen >= rank) return Math.round(valueOf(index));
  }
  return Math.round(valueOf(buckets[buckets.length - 1][0]));
}
