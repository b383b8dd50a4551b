// The authorization server's HTTP surface (SPEC §4.4): plain Fastify routes, each a thin call of a
// verb. Registered on the Fastify instance (like the site's routes) rather than as a Nest controller
// so that each route has its own error handler: a malformed or unsupported body must be an RFC 6749
// `invalid_request`, which Nest's filter (the service's API envelope) would not give. Every URL in
// the answers comes from configuration (OAUTH_ISSUER, DASHBOARD_URL), never from the request.
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, LOGGER } from '../config/config.module';
import { escapeHtml } from '../common/html';
import { preferredType } from '../http/accept';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { OAuthAuthorizeService } from './oauth-authorize.service';
import { OAuthClientsService } from './oauth-clients.service';
import { oauthErrorAnswer, type OAuthErrorBody } from './oauth-errors';
import { OAUTH_SCOPES } from './oauth-rules';
import { OAuthTokenService } from './oauth-token.service';

export const MCP_RESOURCE_PATH = '/mcp';

const CROSS_ORIGIN_GET = [
  '/.well-known/oauth-authorization-server',
  `/.well-known/oauth-protected-resource${MCP_RESOURCE_PATH}`,
];
const CROSS_ORIGIN_POST = ['/oauth/register', '/oauth/token', '/oauth/revoke'];

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

@Injectable()
export class OAuthRoutes implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(OAuthClientsService) private readonly clients: OAuthClientsService,
    @Inject(OAuthAuthorizeService) private readonly authorizeService: OAuthAuthorizeService,
    @Inject(OAuthTokenService) private readonly tokens: OAuthTokenService,
  ) {}

  /** RFC 8414 authorization server metadata. */
  authorizationServerMetadata(): Record<string, unknown> {
    const issuer = this.config.oauthIssuer;
    return {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [...OAUTH_SCOPES],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    };
  }

  /** RFC 9728 protected resource metadata of /mcp. */
  protectedResourceMetadata(): Record<string, unknown> {
    return {
      resource: `${this.config.oauthIssuer}${MCP_RESOURCE_PATH}`,
      authorization_servers: [this.config.oauthIssuer],
      scopes_supported: [...OAUTH_SCOPES],
      bearer_methods_supported: ['header'],
    };
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const errorHandler = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      // Errors before the handler: the body parser (malformed JSON, an unsupported content type, too large).
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const description =
          status === 415
            ? 'the body must be form-encoded (application/x-www-form-urlencoded) or JSON'
            : `malformed request: ${error.message}`;
        void reply
          .code(status === 413 ? 413 : 400)
          .headers(NO_STORE)
          .send({ error: 'invalid_request', error_description: description });
        return;
      }
      this.sendError(reply, error);
    };
    const metadata = (body: () => Record<string, unknown>) => (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('cache-control', 'public, max-age=300').send(body());
    // Browser-based clients (the MCP Inspector) call these endpoints from their own origin. Nothing
    // here reads a cookie or any other ambient credential, so every origin gets the same answer.
    const cors = async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('access-control-allow-origin', '*');
    };
    for (const path of [...CROSS_ORIGIN_GET, ...CROSS_ORIGIN_POST]) {
      fastify.options(path, (_request, reply) =>
        reply
          .code(204)
          .header('access-control-allow-origin', '*')
          .header('access-control-allow-methods', CROSS_ORIGIN_POST.includes(path) ? 'POST' : 'GET')
          .header('access-control-allow-headers', 'content-type, mcp-protocol-version')
          .header('access-control-max-age', '600')
          .send(),
      );
    }

    fastify.get(
      '/.well-known/oauth-authorization-server',
      { onRequest: cors },
      metadata(() => this.authorizationServerMetadata()),
    );
    fastify.get(
      `/.well-known/oauth-protected-resource${MCP_RESOURCE_PATH}`,
      { onRequest: cors },
      metadata(() => this.protectedResourceMetadata()),
    );
    fastify.post('/oauth/register', { errorHandler, onRequest: cors }, (request, reply) =>
      this.answer(reply, async () => {
        if (!(await this.withinLimit(request, reply, 'register'))) return;
        const registered = await this.clients.register(request.body);
        await reply.code(201).headers(NO_STORE).send(registered);
      }),
    );
    fastify.get('/oauth/authorize', { errorHandler }, (request, reply) =>
      this.answer(reply, async () => {
        if (!(await this.withinLimit(request, reply, 'authorize'))) return;
        const outcome = await this.authorizeService.authorize((request.query ?? {}) as Record<string, unknown>);
        if (outcome.kind === 'redirect') {
          await reply.code(302).header('location', outcome.location).header('cache-control', 'no-store').send();
          return;
        }
        // Not redirected, so the error is for whoever sent the request: a person reads the page, a
        // program that asks for JSON gets the RFC 6749 body. 400 even for invalid_client: no client
        // authenticates here (401 is the token endpoint's, for a failed client authentication).
        void reply.code(400).headers(NO_STORE).header('vary', 'accept');
        const body: OAuthErrorBody = { error: outcome.error, error_description: outcome.message };
        if (preferredType(request.headers.accept, ['text/html', 'application/json']) === 'application/json') {
          await reply.send(body);
        } else {
          await reply.header('content-type', 'text/html; charset=utf-8').send(errorPage(body));
        }
      }),
    );
    fastify.post('/oauth/token', { errorHandler, onRequest: cors }, (request, reply) =>
      this.answer(reply, async () => {
        const tokens = await this.tokens.token(request.body);
        await reply.code(200).headers(NO_STORE).send(tokens);
      }),
    );
    fastify.post('/oauth/revoke', { errorHandler, onRequest: cors }, (request, reply) =>
      this.answer(reply, async () => {
        await this.tokens.revoke(request.body);
        await reply.code(200).headers(NO_STORE).send();
      }),
    );
  }

  /**
   * Unauthenticated requests that write (a client row) or make the server fetch a URL (a metadata
   * document) are counted per client address against the per-credential limit, namespaced.
   */
  private async withinLimit(request: FastifyRequest, reply: FastifyReply, what: string): Promise<boolean> {
    if (!this.limiter.enabled) return true;
    const decision = await this.limiter.consume(`oauth-${what}:${request.ip}`);
    if (decision.allowed) return true;
    await reply
      .code(429)
      .header('retry-after', String(decision.retryAfterSeconds))
      .send({
        error: 'temporarily_unavailable',
        error_description: `Too many requests: at most ${decision.limit} a minute`,
      });
    return false;
  }

  private async answer(reply: FastifyReply, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (error) {
      this.sendError(reply, error);
    }
  }

  private sendError(reply: FastifyReply, error: unknown): void {
    const { status, body, unexpected } = oauthErrorAnswer(error);
    if (unexpected) this.logger.error({ err: error }, 'oauth request failed');
    void reply.code(status).headers(NO_STORE).send(body);
  }
}

/** The page shown instead of a redirect when the client or its redirect URI is not trusted. */
function errorPage({ error, error_description: message }: OAuthErrorBody): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Authorization error</title></head>
<body>
<main>
<h1>This app cannot be connected</h1>
<p>${escapeHtml(message)}</p>
<p>Error code: <code>${escapeHtml(error)}</code></p>
<p>Nothing was shared. Close this page and check the app's connection settings.</p>
</main>
</body>
</html>
`;
}
