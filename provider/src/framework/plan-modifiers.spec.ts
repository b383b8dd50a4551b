import { planChange } from './plan';
import { recomputedWhen, requiresReplace, useStateForUnknown } from './plan-modifiers';
import { Diagnostics, UNKNOWN, type Block, type Obj } from './types';
import { validateBlock } from './validate';
import { oneOf, sizeAtMost, stringLength } from './validators';

/** A made-up resource: a zone fixed once chosen, and disks whose ids the service assigns. */
const block: Block = {
  attributes: {
    id: { type: 'string', computed: true, planModifiers: [useStateForUnknown()], description: '' },
    name: { type: 'string', required: true, description: '' },
    // Left out, the service picks it; once picked it stays, and a configured change replaces the resource.
    zone: {
      type: 'string',
      optional: true,
      computed: true,
      planModifiers: [useStateForUnknown(), requiresReplace()],
      validators: [stringLength(1, 8), oneOf(['eu-1', 'us-1'])],
      description: '',
    },
  },
  blocks: {
    disks: {
      nesting: 'list',
      validators: [sizeAtMost(2)],
      block: {
        attributes: {
          id: { type: 'string', computed: true, planModifiers: [useStateForUnknown()], description: '' },
          kind: {
            type: 'string',
            required: true,
            planModifiers: [requiresReplace()],
            validators: [stringLength(1, 4), oneOf(['ssd', 'hdd'])],
            description: '',
          },
          size: { type: 'number', required: true, description: '' },
          iops: {
            type: 'number',
            optional: true,
            computed: true,
            planModifiers: [recomputedWhen('size')],
            description: '',
          },
        },
      },
    },
  },
};

const disk = (values: Obj): Obj => ({ id: null, kind: 'ssd', size: 10, iops: null, ...values });
const config: Obj = { id: null, name: 'a', zone: null, disks: [disk({}), disk({ kind: 'hdd', size: 20 })] };
const prior: Obj = {
  id: '1',
  name: 'a',
  zone: 'eu-1',
  disks: [disk({ id: 'd1', iops: 100 }), disk({ id: 'd2', kind: 'hdd', size: 20, iops: 200 })],
};

/** terraform's proposal: the configuration, with computed values it leaves null taken from the prior state. */
function proposal(next: Obj): Obj {
  const disks = Array.isArray(next.disks) ? next.disks : [];
  const priorDisks = Array.isArray(prior.disks) ? prior.disks : [];
  return {
    ...next,
    id: prior.id ?? null,
    zone: next.zone ?? prior.zone ?? null,
    disks: disks.map((d, i) => {
      const before = priorDisks[i];
      const p = before && typeof before === 'object' && !Array.isArray(before) ? before : {};
      return d && typeof d === 'object' && !Array.isArray(d)
        ? { ...d, id: p.id ?? null, iops: d.iops ?? p.iops ?? null }
        : d;
    }),
  };
}

describe('plan modifiers composed on the attribute', () => {
  it('runs them in order: a zone the configuration leaves out keeps its state and replaces nothing', () => {
    const next = { ...config, name: 'b' };
    const { planned, requiresReplace: replace } = planChange(block, prior, proposal(next), next);
    expect(planned).toMatchObject({ id: '1', zone: 'eu-1' });
    expect(replace).toEqual([]);
  });

  it('replaces the resource when a configured zone changes', () => {
    const next = { ...config, zone: 'us-1' };
    expect(planChange(block, prior, proposal(next), next).requiresReplace).toEqual([['zone']]);
  });

  it('runs the modifiers of attributes inside nested blocks, element by element, with the element path', () => {
    const next = { ...config, disks: [disk({}), disk({ kind: 'ssd', size: 30 }), disk({ kind: 'hdd', size: 5 })] };
    const { planned, requiresReplace: replace } = planChange(block, prior, proposal(next), next);
    // disks[1].kind changed from hdd: a replacement, named by its full path.
    expect(replace).toEqual([['disks', 1, 'kind']]);
    const disks = planned.disks;
    // Ids stay per element; a new element's id is unknown. iops follows its own disk's size only.
    expect(disks).toEqual([
      { id: 'd1', kind: 'ssd', size: 10, iops: 100 },
      { id: 'd2', kind: 'ssd', size: 30, iops: UNKNOWN },
      { id: UNKNOWN, kind: 'hdd', size: 5, iops: UNKNOWN },
    ]);
  });

  it('on create leaves every computed value unknown, nested ones included, and replaces nothing', () => {
    const { planned, requiresReplace: replace } = planChange(block, null, config, config);
    expect(planned).toMatchObject({ id: UNKNOWN, zone: UNKNOWN });
    expect(planned.disks).toEqual([
      { id: UNKNOWN, kind: 'ssd', size: 10, iops: UNKNOWN },
      { id: UNKNOWN, kind: 'hdd', size: 20, iops: UNKNOWN },
    ]);
    expect(replace).toEqual([]);
  });
});

describe('validators composed on the attribute', () => {
  const diagnose = (value: Obj) => {
    const diags = new Diagnostics();
    validateBlock(block, value, [], diags);
    return diags.items.map((d) => [d.detail, d.path]);
  };

  it('runs every validator of a nested block attribute, each naming the element path', () => {
    expect(diagnose({ ...config, disks: [disk({}), disk({ kind: 'tape-x' })] })).toEqual([
      ['disks[1].kind must be 1 to 4 characters; got 6.', ['disks', 1, 'kind']],
      ['disks[1].kind must be one of "ssd", "hdd"; got "tape-x".', ['disks', 1, 'kind']],
    ]);
  });

  it('runs the validators of a block type on the whole list, with the block path', () => {
    expect(diagnose({ ...config, disks: [disk({}), disk({}), disk({})] })).toEqual([
      ['disks must have at most 2 entries; got 3.', ['disks']],
    ]);
  });

  it('runs the validators of a top-level attribute in order', () => {
    expect(diagnose({ ...config, zone: 'nowhere-9' })).toEqual([
      ['zone must be 1 to 8 characters; got 9.', ['zone']],
      ['zone must be one of "eu-1", "us-1"; got "nowhere-9".', ['zone']],
    ]);
  });
});
