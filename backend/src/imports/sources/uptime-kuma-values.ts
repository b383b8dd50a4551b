// Small conversions of Uptime Kuma values to this service's: intervals to periodicities, accepted
// status codes to AND'ed comparisons, simple JSONata paths to JSONPath, wall-clock times in a zone to
// instants. Each answers what it could not keep, so the parser reports it.
import { MONITOR_BOUNDS, type StatusCodeAssertion } from '../../checks/check-config';

export { nearestPeriodicity } from './source-periodicity';

export function describeSeconds(seconds: number): string {
  if (seconds % 3600 === 0 && seconds >= 3600) return `${seconds / 3600}h`;
  if (seconds % 60 === 0 && seconds >= 60) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/** Kuma's accepted status codes ("200-299", "418") as closed ranges, sorted and merged. */
function ranges(codes: string[]): { ranges: Array<[number, number]>; bad: string[] } {
  const out: Array<[number, number]> = [];
  const bad: string[] = [];
  for (const code of codes) {
    const match = /^\s*(\d{3})\s*(?:-\s*(\d{3})\s*)?$/.exec(code);
    if (!match) {
      bad.push(code);
      continue;
    }
    const low = Number(match[1]);
    const high = Number(match[2] ?? match[1]);
    out.push([Math.min(low, high), Math.max(low, high)]);
  }
  out.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of out) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return { ranges: merged, bad };
}

/**
 * Status-code assertions (AND'ed) accepting what Kuma's list accepts (OR'ed ranges). One range is two
 * bounds; several are the hull with a `neq` per code in the gaps, when that fits the assertion bound.
 * `problem` says what could not be expressed; the assertions then keep the first range only, which is
 * stricter than Kuma, never weaker. An empty list means this service's default: 2xx.
 */
export function statusCodeAssertions(codes: string[]): { assertions: StatusCodeAssertion[]; problem?: string } {
  const { ranges: merged, bad } = ranges(codes);
  const { statusCodeMin: MIN, statusCodeMax: MAX, assertionsPerKind } = MONITOR_BOUNDS;
  const problems: string[] = [];
  if (bad.length) problems.push(`${bad.map((b) => JSON.stringify(b)).join(', ')} is not a status code or range`);
  const clipped = merged
    .map(([low, high]): [number, number] => [Math.max(low, MIN), Math.min(high, MAX)])
    .filter(([low, high]) => low <= high);
  if (clipped.length !== merged.length || clipped.some((r, i) => r[0] !== merged[i][0] || r[1] !== merged[i][1]))
    problems.push(`only codes ${MIN} to ${MAX} can be checked`);
  if (clipped.length === 0) return { assertions: [], problem: problems.join('; ') || undefined };
  if (clipped.length === 1 && clipped[0][0] === 200 && clipped[0][1] === 299)
    return { assertions: [], problem: problems.join('; ') || undefined };
  const bounds = ([low, high]: [number, number]): StatusCodeAssertion[] =>
    low === high
      ? [{ comparator: 'eq', target: low }]
      : [
          ...(low > MIN ? [{ comparator: 'gte' as const, target: low }] : []),
          ...(high < MAX ? [{ comparator: 'lte' as const, target: high }] : []),
        ];
  if (clipped.length === 1) return { assertions: bounds(clipped[0]), problem: problems.join('; ') || undefined };
  const hull: [number, number] = [clipped[0][0], clipped[clipped.length - 1][1]];
  const gaps: number[] = [];
  for (let i = 1; i < clipped.length; i++) for (let c = clipped[i - 1][1] + 1; c < clipped[i][0]; c++) gaps.push(c);
  const hullBounds = bounds(hull);
  if (hullBounds.length + gaps.length <= assertionsPerKind) {
    return {
      assertions: [...hullBounds, ...gaps.map((target) => ({ comparator: 'neq' as const, target }))],
      problem: problems.join('; ') || undefined,
    };
  }
  problems.push(
    `the accepted codes ${codes.join(', ')} cannot be written as at most ${assertionsPerKind} AND'ed comparisons; only ${clipped[0][0]}-${clipped[0][1]} is accepted`,
  );
  return { assertions: bounds(clipped[0]), problem: problems.join('; ') };
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A JSONata expression that only walks fields and array positions (`data.items[0].name`, `$.status`,
 * `` `odd key`.x ``) as an RFC 9535 JSONPath, or null when it does more (functions, predicates,
 * operators, wildcards): JSONata that JSONPath cannot express.
 */
export function jsonataToJsonPath(expression: string): string | null {
  let rest = expression.trim();
  if (rest === '' || rest === '$') return '$';
  if (rest.startsWith('$.')) rest = rest.slice(2);
  let path = '$';
  let first = true;
  while (rest.length) {
    if (!first) {
      if (!rest.startsWith('.')) return null;
      rest = rest.slice(1);
    }
    first = false;
    let name: string;
    if (rest.startsWith('`')) {
      const end = rest.indexOf('`', 1);
      if (end < 0) return null;
      name = rest.slice(1, end);
      rest = rest.slice(end + 1);
    } else {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
      if (!match) return null;
      name = match[0];
      rest = rest.slice(name.length);
    }
    path += IDENT.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
    for (let index = /^\[\s*(-?\d{1,9})\s*\]/.exec(rest); index; index = /^\[\s*(-?\d{1,9})\s*\]/.exec(rest)) {
      path += `[${Number(index[1])}]`;
      rest = rest.slice(index[0].length);
    }
  }
  return path;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
}

/**
 * A Kuma date (`2026-12-01 10:00:00`, as its date pickers store it, in the maintenance's zone) as an
 * instant; a value with its own offset (`...Z`, `+02:00`) is taken as it is. Null when unreadable.
 */
export function wallTimeToDate(value: string, timeZone: string): Date | null {
  const text = value.trim();
  const match = WALL_TIME.exec(text);
  if (!match) {
    const parsed = new Date(text);
    return /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) && !Number.isNaN(parsed.getTime()) ? parsed : null;
  }
  const [y, mo, d, h, mi, s] = match.slice(1).map((v) => Number(v ?? 0));
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  let instant = guess - zoneOffsetMs(guess, timeZone);
  const second = guess - zoneOffsetMs(instant, timeZone);
  if (second !== instant) instant = second;
  return new Date(instant);
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Clips one-line text to `max` characters; `clipped` says whether it had to. */
export function clip(value: string, max: number): { value: string; clipped: boolean } {
  return value.length > max ? { value: value.slice(0, max), clipped: true } : { value, clipped: false };
}
