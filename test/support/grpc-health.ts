// A loopback gRPC server whose standard health service (grpc.health.v1.Health/Check) answers SERVING,
// for tests whose monitors run the gRPC probe against it.
import { Server as GrpcServer, ServerCredentials, type sendUnaryData } from '@grpc/grpc-js';
import {
  decodeHealthRequest,
  decodeHealthResponse,
  encodeHealthRequest,
  encodeHealthResponse,
  HEALTH_CHECK_PATH,
  type ServingStatus,
} from '../../backend/src/checker/probes/grpc.probe';

export async function startGrpcHealthServer(): Promise<{
  server: GrpcServer;
  address: string;
  close(): Promise<void>;
}> {
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
    { Check: (_call: unknown, callback: sendUnaryData<ServingStatus>) => callback(null, 'SERVING') },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, p) =>
      error ? reject(error) : resolve(p),
    ),
  );
  return {
    server,
    address: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
