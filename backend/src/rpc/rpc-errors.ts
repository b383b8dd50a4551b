// The one place RPC turns errors into Connect errors. Clients never see a stack trace or a driver
// message: unknown errors are logged and answered as `internal`.
import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import type { Logger } from 'pino';
import { isDomainError, type DomainErrorCode } from '../common/errors';

export function connectCodeOf(code: DomainErrorCode): Code {
  switch (code) {
    case 'NOT_FOUND':
      return Code.NotFound;
    case 'VALIDATION':
      return Code.InvalidArgument;
    case 'CONFLICT':
      return Code.AlreadyExists;
    case 'LIMIT_EXCEEDED':
      return Code.ResourceExhausted;
    case 'PRECONDITION_FAILED':
      return Code.FailedPrecondition;
    case 'UNAUTHORIZED':
      return Code.Unauthenticated;
    case 'FORBIDDEN':
      return Code.PermissionDenied;
    default: {
      const unreachable: never = code;
      throw new Error(`unmapped domain error ${String(unreachable)}`);
    }
  }
}

export function errorInterceptor(logger: Logger): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (error) {
      if (isDomainError(error)) throw new ConnectError(error.message, connectCodeOf(error.code));
      if (error instanceof ConnectError) throw error;
      logger.error({ err: error, procedure: req.url }, 'rpc handler failed');
      throw new ConnectError('Internal error', Code.Internal);
    }
  };
}
