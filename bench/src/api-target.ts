// A target of the API benchmark, run in a process of its own so the load generator never shares its
// event loop: `service` starts the whole HTTP application (rate limit off, checker off) on the database
// of DATABASE_URL (a scratch database, dropped on exit) or on embedded PGlite, and seeds one workspace,
// key and monitor; `baseline` is a bare Fastify route answering a fixed JSON body. Either prints one
// line of JSON on stdout when it is listening, then serves until stdin closes.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify from 'fastify';
import { AppModule } from '../../backend/src/app.module';
import { ApiKeysService } from '../../backend/src/api-keys/api-keys.service';
import { loadConfig } from '../../backend/src/config/config';
import { startEphemeralDatabase } from '../../backend/src/database/embedded/embedded-postgres';
import { fastifyOptions } from '../../backend/src/server/fastify-options';
import { registerTransports } from '../../backend/src/server/transports';
import { createLogger } from '../../backend/src/logging/logger';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { scratchDatabase } from './harness';

export interface TargetInfo {
  url: string;
  kind: 'postgres' | 'pglite' | 'baseline';
  key?: string;
  monitorId?: string;
}

const untilStdinCloses = () =>
  new Promise<void>((resolve) => {
    process.stdin.on('end', resolve).on('close', resolve).resume();
  });

async function service(): Promise<void> {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
  const embedded = scratch ? null : await startEphemeralDatabase();
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: scratch?.url ?? embedded!.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-api-')),
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    BOOTSTRAP: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_FAILURE_LIMIT: '0',
    CHECKER_EMBEDDED: 'false',
  });
  const logger = createLogger('silent');
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, logger),
    new FastifyAdapter(fastifyOptions(config, logger)),
    { logger: false },
  );
  await registerTransports(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const installer = {
    actor: { type: 'system' as const, name: 'bench' },
    scope: 'write' as const,
    via: 'system' as const,
  };
  const workspace = await app.get(WorkspacesService).create(installer, { name: 'Bench', plan: 'pro' });
  const ctx = { ...installer, workspace: toWorkspaceRef(workspace) };
  const { key } = await app.get(ApiKeysService).create(ctx, { scope: 'read' });
  const monitor = await app.get(MonitorsService).create(ctx, 'http', {
    name: 'bench',
    url: 'http://127.0.0.1:9/',
    periodicity: '30s',
    regions: ['fly-ams', 'fly-iad', 'fly-sin'],
  });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const info: TargetInfo = {
    url: `http://127.0.0.1:${port}`,
    kind: scratch ? 'postgres' : 'pglite',
    key,
    monitorId: monitor.id,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  await untilStdinCloses();
  await app.close();
  await embedded?.close();
  await scratch?.drop();
}

async function baseline(body: string): Promise<void> {
  const app = Fastify({ logger: false });
  app.post('/baseline', async (_request, reply) => reply.header('content-type', 'application/json').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const info: TargetInfo = { url: `http://127.0.0.1:${port}/baseline`, kind: 'baseline' };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  await untilStdinCloses();
  await app.close();
}

const [mode, body] = process.argv.slice(2);
(mode === 'baseline' ? baseline(body ?? '{}') : service()).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
