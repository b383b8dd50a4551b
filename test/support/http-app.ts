// The whole HTTP application (REST, RPC) in this process, listening on a loopback port, on a fresh
// database. Tests create their own workspaces and keys through the service verbs.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DestinationStream } from 'pino';
import { ApiKeysService } from '../../backend/src/api-keys/api-keys.service';
import { AppModule } from '../../backend/src/app.module';
import type { ServiceContext } from '../../backend/src/common/context';
import { loadConfig } from '../../backend/src/config/config';
import { Database } from '../../backend/src/database/database';
import { fastifyOptions } from '../../backend/src/server/fastify-options';
import { createLogger, PinoNestLogger } from '../../backend/src/logging/logger';
import { registerTransports } from '../../backend/src/server/transports';
import { UsersService } from '../../backend/src/users/users.service';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { installer } from './app';
import { createTestDatabase, type TestDatabase } from './database';

export interface HttpTestApp {
  app: NestFastifyApplication;
  baseUrl: string;
  db: Database;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface HttpAppOptions {
  /** Run the embedded checker agent for these regions. Off by default: tests must never probe anything but loopback. */
  checkerRegions?: string[];
  env?: Record<string, string>;
  /** Capture every log line (level trace, Nest's own included) in this stream instead of discarding them. */
  logTo?: DestinationStream;
  /** Another app's database: a second API node on the same data. That app closes the database. */
  sameDatabaseAs?: HttpTestApp;
  /** A database someone else started and closes (e.g. one served by another process). */
  database?: TestDatabase;
  /**
   * Listen on this port (see freePort) instead of a random one, for tests that need the origin before
   * the app starts: PORT, BASE_URL, OAUTH_ISSUER and DASHBOARD_URL then default to
   * http://127.0.0.1:<port> (one origin for everything; `env` may still override them).
   */
  port?: number;
}

/** A loopback port free right now: the OS picks it, the probe server closes before the app takes it. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startHttpApp(options: HttpAppOptions = {}): Promise<HttpTestApp> {
  const shared = options.sameDatabaseAs?.database ?? options.database;
  const database = shared ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-http-')),
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    BOOTSTRAP: 'false',
    DATABASE_POOL_SIZE: '4',
    // Tests make many calls a minute with one key; the rate-limit tests set their own limit.
    RATE_LIMIT_PER_MINUTE: '1000000',
    // Tests send many bad credentials from 127.0.0.1; the auth-failure tests set their own limit.
    AUTH_FAILURE_LIMIT: '1000000',
    CHECKER_EMBEDDED: options.checkerRegions ? 'true' : 'false',
    ...(options.checkerRegions ? { CHECKER_REGIONS: options.checkerRegions.join(',') } : {}),
    ...(options.port !== undefined ? sameOrigin(options.port) : {}),
    ...options.env,
  });
  const logger = options.logTo ? createLogger('trace', options.logTo) : createLogger('silent');
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, logger),
    // The server's own options (body limit, timeouts), so tests exercise the real settings.
    new FastifyAdapter(fastifyOptions(config, logger)),
    { logger: options.logTo ? new PinoNestLogger(logger) : false, abortOnError: false },
  );
  await registerTransports(app);
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    db: app.get(Database),
    database,
    close: async () => {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

function sameOrigin(port: number): Record<string, string> {
  const origin = `http://127.0.0.1:${port}`;
  // DASHBOARD_PORT off: the dashboard's origin is this very listener, no second server.
  return { PORT: String(port), BASE_URL: origin, OAUTH_ISSUER: origin, DASHBOARD_URL: origin, DASHBOARD_PORT: 'off' };
}

export interface Tenant {
  ctx: ServiceContext;
  writeKey: string;
  readKey: string;
  userId: string;
}

let tenants = 0;

/** A workspace of its own with an owner, a write key and a read key created by that owner. */
export async function newTenant(t: HttpTestApp, plan: 'free' | 'pro' = 'pro'): Promise<Tenant> {
  tenants += 1;
  const workspace = await t.app.get(WorkspacesService).create(installer, { name: `Tenant ${tenants}`, plan });
  const ctx: ServiceContext = { ...installer, workspace: toWorkspaceRef(workspace) };
  const { user } = await t.app
    .get(UsersService)
    .addMember(ctx, { email: `owner${tenants}@example.com`, role: 'owner' });
  const keys = t.app.get(ApiKeysService);
  const write = await keys.create(ctx, { scope: 'write', createdByUserId: user.id });
  const read = await keys.create(ctx, { scope: 'read', createdByUserId: user.id });
  return { ctx, writeKey: write.key, readKey: read.key, userId: user.id };
}
