import { z } from 'zod';
import { ValidationError } from './errors';
import { parseInput } from './validation';

describe(parseInput.name, () => {
  const schema = z.object({
    name: z.string().max(5, { message: 'must be at most 5 characters' }),
    headers: z.array(z.object({ key: z.string({ message: 'is required' }) })),
  });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { name: 'ok', headers: [] })).toEqual({ name: 'ok', headers: [] });
  });

  it('names every offending field with its bound', () => {
    let caught: unknown;
    try {
      parseInput(schema, { name: 'toolong', headers: [{}] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    const error = caught as ValidationError;
    expect(error.message).toBe('name: must be at most 5 characters; headers.0.key: is required');
    expect(error.issues.map((i) => i.field)).toEqual(['name', 'headers.0.key']);
  });
});
