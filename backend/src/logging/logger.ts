// Structured JSON logs (pino), shared by Nest, Fastify and our own code. Errors go through one
// serializer that never writes a statement's parameters or a row's values (error-serializer.ts);
// credentials in headers, and parameters or statement text under any other key, are redacted even if
// a future caller logs them.
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config/config';
import { serializeError, serializeRequest } from './error-serializer';

export const REDACT_PATHS = [
  'req.headers["x-service-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
  // A database error's statement and bound values, wherever a caller puts them.
  'parameters',
  'query',
  '*.parameters',
  '*.query',
  '*.driverError',
  '*.detail',
];

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'uptime-service' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // pino's default `err` serializer copies every property of an error, bound parameters included;
      // Fastify's `req` serializer logs URLs with their query strings. These replace both (a
      // logger instance's serializers win over Fastify's own).
      serializers: { err: serializeError, error: serializeError, req: serializeRequest },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** Nest's logger interface on top of pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    // An error's own message can quote values (a driver's); the serializer says what is safe of it.
    if (message instanceof Error) this.logger.error({ context, err: message }, 'error');
    else this.logger.error({ context, trace }, String(message));
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }

  fatal(message: unknown, context?: string): void {
    this.logger.fatal({ context }, String(message));
  }
}
