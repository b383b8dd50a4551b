import { Inject, Injectable } from '@nestjs/common';
import { In, Not, type FindOptionsWhere } from 'typeorm';
import { isEntityId } from '../common/ids';
import { groupByOwner } from '../common/objects';
import { Database } from '../database/database';
import {
  StatusReportComponentEntity,
  StatusReportEntity,
  StatusReportUpdateEntity,
  type StatusReportStatus,
} from './status-report.entity';

export interface StatusReportListFilter {
  pageId?: string;
  /** Leave resolved reports out. */
  activeOnly: boolean;
}

@Injectable()
export class StatusReportsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** Unresolved reports affecting a component that shows each monitor, by monitor id. */
  async activeIncidentCounts(workspaceId: string, monitorIds: string[]): Promise<Map<string, number>> {
    if (!monitorIds.length) return new Map();
    const rows = await this.db.rows<{ monitor_id: string; n: string }>(
      `SELECT pc.monitor_id::text AS monitor_id, count(DISTINCT r.id) AS n
         FROM status_reports r
         JOIN status_report_components rc ON rc.report_id = r.id
         JOIN page_components pc ON pc.id = rc.component_id
        WHERE r.workspace_id = $1 AND r.status <> 'resolved' AND pc.monitor_id = ANY($2::bigint[])
        GROUP BY pc.monitor_id`,
      [workspaceId, monitorIds],
    );
    return new Map(rows.map((r) => [r.monitor_id, Number(r.n)]));
  }

  /**
   * A report affecting the component that is unresolved, or was opened at or after `since` (resolved
   * since or not): the oldest such, or null.
   */
  async reportOnComponentSince(componentId: string, since: Date): Promise<string | null> {
    const rows = await this.db.rows<{ id: string }>(
      `SELECT r.id::text AS id FROM status_reports r JOIN status_report_components rc ON rc.report_id = r.id
        WHERE rc.component_id = $1 AND (r.resolved_at IS NULL OR r.created_at >= $2)
        ORDER BY r.created_at, r.id LIMIT 1`,
      [componentId, since],
    );
    return rows[0]?.id ?? null;
  }

  insert(values: Partial<StatusReportEntity>): Promise<StatusReportEntity> {
    const repo = this.db.repo(StatusReportEntity);
    return repo.save(repo.create(values));
  }

  insertUpdate(values: Partial<StatusReportUpdateEntity>): Promise<StatusReportUpdateEntity> {
    const repo = this.db.repo(StatusReportUpdateEntity);
    return repo.save(repo.create(values));
  }

  find(workspaceId: string, id: string): Promise<StatusReportEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(StatusReportEntity).findOneBy({ workspaceId, id });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  async lock(workspaceId: string, id: string): Promise<StatusReportEntity | null> {
    if (!isEntityId(id)) return null;
    return this.db
      .repo(StatusReportEntity)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.workspace_id = :workspaceId AND r.id = :id', { workspaceId, id })
      .getOne();
  }

  /** Writes the given columns and moves updated_at, then reads the row back. */
  async change(
    report: StatusReportEntity,
    values: { title?: string; status?: StatusReportStatus; resolvedAt?: Date | null; draft?: boolean },
  ): Promise<StatusReportEntity> {
    const repo = this.db.repo(StatusReportEntity);
    await repo.update({ id: report.id }, values);
    return repo.findOneByOrFail({ id: report.id });
  }

  /** Records that the update's subscribers were notified (the report's updated_at stays). */
  async markNotified(updateId: string, at: Date): Promise<void> {
    await this.db.repo(StatusReportUpdateEntity).update({ id: updateId }, { notifiedAt: at });
  }

  /** Replaces the affected components of a report. */
  async setComponents(reportId: string, componentIds: string[]): Promise<void> {
    const repo = this.db.repo(StatusReportComponentEntity);
    await repo.delete({ reportId });
    if (componentIds.length) await repo.insert(componentIds.map((componentId) => ({ reportId, componentId })));
  }

  /** Newest first, with the total that matches the filter. */
  list(
    workspaceId: string,
    filter: StatusReportListFilter,
    limit: number,
    offset: number,
  ): Promise<[StatusReportEntity[], number]> {
    const where: FindOptionsWhere<StatusReportEntity> = {
      workspaceId,
      ...(filter.pageId !== undefined ? { pageId: filter.pageId } : {}),
      ...(filter.activeOnly ? { status: Not('resolved' as const) } : {}),
    };
    return this.db.repo(StatusReportEntity).findAndCount({ where, order: { id: 'DESC' }, take: limit, skip: offset });
  }

  /** Each report's updates, oldest first (by date, then by posting order). */
  async updatesOf(reportIds: string[]): Promise<Map<string, StatusReportUpdateEntity[]>> {
    const updates = reportIds.length
      ? await this.db
          .repo(StatusReportUpdateEntity)
          .find({ where: { reportId: In(reportIds) }, order: { date: 'ASC', id: 'ASC' } })
      : [];
    return groupByOwner(
      reportIds,
      updates,
      (u) => u.reportId,
      (u) => u,
    );
  }

  /** Each report's affected component ids, in ascending order. */
  async componentIdsOf(reportIds: string[]): Promise<Map<string, string[]>> {
    const links = reportIds.length
      ? await this.db
          .repo(StatusReportComponentEntity)
          .find({ where: { reportId: In(reportIds) }, order: { componentId: 'ASC' } })
      : [];
    return groupByOwner(
      reportIds,
      links,
      (l) => l.reportId,
      (l) => l.componentId,
    );
  }

  /** Deletes the report; its updates and component links go with it (ON DELETE CASCADE). */
  async delete(reportId: string): Promise<void> {
    await this.db.repo(StatusReportEntity).delete({ id: reportId });
  }
}
