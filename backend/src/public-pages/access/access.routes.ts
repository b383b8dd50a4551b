// The access routes of protected pages (SPEC §2.6), under `/status/:slug/access` (and `/access` on the
// page's custom domain through the rewrite of page-domains.ts):
//   GET  /access            the form of the page's access type (or the restricted-network notice)
//   POST /access            a password, or an address to e-mail a sign-in link to
//   GET  /access/link       the e-mailed link: a button only, so a mail scanner's prefetch signs no one in
//   POST /access/link       the button: sets the page's session cookie and goes to the page
// Every answer is private and never stored by a cache; forms carry a CSRF token bound to a pre-session
// cookie (signed double submit, as the dashboard does) and cross-site POSTs are refused.
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { randomToken, verifyPassword } from '../../common/crypto';
import type { Html } from '../../common/html';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG, LOGGER } from '../../config/config.module';
import { parseCookies } from '../../http/cookies';
import { crossSiteReason, csrfToken, csrfValid } from '../../http/csrf';
import type { RateDecision } from '../../rate-limit/rate-windows';
import { MailerService } from '../../mail/mailer.service';
import { formCsrfKey, formScope } from '../form-scope';
import { resolvePage } from '../page-resolver';
import type { PublicPage } from '../public-page.types';
import { PublicPagesService } from '../public-pages.service';
import { accessMessages } from '../render/access.messages';
import {
  CSRF_FIELD,
  emailPage,
  linkConfirmPage,
  linkInvalidPage,
  linkSentPage,
  passwordPage,
  restrictedPage,
  type AccessView,
} from '../render/access.render';
import { renderNotFound } from '../render/history.render';
import { negotiateLocale } from '../render/i18n';
import { PAGE_LOCALES } from '../../status-pages/locales';
import { AccessMailLimiter, PasswordAttemptLimiter } from './access-limits';
import { accessLinkMail } from './access-mail';
import { emailDomainAllowed, PageAccess } from './page-access';
import { ACCESS_CSRF_COOKIE, pageCookie } from './page-cookies';
import { PagePasswords } from './page-passwords';
import { PAGE_SESSION_MS, PageSessions, sessionCookieName, type PageSession } from './page-sessions';
import { safeReturnPath } from './return-path';

