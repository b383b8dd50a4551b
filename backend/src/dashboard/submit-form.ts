// The one shape of a dashboard form's post: read the form as the verb's input, call the verb, then
// redirect (303) where the verb's answer says, or show the form again with the refusal beside its
// fields. Routes say only how to read the form, which verb to call, where its answer leads and how
// the form is drawn; the verb holds every rule (its zod schema validates the input it is given).
import type { FastifyReply } from 'fastify';
import { type DomainError, type FieldIssue, isDomainError, ValidationError } from '../common/errors';
import { dashboardErrorOf, issuesOf } from './dashboard-errors';

/** A refusal as the form shows it: messages by field, and what belongs to no field above the form. */
export interface Refusal {
  /** The verb's error, or the form's own (a ValidationError) when it could not be read as the input. */
  error: DomainError;
  status: number;
  errors: Record<string, string>;
  message?: string;
}

/** Where one of the verb's messages goes on the form, or null for the message above the form. */
export type IssuePlacer = (issue: FieldIssue) => { field: string; message: string } | null;

export interface FormSubmission<I, T> {
  /**
   * The form read as the verb's input, with what the form itself gets wrong (a line that is not
   * `key: value`); with any such error the verb is not called and the form is shown again (400).
   */
  parse?: () => { input: I; errors: Partial<Record<string, string>> };
  /** The verb, given the parsed input (undefined without `parse`). */
  call: (input: I) => Promise<T>;
  /** Where the verb's answer leads (a 303 redirect), or the page to answer with (a token shown once). */
  done: (answer: T) => string | FastifyReply | Promise<FastifyReply>;
  /** The form drawn again with the refusal. */
  refused: (refusal: Refusal) => FastifyReply | Promise<FastifyReply>;
  /** The form's fields (by the first segment of an issue's path), or a placer of its own. */
  fields?: readonly string[] | IssuePlacer;
  /** The refusals shown on the form; others go on to the error page. Default: dashboard-errors.ts. */
  onForm?: (error: DomainError) => boolean;
}

export async function submitForm<T, I = undefined>(
  reply: FastifyReply,
  submission: FormSubmission<I, T>,
): Promise<FastifyReply> {
  let input = undefined as I;
  if (submission.parse) {
    const parsed = submission.parse();
    const errors = Object.fromEntries(
      Object.entries(parsed.errors).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    if (Object.keys(errors).length) {
      const issues = Object.entries(errors).map(([field, message]) => ({ field, message }));
      const error = new ValidationError(issues.map((i) => `${i.field}: ${i.message}`).join('; '), issues);
      return submission.refused({ error, status: 400, errors });
    }
    input = parsed.input;
  }
  let answer: T;
  try {
    answer = await submission.call(input);
  } catch (error) {
    const onForm = submission.onForm ?? ((e: DomainError) => dashboardErrorOf(e.code).onForm);
    if (!isDomainError(error) || !onForm(error)) throw error;
    return submission.refused(refusalOf(error, submission.fields ?? []));
  }
  const done = await submission.done(answer);
  return typeof done === 'string' ? reply.redirect(done, 303) : done;
}

/**
 * A refusal's messages beside the fields they name (a validation error's issues, or the field a
 * message starts with, see issuesOf) and, joined above the form, those that name no field of it.
 */
export function refusalOf(error: DomainError, fields: readonly string[] | IssuePlacer): Refusal {
  const place: IssuePlacer =
    typeof fields === 'function'
      ? fields
      : (issue) => {
          const head = issue.field.split('.')[0];
          return fields.includes(head) ? { field: head, message: issue.message } : null;
        };
  const errors: Record<string, string> = {};
  const loose: string[] = [];
  for (const issue of issuesOf(error)) {
    const placed = issue.field ? place(issue) : null;
    if (placed) errors[placed.field] ??= placed.message;
    else loose.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
  }
  return {
    error,
    status: dashboardErrorOf(error.code).status,
    errors,
    message: loose.length ? loose.join('; ') : undefined,
  };
}
