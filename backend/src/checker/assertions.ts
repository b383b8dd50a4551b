// Judging a check's observations against the monitor's assertions (SPEC §2.1). Every outcome keeps
// the actual value, so a failed check says what was seen, not only that it failed.
import type { AssertionOutcome } from '../checks/check-types';
import type {
  BodyAssertion,
  HeaderAssertion,
  NumberComparator,
  RecordAssertion,
  RecordComparator,
  StatusCodeAssertion,
  StringComparator,
} from '../checks/check-config';

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

/** `actual` null means absent (a missing header): only `empty`, `not_contains` and `neq` hold. */
export function compareString(comparator: StringComparator, actual: string | null, target: string): boolean {
  switch (comparator) {
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
      actual: observed.body.length > 200 ? `${observed.body.slice(0, 200)}…` : observed.body,
      passed: compareString(a.comparator, observed.body, a.target),
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
      passed: compareString(a.comparator, actual, a.target),
    });
  }
  return outcomes;
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
