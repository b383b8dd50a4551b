import { Inject, Injectable } from '@nestjs/common';
import { PageComponentsService } from '../status-pages/page-components.service';
import { MutationRunner, type AuditTrail } from '../audit/mutation-runner';
import { sameIds } from '../common/ids';
import type { ServiceContext } from '../common/context';
import { NotFoundError, PreconditionFailedError, ValidationError } from '../common/errors';
import { pageOf, type PageQuery, type Paged } from '../common/paging';
import { applyMask, type MaskRule } from '../common/update-mask';
import { parseInput } from '../common/validation';
import type { StatusReportEntity, StatusReportStatus } from './status-report.entity';
import {
  createStatusReportSchema,
  resolveSchema,
  STATUS_REPORT_PAGING,
  statusReportFieldsSchema,
  statusReportFilterSchema,
  statusReportUpdateSchema,
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
import { PagePublisher, type Published } from '../subscribers/page-publisher';
import type { PageEvent } from '../subscribers/page-event';

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
  /** false publishes a draft; a published report never becomes a draft again. */
  draft?: boolean;
}

export type StatusReportField = keyof StatusReportPatch;

/**
 * The report when it is on the page the caller named (or none was named). A report of another page
 * of the workspace is not found, as one of another workspace is: a caller that works on a page (the
 * dashboard's URLs, RPC and MCP with page_id) never touches another page's incident by a stray id.
 */
const onPage = (entity: StatusReportEntity | null, pageId: string | undefined): StatusReportEntity | null =>
  entity && (pageId === undefined || entity.pageId === pageId) ? entity : null;

/** A named field missing from the patch: components are cleared, title and status refused as required. */
const MASK: MaskRule<StatusReportPatch, StatusReportField> = {
  fields: ['title', 'status', 'pageComponentIds', 'draft'],
  refusal: 'is not an updatable field of status reports',
  defaults: { pageComponentIds: [], draft: false },
};

/** page/perPage only (STATUS_REPORT_PAGING: 1 to 200, default 50). */
export interface StatusReportListQuery extends PageQuery {
  /** Only reports of this status page. */
  pageId?: string;
  /** Default `active` (unresolved reports only). */
  filter?: StatusReportFilter;
}

/** Work of another module done in a verb's transaction (createWith, addUpdateWith). */
export interface TransactionStep<T, B = void> {
  /** Runs first; false: the verb does nothing. */
  before(this: void, seen: B): Promise<boolean>;
  /** Runs after the verb's writes, before the commit. */
  after(this: void, done: T): Promise<void>;
}

/** A mutation that posted a public update: the report and, on its own, the update it posted. */
export interface PostedUpdate {
  report: StatusReportView;
  update: StatusReportUpdateView;
}

@Injectable()
export class StatusReportsService {
  constructor(
    @Inject(StatusReportsRepository) private readonly reports: StatusReportsRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(PagePublisher) private readonly publisher: PagePublisher,
  ) {}

  /**
   * Opens a report on a status page with its first public update; with `notify`, that update is then
   * sent to the page's subscribers (see publish()).
   */
  async create(ctx: ServiceContext, input: CreateStatusReportInput, notify: boolean): Promise<Published<PostedUpdate>> {
    const posted = await this.mutations.run(ctx, (trail) => this.open(ctx, trail, input, false));
    return this.publish(ctx, posted, 'status_report.created', notify);
  }

  /**
   * create() for a caller whose own rows must commit with the report: the auto-incidents' claim,
   * which makes a report open once whichever API node gets there first. In the report's transaction
   * `step.before` runs first and may decline (nothing is written or sent; answers null), and
   * `step.after` gets the report before the commit. `draft` keeps it off the public page, unsent.
   */
  async createWith(
    ctx: ServiceContext,
    input: CreateStatusReportInput & { draft: boolean },
    notify: boolean,
    step: TransactionStep<PostedUpdate>,
  ): Promise<Published<PostedUpdate> | null> {
    const { draft, ...fields } = input;
    const posted = await this.mutations.run(ctx, async (trail) => {
      if (!(await step.before())) {
        trail.unchanged();
        return null;
      }
      const opened = await this.open(ctx, trail, fields, draft);
      await step.after(opened);
      return opened;
    });
    return posted && this.publish(ctx, posted, 'status_report.created', notify);
  }

