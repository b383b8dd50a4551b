// TCP, DNS, ICMP and gRPC probes against real servers on loopback.
import { createServer, type AddressInfo, type Server } from 'node:net';
import {
  Server as GrpcServer,
  ServerCredentials,
  status as GrpcStatus,
  type ServerUnaryCall,
  type sendUnaryData,
} from '@grpc/grpc-js';
import dns2 from 'dns2';
import type { ProbeContext } from '../../backend/src/checker/probe';
import { DnsProbe } from '../../backend/src/checker/probes/dns.probe';
import {
  decodeHealthRequest,
  decodeHealthResponse,
  encodeHealthRequest,
  encodeHealthResponse,
  GrpcProbe,
  HEALTH_CHECK_PATH,
  type HealthCheckRequest,
  type ServingStatus,
} from '../../backend/src/checker/probes/grpc.probe';
import { IcmpProbe, parsePing } from '../../backend/src/checker/probes/icmp.probe';
import { TcpProbe } from '../../backend/src/checker/probes/tcp.probe';
import { monitorView, selfSignedCertificate } from '../support/loopback';
import { itWithTool, onPath } from '../support/skips';

const ctx = (ms = 5000, extra: Partial<ProbeContext> = {}): ProbeContext => ({
  signal: AbortSignal.timeout(ms),
  // These probes run against loopback servers: a private location's grant.
  privateTargets: true,
  ...extra,
});

describe(TcpProbe.name, () => {
  const sut = new TcpProbe();
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('measures the connect time of an open port', async () => {
    const result = await sut.run(monitorView({ kind: 'tcp', uri: `127.0.0.1:${port}` }), ctx());
    expect(result).toMatchObject({ status: 'success', error: null });
    expect(result.timings).toEqual({ dns: expect.any(Number) as number, connect: result.latencyMs });
  });

  it('resolves localhost and degrades above the threshold of 0 ms only when slower', async () => {
    const result = await sut.run(monitorView({ kind: 'tcp', uri: `localhost:${port}`, degradedAt: 10_000 }), ctx());
    expect(result.status).toBe('success');
  });

  it('reports a refused port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await sut.run(monitorView({ kind: 'tcp', uri: `127.0.0.1:${closedPort}` }), ctx());
    expect(result).toMatchObject({ status: 'error', error: { kind: 'connect' } });
    expect(result.error?.message).toContain('ECONNREFUSED');
  });
});

