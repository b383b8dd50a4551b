import { Inject, Injectable } from '@nestjs/common';
import { PageComponentsService } from '../status-pages/page-components.service';
import { MutationRunner } from '../audit/mutation-runner';
import { sameIds } from '../common/ids';
import type { ServiceContext } from '../common/context';
import { NotFoundError, ValidationError } from '../common/errors';
import { pageOf, type PageQuery, type Paged } from '../common/paging';
import { applyMask, type MaskRule } from '../common/update-mask';
import { parseInput } from '../common/validation';
import type { MaintenanceEntity } from './maintenance.entity';
import {
  MAINTENANCE_PAGING,
  maintenanceFilterSchema,
  maintenanceSchema,
  type MaintenanceData,
} from './maintenance.schemas';
import { maintenanceSnapshot, toMaintenanceView, type MaintenanceView } from './maintenance.view';
import { MaintenancesRepository } from './maintenances.repository';
import { definedOnly } from '../common/objects';
import { PagePublisher, type Published } from '../subscribers/page-publisher';

/** Fields a caller may set. pageId is required on create and cannot change afterwards. */
export interface MaintenanceInput {
  pageId?: string;
  title?: string;
  /** Default "". */
  message?: string;
  from?: Date;
  to?: Date;
  pageComponentIds?: string[];
}

export type MaintenanceField = Exclude<keyof MaintenanceInput, 'pageId'>;

/**
 * A named field missing from the patch: message and components are cleared, title, from and to
 * refused as required. pageId is checked on its own (it cannot change).
 */
const MASK: MaskRule<MaintenanceInput, MaintenanceField> = {
  fields: ['title', 'message', 'from', 'to', 'pageComponentIds'],
  refusal: 'is not an updatable field of maintenances',
  defaults: { message: '', pageComponentIds: [] },
  ignored: ['pageId'],
};

/**
 * The window when it is on the page the caller named (or none was named). A window of another page of
 * the workspace is not found, as one of another workspace is: a caller that works on a page (the
 * dashboard's URLs, RPC and MCP with page_id) never touches another page's window by a stray id.
 */
const onPage = (entity: MaintenanceEntity | null, pageId: string | undefined): MaintenanceEntity | null =>
  entity && (pageId === undefined || entity.pageId === pageId) ? entity : null;

/** page/perPage only (MAINTENANCE_PAGING: 1 to 200, default 50). */
export interface MaintenanceListQuery extends PageQuery {
  /** Only windows of this status page. */
  pageId?: string;
}

@Injectable()
export class MaintenancesService {
  constructor(
    @Inject(MaintenancesRepository) private readonly maintenances: MaintenancesRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(PagePublisher) private readonly publisher: PagePublisher,
  ) {}

  /**
   * Schedules a window on a status page. With `notify`, the window is then announced to the page's
   * subscribers, after it is saved: a failed dispatch keeps the window and answers notified: false
   * with the reason (notifyFailure); a dispatch that finished is recorded as notifiedAt.
   */
  async create(ctx: ServiceContext, input: MaintenanceInput, notify: boolean): Promise<Published<MaintenanceView>> {
    const view = await this.mutations.run(ctx, async (trail) => {
      const data = parseInput(maintenanceSchema, { message: '', pageComponentIds: [], ...definedOnly(input) });
      await this.components.checkPageComponents(ctx, data.pageId, data.pageComponentIds);
      const entity = await this.maintenances.insert({
        workspaceId: ctx.workspace.id,
        pageId: data.pageId,
        title: data.title,
        message: data.message,
        from: data.from,
        to: data.to,
      });
      await this.maintenances.setComponents(entity.id, data.pageComponentIds);
      const view = await this.viewOf(entity);
      trail.record({
        action: 'maintenance.create',
        entityType: 'maintenance',
        entityId: entity.id,
        after: maintenanceSnapshot(view),
      });
      return view;
    });
    const dispatch = await this.publisher.send(
      ctx,
      notify,
      async () => ({
        kind: 'maintenance.scheduled',
        pageId: view.pageId,
        title: view.title,
        message: view.message,
        from: new Date(view.from),
        to: new Date(view.to),
        componentNames: await this.publisher.componentNames(ctx, view.pageId, view.pageComponentIds),
        componentIds: view.pageComponentIds,
      }),
      (sentAt) => this.maintenances.markNotified(view.id, sentAt),
    );
    if (!dispatch.sentAt) return { record: view, notified: false, notifyFailure: dispatch.failure };
    return { record: { ...view, notifiedAt: dispatch.sentAt.toISOString() }, notified: true, notifyFailure: null };
  }

