// JSONPath (RFC 9535) for JSON body assertions, on jsonpath-rfc9535. Two guards sit around the
// library, because a check runs a user's path over a body the target chose:
// - the filter functions match() and search() are refused: the library runs their patterns on
//   JavaScript's backtracking engine, where one pattern can hang the agent (select the value and use
//   the `matches` comparator instead, which runs RE2);
// - a query may take at most JSON_PATH_BOUNDS.steps steps over the body. Nodelists may repeat nodes,
//   so `$..*..*` or `$[*,*][*,*]…` grow quadratically or exponentially with the body's nesting; the
//   body is wrapped in a proxy that counts every read the library makes and stops the query past
//   the budget.
import { createRequire } from 'node:module';
import { query } from 'jsonpath-rfc9535';

export const JSON_PATH_BOUNDS = {
  /** Characters of a path. */
  length: 1024,
  /**
   * Reads of the body one query may make (a member, an element, a key list): enough for a descendant
   * segment with a filter over the largest body a check keeps (256 KB holds at most ~130,000 values,
   * a few reads each), and about half a second of work at worst.
   */
  steps: 500_000,
} as const;

/** RFC 9535 §2.4: the function extensions and their number of arguments. */
const FUNCTIONS: Record<string, number> = { length: 1, count: 1, value: 1, match: 2, search: 2 };
const REFUSED_FUNCTIONS = new Set(['match', 'search']);

// The parser is a public entry point of the package (`jsonpath-rfc9535/parser`), which this
// project's TypeScript resolution (node10) cannot see through the package's exports map.
const parseJsonPath = (createRequire(__filename)('jsonpath-rfc9535/parser') as { default: (path: string) => unknown })
  .default;

interface FunctionCall {
  name: string;
  arity: number;
}

/** Every function call in a parsed path, filters inside filters included. */
function functionCalls(node: unknown, into: FunctionCall[] = []): FunctionCall[] {
  if (Array.isArray(node)) {
    for (const child of node) functionCalls(child, into);
  } else if (node !== null && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.type === 'FunctionExpr' && typeof record.name === 'string' && Array.isArray(record.arguments))
      into.push({ name: record.name, arity: record.arguments.length });
    for (const value of Object.values(record)) functionCalls(value, into);
  }
  return into;
}

function findProblem(path: string): string | null {
  if (path.length > JSON_PATH_BOUNDS.length) return `the path is longer than ${JSON_PATH_BOUNDS.length} characters`;
  let ast: unknown;
  try {
    ast = parseJsonPath(path);
  } catch (error) {
    // The parser says what it expected and what it found (`Expected "$" but "a" found.`).
    return `not a valid RFC 9535 JSONPath: ${error instanceof Error ? error.message : String(error)}`;
  }
  // The library evaluates an unknown function or a wrong number of arguments as false without a
  // word; RFC 9535 calls such a query not well-typed, so it is refused here, where it can be fixed.
  for (const call of functionCalls(ast)) {
    const arity = FUNCTIONS[call.name];
    if (arity === undefined)
      return `unknown function ${call.name}() (RFC 9535 defines ${Object.keys(FUNCTIONS).join(', ')})`;
    if (REFUSED_FUNCTIONS.has(call.name))
      return `${call.name}() is not supported (its pattern would run on a backtracking engine): select the value and use the matches comparator, which runs RE2`;
    if (call.arity !== arity) return `${call.name}() takes ${arity} argument${arity === 1 ? '' : 's'}`;
  }
  return null;
}

const PROBLEM_CACHE_SIZE = 500;
const problems = new Map<string, string | null>();

/** Why a path is refused (syntax, an unknown or unsupported function, its length), or null. */
export function jsonPathProblem(path: string): string | null {
  if (problems.has(path)) return problems.get(path) ?? null;
  const problem = findProblem(path);
  problems.set(path, problem);
  if (problems.size > PROBLEM_CACHE_SIZE) problems.delete(problems.keys().next().value as string);
  return problem;
}

class BudgetExceeded extends Error {}

/**
 * A view of `document` that counts the library's reads and throws past `steps`. Every
 * object or array reached through it is wrapped too; `unwrap` gives back the plain value.
 */
function budgeted(document: object, steps: number): { root: object; unwrap: (value: unknown) => unknown } {
  let left = steps;
  const spend = () => {
    if (--left < 0) throw new BudgetExceeded();
  };
  const proxies = new WeakMap<object, object>();
  const targets = new WeakMap<object, object>();
  const wrap = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    let proxy = proxies.get(value);
    if (!proxy) {
      proxy = new Proxy(value, handler);
      proxies.set(value, proxy);
      targets.set(proxy, value);
    }
    return proxy;
  };
  const handler: ProxyHandler<object> = {
    get(target, key, receiver) {
      // An array's length is read on every turn of the library's loops, beside the element it reads.
      if (!(key === 'length' && Array.isArray(target))) spend();
      return wrap(Reflect.get(target, key, receiver));
    },
    ownKeys(target) {
      spend();
      return Reflect.ownKeys(target);
    },
  };
  return {
    root: wrap(document) as object,
    unwrap: (value) => (value !== null && typeof value === 'object' ? (targets.get(value) ?? value) : value),
  };
}

export type JsonPathResult = { nodes: unknown[]; problem: null } | { nodes: null; problem: string };

/**
 * The nodelist `path` selects in a parsed JSON document, in the order RFC 9535 gives it; or why it
 * could not be computed (a refused path, or a query over its step budget).
 */
export function queryJson(document: unknown, path: string): JsonPathResult {
  const problem = jsonPathProblem(path);
  if (problem !== null) return { nodes: null, problem };
  if (document === null || typeof document !== 'object') {
    // A scalar document has no reads to count; the query is linear in the path.
    return { nodes: query(document as never, path), problem: null };
  }
  const view = budgeted(document, JSON_PATH_BOUNDS.steps);
  try {
    return { nodes: query(view.root as never, path).map(view.unwrap), problem: null };
  } catch (error) {
    if (error instanceof BudgetExceeded)
      return {
        nodes: null,
        problem: `the path needs more than ${JSON_PATH_BOUNDS.steps} steps over this body (descendant segments or repeated selectors over deep nesting)`,
      };
    return {
      nodes: null,
      problem: `the path could not be evaluated: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
