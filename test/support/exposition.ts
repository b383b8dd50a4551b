// Reads the Prometheus text exposition format (version 0.0.4) into samples, strictly: a line that is
// neither a comment nor a well-formed sample throws, naming it. For tests of GET /metrics; promtool
// (test/support/prometheus.ts) checks the same text with Prometheus's own parser and linter.

export interface ExposedSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: ExposedSample[];
  /** `# TYPE` of each family. */
  types: Map<string, string>;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;

/** A sample value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes `Nan`). */
function parseValue(text: string, line: string): number {
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (lower === 'nan') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`not a sample value in: ${line}`);
  return value;
}

export function parseExposition(text: string): Exposition {
  const samples: ExposedSample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (type) types.set(type[1], type[2]);
      else if (!/^# HELP \S+ /.test(line) && !/^# HELP \S+$/.test(line)) throw new Error(`bad comment: ${line}`);
      continue;
    }
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`no metric name in: ${line}`);
    let at = name.length;
    const labels: Record<string, string> = {};
    if (line[at] === '{') {
      at += 1;
      while (line[at] !== '}') {
        const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="/.exec(line.slice(at));
        if (!label) throw new Error(`bad label at ${at} in: ${line}`);
        at += label[0].length;
        let value = '';
        for (;;) {
          const c = line[at];
          if (c === undefined) throw new Error(`unterminated label value in: ${line}`);
          at += 1;
          if (c === '"') break;
          if (c === '\\') {
            const next = line[at];
            at += 1;
            value += next === 'n' ? '\n' : next;
          } else value += c;
        }
        if (label[1] in labels) throw new Error(`label ${label[1]} twice in: ${line}`);
        labels[label[1]] = value;
        if (line[at] === ',') at += 1;
      }
      at += 1;
    }
    const rest = line.slice(at).trim().split(/\s+/);
    if (rest.length < 1 || rest.length > 2) throw new Error(`bad sample in: ${line}`);
    samples.push({ name, labels, value: parseValue(rest[0], line) });
  }
  return { samples, types };
}

/** The samples of one series name whose labels include `match`. */
export function select(exposition: Exposition, name: string, match: Record<string, string> = {}): ExposedSample[] {
  return exposition.samples.filter(
    (s) => s.name === name && Object.entries(match).every(([key, value]) => s.labels[key] === value),
  );
}
