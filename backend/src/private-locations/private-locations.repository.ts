import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { hashToken } from '../common/crypto';
import { groupByOwner } from '../common/objects';
import { Database } from '../database/database';
import { PrivateLocationEntity, PrivateLocationMonitorEntity } from './private-location.entity';
import { isEntityId } from '../common/ids';
import { MonitorDeletion } from '../checks/monitor-deletion';

@Injectable()
export class PrivateLocationsRepository {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MonitorDeletion) deletion: MonitorDeletion,
  ) {
    deletion.onDelete((monitorId) => this.unlinkMonitor(monitorId));
  }

  insert(values: Partial<PrivateLocationEntity>): Promise<PrivateLocationEntity> {
    const repo = this.db.repo(PrivateLocationEntity);
    return repo.save(repo.create(values));
  }

  save(entity: PrivateLocationEntity): Promise<PrivateLocationEntity> {
    return this.db.repo(PrivateLocationEntity).save(entity);
  }

  find(workspaceId: string, id: string): Promise<PrivateLocationEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(PrivateLocationEntity).findOneBy({ workspaceId, id });
  }

  /**
   * The location whose agent holds `token`, looked up by the token's hash (for the check-engine
   * agents): nothing is decrypted, and a wrong token finds nothing.
   */
  findByToken(token: string): Promise<PrivateLocationEntity | null> {
    if (!token) return Promise.resolve(null);
    return this.db.repo(PrivateLocationEntity).findOneBy({ tokenHash: hashToken(token) });
  }

  /**
   * Records an agent's heartbeat. A raw UPDATE of last_seen_at alone: the TypeORM update would also
   * bump updated_at, which says when the location was last edited, not when its agent last called.
   */
  async markSeen(id: string, at: Date): Promise<void> {
    await this.db.manager.query('UPDATE private_locations SET last_seen_at = $1 WHERE id = $2', [at, id]);
  }

  /** Locks the row for the rest of the transaction, so concurrent updates apply one after the other. */
  async lock(workspaceId: string, id: string): Promise<PrivateLocationEntity | null> {
    if (!isEntityId(id)) return null;
    return this.db
      .repo(PrivateLocationEntity)
      .createQueryBuilder('l')
      .setLock('pessimistic_write')
      .where('l.workspace_id = :workspaceId AND l.id = :id', { workspaceId, id })
      .getOne();
  }

  count(workspaceId: string): Promise<number> {
    return this.db.repo(PrivateLocationEntity).countBy({ workspaceId });
  }

  /** Newest first. */
  list(workspaceId: string, limit: number, offset: number): Promise<PrivateLocationEntity[]> {
    return this.db.repo(PrivateLocationEntity).find({
      where: { workspaceId },
      order: { id: 'DESC' },
      take: limit,
      skip: offset,
    });
  }

  /** Monitor ids each location runs, ascending. */
  async monitorIds(locationIds: string[]): Promise<Map<string, string[]>> {
    const links = locationIds.length
      ? await this.db.repo(PrivateLocationMonitorEntity).find({
          where: { privateLocationId: In(locationIds) },
          order: { monitorId: 'ASC' },
        })
      : [];
    return groupByOwner(
      locationIds,
      links,
      (l) => l.privateLocationId,
      (l) => l.monitorId,
    );
  }

  /** Takes a deleted monitor off every location. */
  async unlinkMonitor(monitorId: string): Promise<void> {
    await this.db.repo(PrivateLocationMonitorEntity).delete({ monitorId });
  }

  async replaceMonitors(privateLocationId: string, monitorIds: string[]): Promise<void> {
    const links = this.db.repo(PrivateLocationMonitorEntity);
    await links.delete({ privateLocationId });
    if (monitorIds.length) await links.insert(monitorIds.map((monitorId) => ({ privateLocationId, monitorId })));
  }

  /** Deletes the location and its monitor links. */
  async delete(location: PrivateLocationEntity): Promise<void> {
    await this.db.repo(PrivateLocationMonitorEntity).delete({ privateLocationId: location.id });
    await this.db.repo(PrivateLocationEntity).delete({ id: location.id });
  }
}
