import { DataSource, type MixedList, type EntitySchema } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './snake-naming.strategy';

export interface DataSourceSettings {
  url: string;
  poolSize?: number;
  applicationName?: string;
  /** The entity classes of every module (backend/src/entities.ts): the database knows no module. */
  entities: MixedList<Function | string | EntitySchema>;
}

export function createDataSource(settings: DataSourceSettings): DataSource {
  return new DataSource({
    type: 'postgres',
    url: settings.url,
    entities: settings.entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    // TypeORM's logger prints failed and slow statements with their parameters (credentials among
    // them): it stays off, and errors reach our logs only through the err serializer.
    logging: false,
    extra: {
      max: settings.poolSize ?? 10,
      application_name: settings.applicationName ?? 'uptime-service',
      connectionTimeoutMillis: 10000,
    },
  });
}

/** SQL statements that would bring the database in line with the entities; empty when in sync. */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<{ up: string[]; down: string[] }> {
  const log = await dataSource.driver.createSchemaBuilder().log();
  return {
    up: log.upQueries.map((q) => q.query),
    down: log.downQueries.map((q) => q.query),
  };
}
