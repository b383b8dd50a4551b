// Gatus endpoint conditions (`[STATUS] == 200`, `[BODY].data[0].id == pat(4*)`, `len([BODY].items) > 0`,
// `[RESPONSE_TIME] < 500`, `[CERTIFICATE_EXPIRATION] > 48h`, ...) turned into this service's assertions.
// Gatus ANDs its conditions, as this service ANDs assertions, so each condition maps on its own; one
// that has no equivalent is reported by its text, never dropped. The rules of Gatus's evaluation that
// matter here: the first operator found in the order ==, !=, <=, >=, >, < splits the condition; the
// body is trimmed before it is compared; pat() is a whole-string glob (Go's filepath.Match, with `/`
// removed from both sides); any() is a list of alternatives; numbers compare as integers and
// durations (`48h`) as milliseconds.
import {
  DNS_RECORD_TYPES,
  MONITOR_BOUNDS,
  type BodyAssertion,
  type DnsRecordType,
  type JsonAssertion,
  type MonitorKind,
  type RecordAssertion,
  type StatusCodeAssertion,
  type TimingAssertion,
} from '../../checks/check-config';
import { jsonPathProblem } from '../../checks/json-path';
import { matchesPattern, regexProblem } from '../../checks/patterns';
import type { ImportFinding } from '../import-model';
import { formatMs, parseGoDuration } from './gatus-time';

/** What the conditions of one endpoint become. */
export interface MappedConditions {
  statusCodeAssertions: StatusCodeAssertion[];
  bodyAssertions: BodyAssertion[];
  jsonAssertions: JsonAssertion[];
  timingAssertions: TimingAssertion[];
  recordAssertions: RecordAssertion[];
  /** From [CERTIFICATE_EXPIRATION]: the warning threshold, in days. */
  certificateExpiryDays: number[];
  /** From [RESPONSE_TIME] on a kind without timing assertions: the check's timeout. */
  timeoutMs: number | null;
  /** From [BODY].status on gRPC. */
  grpcExpectedStatus: 'SERVING' | 'NOT_SERVING' | 'SERVICE_UNKNOWN' | null;
  /** Whether some condition bounds [STATUS] (without one, Gatus accepts any status). */
  boundsStatus: boolean;
  findings: ImportFinding[];
}

export interface ConditionScope {
  kind: MonitorKind;
  /** A DNS endpoint's query type (dns.query-type), upper case. */
  dnsQueryType?: string;
}

type Operator = '==' | '!=' | '<=' | '>=' | '>' | '<';
const OPERATORS: Operator[] = ['==', '!=', '<=', '>=', '>', '<'];
const MIRROR: Record<Operator, Operator> = { '==': '==', '!=': '!=', '<=': '>=', '>=': '<=', '>': '<', '<': '>' };

type Fn = 'len' | 'has' | null;
interface Placeholder {
  fn: Fn;
  /** Upper-case name: STATUS, BODY, IP, ... */
  name: string;
  /** For [BODY].path / [BODY][0]: the path after [BODY], leading dot removed. */
  path: string | null;
}

/** A right-hand side: a literal, a pat() glob or an any() list. */
type Operand = { type: 'literal'; value: string } | { type: 'pat'; glob: string } | { type: 'any'; options: string[] };

const PLACEHOLDER = /^\[([A-Za-z_]+)\](.*)$/s;

function placeholderOf(text: string): Placeholder | null {
  let fn: Fn = null;
  let inner = text;
  const wrapped = /^(len|has)\((.*)\)$/s.exec(text);
  if (wrapped) {
    fn = wrapped[1] as Fn;
    inner = wrapped[2].trim();
  }
  const match = PLACEHOLDER.exec(inner);
  if (!match) return null;
  const name = match[1].toUpperCase();
  const rest = match[2];
  if (rest === '') return { fn, name, path: null };
  if (name !== 'BODY' && name !== 'CONTEXT') return null;
  if (!rest.startsWith('.') && !rest.startsWith('[')) return null;
  return { fn, name, path: rest.startsWith('.') ? rest.slice(1) : rest };
}

