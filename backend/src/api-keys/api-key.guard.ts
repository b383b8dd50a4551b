// Authenticates REST requests with `x-service-key` (SPEC §5.2) and attaches the service context.
import { createParamDecorator, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiKeysService } from './api-keys.service';
import type { ServiceContext } from '../common/context';
import { UnauthorizedError } from '../common/errors';
import { API_KEY_HEADER, apiKeyOf } from '../auth/credential';

type RequestWithContext = FastifyRequest & { serviceContext?: ServiceContext };

@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(@Inject(ApiKeysService) private readonly apiKeys: ApiKeysService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithContext>();
    const key = apiKeyOf(request);
    if (!key) throw new UnauthorizedError(`Missing ${API_KEY_HEADER} header`);
    request.serviceContext = await this.apiKeys.authenticate(key, 'rest');
    return true;
  }
}

/** The authenticated service context of a guarded route. */
export const Ctx = createParamDecorator((_data: unknown, context: ExecutionContext): ServiceContext => {
  const ctx = context.switchToHttp().getRequest<RequestWithContext>().serviceContext;
  if (!ctx) throw new UnauthorizedError('Not authenticated');
  return ctx;
});
