import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { MutationRunner } from '../audit/mutation-runner';
import { systemContext, type ServiceContext } from '../common/context';
import { hashToken, randomToken } from '../common/crypto';
import { ConflictError, NotFoundError, PreconditionFailedError } from '../common/errors';
import { definedOnly } from '../common/objects';
import { pageOf, type PageQuery, type Paged } from '../common/paging';
import { parseInput } from '../common/validation';
import { LOGGER } from '../config/config.module';
import { isUniqueViolation } from '../database/pg-errors';
import { PageComponentsService } from '../status-pages/page-components.service';
import { toWorkspaceRef } from '../workspaces/workspaces.service';
import { MailerService } from './mailer.service';
import type { PageSubscriberEntity } from './page-subscriber.entity';
import { confirmationMail } from './subscriber-mails';
import {
  addSubscriberSchema,
  importSubscribersSchema,
  listSubscribersSchema,
  SUBSCRIBER_PAGING,
  TOKEN_LENGTH,
} from './subscriber.schemas';
import { subscriberSnapshot, toSubscriberView, type SubscriberView } from './subscriber.view';
import { SubscribersRepository } from './subscribers.repository';
import { SubscriptionLinks } from './subscription-links';
import { sendAll } from './send-all';

export interface AddSubscriberResult {
  subscriber: SubscriberView;
  /** Whether the relay accepted the confirmation mail (false when SMTP_URL is unset or it failed). */
  confirmationSent: boolean;
}

export interface ImportSubscribersOptions {
  /** The caller states these people already consented elsewhere: import as confirmed, send nothing. */
  confirmed?: boolean;
}

export interface ImportSubscribersResult {
  added: number;
  /** Repeated addresses in the input and addresses already on the page (whatever their status). */
  skipped: number;
  /** Confirmation mails accepted by the relay (pending imports only). */
  confirmationsSent: number;
}

/** What the public confirm and unsubscribe routes show. */
export interface SubscriptionOutcome {
  pageTitle: string;
  email: string;
  status: SubscriberView['status'];
}

/** Audit actor of the public, token-based verbs: the holder of the link, on its workspace. */
const LINK_ACTOR = 'subscription-link';

const linkNotFound = () =>
  new NotFoundError('this subscription link is not valid (it may have been replaced by a newer one)');

