// The subscribe form of a public page: GET `<base>/subscribe` shows it, POST subscribes through the
// subscriber service (double opt-in: a pending subscriber and a confirmation mail). The form carries
// a CSRF token bound to a pre-session cookie (signed double submit, as the dashboard and the access
// forms do), cross-site POSTs are refused, and POSTs are limited per client address here; the mails
// themselves are limited per recipient and per page by the subscriber service (subscription-mail-
// limits.ts), whatever the client address. The answer is the same whether or not the address was
// already subscribed, and whether or not a mail went out, so the form tells nobody anything about it.
// While e-mail is off (no SMTP_URL) there is no form: both routes answer 404 with a page that says
// subscriptions are not offered and points to the feeds, and the POST changes nothing.
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Html } from '../common/html';
import { randomToken } from '../common/crypto';
import { isDomainError, LimitExceededError, PreconditionFailedError, ValidationError } from '../common/errors';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, LOGGER } from '../config/config.module';
import { parseCookies } from '../http/cookies';
import { crossSiteReason, csrfToken, csrfValid } from '../http/csrf';
import { RateWindows, WindowLimit, type RateDecision } from '../rate-limit/rate-windows';
import { SUBSCRIPTION_MAIL_WINDOW_SECONDS } from '../subscribers/subscription-mail-limits';
import { SubscribersService } from '../subscribers/subscribers.service';
import { pageCookie } from './access/page-cookies';
import { PageAccess, redirectToAccess } from './access/page-access';
import { formCsrfKey, formScope } from './form-scope';
import { resolvePage } from './page-resolver';
import type { PublicPage } from './public-page.types';
import { PublicPagesService } from './public-pages.service';
import { negotiateLocale } from './render/i18n';
import { subscribeMessages } from './render/subscribe.messages';
import {
  SUBSCRIBE_CSRF_FIELD,
  subscribeNotOfferedPage,
  subscribePage,
  subscribeSentPage,
  type SubscribeFormState,
  type SubscribeView,
} from './render/subscribe.render';

/** Subscribe POSTs one client address may send a minute: a person needs one, a script needs many. */
export const SUBSCRIBES_PER_MINUTE = 10;
const CSRF_COOKIE = 'svc_page_subscribe';
const CSRF_COOKIE_MAX_AGE_S = 24 * 3600;

export class SubscribeLimiter extends WindowLimit {
  protected readonly prefix = 'page-subscribe';

  constructor(windows: RateWindows) {
    super(windows, SUBSCRIBES_PER_MINUTE);
  }

  async take(client: string, now = Date.now()): Promise<RateDecision> {
    const { taken, used } = await this.windows.take(this.keyOf(client), 1, this.limit, now);
    return this.decision(taken, used, now);
  }
}

/** A urlencoded form; `components` may repeat (one per ticked box), other fields keep their first value. */
interface SubscribeForm {
  fields: Record<string, string>;
  components: string[];
}

function parseSubscribeForm(body: string): SubscribeForm {
  const form: SubscribeForm = { fields: {}, components: [] };
  for (const [key, value] of new URLSearchParams(body)) {
    if (key === 'components') form.components.push(value);
    else if (!(key in form.fields)) form.fields[key] = value;
  }
  return form;
}

@Injectable()
export class SubscribeRoutes implements OnModuleInit {
  private csrfKeyValue: Buffer | null = null;
  private readonly secure: boolean;

