// Reading loosely typed YAML values the way the openstatus CLI does. The CLI decodes its file with
// koanf and mapstructure: field names match case-insensitively and a scalar is taken in place of
// another scalar type ("3" for 3, "true" for true). These helpers do the same, so a file the CLI
// applies is a file this importer reads, and they name what they could not read instead of guessing.
import { isMultiLine, isSingleLine } from '../../common/validation';
import type { ImportFinding } from '../import-model';

export type Plain = Record<string, unknown>;

export function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** A mapping's fields by lower-case name, and the names it has outside `known` (as written). */
export function fieldsOf(
  value: Plain,
  known: readonly string[],
): { get: (name: string) => unknown; unknown: string[] } {
  const byName = new Map<string, unknown>();
  const unknown: string[] = [];
  for (const [name, field] of Object.entries(value)) {
    const lower = name.toLowerCase();
    byName.set(lower, field);
    if (!known.includes(lower)) unknown.push(name);
  }
  return { get: (name) => byName.get(name.toLowerCase()), unknown };
}

export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

export function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  return null;
}

/** A scalar as text (YAML reads `200` or `true` as a number or boolean where a string was meant). */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

const CONTROL = /\p{Cc}/gu;
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/gu;

/**
 * A name or a description made storable: control characters become spaces and the text is cut to
 * `max` characters. Reported as approximate when anything changed; the value itself is not repeated.
 */
export function storableText(
  value: string,
  max: number,
  multiLine: boolean,
  field: string,
  findings: ImportFinding[],
): string {
  let text = value;
  if (!(multiLine ? isMultiLine(text) : isSingleLine(text))) {
    text = text.replace(multiLine ? CONTROL_BUT_LINES : CONTROL, ' ');
    findings.push({ level: 'approximate', field, message: 'held control characters; they became spaces' });
  }
  if (text.length > max) {
    text = text.slice(0, max);
    findings.push({ level: 'approximate', field, message: `cut to ${max} characters, the bound here` });
  }
  return text;
}
