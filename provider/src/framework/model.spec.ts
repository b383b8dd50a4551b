import { model, modelDrift, shapedModel, type Reader } from './model';
import { UNKNOWN, type Block } from './types';

const schema: Block = {
  attributes: {
    id: { type: 'string', computed: true, description: '' },
    port: { type: 'number', optional: true, description: '' },
    tags: { type: ['set', 'string'], optional: true, description: '' },
    labels: { type: ['map', 'string'], optional: true, description: '' },
  },
  blocks: {
    headers: {
      nesting: 'list',
      block: {
        attributes: {
          key: { type: 'string', required: true, description: '' },
          value: { type: 'string', required: true, description: '' },
        },
      },
    },
  },
};

const header = (s: Reader) => ({ key: s.string('key'), value: s.string('value') });
const target = model((s) => ({
  id: s.string('id'),
  port: s.number('port'),
  tags: s.stringSet('tags'),
  labels: s.stringMap('labels'),
  headers: s.blockList('headers', header),
}));

describe('typed models', () => {
  it('reads a state into typed values, unknown and absent values as null and absent blocks as []', () => {
    expect(target.read({ id: '1', port: UNKNOWN, tags: ['a', UNKNOWN], labels: { k: 'v' }, headers: null })).toEqual({
      id: '1',
      port: null,
      tags: ['a'],
      labels: { k: 'v' },
      headers: [],
    });
    const state = { id: '1', port: 80, tags: [], labels: null, headers: [{ key: 'a', value: 'b' }] };
    expect(target.write(target.read(state))).toEqual(state);
  });

  it('agrees with the schema it models', () => {
    expect(modelDrift(schema, target)).toEqual([]);
  });

  it('names every attribute it misses, reads in excess or reads as another type', () => {
    const drifted = model((s) => ({
      id: s.number('id'),
      tags: s.stringList('tags'),
      label: s.string('label'),
      headers: s.blockList('headers', (h) => ({ key: h.string('key') })),
    }));
    expect(modelDrift(schema, drifted)).toEqual([
      'the model reads id as number; the schema declares string',
      'the model reads tags as list(string); the schema declares set(string)',
      'the model reads label, which the schema does not declare',
      'the model reads headers as list(object({key: string})); the schema declares list(object({key: string, value: string}))',
      'the model does not read port',
      'the model does not read labels',
    ]);
  });

  it('writes a model shaped unlike the state with its own writer', () => {
    const byKey = shapedModel(
      (s) => ({ id: s.string('id'), headers: new Map(s.blockList('headers', header).map((h) => [h.key, h.value])) }),
      (m) => ({ id: m.id, headers: [...m.headers].map(([key, value]) => ({ key, value })) }),
    );
    const read = byKey.read({ id: '2', headers: [{ key: 'a', value: 'b' }] });
    expect(read.headers.get('a')).toBe('b');
    expect(byKey.write(read)).toEqual({ id: '2', headers: [{ key: 'a', value: 'b' }] });
  });
});

describe('numberList', () => {
  it('reads a list of numbers (an empty one stays empty, unlike null) and records its type', () => {
    const days = model((s) => ({ days: s.numberList('days') }));
    expect(days.read({ days: [14, 7, 1] }).days).toEqual([14, 7, 1]);
    expect(days.read({ days: [] }).days).toEqual([]);
    expect(days.read({ days: null }).days).toBeNull();
    expect(days.types).toEqual({ days: ['list', 'number'] });
  });
});
