import { Inject, Injectable } from '@nestjs/common';
import { In, IsNull } from 'typeorm';
import { ConflictError } from '../common/errors';
import { MonitorDeletion } from '../checks/monitor-deletion';
import { Database } from '../database/database';
import { isUniqueViolation } from '../database/pg-errors';
import { MonitorEntity } from '../monitors/monitor.entity';
import { ComponentGroupEntity } from './component-group.entity';
import { PageComponentEntity, type AutoIncidentMode } from './page-component.entity';
import { StatusPageEntity } from './status-page.entity';
import type { AutoIncidentComponentRow, StatusPageDependents } from './status-page.views';
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

/** A published page as the public side reads it, with its workspace's plan (for plan features). */
export interface PublishedPageRow {
  page: StatusPageEntity;
  plan: string;
}

/** A component as a public page shows it, with what it needs of its monitor. */
export interface PublicComponentRow {
  id: string;
  /** The name shown: the component's own, or its monitor's when it has none. */
  name: string;
  description: string;
  createdAt: Date;
  monitorId: string | null;
  order: number;
  groupId: string | null;
  groupOrder: number;
  /** Null for a static component or a deleted monitor. */
  monitorStatus: string | null;
  monitorPublic: boolean;
}

export interface PublicReportRow {
  id: string;
  title: string;
  status: string;
  createdAt: Date;
  resolvedAt: Date | null;
  componentIds: string[];
  updates: Array<{ status: string; message: string; date: Date }>;
}