describe(DnsProbe.name, () => {
  /** RFC 1035 RCODE 3 (the package's typings lack the RCODE table). */
  const NXDOMAIN = 3;
  const sut = new DnsProbe();
  const { Packet } = dns2;
  let server: ReturnType<typeof dns2.createServer>;
  let dnsServer: string;
  let delayMs = 0;
  const pending = new Set<NodeJS.Timeout>();

  beforeAll(async () => {
    server = dns2.createServer({
      udp: true,
      handle: (request, send) => {
        const response = Packet.createResponseFromRequest(request);
        const [question] = request.questions;
        const name = question.name.toLowerCase();
        const answer = (extra: Record<string, unknown>) =>
          response.answers.push({ name: question.name, class: Packet.CLASS.IN, ttl: 60, ...extra } as never);
        if (name === 'missing.test') {
          response.header.rcode = NXDOMAIN;
        } else if (name === 'shop.test') {
          if (question.type === Packet.TYPE.A) answer({ type: Packet.TYPE.A, address: '127.0.0.10' });
          if (question.type === Packet.TYPE.AAAA) answer({ type: Packet.TYPE.AAAA, address: '::1' });
          if (question.type === Packet.TYPE.MX)
            answer({ type: Packet.TYPE.MX, exchange: 'mail.shop.test', priority: 10 });
          if (question.type === Packet.TYPE.TXT) answer({ type: Packet.TYPE.TXT, data: 'v=spf1 -all' });
        } else if (name === 'www.shop.test' && question.type === Packet.TYPE.CNAME) {
          answer({ type: Packet.TYPE.CNAME, domain: 'shop.test' });
        }
        const timer = setTimeout(() => {
          pending.delete(timer);
          Promise.resolve()
            .then(() => send(response))
            .catch(() => undefined);
        }, delayMs);
        pending.add(timer);
      },
    });
    await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
    const { udp } = server.addresses() as { udp: AddressInfo };
    dnsServer = `127.0.0.1:${udp.port}`;
  });

  afterAll(async () => {
    for (const timer of pending) clearTimeout(timer);
    await server.close();
  });

  const dnsMonitor = (uri: string, recordAssertions: Parameters<typeof monitorView>[0]['recordAssertions'] = []) =>
    monitorView({ kind: 'dns', uri, recordAssertions });

  it('resolves the records named by the assertions and judges each comparator', async () => {
    const result = await sut.run(
      dnsMonitor('shop.test', [
        { record: 'A', comparator: 'eq', target: '127.0.0.10' },
        { record: 'AAAA', comparator: 'contains', target: '::1' },
        { record: 'MX', comparator: 'eq', target: 'mail.shop.test' },
        { record: 'TXT', comparator: 'not_contains', target: '+all' },
        { record: 'A', comparator: 'neq', target: '10.0.0.1' },
      ]),
      ctx(5000, { dnsServer }),
    );
    expect(result.error).toBeNull();
    expect(result.status).toBe('success');
    expect(result.assertions.every((a) => a.passed)).toBe(true);
    expect(result.details.records).toMatchObject({ A: ['127.0.0.10'], MX: ['mail.shop.test'], TXT: ['v=spf1 -all'] });
  });

  it('fails an assertion with the records it saw', async () => {
    const result = await sut.run(
      dnsMonitor('shop.test', [{ record: 'A', comparator: 'eq', target: '127.0.0.99' }]),
      ctx(5000, { dnsServer }),
    );
    expect(result).toMatchObject({ status: 'error', error: { kind: 'assertion' } });
    expect(result.error?.message).toContain('127.0.0.10');
  });

  it('follows CNAME records and succeeds without assertions when the name has an address', async () => {
    const cname = await sut.run(
      dnsMonitor('www.shop.test', [{ record: 'CNAME', comparator: 'eq', target: 'shop.test' }]),
      ctx(5000, { dnsServer }),
    );
    expect(cname.status).toBe('success');
    expect((await sut.run(dnsMonitor('shop.test'), ctx(5000, { dnsServer }))).status).toBe('success');
  });

  it('reports a name that does not exist and a resolver that does not answer in time', async () => {
    const missing = await sut.run(dnsMonitor('missing.test'), ctx(5000, { dnsServer }));
    expect(missing).toMatchObject({ status: 'error', error: { kind: 'dns' } });
    delayMs = 1500;
    try {
      const late = await sut.run(monitorView({ kind: 'dns', uri: 'shop.test', timeout: 300 }), ctx(400, { dnsServer }));
      expect(late).toMatchObject({ status: 'error', error: { kind: 'timeout' } });
    } finally {
      delayMs = 0;
    }
  });
});

const itWithPing = itWithTool('ping', onPath('ping'));

describe(IcmpProbe.name, () => {
  it('parses iputils ping summaries', () => {
    expect(
      parsePing(
        '3 packets transmitted, 3 received, 0% packet loss, time 402ms\nrtt min/avg/max/mdev = 0.030/0.045/0.061/0.012 ms',
      ),
    ).toEqual({ transmitted: 3, received: 3, avgMs: 0.045 });
    expect(parsePing('3 packets transmitted, 0 received, 100% packet loss, time 2050ms')).toEqual({
      transmitted: 3,
      received: 0,
      avgMs: null,
    });
    expect(parsePing('ping: unknown host')).toBeNull();
  });

  it('says what is missing when there is no ping program', async () => {
    const result = await new IcmpProbe('/nonexistent/ping').run(monitorView({ kind: 'icmp', uri: '127.0.0.1' }), ctx());
    expect(result).toMatchObject({ status: 'error', error: { kind: 'unsupported' } });
  });

  itWithPing('sends three echoes to 127.0.0.1 and reports the average', async () => {
    const result = await new IcmpProbe().run(monitorView({ kind: 'icmp', uri: '127.0.0.1', timeout: 5000 }), ctx());
    expect(result.error).toBeNull();
    expect(result).toMatchObject({ status: 'success', details: { transmitted: 3, received: 3, packetLoss: 0 } });
    expect(result.latencyMs).toBeLessThan(100);
  });
});