function operandOf(text: string): Operand {
  const pat = /^pat\((.*)\)$/s.exec(text);
  if (pat) return { type: 'pat', glob: pat[1] };
  const any = /^any\((.*)\)$/s.exec(text);
  if (any) return { type: 'any', options: any[1].split(',').map((o) => o.trim()) };
  return { type: 'literal', value: text };
}

// --- globs (Go's filepath.Match) to RE2 ------------------------------------------------------------

const RE2_SPECIAL = /[\\.+*?()|[\]{}^$]/g;
const quote = (text: string) => text.replace(RE2_SPECIAL, '\\$&');
const hexOf = (c: string) => `\\x{${c.codePointAt(0)!.toString(16)}}`;

/** The glob as an RE2 pattern matching a whole text (dot matches newline), or null when Go refuses it. */
export function globToRe2(glob: string): string | null {
  const chars = [...glob];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else if (c === '\\') {
      if (i + 1 >= chars.length) return null;
      out += quote(chars[++i]);
    } else if (c === '[') {
      let j = i + 1;
      let negated = false;
      if (chars[j] === '^') {
        negated = true;
        j++;
      }
      const items: string[] = [];
      let closed = false;
      while (j < chars.length) {
        if (chars[j] === ']' && items.length > 0) {
          closed = true;
          break;
        }
        let lo = chars[j];
        if (lo === '\\') lo = chars[++j];
        if (lo === undefined) return null;
        j++;
        if (chars[j] === '-' && chars[j + 1] !== undefined && chars[j + 1] !== ']') {
          let hi = chars[j + 1];
          j += 2;
          if (hi === '\\') hi = chars[j++];
          if (hi === undefined || hi < lo) return null;
          items.push(`${hexOf(lo)}-${hexOf(hi)}`);
        } else items.push(hexOf(lo));
      }
      if (!closed) return null;
      out += `[${negated ? '^' : ''}${items.join('')}]`;
      i = j;
    } else out += quote(c);
  }
  return `(?s)^${out}$`;
}

