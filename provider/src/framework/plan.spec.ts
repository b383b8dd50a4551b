import { mergeKnown, planChange, reconcileRead } from './plan';
import { recomputedWhen, requiresReplace, useStateForUnknown } from './plan-modifiers';
import { UNKNOWN, type Block, type CtyType, type Value } from './types';

const block: Block = {
  attributes: {
    id: { type: 'string', computed: true, planModifiers: [useStateForUnknown()], description: '' },
    name: { type: 'string', required: true, description: '' },
    page_id: { type: 'string', required: true, planModifiers: [requiresReplace()], description: '' },
    timeout: { type: 'number', optional: true, computed: true, default: 45000, description: '' },
    degraded_at: {
      type: 'number',
      optional: true,
      computed: true,
      planModifiers: [recomputedWhen('timeout')],
      description: '',
    },
    updated_at: { type: 'string', computed: true, description: '' },
    description: { type: 'string', optional: true, description: '' },
    secret: { type: 'string', optional: true, sensitive: true, writeOnly: true, description: '' },
  },
  blocks: {
    headers: {
      nesting: 'list',
      maxItems: 20,
      block: {
        attributes: {
          key: { type: 'string', required: true, description: '' },
          value: { type: 'string', required: true, writeOnly: true, description: '' },
        },
      },
    },
  },
};

const config = {
  id: null,
  name: 'a',
  page_id: 'p1',
  timeout: null,
  degraded_at: null,
  updated_at: null,
  description: null,
  secret: 's',
  headers: [],
};
const prior = {
  id: '1',
  name: 'a',
  page_id: 'p1',
  timeout: 45000,
  degraded_at: 22500,
  updated_at: 't1',
  description: null,
  secret: 's',
  headers: [],
};

describe(planChange.name, () => {
  it('on create plans defaults and leaves every other computed attribute unknown', () => {
    const { planned, requiresReplace } = planChange(block, null, config, config);
    expect(planned).toMatchObject({ id: UNKNOWN, timeout: 45000, degraded_at: UNKNOWN, updated_at: UNKNOWN });
    expect(requiresReplace).toEqual([]);
  });

  it('plans nothing unknown when nothing changes', () => {
    const { planned } = planChange(
      block,
      prior,
      { ...config, id: '1', timeout: null, degraded_at: 22500, updated_at: 't1' },
      config,
    );
    expect(planned).toEqual(prior);
  });

  it('on an update keeps the id, and makes updated_at unknown', () => {
    const proposed = { ...prior, name: 'b' };
    const { planned } = planChange(block, prior, proposed, { ...config, name: 'b' });
    expect(planned).toMatchObject({ id: '1', name: 'b', degraded_at: 22500, updated_at: UNKNOWN });
  });

  it('makes a derived attribute unknown only when what it derives from changes', () => {
    const { planned } = planChange(block, prior, { ...prior, timeout: 10000 }, { ...config, timeout: 10000 });
    expect(planned).toMatchObject({ timeout: 10000, degraded_at: UNKNOWN });
  });

  it('returns a removed optional attribute with a default to its default', () => {
    const { planned } = planChange(block, { ...prior, timeout: 10000 }, { ...prior, timeout: 10000 }, config);
    expect(planned.timeout).toBe(45000);
  });

  it('asks for replacement when a force-new attribute changes', () => {
    const { requiresReplace } = planChange(block, prior, { ...prior, page_id: 'p2' }, { ...config, page_id: 'p2' });
    expect(requiresReplace).toEqual([['page_id']]);
  });
});

describe(mergeKnown.name, () => {
  it('keeps every planned known value and fills the unknowns from the answer', () => {
    const planned: Value = { id: UNKNOWN, name: 'a', headers: [{ key: 'k', value: 'v' }], tags: UNKNOWN };
    const answer = { id: '9', name: 'A', headers: [{ key: 'k', value: '' }], tags: ['x'] };
    const type: CtyType = [
      'object',
      {
        id: 'string',
        name: 'string',
        headers: ['list', ['object', { key: 'string', value: 'string' }]],
        tags: ['set', 'string'],
      },
    ];
    expect(mergeKnown(planned, answer, type)).toEqual({
      id: '9',
      name: 'a',
      headers: [{ key: 'k', value: 'v' }],
      tags: ['x'],
    });
  });
});

describe(reconcileRead.name, () => {
  it('keeps write-only values the service does not return, also inside blocks', () => {
    const state = { ...prior, headers: [{ key: 'Authorization', value: 'Bearer x' }] };
    const read = { ...prior, secret: '', headers: [{ key: 'Authorization', value: '' }] };
    expect(reconcileRead(block, read, state)).toEqual(state);
  });

  it('reads an empty answer as null where the configuration left the attribute out', () => {
    expect(reconcileRead(block, { ...prior, description: '' }, prior).description).toBeNull();
    expect(reconcileRead(block, { ...prior, description: '' }, { ...prior, description: '' }).description).toBe('');
  });

  it('shows a real change made outside terraform', () => {
    expect(reconcileRead(block, { ...prior, name: 'renamed' }, prior).name).toBe('renamed');
  });
});
