// On the first start against an empty database: a workspace, its owner and a write key, so a new
// user makes an authenticated call within a minute, and a one-time link that lets the owner choose a
// password and sign in to the dashboard. Runs once, under a lock, whatever the number of API nodes
// starting together. On later starts, while the first owner still has no password, a fresh link is
// printed (the first one may be lost or expired after its 24 hours); once a password is set, nothing.
// The server calls `greet` once its listeners are up, so the printed links name the ports in use.
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { systemContext } from '../common/context';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, LOGGER } from '../config/config.module';
import { SessionsService } from '../dashboard/sessions/sessions.service';
import { Database } from '../database/database';
import { UsersService } from '../users/users.service';
import { toWorkspaceRef, WorkspacesService } from '../workspaces/workspaces.service';

const BOOTSTRAP_LOCK = 7_270_002;
export const BOOTSTRAP_OWNER_EMAIL = 'owner@uptime.local';
const MORE_KEYS_COMMAND = 'npm run --silent cli -- api-keys create --workspace default --scope read';
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * An origin as the terminal should show it: a local origin on the configured API port names the port
 * actually listened on (they differ under PORT=0, which picks a free one).
 */
export function listeningOrigin(origin: string, configuredPort: number, actualPort: number): string {
  const url = new URL(origin);
  if (configuredPort === actualPort || !LOCAL_HOSTS.includes(url.hostname)) return origin;
  if (url.port !== String(configuredPort)) return origin;
  url.port = String(actualPort);
  return url.origin;
}

export interface FirstRunResult {
  workspaceSlug: string;
  key: string;
  /** The owner's one-time sign-in link (24 h, single use). */
  signInUrl: string;
}

@Injectable()
export class FirstRunService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(Database) private readonly db: Database,
    @Inject(WorkspacesService) private readonly workspaces: WorkspacesService,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(ApiKeysService) private readonly apiKeys: ApiKeysService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  /**
   * The first start's work and what it prints: the first workspace, key and link, or a fresh link
   * while the owner has no password. `apiPort` is the port the API listens on (PORT=0 picks one).
   */
  async greet(apiPort: number): Promise<void> {
    if (!this.config.bootstrap) return;
    const links = {
      api: listeningOrigin(this.config.baseUrl, this.config.port, apiPort),
      dashboard: listeningOrigin(this.config.dashboardUrl, this.config.port, apiPort),
    };
    const result = await this.run(links.dashboard);
    if (result) {
      this.announce(result, links.api);
      return;
    }
    const link = await this.ownerLinkIfNoPassword(links.dashboard);
    if (link) this.announceLink(link);
  }

  /** Creates the first workspace when there is none; returns null when the database was not empty. */
  async run(dashboardOrigin = this.config.dashboardUrl): Promise<FirstRunResult | null> {
    const installer = {
      actor: { type: 'system', name: 'first-run' } as const,
      scope: 'write' as const,
      via: 'system' as const,
    };
    return this.db.transaction(async () => {
      await this.db.lockJob(BOOTSTRAP_LOCK);
      if ((await this.workspaces.count()) > 0) return null;
      const workspace = await this.workspaces.create(installer, {
        name: 'Default workspace',
        slug: 'default',
        plan: 'pro',
      });
      const ctx = systemContext(toWorkspaceRef(workspace), 'first-run');
      const { user } = await this.users.addMember(ctx, { email: BOOTSTRAP_OWNER_EMAIL, name: 'Owner', role: 'owner' });
      const { key } = await this.apiKeys.create(ctx, {
        name: 'first-run key',
        scope: 'write',
        createdByUserId: user.id,
      });
      return { workspaceSlug: workspace.slug, key, signInUrl: await this.signInUrl(user.id, dashboardOrigin) };
    });
  }

  /** A fresh one-time link while the first owner has no password yet; null once they have one. */
  async ownerLinkIfNoPassword(dashboardOrigin = this.config.dashboardUrl): Promise<string | null> {
    const owner = await this.users.findByEmail(BOOTSTRAP_OWNER_EMAIL).catch(() => null);
    if (!owner || owner.passwordHash !== null) return null;
    return this.signInUrl(owner.id, dashboardOrigin);
  }

  private async signInUrl(userId: string, dashboardOrigin: string): Promise<string> {
    const token = await this.sessions.createSignInLink(userId);
    return `${dashboardOrigin}/app/sign-in/link?token=${token}`;
  }

  /** Shows the first key once, on the terminal (stderr), never through the structured log. */
  announce(result: FirstRunResult, apiOrigin = this.config.baseUrl): void {
    if (this.config.production) {
      this.logger.info(
        { workspace: result.workspaceSlug },
        `created the first workspace; create an API key with \`npm run cli -- api-keys create --workspace default --scope write\` and set the owner's password with \`npm run cli -- users set-password ${BOOTSTRAP_OWNER_EMAIL}\``,
      );
      return;
    }
    process.stderr.write(
      [
        '',
        '  First start: created workspace "default" with a read and write API key.',
        '  It is shown only this once; keep it somewhere safe:',
        '',
        `    export SERVICE_API_KEY=${result.key}`,
        `    curl -H "x-service-key: $SERVICE_API_KEY" ${apiOrigin}/v1/whoami`,
        '',
        // A command as it can be pasted: a choice such as `read|write` would pipe into a program.
        '  More keys (read only; --scope write for read and write):',
        '',
        `    ${MORE_KEYS_COMMAND}`,
        '',
        `  Sign in to the dashboard as ${BOOTSTRAP_OWNER_EMAIL} (this link works once, for 24 hours):`,
        '',
        `    ${result.signInUrl}`,
        '',
        '',
      ].join('\n'),
    );
  }

  /** On a later start while the first owner has no password: a fresh link, on the terminal only. */
  announceLink(signInUrl: string): void {
    if (this.config.production) {
      this.logger.info(
        `the first owner has no password yet; set one with \`npm run cli -- users set-password ${BOOTSTRAP_OWNER_EMAIL}\``,
      );
      return;
    }
    process.stderr.write(
      [
        '',
        `  ${BOOTSTRAP_OWNER_EMAIL} has no password yet. Sign in to the dashboard with this link (once, within 24 hours):`,
        '',
        `    ${signInUrl}`,
        '',
        `  or set one: npm run cli -- users set-password ${BOOTSTRAP_OWNER_EMAIL}`,
        '',
        '',
      ].join('\n'),
    );
  }
}
