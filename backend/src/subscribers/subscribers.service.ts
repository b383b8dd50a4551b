import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { MutationRunner } from '../audit/mutation-runner';
import { systemContext, type ServiceContext } from '../common/context';
import { hashToken, randomToken } from '../common/crypto';
import {
  ConflictError,
  LimitExceededError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
} from '../common/errors';
import { definedOnly } from '../common/objects';
import { pageOf, type PageQuery, type Paged } from '../common/paging';
import { parseInput } from '../common/validation';
import { LOGGER } from '../config/config.module';
import { isUniqueViolation } from '../database/pg-errors';
import { PageComponentsService } from '../status-pages/page-components.service';
import { toWorkspaceRef } from '../workspaces/workspaces.service';
import { MailerService } from '../mail/mailer.service';
import type { PageSubscriberEntity } from './page-subscriber.entity';
import { alreadySubscribedMail, confirmationMail } from './subscriber-mails';
import {
  addSubscriberSchema,
  chooseComponentsSchema,
  publicSubscribeSchema,
  importSubscribersSchema,
  listSubscribersSchema,
  SUBSCRIBER_PAGING,
  TOKEN_LENGTH,
} from './subscriber.schemas';
import { subscriberSnapshot, toSubscriberView, type SubscriberView } from './subscriber.view';
import { SubscribersRepository } from './subscribers.repository';
import {
  FORM_SUBSCRIPTIONS_PER_PAGE_PER_HOUR,
  MAILS_PER_RECIPIENT_PER_HOUR,
  pageFormQuotaKey,
  recipientQuotaKey,
} from './subscription-mail-limits';
import { SubscriptionLinks } from './subscription-links';
import { sendAll } from './send-all';

export interface AddSubscriberResult {
  subscriber: SubscriberView;
  /**
   * Whether the relay accepted the confirmation mail: false when it failed, or when the address
   * already had its confirmation mails of the hour (then an existing subscriber
   * is left as it was, so the links of the mails it got still work).
   */
  confirmationSent: boolean;
}

/**
 * What the subscribe form did about the mail: `sent` (the relay took it), `withheld` (the address had
 * its mails of the hour: nothing changed) or `failed` (the relay refused it). The form shows the same
 * answer for all three, so it says nothing about the address.
 */
export type PageSubscribeMail = 'sent' | 'withheld' | 'failed';

/**
 * Why nobody can subscribe while e-mail is off: a subscription is confirmed by a mailed link, and
 * without a relay that link never arrives. Said by every verb that would need it, with the way out.
 */
export const MAIL_OFF =
  'e-mail is off on this service: SMTP_URL is not set, so no confirmation mail can be sent. ' +
  'Set SMTP_URL to your mail relay (smtp://user:pass@host:587 or smtps://user:pass@host:465) and restart the service';

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

/** Audit actor of the subscribe form of a public status page: an anonymous visitor. */
const PAGE_ACTOR = 'status-page';

/** Which public page a visitor subscribes on (the public page already resolved and access checked). */
export interface PublicPageRef {
  workspaceId: string;
  pageId: string;
}

