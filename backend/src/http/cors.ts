// Cross-origin calls from browsers (CORS) to the RPC API and the MCP endpoint: a page on another
// origin, e.g. one using @connectrpc/connect-web, sends a preflight (OPTIONS) before each call that
// carries the key header, and reads the answer only when it names the page's origin.
//
// - Exact origins only, from CORS_ORIGINS (and, for /mcp, the origins the MCP endpoint accepts:
//   the service's own and MCP_ALLOWED_ORIGINS). An origin not listed gets a 403 preflight, which the
//   browser reports as a failed call; the call itself is never sent.
// - Never with cookies: no Access-Control-Allow-Credentials. Both surfaces authenticate with a header
//   (x-service-key, or Authorization on /mcp), which a page must hold itself; a browser's cookies
//   never authenticate a call, so a listed origin gets exactly what its script could send anyway.
// - Registered before the rate limit, so a 429 (and a 401) still carries the origin and the page's
//   script can read why it was refused.
import { cors as connectCors } from '@connectrpc/connect';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';

interface CorsSurface {
  /** The path, and the paths under it (`/rpc/<package>.<Service>/<Method>`). */
  path: string;
  origins: ReadonlySet<string>;
  methods: readonly string[];
  allowHeaders: readonly string[];
  exposeHeaders: readonly string[];
  /** What the operator sets to let an origin in, for the refusal's message. */
  setting: string;
}

/** How long a browser may keep a preflight's answer: Chromium's own cap (2 hours). */
const PREFLIGHT_MAX_AGE_S = 7200;
/** Headers set by the rate limits and the failed-authentication limit, which a script may read. */
const LIMIT_HEADERS = ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining'];

/** The browser origins the MCP endpoint accepts: the service's own, MCP_ALLOWED_ORIGINS and CORS_ORIGINS. */
export function mcpBrowserOrigins(config: AppConfig): Set<string> {
  const own = [config.baseUrl, config.oauthIssuer, config.siteUrl, config.dashboardUrl];
  return new Set([...own, ...config.mcpAllowedOrigins, ...config.corsOrigins].map((o) => new URL(o).origin));
}

export function corsSurfaces(config: AppConfig): CorsSurface[] {
  return [
    {
      path: '/rpc',
      origins: new Set(config.corsOrigins),
      // Connect's own list: the Connect protocol's and gRPC-web's request headers (content-type,
      // connect-protocol-version, connect-timeout-ms, x-grpc-web, x-user-agent, grpc-timeout...), and
      // grpc-status, grpc-message and grpc-status-details-bin exposed for gRPC-web's errors.
      methods: connectCors.allowedMethods,
      allowHeaders: [...connectCors.allowedHeaders, 'x-service-key'].map((h) => h.toLowerCase()),
      exposeHeaders: [...connectCors.exposedHeaders, ...LIMIT_HEADERS].map((h) => h.toLowerCase()),
      setting: 'CORS_ORIGINS',
    },
    {
      path: '/mcp',
      origins: mcpBrowserOrigins(config),
      methods: ['POST', 'GET', 'DELETE'],
      allowHeaders: [
        'content-type',
        'accept',
        'authorization',
        'x-service-key',
        'mcp-protocol-version',
        'mcp-session-id',
        'last-event-id',
      ],
      // www-authenticate carries the resource metadata URL a browser MCP client starts OAuth from.
      exposeHeaders: ['mcp-session-id', 'mcp-protocol-version', 'www-authenticate', ...LIMIT_HEADERS],
      setting: 'MCP_ALLOWED_ORIGINS or CORS_ORIGINS',
    },
  ];
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

export function registerCors(fastify: FastifyInstance, config: AppConfig): void {
  const surfaces = corsSurfaces(config);
  const surfaceOf = (path: string) => surfaces.find((s) => path === s.path || path.startsWith(`${s.path}/`));
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const surface = surfaceOf(pathOf(request));
    if (!surface) return;
    // The answer depends on the Origin: a cache must not hand one origin's answer to another.
    void reply.header('vary', 'Origin');
    const allowed = surface.origins.has(origin);
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (preflight) {
      if (!allowed) {
        return reply
          .code(403)
          .type('text/plain; charset=utf-8')
          .send(
            `Origin ${origin} may not call ${surface.path} from a browser; the operator lists it in ${surface.setting}.`,
          );
      }
      return reply
        .code(204)
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-methods', surface.methods.join(', '))
        .header('access-control-allow-headers', surface.allowHeaders.join(', '))
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
        .send();
    }
    if (allowed) {
      void reply
        .header('access-control-allow-origin', origin)
        .header('access-control-expose-headers', surface.exposeHeaders.join(', '));
    }
  });
}
