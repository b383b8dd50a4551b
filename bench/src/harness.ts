// Shared pieces of the benchmarks: a database (PostgreSQL at DATABASE_URL, else embedded PGlite), the
// service layer on it, timing helpers and a report printer. Benchmarks print figures and ratios
// against a baseline measured in the same run; they are not tests and assert nothing.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import type { INestApplicationContext } from '@nestjs/common';
import { CoreModule } from '../../backend/src/core.module';
import { loadConfig } from '../../backend/src/config/config';
import { Database } from '../../backend/src/database/database';
import { startEphemeralDatabase } from '../../backend/src/database/embedded/embedded-postgres';
import { createLogger } from '../../backend/src/logging/logger';

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
