// One plugin session: the gRPC server terraform talks to for one provider instance, with its own
// provider state (configuration, API client), bound to a loopback port and to the client certificate
// terraform sent (AutoMTLS). `main.ts` runs one session per process; the daemon runs many. Both hand
// it the provider definition (registry.ts), so the plugin plumbing knows no resource.
import { create } from '@bufbuild/protobuf';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { ProviderServer } from '../framework/server';
import {
  Health,
  HealthCheckResponse_ServingStatus,
  HealthCheckResponseSchema,
} from '../gen/grpc/health/v1/health_pb.js';
import { EmptySchema, GRPCController } from '../gen/plugin/grpc_controller_pb.js';
import { Provider, StopProvider_ResponseSchema } from '../gen/tfplugin6/tfplugin6_pb.js';
import type { ProviderDefinition } from '../framework/types';
import type { ServerCertificate } from './certificate';
import { implementation, serviceDefinition } from './grpc-service';

export const MAGIC_COOKIE_KEY = 'TF_PLUGIN_MAGIC_COOKIE';
export const MAGIC_COOKIE_VALUE = 'd602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2';
const CORE_PROTOCOL_VERSION = 1;
export const APP_PROTOCOL_VERSION = 6;
/** Variables of terraform's environment a daemon session sees (the launcher forwards only these). */
export const FORWARDED_ENV = [
  'SERVICE_API_TOKEN',
  'SERVICE_BASE_URL',
  'SERVICE_TIMEOUT_MS',
  'PLUGIN_PROTOCOL_VERSIONS',
] as const;

export interface Session {
  /** The go-plugin handshake line (without newline) terraform reads from the plugin's stdout. */
  handshake: string;
  /** Resolves when terraform shut the session down (GRPCController.Shutdown) or close() was called. */
  ended: Promise<void>;
  close(): void;
}

export interface SessionOptions<C> {
  /** What the session serves: the provider's configuration, resources and data sources. */
  provider: ProviderDefinition<C>;
  /** PLUGIN_CLIENT_CERT: without one the server is plaintext (only for running by hand). */
  clientCert: string | null;
  certificate: ServerCertificate | null;
  /** The environment terraform gave the plugin (SERVICE_API_TOKEN, SERVICE_BASE_URL, ...). */
  env: NodeJS.ProcessEnv;
}

export async function openSession<C>(options: SessionOptions<C>): Promise<Session> {
  const provider = new ProviderServer(options.provider, options.env);
  // channelz (grpc-js's per-call statistics for debugging tools) costs CPU on every call; nothing reads it.
  const server = new Server({ 'grpc.enable_channelz': 0 });
  let end: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const close = (): void => {
    server.forceShutdown();
    end();
  };
  server.addService(
    serviceDefinition(Provider),
    implementation(Provider, {
      getMetadata: () => provider.getMetadata(),
      getProviderSchema: () => provider.getProviderSchema(),
      validateProviderConfig: (req) => provider.validateProviderConfig(req),
      configureProvider: (req) => provider.configureProvider(req),
      validateResourceConfig: (req) => provider.validateResourceConfig(req),
      validateDataResourceConfig: (req) => provider.validateDataResourceConfig(req),
      upgradeResourceState: (req) => provider.upgradeResourceState(req),
      readResource: (req) => provider.readResource(req),
      planResourceChange: (req) => provider.planResourceChange(req),
      applyResourceChange: (req) => provider.applyResourceChange(req),
      importResourceState: (req) => provider.importResourceState(req),
      readDataSource: (req) => provider.readDataSource(req),
      stopProvider: () => create(StopProvider_ResponseSchema, {}),
    }),
  );
  server.addService(
    serviceDefinition(GRPCController),
    implementation(GRPCController, {
      shutdown: () => {
        // Answer first, then stop: terraform waits for the reply, then for the plugin to go.
        setImmediate(close);
        return create(EmptySchema, {});
      },
    }),
  );
  server.addService(
    serviceDefinition(Health),
    implementation(Health, {
      check: () => create(HealthCheckResponseSchema, { status: HealthCheckResponse_ServingStatus.SERVING }),
    }),
  );
  const { clientCert, certificate } = options;
  const credentials =
    clientCert && certificate
      ? ServerCredentials.createSsl(
          Buffer.from(clientCert),
          [{ private_key: Buffer.from(certificate.keyPem), cert_chain: Buffer.from(certificate.certPem) }],
          true,
        )
      : ServerCredentials.createInsecure();
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', credentials, (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  const fields: (string | number)[] = [CORE_PROTOCOL_VERSION, APP_PROTOCOL_VERSION, 'tcp', `127.0.0.1:${port}`, 'grpc'];
  if (clientCert && certificate) fields.push(certificate.handshakeCert);
  return { handshake: fields.join('|'), ended, close };
}
