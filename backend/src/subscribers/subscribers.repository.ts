import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { isEntityId } from '../common/ids';
import { Database } from '../database/database';
import { StatusPageEntity } from '../status-pages/status-page.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { PageSubscriberComponentEntity } from './page-subscriber-component.entity';
import { PageSubscriberEntity, type SubscriberStatus } from './page-subscriber.entity';
import { SUBSCRIPTION_MAIL_WINDOW_SECONDS } from './subscription-mail-limits';

/** What a notification needs of one confirmed subscriber. */
export interface Recipient {
  id: string;
  email: string;
  tokenHash: string;
}

/** Expired quota rows are deleted at most this often per node. */
const QUOTA_SWEEP_MS = 60_000;

@Injectable()
export class SubscribersRepository {
  private lastQuotaSweep = 0;

  constructor(@Inject(Database) private readonly db: Database) {}

  /**
   * Takes one send from the quota of each key that has had fewer than `limit` sends in the last hour,
   * and answers the keys that got one. One statement per call: the upsert locks each key's row until
   * the transaction ends, so concurrent requests on any API node queue on it and cannot both take
   * the last send. Keys are taken in sorted order, so two calls never wait on each other in a cycle.
   */
  async takeMailQuota(keys: string[], limit: number): Promise<Set<string>> {
    const unique = [...new Set(keys)].sort();
    if (!unique.length) return new Set();
    const rows = await this.db.rows<{ key: string }>(
      `INSERT INTO subscription_mail_quotas AS q (key, sent_at, expires_at)
         SELECT k, ARRAY[now()], now() + make_interval(secs => $2) FROM unnest($1::text[]) AS k ORDER BY k
       ON CONFLICT (key) DO UPDATE
         SET sent_at = ARRAY(SELECT t FROM unnest(q.sent_at) AS t
                              WHERE t > now() - make_interval(secs => $2) ORDER BY t) || now(),
             expires_at = now() + make_interval(secs => $2)
         WHERE (SELECT count(*) FROM unnest(q.sent_at) AS t WHERE t > now() - make_interval(secs => $2)) < $3
       RETURNING key`,
      [unique, SUBSCRIPTION_MAIL_WINDOW_SECONDS, limit],
    );
    await this.sweepMailQuotas();
    return new Set(rows.map((r) => r.key.trim()));
  }

  /**
   * Deletes quota rows whose sends all left the window (at most once a minute per node). Rows another
   * transaction holds are skipped, so the sweep never waits and never joins a lock cycle.
   */
  private async sweepMailQuotas(): Promise<void> {
    const now = Date.now();
    if (now - this.lastQuotaSweep < QUOTA_SWEEP_MS) return;
    this.lastQuotaSweep = now;
    await this.db.manager.query(
      `DELETE FROM subscription_mail_quotas WHERE key IN (
         SELECT key FROM subscription_mail_quotas WHERE expires_at < now() LIMIT 1000 FOR UPDATE SKIP LOCKED)`,
    );
  }

  insert(values: Partial<PageSubscriberEntity>): Promise<PageSubscriberEntity> {
    const repo = this.db.repo(PageSubscriberEntity);
    return repo.save(repo.create(values));
  }

  /** Inserts the rows whose (page, email) is new; returns the inserted ones. */
  async insertMissing(rows: Partial<PageSubscriberEntity>[]): Promise<PageSubscriberEntity[]> {
    if (!rows.length) return [];
    const result = await this.db
      .repo(PageSubscriberEntity)
      .createQueryBuilder()
      .insert()
      .values(rows)
      .orIgnore()
      .returning('*')
      .execute();
    const ids = (result.raw as { id: string }[]).map((r) => String(r.id));
    if (!ids.length) return [];
    return this.db.repo(PageSubscriberEntity).find({ where: { id: In(ids) }, order: { id: 'ASC' } });
  }

  findByEmail(pageId: string, email: string): Promise<PageSubscriberEntity | null> {
    return this.db.repo(PageSubscriberEntity).findOneBy({ pageId, email });
  }

