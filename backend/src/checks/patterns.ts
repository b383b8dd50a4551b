// Regular expressions of assertions (body and header `matches` / `not_matches`, JSON `matches`). They
// run on re2js, an RE2-class engine: no backreferences or lookaround, and matching time grows
// linearly with the text, so a pattern cannot backtrack catastrophically on a body the target chose.
//
// Linear in the text is still "text × program size": counted repetitions copy what they repeat
// (`.{200}` is two hundred instructions), and on a 256 KB body a few hundred live instructions cost
// seconds once the engine's DFA gives up. So the compiled program is bounded too, which keeps the
// worst case around a few hundred milliseconds on the largest body a check keeps.
//
// Flags: none. `matches` searches (the pattern may match anywhere in the text; anchor it with ^ and $
// to match the whole text), `.` does not match a newline and ^ / $ are the text's ends. Users set
// RE2's inline flags themselves: (?i) case-insensitive, (?s) dot matches newline, (?m) multi-line.
import { RE2JS } from 're2js';

export const PATTERN_BOUNDS = {
  /** Characters of a pattern. */
  length: 1024,
  /** Instructions of the compiled program: what the matching time is proportional to, per character. */
  instructions: 256,
} as const;

/** Compiled patterns kept, least recently used dropped first: checks reuse a handful each. */
const CACHE_SIZE = 500;
const cache = new Map<string, RE2JS | { problem: string }>();

function compiled(pattern: string): RE2JS | { problem: string } {
  const hit = cache.get(pattern);
  if (hit) {
    cache.delete(pattern);
    cache.set(pattern, hit);
    return hit;
  }
  const entry = compile(pattern);
  cache.set(pattern, entry);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return entry;
}

function compile(pattern: string): RE2JS | { problem: string } {
  if (pattern.length > PATTERN_BOUNDS.length)
    return { problem: `the pattern is longer than ${PATTERN_BOUNDS.length} characters` };
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (error) {
    // re2js says `error parsing regexp: invalid or unsupported Perl syntax: \`(?=\``: the reason and
    // the offending part, which is what the author needs.
    const message = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    return { problem: `not a valid RE2 regular expression: ${message}` };
  }
  const instructions = (re.re2().prog as { inst?: unknown[] } | undefined)?.inst?.length ?? 0;
  if (instructions > PATTERN_BOUNDS.instructions)
    return {
      problem: `the pattern compiles to ${instructions} instructions, more than ${PATTERN_BOUNDS.instructions}: use smaller counted repetitions such as {n} or {m,n}`,
    };
  return re;
}

/** Why the engine refuses `pattern` (its syntax, or its size), or null when it runs it. */
export function regexProblem(pattern: string): string | null {
  const entry = compiled(pattern);
  return entry instanceof RE2JS ? null : entry.problem;
}

/** Thrown by matchesPattern for a pattern regexProblem refuses. */
export class PatternRefusedError extends Error {}

/** Whether `pattern` matches anywhere in `text` (search, not full match; see the flags above). */
export function matchesPattern(pattern: string, text: string): boolean {
  const entry = compiled(pattern);
  if (!(entry instanceof RE2JS)) throw new PatternRefusedError(entry.problem);
  return entry.test(text);
}
