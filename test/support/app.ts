// The service layer on a fresh database, without any transport: for medium tests of the verbs.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { CoreModule } from '../../backend/src/app.module';
import type { InstallationContext, ServiceContext } from '../../backend/src/common/context';
import { loadConfig } from '../../backend/src/config/config';
import { Database } from '../../backend/src/database/database';
import { createLogger } from '../../backend/src/logging/logger';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: INestApplicationContext;
  db: Database;
  database: TestDatabase;
  close(): Promise<void>;
}

/** `env` adds to or overrides the test configuration (e.g. SMTP_URL). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-test-')),
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    DATABASE_POOL_SIZE: '4',
    CHECKER_EMBEDDED: 'false',
    ...env,
  });
  const app = await NestFactory.createApplicationContext(CoreModule.forRoot(config, createLogger('silent'), 'test'), {
    logger: false,
  });
  return {
    app,
    db: app.get(Database),
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const installer: InstallationContext = {
  actor: { type: 'system', name: 'test' },
  scope: 'write',
  via: 'system',
};

let counter = 0;

/** A new workspace of its own for one test, with a write context on it. */
export async function newWorkspace(t: TestApp, plan: 'free' | 'pro' = 'pro'): Promise<ServiceContext> {
  counter += 1;
  const workspace = await t.app.get(WorkspacesService).create(installer, { name: `Test ${counter}`, plan });
  return {
    actor: { type: 'system', name: 'test' },
    scope: 'write',
    via: 'system',
    workspace: toWorkspaceRef(workspace),
  };
}
