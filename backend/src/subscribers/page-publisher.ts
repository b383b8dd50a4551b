// Publishing with `notify` (SPEC §4.2 rules 2-5), the one place that decides whether and how a saved
// status report update or maintenance reaches the page's subscribers. Every transport (RPC, MCP, and
// later the dashboard and the provider) reaches it through the service verbs, never directly.
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ServiceContext } from '../common/context';
import { LOGGER } from '../config/config.module';
import { PageComponentsService } from '../status-pages/page-components.service';
import type { PageEvent } from './page-event';
import { SubscriberNotifier } from './subscriber-notifier.service';

/** What a publishing verb answers: the saved record and whether its subscribers were notified. */
export interface Published<T> {
  record: T;
  /** True when notify was asked and the dispatch returned without throwing (a no-op plan included). */
  notified: boolean;
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
   * as it is, unsent. Answers when the dispatch finished, or null when notify was false or the
   * dispatch failed.
   */
  async send(
    ctx: ServiceContext,
    notify: boolean,
    event: () => Promise<PageEvent>,
    recordSent: (at: Date) => Promise<void>,
  ): Promise<Date | null> {
    if (!notify) return null;
    try {
      await this.notifier.notify(ctx, await event());
    } catch (error) {
      this.logger.warn({ workspaceId: ctx.workspace.id, err: messageOf(error) }, 'subscriber notification failed');
      return null;
    }
    const at = new Date();
    try {
      await recordSent(at);
    } catch (error) {
      // The mail is out: answering an error now would invite a retry that mails everyone again.
      this.logger.error({ workspaceId: ctx.workspace.id, err: messageOf(error) }, 'notifiedAt could not be written');
    }
    return at;
  }

  /** The names the mail shows for the affected components of a page, in the page's order. */
  async componentNames(ctx: ServiceContext, pageId: string, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const all = await this.components.listComponents(ctx, pageId);
    return all.filter((c) => ids.includes(c.id)).map((c) => c.name);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
