// The check's time budget against real servers on loopback: a timeout of 0 means the whole period for
// every probe and for the computed degraded threshold, and name resolution ends with the budget.
import type { AddressInfo } from 'node:net';
import { Server as GrpcServer, ServerCredentials, type ServerUnaryCall, type sendUnaryData } from '@grpc/grpc-js';
import dns2 from 'dns2';
import { runCheck } from '../../backend/src/checker/check-runner';
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
import { HttpProbe } from '../../backend/src/checker/probes/http.probe';
import { TcpProbe } from '../../backend/src/checker/probes/tcp.probe';
import type { MonitorEntity } from '../../backend/src/monitors/monitor.entity';
import { toMonitorView, type MonitorView } from '../../backend/src/monitors/monitor.view';
import { monitorView, startHttpTarget, type LoopbackServer } from '../support/loopback';

/** The targets are loopback servers: checked with a private location's grant. */
const LOOPBACK = { privateTargets: true };

const { Packet } = dns2;

/** A view made the way the service makes it, so degradedAt is the computed default. */
function viewOf(overrides: Partial<MonitorView>): MonitorView {
  const base = monitorView({ timeout: 0, periodicity: '1m', ...overrides });
  const entity = {
    ...base,
    // The entity holds the alerting policy in flat columns; the view nests it.
    ...base.alerting,
    degradedAt: null,
    createdAt: new Date(base.createdAt),
    updatedAt: new Date(base.updatedAt),
  } as unknown as MonitorEntity;
  return toMonitorView(entity, []);
}

let http: LoopbackServer;
let grpc: GrpcServer;
let grpcPort: number;
let dns: ReturnType<typeof dns2.createServer>;
let dnsServer: string;
/** Names the loopback resolver was asked about. */
const asked: string[] = [];
/** How long the loopback resolver waits before answering shop.test. */
const ANSWER_DELAY_MS = 300;
const pending = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  http = await startHttpTarget();

  grpc = new GrpcServer();
  grpc.addService(
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
      Check: (_call: ServerUnaryCall<HealthCheckRequest, ServingStatus>, callback: sendUnaryData<ServingStatus>) =>
        callback(null, 'SERVING'),
    },
  );
  grpcPort = await new Promise<number>((resolve, reject) =>
    grpc.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    ),
  );

  // shop.test answers 127.0.0.1 after a delay longer than the 100 ms resolver timeout a timeout of 0
  // used to give; silent.test is never answered.
  dns = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const [question] = request.questions;
      const name = question.name.toLowerCase();
      asked.push(name);
      if (name !== 'shop.test') return;
      const response = Packet.createResponseFromRequest(request);
      if (question.type === Packet.TYPE.A)
        response.answers.push({
          name: question.name,
          type: Packet.TYPE.A,
          class: Packet.CLASS.IN,
          ttl: 60,
          address: '127.0.0.1',
        } as never);
      const timer = setTimeout(() => {
        pending.delete(timer);
        Promise.resolve()
          .then(() => send(response))
          .catch(() => undefined);
      }, ANSWER_DELAY_MS);
      pending.add(timer);
    },
  });
  await dns.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { udp } = dns.addresses() as { udp: AddressInfo };
  dnsServer = `127.0.0.1:${udp.port}`;
});

afterAll(async () => {
  for (const timer of pending) clearTimeout(timer);
  await dns.close();
  grpc.forceShutdown();
  await http.close();
});

describe('timeout 0: the whole period', () => {
  it('computes the degraded threshold from the period, not from 0', () => {
    expect(viewOf({ periodicity: '1m' }).degradedAt).toBe(30_000);
    expect(viewOf({ periodicity: '30s' }).degradedAt).toBe(15_000);
    expect(viewOf({ timeout: 4000 }).degradedAt).toBe(2000);
  });

  it('an HTTP check that answers is a success, not degraded', async () => {
    // The route waits 20 ms, so the check is slower than the 0 ms threshold a timeout of 0 used to give.
    const result = await runCheck(viewOf({ kind: 'http', url: `${http.url}/delay/20` }), new HttpProbe(), LOOPBACK);
    expect(result.error).toBeNull();
    expect(result.status).toBe('success');
  });

  it('a gRPC health check gets the period as its deadline and succeeds', async () => {
    const result = await runCheck(
      viewOf({
        kind: 'grpc',
        uri: `127.0.0.1:${grpcPort}`,
        grpc: { service: '', tls: false, metadata: [], expectedStatus: 'SERVING' },
      }),
      new GrpcProbe(),
      LOOPBACK,
    );
    expect(result.error).toBeNull();
    expect(result).toMatchObject({ status: 'success', details: { servingStatus: 'SERVING' } });
  });

  it('a DNS check waits for a resolver slower than 100 ms and succeeds', async () => {
    const result = await runCheck(
      viewOf({
        kind: 'dns',
        uri: 'shop.test',
        recordAssertions: [{ record: 'A', comparator: 'eq', target: '127.0.0.1' }],
      }),
      new DnsProbe(),
      { dnsServer, ...LOOPBACK },
    );
    expect(result.error).toBeNull();
    expect(result.status).toBe('success');
  });
});

describe('name resolution within the budget', () => {
  it('resolves HTTP, TCP and gRPC targets through the configured resolver', async () => {
    const port = Number(new URL(http.url).port);
    const checks = await Promise.all([
      runCheck(viewOf({ kind: 'http', url: `http://shop.test:${port}/` }), new HttpProbe(), { dnsServer, ...LOOPBACK }),
      runCheck(viewOf({ kind: 'tcp', uri: `shop.test:${port}` }), new TcpProbe(), { dnsServer, ...LOOPBACK }),
      runCheck(
        viewOf({
          kind: 'grpc',
          uri: `shop.test:${grpcPort}`,
          grpc: { service: '', tls: false, metadata: [], expectedStatus: 'SERVING' },
        }),
        new GrpcProbe(),
        { dnsServer, ...LOOPBACK },
      ),
    ]);
    for (const check of checks) {
      expect(check.error).toBeNull();
      expect(check.status).toBe('success');
    }
  });

  it.each([
    [
      'http',
      () => ({ kind: 'http' as const, url: `${http.url.replace('127.0.0.1', 'silent.test')}/` }),
      new HttpProbe(),
    ],
    ['tcp', () => ({ kind: 'tcp' as const, uri: 'silent.test:80' }), new TcpProbe()],
    ['grpc', () => ({ kind: 'grpc' as const, uri: 'silent.test:50051' }), new GrpcProbe()],
  ])('a %s check whose resolver never answers fails with a timeout', async (_kind, target, probe) => {
    asked.length = 0;
    const result = await runCheck(viewOf({ ...target(), timeout: 300 }), probe, { dnsServer, ...LOOPBACK });
    expect(asked).toContain('silent.test');
    expect(result).toMatchObject({ status: 'error', error: { kind: 'timeout' } });
  });
});