  /**
   * Partial update. Without a mask, every field given in `patch` changes. With a mask, exactly the
   * named fields change, and a named field missing from `patch` is cleared (message, components)
   * or refused as required (title, from, to).
   */
  async update(
    ctx: ServiceContext,
    id: string,
    patch: MaintenanceInput,
    mask?: MaintenanceField[],
    pageId?: string,
  ): Promise<MaintenanceView> {
    return this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id, pageId);
      if (patch.pageId !== undefined && patch.pageId !== entity.pageId) {
        throw ValidationError.field('pageId', 'cannot be changed; create a maintenance on the other page instead');
      }
      const before = await this.viewOf(entity);
      const current = {
        pageId: entity.pageId,
        title: entity.title,
        message: entity.message,
        from: entity.from,
        to: entity.to,
        pageComponentIds: before.pageComponentIds,
      };
      const data: MaintenanceData = parseInput(maintenanceSchema, applyMask(current, patch, mask, MASK));
      const componentsChanged = !sameIds(data.pageComponentIds, before.pageComponentIds);
      if (componentsChanged) await this.components.checkPageComponents(ctx, entity.pageId, data.pageComponentIds);
      const columnsChanged =
        data.title !== entity.title ||
        data.message !== entity.message ||
        data.from.getTime() !== entity.from.getTime() ||
        data.to.getTime() !== entity.to.getTime();
      if (!columnsChanged && !componentsChanged) {
        trail.unchanged();
        return before;
      }
      if (componentsChanged) await this.maintenances.setComponents(entity.id, data.pageComponentIds);
      const saved = await this.maintenances.change(entity, {
        title: data.title,
        message: data.message,
        from: data.from,
        to: data.to,
      });
      const after = await this.viewOf(saved);
      trail.record({
        action: 'maintenance.update',
        entityType: 'maintenance',
        entityId: entity.id,
        before: maintenanceSnapshot(before),
        after: maintenanceSnapshot(after),
      });
      return after;
    });
  }

  async get(ctx: ServiceContext, id: string, pageId?: string): Promise<MaintenanceView> {
    const entity = onPage(await this.maintenances.find(ctx.workspace.id, id), pageId);
    if (!entity) throw NotFoundError.of('maintenance', id);
    return this.viewOf(entity);
  }

  /** Newest first: latest `from` first, then latest created. */
  async list(ctx: ServiceContext, query: MaintenanceListQuery = {}): Promise<Paged<MaintenanceView>> {
    const { pageId } = parseInput(maintenanceFilterSchema, definedOnly({ pageId: query.pageId }));
    const { pageId: _filter, ...asked } = query;
    const page = pageOf(asked, MAINTENANCE_PAGING);
    if (pageId !== undefined) await this.components.checkPage(ctx, pageId);
    const [entities, totalSize] = await this.maintenances.list(ctx.workspace.id, pageId, page.limit, page.offset);
    const components = await this.maintenances.componentIdsOf(entities.map((e) => e.id));
    const now = new Date();
    return {
      items: entities.map((e) => toMaintenanceView(e, components.get(e.id) ?? [], now)),
      totalSize,
      page,
    };
  }

  async delete(ctx: ServiceContext, id: string, pageId?: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id, pageId);
      const before = await this.viewOf(entity);
      await this.maintenances.delete(entity.id);
      trail.record({
        action: 'maintenance.delete',
        entityType: 'maintenance',
        entityId: entity.id,
        before: maintenanceSnapshot(before),
      });
    });
  }

  private async locked(ctx: ServiceContext, id: string, pageId?: string): Promise<MaintenanceEntity> {
    const entity = onPage(await this.maintenances.lock(ctx.workspace.id, id), pageId);
    if (!entity) throw NotFoundError.of('maintenance', id);
    return entity;
  }

  private async viewOf(entity: MaintenanceEntity): Promise<MaintenanceView> {
    const components = await this.maintenances.componentIdsOf([entity.id]);
    return toMaintenanceView(entity, components.get(entity.id) ?? []);
  }
}
