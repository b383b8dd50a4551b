import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { groupByOwner } from '../common/objects';
import { Database } from '../database/database';
import { NotificationChannelEntity, NotificationChannelMonitorEntity } from './notification-channel.entity';
import { isEntityId } from '../common/ids';
import { MonitorDeletion } from '../checks/monitor-deletion';

@Injectable()
export class NotificationsRepository {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MonitorDeletion) deletion: MonitorDeletion,
  ) {
    deletion.onDelete((monitorId) => this.unlinkMonitor(monitorId));
  }

  insert(values: Partial<NotificationChannelEntity>): Promise<NotificationChannelEntity> {
    const repo = this.db.repo(NotificationChannelEntity);
    return repo.save(repo.create(values));
  }

  save(entity: NotificationChannelEntity): Promise<NotificationChannelEntity> {
    return this.db.repo(NotificationChannelEntity).save(entity);
  }

  find(workspaceId: string, id: string): Promise<NotificationChannelEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(NotificationChannelEntity).findOneBy({ workspaceId, id });
  }

  /** A channel of any workspace (the delivery worker's outbox row names it by id). */
  findAny(id: string): Promise<NotificationChannelEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(NotificationChannelEntity).findOneBy({ id });
  }

  /** Locks the row for the rest of the transaction, so concurrent updates apply one after the other. */
  async lock(workspaceId: string, id: string): Promise<NotificationChannelEntity | null> {
    if (!isEntityId(id)) return null;
    return this.db
      .repo(NotificationChannelEntity)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.workspace_id = :workspaceId AND c.id = :id', { workspaceId, id })
      .getOne();
  }

  count(workspaceId: string): Promise<number> {
    return this.db.repo(NotificationChannelEntity).countBy({ workspaceId });
  }

  /**
   * The given ids that are channels of the workspace, share-locked until the transaction ends so a
   * concurrent deletion of one waits for whatever is about to name it (an escalation policy's step).
   */
  async lockIds(workspaceId: string, ids: string[]): Promise<Set<string>> {
    const candidates = [...new Set(ids.filter((id) => isEntityId(id)))];
    if (!candidates.length) return new Set();
    const rows = await this.db.rows<{ id: string }>(
      'SELECT id::text AS id FROM notification_channels WHERE workspace_id = $1 AND id = ANY($2::bigint[]) FOR SHARE',
      [workspaceId, candidates],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Newest first. */
  list(workspaceId: string, limit: number, offset: number): Promise<NotificationChannelEntity[]> {
    return this.db.repo(NotificationChannelEntity).find({
      where: { workspaceId },
      order: { id: 'DESC' },
      take: limit,
      skip: offset,
    });
  }

  /** Monitor ids wired to each channel, ascending. */
  async monitorIds(channelIds: string[]): Promise<Map<string, string[]>> {
    const links = channelIds.length
      ? await this.db.repo(NotificationChannelMonitorEntity).find({
          where: { channelId: In(channelIds) },
          order: { monitorId: 'ASC' },
        })
      : [];
    return groupByOwner(
      channelIds,
      links,
      (l) => l.channelId,
      (l) => l.monitorId,
    );
  }

  /** The names of the channels of a workspace, by id (alert history shows them). */
  async namesOf(workspaceId: string, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.rows<{ id: string; name: string; provider_type: string }>(
      `SELECT id::text AS id, name, provider_type FROM notification_channels
        WHERE workspace_id = $1 AND id = ANY($2::bigint[])`,
      [workspaceId, ids],
    );
    return new Map(rows.map((r) => [r.id, r.name || r.provider_type]));
  }

  /** The channels wired to the monitor, ascending. */
  async channelIdsOf(monitorId: string): Promise<string[]> {
    const links = await this.db
      .repo(NotificationChannelMonitorEntity)
      .find({ where: { monitorId }, order: { channelId: 'ASC' } });
    return links.map((l) => l.channelId);
  }

  /** Unwires a deleted monitor from every channel. */
  async unlinkMonitor(monitorId: string): Promise<void> {
    await this.db.repo(NotificationChannelMonitorEntity).delete({ monitorId });
  }

  async replaceMonitors(channelId: string, monitorIds: string[]): Promise<void> {
    const links = this.db.repo(NotificationChannelMonitorEntity);
    await links.delete({ channelId });
    if (monitorIds.length) await links.insert(monitorIds.map((monitorId) => ({ channelId, monitorId })));
  }

  /**
   * Channels after id `after` (ascending, at most `limit`) whose settings may still hold a header
   * value or a URL's query string, user info or fragment in the clear, locked for the rest of the
   * transaction. A candidate only: the caller decides on the parsed settings.
   */
  async lockPlainCredentialCandidates(after: string, limit: number): Promise<NotificationChannelEntity[]> {
    const rows = await this.db.rows<{ id: string }>(
      `SELECT id FROM notification_channels c
        WHERE c.id > $1
          AND (EXISTS (SELECT 1 FROM jsonb_array_elements(
                         CASE WHEN jsonb_typeof(c.config->'headers') = 'array' THEN c.config->'headers' ELSE '[]' END) h
                        WHERE jsonb_typeof(h) = 'object' AND h ? 'value')
               OR c.config->>'endpoint' ~ '[?#@]'
               OR c.config->>'serverUrl' ~ '[?#@]')
        ORDER BY c.id LIMIT $2 FOR UPDATE`,
      [after, limit],
    );
    if (!rows.length) return [];
    return this.db
      .repo(NotificationChannelEntity)
      .find({ where: { id: In(rows.map((r) => String(r.id))) }, order: { id: 'ASC' } });
  }

  /** Rewrites how a channel is stored without touching updated_at: its settings did not change. */
  async rewriteStorage(id: string, config: Record<string, unknown>, secretsSealed: string | null): Promise<void> {
    await this.db.rows('UPDATE notification_channels SET config = $2::jsonb, secrets_sealed = $3 WHERE id = $1', [
      id,
      JSON.stringify(config),
      secretsSealed,
    ]);
  }

  async delete(channel: NotificationChannelEntity): Promise<void> {
    await this.db.repo(NotificationChannelMonitorEntity).delete({ channelId: channel.id });
    await this.db.repo(NotificationChannelEntity).delete({ id: channel.id });
  }
}
