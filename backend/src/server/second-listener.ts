// The dashboard's own port. DASHBOARD_URL is another origin than the API's (http://localhost:3001 by
// default), yet it is the same application: a second HTTP server hands its requests to the same
// Fastify router, so every route, hook and limit applies unchanged.
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/config';

export async function listenAlsoOn(
  app: NestFastifyApplication,
  port: number,
  host: string,
  requestTimeoutMs: number,
): Promise<Server> {
  const fastify = app.getHttpAdapter().getInstance();
  const server = createServer({ requestTimeout: requestTimeoutMs }, (request, response) => {
    // The site owns `/` on the shared router; on the dashboard's own origin `/` means the dashboard.
    if (request.url === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
      response.writeHead(302, { location: '/app' }).end();
      return;
    }
    fastify.routing(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Stops accepting and resolves once the connections in flight are done. */
export function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * What to do when the dashboard's port cannot be had. Its port follows DASHBOARD_URL when that is a
 * local origin, so the advice is a DASHBOARD_URL on a port free right now: the dashboard then listens
 * there and every link the service prints says that same port. Behind a proxy (another host), only
 * the listener moves: DASHBOARD_PORT.
 */
export async function dashboardListenAdvice(
  config: Pick<AppConfig, 'dashboardUrl' | 'dashboardPort' | 'host' | 'baseUrl'>,
  error: unknown,
): Promise<string> {
  const taken = config.dashboardPort ?? 0;
  const reason = error instanceof Error ? error.message : String(error);
  const free = (await firstFreePort(config.host, taken + 1)) ?? taken + 1;
  const url = new URL(config.dashboardUrl);
  const head = `the dashboard could not listen on port ${taken} (${reason})`;
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    url.port = String(free);
    return `${head}; set DASHBOARD_URL to an origin on a free port, such as DASHBOARD_URL=${url.origin}, or DASHBOARD_PORT=off to serve the dashboard on ${config.baseUrl}`;
  }
  return `${head}; set DASHBOARD_PORT to a free port, such as DASHBOARD_PORT=${free}, and route ${url.origin} there, or DASHBOARD_PORT=off to serve the dashboard on the API's port`;
}

/** The first of the next 20 ports that can be listened on now, or null. */
async function firstFreePort(host: string, from: number): Promise<number | null> {
  for (let port = from; port < Math.min(from + 20, 65536); port++) {
    if (await canListen(host, port)) return port;
  }
  return null;
}

function canListen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}
