// The dashboard's HTTP routes: plain Fastify routes under /app and /oauth/consent, registered in an
// encapsulated plugin that parses HTML forms (application/x-www-form-urlencoded). Routes only read
// the request, check the session and the CSRF token (dashboard-requests.ts), call a service verb and
// render a page; every rule (who may do what, bounds, the last owner) lives in the verbs. Here: the
// plugin itself (parser, headers, error page), sign-in and consent; the other routes are registered
// from their own files (*.routes.ts).
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Scope } from '../common/context';
import { ValidationError } from '../common/errors';
import { LOGGER } from '../config/config.module';
import { OAuthConsentService } from '../oauth/oauth-consent.service';
import { workspacePath } from './components';
import { DASHBOARD_CSS, DASHBOARD_CSS_PATH } from './dashboard.css';
import { formWithError } from './dashboard-errors';
import { DashboardRequests, formOf, parseForm, query } from './dashboard-requests';
import { consentPage } from './pages/consent.page';
import { errorPage } from './pages/error.page';
import { emptyForm, type FormState } from './pages/form-state';
import { linkPage, signInPage } from './pages/sign-in.page';
import { safeReturnTo } from './return-to';
import { SESSION_ABSOLUTE_MS, SessionsService } from './sessions/sessions.service';
import { SettingsRoutes } from './settings.routes';
import { SlaRoutes } from './sla.routes';
import { AlertLinkRoutes } from './alert-link.routes';
import { AlertsRoutes } from './alerts.routes';
import { ExportRoutes } from './export.routes';
import { ImportRoutes } from './import.routes';
import { SignInService } from './sign-in.service';
import { MonitorFormsRoutes } from './monitor-forms.routes';
import { NotificationFormsRoutes } from './notification-forms.routes';
import { EscalationPolicyFormsRoutes } from './escalation-policy-forms.routes';
import { PrivateLocationFormsRoutes } from './private-location-forms.routes';
import { submitForm } from './submit-form';
import { StatusPageComponentsRoutes } from './status-page-components.routes';
import { StatusPageGroupsRoutes } from './status-page-groups.routes';
import { StatusPageMaintenancesRoutes } from './status-page-maintenances.routes';
import { StatusPageReportsRoutes } from './status-page-reports.routes';
import { StatusPageSettingsRoutes } from './status-page-settings.routes';
import { StatusPageSubscribersRoutes } from './status-page-subscribers.routes';
import { ComponentFormsRoutes } from './component-forms.routes';
import { WorkspacePagesRoutes } from './workspace-pages.routes';

const FORM_BODY_LIMIT = 64 * 1024;