  findById(id: string): Promise<PageSubscriberEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(PageSubscriberEntity).findOneBy({ id });
  }

  findByTokenHash(tokenHash: string): Promise<PageSubscriberEntity | null> {
    return this.db.repo(PageSubscriberEntity).findOneBy({ tokenHash });
  }

  /** Locks the row for the rest of the transaction. */
  async lock(workspaceId: string, id: string): Promise<PageSubscriberEntity | null> {
    if (!isEntityId(id)) return null;
    return this.db
      .repo(PageSubscriberEntity)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.workspace_id = :workspaceId AND s.id = :id', { workspaceId, id })
      .getOne();
  }

  async lockByTokenHash(tokenHash: string): Promise<PageSubscriberEntity | null> {
    return this.db
      .repo(PageSubscriberEntity)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.token_hash = :tokenHash', { tokenHash })
      .getOne();
  }

  async change(
    subscriber: PageSubscriberEntity,
    values: { status: SubscriberStatus; tokenHash?: string; confirmedAt?: Date | null; unsubscribedAt?: Date | null },
  ): Promise<PageSubscriberEntity> {
    const repo = this.db.repo(PageSubscriberEntity);
    await repo.update({ id: subscriber.id }, values);
    return repo.findOneByOrFail({ id: subscriber.id });
  }

  async delete(id: string): Promise<void> {
    await this.db.repo(PageSubscriberEntity).delete({ id });
  }

  list(workspaceId: string, pageId: string, limit: number, offset: number): Promise<[PageSubscriberEntity[], number]> {
    return this.db
      .repo(PageSubscriberEntity)
      .findAndCount({ where: { workspaceId, pageId }, order: { id: 'DESC' }, take: limit, skip: offset });
  }

  /**
   * Confirmed subscribers of a page, by id, in pages of `limit` after `afterId`. With `componentIds`
   * (an event about those components), only the subscribers who chose no component (all of them)
   * or at least one of these.
   */
  confirmedRecipients(
    workspaceId: string,
    pageId: string,
    afterId: string | null,
    limit: number,
    componentIds: string[] = [],
  ): Promise<Recipient[]> {
    return this.db.rows<Recipient>(
      `SELECT s.id::text AS id, s.email, s.token_hash AS "tokenHash" FROM page_subscribers s
        WHERE s.workspace_id = $1 AND s.page_id = $2 AND s.status = 'confirmed'
          AND ($3::bigint IS NULL OR s.id > $3::bigint)
          AND (cardinality($5::bigint[]) = 0
            OR NOT EXISTS (SELECT 1 FROM page_subscriber_components c WHERE c.subscriber_id = s.id)
            OR EXISTS (SELECT 1 FROM page_subscriber_components c
                        WHERE c.subscriber_id = s.id AND c.component_id = ANY($5::bigint[])))
        ORDER BY s.id LIMIT $4`,
      [workspaceId, pageId, afterId, limit, componentIds],
    );
  }

  /** The components a subscriber chose, by id; empty: every component. */
  async componentsOf(subscriberId: string): Promise<string[]> {
    const rows = await this.db
      .repo(PageSubscriberComponentEntity)
      .find({ where: { subscriberId }, order: { componentId: 'ASC' } });
    return rows.map((r) => String(r.componentId));
  }

  /** Replaces the subscriber's chosen components (ids already checked to be on its page). */
  async setComponents(subscriberId: string, componentIds: string[]): Promise<void> {
    const repo = this.db.repo(PageSubscriberComponentEntity);
    await repo.delete({ subscriberId });
    if (componentIds.length) await repo.insert(componentIds.map((componentId) => ({ subscriberId, componentId })));
  }

  async workspace(workspaceId: string): Promise<WorkspaceEntity | null> {
    if (!isEntityId(workspaceId)) return null;
    return this.db.repo(WorkspaceEntity).findOneBy({ id: workspaceId });
  }

  /** Title of a page of the workspace; null when it is not the workspace's. */
  async pageTitle(workspaceId: string, pageId: string): Promise<string | null> {
    if (!isEntityId(pageId)) return null;
    const page = await this.db
      .repo(StatusPageEntity)
      .findOne({ select: { id: true, title: true }, where: { workspaceId, id: pageId } });
    return page?.title ?? null;
  }

  /** The page title and workspace of a subscriber, for the public confirm and unsubscribe routes. */
  async ownerOf(subscriber: PageSubscriberEntity): Promise<{ workspace: WorkspaceEntity; pageTitle: string }> {
    const page = await this.db.repo(StatusPageEntity).findOneByOrFail({ id: subscriber.pageId });
    const workspace = await this.db.repo(WorkspaceEntity).findOneByOrFail({ id: subscriber.workspaceId });
    return { workspace, pageTitle: page.title };
  }
}
