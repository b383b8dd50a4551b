import { Inject, Injectable } from '@nestjs/common';
import { PageComponentsService } from '../status-pages/page-components.service';
import { MutationRunner } from '../audit/mutation-runner';
import type { ServiceContext } from '../common/context';
import { NotFoundError, ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import type { MaintenanceEntity } from './maintenance.entity';
import {
  listMaintenancesSchema,
  maintenanceSchema,
  paginationOf,
  type MaintenanceData,
  type Pagination,
} from './maintenance.schemas';
import { maintenanceSnapshot, toMaintenanceView, type MaintenanceView } from './maintenance.view';
import { MaintenancesRepository } from './maintenances.repository';
import { definedOnly } from '../common/objects';

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

const FIELDS: MaintenanceField[] = ['title', 'message', 'from', 'to', 'pageComponentIds'];

/** What a field named in an update mask but missing from the patch becomes. */
const CLEARED: Partial<Record<MaintenanceField, unknown>> = { message: '', pageComponentIds: [] };

export interface MaintenanceListQuery {
  /** Only windows of this status page. */
  pageId?: string;
  /** 1-indexed, default 1. */
  page?: number;
  /** 1 to 200, default 50. */
  perPage?: number;
}

/** Same ids in any order. */
const sameIds = (a: string[], b: string[]) => {
  const sorted = [...b].sort();
  return a.length === b.length && [...a].sort().every((id, i) => id === sorted[i]);
};

@Injectable()
export class MaintenancesService {
  constructor(
    @Inject(MaintenancesRepository) private readonly maintenances: MaintenancesRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
  ) {}

  /**
   * Schedules a window on a status page. The returned view is what a later subscriber dispatch
   * (the MCP tool's `notify`) announces.
   */
  async create(ctx: ServiceContext, input: MaintenanceInput): Promise<MaintenanceView> {
    return this.mutations.run(ctx, async (trail) => {
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
  ): Promise<MaintenanceView> {
    return this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id);
      if (patch.pageId !== undefined && patch.pageId !== entity.pageId) {
        throw ValidationError.field('pageId', 'cannot be changed; create a maintenance on the other page instead');
      }
      const before = await this.viewOf(entity);
      const next: Record<string, unknown> = {
        pageId: entity.pageId,
        title: entity.title,
        message: entity.message,
        from: entity.from,
        to: entity.to,
        pageComponentIds: before.pageComponentIds,
      };
      const fields = mask ?? (Object.keys(definedOnly(patch)).filter((f) => f !== 'pageId') as MaintenanceField[]);
      for (const field of fields) {
        if (!FIELDS.includes(field)) throw ValidationError.field(field, 'is not an updatable field of maintenances');
        next[field] = patch[field] ?? CLEARED[field];
      }
      const data: MaintenanceData = parseInput(maintenanceSchema, next);
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

  async get(ctx: ServiceContext, id: string): Promise<MaintenanceView> {
    const entity = await this.maintenances.find(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('maintenance', id);
    return this.viewOf(entity);
  }

  /** Newest first: latest `from` first, then latest created. */
  async list(
    ctx: ServiceContext,
    query: MaintenanceListQuery = {},
  ): Promise<{ maintenances: MaintenanceView[]; pagination: Pagination }> {
    const q = parseInput(listMaintenancesSchema, definedOnly(query));
    if (q.pageId !== undefined) await this.components.checkPage(ctx, q.pageId);
    const [entities, totalSize] = await this.maintenances.list(
      ctx.workspace.id,
      q.pageId,
      q.perPage,
      (q.page - 1) * q.perPage,
    );
    const components = await this.maintenances.componentIdsOf(entities.map((e) => e.id));
    const now = new Date();
    return {
      maintenances: entities.map((e) => toMaintenanceView(e, components.get(e.id) ?? [], now)),
      pagination: paginationOf(q.page, q.perPage, totalSize),
    };
  }

  async delete(ctx: ServiceContext, id: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      const entity = await this.locked(ctx, id);
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

  private async locked(ctx: ServiceContext, id: string): Promise<MaintenanceEntity> {
    const entity = await this.maintenances.lock(ctx.workspace.id, id);
    if (!entity) throw NotFoundError.of('maintenance', id);
    return entity;
  }

  private async viewOf(entity: MaintenanceEntity): Promise<MaintenanceView> {
    const components = await this.maintenances.componentIdsOf([entity.id]);
    return toMaintenanceView(entity, components.get(entity.id) ?? []);
  }
}
