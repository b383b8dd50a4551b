import { isEntityId, sameIds } from './ids';

describe(sameIds.name, () => {
  it('compares as sets of distinct ids, ignoring order', () => {
    expect(sameIds(['2', '10', '1'], ['1', '2', '10'])).toBe(true);
    expect(sameIds([], [])).toBe(true);
    expect(sameIds(['1'], ['1', '2'])).toBe(false);
    expect(sameIds(['1', '3'], ['1', '2'])).toBe(false);
  });
});

describe(isEntityId.name, () => {
  it.each([
    ['1', true],
    ['123456789012345678', true],
    ['0', false],
    ['01', false],
    ['1234567890123456789', false],
    ['-1', false],
    ['1.5', false],
    ['', false],
  ])('%j -> %s', (value, ok) => {
    expect(isEntityId(value)).toBe(ok);
  });
});
