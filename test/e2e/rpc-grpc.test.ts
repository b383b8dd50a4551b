// The RPC API for gRPC clients: @grpc/grpc-js with the project's own .proto files (loaded by
// @grpc/proto-loader, as a user of another language would compile them) calls the server's
// GRPC_PORT listener (cleartext HTTP/2), with the key in the call's metadata. Domain errors arrive
// as gRPC status codes, and the rate limit and the failed-authentication limit hold there as on /rpc.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  credentials,
  loadPackageDefinition,
  Metadata,
  status as GrpcStatus,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { listenGrpcOn, type GrpcListener } from '../../backend/src/server/grpc-listener';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { withKey } from '../support/rpc';
import { startServer, type RunningServer } from '../support/server';

const PROTO_DIR = join(__dirname, '..', '..', 'proto');

interface MonitorJson {
  id: string;
  name: string;
}
interface ListMonitorsAnswer {
  httpMonitors: MonitorJson[];
  totalSize: number;
}
interface GetMonitorAnswer {
  monitor: { http?: MonitorJson };
}
type Unary<Req, Res> = (
  request: Req,
  metadata: Metadata,
  callback: (error: ServiceError | null, response?: Res) => void,
) => void;
type MonitorStub = Client & {
  ListMonitors: Unary<{ limit?: number }, ListMonitorsAnswer>;
  GetMonitor: Unary<{ id: string }, GetMonitorAnswer>;
};

/** A MonitorService stub built from proto/monitor/v1/monitor_service.proto, as grpc-js users do. */
function monitorStub(address: string): MonitorStub {
  const definition = loadSync('monitor/v1/monitor_service.proto', {
    includeDirs: [PROTO_DIR],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  const loaded = loadPackageDefinition(definition) as unknown as {
    monitor: {
      v1: {
        MonitorService: new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => MonitorStub;
      };
    };
  };
  return new loaded.monitor.v1.MonitorService(address, credentials.createInsecure());
}

function keyed(key: string | null): Metadata {
  const metadata = new Metadata();
  if (key) metadata.set('x-service-key', key);
  return metadata;
}

function call<Req, Res>(method: Unary<Req, Res>, stub: MonitorStub, request: Req, key: string | null): Promise<Res> {
  return new Promise((resolve, reject) => {
    method.call(stub, request, keyed(key), (error, response) => (error ? reject(error) : resolve(response!)));
  });
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected the call to fail');
}

async function createMonitor(t: { baseUrl: string }, key: string, name: string): Promise<string> {
  const client = createClient(
    MonitorService,
    createConnectTransport({ baseUrl: `${t.baseUrl}/rpc`, httpVersion: '1.1', interceptors: [withKey(key)] }),
  );
  const { monitor } = await client.createHTTPMonitor({
    monitor: { name, url: 'http://127.0.0.1:9/health', periodicity: Periodicity.PERIODICITY_10M },
  });
  return monitor!.id;
}

describe('the RPC API over gRPC (grpc-js, HTTP/2)', () => {
  let t: HttpTestApp;
  let grpc: GrpcListener;
  let a: Tenant;
  let b: Tenant;
  let sut: MonitorStub;
  let ownId: string;
  let foreignId: string;

  beforeAll(async () => {
    t = await startHttpApp();
    grpc = await listenGrpcOn(t.app, 0, '127.0.0.1', 30_000);
    a = await newTenant(t);
    b = await newTenant(t);
    ownId = await createMonitor(t, a.writeKey, 'Checkout');
    await createMonitor(t, a.writeKey, 'Login');
    foreignId = await createMonitor(t, b.writeKey, 'Not yours');
    sut = monitorStub(`127.0.0.1:${grpc.port}`);
  });
  afterAll(async () => {
    sut?.close();
    await grpc?.close();
    await t?.close();
  });

  it('lists the workspace’s monitors with the key in metadata', async () => {
    const answer = await call(sut.ListMonitors, sut, {}, a.readKey);
    expect(answer.httpMonitors.map((m) => m.name).sort()).toEqual(['Checkout', 'Login']);
    expect(answer.totalSize).toBe(2);
  });

  it('gets one monitor by id', async () => {
    const answer = await call(sut.GetMonitor, sut, { id: ownId }, a.readKey);
    expect(answer.monitor.http).toMatchObject({ id: ownId, name: 'Checkout' });
  });

  it('answers another workspace’s id with NOT_FOUND, as an id that does not exist', async () => {
    const foreign = await failure(call(sut.GetMonitor, sut, { id: foreignId }, a.readKey));
    const missing = await failure(call(sut.GetMonitor, sut, { id: '999999999' }, a.readKey));
    expect(foreign.code).toBe(GrpcStatus.NOT_FOUND);
    expect(foreign.details).toBe(missing.details.replace('999999999', foreignId));
  });

  it('answers a call without a key, or with a bad one, with UNAUTHENTICATED', async () => {
    const none = await failure(call(sut.ListMonitors, sut, {}, null));
    expect([none.code, none.details]).toEqual([GrpcStatus.UNAUTHENTICATED, 'Missing x-service-key header']);
    const bad = await failure(call(sut.ListMonitors, sut, {}, 'svc_000000000000_notakey'));
    expect(bad.code).toBe(GrpcStatus.UNAUTHENTICATED);
  });

  it('answers input out of bounds with INVALID_ARGUMENT naming the field and the bound, readable as sent', async () => {
    const error = await failure(call(sut.ListMonitors, sut, { limit: 1000 }, a.readKey));
    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.details).toBe('limit: must be between 1 and 100');
  });

  it('answers a body that is not the method’s message with INVALID_ARGUMENT, not the parser’s INTERNAL', async () => {
    const garbage = await failure(
      new Promise((resolve, reject) =>
        sut.makeUnaryRequest(
          '/monitor.v1.MonitorService/GetMonitor',
          () => Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]),
          (bytes: Buffer) => bytes,
          {},
          keyed(a.readKey),
          (error, value) => (error ? reject(error) : resolve(value)),
        ),
      ),
    );
    expect(garbage.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(garbage.details).toBe(
      'invalid binary protobuf: the request body is not a valid monitor.v1.GetMonitorRequest message',
    );
  });

  it('serves only the RPC API on the gRPC port: an unknown method is UNIMPLEMENTED', async () => {
    const error = await failure(
      new Promise((resolve, reject) =>
        sut.makeUnaryRequest(
          '/monitor.v1.MonitorService/NoSuchMethod',
          (value: Buffer) => value,
          (bytes: Buffer) => bytes,
          Buffer.alloc(0),
          keyed(a.readKey),
          (e, value) => (e ? reject(e) : resolve(value)),
        ),
      ),
    );
    expect(error.code).toBe(GrpcStatus.UNIMPLEMENTED);
  });
});

