// The values a Connect call carries from the HTTP server to the handlers: its Fastify request and,
// once authenticated, its service context. The handlers of each resource read the context here; the
// server (rpc/) authenticates and sets it.
import { createContextKey, createContextValues, type ContextValues, type HandlerContext } from '@connectrpc/connect';
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../common/context';
import { UnauthorizedError } from '../common/errors';

const kServiceContext = createContextKey<ServiceContext | undefined>(undefined, { description: 'service context' });
const kHttpRequest = createContextKey<FastifyRequest | undefined>(undefined, { description: 'HTTP request' });

/** The context values of a call, made by the Fastify plugin for each request. */
export function rpcContextValues(request: FastifyRequest) {
  return createContextValues().set(kHttpRequest, request);
}

export function httpRequestOf(values: ContextValues): FastifyRequest | undefined {
  return values.get(kHttpRequest);
}

export function setServiceContext(values: ContextValues, context: ServiceContext): void {
  values.set(kServiceContext, context);
}

export function serviceContext(ctx: HandlerContext): ServiceContext {
  const value = ctx.values.get(kServiceContext);
  if (!value) throw new UnauthorizedError('Not authenticated');
  return value;
}
