// Shared pieces of the benchmarks: a database (PostgreSQL at DATABASE_URL, else embedded PGlite), the
// service layer on it, timing helpers and a report printer. Benchmarks print figures and ratios
// against a baseline measured in the same run; they are not tests and assert nothing.
import 'reflect-metadata';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { INestApplicationContext } from '@nestjs/common';
import { AppModule } from '../../backend/src/app.module';
import { CoreModule } from '../../backend/src/core.module';
import { loadConfig } from '../../backend/src/config/config';
import { Database } from '../../backend/src/database/database';
import { startEphemeralDatabase } from '../../backend/src/database/embedded/embedded-postgres';
import { createLogger } from '../../backend/src/logging/logger';
import { fastifyOptions } from '../../backend/src/server/fastify-options';
import { registerTransports } from '../../backend/src/server/transports';

export interface BenchApp {
  app: INestApplicationContext;
  db: Database;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** A scratch database on the PostgreSQL of DATABASE_URL (dropped afterwards), so runs never mix. */
export async function scratchDatabase(admin: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${process.pid}_${Date.now()}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new Client({ connectionString: admin });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** The whole HTTP application, listening on loopback, on a scratch or embedded database. */
export interface BenchHttpApp {
  app: NestFastifyApplication;
  url: string;
  kind: 'postgres' | 'pglite';
  databaseUrl: string;
  /** Closes the application, then drops its scratch database or stops the embedded one. */
  close: () => Promise<void>;
}

/**
 * Starts the whole HTTP application as a benchmark's service: on a scratch database of the PostgreSQL
 * at DATABASE_URL (dropped by close) or on embedded PGlite; rate limits, the failure limit, the
 * embedded checker and the first-start bootstrap off; `env` adds or overrides settings.
 */
export async function startBenchHttpApp(name: string, env: Record<string, string> = {}): Promise<BenchHttpApp> {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
  const embedded = scratch ? null : await startEphemeralDatabase();
  const databaseUrl = scratch?.url ?? embedded!.url;
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), `bench-${name}-`)),
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    BOOTSTRAP: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_FAILURE_LIMIT: '0',
    CHECKER_EMBEDDED: 'false',
    ...env,
  });
  const logger = createLogger('silent');
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, logger),
    new FastifyAdapter(fastifyOptions(config, logger)),
    { logger: false },
  );
  await registerTransports(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  return {
    app,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    kind: scratch ? 'postgres' : 'pglite',
    databaseUrl,
    close: async () => {
      await app.close();
      await embedded?.close();
      await scratch?.drop();
    },
  };
}

export async function startBenchApp(): Promise<BenchApp> {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
  const external = scratch?.url;
  const embedded = external ? null : await startEphemeralDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: external ?? embedded!.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')),
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    CHECKER_EMBEDDED: 'false',
  });
  const app = await NestFactory.createApplicationContext(CoreModule.forRoot(config, createLogger('silent'), 'test'), {
    logger: false,
  });
  return {
    app,
    db: app.get(Database),
    kind: external ? 'postgres' : 'pglite',
    close: async () => {
      await app.close();
      await embedded?.close();
      await scratch?.drop();
    },
  };
}

export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

export async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export function print(title: string, rows: Array<[string, string | number]>): void {
  const width = Math.max(...rows.map(([k]) => k.length));
  process.stdout.write(`\n${title}\n${'-'.repeat(title.length)}\n`);
  for (const [key, value] of rows) process.stdout.write(`${key.padEnd(width)}  ${value}\n`);
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** The built server (backend/dist/main.js) in a process of its own, on a fresh data folder. */
export interface BuiltServer {
  port: number;
  /** The first-run API key it printed. */
  key: string;
  /** The environment it runs with (for the command line against the same database). */
  env: Record<string, string>;
  /** Stops it (SIGTERM) and drops its scratch database. */
  stop(): Promise<void>;
}

/**
 * Starts the built server on a scratch database of DATABASE_URL's PostgreSQL (or its embedded one),
 * the checker and rate limits off, and waits for it to listen and print its first-run key.
 */
export async function startBuiltServer(root: string, name: string): Promise<BuiltServer> {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: mkdtempSync(join(tmpdir(), `bench-${name}-data-`)),
    CHECKER_EMBEDDED: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  const server = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
    env: { ...env, PORT: '0', DASHBOARD_PORT: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  server.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await scratch?.drop();
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const line = out.split('\n').find((l) => l.includes('"listening"'));
        if (line) resolve((JSON.parse(line) as { port: number }).port);
      });
      server.once('exit', (code) => reject(new Error(`server exited ${code}\n${err}`)));
    });
    const key = /SERVICE_API_KEY=(svc_\S+)/.exec(err)?.[1];
    if (!key) throw new Error(`no first-run key:\n${err}`);
    return { port, key, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * terraform's environment against a built server: a private HOME holding the provider plugin as
 * `npm run provider:install` puts it there, an empty CLI configuration, and the server's key and URL.
 */
export function terraformEnvFor(root: string, server: BuiltServer): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'bench-tf-home-'));
  spawnSync(process.execPath, [
    join(root, 'provider', 'dist', 'tools', 'install.js'),
    join(home, '.terraform.d', 'plugins'),
  ]);
  writeFileSync(join(home, 'terraformrc'), '');
  return {
    PATH: process.env.PATH,
    HOME: home,
    TF_CLI_CONFIG_FILE: join(home, 'terraformrc'),
    TF_IN_AUTOMATION: '1',
    CHECKPOINT_DISABLE: '1',
    SERVICE_API_TOKEN: server.key,
    SERVICE_BASE_URL: `http://127.0.0.1:${server.port}/rpc`,
  };
}
