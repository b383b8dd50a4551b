import { matchesPattern, PATTERN_BOUNDS, PatternRefusedError, regexProblem } from './patterns';

describe(regexProblem.name, () => {
  it.each(['ok', '^HTTP/1\\.[01] 200$', '(?i)status: *up', '"version":\\s*"\\d+\\.\\d+"', '(a+)+$', '(?P<n>x)|y', ''])(
    'accepts %j',
    (pattern) => {
      expect(regexProblem(pattern)).toBeNull();
    },
  );

  it.each([
    ['(?=x)', 'not a valid RE2 regular expression: invalid or unsupported Perl syntax: `(?=`'],
    ['(a)\\1', 'not a valid RE2 regular expression: invalid escape sequence: `\\1`'],
    ['[a-', 'not a valid RE2 regular expression: missing closing ]: `[a-`'],
    ['a**', 'not a valid RE2 regular expression: invalid nested repetition operator: `**`'],
    ['a{1001}', 'not a valid RE2 regular expression: invalid repeat count: `{1001}`'],
  ])('refuses %j: %s', (pattern, problem) => {
    expect(regexProblem(pattern)).toBe(problem);
  });

  it('refuses a program too large to run in bounded time, and a pattern too long', () => {
    expect(regexProblem('a.{300}b')).toMatch(/^the pattern compiles to \d+ instructions, more than 256: /);
    expect(regexProblem('a.{200}b')).toBeNull();
    expect(regexProblem('x'.repeat(PATTERN_BOUNDS.length + 1))).toBe('the pattern is longer than 1024 characters');
  });
});

describe(matchesPattern.name, () => {
  it.each([
    ['world', 'hello world', true],
    ['^world', 'hello world', false],
    ['^hello world$', 'hello world', true],
    ['(?i)WORLD', 'hello world', true],
    ['WORLD', 'hello world', false],
    // No flags: `.` stops at a newline and ^/$ are the text's ends, unless the pattern says otherwise.
    ['a.b', 'a\nb', false],
    ['(?s)a.b', 'a\nb', true],
    ['^b$', 'a\nb', false],
    ['(?m)^b$', 'a\nb', true],
    ['\\d{3}', 'code 503!', true],
    ['é+', 'café', true],
  ] as const)('%j in %j -> %s', (pattern, text, expected) => {
    expect(matchesPattern(pattern, text)).toBe(expected);
  });

  it('answers a catastrophic-backtracking pattern on adversarial text in linear time', () => {
    // A backtracking engine takes 2^n steps here; these answer in one pass over the text.
    expect(matchesPattern('(a+)+$', `${'a'.repeat(100_000)}!`)).toBe(false);
    expect(matchesPattern('(x+x+)+y', 'x'.repeat(100_000))).toBe(false);
    expect(matchesPattern('(a|aa)+$', `${'a'.repeat(100_000)}`)).toBe(true);
  });

  it('throws on a pattern the engine refuses', () => {
    expect(() => matchesPattern('(?=x)', 'x')).toThrow(PatternRefusedError);
  });
});