describe(GrpcProbe.name, () => {
  const sut = new GrpcProbe();
  const statuses = new Map<string, ServingStatus>([
    ['', 'SERVING'],
    ['shop.Checkout', 'SERVING'],
    ['shop.Payments', 'NOT_SERVING'],
  ]);
  let plain: GrpcServer;
  let secure: GrpcServer;
  let plainPort: number;
  let securePort: number;
  let seenMetadata: Record<string, unknown> = {};
  const certificate = selfSignedCertificate('localhost');

  function healthServer(): GrpcServer {
    const server = new GrpcServer();
    server.addService(
      {
        Check: {
          path: HEALTH_CHECK_PATH,
          requestStream: false,
          responseStream: false,
          requestSerialize: encodeHealthRequest,
          requestDeserialize: decodeHealthRequest,
          responseSerialize: encodeHealthResponse,
          responseDeserialize: decodeHealthResponse,
        },
      },
      {
        Check: (call: ServerUnaryCall<HealthCheckRequest, ServingStatus>, callback: sendUnaryData<ServingStatus>) => {
          seenMetadata = call.metadata.getMap();
          const status = statuses.get(call.request.service);
          if (!status) callback({ code: GrpcStatus.NOT_FOUND, details: 'unknown service' });
          else callback(null, status);
        },
      },
    );
    return server;
  }

  const bind = (server: GrpcServer, creds: ServerCredentials) =>
    new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', creds, (error, port) => (error ? reject(error) : resolve(port))),
    );

  beforeAll(async () => {
    plain = healthServer();
    plainPort = await bind(plain, ServerCredentials.createInsecure());
    secure = healthServer();
    securePort = await bind(
      secure,
      ServerCredentials.createSsl(null, [
        { private_key: Buffer.from(certificate.key), cert_chain: Buffer.from(certificate.cert) },
      ]),
    );
  });

  afterAll(() => {
    plain.forceShutdown();
    secure.forceShutdown();
  });

  const grpcMonitor = (uri: string, grpc: Partial<NonNullable<Parameters<typeof monitorView>[0]['grpc']>> = {}) =>
    monitorView({
      kind: 'grpc',
      uri,
      grpc: { service: '', tls: false, metadata: [], expectedStatus: 'SERVING', ...grpc },
    });

  it('checks the whole server and a named service in plaintext, sending metadata', async () => {
    const whole = await sut.run(grpcMonitor(`127.0.0.1:${plainPort}`), ctx());
    expect(whole).toMatchObject({ status: 'success', details: { servingStatus: 'SERVING' }, error: null });
    const named = await sut.run(
      grpcMonitor(`127.0.0.1:${plainPort}`, { service: 'shop.Checkout', metadata: [{ key: 'X-Env', value: 'prod' }] }),
      ctx(),
    );
    expect(named.status).toBe('success');
    expect(seenMetadata['x-env']).toBe('prod');
  });

  it('compares the serving status with the expected one', async () => {
    const notServing = await sut.run(grpcMonitor(`127.0.0.1:${plainPort}`, { service: 'shop.Payments' }), ctx());
    expect(notServing).toMatchObject({
      status: 'error',
      error: { kind: 'assertion', message: 'serving status NOT_SERVING, expected SERVING' },
    });
    const expectedDown = await sut.run(
      grpcMonitor(`127.0.0.1:${plainPort}`, { service: 'shop.Payments', expectedStatus: 'NOT_SERVING' }),
      ctx(),
    );
    expect(expectedDown.status).toBe('success');
    const unknown = await sut.run(
      grpcMonitor(`127.0.0.1:${plainPort}`, { service: 'nope', expectedStatus: 'SERVICE_UNKNOWN' }),
      ctx(),
    );
    expect(unknown).toMatchObject({ status: 'success', details: { servingStatus: 'SERVICE_UNKNOWN' } });
  });

  it('checks over TLS with a trusted CA and refuses an untrusted one', async () => {
    const trusted = await sut.run(
      grpcMonitor(`localhost:${securePort}`, { tls: true }),
      ctx(5000, { ca: [certificate.cert] }),
    );
    expect(trusted.error).toBeNull();
    expect(trusted.status).toBe('success');
    const untrusted = await sut.run(grpcMonitor(`localhost:${securePort}`, { tls: true }), ctx());
    expect(untrusted).toMatchObject({ status: 'error', error: { kind: 'tls' } });
    expect(untrusted.error?.message).toMatch(/^TLS certificate not verified: /);
  });

  it('reports an unreachable server', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await sut.run(monitorView({ kind: 'grpc', uri: `127.0.0.1:${port}`, timeout: 2000 }), ctx());
    expect(result.status).toBe('error');
    expect(['connect', 'timeout']).toContain(result.error?.kind);
  });

  it('round-trips the health messages', () => {
    expect(decodeHealthRequest(encodeHealthRequest({ service: 'a.b.C' }))).toEqual({ service: 'a.b.C' });
    expect(decodeHealthRequest(encodeHealthRequest({ service: '' }))).toEqual({ service: '' });
    for (const status of ['UNKNOWN', 'SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN'] as const) {
      expect(decodeHealthResponse(encodeHealthResponse(status))).toBe(status);
    }
  });
});
