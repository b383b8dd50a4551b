// Starts the API server: configuration, database (embedded unless DATABASE_URL), migrations, first
// run, HTTP on Fastify; SIGTERM/SIGINT drain in-flight requests and close the database.
import 'reflect-metadata';
import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { ConfigError, loadConfig, resolveSecretKey, type AppConfig } from './config/config';
import { createLogger, PinoNestLogger } from './logging/logger';
import { fastifyOptions } from './server/fastify-options';
import { registerTransports } from './server/transports';
import { closeListener, dashboardListenAdvice, listenAlsoOn } from './server/second-listener';
import { FirstRunService } from './bootstrap/first-run.service';
import { listenGrpcOn, type GrpcListener } from './server/grpc-listener';

function configOrExit(): AppConfig {
  try {
    const config = loadConfig();
    resolveSecretKey(config);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.logLevel);
  const adapter = new FastifyAdapter(fastifyOptions(config, logger));
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  await registerTransports(app);

  // Graceful shutdown: stop accepting, let in-flight requests finish (their responses close the
  // connection), then close the database. Requests that outlive the grace period are cut off.
  let draining = false;
  let dashboardServer: Server | null = null;
  let grpcListener: GrpcListener | null = null;
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', async (request, reply) => {
      // HTTP/2 (the gRPC listener) has no Connection header: its sessions are closed by the listener.
      if (draining && request.raw.httpVersionMajor !== 2) void reply.header('connection', 'close');
    });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (draining) return;
      draining = true;
      logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: finishing in-flight requests');
      setTimeout(() => {
        logger.error('shutdown grace period over; exiting');
        process.exit(1);
      }, config.shutdownGraceMs).unref();
      Promise.all([
        app.close(),
        dashboardServer ? closeListener(dashboardServer) : null,
        grpcListener ? grpcListener.close() : null,
      ]).then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (config.dashboardPort !== null) {
    try {
      dashboardServer = await listenAlsoOn(app, config.dashboardPort, config.host, config.requestTimeoutMs);
    } catch (error) {
      throw new Error(await dashboardListenAdvice(config, error));
    }
  }
  if (config.grpcPort !== null) {
    try {
      grpcListener = await listenGrpcOn(app, config.grpcPort, config.host, config.requestTimeoutMs);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `the gRPC listener could not listen on port ${config.grpcPort} (${reason}); set GRPC_PORT to a free port, or GRPC_PORT=off`,
      );
    }
  }
  // Only once every listener is up: a start that fails on a taken port has created nothing (the first
  // key is not spent on a start that ends), and the printed links name the ports actually listened on.
  await app.get(FirstRunService).greet(port);
  logger.info(
    {
      port,
      ...(grpcListener ? { grpcPort: grpcListener.port } : {}),
      host: config.host,
      baseUrl: config.baseUrl,
      dashboardUrl: config.dashboardUrl,
      ...(config.dashboardPort !== null ? { dashboardPort: config.dashboardPort } : {}),
      database: config.databaseUrl ? 'postgres' : 'embedded',
    },
    'listening',
  );
  if (config.production)
    logger.info({ allowPrivateTargets: config.alerts.allowPrivateTargets }, privateTargetsMode(config));
}

/** Said once at start under production settings: which of the two address modes the service runs in. */
function privateTargetsMode(config: AppConfig): string {
  return config.alerts.allowPrivateTargets
    ? 'private targets allowed (ALLOW_PRIVATE_TARGETS=true): checks from shared regions, OpenTelemetry exports and alert channels may reach private, loopback and reserved addresses'
    : 'private targets refused: checks from shared regions, OpenTelemetry exports and alert channels do not reach private, loopback or reserved addresses (private locations may; ALLOW_PRIVATE_TARGETS=true allows them everywhere)';
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Failed to start: ${message}\n`);
  process.exit(1);
});
