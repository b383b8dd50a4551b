// The dashboard's own port. DASHBOARD_URL is another origin than the API's (http://localhost:3001 by
// default), yet it is the same application: a second HTTP server hands its requests to the same
// Fastify router, so every route, hook and limit applies unchanged.
import { createServer, type Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

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