/** Passwords longer than this are not hashed (scrypt of megabytes is a cheap way to burn our CPU). */
const MAX_PASSWORD_LENGTH = 1024;
const EMAIL =
  /^[^\s@<>()[\]\\,;:"]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

type Form = Record<string, string>;

interface Visit {
  page: PublicPage;
  base: string;
  view: AccessView;
}

@Injectable()
export class AccessRoutes implements OnModuleInit {
  private readonly secure: boolean;
  private readonly siteOrigin: string;
  private csrfKeyValue: Buffer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(PublicPagesService) private readonly pages: PublicPagesService,
    @Inject(PageAccess) private readonly access: PageAccess,
    @Inject(PageSessions) private readonly sessions: PageSessions,
    @Inject(PagePasswords) private readonly passwords: PagePasswords,
    @Inject(PasswordAttemptLimiter) private readonly attempts: PasswordAttemptLimiter,
    @Inject(AccessMailLimiter) private readonly mails: AccessMailLimiter,
    @Inject(MailerService) private readonly mailer: MailerService,
  ) {
    this.secure = config.siteUrl.startsWith('https:');
    this.siteOrigin = new URL(config.siteUrl).origin;
  }

  /** Derived on first use: outside production the secret key is created in the data folder on demand. */
  private get csrfKey(): Buffer {
    return (this.csrfKeyValue ??= formCsrfKey(this.config, 'page access csrf v1'));
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
    formScope(app, {
      pages: this.pages,
      logger: this.logger,
      what: 'page access',
      parse: parseForm,
      // The e-mailed link carries its token in the URL: no Referer may take it to another site (an
      // icon on another host). Not `no-referrer`: browsers then send `Origin: null` with the forms,
      // which the cross-site check rightly refuses.
      headers: { 'referrer-policy': 'same-origin' },
    });

    app.get('/status/:slug/access', async (request, reply) => {
      const visit = await this.visit(request, reply);
      if (!visit) return notFound(request, reply);
      const { page, view } = visit;
      if (await this.access.allows(page, request)) return reply.redirect(view.returnTo, 303);
      switch (page.accessType) {
        case 'public':
          return reply.redirect(view.returnTo, 303);
        case 'ip-restriction':
          return send(reply, 403, restrictedPage(view));
        case 'password':
          return send(reply, 200, passwordPage(view));
        case 'email-domain':
          return send(reply, 200, emailPage(view));
        default: {
          const unknown: never = page.accessType;
          throw new Error(`unknown access type ${String(unknown)}`);
        }
      }
    });

    app.post('/status/:slug/access', async (request, reply) => {
      const visit = await this.visit(request, reply);
      if (!visit) return notFound(request, reply);
      const form = formOf(request);
      const { page, view } = visit;
      const t = accessMessages(view.locale);
      if (page.accessType === 'password') {
        if (!this.formAllowed(request, form)) return send(reply, 403, passwordPage(view, t.formExpired));
        return this.signInWithPassword(request, reply, visit, form);
      }
      if (page.accessType === 'email-domain') {
        if (!this.formAllowed(request, form)) return send(reply, 403, emailPage(view, { error: t.formExpired }));
        return this.sendLink(request, reply, visit, form);
      }
      return reply.redirect(`${visit.base}/access`, 303);
    });

    app.get('/status/:slug/access/link', async (request, reply) => {
      const visit = await this.visit(request, reply);
      if (!visit) return notFound(request, reply);
      const token = (request.query as { token?: unknown }).token;
      const link = visit.page.accessType === 'email-domain' ? this.sessions.verifyLink(visit.page.id, token) : null;
      if (!link || typeof token !== 'string') return send(reply, 400, linkInvalidPage(visit.view));
      return send(reply, 200, linkConfirmPage({ ...visit.view, returnTo: link.returnTo }, token));
    });

    app.post('/status/:slug/access/link', async (request, reply) => {
      const visit = await this.visit(request, reply);
      if (!visit) return notFound(request, reply);
      const form = formOf(request);
      const { page, view } = visit;
      const link = page.accessType === 'email-domain' ? this.sessions.verifyLink(page.id, form.token) : null;
      // The domain may have been removed since the link was sent.
      if (!link || !emailDomainAllowed(link.email, page.authEmailDomains)) {
        return send(reply, 400, linkInvalidPage(view));
      }
      if (!this.formAllowed(request, form)) {
        // The same button again, now bound to this browser's (possibly new) CSRF cookie.
        const expired = accessMessages(view.locale).formExpired;
        return send(reply, 403, linkConfirmPage({ ...view, returnTo: link.returnTo }, form.token, expired));
      }
      this.setSession(reply, visit, { kind: 'email', email: link.email }, null);
      return reply.redirect(safeReturnPath(visit.base, link.returnTo), 303);
    });
  }

  private async signInWithPassword(request: FastifyRequest, reply: FastifyReply, visit: Visit, form: Form) {
    const { page, view } = visit;
    const t = accessMessages(view.locale);
    const decision = await this.attempts.take(page.id, request.ip);
    if (!decision.allowed) return tooMany(reply, decision, passwordPage(view, t.tooMany(decision.retryAfterSeconds)));
    const hash = await this.passwords.hashOf(page);
    const password = form.password ?? '';
    const right =
      hash !== null &&
      password.length > 0 &&
      password.length <= MAX_PASSWORD_LENGTH &&
      (await verifyPassword(password, hash));
    if (!right || !hash) {
      return send(reply, 403, passwordPage(view, t.wrongPassword));
    }
    this.setSession(reply, visit, { kind: 'password' }, hash);
    return reply.redirect(view.returnTo, 303);
  }

  /**
   * Sends a sign-in link when the address's domain is allowed. The answer is the same either way, and
   * the mail goes out after it, so neither the text nor the time of the answer tells which.
   */
  private async sendLink(request: FastifyRequest, reply: FastifyReply, visit: Visit, form: Form) {
    const { page, view, base } = visit;
    const t = accessMessages(view.locale);
    const email = (form.email ?? '').trim();
    if (email.length > 254 || !EMAIL.test(email)) {
      return send(reply, 400, emailPage(view, { error: t.invalidEmail, email: email.slice(0, 254) }));
    }
    const decision = await this.mails.take(email.toLowerCase(), request.ip);
    if (!decision.allowed) {
      return tooMany(reply, decision, emailPage(view, { error: t.tooMany(decision.retryAfterSeconds), email }));
    }
    if (emailDomainAllowed(email, page.authEmailDomains)) {
      const token = this.sessions.linkToken({ pageId: page.id, email, returnTo: view.returnTo });
      const url = `${this.originOf(page, base)}${base}/access/link?token=${encodeURIComponent(token)}`;
      void this.mailer.send(accessLinkMail(email, page.title, url, view.locale)).catch((error: unknown) => {
        // Neither the address nor the link is logged: the link signs in.
        this.logger.warn(
          {
            pageId: page.id,
            reason: error instanceof Error ? error.message.replace(/\S+@\S+/g, '<address>') : 'unknown',
          },
          'the sign-in link of a status page could not be sent',
        );
      });
    }
    return send(reply, 200, linkSentPage(view, email));
  }

  /** The site's origin, or on a custom domain that domain with the site's scheme. */
  private originOf(page: PublicPage, base: string): string {
    if (base !== '' || !page.customDomain) return this.siteOrigin;
    return `${new URL(this.config.siteUrl).protocol}//${page.customDomain}`;
  }

  /** The page addressed, the locale and the CSRF token of this browser (set on its first visit). */
  private async visit(request: FastifyRequest, reply: FastifyReply): Promise<Visit | null> {
    const resolved = await resolvePage(request);
    if (!resolved) return null;
    const { page, base } = resolved;
    const query = request.query as { locale?: unknown; return?: unknown };
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Form;
    const asked = typeof query.locale === 'string' ? query.locale : body.locale;
    const acceptLanguage = request.headers['accept-language'];
    const locale = negotiateLocale(page.locales, page.defaultLocale, asked, acceptLanguage);
    const returnTo = safeReturnPath(base, body.return ?? query.return);
    let binding = parseCookies(request.headers.cookie).get(ACCESS_CSRF_COOKIE);
    if (!binding || binding.length < 20 || binding.length > 100) {
      binding = randomToken(32);
      void reply.header(
        'set-cookie',
        pageCookie(ACCESS_CSRF_COOKIE, binding, {
          path: base,
          maxAgeSeconds: PAGE_SESSION_MS / 1000,
          secure: this.secure,
        }),
      );
    }
    const csrf = csrfToken(this.csrfKey, binding);
    return { page, base, view: { page, locale, base, csrf, returnTo } };
  }

  private formAllowed(request: FastifyRequest, form: Form): boolean {
    if (crossSiteReason(request.headers, [this.siteOrigin]) !== null) return false;
    const binding = parseCookies(request.headers.cookie).get(ACCESS_CSRF_COOKIE);
    return csrfValid(this.csrfKey, binding, form[CSRF_FIELD]);
  }

  private setSession(reply: FastifyReply, visit: Visit, session: PageSession, passwordHash: string | null): void {
    const value = this.sessions.issue(visit.page.id, session, passwordHash);
    const cookie = pageCookie(sessionCookieName(visit.page.id), value, {
      path: visit.base,
      maxAgeSeconds: PAGE_SESSION_MS / 1000,
      secure: this.secure,
    });
    // Fastify appends to a Set-Cookie already set (the CSRF cookie of a first visit).
    void reply.header('set-cookie', cookie);
  }
}

function parseForm(body: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (!(key in form)) form[key] = value;
  }
  return form;
}

function formOf(request: FastifyRequest): Form {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return body as Form;
}

function send(reply: FastifyReply, status: number, page: Html): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page.value);
}

function tooMany(reply: FastifyReply, decision: RateDecision, page: Html): FastifyReply {
  return send(reply.header('retry-after', String(decision.retryAfterSeconds)), 429, page);
}

/** The public pages' own 404, in the visitor's language. */
function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const locale = negotiateLocale(PAGE_LOCALES, 'en', undefined, request.headers['accept-language']);
  return reply.code(404).type('text/html; charset=utf-8').send(renderNotFound(locale));
}