/** E-mail subscribers of status pages: managed by the workspace, confirmed and cancelled by link. */
@Injectable()
export class SubscribersService {
  constructor(
    @Inject(SubscribersRepository) private readonly subscribers: SubscribersRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(PageComponentsService) private readonly pages: PageComponentsService,
    @Inject(MailerService) private readonly mailer: MailerService,
    @Inject(SubscriptionLinks) private readonly links: SubscriptionLinks,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Subscribes an address as `pending` and mails it a confirmation link. An address that is pending
   * or unsubscribed becomes pending again with a new link (older links stop working); a confirmed
   * one is a conflict. The mail is sent after the change is committed.
   */
  async add(ctx: ServiceContext, pageId: string, email: string): Promise<AddSubscriberResult> {
    const { subscriber, token, pageTitle } = await this.mutations.run(ctx, async (trail) => {
      const data = parseInput(addSubscriberSchema, definedOnly({ pageId, email }));
      const title = await this.pageTitle(ctx, data.pageId);
      const token = randomToken(TOKEN_LENGTH);
      const existing = await this.subscribers.findByEmail(data.pageId, data.email);
      if (existing?.status === 'confirmed') {
        throw new ConflictError(
          `${data.email} is already a confirmed subscriber of status page ${JSON.stringify(data.pageId)}`,
        );
      }
      if (existing) {
        const locked = (await this.subscribers.lock(ctx.workspace.id, existing.id))!;
        const saved = await this.subscribers.change(locked, {
          status: 'pending',
          tokenHash: hashToken(token),
          confirmedAt: null,
          unsubscribedAt: null,
        });
        trail.record({
          action: 'page_subscriber.update',
          entityType: 'page_subscriber',
          entityId: saved.id,
          before: subscriberSnapshot(toSubscriberView(locked)),
          after: subscriberSnapshot(toSubscriberView(saved)),
        });
        return { subscriber: saved, token, pageTitle: title };
      }
      const created = await this.insertOne({
        workspaceId: ctx.workspace.id,
        pageId: data.pageId,
        email: data.email,
        status: 'pending',
        tokenHash: hashToken(token),
      });
      trail.record({
        action: 'page_subscriber.create',
        entityType: 'page_subscriber',
        entityId: created.id,
        after: subscriberSnapshot(toSubscriberView(created)),
      });
      return { subscriber: created, token, pageTitle: title };
    });
    const confirmationSent = await this.sendConfirmations(pageTitle, [{ subscriber, token }]);
    return { subscriber: toSubscriberView(subscriber), confirmationSent: confirmationSent === 1 };
  }

  /**
   * Adds up to 1000 addresses at once. Repeats and addresses already on the page are skipped. With
   * `confirmed: true` (the caller vouches for earlier consent) they are confirmed at once and get no
   * mail; otherwise they are pending and each gets a confirmation mail after the commit.
   */
  async import(
    ctx: ServiceContext,
    pageId: string,
    emails: string[],
    options: ImportSubscribersOptions = {},
  ): Promise<ImportSubscribersResult> {
    const result = await this.mutations.run(ctx, async (trail) => {
      const data = parseInput(importSubscribersSchema, definedOnly({ pageId, emails, confirmed: options.confirmed }));
      const title = await this.pageTitle(ctx, data.pageId);
      const unique = [...new Set(data.emails)];
      const now = new Date();
      const tokens = new Map<string, string>();
      const rows = unique.map((email) => {
        const token = randomToken(TOKEN_LENGTH);
        tokens.set(email, token);
        return {
          workspaceId: ctx.workspace.id,
          pageId: data.pageId,
          email,
          status: data.confirmed ? ('confirmed' as const) : ('pending' as const),
          tokenHash: hashToken(token),
          confirmedAt: data.confirmed ? now : null,
        };
      });
      const inserted = await this.subscribers.insertMissing(rows);
      for (const s of inserted) {
        trail.record({
          action: 'page_subscriber.import',
          entityType: 'page_subscriber',
          entityId: s.id,
          after: subscriberSnapshot(toSubscriberView(s)),
        });
      }
      if (!inserted.length) trail.unchanged();
      return {
        pageTitle: title,
        confirmed: data.confirmed,
        added: inserted,
        skipped: data.emails.length - inserted.length,
        tokens,
      };
    });
    const confirmationsSent = result.confirmed
      ? 0
      : await this.sendConfirmations(
          result.pageTitle,
          result.added.map((subscriber) => ({ subscriber, token: result.tokens.get(subscriber.email)! })),
        );
    return { added: result.added.length, skipped: result.skipped, confirmationsSent };
  }

  /** Confirms the subscription of a confirmation link. Repeating it changes nothing. */
  async confirm(token: string): Promise<SubscriptionOutcome> {
    const found = SubscriptionLinks.parse(token);
    if (found?.kind !== 'random') throw linkNotFound();
    return this.byLink(hashToken(found.token), (s) => {
      if (s.status === 'unsubscribed') {
        throw new PreconditionFailedError('this subscription was cancelled; subscribe again to receive updates');
      }
      return s.status === 'pending' ? { status: 'confirmed', confirmedAt: new Date() } : null;
    });
  }

  /**
   * Cancels the subscription of a link: the random token of a confirmation mail or the signed token
   * of any later mail. Repeating it changes nothing.
   */
  async unsubscribe(token: string): Promise<SubscriptionOutcome> {
    const parsed = SubscriptionLinks.parse(token);
    if (!parsed) throw linkNotFound();
    let tokenHash: string;
    if (parsed.kind === 'random') {
      tokenHash = hashToken(parsed.token);
    } else {
      const subscriber = await this.subscribers.findById(parsed.subscriberId);
      if (!subscriber || !this.links.verify(subscriber.id, subscriber.tokenHash, parsed.mac)) throw linkNotFound();
      tokenHash = subscriber.tokenHash;
    }
    return this.byLink(tokenHash, (s) =>
      s.status === 'unsubscribed' ? null : { status: 'unsubscribed', unsubscribedAt: new Date() },
    );
  }

  /** Deletes a subscriber (it can be added again later). */
  async remove(ctx: ServiceContext, subscriberId: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      const entity = await this.subscribers.lock(ctx.workspace.id, subscriberId);
      if (!entity) throw NotFoundError.of('subscriber', subscriberId);
      await this.subscribers.delete(entity.id);
      trail.record({
        action: 'page_subscriber.delete',
        entityType: 'page_subscriber',
        entityId: entity.id,
        before: subscriberSnapshot(toSubscriberView(entity)),
      });
    });
  }

  /** Newest first, every status. */
  async list(ctx: ServiceContext, pageId: string, query: PageQuery = {}): Promise<Paged<SubscriberView>> {
    const q = parseInput(listSubscribersSchema, { pageId });
    const page = pageOf(query, SUBSCRIBER_PAGING);
    await this.pages.checkPage(ctx, q.pageId);
    const [entities, totalSize] = await this.subscribers.list(ctx.workspace.id, q.pageId, page.limit, page.offset);
    return { items: entities.map(toSubscriberView), totalSize, page };
  }

  private async pageTitle(ctx: ServiceContext, pageId: string): Promise<string> {
    const title = await this.subscribers.pageTitle(ctx.workspace.id, pageId);
    if (title === null) throw NotFoundError.of('status page', pageId);
    return title;
  }

  private async insertOne(values: Partial<PageSubscriberEntity>): Promise<PageSubscriberEntity> {
    try {
      return await this.subscribers.insert(values);
    } catch (error) {
      // Two adds of the same address at once: the second one lost the race.
      if (isUniqueViolation(error, 'uq_page_subscribers_email')) {
        throw new ConflictError(`${values.email} was subscribed by a concurrent request; try again`);
      }
      throw error;
    }
  }

  /**
   * Runs a token-based change as the link's holder, audited on the subscriber's workspace. `next`
   * returns the change to make, or null when the link was already used (then nothing is written).
   */
  private async byLink(
    tokenHash: string,
    next: (s: PageSubscriberEntity) => Parameters<SubscribersRepository['change']>[1] | null,
  ): Promise<SubscriptionOutcome> {
    const found = await this.subscribers.findByTokenHash(tokenHash);
    if (!found) throw linkNotFound();
    const { workspace, pageTitle } = await this.subscribers.ownerOf(found);
    const ctx = systemContext(toWorkspaceRef(workspace), LINK_ACTOR, 'rest');
    return this.mutations.run(ctx, async (trail) => {
      const locked = await this.subscribers.lockByTokenHash(tokenHash);
      if (!locked) throw linkNotFound();
      const change = next(locked);
      if (!change) {
        trail.unchanged();
        return { pageTitle, email: locked.email, status: locked.status };
      }
      const saved = await this.subscribers.change(locked, change);
      trail.record({
        action: saved.status === 'confirmed' ? 'page_subscriber.confirm' : 'page_subscriber.unsubscribe',
        entityType: 'page_subscriber',
        entityId: saved.id,
        before: subscriberSnapshot(toSubscriberView(locked)),
        after: subscriberSnapshot(toSubscriberView(saved)),
      });
      return { pageTitle, email: saved.email, status: saved.status };
    });
  }

  /** Mails confirmation links; failures are logged (without addresses' secrets) and counted out. */
  private async sendConfirmations(
    pageTitle: string,
    items: { subscriber: PageSubscriberEntity; token: string }[],
  ): Promise<number> {
    if (!items.length) return 0;
    if (!this.mailer.enabled) {
      this.logger.warn({ count: items.length }, 'SMTP_URL is not configured: confirmation mails were not sent');
      return 0;
    }
    const { sent, failures } = await sendAll(items, ({ subscriber, token }) =>
      this.mailer.send(
        confirmationMail(
          subscriber.email,
          pageTitle,
          this.links.confirmUrl(token),
          this.links.unsubscribeUrl(this.links.signedToken(subscriber.id, subscriber.tokenHash)),
        ),
      ),
    );
    if (failures.length) {
      this.logger.warn(
        { failed: failures.length, sent, error: failures[0].message },
        'some confirmation mails were not accepted by the SMTP relay',
      );
    }
    return sent;
  }
}