@Injectable()
export class DashboardRoutes implements OnModuleInit {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(SignInService) private readonly signIn: SignInService,
    @Inject(OAuthConsentService) private readonly consent: OAuthConsentService,
    @Inject(WorkspacePagesRoutes) private readonly workspacePages: WorkspacePagesRoutes,
    @Inject(MonitorFormsRoutes) private readonly monitorForms: MonitorFormsRoutes,
    @Inject(StatusPageSettingsRoutes) private readonly statusPageSettings: StatusPageSettingsRoutes,
    @Inject(StatusPageComponentsRoutes) private readonly statusPageComponents: StatusPageComponentsRoutes,
    @Inject(StatusPageGroupsRoutes) private readonly statusPageGroups: StatusPageGroupsRoutes,
    @Inject(StatusPageReportsRoutes) private readonly statusPageReports: StatusPageReportsRoutes,
    @Inject(StatusPageMaintenancesRoutes) private readonly statusPageMaintenances: StatusPageMaintenancesRoutes,
    @Inject(StatusPageSubscribersRoutes) private readonly statusPageSubscribers: StatusPageSubscribersRoutes,
    @Inject(ComponentFormsRoutes) private readonly componentForms: ComponentFormsRoutes,
    @Inject(PrivateLocationFormsRoutes) private readonly privateLocationForms: PrivateLocationFormsRoutes,
    @Inject(NotificationFormsRoutes) private readonly notificationForms: NotificationFormsRoutes,
    @Inject(EscalationPolicyFormsRoutes) private readonly escalationPolicyForms: EscalationPolicyFormsRoutes,
    @Inject(SettingsRoutes) private readonly settingsRoutes: SettingsRoutes,
    @Inject(SlaRoutes) private readonly slaRoutes: SlaRoutes,
    @Inject(AlertsRoutes) private readonly alertsRoutes: AlertsRoutes,
    @Inject(AlertLinkRoutes) private readonly alertLinkRoutes: AlertLinkRoutes,
    @Inject(ImportRoutes) private readonly importRoutes: ImportRoutes,
    @Inject(ExportRoutes) private readonly exportRoutes: ExportRoutes,
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
    this.registerPlumbing(app);
    this.registerSignIn(app);
    this.workspacePages.register(app);
    this.monitorForms.register(app);
    this.statusPageSettings.register(app);
    this.statusPageComponents.register(app);
    this.statusPageGroups.register(app);
    this.statusPageReports.register(app);
    this.statusPageMaintenances.register(app);
    this.statusPageSubscribers.register(app);
    this.componentForms.register(app);
    this.privateLocationForms.register(app);
    this.notificationForms.register(app);
    this.escalationPolicyForms.register(app);
    this.settingsRoutes.register(app);
    this.slaRoutes.register(app);
    this.alertsRoutes.register(app);
    this.alertLinkRoutes.register(app);
    this.importRoutes.register(app);
    this.exportRoutes.register(app);
    this.registerConsent(app);
  }

  /** The form parser, the headers of every page, the error page and the stylesheet. */
  private registerPlumbing(app: FastifyInstance): void {
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
  }

  /** The way in: the first workspace, sign-in and out, one-time sign-in links. */
  private registerSignIn(app: FastifyInstance): void {
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
        return submitForm(reply, {
          call: () => this.signIn.signIn({ email: form.email, password: form.password }, request.ip),
          done: (result) => {
            if (result.kind === 'throttled') {
              reply.header('retry-after', String(result.retryAfterSeconds));
              return render(429, {
                values: { email: form.email ?? '' },
                errors: {},
                message: `Too many failed sign-ins. Try again in ${result.retryAfterSeconds} seconds.`,
              });
            }
            this.requests.setSessionCookie(reply, result.token, SESSION_ABSOLUTE_MS / 1000);
            return next;
          },
          // Every domain refusal of a sign-in is shown on the sign-in form, whatever its code.
          onForm: () => true,
          refused: ({ status, error }) => render(status, formWithError(error, form)),
        });
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
    this.registerSignInLinks(app);
  }

  /** One-time sign-in links (first start): choose a password, then be signed in. */
  private registerSignInLinks(app: FastifyInstance): void {
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
        return submitForm(reply, {
          call: () => this.signIn.redeemLink(form.token, form.password),
          done: (session) => {
            this.requests.setSessionCookie(reply, session.token, SESSION_ABSOLUTE_MS / 1000);
            return '/app';
          },
          refused: ({ status, error }) =>
            this.requests.page(
              reply,
              status,
              linkPage(this.requests.preSessionCsrf(request, reply), form.token ?? '', formWithError(error, form)),
            ),
        });
      }),
    );
  }

  /** OAuth consent (the authorization endpoint sends the browser here). */
  private registerConsent(app: FastifyInstance): void {
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
        return submitForm(reply, {
          // A workspace the user is not in is refused by the verb as unknown, like a made-up id.
          call: () =>
            this.consent.approve(requestId, {
              userId: signed.session.user.id,
              workspaceId: workspace?.workspace.id ?? form.workspaceId ?? '',
              scope: form.scope as Scope,
            }),
          done: (target) => target,
          onForm: (error) => error.code === 'VALIDATION',
          refused: async ({ status, error }) => {
            const pending = await this.consent.pending(requestId);
            return this.requests.page(
              reply,
              status,
              consentPage(this.requests.frame(signed), {
                pending,
                message: error.message,
                workspaceId: form.workspaceId,
                scope: form.scope,
              }),
            );
          },
        });
      }),
    );
  }
}
