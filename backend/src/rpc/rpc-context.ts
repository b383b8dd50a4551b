// Authentication of RPC calls: `x-service-key` (SPEC §5.2) becomes the service context of the call.
import { createContextKey, type HandlerContext, type Interceptor } from '@connectrpc/connect';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import type { ServiceContext } from '../common/context';
import { UnauthorizedError } from '../common/errors';

const kServiceContext = createContextKey<ServiceContext | undefined>(undefined, { description: 'service context' });

export function authInterceptor(apiKeys: ApiKeysService): Interceptor {
  return (next) => async (req) => {
    const key = req.header.get('x-service-key');
    if (!key) throw new UnauthorizedError('Missing x-service-key header');
    req.contextValues.set(kServiceContext, await apiKeys.authenticate(key, 'rpc'));
    return next(req);
  };
}

export function serviceContext(ctx: HandlerContext): ServiceContext {
  const value = ctx.values.get(kServiceContext);
  if (!value) throw new UnauthorizedError('Not authenticated');
  return value;
}
