// Authentication of RPC calls: `x-service-key` (SPEC §5.2) becomes the service context of the call.
// The key is read from the Fastify request by auth/credential.ts, the same reader the rate limit
// uses, so the value that authenticates is the value that is counted.
import {
  Code,
  ConnectError,
  createContextKey,
  createContextValues,
  type HandlerContext,
  type Interceptor,
} from '@connectrpc/connect';
import type { FastifyRequest } from 'fastify';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import { API_KEY_HEADER, apiKeyOf } from '../auth/credential';
import type { ServiceContext } from '../common/context';
import { UnauthorizedError } from '../common/errors';
import { tooManyFailuresMessage, type AuthFailureLimiter } from '../rate-limit/auth-failure-limiter';

const kServiceContext = createContextKey<ServiceContext | undefined>(undefined, { description: 'service context' });
const kHttpRequest = createContextKey<FastifyRequest | undefined>(undefined, { description: 'HTTP request' });

/** The context values of a call, made by the Fastify plugin for each request. */
export function rpcContextValues(request: FastifyRequest) {
  return createContextValues().set(kHttpRequest, request);
}

export function authInterceptor(apiKeys: ApiKeysService, failures: AuthFailureLimiter): Interceptor {
  return (next) => async (req) => {
    const request = req.contextValues.get(kHttpRequest);
    if (!request) throw new Error('RPC call without its HTTP request (rpcContextValues not installed)');
    try {
      const key = apiKeyOf(request);
      if (!key) throw new UnauthorizedError(`Missing ${API_KEY_HEADER} header`);
      req.contextValues.set(kServiceContext, await apiKeys.authenticate(key, 'rpc'));
    } catch (error) {
      // The RPC API writes its own answers, past Fastify's onSend hook that counts other 401s. Over
      // the budget the failure is refused as `resource_exhausted` (HTTP 429) with Retry-After, in the
      // caller's protocol so RPC clients read the reason; a valid key never reaches this point.
      if (error instanceof UnauthorizedError) {
        const decision = await failures.failed(request.ip);
        if (!decision.allowed) {
          throw new ConnectError(tooManyFailuresMessage(decision), Code.ResourceExhausted, {
            'retry-after': String(decision.retryAfterSeconds),
          });
        }
      }
      throw error;
    }
    return next(req);
  };
}

export function serviceContext(ctx: HandlerContext): ServiceContext {
  const value = ctx.values.get(kServiceContext);
  if (!value) throw new UnauthorizedError('Not authenticated');
  return value;
}
