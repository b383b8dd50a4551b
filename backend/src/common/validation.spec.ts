import { z } from 'zod';
import { ValidationError } from './errors';
import { isMultiLine, isSingleLine, multiLine, unstorableIssues, parseInput, singleLine } from './validation';

function issuesOf(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe(parseInput.name, () => {
  const schema = z.object({
    name: z.string().max(5, { message: 'must be at most 5 characters' }),
    headers: z.array(z.object({ key: z.string({ message: 'is required' }) })),
  });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { name: 'ok', headers: [] })).toEqual({ name: 'ok', headers: [] });
  });

  it('names every offending field with its bound', () => {
    const error = issuesOf(() => parseInput(schema, { name: 'toolong', headers: [{}] }));
    expect(error.message).toBe('name: must be at most 5 characters; headers.0.key: is required');
    expect(error.issues.map((i) => i.field)).toEqual(['name', 'headers.0.key']);
  });

  describe('safety net: text PostgreSQL cannot store', () => {
    const loose = z.object({
      name: z.string(),
      tags: z.array(z.string()).optional(),
      labels: z.record(z.string(), z.string()).optional(),
      nested: z.object({ deep: z.array(z.object({ value: z.string() })) }).optional(),
    });

    it('refuses U+0000 in any string a schema let through, naming its path', () => {
      const error = issuesOf(() =>
        parseInput(loose, { name: 'a\u0000', tags: ['ok', 'b\u0000c'], nested: { deep: [{ value: '\u0000' }] } }),
      );
      expect(error.message).toBe(
        'name: must not contain control characters; tags.1: must not contain control characters; ' +
          'nested.deep.0.value: must not contain control characters',
      );
      expect(error.issues.map((i) => i.field)).toEqual(['name', 'tags.1', 'nested.deep.0.value']);
    });

    it('refuses U+0000 in an object key', () => {
      const error = issuesOf(() => parseInput(loose, { name: 'x', labels: { 'k\u0000': 'v' } }));
      expect(error.message).toBe('labels: keys must not contain control characters');
    });

    it('checks the parsed output, after defaults and transforms', () => {
      const withDefault = z.object({ a: z.string().default('d\u0000'), b: z.string().transform((s) => `${s}\u0000`) });
      expect(issuesOf(() => parseInput(withDefault, { b: 'x' })).issues.map((i) => i.field)).toEqual(['a', 'b']);
    });

    it('leaves other control characters to the schemas (one-line and multi-line fields differ)', () => {
      expect(parseInput(loose, { name: 'a\u0001\tb\n' })).toEqual({ name: 'a\u0001\tb\n' });
    });

    it('does not look into what a schema declares unknown: its reader validates it item by item', () => {
      const report = z.object({ agentId: z.string(), results: z.array(z.unknown()) });
      const results = [{ error: { message: 'x\u0000' } }];
      expect(parseInput(report, { agentId: 'a', results })).toEqual({ agentId: 'a', results });
      expect(issuesOf(() => parseInput(report, { agentId: 'a\u0000', results })).issues[0].field).toBe('agentId');
    });

    it('refuses a lone surrogate (JSON carries it; UTF-8 and jsonb cannot), in values and keys', () => {
      const error = issuesOf(() => parseInput(loose, { name: 'a\ud800', labels: { '\udc00': 'v' } }));
      expect(error.message).toBe(
        'name: must be well-formed Unicode text (it holds a lone surrogate); ' +
          'labels: keys must be well-formed Unicode text (it holds a lone surrogate)',
      );
      expect(parseInput(loose, { name: 'emoji \ud83d\ude00' })).toEqual({ name: 'emoji 😀' });
    });

    it('finds nothing in values without NUL, dates and numbers included', () => {
      expect(unstorableIssues({ a: ['x', 1, null, new Date(0), { b: true }] })).toEqual([]);
    });
  });
});

const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));
const LINE_BREAKS = ['\t', '\n', '\r'];
/** [`0007`, character] rows for it.each, so that titles read `refuses U+0007`. */
const rows = (chars: string[]) => chars.map((c) => [c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase(), c]);

describe(singleLine.name, () => {
  const sut = singleLine(10);

  it.each(rows(C0.concat('\u007f', '\u0085', '\u009f')))('refuses U+%s', (_code, c) => {
    expect(isSingleLine(`a${c}b`)).toBe(false);
    const result = sut.safeParse(`a${c}b`);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['must not contain control characters']);
  });

  it('accepts printable text, other scripts and emoji, and names its bound', () => {
    expect(sut.parse('Ünïcødé ✓')).toBe('Ünïcødé ✓');
    expect(sut.parse('日本語 😀')).toBe('日本語 😀');
    expect(sut.safeParse('x'.repeat(11)).error?.issues[0].message).toBe('must be at most 10 characters');
    expect(singleLine().parse('y'.repeat(10_000))).toHaveLength(10_000);
  });
});

describe(multiLine.name, () => {
  const sut = multiLine(100);

  it('accepts tab, line feed and carriage return', () => {
    expect(sut.parse('line one\r\n\tline two\n')).toBe('line one\r\n\tline two\n');
    for (const c of LINE_BREAKS) expect(isMultiLine(c)).toBe(true);
  });

  it.each(rows(C0.filter((c) => !LINE_BREAKS.includes(c)).concat('\u007f', '\u0085')))('refuses U+%s', (_code, c) => {
    expect(isMultiLine(c)).toBe(false);
    expect(sut.safeParse(`a${c}`).error?.issues.map((i) => i.message)).toEqual(['must not contain control characters']);
  });
});
