// Judging a check's observations against the monitor's assertions (SPEC §2.1). Every outcome keeps
// the actual value, so a failed check says what was seen, not only that it failed.
import type { AssertionOutcome, CheckTimings } from '../checks/check-types';
import type {
  BodyAssertion,
  HeaderAssertion,
  JsonAssertion,
  JsonComparator,
  NumberComparator,
  RecordAssertion,
  RecordComparator,
  StatusCodeAssertion,
  StringComparator,
  TimingAssertion,
} from '../checks/check-config';
import { queryJson } from '../checks/json-path';
import { matchesPattern, regexProblem } from '../checks/patterns';

export function compareNumber(comparator: NumberComparator, actual: number, target: number): boolean {
  switch (comparator) {
    case 'eq':
      return actual === target;
    case 'neq':
      return actual !== target;
    case 'gt':
      return actual > target;
    case 'gte':
      return actual >= target;
    case 'lt':
      return actual < target;
    case 'lte':
      return actual <= target;
    default: {
      const unreachable: never = comparator;
      throw new Error(`unknown comparator ${String(unreachable)}`);
    }
  }
}

const NUMERIC = /^-?\d+(?:\.\d+)?$/;

/** Orders two strings numerically when both are numbers, otherwise by code points. */
function order(actual: string, target: string): number {
  if (NUMERIC.test(actual.trim()) && NUMERIC.test(target.trim())) return Number(actual) - Number(target);
  return actual < target ? -1 : actual > target ? 1 : 0;
}

/**
 * `actual` null means absent (a missing header): only `empty`, `not_contains`, `neq` and
 * `not_matches` hold. `matches` / `not_matches` take an RE2 pattern (checks/patterns.ts), which must
 * be one regexProblem accepts.
 */
export function compareString(comparator: StringComparator, actual: string | null, target: string): boolean {
  switch (comparator) {
    case 'matches':
      return actual !== null && matchesPattern(target, actual);
    case 'not_matches':
      return actual === null || !matchesPattern(target, actual);
    case 'contains':
      return actual !== null && actual.includes(target);
    case 'not_contains':
      return actual === null || !actual.includes(target);
    case 'eq':
      return actual === target;
    case 'neq':
      return actual !== target;
    case 'empty':
      return actual === null || actual.length === 0;
    case 'not_empty':
      return actual !== null && actual.length > 0;
    case 'gt':
      return actual !== null && order(actual, target) > 0;
    case 'gte':
      return actual !== null && order(actual, target) >= 0;
    case 'lt':
      return actual !== null && order(actual, target) < 0;
    case 'lte':
      return actual !== null && order(actual, target) <= 0;
    default: {
      const unreachable: never = comparator;
      throw new Error(`unknown comparator ${String(unreachable)}`);
    }
  }
}

/** Over a record set: eq/contains hold when some record matches; neq/not_contains when none does. */
export function compareRecords(comparator: RecordComparator, values: string[], target: string): boolean {
  const norm = (v: string) => v.toLowerCase().replace(/\.$/, '');
  const t = norm(target);
  switch (comparator) {
    case 'eq':
      return values.some((v) => norm(v) === t);
    case 'neq':
      return !values.some((v) => norm(v) === t);
    case 'contains':
      return values.some((v) => norm(v).includes(t));
    case 'not_contains':
      return !values.some((v) => norm(v).includes(t));
    default: {
      const unreachable: never = comparator;
      throw new Error(`unknown comparator ${String(unreachable)}`);
    }
  }
}

export interface HttpObservation {
  statusCode: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
}

