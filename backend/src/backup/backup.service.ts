// Backup, restore and the move from the embedded database to PostgreSQL: the verbs the command line
// calls. Each opens the databases it needs itself, from the configuration, before anything else of
// the application starts: a restore must be able to refuse a file (wrong SECRET_KEY, newer version)
// without having created a key, a data folder or a schema.
//
// The three share two halves: a snapshot of a source database as records (snapshot.ts), and a loader
// of records into an empty target (loader.ts). A backup puts a file between them; the move to
// PostgreSQL streams the records from one to the other, table by table, with no file at all.
import { existsSync, linkSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { PreconditionFailedError, ValidationError } from '../common/errors';
import { resolveSecretKey, type AppConfig } from '../config/config';
import { openEmbeddedDatabase } from '../database/embedded/embedded-postgres';
import { keyCheck, keyMatches, migrationsProblem, withoutPassword, type BackupHeader } from './backup-format';
import { openBackupFile, writeBackupFile } from './backup-file';
import { appliedMigrations } from './catalog';
import { BUILD_MIGRATIONS, finishMigrations, loadRecords, prepareTarget } from './loader';
import { openSnapshot } from './snapshot';

export interface BackupResult {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  source: BackupHeader['source']['kind'];
}

export interface RestoreResult {
  tables: number;
  rows: number;
  /** Where the rows went: DATABASE_URL without its password, or the data folder. */
  target: string;
}

export interface MoveResult {
  tables: number;
  rows: number;
  /** The one setting to change, its password hidden: `DATABASE_URL=postgres://user:****@host/db`. */
  setting: string;
}

interface OpenDatabase {
  url: string;
  /** 'embedded' or the URL without its password. */
  label: string;
  close(): Promise<void>;
}

export class BackupService {
  /** `note`: progress for the person running the command (the CLI's stderr). */
  constructor(
    private readonly config: AppConfig,
    private readonly note: (line: string) => void = () => undefined,
  ) {}

  /** Writes a consistent dump of the configured database to `file` (mode 0600). */
  async backup(input: { file: string; force: boolean }): Promise<BackupResult> {
    const { file, force } = input;
    if (!force && existsSync(file)) {
      throw ValidationError.field('--out', `${file} exists; choose another file or add --force to replace it`);
    }
    const secretKey = resolveSecretKey(this.config);
    const database = await this.openConfigured();
    const partial = `${file}.partial-${process.pid}`;
    try {
      const client = await connect(database.url, 'uptime-service backup');
      try {
        const snapshot = await openSnapshot(client, keyCheck(secretKey));
        let tables = 0;
        let rows = 0;
        const counted = (async function* () {
          for await (const record of snapshot.records) {
            if (record.kind === 'end') ({ tables, rows } = record);
            yield record;
          }
        })();
        const bytes = await writeBackupFile(partial, snapshot.header, counted, true);
        // Only a complete file takes the name; without --force an existing file is never replaced.
        if (force) renameSync(partial, file);
        else {
          linkSync(partial, file);
          rmSync(partial);
        }
        return { file, bytes, tables, rows, source: snapshot.header.source.kind };
      } finally {
        await client.end();
      }
    } catch (error) {
      rmSync(partial, { force: true });
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw ValidationError.field('--out', `${file} exists; choose another file or add --force to replace it`);
      }
      throw error;
    } finally {
      await database.close();
    }
  }

  /**
   * Loads a backup file into the configured database, which must be empty. The file is checked
   * before any database is opened: its format, its migrations, and its key check against SECRET_KEY.
   */
  async restore(input: { file: string }): Promise<RestoreResult> {
    if (!existsSync(input.file)) throw ValidationError.field('FILE', `${input.file} does not exist`);
    const reader = await openBackupFile(input.file);
    try {
      const problem = migrationsProblem(reader.header.migrations, BUILD_MIGRATIONS);
      if (problem) throw new PreconditionFailedError(`cannot restore: ${problem}; nothing was restored`);
      this.checkKey(reader.header);
      const database = await this.openConfigured();
      try {
        this.note(`restoring a backup of ${reader.header.createdAt} into ${database.label}`);
        await prepareTarget(database.url, reader.header.migrations);
        const loaded = await loadRecords(database.url, reader.header, reader.records, (table, rows) => {
          if (rows) this.note(`  ${table}: ${rows} rows`);
        });
        await finishMigrations(database.url);
        return { ...loaded, target: database.label };
      } finally {
        await database.close();
      }
    } finally {
      reader.close();
    }
  }

  /**
   * Copies the embedded database of DATA_DIR into the empty PostgreSQL database at `targetUrl`:
   * migrations, every row, every sequence, streamed table by table from one consistent snapshot.
   * The data folder is left as it was, so going back is only a matter of not setting DATABASE_URL.
   */
  async migrateToPostgres(input: { targetUrl: string }): Promise<MoveResult> {
    if (this.config.databaseUrl) {
      throw new PreconditionFailedError(
        'this installation already uses PostgreSQL (DATABASE_URL is set); migrate-to-postgres moves the embedded database of DATA_DIR: unset DATABASE_URL',
      );
    }
    if (!/^postgres(ql)?:\/\//.test(input.targetUrl)) {
      throw ValidationError.field('DATABASE_URL', 'expected a postgres:// or postgresql:// URL');
    }
    const target = input.targetUrl;
    const source = await this.openConfigured();
    try {
      const client = await connect(source.url, 'uptime-service migrate-to-postgres');
      try {
        const migrations = await appliedMigrations(client);
        const problem = migrationsProblem(migrations, BUILD_MIGRATIONS);
        if (problem) throw new PreconditionFailedError(`cannot move: ${problem}`);
        this.note(`moving the embedded database of ${this.config.dataDir} to ${withoutPassword(target)}`);
        await prepareTarget(target, migrations);
        const snapshot = await openSnapshot(client, '');
        if (snapshot.header.migrations.join() !== migrations.join()) {
          throw new PreconditionFailedError(
            'the embedded database was migrated meanwhile (a server upgrade?); run the command again',
          );
        }
        const loaded = await loadRecords(target, snapshot.header, snapshot.records, (table, rows) => {
          if (rows) this.note(`  ${table}: ${rows} rows`);
        });
        await finishMigrations(target);
        return { ...loaded, setting: `DATABASE_URL=${withoutPassword(target)}` };
      } finally {
        await client.end();
      }
    } finally {
      await source.close();
    }
  }

  /** Refuses a backup sealed under another key: its secrets would decrypt to nothing. */
  private checkKey(header: BackupHeader): void {
    const keyFile = join(this.config.dataDir, 'secret.key');
    const key = this.config.secretKey ?? (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : null);
    const fix =
      'set SECRET_KEY to the key of the installation that made the backup (its SECRET_KEY, or the contents of its DATA_DIR/secret.key)';
    if (!key) {
      throw new PreconditionFailedError(`cannot restore: SECRET_KEY is not set; ${fix}. Nothing was restored.`);
    }
    if (!keyMatches(key, header.keyCheck)) {
      throw new PreconditionFailedError(
        `cannot restore: SECRET_KEY is not the key this backup was made with, so the secrets sealed in it (notification channel credentials and the like) could not be read; ${fix}. Nothing was restored.`,
      );
    }
  }

  /** The configured database: PostgreSQL at DATABASE_URL, or the embedded one of DATA_DIR. */
  private async openConfigured(): Promise<OpenDatabase> {
    if (this.config.databaseUrl) {
      return {
        url: this.config.databaseUrl,
        label: withoutPassword(this.config.databaseUrl),
        close: async () => undefined,
      };
    }
    // With the server running this joins its database (embedded-db.json); otherwise it opens the folder.
    const embedded = await openEmbeddedDatabase({ dataDir: this.config.dataDir, role: 'cli' });
    return {
      url: embedded.url,
      label: `the embedded database in ${this.config.dataDir}`,
      close: () => embedded.close(),
    };
  }
}

async function connect(url: string, name: string): Promise<Client> {
  const client = new Client({ connectionString: url, application_name: name });
  await client.connect();
  return client;
}