  /**
   * addUpdate() with a step in its transaction, as createWith(): `step.before` sees the report, locked
   * (null when it no longer exists), and may decline.
   */
  async addUpdateWith(
    ctx: ServiceContext,
    id: string,
    input: StatusReportUpdateInput,
    notify: boolean,
    step: TransactionStep<PostedUpdate, StatusReportView | null>,
  ): Promise<Published<PostedUpdate> | null> {
    const posted = await this.mutations.run(ctx, async (trail) => {
      const entity = await this.reports.lock(ctx.workspace.id, id);
      if (!(await step.before(entity && (await this.viewOf(entity)))) || !entity) {
        trail.unchanged();
        return null;
      }
      const data = parseInput(statusReportUpdateSchema, definedOnly(input));
      const done = await this.post(
        ctx,
        trail,
        entity,
        { ...data, date: data.date ?? new Date() },
        'status_report.add_update',
      );
      await step.after(done);
      return done;
    });
    if (!posted) return null;
    const kind = posted.update.status === 'resolved' ? 'status_report.resolved' : 'status_report.updated';
    return this.publish(ctx, posted, kind, notify);
  }

  /**
   * The oldest report affecting the component that is unresolved or was opened at or after `since`;
   * null when there is none (or the component is another workspace's).
   */
  async reportOnComponentSince(ctx: ServiceContext, componentId: string, since: Date): Promise<string | null> {
    await this.components.getComponent(ctx, componentId);
    return this.reports.reportOnComponentSince(componentId, since);
  }

