// The command line: `npm run --silent cli -- <resource> <verb> [--flags]`.
// stdout carries only the answer, so scripts can read it: the created or revoked id or key (one line),
// or a list's table or JSON. Messages for people, errors and logs go to stderr.
// Exit codes: 0 done, 1 refused (a domain error: unknown workspace, invalid value, ...), 2 usage,
// 141 stdout closed before the answer was written (a pipe whose reader ended, as for programs ended by
// SIGPIPE; 128 + 13): the command ends quietly, and a key nobody could read is revoked.
// In embedded mode it connects to the running server's database instead of opening the data folder.
import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { CoreModule } from '../core.module';
import type { InstallationContext, ServiceContext } from '../common/context';
import { isDomainError, ValidationError } from '../common/errors';
import { writeExportFolder } from '../exports/export-folder';
import { ExportsModule } from '../exports/exports.module';
import { ExportsService } from '../exports/exports.service';
import { renderPlan } from '../imports/import-plan';
import { ImportsService } from '../imports/imports.service';
import { ConfigError, loadConfig, type AppConfig } from '../config/config';
import { SessionsService } from '../dashboard/sessions/sessions.service';
import { DashboardSessionsModule } from '../dashboard/sessions/sessions.module';
import type { EmbeddedRole } from '../database/embedded/embedded-postgres';
import { createLogger, PinoNestLogger } from '../logging/logger';
import { NotificationsService } from '../notifications/notifications.service';
import type { MemberRole } from '../users/membership.entity';
import { UsersService } from '../users/users.service';
import { toWorkspaceRef, toWorkspaceView, WorkspacesService } from '../workspaces/workspaces.service';
import { parseArgs, required, UsageError, type ParsedArgs } from './args';
import { BACKUP_COMMANDS, BACKUP_HELP, runBackupCommand } from './backup-commands';
import { readPassword } from './password-input';

const HELP = `Usage: npm run --silent cli -- <command> [options]

  workspaces create --name NAME [--slug SLUG] [--plan free|pro]   prints the new workspace id last
  workspaces list [--json]
  api-keys create --workspace SLUG|ID --scope read|write [--name NAME] [--created-by EMAIL]
                                                                 prints the new key last (shown once)
  api-keys list --workspace SLUG|ID [--all] [--json]              --all includes revoked keys
  api-keys revoke --workspace SLUG|ID --id KEY_ID                 prints the revoked key id last
  members add --workspace SLUG|ID --email EMAIL --role owner|admin|member|viewer
  members list --workspace SLUG|ID [--json]
  notifications test --workspace SLUG|ID --id CHANNEL_ID         sends a test alert through the channel now;
                                                                 prints the receiver's answer as JSON
                                                                 (exit 1 when it was not accepted)
  import uptime-kuma|gatus|openstatus FILE --workspace SLUG|ID [--dry-run] [--activate] [--json]
                                                                 prints the plan (what is created, what maps
                                                                 only approximately, what cannot be mapped),
                                                                 then imports it in one transaction unless
                                                                 --dry-run; monitors are created inactive
                                                                 unless --activate; a second run creates
                                                                 nothing again (matched by source key)
  export terraform --workspace SLUG|ID --out DIR [--cdktf]        writes the workspace as Terraform files (or,
                                                                 with --cdktf, a CDKTF stack) with an import
                                                                 block per resource and secrets as variables;
                                                                 DIR must be new, empty or a previous export;
                                                                 prints the written paths, notes on stderr
  users set-password EMAIL                                        reads the password from stdin (a pipe, or
                                                                 typed unseen at a terminal); signs the
                                                                 user out of every dashboard session
${BACKUP_HELP}

Reads the same environment as the server (DATABASE_URL, DATA_DIR, SECRET_KEY, ...).`;

/** Whoever read stdout has gone (EPIPE): nothing more can be answered. */
class ClosedOutput extends Error {}
const CLOSED_OUTPUT_EXIT = 141;

// A closed pipe is reported to the write that met it (below), not as an uncaught 'error' event with a
// stack trace; a closed stderr only loses messages.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);

/** The answer, on stdout; rejects with ClosedOutput when the reader has gone. */
function out(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(`${text}\n`, (error) => {
      if (!error) resolve();
      else reject(isClosedPipe(error) ? new ClosedOutput(error.message) : error);
    });
  });
}

