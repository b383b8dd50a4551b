// A real HTTP receiver on 127.0.0.1 for tests of outbound requests (alert senders): it keeps every
// request it gets (method, path with query, headers, raw body) and answers as the test says, or not
// at all (`hang`). A request is stored before it is answered, so once the sender's promise resolved,
// the request is in `requests`.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Path with query string, as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  /** Names lower-cased (node:http). */
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface Receiver {
  /** `http://127.0.0.1:<port>` (https with `tls`) */
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** TCP connections accepted so far (a refused target must leave it at 0). */
  connections: number;
  /** How to answer the next requests: a fixed reply, or one per request in order (the last repeats). */
  reply(...replies: Reply[]): void;
  /** Never answer (the connection stays open until close). */
  hang(): void;
  clear(): void;
  close(): Promise<void>;
}

/** `tls`: serve https with this key and certificate (e.g. selfSignedCertificate of loopback.ts). */
export async function startReceiver(tls?: { key: string; cert: string }): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let replies: Reply[] = [{ status: 200, body: 'ok' }];
  let hanging = false;
  const held: ServerResponse[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      const parsed = new URL(url, 'http://receiver');
      requests.push({
        method: req.method ?? '',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (hanging) {
        held.push(res);
        return;
      }
      const reply = replies.length > 1 ? replies.shift()! : replies[0];
      res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers }).end(reply.body ?? '');
    });
  };
  const server = tls ? createTlsServer(tls, handle) : createServer(handle);
  const receiver: Receiver = {
    url: '',
    port: 0,
    requests,
    connections: 0,
    reply: (...next) => {
      hanging = false;
      replies = next.length ? next : [{ status: 200, body: 'ok' }];
    },
    hang: () => {
      hanging = true;
    },
    clear: () => {
      requests.length = 0;
      receiver.connections = 0;
      hanging = false;
      replies = [{ status: 200, body: 'ok' }];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => {
    receiver.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.port = port;
  receiver.url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return receiver;
}
