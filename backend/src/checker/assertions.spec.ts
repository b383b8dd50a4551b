import {
  compareJson,
  compareNumber,
  compareRecords,
  compareString,
  judgeHttp,
  judgeJson,
  judgeRecords,
  judgeTiming,
} from './assertions';

describe(compareNumber.name, () => {
  it.each([
    ['eq', 200, 200, true],
    ['eq', 201, 200, false],
    ['neq', 201, 200, true],
    ['neq', 200, 200, false],
    ['gt', 301, 300, true],
    ['gt', 300, 300, false],
    ['gte', 300, 300, true],
    ['gte', 299, 300, false],
    ['lt', 299, 300, true],
    ['lt', 300, 300, false],
    ['lte', 300, 300, true],
    ['lte', 301, 300, false],
  ] as const)('%s: %d vs %d -> %s', (comparator, actual, target, expected) => {
    expect(compareNumber(comparator, actual, target)).toBe(expected);
  });
});

describe(compareString.name, () => {
  it.each([
    ['contains', 'hello world', 'world', true],
    ['contains', 'hello', 'world', false],
    ['contains', null, 'x', false],
    ['not_contains', 'hello', 'world', true],
    ['not_contains', 'hello world', 'world', false],
    ['not_contains', null, 'x', true],
    ['eq', 'ok', 'ok', true],
    ['eq', 'ok ', 'ok', false],
    ['eq', null, '', false],
    ['neq', 'ok', 'ko', true],
    ['neq', 'ok', 'ok', false],
    ['empty', '', '', true],
    ['empty', null, '', true],
    ['empty', 'x', '', false],
    ['not_empty', 'x', '', true],
    ['not_empty', '', '', false],
    ['not_empty', null, '', false],
    ['gt', '10', '9', true],
    ['gt', 'b', 'a', true],
    ['gt', '9', '10', false],
    ['gte', '10', '10', true],
    ['gte', null, '1', false],
    ['lt', '9', '10', true],
    ['lt', 'a', 'b', true],
    ['lt', '10', '9', false],
    ['lte', '1.5', '1.5', true],
    ['lte', '2', '1.5', false],
    ['matches', 'version 1.2.3', '\\d+\\.\\d+', true],
    ['matches', 'version x', '\\d+\\.\\d+', false],
    ['matches', 'Hello', '(?i)^hello$', true],
    ['matches', null, '.*', false],
    ['not_matches', 'version x', '\\d', true],
    ['not_matches', 'version 1', '\\d', false],
    ['not_matches', null, '.*', true],
  ] as const)('%s: %j vs %j -> %s', (comparator, actual, target, expected) => {
    expect(compareString(comparator, actual, target)).toBe(expected);
  });
});

describe(compareRecords.name, () => {
  const records = ['93.184.216.34', 'Mail.Example.com.'];
  it.each([
    ['eq', '93.184.216.34', true],
    ['eq', 'mail.example.com', true],
    ['eq', '1.1.1.1', false],
    ['neq', '1.1.1.1', true],
    ['neq', '93.184.216.34', false],
    ['contains', '216', true],
    ['contains', 'nope', false],
    ['not_contains', 'nope', true],
    ['not_contains', 'example', false],
  ] as const)('%s %s -> %s', (comparator, target, expected) => {
    expect(compareRecords(comparator, records, target)).toBe(expected);
  });
});

describe(judgeHttp.name, () => {
  const observed = { statusCode: 503, headers: { 'content-type': 'text/plain' }, body: 'down' };

  it('demands 2xx when there is no status-code assertion', () => {
    expect(judgeHttp(observed, { statusCode: [], body: [], header: [] })).toEqual([
      { type: 'status_code', comparator: 'gte', target: 200, actual: 503, passed: false },
    ]);
    expect(judgeHttp({ ...observed, statusCode: 204 }, { statusCode: [], body: [], header: [] })[0].passed).toBe(true);
  });

  it('judges every assertion with its actual value', () => {
    const outcomes = judgeHttp(observed, {
      statusCode: [{ comparator: 'eq', target: 503 }],
      body: [{ comparator: 'contains', target: 'up' }],
      header: [
        { key: 'Content-Type', comparator: 'contains', target: 'text' },
        { key: 'X-Missing', comparator: 'empty', target: '' },
      ],
    });
    expect(outcomes.map((o) => [o.type, o.actual, o.passed])).toEqual([
      ['status_code', 503, true],
      ['body', 'down', false],
      ['header', 'text/plain', true],
      ['header', null, true],
    ]);
  });
});

describe(judgeRecords.name, () => {
  it('checks the record type named by each assertion', () => {
    const outcomes = judgeRecords({ A: ['127.0.0.1'], TXT: ['v=spf1 -all'] }, [
      { record: 'A', comparator: 'eq', target: '127.0.0.1' },
      { record: 'TXT', comparator: 'contains', target: 'spf1' },
      { record: 'MX', comparator: 'eq', target: 'mail.example.com' },
    ]);
    expect(outcomes.map((o) => o.passed)).toEqual([true, true, false]);
    expect(outcomes[2].actual).toBe('');
  });
});

