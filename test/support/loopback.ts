// Real servers on 127.0.0.1 for probe tests: HTTP and HTTPS (self-signed, made with openssl) with
// chosen status, body, headers and delays.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ALERTING } from '../../backend/src/monitors/monitor-alerting';
import type { MonitorView } from '../../backend/src/monitors/monitor.view';

export interface SelfSigned {
  key: string;
  cert: string;
}

export function selfSignedCertificate(commonName = 'localhost'): SelfSigned {
  const dir = mkdtempSync(join(tmpdir(), 'cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '30',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-subj',
      `/CN=${commonName}`,
      '-addext',
      `subjectAltName=DNS:${commonName},IP:127.0.0.1`,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Routes: /status/:code, /delay/:ms, /redirect/:n, /loop, /echo, /headers, /big. */
async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  const parts = url.pathname.split('/').filter(Boolean);
  const body = await new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });
  switch (parts[0]) {
    case 'status':
      res.writeHead(Number(parts[1]), { 'content-type': 'text/plain' }).end(`status ${parts[1]}`);
      return;
    case 'delay':
      await sleep(Number(parts[1]));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('slow ok');
      return;
    case 'redirect': {
      const left = Number(parts[1]);
      if (left <= 0) res.writeHead(200).end('landed');
      else res.writeHead(302, { location: `/redirect/${left - 1}` }).end();
      return;
    }
    case 'echo':
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ method: req.method, body, header: req.headers['x-check'] ?? null }));
      return;
    case 'headers':
      res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'set-cookie': 'session=abc123; HttpOnly',
          'x-api-token': 'tok_secret_value',
          'x-version': '42',
        })
        .end('<h1>ok</h1>');
      return;
    case 'big':
      res.writeHead(200, { 'content-type': 'text/plain' }).end('a'.repeat(1024 * 1024) + 'tail-marker');
      return;
    default:
      res.writeHead(200, { 'content-type': 'text/plain' }).end('hello world');
  }
}

export interface LoopbackServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

async function listen(server: Server, scheme: string): Promise<LoopbackServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startHttpTarget(): Promise<LoopbackServer> {
  return listen(
    createHttpServer((req, res) => void handle(req, res)),
    'http',
  );
}

export function startHttpsTarget(certificate: SelfSigned): Promise<LoopbackServer> {
  return listen(
    createHttpsServer(certificate, (req, res) => void handle(req, res)),
    'https',
  );
}

/** A monitor view with the defaults of the service, for probes. */
export function monitorView(overrides: Partial<MonitorView>): MonitorView {
  return {
    id: '1',
    kind: 'http',
    name: 'test',
    description: '',
    url: null,
    uri: null,
    periodicity: '1m',
    method: 'GET',
    body: '',
    headers: [],
    timeout: 5000,
    retry: 0,
    alertQuorum: 0,
    alerting: { ...DEFAULT_ALERTING },
    followRedirects: true,
    regions: ['fly-ams'],
    tags: [],
    active: true,
    public: false,
    degradedAt: 2500,
    degradedAtComputed: true,
    statusCodeAssertions: [],
    bodyAssertions: [],
    headerAssertions: [],
    recordAssertions: [],
    jsonAssertions: [],
    timingAssertions: [],
    tlsVerify: true,
    certificateExpiryDays: [14, 7, 1],
    tls: null,
    heartbeat: null,
    openTelemetry: null,
    grpc: null,
    status: 'unknown',
    privateLocationIds: [],
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}
