// Keeps migrations and entities in step.
//   node dist/cli/migration-tool.js generate <Name>   write a migration for the entity changes
//   node dist/cli/migration-tool.js check             exit 1 when the entities need a migration
// Both apply the committed migrations to a fresh database (embedded PGlite in memory, or a scratch
// database on the PostgreSQL of MIGRATION_CHECK_DATABASE_URL) and diff the result against the entities.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataSource, pendingSchemaChanges } from '../database/data-source';
import { ENTITIES } from '../entities';
import { startEphemeralDatabase } from '../database/embedded/embedded-postgres';

async function scratchDatabase(): Promise<{ url: string; close: () => Promise<void> }> {
  const admin = process.env.MIGRATION_CHECK_DATABASE_URL;
  if (!admin) return startEphemeralDatabase();
  const name = `migration_check_${process.pid}_${Date.now()}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    close: async () => {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

function render(className: string, up: string[], down: string[]): string {
  const lines = (queries: string[]) =>
    queries.map((q) => `    await queryRunner.query(${JSON.stringify(q)});`).join('\n');
  return `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${lines(up)}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${lines([...down].reverse())}
  }
}
`;
}

async function main(): Promise<number> {
  const [command, name] = process.argv.slice(2);
  if (command !== 'generate' && command !== 'check') {
    console.error('usage: migration-tool generate <Name> | check');
    return 2;
  }
  if (command === 'generate' && !/^[A-Z][A-Za-z0-9]*$/.test(name ?? '')) {
    console.error('generate needs a PascalCase name, e.g. `generate AddMonitorTags`');
    return 2;
  }
  const scratch = await scratchDatabase();
  const dataSource = createDataSource({
    url: scratch.url,
    poolSize: 2,
    applicationName: 'migration-tool',
    entities: ENTITIES,
  });
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const { up, down } = await pendingSchemaChanges(dataSource);
    if (command === 'check') {
      if (up.length === 0) {
        console.log('migrations are in step with the entities');
        return 0;
      }
      console.error(
        'The entities changed without a migration. Run `npm run migration:generate -- <Name>`. Missing SQL:',
      );
      for (const q of up) console.error(`  ${q}`);
      return 1;
    }
    if (up.length === 0) {
      console.log('nothing to generate: migrations are in step with the entities');
      return 0;
    }
    const timestamp = Date.now();
    const className = `${name}${timestamp}`;
    const file = join(__dirname, '..', '..', 'src', 'database', 'migrations', `${timestamp}-${name}.ts`);
    writeFileSync(file, render(className, up, down));
    console.log(`wrote ${file}; add ${className} to src/database/migrations/index.ts`);
    return 0;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await scratch.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
