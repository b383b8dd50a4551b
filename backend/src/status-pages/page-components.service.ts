import { Inject, Injectable } from '@nestjs/common';
import { MutationRunner } from '../audit/mutation-runner';
import type { ServiceContext } from '../common/context';
import { NotFoundError, ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import { componentSchema, groupSchema, type ComponentData } from './status-page.schemas';
import {
  snapshotOf,
  toComponentView,
  toGroupView,
  type AutoIncidentComponentRow,
  type ComponentView,
  type GroupView,
} from './status-page.views';
import { StatusPagesRepository } from './status-pages.repository';
import {
  AUTO_INCIDENT_AFTER_MINUTES,
  AUTO_INCIDENT_MESSAGE_DEFAULT,
  AUTO_INCIDENT_TITLE_DEFAULT,
} from './page-component.entity';
import { definedOnly } from '../common/objects';
import { applyMask, type MaskRule } from '../common/update-mask';

export type ComponentInput = Partial<ComponentData> & { pageId?: string };
export type ComponentField = keyof ComponentData;

/** Where arrangeComponents puts one component. */
export interface ComponentPlacement {
  id: string;
  order: number;
  groupId: string | null;
  groupOrder: number;
}

const DEFAULTS: Omit<ComponentData, 'type'> = {
  monitorId: null,
  name: '',
  description: '',
  order: 0,
  groupId: null,
  groupOrder: 0,
  // Off by default: a component opens no incident until someone opts in.
  autoIncident: 'off',
  autoIncidentAfterMinutes: AUTO_INCIDENT_AFTER_MINUTES.default,
  autoIncidentNotify: false,
  autoIncidentTitle: AUTO_INCIDENT_TITLE_DEFAULT,
  autoIncidentMessage: AUTO_INCIDENT_MESSAGE_DEFAULT,
  autoResolve: true,
};

/** The page and the type are fixed at creation (checked above the mask). */
const MASK: MaskRule<ComponentInput, ComponentField> = {
  fields: Object.keys(DEFAULTS) as ComponentField[],
  refusal: 'cannot change; create a new component instead',
  defaults: DEFAULTS,
  ignored: ['pageId', 'type'],
};

/** Components and component groups of status pages (SPEC §2.7, §2.8). */
@Injectable()
export class PageComponentsService {
  constructor(
    @Inject(StatusPagesRepository) private readonly pages: StatusPagesRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
  ) {}

  /**
   * SPEC §4.2 rule 6, for status reports and maintenances: the page and every component must be the
   * workspace's, and the components on that page; otherwise NOT_FOUND (never saying which part).
   */
  async checkPageComponents(ctx: ServiceContext, pageId: string, componentIds: string[]): Promise<void> {
    await this.checkPage(ctx, pageId);
    const found = await this.pages.componentsOnPage(ctx.workspace.id, pageId, componentIds);
    const missing = componentIds.find((id) => !found.has(id));
    if (missing !== undefined) {
      throw new NotFoundError(
        `page component ${JSON.stringify(missing)} not found on status page ${JSON.stringify(pageId)}`,
      );
    }
  }

  async checkPage(ctx: ServiceContext, pageId: string): Promise<void> {
    if (!(await this.pages.pageExists(ctx.workspace.id, pageId))) throw NotFoundError.of('status page', pageId);
  }

  async createComponent(ctx: ServiceContext, input: ComponentInput): Promise<ComponentView> {
    return this.mutations.run(ctx, async (trail) => {
      if (!input.pageId) throw ValidationError.field('pageId', 'is required');
      const page = await this.pages.findPage(ctx.workspace.id, input.pageId);
      if (!page) throw NotFoundError.of('status page', input.pageId);
      const data = parseInput(componentSchema, { ...DEFAULTS, ...definedOnly(input), pageId: undefined });
      await this.checkReferences(ctx, page.id, data);
      const component = await this.pages.saveComponent({ ...data, pageId: page.id, workspaceId: ctx.workspace.id });
      const view = toComponentView(component);
      trail.record({
        action: 'page_component.create',
        entityType: 'page_component',
        entityId: component.id,
        after: snapshotOf(view),
      });
      return view;
    });
  }

  async updateComponent(
    ctx: ServiceContext,
    id: string,
    patch: ComponentInput,
    mask?: ComponentField[],
  ): Promise<ComponentView> {
    return this.mutations.run(ctx, async (trail) => {
      const component = await this.pages.findComponent(ctx.workspace.id, id);
      if (!component) throw NotFoundError.of('page component', id);
      if (patch.pageId !== undefined && patch.pageId !== component.pageId) {
        throw ValidationError.field('pageId', 'cannot change; create a new component on the other page');
      }
      if (patch.type !== undefined && patch.type !== component.type) {
        throw ValidationError.field('type', 'cannot change; create a new component of the other type');
      }
      const before = toComponentView(component);
      const next = applyMask(editableOf(before), patch, mask, MASK);
      const data = parseInput(componentSchema, next);
      await this.checkReferences(ctx, component.pageId, data);
      const saved = await this.pages.saveComponent({ ...component, ...data });
      const after = toComponentView(saved);
      if (JSON.stringify(snapshotOf(before)) === JSON.stringify(snapshotOf(after))) trail.unchanged();
      else
        trail.record({
          action: 'page_component.update',
          entityType: 'page_component',
          entityId: component.id,
          before: snapshotOf(before),
          after: snapshotOf(after),
        });
      return after;
    });
  }

  /**
   * Places several components of one page at once (the dashboard's ordering): each row sets the
   * component's order, group and order in the group, as updateComponent with that mask would. One
   * transaction; an audit entry per component that moved.
   */
  async arrangeComponents(ctx: ServiceContext, pageId: string, rows: ComponentPlacement[]): Promise<ComponentView[]> {
    return this.mutations.run(ctx, async (trail) => {
      const page = await this.pages.findPage(ctx.workspace.id, pageId);
      if (!page) throw NotFoundError.of('status page', pageId);
      let moved = false;
      for (const row of rows) {
        const component = await this.pages.findComponent(ctx.workspace.id, row.id);
        if (!component || component.pageId !== page.id) throw NotFoundError.of('page component', row.id);
        const before = toComponentView(component);
        const data = parseInput(componentSchema, {
          ...editableOf(before),
          order: row.order,
          groupId: row.groupId,
          groupOrder: row.groupOrder,
        });
        await this.checkReferences(ctx, page.id, data);
        const after = toComponentView(await this.pages.saveComponent({ ...component, ...data }));
        if (JSON.stringify(snapshotOf(before)) === JSON.stringify(snapshotOf(after))) continue;
        moved = true;
        trail.record({
          action: 'page_component.update',
          entityType: 'page_component',
          entityId: component.id,
          before: snapshotOf(before),
          after: snapshotOf(after),
        });
      }
      if (!moved) trail.unchanged();
      return (await this.pages.listComponents(page.id)).map(toComponentView);
    });
  }

  async getComponent(ctx: ServiceContext, id: string, pageId?: string): Promise<ComponentView> {
    const component = await this.pages.findComponent(ctx.workspace.id, id);
    if (!component || (pageId && component.pageId !== pageId)) throw NotFoundError.of('page component', id);
    return toComponentView(component);
  }

  /**
   * The page's components as its visitors and subscribers see them, in page order: a component
   * without a name of its own goes by its monitor's name (ComponentView keeps the stored, possibly
   * empty, name: the setting that RPC, MCP and Terraform read back and write).
   */
  async shownComponents(ctx: ServiceContext, pageId: string): Promise<Array<{ id: string; name: string }>> {
    await this.checkPage(ctx, pageId);
    return (await this.pages.publicComponents(pageId)).map((c) => ({ id: c.id, name: c.name }));
  }

  /**
   * For the auto-incident sweeper, which works for every workspace (no caller's context): the
   * components that open incidents, and `alsoIds` whatever their setting (see the repository).
   */
  autoIncidentComponents(alsoIds: string[] = []): Promise<AutoIncidentComponentRow[]> {
    return this.pages.autoIncidentComponents(alsoIds);
  }

  async listComponents(ctx: ServiceContext, pageId: string): Promise<ComponentView[]> {
    const page = await this.pages.findPage(ctx.workspace.id, pageId);
    if (!page) throw NotFoundError.of('status page', pageId);
    return (await this.pages.listComponents(page.id)).map(toComponentView);
  }

  async deleteComponent(ctx: ServiceContext, id: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      const component = await this.pages.findComponent(ctx.workspace.id, id);
      if (!component) throw NotFoundError.of('page component', id);
      await this.pages.deleteComponent(component.id);
      trail.record({
        action: 'page_component.delete',
        entityType: 'page_component',
        entityId: component.id,
        before: snapshotOf(toComponentView(component)),
      });
    });
  }

  async createGroup(ctx: ServiceContext, input: { pageId?: string; name?: string }): Promise<GroupView> {
    return this.mutations.run(ctx, async (trail) => {
      if (!input.pageId) throw ValidationError.field('pageId', 'is required');
      const page = await this.pages.findPage(ctx.workspace.id, input.pageId);
      if (!page) throw NotFoundError.of('status page', input.pageId);
      const { name } = parseInput(groupSchema, { name: input.name });
      const group = await this.pages.saveGroup({ name, pageId: page.id, workspaceId: ctx.workspace.id });
      const view = toGroupView(group);
      trail.record({
        action: 'page_component_group.create',
        entityType: 'page_component_group',
        entityId: group.id,
        after: snapshotOf(view),
      });
      return view;
    });
  }

  async updateGroup(ctx: ServiceContext, id: string, patch: { pageId?: string; name?: string }): Promise<GroupView> {
    return this.mutations.run(ctx, async (trail) => {
      const group = await this.pages.findGroup(ctx.workspace.id, id);
      if (!group) throw NotFoundError.of('component group', id);
      if (patch.pageId !== undefined && patch.pageId !== group.pageId) {
        throw ValidationError.field('pageId', 'cannot change; create a new group on the other page');
      }
      const { name } = parseInput(groupSchema, { name: patch.name ?? group.name });
      const before = toGroupView(group);
      const after = toGroupView(await this.pages.saveGroup({ ...group, name }));
      if (before.name === after.name) trail.unchanged();
      else
        trail.record({
          action: 'page_component_group.update',
          entityType: 'page_component_group',
          entityId: group.id,
          before: snapshotOf(before),
          after: snapshotOf(after),
        });
      return after;
    });
  }

  async getGroup(ctx: ServiceContext, id: string, pageId?: string): Promise<GroupView> {
    const group = await this.pages.findGroup(ctx.workspace.id, id);
    if (!group || (pageId && group.pageId !== pageId)) throw NotFoundError.of('component group', id);
    return toGroupView(group);
  }

  async listGroups(ctx: ServiceContext, pageId: string): Promise<GroupView[]> {
    const page = await this.pages.findPage(ctx.workspace.id, pageId);
    if (!page) throw NotFoundError.of('status page', pageId);
    return (await this.pages.listGroups(page.id)).map(toGroupView);
  }

  /** Deletes a group; its components stay on the page, ungrouped. */
  async deleteGroup(ctx: ServiceContext, id: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      const group = await this.pages.findGroup(ctx.workspace.id, id);
      if (!group) throw NotFoundError.of('component group', id);
      await this.pages.deleteGroup(group.id);
      trail.record({
        action: 'page_component_group.delete',
        entityType: 'page_component_group',
        entityId: group.id,
        before: snapshotOf(toGroupView(group)),
      });
    });
  }

  private async checkReferences(ctx: ServiceContext, pageId: string, data: ComponentData): Promise<void> {
    if (data.monitorId && !(await this.pages.findLiveMonitor(ctx.workspace.id, data.monitorId))) {
      throw NotFoundError.of('monitor', data.monitorId);
    }
    if (data.groupId) {
      const group = await this.pages.findGroup(ctx.workspace.id, data.groupId);
      if (!group || group.pageId !== pageId) throw NotFoundError.of('component group', data.groupId);
    }
  }
}

/** The fields of a component an update may change, as the view shows them. */
function editableOf(view: ComponentView): ComponentData {
  const { id: _id, pageId: _pageId, createdAt: _c, updatedAt: _u, ...data } = view;
  return data;
}
