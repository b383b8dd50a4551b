// The 24-hour latency histogram of a monitor's location, read from the stored hourly sketches
// (check-results/latency-sketch.ts) instead of from every result: each sketch bucket's count goes to
// the first `le` bound at or above the bucket's representative value, which is within 0.5 % of every
// latency in it. So a latency within 0.5 % of a bound may be counted in the next bucket up.
import { valueOf, type Sketch } from '../check-results/latency-sketch';

/**
 * The `le` bounds in seconds: Prometheus's default buckets (5 ms to 10 s) and 30 s and 60 s, since a
 * check may take up to its 120 s timeout.
 */
export const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

export interface LatencyHistogram {
  /** Cumulative counts, one per LATENCY_BUCKETS_SECONDS bound, then +Inf (= count). */
  cumulative: number[];
  /** Sum of the latencies in seconds (each bucket's count times its representative value). */
  sum: number;
  count: number;
}

export function latencyHistogram(sketch: Sketch): LatencyHistogram {
  const perBucket = new Array<number>(LATENCY_BUCKETS_SECONDS.length + 1).fill(0);
  let sum = 0;
  let count = 0;
  for (const [key, n] of Object.entries(sketch)) {
    if (!(n > 0)) continue;
    const seconds = valueOf(key) / 1000;
    const index = LATENCY_BUCKETS_SECONDS.findIndex((le) => seconds <= le);
    perBucket[index === -1 ? LATENCY_BUCKETS_SECONDS.length : index] += n;
    sum += seconds * n;
    count += n;
  }
  let running = 0;
  return { cumulative: perBucket.map((n) => (running += n)), sum, count };
}
