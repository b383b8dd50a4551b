import { aggregateStatus } from './check-work.service';

describe(aggregateStatus.name, () => {
  it.each([
    [[], 'unknown'],
    [['active', 'active'], 'active'],
    [['active', 'degraded'], 'degraded'],
    [['active', 'active', 'error'], 'degraded'],
    [['active', 'error'], 'degraded'],
    [['error', 'error', 'active'], 'error'],
    [['error'], 'error'],
  ] as const)('%j -> %s', (regions, expected) => {
    expect(aggregateStatus([...regions])).toBe(expected);
  });
});
