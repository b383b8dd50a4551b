import { bucketOf, quantile, RELATIVE_ACCURACY, type Sketch } from './latency-sketch';

/** percentile_disc: the smallest value whose cumulative share reaches q. */
function exact(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

/** The sketch of these values (the database builds it the same way: one count per bucket). */
function sketchOf(values: number[]): Sketch {
  const sketch: Sketch = {};
  for (const v of values) sketch[bucketOf(v)] = (sketch[bucketOf(v)] ?? 0) + 1;
  return sketch;
}

function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('latency sketch', () => {
  it.each([1, 2, 3])('keeps p50-p99 within 1 %% of the exact percentiles (seed %d)', (seed) => {
    const random = seeded(seed);
    // A long-tailed mix like real latencies: mostly 20-80 ms, some seconds.
    const values = Array.from({ length: 50_000 }, () =>
      random() < 0.95 ? 20 + random() * 60 : 500 + random() * 5000,
    ).map(Math.round);
    const sketch = sketchOf(values);
    for (const q of [0.5, 0.75, 0.9, 0.95, 0.99]) {
      const truth = exact(values, q);
      expect(Math.abs(quantile(sketch, q) - truth)).toBeLessThanOrEqual(truth * RELATIVE_ACCURACY);
      if (truth < 100) expect(quantile(sketch, q)).toBe(truth);
    }
  });

  it('handles empty sketches and sub-millisecond values', () => {
    expect(quantile({}, 0.5)).toBe(0);
    expect(quantile(sketchOf([0]), 0.99)).toBe(0);
    expect(quantile(sketchOf([1]), 0.5)).toBe(1);
    expect(bucketOf(0.4)).toBe('e0');
  });
});
