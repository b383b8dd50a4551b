// Starts the API server: configuration, database (embedded unless DATABASE_URL), migrations, first
// run, HTTP on Fastify; SIGTERM/SIGINT drain in-flight requests and close the database.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { ConfigError, loadConfig, resolveSecretKey, type AppConfig } from './config/config';
import { createLogger, PinoNestLogger } from './logging/logger';

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
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    logger: new PinoNestLogger(logger),
  });
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);

  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: finishing in-flight requests');
      // Requests that outlive the grace period are cut off rather than holding the process forever.
      setTimeout(() => {
        logger.error('shutdown grace period over; exiting');
        process.exit(1);
      }, config.shutdownGraceMs).unref();
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    { port, host: config.host, baseUrl: config.baseUrl, database: config.databaseUrl ? 'postgres' : 'embedded' },
    'listening',
  );
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Failed to start: ${message}\n`);
  process.exit(1);
});
