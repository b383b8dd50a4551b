import { bucketOf } from '../check-results/latency-sketch';
import { LATENCY_BUCKETS_SECONDS, latencyHistogram } from './latency-histogram';

const sketchOf = (latenciesMs: number[]) => {
  const sketch: Record<string, number> = {};
  for (const ms of latenciesMs) sketch[bucketOf(ms)] = (sketch[bucketOf(ms)] ?? 0) + 1;
  return sketch;
};

describe(latencyHistogram.name, () => {
  it('turns a sketch into cumulative le buckets, +Inf last', () => {
    const sut = latencyHistogram(sketchOf([3, 40, 40, 300, 2_000, 90_000]));
    const at = (le: number) => sut.cumulative[LATENCY_BUCKETS_SECONDS.indexOf(le as never)];
    expect(sut.cumulative).toHaveLength(LATENCY_BUCKETS_SECONDS.length + 1);
    expect([at(0.005), at(0.05), at(0.5), at(2.5), at(60)]).toEqual([1, 3, 4, 5, 5]);
    expect(sut.cumulative.at(-1)).toBe(6);
    expect(sut.count).toBe(6);
    expect(sut.sum).toBeCloseTo(92.383, 0);
    // Cumulative: never decreasing.
    expect(sut.cumulative.every((n, i) => i === 0 || n >= sut.cumulative[i - 1])).toBe(true);
  });

  it('is all zeros for an empty sketch', () => {
    expect(latencyHistogram({})).toEqual({
      cumulative: new Array(LATENCY_BUCKETS_SECONDS.length + 1).fill(0),
      sum: 0,
      count: 0,
    });
  });
});
