import { compareNumber, compareRecords, compareString, judgeHttp, judgeRecords } from './assertions';

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
