// Metric families whose values are computed at scrape time, in the shape prom-client's Registry
// serializes (the exposition format, label escaping included). prom-client's own Gauge and Histogram
// accumulate observations in the process; a family read from the database is complete as read, and a
// histogram read from stored sketches has its bucket counts already, which Histogram cannot take.
import { Registry, type Metric } from 'prom-client';

export type FamilyType = 'gauge' | 'counter' | 'histogram';
export type Labels = Record<string, string>;

export interface Sample {
  /** The series name when it is not the family's (`_bucket`, `_sum`, `_count` of a histogram). */
  metricName?: string;
  labels: Labels;
  value: number;
}

export class Family {
  readonly samples: Sample[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: FamilyType,
  ) {}

  add(labels: Labels, value: number, metricName?: string): void {
    this.samples.push({ labels, value, metricName });
  }
}

/** The families in the text exposition format, by prom-client's serializer. */
export async function expose(families: readonly Family[]): Promise<string> {
  const registry = new Registry();
  for (const family of families) {
    const snapshot = {
      name: family.name,
      help: family.help,
      type: family.type,
      aggregator: 'omit',
      get: () => Promise.resolve({ ...snapshot, values: family.samples }),
    };
    // The registry reads only `name`, `type` and `get()`; prom-client types metrics as its own classes.
    registry.registerMetric(snapshot as unknown as Metric);
  }
  return registry.metrics();
}
