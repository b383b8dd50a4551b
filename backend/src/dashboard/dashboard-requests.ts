// What every dashboard route needs from a request: the session and its CSRF token, the workspace of
// the path with the member's context, the pre-session cookie of the sign-in forms, cross-site
// refusal, and the page answer. Routes (dashboard.routes.ts, workspace-pages.routes.ts) call these
// and a service verb; no rule of the domain lives here.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../common/context';
import { randomToken } from '../common/crypto';
import { isDomainError, NotFoundError } from '../common/errors';
import type { Html } from '../common/html';
import { resolveSecretKey, type AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { UsersService, type UserWorkspace } from '../users/users.service';
import { type Frame, type SettingsSection, type WorkspaceArea } from './components';
import { cookieNames, parseCookies, serializeCookie, type CookieNames } from '../http/cookies';
import { crossSiteReason, CSRF_FIELD, csrfKey, csrfToken, csrfValid } from '../http/csrf';
import { dashboardErrorOf } from './dashboard-errors';
import { errorPage } from './pages/error.page';
import { safeReturnTo } from './return-to';
import { SessionsService, type ActiveSession } from './sessions/sessions.service';

const HTML = 'text/html; charset=utf-8';
const PRE_SESSION_MAX_AGE_S = 60 * 60;
const TOKEN_SHAPE = /^[A-Za-z0-9]{43}$/;

export type Form = Record<string, string>;

/** A signed-in request: the session, its CSRF token and the user's workspaces. */
export interface Signed {
  session: ActiveSession;
  token: string;
  csrf: string;
  workspaces: UserWorkspace[];
}

/** A signed-in request on one of the user's workspaces. */
export interface InWorkspace extends Signed {
  ctx: ServiceContext;
  membership: UserWorkspace;
}

/** Answered from inside a handler to stop it (a redirect to sign in, a refused form). */
export class Answer extends Error {
  constructor(
    readonly status: number,
    readonly body: Html | null,
    readonly location?: string,
  ) {
    super(`dashboard answer ${status}`);
  }
}

@Injectable()
export class DashboardRequests {
  readonly cookies: CookieNames;
  private readonly allowedOrigins: string[];
  private csrfKeyValue: Buffer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(UsersService) private readonly users: UsersService,
  ) {
    this.cookies = cookieNames(config.dashboardUrl);
    this.allowedOrigins = [config.dashboardUrl, config.baseUrl, config.oauthIssuer].map((u) => new URL(u).origin);
  }

  /** Derived on first use: outside production the secret key is created in the data folder on demand. */
  get csrfKey(): Buffer {
    return (this.csrfKeyValue ??= csrfKey(resolveSecretKey(this.config)));
  }

  page(reply: FastifyReply, status: number, body: Html): FastifyReply {
    return reply.status(status).header('content-type', HTML).send(body.value);
  }

  frame(
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

  /** Runs a handler; answers domain errors with the error page of dashboard-errors.ts. */
  async handle(request: FastifyRequest, reply: FastifyReply, fn: () => Promise<FastifyReply>): Promise<FastifyReply> {
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

  async currentSession(request: FastifyRequest): Promise<Signed | null> {
    const token = parseCookies(request.headers.cookie).get(this.cookies.session);
    const session = await this.sessions.resolve(token);
    if (!session || !token) return null;
    const workspaces = await this.users.listWorkspacesOf(session.user.id);
    return { session, token, csrf: csrfToken(this.csrfKey, token), workspaces };
  }

  /** The session of a page; without one, to the sign-in page and back. */
  async requireSession(request: FastifyRequest): Promise<Signed> {
    const signed = await this.currentSession(request);
    if (!signed) {
      const next = safeReturnTo(request.url);
      throw new Answer(303, null, `/app/sign-in?next=${encodeURIComponent(next)}`);
    }
    return signed;
  }

  /** The session of a form: same-origin, signed in, and the session's CSRF token. */
  async requireSessionForm(request: FastifyRequest): Promise<Signed> {
    this.refuseCrossSite(request);
    const signed = await this.currentSession(request);
    if (!signed) {
      throw new Answer(
        403,
        errorPage('Signed out', 'Your session has ended. Sign in again, then send the form again.'),
      );
    }
    this.requireCsrf(signed, formOf(request));
    return signed;
  }

  /** The session's CSRF token in a form read by its route (an upload's fields, read after the session). */
  requireCsrf(signed: Signed, form: Form): void {
    if (!csrfValid(this.csrfKey, signed.token, form[CSRF_FIELD])) {
      throw new Answer(
        403,
        errorPage(
          'Form expired',
          'This form is not valid any more (its security token is missing or wrong). Reload the page and send it again.',
          this.frame(signed),
        ),
      );
    }
  }

  refuseCrossSite(request: FastifyRequest): void {
    const reason = crossSiteReason(request.headers, this.allowedOrigins);
    if (reason) throw new Answer(403, errorPage('Refused', `Refused: ${reason}.`));
  }

  /** The form of a sign-in page (no session yet): same-origin and the pre-session cookie's token. */
  requirePreSessionForm(request: FastifyRequest, reply: FastifyReply): Form {
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
  preSessionCsrf(request: FastifyRequest, reply: FastifyReply): string {
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

  setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
    reply.header(
      'set-cookie',
      serializeCookie(this.cookies.session, token, { maxAgeSeconds, secure: this.cookies.secure }),
    );
  }

  /** The workspace of a page that shows a form: viewers get none (403). */
  async requireWriter(request: FastifyRequest): Promise<InWorkspace> {
    const w = await this.requireWorkspace(request, false);
    if (w.ctx.scope !== 'write') throw readOnlyAnswer(this.frame(w));
    return w;
  }

  /** The signed-in user's workspace named by the path; NotFound when they are not a member. */
  async requireWorkspace(request: FastifyRequest, form: boolean): Promise<InWorkspace> {
    const signed = form ? await this.requireSessionForm(request) : await this.requireSession(request);
    const slug = (request.params as { slug?: string }).slug ?? '';
    const membership = signed.workspaces.find((w) => w.workspace.slug === slug);
    if (!membership) throw NotFoundError.of('workspace', slug);
    const ctx: ServiceContext = {
      workspace: { id: membership.workspace.id, slug: membership.workspace.slug, plan: membership.workspace.plan },
      actor: { type: 'user', userId: signed.session.user.id },
      // A viewer's pages are read-only, and so is every verb they reach: the verbs refuse writes of a
      // read context, whatever a forged form sends.
      scope: membership.role === 'viewer' ? 'read' : 'write',
      via: 'dashboard',
    };
    return { ...signed, ctx, membership };
  }
}

/** A viewer asking for a form: the pages offer none, and the verbs would refuse what it sends. */
export function readOnlyAnswer(frame: Frame): Answer {
  return new Answer(403, errorPage('Read only', 'Viewers read this workspace and change nothing.', frame));
}

export function query(request: FastifyRequest): Record<string, string | undefined> {
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

export function formOf(request: FastifyRequest): Form {
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