describe('judgeHttp with patterns', () => {
  it('fails a pattern the engine refuses with the reason instead of throwing', () => {
    const outcomes = judgeHttp(
      { statusCode: 200, headers: { server: 'nginx/1.25' }, body: 'ok' },
      {
        statusCode: [],
        body: [{ comparator: 'not_matches', target: '(?=x)' }],
        header: [{ key: 'Server', comparator: 'matches', target: '^nginx/\\d' }],
      },
    );
    expect(outcomes.slice(1)).toEqual([
      {
        type: 'body',
        comparator: 'not_matches',
        target: '(?=x)',
        actual: 'ok',
        passed: false,
        message:
          'the pattern is refused: not a valid RE2 regular expression: invalid or unsupported Perl syntax: `(?=`',
      },
      {
        type: 'header',
        key: 'Server',
        comparator: 'matches',
        target: '^nginx/\\d',
        actual: 'nginx/1.25',
        passed: true,
      },
    ]);
  });
});

describe(compareJson.name, () => {
  // One document for every rule of the comment above compareJson in assertions.ts.
  const doc = {
    count: 9.5,
    ten: 10,
    name: 'ok',
    quoted: '"ok"',
    numeric: '10',
    flag: true,
    none: null,
    tags: ['a', 1, true, null, { k: 1 }],
    obj: { a: 1, b: [1, 2] },
  } as const;
  const first = (key: keyof typeof doc) => [doc[key]];

  it.each([
    // numbers compare as numbers
    ['count', 'eq', '9.5', true],
    ['count', 'eq', ' 9.50 ', true],
    ['ten', 'eq', '1e1', true],
    ['ten', 'eq', '"10"', false],
    ['ten', 'eq', 'ten', false],
    ['ten', 'neq', 'ten', true],
    ['count', 'lt', '10', true],
    ['count', 'gt', '10', false],
    ['count', 'gte', '9.5', true],
    ['count', 'lte', '9', false],
    ['ten', 'gt', '9', true],
    ['ten', 'gt', 'nine', false],
    ['ten', 'lt', 'nine', false],
    // strings: as written or as a JSON string; orderings numeric when both read as numbers
    ['name', 'eq', 'ok', true],
    ['name', 'eq', '"ok"', true],
    ['name', 'eq', 'OK', false],
    ['name', 'neq', 'ko', true],
    ['quoted', 'eq', '"ok"', true],
    ['numeric', 'eq', '10', true],
    ['numeric', 'gt', '9', true],
    ['name', 'gt', 'ab', true],
    ['name', 'lt', 'ab', false],
    // true, false, null, objects and arrays by JSON value
    ['flag', 'eq', 'true', true],
    ['flag', 'eq', '"true"', false],
    ['flag', 'neq', 'false', true],
    ['flag', 'gt', '0', false],
    ['none', 'eq', 'null', true],
    ['none', 'eq', '', false],
    ['obj', 'eq', '{"b":[1,2.0],"a":1}', true],
    ['obj', 'eq', '{"a":1}', false],
    ['tags', 'eq', '["a",1,true,null,{"k":1}]', true],
    // contains
    ['name', 'contains', 'o', true],
    ['name', 'not_contains', 'x', true],
    ['tags', 'contains', 'a', true],
    ['tags', 'contains', '1', true],
    ['tags', 'contains', 'true', true],
    ['tags', 'contains', 'null', true],
    ['tags', 'contains', '{"k":1}', true],
    ['tags', 'contains', 'b', false],
    ['tags', 'not_contains', 'b', true],
    ['obj', 'contains', 'a', true],
    ['obj', 'contains', 'c', false],
    ['ten', 'contains', '1', false],
    ['flag', 'contains', 'true', false],
    // matches: a string's value, any other node's JSON text
    ['name', 'matches', '^ok$', true],
    ['quoted', 'matches', '^"ok"$', true],
    ['count', 'matches', '^9\\.5$', true],
    ['obj', 'matches', '"b":\\[1,2\\]', true],
    ['flag', 'matches', '^false$', false],
    // exists judges the nodelist
    ['none', 'exists', '', true],
    ['none', 'not_exists', '', false],
  ] as const)('%s %s %j -> %s', (key, comparator, target, expected) => {
    expect(compareJson(comparator, first(key), target)).toBe(expected);
  });

  it('judges the first node of a longer nodelist', () => {
    expect(compareJson('eq', [1, 2], '1')).toBe(true);
    expect(compareJson('eq', [1, 2], '2')).toBe(false);
  });

  it.each([
    ['exists', false],
    ['not_exists', true],
    ['eq', false],
    ['neq', true],
    ['contains', false],
    ['not_contains', true],
    ['gt', false],
    ['lte', false],
    ['matches', false],
  ] as const)('an empty nodelist: %s -> %s', (comparator, expected) => {
    expect(compareJson(comparator, [], '')).toBe(expected);
  });
});

