// Applies the per-credential rate limit to every call of the MCP endpoint and the HTTP APIs (RPC and
// REST) before anything else runs: over the limit, a plain HTTP 429 with Retry-After (SPEC §7), never
// a JSON-RPC or RPC error body. Requests without a credential are not counted; they get their 401.
import { Inject, Injectable } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyOf } from '../auth/api-key.guard';
import { RateLimiter } from './rate-limiter';

/** Paths whose calls count: the MCP endpoint, the RPC API and the REST API. */
export const RATE_LIMITED_PREFIXES = ['/mcp', '/rpc/', '/v1/'];

export function credentialOf(request: FastifyRequest): string | null {
  const apiKey = apiKeyOf(request);
  if (apiKey) return `key:${apiKey}`;
  const authorization = request.headers.authorization;
  return authorization ? `auth:${authorization.trim()}` : null;
}

@Injectable()
export class RateLimitHook {
  constructor(@Inject(RateLimiter) private readonly limiter: RateLimiter) {}

  register(app: NestFastifyApplication): void {
    if (!this.limiter.enabled) return;
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0] ?? '';
        if (!RATE_LIMITED_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) return;
        const credential = credentialOf(request);
        if (!credential) return;
        const decision = await this.limiter.consume(credential);
        void reply.header('x-ratelimit-limit', decision.limit).header('x-ratelimit-remaining', decision.remaining);
        if (decision.allowed) return;
        await reply
          .code(429)
          .header('retry-after', String(decision.retryAfterSeconds))
          .type('text/plain; charset=utf-8')
          .send(
            `Too many requests: at most ${decision.limit} calls a minute per credential. Retry after ${decision.retryAfterSeconds} s.`,
          );
      });
  }
}