/** With no status-code assertion a check succeeds only on 2xx (SPEC §2.1, check-engine issue). */
export function judgeHttp(
  observed: HttpObservation,
  assertions: { statusCode: StatusCodeAssertion[]; body: BodyAssertion[]; header: HeaderAssertion[] },
): AssertionOutcome[] {
  const outcomes: AssertionOutcome[] = [];
  if (assertions.statusCode.length === 0) {
    outcomes.push({
      type: 'status_code',
      comparator: 'gte',
      target: 200,
      actual: observed.statusCode,
      passed: observed.statusCode >= 200 && observed.statusCode < 300,
    });
  }
  for (const a of assertions.statusCode) {
    outcomes.push({
      type: 'status_code',
      comparator: a.comparator,
      target: a.target,
      actual: observed.statusCode,
      passed: compareNumber(a.comparator, observed.statusCode, a.target),
    });
  }
  for (const a of assertions.body) {
    outcomes.push({
      type: 'body',
      comparator: a.comparator,
      target: a.target,
      actual: truncate(observed.body),
      ...judgeString(a.comparator, observed.body, a.target),
    });
  }
  for (const a of assertions.header) {
    const actual = observed.headers[a.key.toLowerCase()] ?? null;
    outcomes.push({
      type: 'header',
      key: a.key,
      comparator: a.comparator,
      target: a.target,
      actual,
      ...judgeString(a.comparator, actual, a.target),
    });
  }
  return outcomes;
}

const truncate = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * compareString, except that a pattern the engine refuses (one saved before the rule, or over the
 * engine's bounds) fails the assertion with the reason instead of throwing out of the check.
 */
function judgeString(
  comparator: StringComparator,
  actual: string | null,
  target: string,
): Pick<AssertionOutcome, 'passed' | 'message'> {
  if (comparator === 'matches' || comparator === 'not_matches') {
    const problem = regexProblem(target);
    if (problem !== null) return { passed: false, message: `the pattern is refused: ${problem}` };
  }
  return { passed: compareString(comparator, actual, target) };
}

// JSON body assertions. The path selects a nodelist (RFC 9535); `exists` / `not_exists` judge
// whether it is empty, every other comparator judges its FIRST node (document order), so
// `$.items[*].state eq "up"` asks about the first item; a path that must hold for every item says so
// with a filter (`$.items[?@.state != 'up']` not_exists). When the list is empty, `neq` and
// `not_contains` hold and the others fail, as for a missing header.
//
// The target is text typed by a person, read against the node's JSON type:
// - a number node compares as a number when the target reads as one (`10`, `9.5`, `1e3`, ` 7 `): eq,
//   neq and the orderings are numeric; a target that is not a number is never equal and never ordered;
// - a string node equals the target as written (`ok`) or as a JSON string (`"ok"`); its orderings
//   are numeric when both read as numbers, otherwise by code points (as for body and header);
// - true, false, null, objects and arrays equal a target that parses as the same JSON value (`true`,
//   `null`, `{"a":1}`: member order and number spelling do not matter); they have no order;
// - contains: a substring of a string node; an element of an array node equal to the target (by the
//   rules above); a member name of an object node; nothing for numbers, booleans and null;
// - matches: an RE2 search in a string node's value, or in any other node's JSON text.
// The actual value recorded is the first node's JSON text, cut at 200 characters.

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The target as a number, when it reads as one. */
function targetNumber(target: string): number | null {
  const text = target.trim();
  return NUMBER_TEXT.test(text) ? Number(text) : null;
}

function parseTarget(target: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(target) as unknown };
  } catch {
    return null;
  }
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ak = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    ak.length === Object.keys(b).length &&
    ak.every((k) => Object.hasOwn(bRecord, k) && jsonEqual((a as Record<string, unknown>)[k], bRecord[k]))
  );
}

/** Whether a JSON node equals the target text (rules above). */
export function jsonEquals(node: unknown, target: string): boolean {
  if (typeof node === 'number') return targetNumber(target) === node;
  if (typeof node === 'string' && node === target) return true;
  const parsed = parseTarget(target);
  return parsed !== null && jsonEqual(node, parsed.value);
}

/** How a JSON node orders against the target: negative, zero, positive, or null when it has no order. */
function jsonOrder(node: unknown, target: string): number | null {
  if (typeof node === 'number') {
    const n = targetNumber(target);
    return n === null ? null : node - n;
  }
  if (typeof node === 'string') return order(node, target);
  return null;
}

const jsonText = (node: unknown) => JSON.stringify(node) ?? 'null';

