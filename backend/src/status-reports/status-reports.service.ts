import { Inject, Injectable } from '@nestjs/common';
import { PageComponentsService } from '../status-pages/page-components.service';
import { MutationRunner, type AuditTrail } from '../audit/mutation-runner';
import type { ServiceContext } from '../common/context';
import { NotFoundError, PreconditionFailedError, ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import type { StatusReportEntity, StatusReportStatus } from './status-report.entity';
import {
  createStatusReportSchema,
  listStatusReportsSchema,
  paginationOf,
  resolveSchema,
  statusReportFieldsSchema,
  statusReportUpdateSchema,
  type Pagination,
  type StatusReportFilter,
} from './status-report.schemas';
import {
  statusReportSnapshot,
  toStatusReportView,
  type StatusReportUpdateView,
  type StatusReportView,
} from './status-report.view';
import { StatusReportsRepository } from './status-reports.repository';
import { definedOnly } from '../common/objects';

export interface CreateStatusReportInput {
  pageId: string;
  title: string;
  /** Default `investigating`. */
  status?: StatusReportStatus;
  /** Text of the first update. */
  message: string;
  /** Date of the first update; default now. */
  date?: Date;
  pageComponentIds?: string[];
}

export interface StatusReportUpdateInput {
  status: StatusReportStatus;
  message: string;
  /** Default now. */
  date?: Date;
}

/** What update() may change; it never posts a public update. */
export interface StatusReportPatch {
  title?: string;
  status?: StatusReportStatus;
  pageComponentIds?: string[];
}

export type StatusReportField = keyof StatusReportPatch;

const FIELDS: StatusReportField[] = ['title', 'status', 'pageComponentIds'];

export interface StatusReportListQuery {
  /** Only reports of this status page. */
  pageId?: string;
  /** Default `active` (unresolved reports only). */
  filter?: StatusReportFilter;
  /** 1-indexed, default 1. */
  page?: number;
  /** 1 to 200, default 50. */
  perPage?: number;
}

/**
 * A mutation that posted a public update. The update is returned on its own so that whoever
 * notifies subscribers (the MCP tools' `notify`) can dispatch exactly it after the call.
 */
export interface PostedUpdate {
  report: StatusReportView;
  update: StatusReportUpdateView;
}

/** Same ids in any order. */
const sameIds = (a: string[], b: string[]) => {
  const sorted = [...b].sort();
  return a.length === b.length && [...a].sort().every((id, i) => id === sorted[i]);
};

@Injectable()
export class StatusReportsService {
  constructor(
    @Inject(StatusReportsRepository) private readonly reports: StatusReportsRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
  ) {}

  /** Opens a report on a status page with its first public update. */
  async create(ctx: ServiceContext, input: CreateStatusReportInput): Promise<PostedUpdate> {
    return this.mutations.run(ctx, async (trail) => {
      const data = parseInput(createStatusReportSchema, definedOnly(input));
      await this.components.checkPageComponents(ctx, data.pageId, data.pageComponentIds);
      const date = data.date ?? new Date();
      const entity = await this.reports.insert({
        workspaceId: ctx.workspace.id,
        pageId: data.pageId,
        title: data.title,
        status: data.status,
        resolvedAt: data.status === 'resolved' ? date : null,
      });
      const posted = await this.reports.insertUpdate({
        workspaceId: ctx.workspace.id,
        reportId: entity.id,
        status: data.status,
        message: data.message,
        date,
      });
      await this.reports.setComponents(entity.id, data.pageComponentIds);
      const view = await this.viewOf(entity);
      const update = view.updates.find((u) => u.id === posted.id)!;
      trail.record({
        action: 'status_report.create',
        entityType: 'status_report',
        entityId: entity.id,
        after: statusReportSnapshot(view, update),
      });
      return { report: view, update };
    });
  }

  /**
   * Appends a public update and sets the report's status to its status. A `resolved` update
   * resolves the report as resolve() does (resolvedAt = the update's date; refused when already
   * resolved); any other status on a resolved report reopens it (resolvedAt cleared).
   */
  async addUpdate(ctx: ServiceContext, id: string, input: StatusReportUpdateInput): Promise<PostedUpdate> {
    return this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id);
      const data = parseInput(statusReportUpdateSchema, definedOnly(input));
      return this.post(ctx, trail, entity, { ...data, date: data.date ?? new Date() }, 'status_report.add_update');
    });
  }

  /** Posts the final `resolved` update, dated now, and marks the report resolved. */
  async resolve(ctx: ServiceContext, id: string, message: string): Promise<PostedUpdate> {
    return this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id);
      const data = parseInput(resolveSchema, { message });
      const update = { status: 'resolved' as const, message: data.message, date: new Date() };
      return this.post(ctx, trail, entity, update, 'status_report.resolve');
    });
  }

  /**
   * Changes title, status or affected components without posting a public update (SPEC §3).
   * Without a mask, every field given in `patch` changes; with a mask, exactly the named fields
   * change, and a named field missing from `patch` is cleared (components) or refused as required.
   * A status change moves resolvedAt like a posted update would (set to now on `resolved`, cleared
   * when leaving it).
   */
  async update(
    ctx: ServiceContext,
    id: string,
    patch: StatusReportPatch,
    mask?: StatusReportField[],
  ): Promise<StatusReportView> {
    return this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id);
      const before = await this.viewOf(entity);
      const next: Record<string, unknown> = {
        title: before.title,
        status: before.status,
        pageComponentIds: before.pageComponentIds,
      };
      const fields = mask ?? (Object.keys(definedOnly(patch)) as StatusReportField[]);
      for (const field of fields) {
        if (!FIELDS.includes(field)) throw ValidationError.field(field, 'is not an updatable field of status reports');
        next[field] = field === 'pageComponentIds' ? (patch.pageComponentIds ?? []) : patch[field];
      }
      const data = parseInput(statusReportFieldsSchema, next);
      const componentsChanged = !sameIds(data.pageComponentIds, before.pageComponentIds);
      if (componentsChanged) await this.components.checkPageComponents(ctx, entity.pageId, data.pageComponentIds);
      const columnsChanged = data.title !== entity.title || data.status !== entity.status;
      if (!columnsChanged && !componentsChanged) {
        trail.unchanged();
        return before;
      }
      if (componentsChanged) await this.reports.setComponents(entity.id, data.pageComponentIds);
      const resolvedAt =
        data.status !== 'resolved' ? null : entity.status === 'resolved' ? entity.resolvedAt : new Date();
      const saved = await this.reports.change(entity, { title: data.title, status: data.status, resolvedAt });
      const after = await this.viewOf(saved);
      trail.record({
        action: 'status_report.update',
        entityType: 'status_report',
        entityId: entity.id,
        before: statusReportSnapshot(before),
        after: statusReportSnapshot(after),
      });
      return after;
    });
  }

  async get(ctx: ServiceContext, id: string): Promise<StatusReportView> {
    const entity = await this.reports.find(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('status report', id);
    return this.viewOf(entity);
  }

  /** Newest first; `active` (the default) leaves resolved reports out. */
  async list(
    ctx: ServiceContext,
    query: StatusReportListQuery = {},
  ): Promise<{ statusReports: StatusReportView[]; pagination: Pagination }> {
    const q = parseInput(listStatusReportsSchema, definedOnly(query));
    if (q.pageId !== undefined) await this.components.checkPage(ctx, q.pageId);
    const [entities, totalSize] = await this.reports.list(
      ctx.workspace.id,
      { pageId: q.pageId, activeOnly: q.filter === 'active' },
      q.perPage,
      (q.page - 1) * q.perPage,
    );
    return { statusReports: await this.viewsOf(entities), pagination: paginationOf(q.page, q.perPage, totalSize) };
  }

  /**
   * How many unresolved reports affect each monitor (through a page component showing it); monitors
   * of other workspaces count zero.
   */
  activeIncidentCounts(ctx: ServiceContext, monitorIds: string[]): Promise<Map<string, number>> {
    return this.reports.activeIncidentCounts(ctx.workspace.id, monitorIds);
  }

  /** Deletes the report with its whole timeline. */
  async delete(ctx: ServiceContext, id: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id);
      const before = await this.viewOf(entity);
      await this.reports.delete(entity.id);
      trail.record({
        action: 'status_report.delete',
        entityType: 'status_report',
        entityId: entity.id,
        before: statusReportSnapshot(before),
      });
    });
  }

  private async post(
    ctx: ServiceContext,
    trail: AuditTrail,
    entity: StatusReportEntity,
    input: { status: StatusReportStatus; message: string; date: Date },
    action: 'status_report.add_update' | 'status_report.resolve',
  ): Promise<PostedUpdate> {
    if (input.status === 'resolved' && entity.status === 'resolved') {
      throw new PreconditionFailedError(
        `status report ${JSON.stringify(entity.id)} is already resolved; post an update with another status to reopen it`,
      );
    }
    const before = await this.viewOf(entity);
    const posted = await this.reports.insertUpdate({
      workspaceId: ctx.workspace.id,
      reportId: entity.id,
      status: input.status,
      message: input.message,
      date: input.date,
    });
    const saved = await this.reports.change(entity, {
      status: input.status,
      resolvedAt: input.status === 'resolved' ? input.date : null,
    });
    const report = await this.viewOf(saved);
    const update = report.updates.find((u) => u.id === posted.id)!;
    trail.record({
      action,
      entityType: 'status_report',
      entityId: entity.id,
      before: statusReportSnapshot(before),
      after: statusReportSnapshot(report, update),
    });
    return { report, update };
  }

  private async locked(ctx: ServiceContext, id: string): Promise<StatusReportEntity> {
    const entity = await this.reports.lock(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('status report', id);
    return entity;
  }

  private async viewOf(entity: StatusReportEntity): Promise<StatusReportView> {
    return (await this.viewsOf([entity]))[0];
  }

  private async viewsOf(entities: StatusReportEntity[]): Promise<StatusReportView[]> {
    const ids = entities.map((e) => e.id);
    const updates = await this.reports.updatesOf(ids);
    const components = await this.reports.componentIdsOf(ids);
    return entities.map((e) => toStatusReportView(e, updates.get(e.id) ?? [], components.get(e.id) ?? []));
  }
}
