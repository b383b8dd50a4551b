import { ValidationError } from './errors';
import { applyMask, fieldsToChange, type MaskRule } from './update-mask';

interface Patch {
  pageId?: string;
  name?: string;
  tags?: string[];
  note?: string | null;
  block?: { a?: number; b?: number };
}
type Field = 'name' | 'tags' | 'note' | 'block';

const rule: MaskRule<Patch, Field> = {
  fields: ['name', 'tags', 'note', 'block'],
  refusal: 'is not a field of things',
  defaults: { tags: [], note: null, block: { a: 0, b: 0 } },
  ignored: ['pageId'],
  merge: { block: (given, current) => ({ ...(current as object), ...given }) },
};
const current = { pageId: 'p1', name: 'old', tags: ['x'], note: 'kept', block: { a: 1, b: 2 } };

describe(applyMask.name, () => {
  it('changes the fields the patch gives when no mask is sent, ignoring the ignored ones', () => {
    const sut = applyMask(current, { pageId: 'p2', name: 'new', note: undefined }, undefined, rule);
    expect(sut).toEqual({ ...current, name: 'new' });
  });

  it('changes exactly the masked fields, resetting the missing ones to their defaults', () => {
    const sut = applyMask(current, { name: 'new', tags: ['y'] }, ['tags', 'note'], rule);
    expect(sut).toEqual({ ...current, tags: ['y'], note: null });
  });

  it('treats null like a missing value', () => {
    expect(applyMask(current, { tags: null as unknown as string[] }, ['tags'], rule).tags).toEqual([]);
  });

  it('leaves a masked field without a default undefined, for validation to refuse', () => {
    expect(applyMask(current, {}, ['name'], rule)).toEqual({ ...current, name: undefined });
  });

  it('merges a given block into the current one and resets a missing one', () => {
    expect(applyMask(current, { block: { b: 5 } }, undefined, rule).block).toEqual({ a: 1, b: 5 });
    expect(applyMask(current, {}, ['block'], rule).block).toEqual({ a: 0, b: 0 });
  });

  it('does not change the current object', () => {
    applyMask(current, { name: 'new' }, undefined, rule);
    expect(current.name).toBe('old');
  });
});

describe(fieldsToChange.name, () => {
  it('refuses a masked field that cannot change, naming it', () => {
    expect(() => fieldsToChange({}, ['pageId' as Field], rule)).toThrow(
      new ValidationError('pageId: is not a field of things'),
    );
  });

  it('refuses a given field that cannot change, without a mask', () => {
    const strict: MaskRule<Patch, Field> = { ...rule, fields: ['name'], ignored: [] };
    expect(() => fieldsToChange({ tags: ['y'] }, undefined, strict)).toThrow(
      new ValidationError('tags: is not a field of things'),
    );
  });

  it('counts a value as given by the rule, and names each field once', () => {
    const nonEmpty: MaskRule<Patch, Field> = {
      ...rule,
      given: (v) => v !== undefined && !(Array.isArray(v) && !v.length),
    };
    expect(fieldsToChange({ name: '', tags: [] }, undefined, nonEmpty)).toEqual(['name']);
    expect(fieldsToChange({}, ['name', 'name'], rule)).toEqual(['name']);
  });
});
