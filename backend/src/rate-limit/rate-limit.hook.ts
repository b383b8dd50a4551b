// Applies the limits to every call of the MCP endpoint, the HTTP APIs (RPC and REST) and the agent
// endpoints: over a limit, a plain HTTP 429 with Retry-After (SPEC §7), never a JSON-RPC error body
// (RPC refuses failed authentications over the limit itself, see rpc/rpc-context.ts).
//
// - Failed authentications per client network (AuthFailureLimiter), on every authenticated surface
//   including /agent/v1: the request is verified as usual, and only a failure (a 401) spends the
//   budget; a failure over it is answered 429 instead. A valid credential always gets through.
// - Calls per credential (RateLimiter) on /mcp, /rpc and /v1, before anything else runs. An MCP POST
//   is counted once its body is read, one call per JSON-RPC message in it (SPEC §8: every MCP tool
//   call counts, batched or not). Requests without a well-formed credential are not counted here;
//   they get their 401, which the failure limit counts.
import { Inject, Injectable } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { credentialOf } from '../auth/credential';
import { AuthFailureLimiter, tooManyFailuresMessage } from './auth-failure-limiter';
import { RateLimiter } from './rate-limiter';
import type { RateDecision } from './rate-windows';

/** Paths whose calls count per credential: the MCP endpoint, the RPC API and the REST API. */
export const RATE_LIMITED_PREFIXES = ['/mcp', '/rpc', '/v1'];
/** Paths whose failed authentications count per address: the above, the agent endpoints and /metrics. */
export const AUTHENTICATED_PREFIXES = [...RATE_LIMITED_PREFIXES, '/agent/v1', '/metrics'];

const MCP_PATH = '/mcp';

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

function under(path: string, prefixes: string[]): boolean {
  return prefixes.some((p) => path === p || path.startsWith(`${p}/`));
}

function isMcpPost(request: FastifyRequest): boolean {
  return request.method === 'POST' && pathOf(request) === MCP_PATH;
}

/** The rate-limit key of the request's credential, exactly the value that authenticates. */
export function rateKeyOf(request: FastifyRequest): string | null {
  try {
    const credential = credentialOf(request);
    return credential ? `${credential.kind}:${credential.token}` : null;
  } catch {
    // Malformed: authentication refuses it with 401 and the failure limit counts that.
    return null;
  }
}

/** Calls in an MCP POST body: each JSON-RPC message of a batch, at least one per POST. */
export function mcpCallsIn(body: unknown): number {
  if (!Array.isArray(body)) return 1;
  const calls = body.filter((m) => typeof m === 'object' && m !== null && 'method' in m).length;
  return Math.max(1, calls);
}

@Injectable()
export class RateLimitHook {
  constructor(
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(AuthFailureLimiter) private readonly failures: AuthFailureLimiter,
  ) {}

  register(app: NestFastifyApplication): void {
    const fastify = app.getHttpAdapter().getInstance();
    if (this.limiter.enabled) {
      fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        if (under(pathOf(request), RATE_LIMITED_PREFIXES) && !isMcpPost(request)) await this.consume(request, reply, 1);
      });
      fastify.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
        if (isMcpPost(request)) await this.consume(request, reply, mcpCallsIn(request.body));
      });
    }
    if (this.failures.enabled) {
      // Answers sent through Fastify (REST, MCP, agents): each surface has verified the credential
      // its own way, and a 401 is its verdict. The RPC API writes its answers itself and does the
      // same in its authentication interceptor (rpc/rpc-context.ts).
      fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (reply.statusCode !== 401 || !under(pathOf(request), AUTHENTICATED_PREFIXES)) return payload;
        const decision = await this.failures.failed(request.ip);
        if (decision.allowed) return payload;
        // The failure's own answer (its WWW-Authenticate challenge included) gives way to the 429.
        void reply.removeHeader('www-authenticate');
        tooManyHeaders(reply, decision);
        return tooManyFailuresMessage(decision);
      });
    }
  }

  private async consume(request: FastifyRequest, reply: FastifyReply, cost: number): Promise<void> {
    const key = rateKeyOf(request);
    if (!key) return;
    const decision = await this.limiter.consume(key, cost);
    void reply.header('x-ratelimit-limit', decision.limit).header('x-ratelimit-remaining', decision.remaining);
    if (decision.allowed) return;
    const what =
      cost > 1
        ? `this batch of ${cost} calls needs more than the ${decision.remaining} left of ${decision.limit} calls a minute per credential.`
        : `at most ${decision.limit} calls a minute per credential.`;
    await tooMany(reply, decision, `Too many requests: ${what}`);
  }
}

function tooManyHeaders(reply: FastifyReply, decision: RateDecision): FastifyReply {
  return reply.code(429).header('retry-after', String(decision.retryAfterSeconds)).type('text/plain; charset=utf-8');
}

async function tooMany(reply: FastifyReply, decision: RateDecision, message: string): Promise<void> {
  await tooManyHeaders(reply, decision).send(`${message} Retry after ${decision.retryAfterSeconds} s.`);
}
