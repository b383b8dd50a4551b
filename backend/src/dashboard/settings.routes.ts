// The dashboard's workspace settings: General (API keys: create, shown once, and revoke), Members
// (add, remove, leave) and Integrations (connected apps: disconnect). Each form calls a verb of the
// users module or of WorkspaceSettingsService and redirects, or shows the page again with the refusal.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Scope } from '../common/context';
import { MANAGER_ROLES, UsersService } from '../users/users.service';
import { settingsPath } from './components';
import { formWithError } from './dashboard-errors';
import { DashboardRequests, formOf, query, type InWorkspace } from './dashboard-requests';
import { apiKeysPage } from './pages/api-keys.page';
import { emptyForm, type FormState } from './pages/form-state';
import { integrationsPage } from './pages/integrations.page';
import { membersPage } from './pages/members.page';
import { submitForm } from './submit-form';
import { WorkspaceSettingsService } from './workspace-settings.service';

@Injectable()
export class SettingsRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(WorkspaceSettingsService) private readonly settings: WorkspaceSettingsService,
  ) {}

  register(app: FastifyInstance): void {
    this.registerApiKeys(app);
    this.registerMembersAndApps(app);
  }

  /** Settings → General → API keys. */
  private registerApiKeys(app: FastifyInstance): void {
    app.get('/app/w/:slug/settings', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const done = query(request).revoked;
        return this.renderKeys(reply, w, 200, emptyForm(), undefined, done);
      }),
    );
    app.post('/app/w/:slug/settings/api-keys', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const form = formOf(request);
        return submitForm(reply, {
          call: () => this.settings.createKey(w.ctx, { name: form.name, scope: form.scope as Scope }),
          // The key is on this answer only (no redirect: a reload must not show it again).
          done: (created) => this.renderKeys(reply, w, 200, emptyForm(), created),
          refused: ({ status, error }) => this.renderKeys(reply, w, status, formWithError(error, form)),
        });
      }),
    );
    app.post('/app/w/:slug/settings/api-keys/revoke', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const form = formOf(request);
        return submitForm(reply, {
          call: () => this.settings.revokeKey(w.ctx, form.id ?? ''),
          done: (key) => `${settingsPath(w.ctx.workspace.slug)}?revoked=${encodeURIComponent(key.prefix)}`,
          refused: ({ status, error }) => this.renderKeys(reply, w, status, formWithError(error, {})),
        });
      }),
    );
  }

  /** Settings → Members, and Settings → Integrations → Connected apps. */
  private registerMembersAndApps(app: FastifyInstance): void {
    app.get('/app/w/:slug/settings/members', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        return this.renderMembers(reply, w, 200, emptyForm(), doneMessage(query(request).done));
      }),
    );
    app.post('/app/w/:slug/settings/members', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const form = formOf(request);
        return submitForm(reply, {
          call: () => this.users.addMember(w.ctx, { email: form.email, role: form.role as 'member' }),
          done: () => `${settingsPath(w.ctx.workspace.slug, 'members')}?done=added`,
          refused: ({ status, error }) => this.renderMembers(reply, w, status, formWithError(error, form)),
        });
      }),
    );
    app.post('/app/w/:slug/settings/members/remove', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const form = formOf(request);
        return submitForm(reply, {
          call: () => this.users.removeMember(w.ctx, form.userId ?? ''),
          // Leaving a workspace oneself: its pages are no longer there.
          done: () =>
            form.userId === w.session.user.id
              ? '/app'
              : `${settingsPath(w.ctx.workspace.slug, 'members')}?done=removed`,
          refused: ({ status, error }) => this.renderMembers(reply, w, status, formWithError(error, {})),
        });
      }),
    );

    // Settings → Integrations → Connected apps.
    app.get('/app/w/:slug/settings/integrations', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const done = query(request).done === 'revoked' ? 'Disconnected the app.' : undefined;
        return this.renderIntegrations(reply, w, 200, undefined, done);
      }),
    );
    app.post('/app/w/:slug/settings/integrations/revoke', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const form = formOf(request);
        return submitForm(reply, {
          call: () => this.settings.revokeConnectedApp(w.ctx, form.grantId ?? ''),
          done: () => `${settingsPath(w.ctx.workspace.slug, 'integrations')}?done=revoked`,
          refused: ({ status, error }) => this.renderIntegrations(reply, w, status, error.message),
        });
      }),
    );
  }

  private async renderKeys(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    form: FormState,
    created?: Awaited<ReturnType<WorkspaceSettingsService['createKey']>>,
    revoked?: string,
  ): Promise<FastifyReply> {
    const keys = await this.settings.listKeys(w.ctx);
    const canManage = MANAGER_ROLES.includes(w.membership.role);
    return this.requests.page(
      reply,
      status,
      apiKeysPage(this.requests.frame(w, w.membership, 'general'), { keys, canManage, form, created, revoked }),
    );
  }

  private async renderMembers(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    form: FormState,
    done?: string,
  ): Promise<FastifyReply> {
    const members = await this.users.listMembers(w.ctx);
    const canManage = MANAGER_ROLES.includes(w.membership.role);
    return this.requests.page(
      reply,
      status,
      membersPage(this.requests.frame(w, w.membership, 'members'), { members, canManage, form, done }),
    );
  }

  private async renderIntegrations(
    reply: FastifyReply,
    w: InWorkspace,
    status: number,
    message?: string,
    done?: string,
  ): Promise<FastifyReply> {
    const apps = await this.settings.listConnectedApps(w.ctx);
    return this.requests.page(
      reply,
      status,
      integrationsPage(this.requests.frame(w, w.membership, 'integrations'), {
        apps,
        canRevokeAny: MANAGER_ROLES.includes(w.membership.role),
        userId: w.session.user.id,
        message,
        done,
      }),
    );
  }
}

function doneMessage(done: string | undefined): string | undefined {
  if (done === 'added') return 'Added the member.';
  if (done === 'removed') return 'Removed the member and disconnected their apps.';
  return undefined;
}
