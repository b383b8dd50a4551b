// Publishing with `notify` (SPEC §4.2 rules 2-5), the one place that decides whether and how a saved
// status report update or maintenance reaches the page's subscribers, and what the verbs answer about
// it. Every transport (RPC, MCP, the dashboard) reaches it through the service verbs, never directly.
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ServiceContext } from '../common/context';
import { LOGGER } from '../config/config.module';
import { PageComponentsService } from '../status-pages/page-components.service';
import { MailNotConfiguredError } from '../mail/mailer.service';
import type { PageEvent } from './page-event';
import { DispatchError, SubscriberNotifier } from './subscriber-notifier.service';

/**
 * Why notify was asked and the subscribers were not (all) mailed, in words a caller can act on. Never a
 * driver message, a relay's answer or the SMTP URL: a workspace member reads it, the operator's log
 * has the details.
 */
export type NotifyFailure =
  | { reason: 'mail_not_configured'; message: string }
  | { reason: 'relay_refused'; failed: number; of: number; message: string }
  | { reason: 'dispatch_failed'; message: string };

/**
 * What a publishing verb answers: the saved record and what became of the mail. notified false with
 * notifyFailure null means notify was not asked; transports report this answer, never the request.
 */
export interface Published<T> {
  record: T;
  /** True when notify was asked and the dispatch returned without throwing (a no-op plan included). */
  notified: boolean;
  /** Set exactly when notify was asked and notified is false. */
  notifyFailure: NotifyFailure | null;
}

/** What became of one dispatch: not asked, sent (at), or failed (why). */
export type Dispatch =
  { sentAt: null; failure: null } | { sentAt: Date; failure: null } | { sentAt: null; failure: NotifyFailure };

/** The one wording of each failure, so every transport (and the dashboard's notice) says the same. */
export function notifyFailureOf(
  reason: NotifyFailure['reason'],
  counts: { failed: number; of: number } = { failed: 0, of: 0 },
): NotifyFailure {
  switch (reason) {
    case 'mail_not_configured':
      return { reason, message: 'e-mail is not configured on this server (the operator sets SMTP_URL to turn it on)' };
    case 'relay_refused': {
      const { failed, of } = counts;
      return {
        reason,
        failed,
        of,
        message: `the mail relay did not accept ${failed} of ${of} e-mails; the server log has the details`,
      };
    }
    case 'dispatch_failed':
      return { reason, message: 'the mail could not be sent; the server log has the details' };
    default: {
      const unreachable: never = reason;
      throw new Error(`unknown notify failure ${String(unreachable)}`);
    }
  }
}

function failureOf(error: unknown): NotifyFailure {
  if (error instanceof MailNotConfiguredError) return notifyFailureOf('mail_not_configured');
  if (error instanceof DispatchError) {
    return notifyFailureOf('relay_refused', { failed: error.failed, of: error.sent + error.failed });
  }
  return notifyFailureOf('dispatch_failed');
}

@Injectable()
export class PagePublisher {
  constructor(
    @Inject(SubscriberNotifier) private readonly notifier: SubscriberNotifier,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Sends the event of a record that is already saved (committed), then records when it was sent.
   * Saving and sending are not one transaction: a failed dispatch is logged and leaves the record
   * as it is, unsent. Answers when the dispatch finished, or why it failed; both null when notify
   * was false.
   */
  async send(
    ctx: ServiceContext,
    notify: boolean,
    event: () => Promise<PageEvent>,
    recordSent: (at: Date) => Promise<void>,
  ): Promise<Dispatch> {
    if (!notify) return { sentAt: null, failure: null };
    try {
      await this.notifier.notify(ctx, await event());
    } catch (error) {
      this.logger.warn({ workspaceId: ctx.workspace.id, err: messageOf(error) }, 'subscriber notification failed');
      return { sentAt: null, failure: failureOf(error) };
    }
    const at = new Date();
    try {
      await recordSent(at);
    } catch (error) {
      // The mail is out: answering an error now would invite a retry that mails everyone again.
      this.logger.error({ workspaceId: ctx.workspace.id, err: messageOf(error) }, 'notifiedAt could not be written');
    }
    return { sentAt: at, failure: null };
  }

  /**
   * The names the mail shows for the affected components of a page, in the page's order, as the page
   * shows them (a component without a name goes by its monitor's).
   */
  async componentNames(ctx: ServiceContext, pageId: string, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const all = await this.components.shownComponents(ctx, pageId);
    return all.filter((c) => ids.includes(c.id)).map((c) => c.name);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
