// The signed "Acknowledge" link of alert messages (issue 29): `GET /alerts/ack/<token>` shows the alert
// the link names with a button, `POST` to the same URL acknowledges it (AlertsService.linked and
// acknowledgeByLink, audited with the system actor `alert-link`). No session is needed, and the POST
// carries no CSRF token on purpose: the signed token in the path is the capability (it names one alert
// and expires after 7 days), so a forged cross-site POST must already hold the link, and whoever holds
// the link may acknowledge anyway. A forged, altered, malformed or expired link is answered 403 with the
// verb's message (expired says so: 410 was the other choice, but every refusal of the link is one
// kind, "this link does not grant it", and the page says which); an alert the link names that is gone
// (retention) is 404, and so is a path the route does not match. Never a 5xx for any token.
//
// Registered inside the dashboard's plugin: its form parser, its security headers (no-store, nosniff,
// DENY framing, the CSP) and its error page apply as to every dashboard page; the dashboard's port and
// the API's share one router, so the link works on BASE_URL. Counted per client network against
// RATE_LIMIT_PER_MINUTE like the OAuth server's unauthenticated routes: each request reads the database.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AlertsService } from '../alerts/alerts.service';
import { isDomainError } from '../common/errors';
import { ACK_PATH } from '../notifications/alert-ack-links';
import { clientNetworkOf } from '../rate-limit/client-network';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { dashboardErrorOf } from './dashboard-errors';
import { DashboardRequests } from './dashboard-requests';
import { alertLinkDonePage, alertLinkPage, alertLinkRefusedPage, type AlertLinkOutcome } from './pages/alert-link.page';

@Injectable()
export class AlertLinkRoutes {
  constructor(
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(AlertsService) private readonly alerts: AlertsService,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  register(app: FastifyInstance): void {
    // Any token of one path segment up to the router's 100 characters (a real one has at most 76) is
    // checked by the verb; a longer one is the router's 414, more segments its 404.
    app.get(`${ACK_PATH}/:token`, (request, reply) =>
      this.answer(request, reply, async (token) => {
        const alert = await this.alerts.linked(token);
        return alertLinkPage(`${ACK_PATH}/${token}`, alert);
      }),
    );
    app.post(`${ACK_PATH}/:token`, (request, reply) =>
      this.answer(request, reply, async (token) => {
        const before = await this.alerts.linked(token);
        const after = await this.alerts.acknowledgeByLink(token);
        const outcome: AlertLinkOutcome =
          after.state === 'resolved'
            ? 'resolved'
            : before.state === 'open' && after.state === 'acknowledged'
              ? 'acknowledged'
              : 'already-acknowledged';
        return alertLinkDonePage(after, outcome);
      }),
    );
  }

  private async answer(
    request: FastifyRequest,
    reply: FastifyReply,
    fn: (token: string) => Promise<ReturnType<typeof alertLinkPage>>,
  ): Promise<FastifyReply> {
    // The token is in this page's URL: no Referer may carry it elsewhere.
    reply.header('referrer-policy', 'no-referrer');
    if (this.limiter.enabled) {
      const decision = await this.limiter.consume(`alert-ack:${clientNetworkOf(request.ip)}`);
      if (!decision.allowed) {
        reply.header('retry-after', String(decision.retryAfterSeconds));
        return this.requests.page(
          reply,
          429,
          alertLinkRefusedPage(
            `Too many requests from this address: at most ${decision.limit} a minute. Try again in ${decision.retryAfterSeconds} seconds.`,
          ),
        );
      }
    }
    const token = (request.params as { token?: string }).token ?? '';
    try {
      return this.requests.page(reply, 200, await fn(token));
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return this.requests.page(reply, dashboardErrorOf(error.code).status, alertLinkRefusedPage(error.message));
    }
  }
}
