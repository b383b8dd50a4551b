// Domain errors, defined once. Every transport maps them in exactly one place
// (see http/domain-error.filter.ts; the RPC, MCP and OAuth mappers follow the same switch).

export type DomainErrorCode =
  'NOT_FOUND' | 'VALIDATION' | 'CONFLICT' | 'LIMIT_EXCEEDED' | 'PRECONDITION_FAILED' | 'UNAUTHORIZED' | 'FORBIDDEN';

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND' as const;

  /** The message never says whether the id exists in another workspace. */
  static of(entity: string, id: string): NotFoundError {
    return new NotFoundError(`${entity} ${JSON.stringify(id)} not found`);
  }
}

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. `monitor.headers.3.key`. */
  field: string;
  message: string;
}

export class ValidationError extends DomainError {
  readonly code = 'VALIDATION' as const;

  constructor(
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError(`${field}: ${message}`, [{ field, message }]);
  }
}

export class ConflictError extends DomainError {
  readonly code = 'CONFLICT' as const;
}

export class LimitExceededError extends DomainError {
  readonly code = 'LIMIT_EXCEEDED' as const;
}

export class PreconditionFailedError extends DomainError {
  readonly code = 'PRECONDITION_FAILED' as const;
}

export class UnauthorizedError extends DomainError {
  readonly code = 'UNAUTHORIZED' as const;
}

export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN' as const;
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
