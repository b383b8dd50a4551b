// Authentication of RPC calls: `x-service-key` (SPEC §5.2) becomes the service context of the call.
// The key is read from the Fastify request by auth/credential.ts, the same reader the rate limit
// uses, so the value that authenticates is the value that is counted.
import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import { API_KEY_HEADER, apiKeyOf } from '../auth/credential';
import { UnauthorizedError } from '../common/errors';
import { tooManyFailuresMessage, type AuthFailureLimiter } from '../rate-limit/auth-failure-limiter';
import { httpRequestOf, setServiceContext } from '../rpc-kit/call-context';

export function authInterceptor(apiKeys: ApiKeysService, failures: AuthFailureLimiter): Interceptor {
  return (next) => async (req) => {
    const request = httpRequestOf(req.contextValues);
    if (!request) throw new Error('RPC call without its HTTP request (rpcContextValues not installed)');
    try {
      const key = apiKeyOf(request);
      if (!key) throw new UnauthorizedError(`Missing ${API_KEY_HEADER} header`);
      setServiceContext(req.contextValues, await apiKeys.authenticate(key, 'rpc'));
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
