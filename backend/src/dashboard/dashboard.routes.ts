// The dashboard's HTTP routes: plain Fastify routes under /app and /oauth/consent, registered in an
// encapsulated plugin that parses HTML forms (application/x-www-form-urlencoded). Routes only read
// the request, check the session and the CSRF token (dashboard-requests.ts), call a service verb and
// render a page; every rule (who may do what, bounds, the last owner) lives in the verbs. Here: sign-in,
// settings and consent; the monitoring pages are in workspace-pages.routes.ts.
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { Scope } from '../common/context';
import { isDomainError, ValidationError } from '../common/errors';
import { LOGGER } from '../config/config.module';
import { OAuthConsentService } from '../oauth/oauth-consent.service';
import { MANAGER_ROLES, UsersService } from '../users/users.service';
import { settingsPath, workspacePath } from './components';
import { DASHBOARD_CSS, DASHBOARD_CSS_PATH } from './dashboard.css';
import { dashboardErrorOf, formWithError } from './dashboard-errors';
import { DashboardRequests, formOf, parseForm, query, type InWorkspace } from './dashboard-requests';
import { apiKeysPage } from './pages/api-keys.page';
import { consentPage } from './pages/consent.page';
import { errorPage } from './pages/error.page';
import { emptyForm, type FormState } from './pages/form-state';
import { integrationsPage } from './pages/integrations.page';
import { membersPage } from './pages/members.page';
import { linkPage, signInPage } from './pages/sign-in.page';
import { safeReturnTo } from './return-to';
import { SESSION_ABSOLUTE_MS, SessionsService } from './sessions/sessions.service';
import { SignInService } from './sign-in.service';
import { MonitorFormsRoutes } from './monitor-forms.routes';
import { NotificationFormsRoutes } from './notification-forms.routes';
import { PrivateLocationFormsRoutes } from './private-location-forms.routes';
import { StatusPageFormsRoutes } from './status-page-forms.routes';
import { ComponentFormsRoutes } from './component-forms.routes';
import { WorkspacePagesRoutes } from './workspace-pages.routes';
import { WorkspaceSettingsService } from './workspace-settings.service';

const FORM_BODY_LIMIT = 64 * 1024;