function isClosedPipe(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/** A message for the person at the terminal, on stderr so that stdout stays parseable. */
const note = (line: string) => process.stderr.write(`${line}\n`);
const CLI_ACTOR: InstallationContext = { actor: { type: 'system', name: 'cli' }, scope: 'write', via: 'cli' };

type App = Awaited<ReturnType<typeof NestFactory.createApplicationContext>>;

/** The core, plus the dashboard's sessions (a new password ends them). */
@Module({})
class CliModule {
  static forRoot(
    config: AppConfig,
    logger: Parameters<typeof CoreModule.forRoot>[1],
    role: EmbeddedRole,
  ): DynamicModule {
    return {
      module: CliModule,
      imports: [CoreModule.forRoot(config, logger, role), DashboardSessionsModule, ExportsModule],
    };
  }
}

async function workspaceContext(app: App, idOrSlug: string): Promise<ServiceContext> {
  const workspace = await app.get(WorkspacesService).resolve(idOrSlug);
  return { ...CLI_ACTOR, workspace: toWorkspaceRef(workspace) };
}

function table(items: object[], columns: string[]): Promise<void> {
  const cell = (value: unknown): string =>
    value === null || value === undefined ? '' : JSON.stringify(value).replace(/^"|"$/g, '');
  const rows = (items as Array<Record<string, unknown>>).map((item) => columns.map((c) => cell(item[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i].length)));
  return out(
    [
      columns.map((c, i) => c.toUpperCase().padEnd(widths[i])).join('  '),
      ...rows.map((row) => row.map((value, i) => value.padEnd(widths[i])).join('  ')),
    ].join('\n'),
  );
}

/** Answers an exit code other than 0 when the command ran but its outcome was a refusal. */
async function run(app: App, args: ParsedArgs): Promise<number | void> {
  const [resource, verb] = args.command;
  const json = args.switches.has('json');
  if (resource === 'import') return importFile(app, args);
  if (resource === 'export') return exportWorkspace(app, args);
  switch (`${resource} ${verb}`) {
    case 'workspaces create': {
      const workspace = await app.get(WorkspacesService).create(CLI_ACTOR, {
        name: required(args, 'name'),
        slug: args.flags.slug,
        plan: (args.flags.plan ?? 'pro') as 'free' | 'pro',
      });
      note(`created workspace ${workspace.slug} (plan ${workspace.plan})`);
      await out(workspace.id);
      return;
    }
    case 'workspaces list': {
      const rows = (await app.get(WorkspacesService).list()).map(toWorkspaceView);
      if (json) await out(JSON.stringify(rows));
      else await table(rows, ['id', 'slug', 'name', 'plan', 'createdAt']);
      return;
    }
    case 'api-keys create': {
      const ctx = await workspaceContext(app, required(args, 'workspace'));
      let createdByUserId: string | null = null;
      if (args.flags['created-by']) {
        const members = await app.get(UsersService).listMembers(ctx);
        const member = members.find((m) => m.user?.email === args.flags['created-by'].toLowerCase());
        // A well-formed command the data refuses: exit 1, like an unknown workspace.
        if (!member)
          throw ValidationError.field(
            '--created-by',
            `${args.flags['created-by']} is not a member of ${ctx.workspace.slug}`,
          );
        createdByUserId = member.userId;
      }
      const apiKeys = app.get(ApiKeysService);
      const { apiKey, key } = await apiKeys.create(ctx, {
        name: args.flags.name ?? 'API key',
        scope: required(args, 'scope') as 'read' | 'write',
        createdByUserId,
      });
      note(
        `created ${apiKey.scope} key ${apiKey.id} (${apiKey.prefix}) in ${ctx.workspace.slug}; it is shown only once:`,
      );
      try {
        await out(key);
      } catch (error) {
        if (!(error instanceof ClosedOutput)) throw error;
        // Nobody received the key and it is never shown again: a live key no one holds is only a risk.
        await apiKeys.revoke(ctx, apiKey.id);
        note(`stdout was closed before the key could be written: revoked key ${apiKey.id}; create another`);
        throw error;
      }
      return;
    }
    case 'api-keys list': {
      const ctx = await workspaceContext(app, required(args, 'workspace'));
      const keys = await app.get(ApiKeysService).list(ctx, { includeRevoked: args.switches.has('all') });
      if (json) await out(JSON.stringify(keys));
      else await table(keys, ['id', 'name', 'prefix', 'scope', 'lastUsedAt', 'revokedAt', 'createdAt']);
      return;
    }
    case 'api-keys revoke': {
      const ctx = await workspaceContext(app, required(args, 'workspace'));
      const key = await app.get(ApiKeysService).revoke(ctx, required(args, 'id'));
      note(`revoked key ${key.id} (${key.prefix})`);
      await out(key.id);
      return;
    }
    case 'members add': {
      const ctx = await workspaceContext(app, required(args, 'workspace'));
      const { user, membership } = await app.get(UsersService).addMember(ctx, {
        email: required(args, 'email'),
        role: required(args, 'role') as MemberRole,
      });
      note(`${user.email} is ${membership.role} of ${ctx.workspace.slug}`);
      await out(user.id);
      return;
    }
    case 'members list': {
      const ctx = await workspaceContext(app, required(args, 'workspace'));
      const rows = (await app.get(UsersService).listMembers(ctx)).map((m) => ({
        userId: m.userId,
        email: m.user?.email,
        role: m.role,
      }));
      if (json) await out(JSON.stringify(rows));
      else await table(rows, ['userId', 'email', 'role']);
      return;
    }
    case 'notifications test': {
      const ctx = await workspaceContext(app, required(args, 'workspace'));
      const result = await app.get(NotificationsService).sendTest(ctx, required(args, 'id'));
      await out(JSON.stringify(result));
      if (!result.ok) {
        note(`the receiver did not accept the test alert: ${result.error ?? 'no reason given'}`);
        return 1;
      }
      note(`test alert delivered through channel ${args.flags.id}`);
      return;
    }
    case 'users set-password': {
      const email = args.command[2] ?? args.flags.email;
      if (!email) throw new UsageError('users set-password needs the e-mail: users set-password EMAIL');
      const users = app.get(UsersService);
      const user = await users.findByEmail(email);
      const password = await readPassword(`Password for ${user.email} (not shown): `);
      await users.setPassword(CLI_ACTOR, user.id, { password });
      await app.get(SessionsService).endAllOf(user.id);
      note(`set the password of ${user.email}; they can sign in at the dashboard`);
      await out(user.id);
      return;
    }
    default:
      throw new UsageError(resource ? `unknown command: ${args.command.join(' ')}` : 'no command given');
  }
}

/** `import <source> FILE`: the plan first (stdout), then the import unless --dry-run. */
async function importFile(app: App, args: ParsedArgs): Promise<void> {
  const [, source, path] = args.command;
  if (!source || !path) throw new UsageError('import needs a source and a file: import <source> FILE --workspace SLUG');
  const ctx = await workspaceContext(app, required(args, 'workspace'));
  const file = await readImportFile(path);
  // Gatus substitutes ${VAR} from the environment of whoever runs it: here, this command's.
  const request = { source, file, env: process.env };
  const imports = app.get(ImportsService);
  const plan = await imports.plan(ctx, request);
  if (args.switches.has('dry-run')) {
    await out(args.switches.has('json') ? JSON.stringify(plan) : renderPlan(plan));
    note('dry run: nothing was written');
    return;
  }
  if (!args.switches.has('json')) await out(`${renderPlan(plan)}\n`);
  const result = await imports.apply(ctx, { ...request, activate: args.switches.has('activate') });
  if (args.switches.has('json')) await out(JSON.stringify(result));
  else {
    const c = result.plan.counts;
    await out(
      `Imported from ${source} into ${ctx.workspace.slug}: ${c.create} created, ${c.match} already imported, ${c.skip} skipped.`,
    );
  }
  if (!result.activated && result.plan.items.some((i) => i.kind === 'monitor' && i.action === 'create')) {
    note(
      'monitors were created inactive: activate them in the dashboard or through the API once checked (or import with --activate)',
    );
  }
}

async function readImportFile(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw ValidationError.field(
      'file',
      code === 'ENOENT' ? `${path} does not exist` : `${path} cannot be read (${code ?? 'error'})`,
    );
  }
}