/** `*x*` with no other wildcard: the x a `contains` can stand for. */
function containsOf(glob: string): string | null {
  if (glob.length < 3 || !glob.startsWith('*') || !glob.endsWith('*')) return null;
  const inner = glob.slice(1, -1);
  return /[*?[\\]/.test(inner) || inner === '' ? null : inner;
}

// --- Gatus JSON paths to RFC 9535 ------------------------------------------------------------------

/** Gatus's `data[0].name` / `[0].id` as an RFC 9535 path (`$.data[0].name`), or null. */
export function jsonPathOf(path: string): string | null {
  if (path === '') return '$';
  const keys: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '[') depth++;
    else if (path[i] === ']') depth--;
    else if (path[i] === '.' && depth === 0) {
      keys.push(path.slice(start, i));
      start = i + 1;
    }
  }
  keys.push(path.slice(start));
  let out = '$';
  for (const key of keys) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(key);
    if (!match || (match[1] === '' && match[2] === '')) return null;
    if (match[1] !== '') {
      out += /^[A-Za-z_][A-Za-z0-9_]*$/.test(match[1])
        ? `.${match[1]}`
        : `['${match[1].replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
    }
    out += match[2];
  }
  return jsonPathProblem(out) === null ? out : null;
}

// --- numbers ------------------------------------------------------------------------------------

/** A right-hand side as Gatus reads it for <, <=, >, >=: a duration in ms, an integer, or a float cut to one. */
function numberOf(value: string): number | null {
  const duration = parseGoDuration(value);
  if (duration !== null && duration !== 0) return Math.trunc(duration);
  if (/^[+-]?(?:0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|\d+)$/.test(value)) return Number(value);
  const float = Number(value);
  return value.trim() !== '' && Number.isFinite(float) ? Math.trunc(float) : null;
}

const STATUS_MIN = MONITOR_BOUNDS.statusCodeMin;
const STATUS_MAX = MONITOR_BOUNDS.statusCodeMax;

/**
 * Status codes as assertions that hold exactly for `allowed` (within 100-599): a range (gte/lte), less
 * the few codes inside it that are not allowed (neq). Null when that takes more assertions than `room`.
 */
function statusSet(allowed: Set<number>, room: number): StatusCodeAssertion[] | null {
  const codes = [...allowed].filter((c) => c >= STATUS_MIN && c <= STATUS_MAX).sort((a, b) => a - b);
  if (codes.length === 0) return null;
  const lo = codes[0];
  const hi = codes[codes.length - 1];
  if (lo === hi) return [{ comparator: 'eq', target: lo }];
  const out: StatusCodeAssertion[] = [];
  if (lo > STATUS_MIN) out.push({ comparator: 'gte', target: lo });
  if (hi < STATUS_MAX) out.push({ comparator: 'lte', target: hi });
  for (let c = lo; c <= hi; c++) if (!allowed.has(c)) out.push({ comparator: 'neq', target: c });
  if (out.length === 0) out.push({ comparator: 'gte', target: STATUS_MIN });
  return out.length <= room ? out : null;
}

const STATUS_PATTERNS = new Map<string, number[] | null>();

/** The status codes 100-599 an operand accepts with ==. */
function statusCodesOf(operand: Operand): Set<number> | null {
  const all = Array.from({ length: STATUS_MAX - STATUS_MIN + 1 }, (_, i) => STATUS_MIN + i);
  switch (operand.type) {
    case 'literal': {
      const n = numberOf(operand.value);
      return n === null ? null : new Set([n]);
    }
    case 'any':
      return new Set(operand.options.map((o) => numberOf(o)).filter((n): n is number => n !== null));
    case 'pat': {
      // Files repeat a handful of patterns (`2*`) over hundreds of endpoints: each is enumerated once.
      const glob = operand.glob.replace(/\//g, '');
      let codes = STATUS_PATTERNS.get(glob);
      if (codes === undefined) {
        const re = globToRe2(glob);
        codes = re === null || regexProblem(re) !== null ? null : all.filter((c) => matchesPattern(re, String(c)));
        if (STATUS_PATTERNS.size < 100) STATUS_PATTERNS.set(glob, codes);
      }
      return codes === null ? null : new Set(codes);
    }
    default: {
      const unreachable: never = operand;
      throw new Error(`unknown operand ${String(unreachable)}`);
    }
  }
}

const NUMBER_COMPARATOR = { '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' } as const;

/** The body trimmed as Gatus trims it, compared whole: `^\s*(?:…)\s*$`. */
const wholeBody = (inner: string) => `(?s)^\\s*(?:${inner})\\s*$`;

/** Maps the conditions of one endpoint of `scope.kind`. */
export function mapConditions(conditions: readonly string[], scope: ConditionScope): MappedConditions {
  const out: MappedConditions = {
    statusCodeAssertions: [],
    bodyAssertions: [],
    jsonAssertions: [],
    timingAssertions: [],
    recordAssertions: [],
    certificateExpiryDays: [],
    timeoutMs: null,
    grpcExpectedStatus: null,
    boundsStatus: false,
    findings: [],
  };
  conditions.forEach((condition, index) => mapOne(condition, index, scope, out));
  return out;
}

function mapOne(condition: string, index: number, scope: ConditionScope, out: MappedConditions): void {
  const field = `conditions[${index}]`;
  const unmappable = (why: string) =>
    void out.findings.push({ level: 'unmappable', field, message: `condition “${condition}”: ${why}` });
  const approximate = (how: string) =>
    void out.findings.push({ level: 'approximate', field, message: `condition “${condition}”: ${how}` });
  const room = (list: unknown[]) => MONITOR_BOUNDS.assertionsPerKind - list.length;
  const push = <T>(list: T[], items: T[]): boolean => {
    if (items.length > room(list)) {
      unmappable(`more than ${MONITOR_BOUNDS.assertionsPerKind} assertions of one kind`);
      return false;
    }
    list.push(...items);
    return true;
  };

  const operator = OPERATORS.find((op) => condition.includes(` ${op} `));
  if (!operator) return unmappable('not of the form “<value> <operator> <value>” (Gatus refuses it too)');
  const parts = condition.split(` ${operator} `);
  if (parts.length !== 2) return unmappable(`more than one “${operator}”`);
  let [left, right] = parts.map((p) => p.trim());
  let op = operator;
  let placeholder = placeholderOf(left);
  if (!placeholder && placeholderOf(right)) {
    [left, right] = [right, left];
    op = MIRROR[op];
    placeholder = placeholderOf(left);
  }
  if (!placeholder) return unmappable('compares no placeholder this service can check');
  if (placeholderOf(right)) return unmappable('compares two placeholders with each other');
  const operand = operandOf(right);
  if ((operand.type === 'pat' || operand.type === 'any') && op !== '==' && op !== '!=')
    return unmappable(`${operand.type}() works only with == and != (Gatus compares it as a number: 0)`);
  const literal = operand.type === 'literal' ? operand.value : null;
  const isTrue = (v: string | null) => v !== null && v.toLowerCase() === 'true';
  const isFalse = (v: string | null) => v !== null && v.toLowerCase() === 'false';
  /** has(...) == true, != false: true; == false, != true: false; otherwise null. */
  const truth = (): boolean | null => {
    if (op !== '==' && op !== '!=') return null;
    if (isTrue(literal)) return op === '==';
    if (isFalse(literal)) return op === '!=';
    return null;
  };
  const { kind } = scope;

  switch (placeholder.name) {
    case 'STATUS': {
      if (kind !== 'http') return unmappable(`[STATUS] is an HTTP status; a ${kind} check has none`);
      if (placeholder.fn) return unmappable(`${placeholder.fn}([STATUS]) has no equivalent`);
      if (op === '==' || op === '!=') {
        const accepted = statusCodesOf(operand);
        if (accepted === null) return unmappable('the status it compares with is not a number or a valid pattern');
        const allowed =
          op === '=='
            ? accepted
            : new Set(
                Array.from({ length: STATUS_MAX - STATUS_MIN + 1 }, (_, i) => STATUS_MIN + i).filter(
                  (c) => !accepted.has(c),
                ),
              );
        if (![...allowed].some((c) => c >= STATUS_MIN && c <= STATUS_MAX))
          return unmappable(`it accepts no status code from ${STATUS_MIN} to ${STATUS_MAX}`);
        const assertions = statusSet(allowed, room(out.statusCodeAssertions));
        if (!assertions) return unmappable('the status codes it accepts take more assertions than a monitor holds');
        if (operand.type === 'pat' && operand.glob.includes('/')) approximate('“/” in the pattern is ignored by Gatus');
        out.boundsStatus = true;
        push(out.statusCodeAssertions, assertions);
        return;
      }
      const n = literal === null ? null : numberOf(literal);
      if (n === null) return unmappable('the status it compares with is not a number');
      out.boundsStatus = true;
      push(out.statusCodeAssertions, [{ comparator: NUMBER_COMPARATOR[op], target: clampStatus(n, op) }]);
      return;
    }
    case 'RESPONSE_TIME': {
      if (placeholder.fn) return unmappable(`${placeholder.fn}([RESPONSE_TIME]) has no equivalent`);
      if (op !== '<' && op !== '<=')
        return unmappable('only an upper bound (< or <=) on the response time has an equivalent here');
      const ms = literal === null ? null : numberOf(literal);
      if (ms === null || ms < 0) return unmappable('the bound is not a number of milliseconds or a duration');
      let target = ms;
      if (target > MONITOR_BOUNDS.timeoutMax) {
        target = MONITOR_BOUNDS.timeoutMax;
        approximate(`bounded at ${MONITOR_BOUNDS.timeoutMax} ms, the longest a check may take here`);
      }
      if (kind === 'http') {
        push(out.timingAssertions, [
          { phase: 'total', comparator: op === '<' ? 'lt' : 'lte', target, severity: 'error' },
        ]);
        return;
      }
      if (kind === 'heartbeat') return unmappable('a heartbeat monitor has no response time');
      const timeout = Math.max(1, op === '<' ? target : target + 1);
      out.timeoutMs = out.timeoutMs === null ? timeout : Math.min(out.timeoutMs, timeout);
      approximate(
        `a ${kind} check has no timing assertions: its timeout is set to ${timeout} ms, so a slower answer fails the check as a timeout`,
      );
      return;
    }
    case 'CERTIFICATE_EXPIRATION': {
      if (kind !== 'http' && kind !== 'tls' && kind !== 'grpc')
        return unmappable(`a ${kind} check sees no certificate`);
      if (placeholder.fn) return unmappable(`${placeholder.fn}([CERTIFICATE_EXPIRATION]) has no equivalent`);
      if (op !== '>' && op !== '>=')
        return unmappable('only a lower bound (> or >=) on the time left has an equivalent here');
      const ms = literal === null ? null : numberOf(literal);
      if (ms === null || ms <= 0) return unmappable('the bound is not a duration');
      // Expiry thresholds here are whole days, compared with the whole days left (rounded down):
      // N warns once fewer than N + 1 days remain, so N = ceil(bound in days) - 1 warns at the bound
      // when it is a whole number of days, and at most a day early otherwise.
      const wanted = Math.ceil(ms / 86_400_000) - 1;
      const days = Math.min(MONITOR_BOUNDS.certificateExpiryDayMax, Math.max(1, wanted));
      if (!out.certificateExpiryDays.includes(days)) out.certificateExpiryDays.push(days);
      approximate(
        `Gatus fails the check once ${formatMs(ms)} or less remains; here the check does not fail: certificate.expiring is sent once less than ${formatMs((days + 1) * 86_400_000)} remains (a ${days}-day threshold${
          days !== wanted ? `; thresholds are 1 to ${MONITOR_BOUNDS.certificateExpiryDayMax} days` : ''
        })`,
      );
      return;
    }
    case 'CONNECTED': {
      if (placeholder.fn) return unmappable(`${placeholder.fn}([CONNECTED]) has no equivalent`);
      const connected = truth();
      if (connected === true) return; // every check here fails when it cannot connect
      return unmappable('only [CONNECTED] == true has an equivalent (every check here fails when it cannot connect)');
    }
    case 'DNS_RCODE': {
      if (kind !== 'dns') return unmappable('[DNS_RCODE] applies to DNS endpoints only');
      if (!placeholder.fn && op === '==' && literal?.toUpperCase() === 'NOERROR') {
        approximate(
          'a DNS check here succeeds when the name resolves: a NOERROR answer without records of the type fails it',
        );
        return;
      }
      return unmappable('only [DNS_RCODE] == NOERROR has an equivalent (a DNS check here fails on any other answer)');
    }
    case 'BODY':
      return mapBody(placeholder, op, operand, scope, out, { unmappable, approximate, push, truth, room });
    case 'IP':
      return unmappable(
        'the address the host resolves to is not asserted here (a DNS monitor of the host can check it)',
      );
    case 'DOMAIN_EXPIRATION':
      return unmappable('domain expiry (WHOIS) is not checked here');
    case 'CONTEXT':
      return unmappable('suite context values have no equivalent');
    default:
      return unmappable(`[${placeholder.name}] is not a placeholder this service knows`);
  }
}

function clampStatus(n: number, op: '<' | '<=' | '>' | '>='): number {
  // `[STATUS] < 600` and `[STATUS] > 99` are bounds outside the codes a target may name: the same
  // set of codes with the nearest bound inside.
  if (n > STATUS_MAX && (op === '<' || op === '<=')) return STATUS_MAX;
  if (n < STATUS_MIN && (op === '>' || op === '>=')) return STATUS_MIN;
  return Math.min(STATUS_MAX, Math.max(STATUS_MIN, n));
}

interface Reporters {
  unmappable(why: string): void;
  approximate(how: string): void;
  push<T>(list: T[], items: T[]): boolean;
  truth(): boolean | null;
  room(list: unknown[]): number;
}

function mapBody(
  placeholder: Placeholder,
  op: Operator,
  operand: Operand,
  scope: ConditionScope,
  out: MappedConditions,
  r: Reporters,
): void {
  const { kind } = scope;
  if (kind === 'dns') return mapDnsBody(placeholder, op, operand, scope, out, r);
  if (kind === 'grpc') {
    if (
      placeholder.fn === null &&
      placeholder.path?.toLowerCase() === 'status' &&
      op === '==' &&
      operand.type === 'literal'
    ) {
      const status = operand.value.toUpperCase();
      if (status === 'SERVING' || status === 'NOT_SERVING' || status === 'SERVICE_UNKNOWN') {
        out.grpcExpectedStatus = status;
        return;
      }
    }
    return r.unmappable('a gRPC check here asserts only the serving status ([BODY].status == SERVING)');
  }
  if (kind !== 'http') return r.unmappable(`a ${kind} check here reads no response body`);
  if (operand.type === 'pat' && operand.glob.includes('/'))
    r.approximate('Gatus ignores “/” when matching a pattern; here it must appear as written');
  return placeholder.path === null
    ? mapWholeBody(placeholder.fn, op, operand, out, r)
    : mapJsonBody(placeholder.fn, placeholder.path, op, operand, out, r);
}

function mapWholeBody(fn: Fn, op: Operator, operand: Operand, out: MappedConditions, r: Reporters): void {
  const body = (comparator: BodyAssertion['comparator'], target: string) =>
    void r.push(out.bodyAssertions, [{ comparator, target }]);
  /** A pattern this service runs, or the reason it cannot. */
  const usable = (pattern: string | null): pattern is string => {
    if (pattern === null) {
      r.unmappable('the pattern is not one Gatus can match (it always fails there)');
      return false;
    }
    const problem = regexProblem(pattern);
    if (problem) r.unmappable(`as a regular expression here: ${problem}`);
    return problem === null;
  };
  if (fn === 'has') {
    const present = r.truth();
    if (present === null) return r.unmappable('has() is compared with true or false only');
    return body(present ? 'matches' : 'not_matches', '\\S');
  }
  if (fn === 'len') return mapLength('$', op, operand, out, r, 'the body');
  if (op !== '==' && op !== '!=') {
    if (operand.type !== 'literal' || numberOf(operand.value) === null)
      return r.unmappable('the body is ordered against a value that is not a number');
    return body(NUMBER_COMPARATOR[op], String(numberOf(operand.value)));
  }
  const equal = op === '==';
  switch (operand.type) {
    case 'literal': {
      const pattern = wholeBody(quote(operand.value));
      if (regexProblem(pattern) === null) return body(equal ? 'matches' : 'not_matches', pattern);
      r.approximate('compared with the body as it is: Gatus trims the whitespace around the body first');
      return body(equal ? 'eq' : 'neq', operand.value);
    }
    case 'pat': {
      const inner = containsOf(operand.glob);
      if (inner !== null) return body(equal ? 'contains' : 'not_contains', inner);
      const re = globToRe2(operand.glob);
      const pattern = re === null ? null : wholeBody(re.replace(/^\(\?s\)\^/, '').replace(/\$$/, ''));
      if (usable(pattern)) body(equal ? 'matches' : 'not_matches', pattern);
      return;
    }
    case 'any': {
      const pattern = wholeBody(operand.options.map(quote).join('|'));
      if (usable(pattern)) body(equal ? 'matches' : 'not_matches', pattern);
      return;
    }
    default: {
      const unreachable: never = operand;
      throw new Error(`unknown operand ${String(unreachable)}`);
    }
  }
}

function mapJsonBody(
  fn: Fn,
  gatusPath: string,
  op: Operator,
  operand: Operand,
  out: MappedConditions,
  r: Reporters,
): void {
  const path = jsonPathOf(gatusPath);
  if (path === null) return r.unmappable(`the path “${gatusPath}” has no RFC 9535 equivalent`);
  const json = (items: JsonAssertion[]) => void r.push(out.jsonAssertions, items);
  if (fn === 'has') {
    const present = r.truth();
    if (present === null) return r.unmappable('has() is compared with true or false only');
    return json([{ path, comparator: present ? 'exists' : 'not_exists', target: '' }]);
  }
  if (fn === 'len') return mapLength(path, op, operand, out, r, `the value at ${path}`);
  if (op !== '==' && op !== '!=') {
    if (operand.type !== 'literal' || numberOf(operand.value) === null)
      return r.unmappable('the value is ordered against something that is not a number');
    return json([{ path, comparator: NUMBER_COMPARATOR[op], target: String(numberOf(operand.value)) }]);
  }
  const equal = op === '==';
  switch (operand.type) {
    case 'literal':
      return json([{ path, comparator: equal ? 'eq' : 'neq', target: operand.value }]);
    case 'pat': {
      const inner = containsOf(operand.glob);
      if (inner !== null) return json([{ path, comparator: equal ? 'contains' : 'not_contains', target: inner }]);
      if (!equal) return r.unmappable('a JSON assertion here has no “does not match” comparator');
      const pattern = globToRe2(operand.glob);
      if (pattern === null) return r.unmappable('the pattern is not one Gatus can match (it always fails there)');
      const problem = regexProblem(pattern);
      if (problem) return r.unmappable(`as a regular expression here: ${problem}`);
      return json([{ path, comparator: 'matches', target: pattern }]);
    }
    case 'any': {
      if (!equal) return json(operand.options.map((option) => ({ path, comparator: 'neq' as const, target: option })));
      const pattern = `(?s)^(?:${operand.options.map(quote).join('|')})$`;
      const problem = regexProblem(pattern);
      if (problem) return r.unmappable(`as a regular expression here: ${problem}`);
      return json([{ path, comparator: 'matches', target: pattern }]);
    }
    default: {
      const unreachable: never = operand;
      throw new Error(`unknown operand ${String(unreachable)}`);
    }
  }
}

/**
 * len(...) as element indexes of a JSON array: `len(x) > 2` is “x[2] exists”. Gatus also counts the
 * characters of a string (or of a body that is not JSON); that has no equivalent, so it is reported.
 */
function mapLength(
  path: string,
  op: Operator,
  operand: Operand,
  out: MappedConditions,
  r: Reporters,
  what: string,
): void {
  const n = operand.type === 'literal' ? numberOf(operand.value) : null;
  if (n === null || n < 0) return r.unmappable('len() is compared with something that is not a count');
  const at = (i: number) => `${path}[${i}]`;
  const exists = (i: number): JsonAssertion => ({ path: at(i), comparator: 'exists', target: '' });
  const missing = (i: number): JsonAssertion => ({ path: at(i), comparator: 'not_exists', target: '' });
  let items: JsonAssertion[] | null;
  switch (op) {
    case '==':
      items = n === 0 ? [missing(0)] : [exists(n - 1), missing(n)];
      break;
    case '!=':
      items = n === 0 ? [exists(0)] : null;
      break;
    case '>':
      items = [exists(n)];
      break;
    case '>=':
      items = n === 0 ? [] : [exists(n - 1)];
      break;
    case '<':
      items = n === 0 ? null : [missing(n - 1)];
      break;
    case '<=':
      items = [missing(n)];
      break;
    default: {
      const unreachable: never = op;
      throw new Error(`unknown operator ${String(unreachable)}`);
    }
  }
  if (items === null) return r.unmappable('this length comparison has no equivalent');
  if (!r.push(out.jsonAssertions, items)) return;
  r.approximate(`counts the elements of ${what} as a JSON array; Gatus would count a string's characters`);
}

