import { incidentKeyAfter, transitionKind } from './alert-rules';

describe(transitionKind.name, () => {
  it.each([
    ['unknown', 'error', 'down'],
    ['active', 'error', 'down'],
    ['degraded', 'error', 'down'],
    ['unknown', 'degraded', 'degraded'],
    ['active', 'degraded', 'degraded'],
    ['error', 'degraded', null],
    ['error', 'active', 'recovered'],
    ['degraded', 'active', 'recovered'],
    ['unknown', 'active', null],
    ['error', 'error', null],
  ] as const)('%s -> %s alerts %s', (from, to, kind) => {
    expect(transitionKind(from, to)).toBe(kind);
  });
});

describe(incidentKeyAfter.name, () => {
  it('opens an incident on leaving active, keeps it while open and on the recovery, then closes it', () => {
    const down = incidentKeyAfter('7', 2, 'active', 'error', null);
    expect(down).toEqual({ key: '7-2', open: '7-2' });
    const partly = incidentKeyAfter('7', 3, 'error', 'degraded', down.open);
    expect(partly).toEqual({ key: '7-2', open: '7-2' });
    const recovered = incidentKeyAfter('7', 4, 'degraded', 'active', partly.open);
    expect(recovered).toEqual({ key: '7-2', open: null });
    expect(incidentKeyAfter('7', 5, 'active', 'degraded', recovered.open)).toEqual({ key: '7-5', open: '7-5' });
  });
});
