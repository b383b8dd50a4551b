// A mergeable latency sketch with a relative error bound (the DDSketch idea): values fall into
// logarithmic buckets of ratio γ = (1 + α) / (1 - α), so any quantile read back is within α of the
// true value. Sketches of different hours and regions merge by adding bucket counts, which is what
// makes 14-day summaries a read of a few hundred small rows instead of a scan of every result.

/** Relative accuracy of quantiles read from a sketch: 1 %. */
export const RELATIVE_ACCURACY = 0.01;
const GAMMA = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);
const LOG_GAMMA = Math.log(GAMMA);

/** Bucket counts by index; a latency of 0 ms has its own bucket "z". */
export type Sketch = Record<string, number>;

const ZERO = 'z';

export function bucketOf(valueMs: number): string {
  if (valueMs <= 0) return ZERO;
  return String(Math.ceil(Math.log(valueMs) / LOG_GAMMA));
}

const indexOf = (bucket: string): number => (bucket === ZERO ? -Infinity : Number(bucket));

/** The representative value of a bucket: within RELATIVE_ACCURACY of every value in it. */
export function valueOf(bucket: string): number {
  if (bucket === ZERO) return 0;
  return (2 * GAMMA ** Number(bucket)) / (GAMMA + 1);
}

export function add(sketch: Sketch, valueMs: number, count = 1): Sketch {
  const key = bucketOf(valueMs);
  sketch[key] = (sketch[key] ?? 0) + count;
  return sketch;
}

export function merge(into: Sketch, from: Sketch): Sketch {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + Number(count);
  return into;
}

/** The q-quantile (0..1) by rank, as percentile_disc would pick it; 0 for an empty sketch. */
export function quantile(sketch: Sketch, q: number): number {
  const buckets = Object.entries(sketch)
    .map(([key, count]) => [key, Number(count)] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => indexOf(a[0]) - indexOf(b[0]));
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
