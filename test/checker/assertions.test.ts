// JSON, regular-expression and timing assertions, judged by the real HttpProbe against a loopback
// HTTP server: a JSON API, an HTML page, an adversarial body for catastrophic-backtracking patterns,
// and a target that delays its first byte.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProbeContext } from '../../backend/src/checker/probe';
import { HttpProbe } from '../../backend/src/checker/probes/http.probe';
import type { JsonAssertion, TimingAssertion } from '../../backend/src/checks/check-config';
import type { AssertionOutcome } from '../../backend/src/checks/check-types';
import { monitorView } from '../support/loopback';

const API = {
  status: 'up',
  version: '2.14.1',
  latency: 9.5,
  count: 10,
  ok: true,
  error: null,
  tags: ['eu', 'primary'],
  build: { commit: 'abc123' },
  items: [
    { id: 1, state: 'up' },
    { id: 2, state: 'down' },
  ],
};
/** `(a+)+$` backtracks 2^n ways over this before failing on the final `!`. */
const ADVERSARIAL_BODY = `${'a'.repeat(200_000)}!`;
/** `(x+x+)+y` backtracks over this header value, which has no `y`. */
const ADVERSARIAL_HEADER = 'x'.repeat(8_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

function startTarget(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const [route, arg] = new URL(req.url ?? '/', 'http://x').pathname.split('/').filter(Boolean);
      switch (route) {
        case 'api':
          res.writeHead(200, { 'content-type': 'application/json', 'x-build': '2024.11-rc1' }).end(JSON.stringify(API));
          return;
        case 'big-json':
          // Longer than the 256 KB a check keeps: what is kept is not a whole JSON document.
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ status: 'up', pad: 'x'.repeat(300 * 1024) }));
          return;
        case 'html':
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>{"status":"up"}</body></html>');
          return;
        case 'adversarial':
          res.writeHead(200, { 'content-type': 'text/plain', 'x-pad': ADVERSARIAL_HEADER }).end(ADVERSARIAL_BODY);
          return;
        case 'first-byte-after':
          // Nothing, not even the status line, before the delay: the time to first byte grows.
          await sleep(Number(arg));
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"up"}');
          return;
        default:
          res.writeHead(404).end();
      }
    })();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe('HTTP assertions (JSON, regex, timing)', () => {
  const sut = new HttpProbe();
  let target: { url: string; close: () => Promise<void> };
  const ctx = (): ProbeContext => ({ signal: AbortSignal.timeout(20_000), privateTargets: true });
  const json = (path: string, comparator: JsonAssertion['comparator'], value = ''): JsonAssertion => ({
    path,
    comparator,
    target: value,
  });
  const check = (path: string, overrides: Parameters<typeof monitorView>[0] = {}) =>
    sut.run(
      monitorView({ url: `${target.url}${path}`, jsonAssertions: [], timingAssertions: [], ...overrides }),
      ctx(),
    );
  const summary = (outcomes: AssertionOutcome[], type: AssertionOutcome['type']) =>
    outcomes
      .filter((o) => o.type === type)
      .map((o) => [o.path ?? o.key ?? o.phase ?? null, o.comparator, o.actual, o.passed]);

  beforeAll(async () => {
    target = await startTarget();
  });

  afterAll(async () => {
    await target.close();
  });

  describe('JSON body assertions', () => {
    // For each comparator: a path and target that hold on the API's answer, then ones that do not.
    const cases: [JsonAssertion['comparator'], string, string, string, string, unknown][] = [
      ['eq', '$.status', 'up', '$.status', 'down', '"up"'],
      ['neq', '$.status', 'down', '$.status', 'up', '"up"'],
      ['contains', '$.tags', 'primary', '$.tags', 'us', '["eu","primary"]'],
      ['not_contains', '$.version', 'beta', '$.version', '14', '"2.14.1"'],
      ['gt', '$.count', '9', '$.count', '10', '10'],
      ['gte', '$.count', '10', '$.count', '11', '10'],
      ['lt', '$.latency', '10', '$.latency', '9.5', '9.5'],
      ['lte', '$.latency', '9.5', '$.latency', '9', '9.5'],
      ['exists', '$.build.commit', '', '$.build.branch', '', '"abc123"'],
      ['not_exists', '$.build.branch', '', '$.error', '', null],
      ['matches', '$.version', '^2\\.\\d+\\.\\d+$', '$.version', '^3\\.', '"2.14.1"'],
    ];

    it.each(cases)(
      '%s holds on a match and fails on a mismatch',
      async (comparator, path, value, badPath, bad, actual) => {
        const passing = await check('/api', { jsonAssertions: [json(path, comparator, value)] });
        expect(passing.status).toBe('success');
        expect(summary(passing.assertions, 'json')).toEqual([[path, comparator, actual, true]]);

        const failing = await check('/api', { jsonAssertions: [json(badPath, comparator, bad)] });
        expect(failing).toMatchObject({ status: 'error', error: { kind: 'assertion' } });
        expect(failing.assertions.find((o) => o.type === 'json')).toMatchObject({ path: badPath, passed: false });
        expect(failing.error?.message).toContain(`json ${badPath} ${comparator} ${JSON.stringify(bad)}`);
      },
    );

    it('compares numbers as numbers, whatever their spelling', async () => {
      const result = await check('/api', {
        jsonAssertions: [
          // As text, "10" sorts before "9" and "9.5" after "10".
          json('$.count', 'gt', '9'),
          json('$.latency', 'lt', '10'),
          json('$.count', 'eq', '10.0'),
          json('$.count', 'eq', '1e1'),
          json('$.latency', 'neq', '9.50'),
        ],
      });
      expect(summary(result.assertions, 'json')).toEqual([
        ['$.count', 'gt', '10', true],
        ['$.latency', 'lt', '9.5', true],
        ['$.count', 'eq', '10', true],
        ['$.count', 'eq', '10', true],
        ['$.latency', 'neq', '9.5', false],
      ]);
      expect(result.status).toBe('error');
    });

    it('reads booleans, null, strings and filters by their JSON meaning', async () => {
      const result = await check('/api', {
        jsonAssertions: [
          json('$.ok', 'eq', 'true'),
          json('$.error', 'eq', 'null'),
          json('$.status', 'eq', '"up"'),
          json('$.items[?@.state == "down"].id', 'eq', '2'),
          json('$.items[*].state', 'eq', 'up'),
        ],
      });
      expect(result.status).toBe('success');
      expect(summary(result.assertions, 'json').map((o) => o[2])).toEqual(['true', 'null', '"up"', '2', '"up"']);
    });

    it('fails every JSON assertion on a body that is not JSON, and says so', async () => {
      const result = await check('/html', {
        jsonAssertions: [json('$.status', 'eq', 'up'), json('$.error', 'not_exists')],
      });
      expect(result).toMatchObject({ status: 'error', statusCode: 200, error: { kind: 'assertion' } });
      expect(result.assertions.filter((o) => o.type === 'json')).toEqual([
        expect.objectContaining({ path: '$.status', actual: null, passed: false, message: 'the body is not JSON' }),
        expect.objectContaining({ path: '$.error', actual: null, passed: false, message: 'the body is not JSON' }),
      ]);
      expect(result.error?.message).toBe(
        'json $.status eq "up": the body is not JSON; json $.error not_exists "": the body is not JSON',
      );
    });
  });

  it('says that a JSON body longer than what a check keeps was cut', async () => {
    const result = await check('/big-json', { jsonAssertions: [json('$.status', 'eq', 'up')] });
    expect(result.assertions.find((o) => o.type === 'json')).toMatchObject({
      passed: false,
      message: 'the body is not JSON (a check keeps its first 256 KB, and this one is longer)',
    });
  });

  describe('regular expressions', () => {
    it('matches and not_matches on the body and on a header, a missing header included', async () => {
      const result = await check('/api', {
        bodyAssertions: [
          { comparator: 'matches', target: '"version":"2\\.\\d+\\.\\d+"' },
          { comparator: 'not_matches', target: '(?i)"status":"DOWN"' },
        ],
        headerAssertions: [
          { key: 'X-Build', comparator: 'matches', target: '^\\d{4}\\.\\d{2}-rc\\d+$' },
          { key: 'X-Build', comparator: 'not_matches', target: 'rc' },
          { key: 'X-Missing', comparator: 'matches', target: '.*' },
          { key: 'X-Missing', comparator: 'not_matches', target: '.*' },
        ],
      });
      expect(summary(result.assertions, 'body').map((o) => o[3])).toEqual([true, true]);
      expect(summary(result.assertions, 'header')).toEqual([
        ['X-Build', 'matches', '2024.11-rc1', true],
        ['X-Build', 'not_matches', '2024.11-rc1', false],
        ['X-Missing', 'matches', null, false],
        ['X-Missing', 'not_matches', null, true],
      ]);
      expect(result).toMatchObject({
        status: 'error',
        error: {
          message: 'header X-Build not_matches "rc": got "2024.11-rc1"; header X-Missing matches ".*": got null',
        },
      });
    });

    it('runs catastrophic-backtracking patterns in linear time, while the event loop keeps turning', async () => {
      // Turns of the event loop while the checks run: a backtracking engine would spend 2^200000
      // steps in one synchronous call, so the checks would not finish and nothing else would run.
      let turns = 0;
      let spinning = true;
      const spin = () => {
        turns += 1;
        if (spinning) setImmediate(spin);
      };
      setImmediate(spin);
      const before = turns;
      const [redos, alongside] = await Promise.all([
        check('/adversarial', {
          bodyAssertions: [
            { comparator: 'matches', target: '(a+)+$' },
            { comparator: 'not_matches', target: '(a|aa)+$' },
          ],
          headerAssertions: [{ key: 'X-Pad', comparator: 'not_matches', target: '(x+x+)+y' }],
        }),
        check('/api', { jsonAssertions: [json('$.status', 'eq', 'up')] }),
      ]);
      spinning = false;
      expect(turns).toBeGreaterThan(before);
      expect(redos.assertions.slice(1).map((o) => [o.type, o.comparator, o.target, o.passed])).toEqual([
        ['body', 'matches', '(a+)+$', false],
        ['body', 'not_matches', '(a|aa)+$', true],
        ['header', 'not_matches', '(x+x+)+y', true],
      ]);
      expect(redos).toMatchObject({
        status: 'error',
        error: { message: 'body matches "(a+)+$": got ' + JSON.stringify(`${'a'.repeat(200)}…`) },
      });
      expect(alongside.status).toBe('success');
    });

    it('fails a pattern the engine refuses, naming why, without throwing out of the check', async () => {
      const result = await check('/api', { bodyAssertions: [{ comparator: 'matches', target: '(?<=x)y' }] });
      expect(result.status).toBe('error');
      expect(result.assertions[1]).toMatchObject({ type: 'body', passed: false });
      expect(result.assertions[1].message).toMatch(/^the pattern is refused: not a valid RE2 regular expression/);
    });
  });

  describe('timing assertions', () => {
    const ttfb = (comparator: TimingAssertion['comparator'], ms: number, severity: TimingAssertion['severity']) => ({
      phase: 'ttfb' as const,
      comparator,
      target: ms,
      severity,
    });

    it('a slow first byte makes the check degraded or an error, as the assertion says', async () => {
      const degraded = await check('/first-byte-after/300', { timingAssertions: [ttfb('lte', 50, 'degraded')] });
      expect(degraded).toMatchObject({ status: 'degraded', error: null });
      const [outcome] = degraded.assertions.filter((o) => o.type === 'timing');
      expect(outcome).toMatchObject({
        phase: 'ttfb',
        comparator: 'lte',
        target: 50,
        severity: 'degraded',
        passed: false,
      });
      expect(outcome.actual).toBeGreaterThanOrEqual(300);
      expect(outcome.actual).toBe(degraded.timings?.ttfb);

      const failed = await check('/first-byte-after/300', {
        timingAssertions: [
          ttfb('lte', 50, 'degraded'),
          { phase: 'total', comparator: 'lt', target: 50, severity: 'error' },
        ],
      });
      expect(failed).toMatchObject({ status: 'error', error: { kind: 'assertion' } });
      expect(failed.error?.message).toMatch(/^timing ttfb lte 50: got \d+; timing total lt 50: got \d+$/);
    });

    it('a fast target passes, and the other assertions still decide', async () => {
      const fast = await check('/first-byte-after/0', {
        timingAssertions: [
          ttfb('lt', 1000, 'error'),
          { phase: 'total', comparator: 'lte', target: 5000, severity: 'degraded' },
        ],
      });
      expect(fast.status).toBe('success');
      expect(summary(fast.assertions, 'timing').map((o) => o[3])).toEqual([true, true]);

      const wrongBody = await check('/first-byte-after/300', {
        jsonAssertions: [json('$.status', 'eq', 'down')],
        timingAssertions: [ttfb('lte', 50, 'degraded')],
      });
      expect(wrongBody.status).toBe('error');
    });
  });
});
