import { definedOnly, groupByOwner } from './objects';

describe(groupByOwner.name, () => {
  const links = [
    { owner: '2', id: 'a' },
    { owner: '1', id: 'b' },
    { owner: '2', id: 'c' },
    { owner: '9', id: 'd' },
  ];

  it('groups in the order given, with an empty entry for an owner without items and none for strangers', () => {
    const sut = groupByOwner(
      ['1', '2', '3'],
      links,
      (l) => l.owner,
      (l) => l.id,
    );
    expect([...sut]).toEqual([
      ['1', ['b']],
      ['2', ['a', 'c']],
      ['3', []],
    ]);
  });

  it('answers an empty map for no owners', () => {
    expect(
      groupByOwner(
        [],
        links,
        (l) => l.owner,
        (l) => l,
      ).size,
    ).toBe(0);
  });
});

describe(definedOnly.name, () => {
  it('drops the undefined entries only', () => {
    expect(definedOnly({ a: 1, b: undefined, c: null, d: '' })).toEqual({ a: 1, c: null, d: '' });
  });
});