  private async open(
    ctx: ServiceContext,
    trail: AuditTrail,
    input: CreateStatusReportInput,
    draft: boolean,
  ): Promise<PostedUpdate> {
    const data = parseInput(createStatusReportSchema, definedOnly(input));
    await this.components.checkPageComponents(ctx, data.pageId, data.pageComponentIds);
    const date = data.date ?? new Date();
    const entity = await this.reports.insert({
      workspaceId: ctx.workspace.id,
      pageId: data.pageId,
      title: data.title,
      status: data.status,
      resolvedAt: data.status === 'resolved' ? date : null,
      draft,
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
  }

  /**
   * Appends a public update and sets the report's status to its status. A `resolved` update
   * resolves the report as resolve() does (resolvedAt = the update's date; refused when already
   * resolved); any other status on a resolved report reopens it (resolvedAt cleared). With `notify`,
   * the update is then sent: as a resolution when it resolves, as an update otherwise.
   */
  async addUpdate(
    ctx: ServiceContext,
    id: string,
    input: StatusReportUpdateInput,
    notify: boolean,
    pageId?: string,
  ): Promise<Published<PostedUpdate>> {
    const posted = await this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id, pageId);
      const data = parseInput(statusReportUpdateSchema, definedOnly(input));
      return this.post(ctx, trail, entity, { ...data, date: data.date ?? new Date() }, 'status_report.add_update');
    });
    const kind = posted.update.status === 'resolved' ? 'status_report.resolved' : 'status_report.updated';
    return this.publish(ctx, posted, kind, notify);
  }

  /** Posts the final `resolved` update, dated now, and marks the report resolved; `notify` as create(). */
  async resolve(
    ctx: ServiceContext,
    id: string,
    message: string,
    notify: boolean,
    pageId?: string,
  ): Promise<Published<PostedUpdate>> {
    const posted = await this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id, pageId);
      const data = parseInput(resolveSchema, { message });
      const update = { status: 'resolved' as const, message: data.message, date: new Date() };
      return this.post(ctx, trail, entity, update, 'status_report.resolve');
    });
    return this.publish(ctx, posted, 'status_report.resolved', notify);
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
    pageId?: string,
  ): Promise<StatusReportView> {
    return this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id, pageId);
      const before = await this.viewOf(entity);
      const current = {
        title: before.title,
        status: before.status,
        pageComponentIds: before.pageComponentIds,
        draft: before.draft,
      };
      const data = parseInput(statusReportFieldsSchema, applyMask(current, patch, mask, MASK));
      if (data.draft && !entity.draft) {
        throw ValidationError.field('draft', 'cannot be set on a published report; only a draft can be published');
      }
      const componentsChanged = !sameIds(data.pageComponentIds, before.pageComponentIds);
      if (componentsChanged) await this.components.checkPageComponents(ctx, entity.pageId, data.pageComponentIds);
      const columnsChanged =
        data.title !== entity.title || data.status !== entity.status || data.draft !== entity.draft;
      if (!columnsChanged && !componentsChanged) {
        trail.unchanged();
        return before;
      }
      if (componentsChanged) await this.reports.setComponents(entity.id, data.pageComponentIds);
      const resolvedAt =
        data.status !== 'resolved' ? null : entity.status === 'resolved' ? entity.resolvedAt : new Date();
      const saved = await this.reports.change(entity, {
        title: data.title,
        status: data.status,
        resolvedAt,
        draft: data.draft,
      });
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

  async get(ctx: ServiceContext, id: string, pageId?: string): Promise<StatusReportView> {
    const entity = onPage(await this.reports.find(ctx.workspace.id, id), pageId);
    if (!entity) throw NotFoundError.of('status report', id);
    return this.viewOf(entity);
  }

  /** Newest first; `active` (the default) leaves resolved reports out. */
  async list(ctx: ServiceContext, query: StatusReportListQuery = {}): Promise<Paged<StatusReportView>> {
    const { pageId, filter, ...asked } = query;
    const q = parseInput(statusReportFilterSchema, definedOnly({ pageId, filter }));
    const page = pageOf(asked, STATUS_REPORT_PAGING);
    if (q.pageId !== undefined) await this.components.checkPage(ctx, q.pageId);
    const [entities, totalSize] = await this.reports.list(
      ctx.workspace.id,
      { pageId: q.pageId, activeOnly: q.filter === 'active' },
      page.limit,
      page.offset,
    );
    return { items: await this.viewsOf(entities), totalSize, page };
  }

  /**
   * How many unresolved reports affect each monitor (through a page component showing it); monitors
   * of other workspaces count zero.
   */
  activeIncidentCounts(ctx: ServiceContext, monitorIds: string[]): Promise<Map<string, number>> {
    return this.reports.activeIncidentCounts(ctx.workspace.id, monitorIds);
  }

  /** Deletes the report with its whole timeline. */
  async delete(ctx: ServiceContext, id: string, pageId?: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id, pageId);
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

  /**
   * Runs after the posting transaction committed: with `notify`, sends the posted update and records
   * when it was sent on the update (notifiedAt). A failed dispatch keeps the update, unsent.
   */
  private async publish(
    ctx: ServiceContext,
    posted: PostedUpdate,
    kind: Extract<PageEvent, { status: string }>['kind'],
    notify: boolean,
  ): Promise<Published<PostedUpdate>> {
    const { report, update } = posted;
    const dispatch = await this.publisher.send(
      ctx,
      // A draft is not public yet: its subscribers hear of it once it is published and updated.
      notify && !report.draft,
      async () => ({
        kind,
        pageId: report.pageId,
        title: report.title,
        status: update.status,
        message: update.message,
        componentNames: await this.publisher.componentNames(ctx, report.pageId, report.pageComponentIds),
        componentIds: report.pageComponentIds,
        at: new Date(update.date),
      }),
      (sentAt) => this.reports.markNotified(update.id, sentAt),
    );
    if (!dispatch.sentAt) return { record: posted, notified: false, notifyFailure: dispatch.failure };
    const sent = { ...update, notifiedAt: dispatch.sentAt.toISOString() };
    return {
      record: {
        report: { ...report, updates: report.updates.map((u) => (u.id === sent.id ? sent : u)) },
        update: sent,
      },
      notified: true,
      notifyFailure: null,
    };
  }

  private async locked(ctx: ServiceContext, id: string, pageId?: string): Promise<StatusReportEntity> {
    const entity = onPage(await this.reports.lock(ctx.workspace.id, id), pageId);
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
