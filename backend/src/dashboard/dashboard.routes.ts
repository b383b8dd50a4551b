// The dashboard's HTTP routes: plain Fastify routes under /app and /oauth/consent, registered in an
// encapsulated plugin that parses HTML forms (application/x-www-form-urlencoded). Routes only read
// the request, check the session and the CSRF token, call a service verb and render a page; every
// rule (who may do what, bounds, the last owner) lives in the verbs.
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Scope, ServiceContext } from '../common/context';
import { randomToken } from '../common/crypto';
import { isDomainError, NotFoundError, ValidationError } from '../common/errors';
import { resolveSecretKey, type AppConfig } from '../config/config';
import { APP_CONFIG, LOGGER } from '../config/config.module';
import { OAuthConsentService } from '../oauth/oauth-consent.service';
import { MANAGER_ROLES, UsersService, type UserWorkspace } from '../users/users.service';
import { settingsPath, workspacePath, type Frame, type SettingsSection, type WorkspaceArea } from './components';
import { cookieNames, parseCookies, serializeCookie, type CookieNames } from './cookies';
import { crossSiteReason, CSRF_FIELD, csrfKey, csrfToken, csrfValid } from './csrf';
import { DASHBOARD_CSS, DASHBOARD_CSS_PATH } from './dashboard.css';
import { dashboardErrorOf, formWithError } from './dashboard-errors';
import type { Html } from '../common/html';
import { apiKeysPage } from './pages/api-keys.page';
import { consentPage } from './pages/consent.page';
import { errorPage } from './pages/error.page';
import { emptyForm, type FormState } from './pages/form-state';
import { integrationsPage } from './pages/integrations.page';
import { membersPage } from './pages/members.page';
import { changesJson, OVERVIEW_SCRIPT } from './pages/overview.script';
import { monitorsOverviewPage, OVERVIEW_SCRIPT_PATH } from './pages/monitors-overview.page';
import { MonitorsOverviewService, type OverviewFilter } from '../monitors/monitors-overview.service';
import { MonitorInsightsService } from '../monitors/monitor-insights.service';
import { MonitorsService } from '../monitors/monitors.service';
import { logPage, monitorPage, monitorPath, type MonitorPageData } from './pages/monitor.page';
import { privateLocationsPage } from './pages/private-locations.page';
import { AUDIT_PER_PAGE, auditPage } from './pages/audit.page';
import { PrivateLocationsService } from '../private-locations/private-locations.service';
import { AuditService } from '../audit/audit.service';
import { linkPage, signInPage } from './pages/sign-in.page';
import { safeReturnTo } from './return-to';
import { SESSION_ABSOLUTE_MS, SessionsService, type ActiveSession } from './sessions/sessions.service';
import { SignInService } from './sign-in.service';
import { WorkspaceSettingsService } from './workspace-settings.service';

const HTML = 'text/html; charset=utf-8';
const FORM_BODY_LIMIT = 64 * 1024;
const PRE_SESSION_MAX_AGE_S = 60 * 60;
const TOKEN_SHAPE = /^[A-Za-z0-9]{43}$/;

type Form = Record<string, string>;

/** A signed-in request: the session, its CSRF token and the user's workspaces. */
interface Signed {
  session: ActiveSession;
  token: string;
  csrf: string;
  workspaces: UserWorkspace[];
}

/** A signed-in request on one of the user's workspaces. */
interface InWorkspace extends Signed {
  ctx: ServiceContext;
  membership: UserWorkspace;
}

/** Answered from inside a handler to stop it (a redirect to sign in, a refused form). */
class Answer extends Error {
  constructor(
    readonly status: number,
    readonly body: Html | null,
    readonly location?: string,
  ) {
    super(`dashboard answer ${status}`);
  }
}

@Injectable()
export class DashboardRoutes implements OnModuleInit {
  private readonly cookies: CookieNames;
  private readonly allowedOrigins: string[];
  private csrfKeyValue: Buffer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(SignInService) private readonly signIn: SignInService,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(WorkspaceSettingsService) private readonly settings: WorkspaceSettingsService,
    @Inject(OAuthConsentService) private readonly consent: OAuthConsentService,
    @Inject(MonitorsOverviewService) private readonly overview: MonitorsOverviewService,
    @Inject(MonitorInsightsService) private readonly insights: MonitorInsightsService,
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(PrivateLocationsService) private readonly privateLocations: PrivateLocationsService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {
    this.cookies = cookieNames(config.dashboardUrl);
    this.allowedOrigins = [config.dashboardUrl, config.baseUrl, config.oauthIssuer].map((u) => new URL(u).origin);
  }

