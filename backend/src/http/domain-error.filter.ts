// The one place HTTP (REST and plain routes) turns errors into responses. Clients never see a stack
// trace or a driver message: unknown errors are logged and answered as INTERNAL.
import { Catch, HttpException, Inject, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.module';
import { isDomainError, type DomainErrorCode } from '../common/errors';
import { BODY_LIMIT_BYTES } from './body-limit';

export function httpStatusOf(code: DomainErrorCode): number {
  switch (code) {
    case 'NOT_FOUND':
      return 404;
    case 'VALIDATION':
      return 400;
    case 'CONFLICT':
      return 409;
    case 'LIMIT_EXCEEDED':
      return 403;
    case 'PRECONDITION_FAILED':
      return 412;
    case 'UNAUTHORIZED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    default: {
      const unreachable: never = code;
      throw new Error(`unmapped domain error ${String(unreachable)}`);
    }
  }
}

@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (isDomainError(error)) {
      const body: Record<string, unknown> = { code: error.code, message: error.message };
      if ('issues' in error && Array.isArray(error.issues) && error.issues.length) body.issues = error.issues;
      void reply.status(httpStatusOf(error.code)).send(body);
      return;
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      // Fastify's body limit (REST, MCP, agents): say the limit, so the caller knows what to send.
      const message =
        status === 413 ? `Request body too large (max ${BODY_LIMIT_BYTES / 1024 / 1024} MiB)` : error.message;
      void reply.status(status).send({ code: status === 404 ? 'NOT_FOUND' : 'HTTP_ERROR', message });
      return;
    }
    this.logger.error({ err: error }, 'unhandled error');
    void reply.status(500).send({ code: 'INTERNAL', message: 'Internal error' });
  }
}
