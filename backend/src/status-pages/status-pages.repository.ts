import { Inject, Injectable } from '@nestjs/common';
import { In, IsNull } from 'typeorm';
import { ConflictError } from '../common/errors';
import { Database } from '../database/database';
import { isUniqueViolation } from '../database/pg-errors';
import { MonitorEntity } from '../monitors/monitor.entity';
import { ComponentGroupEntity } from './component-group.entity';
import { PageComponentEntity } from './page-component.entity';
import { StatusPageEntity } from './status-page.entity';
import { isEntityId } from '../common/ids';

/** An incident or maintenance touching a component, for the page's daily history. */
export interface ComponentEvent {
  componentId: string;
  id: string;
  title: string;
  from: Date;
  to: Date | null;
}

const toComponentEvent = (r: { component_id: string; id: string; title: string; from: Date; to: Date | null }) => ({
  componentId: r.component_id,
  id: r.id,
  title: r.title,
  from: new Date(r.from),
  to: r.to ? new Date(r.to) : null,
});

@Injectable()
export class StatusPagesRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  async savePage(page: Partial<StatusPageEntity>): Promise<StatusPageEntity> {
    const repo = this.db.repo(StatusPageEntity);
    try {
      return await repo.save(repo.create(page));
    } catch (error) {
      if (isUniqueViolation(error, 'uq_status_pages_slug')) {
        throw new ConflictError(`slug: ${JSON.stringify(page.slug)} is already used by another status page`);
      }
      if (isUniqueViolation(error, 'uq_status_pages_custom_domain')) {
        throw new ConflictError(
          `customDomain: ${JSON.stringify(page.customDomain)} is already used by another status page`,
        );
      }
      throw error;
    }
  }

  findPage(workspaceId: string, id: string): Promise<StatusPageEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(StatusPageEntity).findOneBy({ workspaceId, id });
  }

  listPages(workspaceId: string, limit: number, offset: number): Promise<[StatusPageEntity[], number]> {
    return this.db
      .repo(StatusPageEntity)
      .findAndCount({ where: { workspaceId }, order: { id: 'DESC' }, take: limit, skip: offset });
  }

  async deletePage(id: string): Promise<void> {
    await this.db.repo(StatusPageEntity).delete({ id });
  }

  pageExists(workspaceId: string, pageId: string): Promise<boolean> {
    if (!isEntityId(pageId)) return Promise.resolve(false);
    return this.db.repo(StatusPageEntity).existsBy({ workspaceId, id: pageId });
  }

  /** The ids among `ids` that are components of that page of that workspace. */
  async componentsOnPage(workspaceId: string, pageId: string, ids: string[]): Promise<Set<string>> {
    const valid = ids.filter((id) => isEntityId(id));
    if (!valid.length || !isEntityId(pageId)) return new Set();
    const rows = await this.db
      .repo(PageComponentEntity)
      .find({ select: { id: true }, where: { workspaceId, pageId, id: In(valid) } });
    return new Set(rows.map((r) => r.id));
  }

  saveComponent(component: Partial<PageComponentEntity>): Promise<PageComponentEntity> {
    const repo = this.db.repo(PageComponentEntity);
    return repo.save(repo.create(component));
  }

  findComponent(workspaceId: string, id: string): Promise<PageComponentEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(PageComponentEntity).findOneBy({ workspaceId, id });
  }

  listComponents(pageId: string): Promise<PageComponentEntity[]> {
    return this.db.repo(PageComponentEntity).find({ where: { pageId }, order: { order: 'ASC', id: 'ASC' } });
  }

  findComponents(workspaceId: string, ids: string[]): Promise<PageComponentEntity[]> {
    const valid = ids.filter((id) => isEntityId(id));
    if (!valid.length) return Promise.resolve([]);
    return this.db.repo(PageComponentEntity).findBy({ workspaceId, id: In(valid) });
  }

  async deleteComponent(id: string): Promise<void> {
    await this.db.repo(PageComponentEntity).delete({ id });
  }

  saveGroup(group: Partial<ComponentGroupEntity>): Promise<ComponentGroupEntity> {
    const repo = this.db.repo(ComponentGroupEntity);
    return repo.save(repo.create(group));
  }

  findGroup(workspaceId: string, id: string): Promise<ComponentGroupEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(ComponentGroupEntity).findOneBy({ workspaceId, id });
  }

  listGroups(pageId: string): Promise<ComponentGroupEntity[]> {
    return this.db.repo(ComponentGroupEntity).find({ where: { pageId }, order: { id: 'ASC' } });
  }

  async deleteGroup(id: string): Promise<void> {
    await this.db.repo(ComponentGroupEntity).delete({ id });
  }

  findLiveMonitor(workspaceId: string, id: string): Promise<MonitorEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(MonitorEntity).findOneBy({ workspaceId, id, deletedAt: IsNull() });
  }

  /** Incidents on these components open at some time in [from, to). */
  async incidentsOn(componentIds: string[], from: Date, to: Date): Promise<ComponentEvent[]> {
    const rows = await this.db.rows<{ component_id: string; id: string; title: string; from: Date; to: Date | null }>(
      `SELECT rc.component_id::text AS component_id, r.id::text AS id, r.title, r.created_at AS "from", r.resolved_at AS "to"
         FROM status_reports r JOIN status_report_components rc ON rc.report_id = r.id
        WHERE rc.component_id = ANY($1::bigint[]) AND r.created_at < $3 AND (r.resolved_at IS NULL OR r.resolved_at >= $2)`,
      [componentIds, from, to],
    );
    return rows.map(toComponentEvent);
  }

  /** Maintenances on these components overlapping [from, to). */
  async maintenancesOn(componentIds: string[], from: Date, to: Date): Promise<Array<ComponentEvent & { to: Date }>> {
    const rows = await this.db.rows<{ component_id: string; id: string; title: string; from: Date; to: Date }>(
      `SELECT mc.component_id::text AS component_id, m.id::text AS id, m.title, m."from", m."to"
         FROM maintenances m JOIN maintenance_components mc ON mc.maintenance_id = m.id
        WHERE mc.component_id = ANY($1::bigint[]) AND m."from" < $3 AND m."to" >= $2`,
      [componentIds, from, to],
    );
    return rows.map((r) => ({ ...toComponentEvent(r), to: new Date(r.to) }));
  }

  /** Slugs of the published pages with a component that shows the monitor, ascending. */
  async publishedSlugsShowing(monitorId: string): Promise<string[]> {
    const rows = await this.db.rows<{ slug: string }>(
      `SELECT DISTINCT p.slug FROM status_pages p JOIN page_components c ON c.page_id = p.id
        WHERE c.monitor_id = $1 AND p.published ORDER BY p.slug`,
      [monitorId],
    );
    return rows.map((r) => r.slug);
  }

  async monitorNames(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const monitors = await this.db.repo(MonitorEntity).findBy({ id: In(ids) });
    return new Map(monitors.map((m) => [m.id, m.name]));
  }
}
