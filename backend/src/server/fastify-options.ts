// The options of the HTTP server, in one place for the server (main.ts) and the in-process test app
// (test/support/http-app.ts), so the tests run against the limits production runs with.
import type { FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { BODY_LIMIT_BYTES } from '../http/body-limit';
import { rewritePageDomain } from '../public-pages/page-domains';

export function fastifyOptions(config: AppConfig, logger: Logger): FastifyHttpOptions<Server> {
  const timeoutMs = config.requestTimeoutMs;
  return {
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // request.ip is the client address the failed-authentication limit counts: behind a reverse
    // proxy it must come from X-Forwarded-For, but only from proxies the operator named.
    trustProxy: config.trustProxy,
    // A request whose Host is a public page's custom domain is served from that page's routes:
    // `/<rest>` becomes `/status/<slug>/<rest>` before routing (public-pages/page-domains.ts).
    rewriteUrl(req) {
      return rewritePageDomain(this, req);
    },
    // A client gets REQUEST_TIMEOUT_MS to send its whole request, headers included; then Node answers
    // 408 and closes the connection, so a body that never finishes holds nothing open. Without it a
    // stalled upload waited for Node's default of 300 s.
    requestTimeout: timeoutMs,
    http: {
      requestTimeout: timeoutMs,
      headersTimeout: timeoutMs,
      // How often Node looks for requests past those timeouts (default 30 s, which would let a
      // stalled request live up to 30 s longer than the timeout says).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeoutMs / 4))),
    },
  };
}
