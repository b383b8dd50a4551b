// Page events to e-mail: what the publishing MCP tools call when `notify` is true (SPEC §4.2 rules
// 2 to 5). The record is already saved when this runs; a throw here becomes `notified: false`.
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ServiceContext } from '../common/context';
import { NotFoundError } from '../common/errors';
import { LOGGER } from '../config/config.module';
import { hasFeature } from '../plans/plans';
import { MailerService } from '../mail/mailer.service';
import { eventMail } from './subscriber-mails';
import { SubscribersRepository } from './subscribers.repository';
import { SubscriptionLinks } from './subscription-links';
import type { PageEvent } from './page-event';
import { sendAll } from './send-all';

export type { PageEvent } from './page-event';

/** Subscribers read from the database at once; each batch is sent before the next is read. */
export const NOTIFY_BATCH = 500;

/** Some messages of a dispatch were not accepted by the relay; the others were sent. */
export class DispatchError extends Error {
  constructor(
    readonly sent: number,
    readonly failed: number,
    firstError: string,
  ) {
    super(
      `${failed} of ${sent + failed} notification e-mails were not accepted by the SMTP relay (first error: ${firstError})`,
    );
    this.name = 'DispatchError';
  }
}

@Injectable()
export class SubscriberNotifier {
  constructor(
    @Inject(SubscribersRepository) private readonly subscribers: SubscribersRepository,
    @Inject(MailerService) private readonly mailer: MailerService,
    @Inject(SubscriptionLinks) private readonly links: SubscriptionLinks,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Sends the event to the page's confirmed subscribers (of an event about some components: those
   * who chose none or one of them). Resolves when every message was accepted by
   * SMTP; throws when dispatch fails. A silent no-op (resolves) when the workspace plan lacks
   * 'subscriber-notifications'.
   *
   * Every subscriber is attempted even when some addresses are rejected, so one bad address never
   * costs the others their mail; if any failed, it throws a DispatchError after the last attempt.
   * Without SMTP_URL it throws MailNotConfiguredError ("SMTP_URL is not configured") before sending.
   */
  async notify(ctx: ServiceContext, event: PageEvent): Promise<{ sent: number }> {
    if (!hasFeature(ctx.workspace.plan, 'subscriber-notifications')) return { sent: 0 };
    this.mailer.assertEnabled();
    const pageTitle = await this.subscribers.pageTitle(ctx.workspace.id, event.pageId);
    if (pageTitle === null) throw NotFoundError.of('status page', event.pageId);
    let sent = 0;
    const failures: Error[] = [];
    for (let after: string | null = null; ;) {
      const batch = await this.subscribers.confirmedRecipients(
        ctx.workspace.id,
        event.pageId,
        after,
        NOTIFY_BATCH,
        event.componentIds ?? [],
      );
      if (!batch.length) break;
      const outcome = await sendAll(batch, (r) =>
        this.mailer.send(
          eventMail(r.email, pageTitle, event, {
            unsubscribeUrl: this.links.unsubscribeUrl(this.links.signedToken(r.id, r.tokenHash)),
            manageUrl: this.links.manageUrl(this.links.signedToken(r.id, r.tokenHash)),
          }),
        ),
      );
      sent += outcome.sent;
      failures.push(...outcome.failures);
      if (batch.length < NOTIFY_BATCH) break;
      after = batch[batch.length - 1].id;
    }
    if (failures.length) {
      this.logger.warn(
        { workspaceId: ctx.workspace.id, pageId: event.pageId, kind: event.kind, sent, failed: failures.length },
        'subscriber notification partly failed',
      );
      throw new DispatchError(sent, failures.length, failures[0].message);
    }
    return { sent };
  }
}