/** Judges the first node of a nodelist (exists / not_exists: the nodelist) against one comparator. */
export function compareJson(comparator: JsonComparator, nodes: unknown[], target: string): boolean {
  if (comparator === 'exists') return nodes.length > 0;
  if (comparator === 'not_exists') return nodes.length === 0;
  if (nodes.length === 0) return comparator === 'neq' || comparator === 'not_contains';
  const node = nodes[0];
  const ordered = (test: (difference: number) => boolean) => {
    const difference = jsonOrder(node, target);
    return difference !== null && test(difference);
  };
  switch (comparator) {
    case 'eq':
      return jsonEquals(node, target);
    case 'neq':
      return !jsonEquals(node, target);
    case 'gt':
      return ordered((d) => d > 0);
    case 'gte':
      return ordered((d) => d >= 0);
    case 'lt':
      return ordered((d) => d < 0);
    case 'lte':
      return ordered((d) => d <= 0);
    case 'contains':
      return jsonContains(node, target);
    case 'not_contains':
      return !jsonContains(node, target);
    case 'matches':
      return matchesPattern(target, typeof node === 'string' ? node : jsonText(node));
    default: {
      const unreachable: never = comparator;
      throw new Error(`unknown comparator ${String(unreachable)}`);
    }
  }
}

function jsonContains(node: unknown, target: string): boolean {
  if (typeof node === 'string') return node.includes(target);
  if (Array.isArray(node)) return node.some((element) => jsonEquals(element, target));
  if (node !== null && typeof node === 'object') return Object.hasOwn(node, target);
  return false;
}

/**
 * Judges a body against JSON assertions: the body is parsed once; a body that is not JSON fails each
 * of them with actual null and the message "the body is not JSON" (rules above). `keptBytes`: the
 * most of a body the check keeps; a body that long was probably cut, and a cut JSON document does not
 * parse, so the message says so.
 */
export function judgeJson(body: string, assertions: JsonAssertion[], keptBytes?: number): AssertionOutcome[] {
  if (assertions.length === 0) return [];
  let document: { value: unknown } | null;
  try {
    document = { value: JSON.parse(body) as unknown };
  } catch {
    document = null;
  }
  const notJson =
    document === null && keptBytes !== undefined && Buffer.byteLength(body) >= keptBytes
      ? `the body is not JSON (a check keeps its first ${Math.round(keptBytes / 1024)} KB, and this one is longer)`
      : 'the body is not JSON';
  return assertions.map((a) => {
    const base = { type: 'json' as const, path: a.path, comparator: a.comparator, target: a.target };
    if (document === null) return { ...base, actual: null, passed: false, message: notJson };
    const result = queryJson(document.value, a.path);
    if (result.problem !== null) return { ...base, actual: null, passed: false, message: result.problem };
    const actual = result.nodes.length > 0 ? truncate(jsonText(result.nodes[0])) : null;
    if (a.comparator === 'matches' && result.nodes.length > 0) {
      const problem = regexProblem(a.target);
      if (problem !== null) return { ...base, actual, passed: false, message: `the pattern is refused: ${problem}` };
    }
    return { ...base, actual, passed: compareJson(a.comparator, result.nodes, a.target) };
  });
}

/** What a check measured, for timing assertions: the last request's phases and the whole check. */
export interface TimingObservation {
  timings: CheckTimings;
  /** The whole check, redirects included: the `total` phase. */
  latencyMs: number;
}

/**
 * Judges the phases against timing assertions (lt / lte milliseconds). A phase the check did not
 * measure fails, with a message. The outcome carries the severity; statusOf turns it into degraded
 * or error.
 */
export function judgeTiming(observed: TimingObservation, assertions: TimingAssertion[]): AssertionOutcome[] {
  return assertions.map((a) => {
    const actual = a.phase === 'total' ? observed.latencyMs : (observed.timings[a.phase] ?? null);
    const base = {
      type: 'timing' as const,
      phase: a.phase,
      comparator: a.comparator,
      target: a.target,
      severity: a.severity,
      actual,
    };
    if (actual === null) return { ...base, passed: false, message: `the check did not measure the ${a.phase} phase` };
    return { ...base, passed: a.comparator === 'lt' ? actual < a.target : actual <= a.target };
  });
}

export function judgeRecords(
  records: Partial<Record<string, string[]>>,
  assertions: RecordAssertion[],
): AssertionOutcome[] {
  return assertions.map((a) => {
    const values = records[a.record] ?? [];
    return {
      type: 'record',
      record: a.record,
      comparator: a.comparator,
      target: a.target,
      actual: values.join(', '),
      passed: compareRecords(a.comparator, values, a.target),
    };
  });
}
