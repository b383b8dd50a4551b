import type { AssertionOutcome } from '../checks/check-types';
import { failedAssertionMessage, statusOf } from './probe';

const passed: AssertionOutcome = { type: 'status_code', comparator: 'gte', target: 200, actual: 200, passed: true };
const failedBody: AssertionOutcome = {
  type: 'body',
  comparator: 'contains',
  target: 'up',
  actual: 'down',
  passed: false,
};
const timing = (severity: 'degraded' | 'error', ok: boolean): AssertionOutcome => ({
  type: 'timing',
  phase: 'ttfb',
  comparator: 'lte',
  target: 50,
  severity,
  actual: 300,
  passed: ok,
});

describe(statusOf.name, () => {
  it.each([
    ['all passed, fast', [passed], 10, 'success'],
    ['all passed, slower than degradedAt', [passed], 101, 'degraded'],
    ['a failed body assertion', [passed, failedBody], 10, 'error'],
    ['a failed timing assertion of severity degraded', [passed, timing('degraded', false)], 10, 'degraded'],
    ['a failed timing assertion of severity error', [passed, timing('error', false)], 10, 'error'],
    ['a passed timing assertion of severity error', [passed, timing('error', true)], 10, 'success'],
    ['a degraded timing failure beside an assertion failure', [timing('degraded', false), failedBody], 10, 'error'],
    [
      'a failed timing assertion without a severity',
      [{ ...timing('degraded', false), severity: undefined }],
      10,
      'error',
    ],
  ] as const)('%s -> %s', (_, assertions, latency, expected) => {
    expect(statusOf([...assertions], latency, 100)).toBe(expected);
  });
});

describe(failedAssertionMessage.name, () => {
  it('names the path of JSON outcomes, the phase of timing outcomes, and a message when there is one', () => {
    expect(
      failedAssertionMessage([
        passed,
        failedBody,
        { type: 'header', key: 'X-Version', comparator: 'eq', target: '2', actual: null, passed: false },
        { type: 'json', path: '$.status', comparator: 'eq', target: 'up', actual: '"down"', passed: false },
        {
          type: 'json',
          path: '$.a',
          comparator: 'exists',
          target: '',
          actual: null,
          passed: false,
          message: 'the body is not JSON',
        },
        timing('error', false),
      ]),
    ).toBe(
      'body contains "up": got "down"; header X-Version eq "2": got null; json $.status eq "up": got "\\"down\\""; json $.a exists "": the body is not JSON; timing ttfb lte 50: got 300',
    );
  });
});