  /** Derived on first use: outside production the secret key is created in the data folder on demand. */
  private get csrfKey(): Buffer {
    return (this.csrfKeyValue ??= csrfKey(resolveSecretKey(this.config)));
  }

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
      return this.page(reply, status, errorPage(status === 500 ? 'Error' : 'Bad request', message));
    });

    app.get(DASHBOARD_CSS_PATH, (_request, reply) =>
      reply.header('content-type', 'text/css; charset=utf-8').send(DASHBOARD_CSS),
    );

    app.get('/app', (request, reply) =>
      this.handle(request, reply, async () => {
        const signed = await this.requireSession(request);
        const first = signed.workspaces[0];
        if (!first) {
          return this.page(
            reply,
            200,
            errorPage(
              'No workspace',
              'You are not a member of any workspace yet. Ask an owner to add you.',
              this.frame(signed),
            ),
          );
        }
        return reply.redirect(workspacePath(first.workspace.slug, 'monitors'), 303);
      }),
    );

    // Sign in and out.
    app.get('/app/sign-in', (request, reply) =>
      this.handle(request, reply, async () => {
        const next = safeReturnTo(query(request).next);
        if (await this.currentSession(request)) return reply.redirect(next, 303);
        return this.page(reply, 200, signInPage(this.preSessionCsrf(request, reply), next, emptyForm()));
      }),
    );
    app.post('/app/sign-in', (request, reply) =>
      this.handle(request, reply, async () => {
        const form = this.requirePreSessionForm(request, reply);
        const next = safeReturnTo(form.next);
        const render = (status: number, state: FormState) =>
          this.page(reply, status, signInPage(this.preSessionCsrf(request, reply), next, state));
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
          this.setSessionCookie(reply, result.token, SESSION_ABSOLUTE_MS / 1000);
          return reply.redirect(next, 303);
        } catch (error) {
          if (!isDomainError(error)) throw error;
          return render(dashboardErrorOf(error.code).status, formWithError(error, form));
        }
      }),
    );
    app.post('/app/sign-out', (request, reply) =>
      this.handle(request, reply, async () => {
        const signed = await this.requireSessionForm(request);
        await this.signIn.signOut(signed.token);
        this.setSessionCookie(reply, '', 0);
        return reply.redirect('/app/sign-in', 303);
      }),
    );

    // One-time sign-in links (first start): choose a password, then be signed in.
    app.get('/app/sign-in/link', (request, reply) =>
      this.handle(request, reply, async () => {
        const token = query(request).token;
        await this.sessions.checkSignInLink(token);
        // The token is in this page's URL: no Referer may carry it elsewhere.
        reply.header('referrer-policy', 'no-referrer');
        return this.page(reply, 200, linkPage(this.preSessionCsrf(request, reply), token ?? '', emptyForm()));
      }),
    );
    app.post('/app/sign-in/link', (request, reply) =>
      this.handle(request, reply, async () => {
        const form = this.requirePreSessionForm(request, reply);
        try {
          const session = await this.signIn.redeemLink(form.token, form.password);
          this.setSessionCookie(reply, session.token, SESSION_ABSOLUTE_MS / 1000);
          return reply.redirect('/app', 303);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          const state = formWithError(error, form);
          return this.page(
            reply,
            dashboardErrorOf(error.code).status,
            linkPage(this.preSessionCsrf(request, reply), form.token ?? '', state),
          );
        }
      }),
    );

    // Monitors: the overview and its live updates.
    app.get(OVERVIEW_SCRIPT_PATH, (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').send(OVERVIEW_SCRIPT),
    );
    app.get('/app/w/:slug', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, false);
        return reply.redirect(workspacePath(w.ctx.workspace.slug, 'monitors'), 303);
      }),
    );
    app.get('/app/w/:slug/monitors', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, false);
        const q = query(request);
        const filter = { status: q.status || undefined, kind: q.kind || undefined, q: q.q || undefined };
        const frame = this.frame(w, w.membership, undefined, 'monitors');
        try {
          const overview = await this.overview.overview(w.ctx, filter as OverviewFilter);
          return this.page(reply, 200, monitorsOverviewPage(frame, { overview, filter: filter as OverviewFilter }));
        } catch (error) {
          if (!isDomainError(error) || error.code !== 'VALIDATION') throw error;
          const overview = await this.overview.overview(w.ctx);
          return this.page(reply, 400, monitorsOverviewPage(frame, { overview, filter: {}, error: error.message }));
        }
      }),
    );
    app.get('/app/w/:slug/monitors/changes.json', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, false);
        const since = new Date(query(request).since ?? '');
        if (Number.isNaN(since.getTime())) throw ValidationError.field('since', 'must be an ISO 8601 date and time');
        const changes = await this.overview.changes(w.ctx, since);
        return reply.header('content-type', 'application/json; charset=utf-8').send(changesJson(changes));
      }),
    );

    app.get('/app/w/:slug/monitors/:id', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, false);
        const id = (request.params as { id: string }).id;
        const q = query(request);
        return this.renderMonitor(reply, w, id, q, q.triggered === '1');
      }),
    );
    app.post('/app/w/:slug/monitors/:id/trigger', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, true);
        const id = (request.params as { id: string }).id;
        try {
          await this.monitors.trigger(w.ctx, id);
        } catch (error) {
          if (!isDomainError(error) || !dashboardErrorOf(error.code).onForm) throw error;
          return this.renderMonitor(reply, w, id, {}, false, error.message, dashboardErrorOf(error.code).status);
        }
        return reply.redirect(`${monitorPath(w.ctx.workspace.slug, id)}?triggered=1`, 303);
      }),
    );
    app.get('/app/w/:slug/monitors/:id/logs/:logId', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, false);
        const { id, logId } = request.params as { id: string; logId: string };
        const monitor = await this.monitors.get(w.ctx, id);
        const log = await this.monitors.getResponseLog(w.ctx, id, logId);
        return this.page(reply, 200, logPage(this.frame(w, w.membership, undefined, 'monitors'), { monitor, log }));
      }),
    );

    // Private locations and the audit log.
    app.get('/app/w/:slug/private-locations', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, false);
        const [locations, monitorNames] = await Promise.all([
          this.privateLocations.list(w.ctx, { limit: 100 }),
          this.overview.names(w.ctx),
        ]);
        return this.page(
          reply,
          200,
          privateLocationsPage(this.frame(w, w.membership, undefined, 'private-locations'), {
            locations: locations.items,
            total: locations.totalSize,
            monitorNames,
            apiUrl: this.config.baseUrl,
          }),
        );
      }),
    );
    app.get('/app/w/:slug/audit', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, false);
        const q = query(request);
        const page = Math.max(1, Math.floor(Number(q.page ?? 1)) || 1);
        const filter = {
          entityType: q.entityType || undefined,
          entityId: q.entityId || undefined,
          actor: q.actor || undefined,
          page,
        };
        const people = new Map((await this.users.listMembers(w.ctx)).map((m) => [m.userId, m.user?.email ?? m.userId]));
        const frame = this.frame(w, w.membership, undefined, 'audit');
        try {
          const listed = await this.audit.list(w.ctx, { ...filter, page, perPage: AUDIT_PER_PAGE });
          return this.page(
            reply,
            200,
            auditPage(frame, { entries: listed.items, total: listed.totalSize, filter, people }),
          );
        } catch (error) {
          if (!isDomainError(error) || !['VALIDATION', 'PRECONDITION_FAILED'].includes(error.code)) throw error;
          return this.page(
            reply,
            dashboardErrorOf(error.code).status,
            auditPage(frame, { entries: [], total: 0, filter, people, message: error.message }),
          );
        }
      }),
    );

    // Settings → General → API keys.
    app.get('/app/w/:slug/settings', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, false);
        const done = query(request).revoked;
        return this.renderKeys(reply, w, 200, emptyForm(), undefined, done);
      }),
    );
    app.post('/app/w/:slug/settings/api-keys', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, true);
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
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, true);
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
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, false);
        return this.renderMembers(reply, w, 200, emptyForm(), doneMessage(query(request).done));
      }),
    );
    app.post('/app/w/:slug/settings/members', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, true);
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
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, true);
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
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, false);
        const done = query(request).done === 'revoked' ? 'Disconnected the app.' : undefined;
        return this.renderIntegrations(reply, w, 200, undefined, done);
      }),
    );
    app.post('/app/w/:slug/settings/integrations/revoke', (request, reply) =>
      this.handle(request, reply, async () => {
        const w = await this.requireWorkspace(request, true);
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
      this.handle(request, reply, async () => {
        const requestId = query(request).request ?? '';
        const signed = await this.currentSession(request);
        if (!signed) {
          const next = `/oauth/consent?request=${encodeURIComponent(requestId)}`;
          return reply.redirect(`/app/sign-in?next=${encodeURIComponent(next)}`, 303);
        }
        const pending = await this.consent.pending(requestId);
        return this.page(reply, 200, consentPage(this.frame(signed), { pending }));
      }),
    );
    app.post('/oauth/consent', (request, reply) =>
      this.handle(request, reply, async () => {
        const signed = await this.requireSessionForm(request);
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
          return this.page(
            reply,
            400,
            consentPage(this.frame(signed), {
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

  private page(reply: FastifyReply, status: number, body: Html): FastifyReply {
    return reply.status(status).header('content-type', HTML).send(body.value);
  }

  private frame(
    signed: Signed,
    membership?: UserWorkspace,
    section?: SettingsSection,
    area: WorkspaceArea | undefined = section ? 'settings' : undefined,
  ): Frame {
    return {
      email: signed.session.user.email,
      csrf: signed.csrf,
      workspaces: signed.workspaces,
      current: membership && {
        slug: membership.workspace.slug,
        name: membership.workspace.name,
        role: membership.role,
        area,
        section,
      },
    };
  }

  private async renderMonitor(
    reply: FastifyReply,
    w: InWorkspace,
    id: string,
    q: Record<string, string | undefined>,
    triggered: boolean,
    message?: string,
    status = 200,
  ): Promise<FastifyReply> {
    const insights = await this.insights.detail(w.ctx, id, q.range || '1d');
    const logsQuery = { region: q.region || undefined, status: q.status || undefined, offset: Number(q.offset ?? 0) };
    let logs: MonitorPageData['logs'] = null;
    let logsMessage: string | undefined;
    if (insights.monitor.kind === 'http') {
      try {
        const page = await this.monitors.listResponseLogs(w.ctx, id, { ...logsQuery, limit: 25 });
        logs = { rows: page.logs, hasMore: page.hasMore, nextOffset: page.nextOffset, query: logsQuery };
      } catch (error) {
        if (!isDomainError(error) || !['VALIDATION', 'FORBIDDEN'].includes(error.code)) throw error;
        logsMessage =
          error.code === 'FORBIDDEN' ? 'Response logs are part of the plans with response logs.' : error.message;
        if (error.code === 'VALIDATION') {
          const all = await this.monitors.listResponseLogs(w.ctx, id, { limit: 25 });
          logs = { rows: all.logs, hasMore: all.hasMore, nextOffset: all.nextOffset, query: {} };
        }
      }
    }
    return this.page(
      reply,
      status,
      monitorPage(this.frame(w, w.membership, undefined, 'monitors'), {
        insights,
        logs,
        logsMessage,
        canWrite: w.ctx.scope === 'write',
        triggered,
        message,
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
    return this.page(
      reply,
      status,
      apiKeysPage(this.frame(w, w.membership, 'general'), { keys, canManage, form, created, revoked }),
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
    return this.page(
      reply,
      status,
      membersPage(this.frame(w, w.membership, 'members'), { members, canManage, form, done }),
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
    return this.page(
      reply,
      status,
      integrationsPage(this.frame(w, w.membership, 'integrations'), {
        apps,
        canRevokeAny: MANAGER_ROLES.includes(w.membership.role),
        userId: w.session.user.id,
        message,
        done,
      }),
    );
  }

  // Sessions, CSRF and the workspace of the path.

  /** Runs a handler; answers domain errors with the error page of dashboard-errors.ts. */
  private async handle(
    request: FastifyRequest,
    reply: FastifyReply,
    fn: () => Promise<FastifyReply>,
  ): Promise<FastifyReply> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof Answer) {
        if (error.location) return reply.redirect(error.location, error.status);
        return this.page(reply, error.status, error.body!);
      }
      if (!isDomainError(error)) throw error;
      const view = dashboardErrorOf(error.code);
      const signed = await this.currentSession(request).catch(() => null);
      return this.page(
        reply,
        view.status,
        errorPage(view.title, error.message, signed ? this.frame(signed) : undefined),
      );
    }
  }

  private async currentSession(request: FastifyRequest): Promise<Signed | null> {
    const token = parseCookies(request.headers.cookie).get(this.cookies.session);
    const session = await this.sessions.resolve(token);
    if (!session || !token) return null;
    const workspaces = await this.users.listWorkspacesOf(session.user.id);
    return { session, token, csrf: csrfToken(this.csrfKey, token), workspaces };
  }

  /** The session of a page; without one, to the sign-in page and back. */
  private async requireSession(request: FastifyRequest): Promise<Signed> {
    const signed = await this.currentSession(request);
    if (!signed) {
      const next = safeReturnTo(request.url);
      throw new Answer(303, null, `/app/sign-in?next=${encodeURIComponent(next)}`);
    }
    return signed;
  }

  /** The session of a form: same-origin, signed in, and the session's CSRF token. */
  private async requireSessionForm(request: FastifyRequest): Promise<Signed> {
    this.refuseCrossSite(request);
    const signed = await this.currentSession(request);
    if (!signed) {
      throw new Answer(
        403,
        errorPage('Signed out', 'Your session has ended. Sign in again, then send the form again.'),
      );
    }
    if (!csrfValid(this.csrfKey, signed.token, formOf(request)[CSRF_FIELD])) {
      throw new Answer(
        403,
        errorPage(
          'Form expired',
          'This form is not valid any more (its security token is missing or wrong). Reload the page and send it again.',
          this.frame(signed),
        ),
      );
    }
    return signed;
  }

  private refuseCrossSite(request: FastifyRequest): void {
    const reason = crossSiteReason(request.headers, this.allowedOrigins);
    if (reason) throw new Answer(403, errorPage('Refused', `Refused: ${reason}.`));
  }

  /** The form of a sign-in page (no session yet): same-origin and the pre-session cookie's token. */
  private requirePreSessionForm(request: FastifyRequest, reply: FastifyReply): Form {
    this.refuseCrossSite(request);
    const form = formOf(request);
    const binding = parseCookies(request.headers.cookie).get(this.cookies.preSession);
    if (!csrfValid(this.csrfKey, binding, form[CSRF_FIELD])) {
      // A fresh pre-session cookie comes with the answer, so a reload of the form works.
      this.preSessionCsrf(request, reply);
      throw new Answer(
        403,
        errorPage(
          'Form expired',
          'This form is not valid any more (its security token is missing or wrong). Go back, reload the page and send it again.',
        ),
      );
    }
    return form;
  }

  /** The CSRF token of the sign-in forms, setting the pre-session cookie when the browser has none. */
  private preSessionCsrf(request: FastifyRequest, reply: FastifyReply): string {
    let binding = parseCookies(request.headers.cookie).get(this.cookies.preSession);
    if (!binding || !TOKEN_SHAPE.test(binding)) {
      binding = randomToken(43);
      reply.header(
        'set-cookie',
        serializeCookie(this.cookies.preSession, binding, {
          maxAgeSeconds: PRE_SESSION_MAX_AGE_S,
          secure: this.cookies.secure,
        }),
      );
    }
    return csrfToken(this.csrfKey, binding);
  }

  private setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
    reply.header(
      'set-cookie',
      serializeCookie(this.cookies.session, token, { maxAgeSeconds, secure: this.cookies.secure }),
    );
  }

  /** The signed-in user's workspace named by the path; NotFound when they are not a member. */
  private async requireWorkspace(request: FastifyRequest, form: boolean): Promise<InWorkspace> {
    const signed = form ? await this.requireSessionForm(request) : await this.requireSession(request);
    const slug = (request.params as { slug?: string }).slug ?? '';
    const membership = signed.workspaces.find((w) => w.workspace.slug === slug);
    if (!membership) throw NotFoundError.of('workspace', slug);
    const ctx: ServiceContext = {
      workspace: { id: membership.workspace.id, slug: membership.workspace.slug, plan: membership.workspace.plan },
      actor: { type: 'user', userId: signed.session.user.id },
      scope: 'write',
      via: 'dashboard',
    };
    return { ...signed, ctx, membership };
  }
}

function query(request: FastifyRequest): Record<string, string | undefined> {
  const q = request.query as Record<string, unknown>;
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(q ?? {})) {
    out[key] =
      typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
  }
  return out;
}

/** The fields of a urlencoded form; the first of a repeated name wins. */
export function parseForm(body: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (!(key in form)) form[key] = value;
  }
  return form;
}

function formOf(request: FastifyRequest): Form {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Answer(400, errorPage('Bad request', 'Send the form as application/x-www-form-urlencoded.'));
  }
  const form: Form = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') form[key] = value;
  }
  return form;
}

function doneMessage(done: string | undefined): string | undefined {
  if (done === 'added') return 'Added the member.';
  if (done === 'removed') return 'Removed the member and disconnected their apps.';
  return undefined;
}
