// The RPC API for gRPC clients (grpc-js, grpcurl -plaintext, any generated gRPC stub): they speak
// HTTP/2 only, and Node.js serves HTTP/1.1 and HTTP/2 on one port only over TLS (allowHTTP1), so
// GRPC_PORT is a listener of its own, in cleartext HTTP/2 (h2c) like the API's HTTP/1.1 port.
//
// It hands each request to the same Fastify router as the API's port, under /rpc: the same Connect
// handlers, the same authentication, rate limit and failed-authentication limit. gRPC names a
// method `/<package>.<Service>/<Method>`; on this port that path is the method under /rpc, and no
// other route of the application is reachable.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Http2Server, type ServerHttp2Session } from 'node:http2';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RPC_PREFIX } from '../rpc/rpc.server';

/**
 * A connection with no stream for this long is closed. gRPC clients keep a connection open between
 * calls and open a new one when the server has closed it, so this only bounds idle connections.
 */
export const GRPC_IDLE_TIMEOUT_MS = 120_000;

export interface GrpcListener {
  server: Http2Server;
  port: number;
  /** Stops accepting, lets the calls in flight finish and closes the idle connections. */
  close(): Promise<void>;
}

export async function listenGrpcOn(
  app: NestFastifyApplication,
  port: number,
  host: string,
  requestTimeoutMs: number,
): Promise<GrpcListener> {
  const fastify = app.getHttpAdapter().getInstance();
  const sessions = new Set<ServerHttp2Session>();
  const server = createServer((request, response) => {
    // A stream that stops sending for REQUEST_TIMEOUT_MS is reset, as the HTTP/1.1 port answers a
    // stalled request 408: without a 'timeout' listener Node destroys the stream.
    request.setTimeout(requestTimeoutMs);
    request.url = `${RPC_PREFIX}${request.url.startsWith('/') ? '' : '/'}${request.url}`;
    // Fastify's router takes Node's HTTP/2 compatibility objects as it takes HTTP/1.1 ones (its own
    // `http2: true` server hands it the same), though its types name only the HTTP/1.1 pair.
    fastify.routing(request as unknown as IncomingMessage, response as unknown as ServerResponse);
  });
  server.setTimeout(GRPC_IDLE_TIMEOUT_MS);
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // close() waits for every session to end; a session's close() lets its streams finish and
        // then ends it, where a client would otherwise keep an idle connection open for minutes.
        for (const session of sessions) session.close();
      }),
  };
}
