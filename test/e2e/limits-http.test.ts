// The edges of the HTTP server, on the real in-process app with the server's own Fastify options:
// bodies Connect cannot decode (400 invalid_argument, never 500 with the parser's message), unsupported
// content types, bodies over the limits (413, never a 429 that reads like a rate limit), and requests
// whose headers or body never finish (408 and the connection closed, never a connection held open).
import { create } from '@bufbuild/protobuf';
import { Code, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { connect } from 'node:net';
import {
  CreateStatusReportRequestSchema,
  StatusReportService,
  StatusReportStatus,
} from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { RpcServer } from '../../backend/src/rpc/rpc.server';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcError, withKey } from '../support/rpc';

const MiB = 1024 * 1024;
/** Bytes no protobuf message decodes from: a truncated varint, a bad wire type, a short field, tag 0. */
const MALFORMED = [[0xff, 0xff, 0xff, 0xff, 0xff], [0x0f], [0x0a, 0x05, 0x01], [0x00]].map((b) => new Uint8Array(b));

/** A gRPC-web data frame. */
function grpcWebFrame(payload: Uint8Array): Uint8Array {
  const frame = new Uint8Array(5 + payload.length);
  new DataView(frame.buffer).setUint32(1, payload.length);
  frame.set(payload, 5);
  return frame;
}

describe('bodies the RPC API cannot read', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  const rpc = (path: string, contentType: string | null, body: Uint8Array | string) =>
    fetch(`${t.baseUrl}/rpc/${path}`, {
      method: 'POST',
      headers: { 'x-service-key': tenant.writeKey, ...(contentType ? { 'content-type': contentType } : {}) },
      body,
    });

  it('answers malformed binary protobuf to every method with 400 invalid_argument naming the message, not the parser', async () => {
    const methods = t.app
      .get(RpcServer)
      .services()
      .flatMap((service) => service.methods.map((method) => ({ path: `${service.typeName}/${method.name}`, method })));
    expect(methods.length).toBeGreaterThan(30);
    for (const { path, method } of methods) {
      for (const body of path.endsWith('/ListMonitors') ? MALFORMED : MALFORMED.slice(0, 1)) {
        const response = await rpc(path, 'application/proto', body);
        const answer = (await response.json()) as { code: string; message: string };
        expect([path, response.status, answer]).toEqual([
          path,
          400,
          {
            code: 'invalid_argument',
            message: `invalid binary protobuf: the request body is not a valid ${method.input.typeName} message`,
          },
        ]);
      }
    }
    // The server still answers afterwards.
    expect((await rpc('monitor.v1.MonitorService/ListMonitors', 'application/json', '{}')).status).toBe(200);
  });

  it('answers malformed binary protobuf over gRPC-web with status 3 (invalid_argument) in the trailers', async () => {
    const response = await rpc(
      'monitor.v1.MonitorService/ListMonitors',
      'application/grpc-web+proto',
      grpcWebFrame(MALFORMED[0]),
    );
    expect(response.status).toBe(200);
    const frame = new Uint8Array(await response.arrayBuffer());
    expect(frame[0]).toBe(0x80);
    const trailers = Buffer.from(frame.subarray(5)).toString('latin1');
    expect(trailers).toContain('grpc-status: 3');
    expect(decodeURIComponent(trailers)).toContain('not a valid monitor.v1.ListMonitorsRequest message');
    expect(trailers).not.toMatch(/premature|parse binary/);
  });

  it('answers a body that is not JSON with 400 invalid_argument', async () => {
    const response = await rpc('monitor.v1.MonitorService/ListMonitors', 'application/json', '{"limit": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_argument' });
  });

  it('answers an unsupported or missing content type with invalid_argument saying what to send', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', null]) {
      const response = await rpc('monitor.v1.MonitorService/ListMonitors', contentType, '{}');
      expect([contentType, response.status]).toEqual([contentType, 415]);
      const answer = (await response.json()) as { code: string; message: string };
      expect(answer.code).toBe('invalid_argument');
      expect(answer.message).toContain('send application/json or application/proto');
    }
  });

  it('refuses an RPC body over 4 MiB as too large (413, resource_exhausted), readable by a Connect client', async () => {
    const response = await rpc(
      'monitor.v1.MonitorService/ListMonitors',
      'application/proto',
      new Uint8Array(4 * MiB + 1),
    );
    expect(response.status).toBe(413);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await response.json()).toEqual({
      code: 'resource_exhausted',
      message: 'request body too large (max 4 MiB)',
    });

    const client = createClient(
      StatusReportService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        useBinaryFormat: true,
        interceptors: [withKey(tenant.writeKey)],
      }),
    );
    const request = create(CreateStatusReportRequestSchema, {
      title: 'x'.repeat(5 * MiB),
      status: StatusReportStatus.INVESTIGATING,
      message: 'm',
      pageId: '1',
    });
    const error = await rpcError(client.createStatusReport(request));
    expect([error.code, error.rawMessage]).toEqual([Code.ResourceExhausted, 'request body too large (max 4 MiB)']);
  });

  it('refuses a body over 8 MiB to /mcp and the agent and subscription endpoints with 413 saying the limit', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(8 * MiB) });
    for (const path of ['/mcp', '/agent/v1/report', '/subscriptions/confirm']) {
      const response = await fetch(`${t.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-service-key': tenant.writeKey,
          authorization: 'Bearer some-agent-token',
        },
        body,
      });
      expect([path, response.status]).toEqual([path, 413]);
      expect(response.headers.get('retry-after')).toBeNull();
      expect(await response.text()).toContain('Request body too large (max 8 MiB)');
    }
  });
});

describe('requests that never finish', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp({ env: { REQUEST_TIMEOUT_MS: '300' } });
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  /** Writes `head` on a raw connection and resolves with everything read until the server closes it. */
  function stall(head: string): Promise<string> {
    const { port } = new URL(t.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      // Only so a server that never closes fails this test instead of hanging it.
      const guard = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server kept the connection open; read so far: ${JSON.stringify(received)}`));
      }, 20_000);
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(guard);
        resolve(received);
      });
      socket.write(head);
    });
  }

  const partial = (path: string, contentType: string) =>
    `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: ${contentType}\r\ncontent-length: 100\r\n` +
    `accept: application/json, text/event-stream\r\nx-service-key: ${tenant.writeKey}\r\n\r\n{"jsonrpc":`;

  it('answers 408 and closes the connection when a body stops halfway, whoever reads it', async () => {
    for (const [path, contentType] of [
      ['/mcp', 'application/json'],
      ['/rpc/monitor.v1.MonitorService/ListMonitors', 'application/json'],
      ['/agent/v1/report', 'application/json'],
    ]) {
      const received = await stall(partial(path, contentType));
      expect([path, received.split('\r\n')[0]]).toEqual([path, 'HTTP/1.1 408 Request Timeout']);
    }
  });

  it('answers 408 and closes the connection when the headers never end', async () => {
    const received = await stall(`GET /v1/whoami HTTP/1.1\r\nhost: 127.0.0.1\r\nx-service-key: ${tenant.readKey}\r\n`);
    expect(received.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('still answers complete requests', async () => {
    const response = await fetch(`${t.baseUrl}/v1/whoami`, { headers: { 'x-service-key': tenant.readKey } });
    expect(response.status).toBe(200);
  });
});
