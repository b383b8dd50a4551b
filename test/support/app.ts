// The service layer on a fresh database, without any transport: for medium tests of the verbs.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { Module, type DynamicModule, type INestApplicationContext, type Type } from '@nestjs/common';
import { CoreModule } from '../../backend/src/core.module';
import type { InstallationContext, ServiceContext } from '../../backend/src/common/context';
import { loadConfig } from '../../backend/src/config/config';
import { Database } from '../../backend/src/database/database';
import { createLogger } from '../../backend/src/logging/logger';
import { toWorkspaceRef, WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { createTestDatabase, type TestDatabase } from './database';

/** The root when a test adds modules to the core. */
@Module({})
class TestModule {}

/** Modules already stripped of their routes, so a module imported twice stays one module. */
const stripped = new Map<Type, Type | DynamicModule>();

/**
 * A transport's module (OAuthModule, DashboardModule) without its routes, which need an HTTP server,
 * in it and in the modules it imports: its services, for the medium tests of their verbs. Read from
 * the modules themselves, so it never drifts from them.
 */
export function servicesOf(module: Type): Type | DynamicModule {
  const known = stripped.get(module);
  if (known) return known;
  const meta = (key: string) => (Reflect.getMetadata(key, module) ?? []) as unknown[];
  const isRoutes = (p: unknown) => typeof p === 'function' && p.name.endsWith('Routes');
  const isModule = (m: unknown): m is Type =>
    typeof m === 'function' && ['imports', 'providers', 'exports'].some((key) => Reflect.hasOwnMetadata(key, m));
  const swap = (m: unknown) => (isModule(m) ? servicesOf(m) : m);
  const imports = meta('imports').map(swap);
  const providers = meta('providers');
  const same = !providers.some(isRoutes) && imports.every((m, i) => m === meta('imports')[i]);
  if (same) {
    stripped.set(module, module);
    return module;
  }
  const services = class {};
  Object.defineProperty(services, 'name', { value: `${module.name}Services` });
  Module({})(services);
  const result: DynamicModule = {
    module: services,
    imports: imports as DynamicModule['imports'],
    providers: providers.filter((p) => !isRoutes(p)) as DynamicModule['providers'],
    exports: meta('exports').map(swap) as DynamicModule['exports'],
  };
  stripped.set(module, result);
  return result;
}

export interface TestApp {
  app: INestApplicationContext;
  db: Database;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * `env` adds to or overrides the test configuration (e.g. SMTP_URL). `imports` adds modules beyond the
 * core, for the services of a transport's own module (OAuthModule, DashboardModule), without a server.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  imports: Array<Type | DynamicModule> = [],
): Promise<TestApp> {
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
  const core = CoreModule.forRoot(config, createLogger('silent'), 'test');
  const root: DynamicModule = imports.length ? { module: TestModule, imports: [core, ...imports] } : core;
  const app = await NestFactory.createApplicationContext(root, { logger: false, abortOnError: false });
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