describe(judgeJson.name, () => {
  const body = JSON.stringify({ status: 'up', latency: 12, items: [{ id: 'x'.repeat(300) }] });

  it('records the first node as JSON text, cut at 200 characters', () => {
    const outcomes = judgeJson(body, [
      { path: '$.status', comparator: 'eq', target: 'up' },
      { path: '$.latency', comparator: 'lt', target: '10' },
      { path: '$.items[0].id', comparator: 'contains', target: 'xx' },
      { path: '$.missing', comparator: 'exists', target: '' },
    ]);
    expect(outcomes.map((o) => [o.type, o.path, o.actual, o.passed])).toEqual([
      ['json', '$.status', '"up"', true],
      ['json', '$.latency', '12', false],
      ['json', '$.items[0].id', `"${'x'.repeat(199)}…`, true],
      ['json', '$.missing', null, false],
    ]);
  });

  it('fails every assertion on a body that is not JSON, not_exists included', () => {
    const outcomes = judgeJson('<html>down</html>', [
      { path: '$.status', comparator: 'eq', target: 'up' },
      { path: '$.error', comparator: 'not_exists', target: '' },
    ]);
    expect(outcomes).toEqual([
      {
        type: 'json',
        path: '$.status',
        comparator: 'eq',
        target: 'up',
        actual: null,
        passed: false,
        message: 'the body is not JSON',
      },
      {
        type: 'json',
        path: '$.error',
        comparator: 'not_exists',
        target: '',
        actual: null,
        passed: false,
        message: 'the body is not JSON',
      },
    ]);
    expect(judgeJson('', [{ path: '$', comparator: 'exists', target: '' }])[0].message).toBe('the body is not JSON');
  });

  it('says when the body was probably cut at the bytes a check keeps', () => {
    const exists = [{ path: '$', comparator: 'exists' as const, target: '' }];
    const cut = `{"a":"${'é'.repeat(1024)}`;
    expect(judgeJson(cut, exists, 2048)[0].message).toBe(
      'the body is not JSON (a check keeps its first 2 KB, and this one is longer)',
    );
    expect(judgeJson(cut, exists, 4096)[0].message).toBe('the body is not JSON');
    expect(judgeJson(`{"a":"${'x'.repeat(3000)}"}`, exists, 2048)[0]).toMatchObject({ passed: true });
  });

  it('fails a refused path or pattern with the reason', () => {
    const [path, pattern] = judgeJson(body, [
      { path: 'status', comparator: 'exists', target: '' },
      { path: '$.status', comparator: 'matches', target: '(?!x)' },
    ]);
    expect(path).toMatchObject({ passed: false, actual: null });
    expect(path.message).toMatch(/^not a valid RFC 9535 JSONPath/);
    expect(pattern).toMatchObject({ passed: false, actual: '"up"' });
    expect(pattern.message).toMatch(/^the pattern is refused: not a valid RE2 regular expression/);
  });

  it('answers nothing without assertions, without parsing', () => {
    expect(judgeJson('not json', [])).toEqual([]);
  });
});

describe(judgeTiming.name, () => {
  const observed = { timings: { dns: 1, connect: 2, tls: 0, ttfb: 300, transfer: 5 }, latencyMs: 310 };

  it('bounds each phase with lt or lte and carries the severity', () => {
    const outcomes = judgeTiming(observed, [
      { phase: 'ttfb', comparator: 'lte', target: 50, severity: 'degraded' },
      { phase: 'ttfb', comparator: 'lte', target: 300, severity: 'error' },
      { phase: 'ttfb', comparator: 'lt', target: 300, severity: 'error' },
      { phase: 'total', comparator: 'lt', target: 1000, severity: 'error' },
      { phase: 'tls', comparator: 'lte', target: 0, severity: 'degraded' },
    ]);
    expect(outcomes).toEqual([
      {
        type: 'timing',
        phase: 'ttfb',
        comparator: 'lte',
        target: 50,
        severity: 'degraded',
        actual: 300,
        passed: false,
      },
      { type: 'timing', phase: 'ttfb', comparator: 'lte', target: 300, severity: 'error', actual: 300, passed: true },
      { type: 'timing', phase: 'ttfb', comparator: 'lt', target: 300, severity: 'error', actual: 300, passed: false },
      { type: 'timing', phase: 'total', comparator: 'lt', target: 1000, severity: 'error', actual: 310, passed: true },
      { type: 'timing', phase: 'tls', comparator: 'lte', target: 0, severity: 'degraded', actual: 0, passed: true },
    ]);
  });

  it('fails a phase the check did not measure', () => {
    expect(
      judgeTiming({ timings: {}, latencyMs: 5 }, [{ phase: 'dns', comparator: 'lt', target: 10, severity: 'error' }]),
    ).toEqual([
      {
        type: 'timing',
        phase: 'dns',
        comparator: 'lt',
        target: 10,
        severity: 'error',
        actual: null,
        passed: false,
        message: 'the check did not measure the dns phase',
      },
    ]);
  });
});
