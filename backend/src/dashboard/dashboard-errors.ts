// The one place the dashboard turns domain errors into answers: a status and a title for the error
// page, and whether a form is shown again with the message (beside the field when one is named).
// People never see a stack trace or a driver message: other errors are logged and answered 500.
import type { DomainError, DomainErrorCode, FieldIssue } from '../common/errors';
import { ValidationError } from '../common/errors';
import type { FormState } from './pages/form-state';

export interface DashboardErrorView {
  status: number;
  title: string;
  /** Shown again on the form that was sent (true) or as a page of its own (false). */
  onForm: boolean;
}

export function dashboardErrorOf(code: DomainErrorCode): DashboardErrorView {
  switch (code) {
    case 'NOT_FOUND':
      return { status: 404, title: 'Not found', onForm: false };
    case 'VALIDATION':
      return { status: 400, title: 'Check the form', onForm: true };
    case 'CONFLICT':
      return { status: 409, title: 'Conflict', onForm: true };
    case 'LIMIT_EXCEEDED':
      return { status: 403, title: 'Plan limit reached', onForm: true };
    // A rule of the data (e.g. the last owner stays): the request is fine, the state refuses it.
    case 'PRECONDITION_FAILED':
      return { status: 409, title: 'Not possible', onForm: true };
    case 'UNAUTHORIZED':
      return { status: 401, title: 'Sign in', onForm: true };
    case 'FORBIDDEN':
      return { status: 403, title: 'Not allowed', onForm: true };
    default: {
      const unreachable: never = code;
      throw new Error(`unmapped domain error ${String(unreachable)}`);
    }
  }
}

/**
 * The fields a refusal names: a validation error's issues, or else the field its message starts with
 * (plan limits and state rules say `regions: ...`); a message naming none is one issue without a field.
 */
export function issuesOf(error: DomainError): FieldIssue[] {
  if (error instanceof ValidationError && error.issues.length) return error.issues;
  const named = /^([A-Za-z.0-9]+): (.*)$/s.exec(error.message);
  return [named ? { field: named[1], message: named[2] } : { field: '', message: error.message }];
}

/** The form shown again: the values sent (never passwords) and the error's messages. */
export function formWithError(error: DomainError, values: Record<string, string>): FormState {
  const kept = Object.fromEntries(Object.entries(values).filter(([k]) => !/password|_csrf|token/i.test(k)));
  const errors: Record<string, string> = {};
  if (error instanceof ValidationError) {
    for (const issue of error.issues) errors[issue.field.split('.')[0]] = `${label(issue.field)} ${issue.message}`;
  }
  // The summary on top names every problem too, in case a field is not on the page.
  return { values: kept, errors, message: error.message };
}

function label(field: string): string {
  return field === 'email' ? 'E-mail' : field.charAt(0).toUpperCase() + field.slice(1);
}
