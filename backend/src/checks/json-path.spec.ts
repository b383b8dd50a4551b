import { JSON_PATH_BOUNDS, jsonPathProblem, queryJson } from './json-path';

describe(jsonPathProblem.name, () => {
  it.each([
    '$',
    '$.status',
    "$['a b'][0]",
    '$.items[*].id',
    '$..id',
    '$.items[?@.price < 10 && @.tags]',
    '$.items[?length(@.name) > 3]',
    '$[?count(@.*) == 2]',
    '$[?value(@..x) == 1]',
    "$[?@.name == 'match(x)']",
  ])('accepts %j', (path) => {
    expect(jsonPathProblem(path)).toBeNull();
  });

  it.each([
    ['status', 'not a valid RFC 9535 JSONPath: Expected "$" but "s" found.'],
    ['', 'not a valid RFC 9535 JSONPath: Expected "$" but end of input found.'],
    ['$.a[', /^not a valid RFC 9535 JSONPath: Expected /],
    ['$[?lenght(@.a) > 1]', 'unknown function lenght() (RFC 9535 defines length, count, value, match, search)'],
    ['$[?length(@.a, 1) > 1]', 'length() takes 1 argument'],
    ["$[?match(@.a, 'x.*')]", /^match\(\) is not supported .*use the matches comparator/],
    ["$.items[?@.ok && search(@.name, '(a+)+$')]", /^search\(\) is not supported/],
    [`$.${'a'.repeat(JSON_PATH_BOUNDS.length)}`, 'the path is longer than 1024 characters'],
  ])('refuses %j', (path, problem) => {
    if (typeof problem === 'string') expect(jsonPathProblem(path)).toBe(problem);
    else expect(jsonPathProblem(path)).toMatch(problem);
  });
});

describe(queryJson.name, () => {
  const document = { status: 'ok', items: [{ id: 1, tags: ['a'] }, { id: 2 }, { id: 3, tags: [] }], n: null };

  it('returns the nodelist in document order, as plain values', () => {
    expect(queryJson(document, '$.items[*].id')).toEqual({ nodes: [1, 2, 3], problem: null });
    expect(queryJson(document, '$.items[?@.tags]')).toEqual({
      nodes: [
        { id: 1, tags: ['a'] },
        { id: 3, tags: [] },
      ],
      problem: null,
    });
    const [first] = queryJson(document, '$.items[0]').nodes!;
    expect(first).toBe(document.items[0]);
    expect(queryJson(document, '$.n')).toEqual({ nodes: [null], problem: null });
    expect(queryJson(document, '$.missing')).toEqual({ nodes: [], problem: null });
    expect(queryJson(42, '$')).toEqual({ nodes: [42], problem: null });
  });

  it('stops a query past its step budget instead of hanging on deep nesting', () => {
    // 3,000 nested arrays: `$..*..*` selects every (ancestor, descendant) pair, about 4.5 million
    // nodes, and the third descendant segment would take billions of steps.
    const deep = JSON.parse(`${'['.repeat(3000)}${']'.repeat(3000)}`) as unknown;
    for (const path of ['$..*..*', '$..*..*..*', `$${'[*,*]'.repeat(40)}`]) {
      expect(queryJson(deep, path)).toEqual({
        nodes: null,
        problem: `the path needs more than ${JSON_PATH_BOUNDS.steps} steps over this body (descendant segments or repeated selectors over deep nesting)`,
      });
    }
    expect(queryJson(deep, '$..*').nodes).toHaveLength(2999);
  });

  it('runs a descendant filter over the largest body a check keeps within the budget', () => {
    // About 250 KB: as many values as a kept body can hold.
    const flat = JSON.parse(`[${'0,'.repeat(124_999)}0]`) as unknown;
    expect(queryJson(flat, '$..*').nodes).toHaveLength(125_000);
    expect(queryJson(flat, '$..[?@ == 0]').nodes).toHaveLength(125_000);
  });

  it('refuses a path jsonPathProblem refuses', () => {
    expect(queryJson(document, "$[?match(@.status, 'o+')]").problem).toMatch(/^match\(\) is not supported/);
  });
});