/** What the manage page of a subscription shows. */
export interface ManagedSubscription extends SubscriptionOutcome {
  /** The page's components, in the page's order. */
  components: Array<{ id: string; name: string }>;
  /** The chosen ones; empty: every component. */
  chosen: string[];
}

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
   * Whether anyone can subscribe: a subscription is confirmed through a mailed link, so there is none
   * while e-mail is off (no SMTP_URL). Public pages offer no subscribe form then, and the dashboard
   * says how to turn mail on.
   */
  get subscriptionsOffered(): boolean {
    return this.mailer.enabled;
  }

  /**
   * Subscribes an address as `pending` and mails it a confirmation link. An address that is pending
   * or unsubscribed becomes pending again with a new link (older links stop working); a confirmed
   * one is a conflict. The mail is sent after the change is committed. While e-mail is off nothing is
   * stored: PRECONDITION_FAILED says why (a pending address that can never confirm is no subscriber).
   */
  async add(ctx: ServiceContext, pageId: string, email: string): Promise<AddSubscriberResult> {
    const { subscriber, token, pageTitle } = await this.mutations.run(ctx, async (trail) => {
      const data = parseInput(addSubscriberSchema, definedOnly({ pageId, email }));
      const title = await this.pageTitle(ctx, data.pageId);
      if (!this.subscriptionsOffered) throw new PreconditionFailedError(MAIL_OFF);
      const token = randomToken(TOKEN_LENGTH);
      const existing = await this.subscribers.findByEmail(data.pageId, data.email);
      if (existing?.status === 'confirmed') {
        throw new ConflictError(
          `${data.email} is already a confirmed subscriber of status page ${JSON.stringify(data.pageId)}`,
        );
      }
      const mailable = (await this.mailable([data.email])).has(data.email);
      if (existing && !mailable) {
        // A new link without a mail would only break the links this address already got.
        trail.unchanged();
        return { subscriber: existing, token: null, pageTitle: title };
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
      return { subscriber: created, token: mailable ? token : null, pageTitle: title };
    });
    const confirmationSent = token ? await this.sendConfirmations(pageTitle, [{ subscriber, token }]) : 0;
    return { subscriber: toSubscriberView(subscriber), confirmationSent: confirmationSent === 1 };
  }

  /**
   * Adds up to 1000 addresses at once. Repeats and addresses already on the page are skipped. With
   * `confirmed: true` (the caller vouches for earlier consent) they are confirmed at once and get no
   * mail, which works while e-mail is off too; otherwise they are pending and each gets a
   * confirmation mail after the commit, so without e-mail the import is refused (PRECONDITION_FAILED).
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
      if (!data.confirmed && !this.subscriptionsOffered) {
        throw new PreconditionFailedError(
          `${MAIL_OFF}; or import addresses that already agreed elsewhere as confirmed (they get no mail)`,
        );
      }
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
      // Pending imports are mailed within each address's hourly quota; the others stay pending unmailed.
      const mailable = data.confirmed ? new Set<string>() : await this.mailable(inserted.map((s) => s.email));
      return {
        pageTitle: title,
        confirmed: data.confirmed,
        added: inserted,
        mailable,
        skipped: data.emails.length - inserted.length,
        tokens,
      };
    });
    const confirmationsSent = result.confirmed
      ? 0
      : await this.sendConfirmations(
          result.pageTitle,
          result.added
            .filter((subscriber) => result.mailable.has(subscriber.email))
            .map((subscriber) => ({ subscriber, token: result.tokens.get(subscriber.email)! })),
        );
    return { added: result.added.length, skipped: result.skipped, confirmationsSent };
  }

  /**
   * The subscribe form of a public page: the visitor's address becomes a pending subscriber with the
   * chosen components (none: all) and gets the confirmation mail (double opt-in). The answer never
   * says whether the address was already subscribed: a confirmed address is left as it is and gets
   * a mail with its manage link instead, so the form cannot be used to learn who subscribed.
   *
   * Nor can it be used to flood a mailbox: an address gets at most MAILS_PER_RECIPIENT_PER_HOUR
   * mails an hour from every form and transport together (past that nothing changes and nothing is
   * sent, and the answer is the same), and one page's form makes at most
   * FORM_SUBSCRIPTIONS_PER_PAGE_PER_HOUR subscriptions pending (or reminded) an hour, whatever the
   * address (LimitExceededError past that). Both counts live in the database, shared by every node.
   *
   * While e-mail is off the page offers no form; a form sent anyway changes nothing
   * (PreconditionFailedError).
   */
  async subscribeOnPage(
    page: PublicPageRef,
    input: { email?: unknown; components?: unknown },
  ): Promise<{ mail: PageSubscribeMail }> {
    if (!this.subscriptionsOffered) throw new PreconditionFailedError(MAIL_OFF);
    const workspace = await this.subscribers.workspace(page.workspaceId);
    if (!workspace) throw NotFoundError.of('status page', page.pageId);
    const ctx = systemContext(toWorkspaceRef(workspace), PAGE_ACTOR, 'rest');
    const outcome = await this.mutations.run(ctx, async (trail) => {
      const data = parseInput(publicSubscribeSchema, { pageId: page.pageId, ...definedOnly(input) });
      const title = await this.pageTitle(ctx, data.pageId);
      await this.checkChosen(ctx, data.pageId, data.components);
      // Before any change, and alike for every address: a withheld mail leaves the subscription (and
      // the links of the mails already sent) as it was.
      if (!(await this.mailable([data.email])).has(data.email)) {
        trail.unchanged();
        return { kind: 'withheld' as const };
      }
      const pageQuota = pageFormQuotaKey(data.pageId);
      const taken = await this.subscribers.takeMailQuota([pageQuota], FORM_SUBSCRIPTIONS_PER_PAGE_PER_HOUR);
      if (!taken.has(pageQuota)) {
        // Thrown: the transaction rolls back the address's send taken above.
        throw new LimitExceededError(
          `this page's subscribe form took ${FORM_SUBSCRIPTIONS_PER_PAGE_PER_HOUR} subscriptions in the last hour; try again later`,
        );
      }
      const existing = await this.subscribers.findByEmail(data.pageId, data.email);
      if (existing?.status === 'confirmed') {
        trail.unchanged();
        return { kind: 'confirmed' as const, subscriber: existing, pageTitle: title };
      }
      const token = randomToken(TOKEN_LENGTH);
      let saved: PageSubscriberEntity;
      if (existing) {
        const locked = (await this.subscribers.lock(ctx.workspace.id, existing.id))!;
        saved = await this.subscribers.change(locked, {
          status: 'pending',
          tokenHash: hashToken(token),
          confirmedAt: null,
          unsubscribedAt: null,
        });
        trail.record({
          action: 'page_subscriber.update',
          entityType: 'page_subscriber',
          entityId: saved.id,
          before: {
            ...subscriberSnapshot(toSubscriberView(locked)),
            components: await this.subscribers.componentsOf(locked.id),
          },
          after: { ...subscriberSnapshot(toSubscriberView(saved)), components: data.components },
        });
      } else {
        saved = await this.insertOne({
          workspaceId: ctx.workspace.id,
          pageId: data.pageId,
          email: data.email,
          status: 'pending',
          tokenHash: hashToken(token),
        });
        trail.record({
          action: 'page_subscriber.create',
          entityType: 'page_subscriber',
          entityId: saved.id,
          after: { ...subscriberSnapshot(toSubscriberView(saved)), components: data.components },
        });
      }
      await this.subscribers.setComponents(saved.id, data.components);
      return { kind: 'pending' as const, subscriber: saved, token, pageTitle: title };
    });
    switch (outcome.kind) {
      case 'withheld':
        return { mail: 'withheld' };
      case 'pending':
        return { mail: (await this.sendConfirmations(outcome.pageTitle, [outcome])) === 1 ? 'sent' : 'failed' };
      case 'confirmed':
        return { mail: (await this.sendAlreadySubscribed(outcome.pageTitle, outcome.subscriber)) ? 'sent' : 'failed' };
      default: {
        const unreachable: never = outcome;
        throw new Error(`unknown outcome ${JSON.stringify(unreachable)}`);
      }
    }
  }

  /**
   * The addresses among `emails` that may get a subscription mail now, each taking one of its
   * MAILS_PER_RECIPIENT_PER_HOUR. Only asked while e-mail is on (the verbs refuse before otherwise).
   */
  private async mailable(emails: string[]): Promise<Set<string>> {
    const byKey = new Map(emails.map((email) => [recipientQuotaKey(email), email]));
    const taken = await this.subscribers.takeMailQuota([...byKey.keys()], MAILS_PER_RECIPIENT_PER_HOUR);
    return new Set([...taken].map((key) => byKey.get(key)!));
  }

  /** The manage page of a subscription link: the page's components and the chosen ones. */
  async managed(token: string): Promise<ManagedSubscription> {
    const subscriber = await this.subscriberOfLink(token);
    const { workspace, pageTitle } = await this.subscribers.ownerOf(subscriber);
    const ctx = systemContext(toWorkspaceRef(workspace), LINK_ACTOR, 'rest');
    const components = await this.pages.shownComponents(ctx, subscriber.pageId);
    return {
      pageTitle,
      email: subscriber.email,
      status: subscriber.status,
      components,
      chosen: await this.subscribers.componentsOf(subscriber.id),
    };
  }

  /** Replaces the components of a subscription by link (none: every component). */
  async chooseComponents(token: string, input: { components?: unknown }): Promise<ManagedSubscription> {
    const subscriber = await this.subscriberOfLink(token);
    const { workspace } = await this.subscribers.ownerOf(subscriber);
    const ctx = systemContext(toWorkspaceRef(workspace), LINK_ACTOR, 'rest');
    await this.mutations.run(ctx, async (trail) => {
      const data = parseInput(chooseComponentsSchema, definedOnly(input));
      const locked = await this.subscribers.lock(ctx.workspace.id, subscriber.id);
      if (!locked || locked.tokenHash !== subscriber.tokenHash) throw linkNotFound();
      if (locked.status === 'unsubscribed') {
        throw new PreconditionFailedError('this subscription was cancelled; subscribe again to receive updates');
      }
      await this.checkChosen(ctx, locked.pageId, data.components);
      const before = await this.subscribers.componentsOf(locked.id);
      const after = [...data.components].sort((a, b) => Number(a) - Number(b));
      if (before.join() === after.join()) {
        trail.unchanged();
        return;
      }
      await this.subscribers.setComponents(locked.id, after);
      const view = subscriberSnapshot(toSubscriberView(locked));
      trail.record({
        action: 'page_subscriber.update',
        entityType: 'page_subscriber',
        entityId: locked.id,
        before: { ...view, components: before },
        after: { ...view, components: after },
      });
    });
    return this.managed(token);
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

  /** Deletes a subscriber (it can be added again later); with `pageId`, only one of that page. */
  async remove(ctx: ServiceContext, subscriberId: string, pageId?: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      const entity = await this.subscribers.lock(ctx.workspace.id, subscriberId);
      if (!entity || (pageId !== undefined && entity.pageId !== pageId)) {
        throw NotFoundError.of('subscriber', subscriberId);
      }
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

  /** The subscriber of a link's token (the random one of a confirmation mail, or a signed one). */
  private async subscriberOfLink(token: string): Promise<PageSubscriberEntity> {
    const parsed = SubscriptionLinks.parse(token);
    if (!parsed) throw linkNotFound();
    if (parsed.kind === 'random') {
      const found = await this.subscribers.findByTokenHash(hashToken(parsed.token));
      if (!found) throw linkNotFound();
      return found;
    }
    const subscriber = await this.subscribers.findById(parsed.subscriberId);
    if (!subscriber || !this.links.verify(subscriber.id, subscriber.tokenHash, parsed.mac)) throw linkNotFound();
    return subscriber;
  }

  /** Chosen components must be on the page; the form only offers those, so anything else is a bad form. */
  private async checkChosen(ctx: ServiceContext, pageId: string, componentIds: string[]): Promise<void> {
    try {
      await this.pages.checkPageComponents(ctx, pageId, componentIds);
    } catch (error) {
      if (error instanceof NotFoundError && componentIds.length) {
        throw ValidationError.field('components', 'must be components of this status page');
      }
      throw error;
    }
  }

  private async sendAlreadySubscribed(pageTitle: string, subscriber: PageSubscriberEntity): Promise<boolean> {
    if (!this.mailer.enabled) return false;
    const signed = this.links.signedToken(subscriber.id, subscriber.tokenHash);
    try {
      await this.mailer.send(
        alreadySubscribedMail(subscriber.email, pageTitle, {
          unsubscribeUrl: this.links.unsubscribeUrl(signed),
          manageUrl: this.links.manageUrl(signed),
        }),
      );
      return true;
    } catch (error) {
      this.logger.warn(
        { error: (error as Error).message },
        'a subscription reminder was not accepted by the SMTP relay',
      );
      return false;
    }
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
        confirmationMail(subscriber.email, pageTitle, this.links.confirmUrl(token), {
          unsubscribeUrl: this.links.unsubscribeUrl(this.links.signedToken(subscriber.id, subscriber.tokenHash)),
          manageUrl: this.links.manageUrl(this.links.signedToken(subscriber.id, subscriber.tokenHash)),
        }),
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
