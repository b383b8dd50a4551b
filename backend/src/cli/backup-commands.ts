// `backup`, `restore` and `migrate-to-postgres` on the command line. They run before the CLI's
// application context starts, because they open the databases themselves (backup.service.ts): a
// restore that refuses its file must not have created a key, a data folder or a schema first.
import type { AppConfig } from '../config/config';
import { BackupService } from '../backup/backup.service';
import { UsageError, type ParsedArgs } from './args';

export const BACKUP_COMMANDS: ReadonlySet<string> = new Set(['backup', 'restore', 'migrate-to-postgres']);

export const BACKUP_HELP = `  backup --out FILE [--force]                                     a consistent dump of the database (server running
                                                                 or not), gzip'ed JSON lines, mode 0600; --force
                                                                 replaces FILE; SECRET_KEY is needed to read its
                                                                 secrets back
  restore FILE                                                    loads a backup into an empty database (refuses
                                                                 one with rows); needs the backup's SECRET_KEY
  migrate-to-postgres DATABASE_URL                                copies the embedded database of DATA_DIR into the
                                                                 empty PostgreSQL at DATABASE_URL; prints the
                                                                 setting to change`;

/** Runs the command; `out` writes the answer on stdout, `note` a message on stderr. */
export async function runBackupCommand(
  config: AppConfig,
  args: ParsedArgs,
  out: (text: string) => Promise<void>,
  note: (line: string) => void,
): Promise<void> {
  const service = new BackupService(config, note);
  const [command, operand] = args.command;
  switch (command) {
    case 'backup': {
      const file = args.flags.out;
      if (!file) throw new UsageError('backup needs the file to write: backup --out FILE');
      const result = await service.backup({ file, force: args.switches.has('force') });
      note(
        `backed up ${result.tables} tables, ${result.rows} rows from the ${result.source} database to ${result.file} (${result.bytes} bytes)`,
      );
      note(
        "Secrets in it stay sealed: restoring it needs this installation's SECRET_KEY (or its DATA_DIR/secret.key). Keep the key safe, apart from the backup.",
      );
      await out(result.file);
      return;
    }
    case 'restore': {
      if (!operand) throw new UsageError('restore needs the backup file: restore FILE');
      const result = await service.restore({ file: operand });
      note(`restored ${result.tables} tables, ${result.rows} rows into ${result.target}; start the server on it now`);
      return;
    }
    case 'migrate-to-postgres': {
      if (!operand) throw new UsageError('migrate-to-postgres needs the target: migrate-to-postgres DATABASE_URL');
      const result = await service.migrateToPostgres({ targetUrl: operand });
      note(`copied ${result.tables} tables, ${result.rows} rows. Stop the server, then set this one setting`);
      note('(with the password you gave; keep SECRET_KEY, or DATA_DIR with its secret.key, as it is) and start it:');
      await out(result.setting);
      return;
    }
    default:
      throw new UsageError(`unknown command: ${args.command.join(' ')}`);
  }
}