export interface PublicMaintenanceRow {
  id: string;
  title: string;
  message: string;
  from: Date;
  to: Date;
  componentIds: string[];
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

@Injectable()
export class StatusPagesRepository {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MonitorDeletion) deletion: MonitorDeletion,
  ) {
    // A monitor a component shows stays until the component is deleted or changed.
    deletion.refuseWhen(async (monitorId) => {
      const components = await this.db.repo(PageComponentEntity).find({ where: { monitorId }, order: { id: 'ASC' } });
      return components.length
        ? `is shown by status page components ${components.map((c) => c.id).join(', ')}; delete or change them first`
        : null;
    });
  }

  /** Which of these slugs a page of any workspace already uses (slugs are unique in the installation). */
  async slugsTaken(slugs: string[]): Promise<Set<string>> {
    if (!slugs.length) return new Set();
    const rows = await this.db.rows<{ slug: string }>('SELECT slug FROM status_pages WHERE slug = ANY($1)', [slugs]);
    return new Set(rows.map((r) => r.slug));
  }

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

  /** What goes with a page when it is deleted, counted. */
  async dependentsOf(pageId: string): Promise<StatusPageDependents> {
    const [row] = await this.db.rows<{
      components: number;
      groups: number;
      reports: number;
      maintenances: number;
      subscribers: number;
    }>(
      `SELECT (SELECT count(*) FROM page_components WHERE page_id = $1)::int AS components,
              (SELECT count(*) FROM page_component_groups WHERE page_id = $1)::int AS groups,
              (SELECT count(*) FROM status_reports WHERE page_id = $1)::int AS reports,
              (SELECT count(*) FROM maintenances WHERE page_id = $1)::int AS maintenances,
              (SELECT count(*) FROM page_subscribers WHERE page_id = $1 AND unsubscribed_at IS NULL)::int AS subscribers`,
      [pageId],
    );
    return row;
  }

  async deletePage(id: string): Promise<void> {
    await this.db.repo(StatusPageEntity).delete({ id });
  }

  /**
   * Whether the page exists; inside a transaction the row is held (FOR KEY SHARE) until it ends, so a
   * page deleted at the same moment cannot leave a row being written pointing at nothing (the delete
   * waits, then takes the new row with it).
   */
  async pageExists(workspaceId: string, pageId: string): Promise<boolean> {
    if (!isEntityId(pageId)) return false;
    const rows = await this.db.rows('SELECT 1 FROM status_pages WHERE workspace_id = $1 AND id = $2 FOR KEY SHARE', [
      workspaceId,
      pageId,
    ]);
    return rows.length > 0;
  }

  /** The ids among `ids` that are components of that page of that workspace, held like pageExists. */
  async componentsOnPage(workspaceId: string, pageId: string, ids: string[]): Promise<Set<string>> {
    const valid = ids.filter((id) => isEntityId(id));
    if (!valid.length || !isEntityId(pageId)) return new Set();
    const rows = await this.db.rows<{ id: string }>(
      `SELECT id::text AS id FROM page_components
        WHERE workspace_id = $1 AND page_id = $2 AND id = ANY($3::bigint[]) FOR KEY SHARE`,
      [workspaceId, pageId, valid],
    );
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

  /** Incidents on these components open at some time in [from, to); drafts are not public. */
  async incidentsOn(componentIds: string[], from: Date, to: Date): Promise<ComponentEvent[]> {
    const rows = await this.db.rows<{ component_id: string; id: string; title: string; from: Date; to: Date | null }>(
      `SELECT rc.component_id::text AS component_id, r.id::text AS id, r.title, r.created_at AS "from", r.resolved_at AS "to"
         FROM status_reports r JOIN status_report_components rc ON rc.report_id = r.id
        WHERE rc.component_id = ANY($1::bigint[]) AND NOT r.draft AND r.created_at < $3
          AND (r.resolved_at IS NULL OR r.resolved_at >= $2)`,
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

  // ---- Reads of the public side (public-pages/): published pages only, a few queries per page ----

  /** The published page of this slug or custom domain (lower case), with its workspace's plan. */
  async findPublished(by: { slug: string } | { domain: string }): Promise<PublishedPageRow | null> {
    const where = 'slug' in by ? { slug: by.slug, published: true } : { customDomain: by.domain, published: true };
    const page = await this.db.repo(StatusPageEntity).findOne({ where, relations: { workspace: true } });
    if (!page) return null;
    const plan = page.workspace?.plan ?? '';
    delete page.workspace;
    return { page, plan };
  }

  /** Custom domain → slug of every published page that has one. */
  async publishedDomains(): Promise<Array<{ domain: string; slug: string }>> {
    return this.db.rows<{ domain: string; slug: string }>(
      `SELECT lower(custom_domain) AS domain, slug FROM status_pages WHERE published AND custom_domain IS NOT NULL`,
    );
  }

  /** Published pages for robots.txt and the sitemap, by slug. */
  async publishedPagesForRobots(): Promise<
    Array<{ slug: string; indexable: boolean; customDomain: string | null; updatedAt: Date }>
  > {
    const rows = await this.db.rows<{
      slug: string;
      indexable: boolean;
      custom_domain: string | null;
      updated_at: Date;
    }>(
      `SELECT slug, (allow_index AND access_type = 'public') AS indexable, custom_domain, updated_at
         FROM status_pages WHERE published ORDER BY slug`,
    );
    return rows.map((r) => ({
      slug: r.slug,
      indexable: r.indexable,
      customDomain: r.custom_domain,
      updatedAt: new Date(r.updated_at),
    }));
  }

  /**
   * The page's components with their monitor's status and `public`, in page order. A component
   * without a name of its own is shown by its monitor's name (deleting a monitor that a component
   * shows is refused, so the monitor is there).
   */
  /**
   * Every component of every workspace whose monitor opens incidents (auto_incident not off), and
   * these ids whatever their setting (an incident opened before the setting changed still resolves),
   * with the names the templates show: the component's as the page shows it, the monitor's, the page's.
   */
  async autoIncidentComponents(alsoIds: string[]): Promise<AutoIncidentComponentRow[]> {
    const rows = await this.db.rows<{
      id: string;
      workspace_id: string;
      page_id: string;
      monitor_id: string;
      auto_incident: AutoIncidentMode;
      auto_incident_after_minutes: number;
      auto_incident_notify: boolean;
      auto_incident_title: string;
      auto_incident_message: string;
      auto_resolve: boolean;
      name: string;
      monitor_name: string;
      page_title: string;
    }>(
      `SELECT c.id::text AS id, c.workspace_id::text AS workspace_id, c.page_id::text AS page_id,
              c.monitor_id::text AS monitor_id, c.auto_incident, c.auto_incident_after_minutes, c.auto_incident_notify,
              c.auto_incident_title, c.auto_incident_message, c.auto_resolve,
              COALESCE(NULLIF(c.name, ''), m.name) AS name, m.name AS monitor_name, p.title AS page_title
         FROM page_components c
         JOIN monitors m ON m.id = c.monitor_id AND m.deleted_at IS NULL
         JOIN status_pages p ON p.id = c.page_id
        WHERE c.auto_incident <> 'off' OR c.id = ANY($1::bigint[])`,
      [alsoIds.filter((id) => isEntityId(id))],
    );
    return rows.map((r) => ({
      id: r.id,
      workspaceId: r.workspace_id,
      pageId: r.page_id,
      monitorId: r.monitor_id,
      mode: r.auto_incident,
      afterMinutes: r.auto_incident_after_minutes,
      notify: r.auto_incident_notify,
      title: r.auto_incident_title,
      message: r.auto_incident_message,
      autoResolve: r.auto_resolve,
      name: r.name,
      monitorName: r.monitor_name,
      pageTitle: r.page_title,
    }));
  }

  async publicComponents(pageId: string): Promise<PublicComponentRow[]> {
    const rows = await this.db.rows<{
      id: string;
      name: string;
      description: string;
      created_at: Date;
      monitor_id: string | null;
      order: number;
      group_id: string | null;
      group_order: number;
      monitor_status: string | null;
      monitor_public: boolean | null;
    }>(
      `SELECT c.id::text AS id, COALESCE(NULLIF(c.name, ''), m.name, '') AS name, c.description, c.created_at,
              c.monitor_id::text AS monitor_id, c."order",
              c.group_id::text AS group_id, c.group_order, m.status AS monitor_status, m.public AS monitor_public
         FROM page_components c LEFT JOIN monitors m ON m.id = c.monitor_id AND m.deleted_at IS NULL
        WHERE c.page_id = $1 ORDER BY c."order", c.id`,
      [pageId],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      createdAt: new Date(r.created_at),
      monitorId: r.monitor_id,
      order: Number(r.order),
      groupId: r.group_id,
      groupOrder: Number(r.group_order),
      monitorStatus: r.monitor_status,
      monitorPublic: r.monitor_public === true,
    }));
  }

  /**
   * Published reports of the page (a draft is not public): the unresolved ones, or these ids; with
   * components and updates (newest first).
   */
  async publicReports(pageId: string, which: { unresolved: true } | { ids: string[] }): Promise<PublicReportRow[]> {
    const filter = 'ids' in which ? 'r.id = ANY($2::bigint[])' : 'r.resolved_at IS NULL';
    const params: unknown[] = 'ids' in which ? [pageId, which.ids] : [pageId];
    const rows = await this.db.rows<{
      id: string;
      title: string;
      status: string;
      created_at: Date;
      resolved_at: Date | null;
      component_ids: unknown;
      updates: Array<{ status: string; message: string; date: string }> | null;
    }>(
      `SELECT r.id::text AS id, r.title, r.status, r.created_at, r.resolved_at,
              ARRAY(SELECT rc.component_id::text FROM status_report_components rc WHERE rc.report_id = r.id
                     ORDER BY rc.component_id) AS component_ids,
              (SELECT jsonb_agg(jsonb_build_object('status', u.status, 'message', u.message, 'date', u.date)
                                ORDER BY u.date DESC, u.id DESC)
                 FROM status_report_updates u WHERE u.report_id = r.id) AS updates
         FROM status_reports r WHERE r.page_id = $1 AND NOT r.draft AND ${filter}
        ORDER BY r.created_at DESC, r.id DESC`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      createdAt: new Date(r.created_at),
      resolvedAt: r.resolved_at ? new Date(r.resolved_at) : null,
      componentIds: ids(r.component_ids),
      updates: (r.updates ?? []).map((u) => ({ status: u.status, message: u.message, date: new Date(u.date) })),
    }));
  }

  /** Maintenances of the page ending after `after` and starting before `before`, or these ids; soonest first. */
  async publicMaintenances(
    pageId: string,
    which: { after: Date; before: Date } | { ids: string[] },
  ): Promise<PublicMaintenanceRow[]> {
    const filter = 'ids' in which ? 'm.id = ANY($2::bigint[])' : 'm."to" > $2 AND m."from" < $3';
    const params: unknown[] = 'ids' in which ? [pageId, which.ids] : [pageId, which.after, which.before];
    const rows = await this.db.rows<{
      id: string;
      title: string;
      message: string;
      from: Date;
      to: Date;
      component_ids: unknown;
    }>(
      `SELECT m.id::text AS id, m.title, m.message, m."from", m."to",
              ARRAY(SELECT mc.component_id::text FROM maintenance_components mc WHERE mc.maintenance_id = m.id
                     ORDER BY mc.component_id) AS component_ids
         FROM maintenances m WHERE m.page_id = $1 AND ${filter}
        ORDER BY m."from", m.id`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      message: r.message,
      from: new Date(r.from),
      to: new Date(r.to),
      componentIds: ids(r.component_ids),
    }));
  }

  /**
   * One page of the history: resolved reports (by resolution) and maintenances over before `now` (by
   * end), merged newest first; and how many there are in all.
   */
  async historyEntries(
    pageId: string,
    now: Date,
    limit: number,
    offset: number,
  ): Promise<{ entries: Array<{ kind: 'report' | 'maintenance'; id: string }>; total: number }> {
    const history = `SELECT 'report' AS kind, id, resolved_at AS at FROM status_reports
                      WHERE page_id = $1 AND resolved_at IS NOT NULL AND NOT draft
                     UNION ALL
                     SELECT 'maintenance', id, "to" FROM maintenances WHERE page_id = $1 AND "to" <= $2`;
    const [entries, [count]] = await Promise.all([
      this.db.rows<{ kind: 'report' | 'maintenance'; id: string }>(
        `SELECT kind, id::text AS id FROM (${history}) h ORDER BY at DESC, id DESC LIMIT $3 OFFSET $4`,
        [pageId, now, limit, offset],
      ),
      this.db.rows<{ n: string }>(`SELECT count(*) AS n FROM (${history}) h`, [pageId, now]),
    ]);
    return { entries, total: Number(count?.n ?? 0) };
  }
}
