import { Inject, Injectable } from '@nestjs/common';
import { In, type FindOptionsWhere } from 'typeorm';
import { isEntityId } from '../common/ids';
import { groupByOwner } from '../common/objects';
import { Database } from '../database/database';
import { MaintenanceComponentEntity, MaintenanceEntity } from './maintenance.entity';

@Injectable()
export class MaintenancesRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  insert(values: Partial<MaintenanceEntity>): Promise<MaintenanceEntity> {
    const repo = this.db.repo(MaintenanceEntity);
    return repo.save(repo.create(values));
  }

  find(workspaceId: string, id: string): Promise<MaintenanceEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(MaintenanceEntity).findOneBy({ workspaceId, id });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  async lock(workspaceId: string, id: string): Promise<MaintenanceEntity | null> {
    if (!isEntityId(id)) return null;
    return this.db
      .repo(MaintenanceEntity)
      .createQueryBuilder('m')
      .setLock('pessimistic_write')
      .where('m.workspace_id = :workspaceId AND m.id = :id', { workspaceId, id })
      .getOne();
  }

  /** Writes the given columns and moves updated_at, then reads the row back. */
  async change(
    maintenance: MaintenanceEntity,
    values: Pick<MaintenanceEntity, 'title' | 'message' | 'from' | 'to'>,
  ): Promise<MaintenanceEntity> {
    const repo = this.db.repo(MaintenanceEntity);
    await repo.update({ id: maintenance.id }, values);
    return repo.findOneByOrFail({ id: maintenance.id });
  }

  /**
   * Records that the window's subscribers were notified. Raw SQL so that updated_at stays: it tells
   * when an author last edited the window.
   */
  async markNotified(maintenanceId: string, at: Date): Promise<void> {
    await this.db.rows('UPDATE maintenances SET notified_at = $2 WHERE id = $1', [maintenanceId, at]);
  }

  /** Replaces the affected components of a maintenance. */
  async setComponents(maintenanceId: string, componentIds: string[]): Promise<void> {
    const repo = this.db.repo(MaintenanceComponentEntity);
    await repo.delete({ maintenanceId });
    if (componentIds.length) {
      await repo.insert(componentIds.map((componentId) => ({ maintenanceId, componentId })));
    }
  }

  /** Newest first: latest start first, then latest created; with the total that matches. */
  list(
    workspaceId: string,
    pageId: string | undefined,
    limit: number,
    offset: number,
  ): Promise<[MaintenanceEntity[], number]> {
    const where: FindOptionsWhere<MaintenanceEntity> = { workspaceId, ...(pageId !== undefined ? { pageId } : {}) };
    return this.db
      .repo(MaintenanceEntity)
      .findAndCount({ where, order: { from: 'DESC', id: 'DESC' }, take: limit, skip: offset });
  }

  /** Each maintenance's affected component ids, in ascending order. */
  async componentIdsOf(maintenanceIds: string[]): Promise<Map<string, string[]>> {
    const links = maintenanceIds.length
      ? await this.db
          .repo(MaintenanceComponentEntity)
          .find({ where: { maintenanceId: In(maintenanceIds) }, order: { componentId: 'ASC' } })
      : [];
    return groupByOwner(
      maintenanceIds,
      links,
      (l) => l.maintenanceId,
      (l) => l.componentId,
    );
  }

  /**
   * For each of the monitors shown by a status-page component that a maintenance window covers at
   * `at`, the latest end of those windows: alerting holds the monitor's alerts until then.
   */
  async windowEndsOverMonitors(monitorIds: string[], at: Date): Promise<Map<string, Date>> {
    if (!monitorIds.length) return new Map();
    const rows = await this.db.rows<{ monitor_id: string; ends: Date | string }>(
      `SELECT c.monitor_id::text AS monitor_id, max(m."to") AS ends
         FROM maintenances m
         JOIN maintenance_components mc ON mc.maintenance_id = m.id
         JOIN page_components c ON c.id = mc.component_id
        WHERE c.monitor_id = ANY($1::bigint[]) AND m."from" <= $2 AND m."to" > $2
        GROUP BY c.monitor_id`,
      [monitorIds, at],
    );
    return new Map(rows.map((r) => [r.monitor_id, new Date(r.ends)]));
  }

  /**
   * The maintenance windows overlapping [from, to) that cover each of the monitors (through a
   * status-page component showing it): what SLA reports leave out of measured time and downtime.
   */
  async windowsOverMonitors(
    monitorIds: string[],
    from: Date,
    to: Date,
  ): Promise<Array<{ monitorId: string; from: Date; to: Date }>> {
    if (!monitorIds.length) return [];
    const rows = await this.db.rows<{ monitor_id: string; from: Date | string; to: Date | string }>(
      `SELECT DISTINCT c.monitor_id::text AS monitor_id, m."from", m."to"
         FROM maintenances m
         JOIN maintenance_components mc ON mc.maintenance_id = m.id
         JOIN page_components c ON c.id = mc.component_id
        WHERE c.monitor_id = ANY($1::bigint[]) AND m."from" < $3 AND m."to" > $2
        ORDER BY 1, 2, 3`,
      [monitorIds, from, to],
    );
    return rows.map((r) => ({ monitorId: r.monitor_id, from: new Date(r.from), to: new Date(r.to) }));
  }

  /** Deletes the maintenance; its component links go with it (ON DELETE CASCADE). */
  async delete(maintenanceId: string): Promise<void> {
    await this.db.repo(MaintenanceEntity).delete({ id: maintenanceId });
  }
}