describe('limits on the gRPC listener', () => {
  let t: HttpTestApp;
  let grpc: GrpcListener;
  let tenant: Tenant;
  let sut: MonitorStub;

  beforeAll(async () => {
    t = await startHttpApp({ env: { RATE_LIMIT_PER_MINUTE: '3', AUTH_FAILURE_LIMIT: '2' } });
    grpc = await listenGrpcOn(t.app, 0, '127.0.0.1', 30_000);
    tenant = await newTenant(t);
    sut = monitorStub(`127.0.0.1:${grpc.port}`);
  });
  afterAll(async () => {
    sut?.close();
    await grpc?.close();
    await t?.close();
  });

  it('counts calls per key: over the limit a call is refused with HTTP 429 (UNAVAILABLE), as on /rpc', async () => {
    for (let i = 0; i < 3; i += 1) await call(sut.ListMonitors, sut, {}, tenant.readKey);
    const error = await failure(call(sut.ListMonitors, sut, {}, tenant.readKey));
    expect(error.code).toBe(GrpcStatus.UNAVAILABLE);
    expect(error.details).toMatch(/429/);
  });

  it('counts failed authentications per address: over the limit RESOURCE_EXHAUSTED with a retry-after', async () => {
    const codes: number[] = [];
    let last: ServiceError | undefined;
    for (let i = 0; i < 3; i += 1) {
      last = await failure(call(sut.ListMonitors, sut, {}, `svc_000000000000_bad${i}`));
      codes.push(last.code);
    }
    expect(codes).toEqual([GrpcStatus.UNAUTHENTICATED, GrpcStatus.UNAUTHENTICATED, GrpcStatus.RESOURCE_EXHAUSTED]);
    expect(last!.details).toMatch(/failed authentications/i);
    expect(last!.metadata.get('retry-after')).toHaveLength(1);
  });
});

describe('GRPC_PORT on the built server', () => {
  let database: TestDatabase;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.close();
  });

  it('listens for gRPC on GRPC_PORT, logs the port, answers there and still stops cleanly', async () => {
    server = await startServer({
      GRPC_PORT: '0',
      DATABASE_URL: database.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-grpc-')),
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
      BOOTSTRAP: 'false',
      CHECKER_EMBEDDED: 'false',
    });
    const listening = server
      .stdout()
      .split('\n')
      .find((line) => line.includes('"listening"'));
    const { grpcPort } = JSON.parse(listening!) as { grpcPort: number };
    expect(grpcPort).toBeGreaterThan(0);
    const stub = monitorStub(`127.0.0.1:${grpcPort}`);
    try {
      const error = await failure(call(stub.ListMonitors, stub, {}, null));
      expect(error.code).toBe(GrpcStatus.UNAUTHENTICATED);
      // The client keeps its connection open: the shutdown closes it instead of waiting out the grace.
      expect(await server.stop('SIGTERM')).toBe(0);
      server = undefined;
    } finally {
      stub.close();
    }
  });
});
