// Input validation from one source of truth (zod schemas), with messages that name the field and the
// bound so a caller can correct the input and retry.
import type { z } from 'zod';
import { ValidationError, type FieldIssue } from './errors';

export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.length ? path.map(String).join('.') : '(input)';
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    field: fieldPath(issue.path),
    message: issue.message,
  }));
  throw new ValidationError(issues.map((i) => `${i.field}: ${i.message}`).join('; '), issues);
}