@Injectable()
export class DashboardRoutes implements OnModuleInit {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(SignInService) private readonly signIn: SignInService,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(WorkspaceSettingsService) private readonly settings: WorkspaceSettingsService,
    @Inject(OAuthConsentService) private readonly consent: OAuthConsentService,
    @Inject(WorkspacePagesRoutes) private readonly workspacePages: WorkspacePagesRoutes,
    @Inject(MonitorFormsRoutes) private readonly monitorForms: MonitorFormsRoutes,
    @Inject(StatusPageFormsRoutes) private readonly statusPageForms: StatusPageFormsRoutes,
    @Inject(ComponentFormsRoutes) private readonly componentForms: ComponentFormsRoutes,
    @Inject(PrivateLocationFormsRoutes) private readonly privateLocationForms: PrivateLocationFormsRoutes,
    @Inject(NotificationFormsRoutes) private readonly notificationForms: NotificationFormsRoutes,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    void fastify.register((instance, _opts, done) => {
      this.register(instance);
      done();
    });
  }

  private register(app: FastifyInstance): void {
    // Forms only; a body this scope cannot read is answered 400/413/415 by the error handler below.
    if (app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.removeContentTypeParser('application/x-www-form-urlencoded');
    }
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, parseForm(body as string)),
    );
    app.addHook('onSend', (_request, reply, payload, done) => {
      // Pages are per person and hold CSRF tokens (and once an API key): never cached, never framed.
      reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
      reply.header('x-frame-options', 'DENY');
      // No form-action: the consent form's answer redirects to the client's own redirect URI.
      reply.header(
        'content-security-policy',
        "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'",
      );
      done(null, payload);
    });
    app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) this.logger.error({ err: error, url: request.url }, 'dashboard request failed');
      const message =
        status === 500
          ? 'Something went wrong on our side. Try again in a moment.'
          : status === 413
            ? `The form is too large (at most ${FORM_BODY_LIMIT / 1024} KiB).`
            : status === 415
              ? 'Send the form as application/x-www-form-urlencoded.'
              : 'The request could not be read.';
      return this.requests.page(reply, status, errorPage(status === 500 ? 'Error' : 'Bad request', message));
    });

    app.get(DASHBOARD_CSS_PATH, (_request, reply) =>
      reply.header('content-type', 'text/css; charset=utf-8').send(DASHBOARD_CSS),
    );

    app.get('/app', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const signed = await this.requests.requireSession(request);
        const first = signed.workspaces[0];
        if (!first) {
          return this.requests.page(
            reply,
            200,
            errorPage(
              'No workspace',
              'You are not a member of any workspace yet. Ask an owner to add you.',
              this.requests.frame(signed),
            ),
          );
        }
        return reply.redirect(workspacePath(first.workspace.slug, 'monitors'), 303);
      }),
    );

    // Sign in and out.
    app.get('/app/sign-in', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const next = safeReturnTo(query(request).next);
        if (await this.requests.currentSession(request)) return reply.redirect(next, 303);
        return this.requests.page(
          reply,
          200,
          signInPage(this.requests.preSessionCsrf(request, reply), next, emptyForm()),
        );
      }),
    );
    app.post('/app/sign-in', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const form = this.requests.requirePreSessionForm(request, reply);
        const next = safeReturnTo(form.next);
        const render = (status: number, state: FormState) =>
          this.requests.page(reply, status, signInPage(this.requests.preSessionCsrf(request, reply), next, state));
        try {
          const result = await this.signIn.signIn({ email: form.email, password: form.password }, request.ip);
          if (result.kind === 'throttled') {
            reply.header('retry-after', String(result.retryAfterSeconds));
            return render(429, {
              values: { email: form.email ?? '' },
              errors: {},
              message: `Too many failed sign-ins. Try again in ${result.retryAfterSeconds} seconds.`,
            });
          }
          this.requests.setSessionCookie(reply, result.token, SESSION_ABSOLUTE_MS / 1000);
          return reply.redirect(next, 303);
        } catch (error) {
          if (!isDomainError(error)) throw error;
          return render(dashboardErrorOf(error.code).status, formWithError(error, form));
        }
      }),
    );
    app.post('/app/sign-out', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const signed = await this.requests.requireSessionForm(request);
        await this.signIn.signOut(signed.token);
        this.requests.setSessionCookie(reply, '', 0);
        return reply.redirect('/app/sign-in', 303);
      }),
    );

    // One-time sign-in links (first start): choose a password, then be signed in.
    app.get('/app/sign-in/link', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const token = query(request).token;
        await this.sessions.checkSignInLink(token);
        // The token is in this page's URL: no Referer may carry it elsewhere.
        reply.header('referrer-policy', 'no-referrer');
        return this.requests.page(
          reply,
          200,
          linkPage(this.requests.preSessionCsrf(request, reply), token ?? '', emptyForm()),
        );
      }),
    );
    app.post('/app/sign-in/link', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const form = this.requests.requirePreSessionForm(request, reply);
        try {
          const session = await this.signIn.redeemLink(form.token, form.password);
          this.requests.setSessionCookie(reply, session.token, SESSION_ABSOLUTE_MS / 1000);
          return reply.redirect('/app', 303);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          const state = formWithError(error, form);
          return this.requests.page(
            reply,
            dashboardErrorOf(error.code).status,
            linkPage(this.requests.preSessionCsrf(request, reply), form.token ?? '', state),
          );
        }
      }),
    );

    this.workspacePages.register(app);
    this.monitorForms.register(app);
    this.statusPageForms.register(app);
    this.componentForms.register(app);
    this.privateLocationForms.register(app);
    this.notificationForms.register(app);

    // Settings → General → API keys.
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
        try {
          const created = await this.settings.createKey(w.ctx, { name: form.name, scope: form.scope as Scope });
          return this.renderKeys(reply, w, 200, emptyForm(), created);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          return this.renderKeys(reply, w, dashboardErrorOf(error.code).status, formWithError(error, form));
        }
      }),
    );
    app.post('/app/w/:slug/settings/api-keys/revoke', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const form = formOf(request);
        try {
          const key = await this.settings.revokeKey(w.ctx, form.id ?? '');
          return reply.redirect(`${settingsPath(w.ctx.workspace.slug)}?revoked=${encodeURIComponent(key.prefix)}`, 303);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          return this.renderKeys(reply, w, dashboardErrorOf(error.code).status, formWithError(error, {}));
        }
      }),
    );

    // Settings → Members.
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
        try {
          await this.users.addMember(w.ctx, { email: form.email, role: form.role as 'member' });
          return reply.redirect(`${settingsPath(w.ctx.workspace.slug, 'members')}?done=added`, 303);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          return this.renderMembers(reply, w, dashboardErrorOf(error.code).status, formWithError(error, form));
        }
      }),
    );
    app.post('/app/w/:slug/settings/members/remove', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, true);
        const form = formOf(request);
        try {
          await this.users.removeMember(w.ctx, form.userId ?? '');
          // Leaving a workspace oneself: its pages are no longer there.
          if (form.userId === w.session.user.id) return reply.redirect('/app', 303);
          return reply.redirect(`${settingsPath(w.ctx.workspace.slug, 'members')}?done=removed`, 303);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          return this.renderMembers(reply, w, dashboardErrorOf(error.code).status, formWithError(error, {}));
        }
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
        try {
          await this.settings.revokeConnectedApp(w.ctx, form.grantId ?? '');
          return reply.redirect(`${settingsPath(w.ctx.workspace.slug, 'integrations')}?done=revoked`, 303);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          return this.renderIntegrations(reply, w, dashboardErrorOf(error.code).status, error.message);
        }
      }),
    );

    // OAuth consent (the authorization endpoint sends the browser here).
    app.get('/oauth/consent', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const requestId = query(request).request ?? '';
        const signed = await this.requests.currentSession(request);
        if (!signed) {
          const next = `/oauth/consent?request=${encodeURIComponent(requestId)}`;
          return reply.redirect(`/app/sign-in?next=${encodeURIComponent(next)}`, 303);
        }
        const pending = await this.consent.pending(requestId);
        return this.requests.page(reply, 200, consentPage(this.requests.frame(signed), { pending }));
      }),
    );
    app.post('/oauth/consent', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const signed = await this.requests.requireSessionForm(request);
        const form = formOf(request);
        const requestId = query(request).request ?? form.request ?? '';
        if (form.decision === 'deny') {
          return reply.redirect(await this.consent.deny(requestId, signed.session.user.id), 303);
        }
        if (form.decision !== 'approve') throw ValidationError.field('decision', 'must be approve or deny');
        const workspace = signed.workspaces.find((w) => w.workspace.id === form.workspaceId);
        try {
          // A workspace the user is not in is refused by the verb as unknown, like a made-up id.
          const target = await this.consent.approve(requestId, {
            userId: signed.session.user.id,
            workspaceId: workspace?.workspace.id ?? form.workspaceId ?? '',
            scope: form.scope as Scope,
          });
          return reply.redirect(target, 303);
        } catch (error) {
          if (!isDomainError(error) || error.code !== 'VALIDATION') throw error;
          const pending = await this.consent.pending(requestId);
          return this.requests.page(
            reply,
            400,
            consentPage(this.requests.frame(signed), {
              pending,
              message: error.message,
              workspaceId: form.workspaceId,
              scope: form.scope,
            }),
          );
        }
      }),
    );
  }

  // Rendering.

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
