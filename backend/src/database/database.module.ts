import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, LOGGER } from '../config/config.module';
import { createDataSource, type DataSourceSettings } from './data-source';
import { ChangeFeed } from './change-feed';
import { Database } from './database';
import { openEmbeddedDatabase, type EmbeddedDatabase, type EmbeddedRole } from './embedded/embedded-postgres';

export const EMBEDDED_ROLE = Symbol('EMBEDDED_ROLE');
const DATABASE_ENTITIES = Symbol('DATABASE_ENTITIES');
const EMBEDDED = Symbol('EMBEDDED');
const MIGRATION_LOCK = 7_270_001;

/** Applies pending migrations under an advisory lock, so API nodes starting together take turns. */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * Opens the database: PostgreSQL at DATABASE_URL, or the embedded PGlite under DATA_DIR. Applies
 * pending migrations before anything else starts, and closes everything on shutdown.
 */
@Global()
@Module({
  providers: [
    {
      provide: EMBEDDED,
      inject: [APP_CONFIG, LOGGER, EMBEDDED_ROLE],
      useFactory: async (config: AppConfig, logger: Logger, role: EmbeddedRole): Promise<EmbeddedDatabase | null> => {
        if (config.databaseUrl) return null;
        const embedded = await openEmbeddedDatabase({
          dataDir: config.dataDir,
          role,
          log: (message) => logger.info(message),
        });
        logger.info({ dataDir: config.dataDir, owner: embedded.owner }, 'embedded database ready');
        return embedded;
      },
    },
    {
      provide: Database,
      inject: [APP_CONFIG, LOGGER, EMBEDDED, DATABASE_ENTITIES],
      useFactory: async (
        config: AppConfig,
        logger: Logger,
        embedded: EmbeddedDatabase | null,
        entities: DataSourceSettings['entities'],
      ): Promise<Database> => {
        const url = embedded?.url ?? config.databaseUrl;
        if (!url) throw new Error('no database URL');
        const dataSource = createDataSource({
          url,
          entities,
          // PGlite is one backend session; more client connections only queue behind each other.
          poolSize: embedded ? 4 : config.databasePoolSize,
        });
        await dataSource.initialize();
        const applied = await migrate(dataSource);
        if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
        return Database.over(dataSource);
      },
    },
    ChangeFeed,
  ],
  exports: [Database, ChangeFeed],
})
export class DatabaseModule implements OnApplicationShutdown {
  /** `entities`: every module's entity classes, listed by the application (backend/src/entities.ts). */
  static forRoot(role: EmbeddedRole, entities: DataSourceSettings['entities']): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: EMBEDDED_ROLE, useValue: role },
        { provide: DATABASE_ENTITIES, useValue: entities },
      ],
    };
  }

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(EMBEDDED) private readonly embedded: EmbeddedDatabase | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.db.dataSource.isInitialized) await this.db.dataSource.destroy();
    await this.embedded?.close();
  }
}