/** `export terraform`: the files into --out, their paths on stdout, what is not exported on stderr. */
async function exportWorkspace(app: App, args: ParsedArgs): Promise<void> {
  const [, format] = args.command;
  if (format !== 'terraform')
    throw new UsageError('export needs a format: export terraform --workspace SLUG --out DIR');
  const ctx = await workspaceContext(app, required(args, 'workspace'));
  const dir = required(args, 'out');
  // The CDKTF project depends on this clone's construct library (cdktf/, not published), by path.
  const constructLibrary = `file:${relative(resolve(dir), join(__dirname, '..', '..', '..', 'cdktf'))}`;
  const exported = await app
    .get(ExportsService)
    .terraformFiles(ctx, args.switches.has('cdktf') ? 'cdktf' : 'hcl', { constructLibrary });
  const written = await writeExportFolder(dir, exported.files);
  for (const line of exported.notes) note(`not exported: ${line}`);
  note(
    `exported ${exported.resourceCount} resources of ${ctx.workspace.slug}` +
      (exported.variables.length
        ? `; give the ${exported.variables.length} secret variables (TF_VAR_<name>) to plan`
        : ''),
  );
  await out(written.join('\n'));
}

/** backup, restore, migrate-to-postgres: without the application context (see backup-commands.ts). */
async function runBackup(config: AppConfig, args: ParsedArgs): Promise<number> {
  try {
    await runBackupCommand(config, args, out, note);
    return 0;
  } catch (error) {
    return refusal(error);
  }
}

/** A refused command's exit code (2 for a usage error, 1 for a refusal), once its message is out. */
function refusal(error: unknown): number {
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\n\n${HELP}\n`);
    return 2;
  }
  if (isDomainError(error)) {
    process.stderr.write(`error: ${error.message}\n`);
    return 1;
  }
  throw error;
}

async function main(): Promise<number> {
  let args: ParsedArgs;
  try {
    args = parseArgs(process.argv.slice(2), new Set(['json', 'all', 'help', 'force', 'dry-run', 'activate', 'cdktf']));
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  if (args.switches.has('help') || args.command.length === 0 || args.command[0] === 'help') {
    await out(HELP);
    return 0;
  }
  let config;
  try {
    config = loadConfig({ LOG_LEVEL: 'warn', ...process.env, BOOTSTRAP: 'false' });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  if (BACKUP_COMMANDS.has(args.command[0])) return runBackup(config, args);
  const logger = createLogger(config.logLevel, pino.destination(2));
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config, logger, 'cli'), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  try {
    return (await run(app, args)) ?? 0;
  } catch (error) {
    return refusal(error);
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ClosedOutput) process.exit(CLOSED_OUTPUT_EXIT);
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