function mapDnsBody(
  placeholder: Placeholder,
  op: Operator,
  operand: Operand,
  scope: ConditionScope,
  out: MappedConditions,
  r: Reporters,
): void {
  const record = scope.dnsQueryType as DnsRecordType | undefined;
  if (!record || !(DNS_RECORD_TYPES as readonly string[]).includes(record))
    return r.unmappable(`record assertions here are on ${DNS_RECORD_TYPES.join(', ')} records only`);
  if (placeholder.fn !== null || placeholder.path !== null)
    return r.unmappable('a DNS answer is compared whole here, without len(), has() or a path');
  if (op !== '==' && op !== '!=') return r.unmappable('DNS records are compared with == or != only here');
  const equal = op === '==';
  let items: RecordAssertion[] | null = null;
  switch (operand.type) {
    case 'literal':
      items = [{ record, comparator: equal ? 'eq' : 'neq', target: operand.value }];
      break;
    case 'pat': {
      const inner = containsOf(operand.glob);
      if (inner !== null) items = [{ record, comparator: equal ? 'contains' : 'not_contains', target: inner }];
      break;
    }
    case 'any':
      if (!equal) items = operand.options.map((target) => ({ record, comparator: 'neq' as const, target }));
      break;
    default: {
      const unreachable: never = operand;
      throw new Error(`unknown operand ${String(unreachable)}`);
    }
  }
  if (items === null || items.some((i) => i.target === ''))
    return r.unmappable('record assertions here take a value, or *text* as “contains”, and no alternatives');
  if (!r.push(out.recordAssertions, items)) return;
  r.approximate(
    equal
      ? `Gatus compares the last ${record} record of the answer; here any ${record} record may match`
      : `Gatus compares the last ${record} record of the answer; here no ${record} record may match`,
  );
}