  constructor(
    @Inject(PublicPagesService) private readonly pages: PublicPagesService,
    @Inject(PageAccess) private readonly access: PageAccess,
    @Inject(SubscribersService) private readonly subscribers: SubscribersService,
    @Inject(SubscribeLimiter) private readonly limiter: SubscribeLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {
    this.secure = config.siteUrl.startsWith('https:');
  }

  private get csrfKey(): Buffer {
    return (this.csrfKeyValue ??= formCsrfKey(this.config, 'page subscribe csrf v1'));
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
    // This scope reads its form itself (the component boxes repeat a name).
    formScope(app, { pages: this.pages, logger: this.logger, what: 'subscribe', parse: parseSubscribeForm });

    app.get('/status/:slug/subscribe', async (request, reply) => {
      const visit = await this.visit(request, reply);
      if (!visit) return notFound(reply);
      if (!(await this.access.allows(visit.page, request))) return redirectToAccess(reply, visit.view.base, request);
      if (!visit.page.subscriptions) return send(reply, 404, subscribeNotOfferedPage(visit.view));
      return send(reply, 200, subscribePage(visit.view));
    });

    app.post('/status/:slug/subscribe', async (request, reply) => {
      const visit = await this.visit(request, reply);
      if (!visit) return notFound(reply);
      const { page, view } = visit;
      if (!(await this.access.allows(page, request))) return redirectToAccess(reply, view.base, request);
      if (!page.subscriptions) return send(reply, 404, subscribeNotOfferedPage(view));
      const t = subscribeMessages(view.locale);
      const form = formOf(request);
      const state: SubscribeFormState = { email: form.fields.email ?? '', chosen: form.components };
      if (!this.formAllowed(request, page, view.base, form)) {
        return send(reply, 403, subscribePage(view, { ...state, error: t.formExpired }));
      }
      const decision = await this.limiter.take(request.ip);
      if (!decision.allowed) {
        reply.header('retry-after', String(decision.retryAfterSeconds));
        return send(reply, 429, subscribePage(view, { ...state, error: t.tooMany(decision.retryAfterSeconds) }));
      }
      try {
        await this.subscribers.subscribeOnPage(
          { workspaceId: page.workspaceId, pageId: page.id },
          { email: form.fields.email ?? '', components: form.components },
        );
        // Sent, withheld (the address had its mails of the hour) or refused by the relay: one answer,
        // so the form tells nothing about the address.
        return send(reply, 200, subscribeSentPage(view, (form.fields.email ?? '').trim().toLowerCase()));
      } catch (error) {
        // E-mail went off since the page was read: nothing was stored.
        if (error instanceof PreconditionFailedError) return send(reply, 404, subscribeNotOfferedPage(view));
        if (error instanceof LimitExceededError) {
          // The page's own hourly budget, the same for every address.
          reply.header('retry-after', String(SUBSCRIPTION_MAIL_WINDOW_SECONDS));
          return send(reply, 429, subscribePage(view, { ...state, error: t.busy }));
        }
        if (error instanceof ValidationError) {
          const components = error.issues.some((i) => i.field.startsWith('components'));
          return send(
            reply,
            400,
            subscribePage(view, {
              ...state,
              error: components ? t.invalidComponents : t.invalidEmail,
              errorField: components ? 'components' : 'email',
            }),
          );
        }
        if (isDomainError(error) && error.code === 'NOT_FOUND') return notFound(reply);
        throw error;
      }
    });
  }

  /** The page addressed, its snapshot (the components to offer), the locale and this browser's CSRF token. */
  private async visit(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ page: PublicPage; view: SubscribeView } | null> {
    const resolved = await resolvePage(request);
    if (!resolved) return null;
    const { page, base } = resolved;
    const query = request.query as { locale?: unknown };
    const body = request.body as SubscribeForm | undefined;
    const asked = typeof query.locale === 'string' ? query.locale : body?.fields?.locale;
    const locale = negotiateLocale(page.locales, page.defaultLocale, asked, request.headers['accept-language']);
    let binding = parseCookies(request.headers.cookie).get(CSRF_COOKIE);
    if (!binding || binding.length < 20 || binding.length > 100) {
      binding = randomToken(32);
      void reply.header(
        'set-cookie',
        pageCookie(CSRF_COOKIE, binding, { path: base, maxAgeSeconds: CSRF_COOKIE_MAX_AGE_S, secure: this.secure }),
      );
    }
    const snapshot = await this.pages.snapshot(page);
    return { page, view: { snapshot, locale, base, csrf: csrfToken(this.csrfKey, binding) } };
  }

  /** Same-origin (the site, or the page's own domain) and the token of this browser's cookie. */
  private formAllowed(request: FastifyRequest, page: PublicPage, base: string, form: SubscribeForm): boolean {
    const origins = [new URL(this.config.siteUrl).origin];
    if (base === '' && page.customDomain) origins.push(`https://${page.customDomain}`, `http://${page.customDomain}`);
    if (crossSiteReason(request.headers, origins) !== null) return false;
    const binding = parseCookies(request.headers.cookie).get(CSRF_COOKIE);
    return csrfValid(this.csrfKey, binding, form.fields[SUBSCRIBE_CSRF_FIELD]);
  }
}

function formOf(request: FastifyRequest): SubscribeForm {
  const body = request.body as SubscribeForm | undefined;
  return body && typeof body === 'object' && 'fields' in body ? body : { fields: {}, components: [] };
}

function send(reply: FastifyReply, status: number, page: Html): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page.value);
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send('No published status page here.\n');
}

/** The limiter as a Nest provider, over the shared rate-limit windows. */
export const SUBSCRIBE_LIMITER_PROVIDER = {
  provide: SubscribeLimiter,
  inject: [RateWindows],
  useFactory: (windows: RateWindows) => new SubscribeLimiter(windows),
};
