import {
  ConflictError,
  ForbiddenError,
  LimitExceededError,
  NotFoundError,
  PreconditionFailedError,
  UnauthorizedError,
  ValidationError,
  type DomainError,
} from '../common/errors';
import { httpStatusOf } from './domain-error.filter';

describe(httpStatusOf.name, () => {
  it.each<[DomainError, number]>([
    [new NotFoundError('x'), 404],
    [new ValidationError('x'), 400],
    [new ConflictError('x'), 409],
    [new LimitExceededError('x'), 403],
    [new PreconditionFailedError('x'), 412],
    [new UnauthorizedError('x'), 401],
    [new ForbiddenError('x'), 403],
  ])('maps %s', (error, status) => {
    expect(httpStatusOf(error.code)).toBe(status);
  });
});
