// Input validation from one source of truth (zod schemas), with messages that name the field and the
// bound so a caller can correct the input and retry.
import { z } from 'zod';
import { ValidationError, type FieldIssue } from './errors';

export const NO_CONTROL_CHARACTERS = 'must not contain control characters';

/** Every control character (C0, DEL and C1): nothing a name, title, URL, header or label needs. */
const SINGLE_LINE_FORBIDDEN = /\p{Cc}/u;
/** The same less tab, line feed and carriage return, which prose and bodies legitimately hold. */
const MULTI_LINE_FORBIDDEN = /[^\P{Cc}\t\n\r]/u;

/** One line of text: no control characters at all. */
export function isSingleLine(value: string): boolean {
  return !SINGLE_LINE_FORBIDDEN.test(value);
}

/** Text of several lines: tab, LF and CR allowed, every other control character refused. */
export function isMultiLine(value: string): boolean {
  return !MULTI_LINE_FORBIDDEN.test(value);
}

/** An absolute http: or https: URL (with a host: the URL parser requires one for these schemes). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The message of a missing field, for zod checks: `z.string(required)`, `.min(1, required)`. */
export const required = { error: 'is required' };

function bounded(check: (value: string) => boolean, max: number | undefined) {
  const text = z.string(required).refine(check, { error: NO_CONTROL_CHARACTERS });
  return max === undefined ? text : text.max(max, { error: `must be at most ${max} characters` });
}

/**
 * A one-line string field (names, titles, URLs, header keys and values, labels) of at most `max`
 * characters. Control characters are refused before any trim, so a value is never silently changed.
 */
export function singleLine(max?: number) {
  return bounded(isSingleLine, max);
}

/** A multi-line string field (messages, descriptions, request bodies) of at most `max` characters. */
export function multiLine(max?: number) {
  return bounded(isMultiLine, max);
}

export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.length ? path.map(String).join('.') : '(input)';
}

/** The parts of a zod schema's definition the NUL check follows. */
interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
}

const defOf = (schema: z.ZodType | undefined): SchemaDef | undefined =>
  (schema as { _zod?: { def: SchemaDef } } | undefined)?._zod?.def;

export const NOT_WELL_FORMED = 'must be well-formed Unicode text (it holds a lone surrogate)';

/** A UTF-16 surrogate without its pair: JSON can carry it, but no UTF-8 text or jsonb can store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What PostgreSQL cannot store in text or jsonb, whatever the field: NUL and lone surrogates. */
function unstorable(value: string): string | null {
  if (value.includes('\u0000')) return NO_CONTROL_CHARACTERS;
  if (LONE_SURROGATE.test(value)) return NOT_WELL_FORMED;
  return null;
}

/**
 * Where a parsed value holds text PostgreSQL cannot store (U+0000, a lone surrogate), in a string or
 * an object key, by field path. No field may carry it, whatever its own schema says: the driver would
 * fail the write, and the caller would get a 500. The walk follows the schema so that it can leave
 * out what the schema declares `z.unknown()`: such a value is not validated here but item by item by
 * its reader (the results of an agent report), which decides what to do with such text.
 */
export function unstorableIssues(
  value: unknown,
  schema?: z.ZodType,
  path: PropertyKey[] = [],
  out: FieldIssue[] = [],
): FieldIssue[] {
  let def = defOf(schema);
  while (def?.innerType) def = defOf(def.innerType);
  if (def && (def.type === 'unknown' || def.type === 'any')) return out;
  if (typeof value === 'string') {
    const problem = unstorable(value);
    if (problem) out.push({ field: fieldPath(path), message: problem });
  } else if (Array.isArray(value)) {
    const element = def?.type === 'array' ? def.element : undefined;
    value.forEach((item, i) => unstorableIssues(item, element, [...path, i], out));
  } else if (value !== null && typeof value === 'object' && isPlain(value)) {
    for (const [key, item] of Object.entries(value)) {
      const inner = def?.type === 'object' ? def.shape?.[key] : def?.type === 'record' ? def.valueType : undefined;
      const problem = unstorable(key);
      if (problem) out.push({ field: fieldPath(path), message: `keys ${problem}` });
      else unstorableIssues(item, inner, [...path, key], out);
    }
  }
  return out;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function fail(issues: FieldIssue[]): never {
  throw new ValidationError(issues.map((i) => `${i.field}: ${i.message}`).join('; '), issues);
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    fail(
      result.error.issues.map((issue) => ({
        field: fieldPath(issue.path),
        message: issue.message,
      })),
    );
  }
  // The safety net under every schema: a field whose schema forgot the control-character rule still
  // never reaches the database with a NUL (a driver error, and a 500, otherwise).
  const unstorableText = unstorableIssues(result.data, schema);
  if (unstorableText.length) fail(unstorableText);
  return result.data;
}
