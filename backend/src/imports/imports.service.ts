// Imports from other monitoring tools (issue 30): the transport-agnostic verbs behind `cli import`,
// import.v1.ImportService, the MCP tools and the dashboard's upload. `plan` reads the file and tells
// what would happen, writing nothing; `apply` does it in one transaction through the resources' own
// service verbs (so every bound, plan limit, sealing rule and audit entry applies as for any create),
// recording each created item's source key so a second run matches instead of creating again.
import { Inject, Injectable } from '@nestjs/common';
import { MutationRunner } from '../audit/mutation-runner';
import type { ServiceContext } from '../common/context';
import { DomainError, NotFoundError, ValidationError } from '../common/errors';
import { Database } from '../database/database';
import { MaintenancesService } from '../maintenances/maintenances.service';
import { MonitorsService } from '../monitors/monitors.service';
import { NotificationsService } from '../notifications/notifications.service';
import { PageComponentsService } from '../status-pages/page-components.service';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { IMPORT_SOURCES, type ImportItemKind, type ImportModel, type ImportSource } from './import-model';
import { componentsOf, itemKey, planImport, type ImportPlan, type RecordedItems } from './import-plan';
import { IMPORT_PARSERS } from './import-sources';
import { ImportsRepository } from './imports.repository';

/** Uploads (RPC, MCP, dashboard) are bounded; the command line reads a local file of any size up to this. */
export const IMPORT_BOUNDS = { uploadBytes: 64 * 1024 * 1024, localFileBytes: 2 * 1024 * 1024 * 1024 } as const;

export interface ImportRequest {
  source: string;
  file: Uint8Array;
  /**
   * Variables a Gatus configuration's `${VAR}` take. The command line passes its own environment (as
   * Gatus reads its own); uploads pass what the caller sends, never the server's environment.
   */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface ImportResult {
  /** The plan as applied: `create` items now carry the id of what was created. */
  plan: ImportPlan;
  /** Whether monitors were created active. */
  activated: boolean;
}

@Injectable()
export class ImportsService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(ImportsRepository) private readonly imports: ImportsRepository,
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(StatusPagesService) private readonly pages: StatusPagesService,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(MaintenancesService) private readonly maintenances: MaintenancesService,
  ) {}

  /** What an import of the file would do; writes nothing. */
  async plan(ctx: ServiceContext, request: ImportRequest): Promise<ImportPlan> {
    const model = await this.read(ctx, request);
    return planImport(await this.withFreePingTokens(model), await this.recorded(ctx, model.source));
  }

  /** Imports the file in one transaction; monitors are created inactive unless `activate`. */
  async apply(ctx: ServiceContext, request: ImportRequest & { activate?: boolean }): Promise<ImportResult> {
    const model = await this.read(ctx, request);
    return this.applyModel(ctx, model, request.activate ?? false);
  }

  /** Applies a model already read (the verbs above, and tests of the writing half on their own). */
  async applyModel(ctx: ServiceContext, model: ImportModel, activate: boolean): Promise<ImportResult> {
    return this.mutations.run(ctx, async (trail) => {
      // The workspace lock first (the lock order every cross-resource mutation keeps), and before the
      // recorded keys are read, so two imports of one file into one workspace run one after the other.
      await this.db.lockWorkspace(ctx.workspace.id);
      model = await this.withFreePingTokens(model);
      const plan = planImport(model, await this.recorded(ctx, model.source));
      const ids = new Map<string, string>();
      /** A created heartbeat monitor's ping URL, shown in the answer only (as a create shows it once). */
      const pingUrls = new Map<string, string>();
      for (const item of plan.items)
        if (item.action === 'match') ids.set(itemKey(item.kind, item.sourceKey), item.resourceId!);
      const toCreate = new Set(
        plan.items.filter((i) => i.action === 'create').map((i) => itemKey(i.kind, i.sourceKey)),
      );
      const created = async (kind: ImportItemKind, sourceKey: string, label: string, write: () => Promise<string>) => {
        const key = itemKey(kind, sourceKey);
        if (!toCreate.has(key)) return;
        const id = await labelled(label, write);
        ids.set(key, id);
        await this.imports.record(ctx.workspace.id, model.source, { itemKind: kind, sourceKey, resourceId: id });
      };
      const idsOf = (kind: ImportItemKind, keys: readonly string[]) =>
        keys.map((k) => ids.get(itemKey(kind, k))).filter((id): id is string => id !== undefined);

      for (const m of model.monitors) {
        await created('monitor', m.sourceKey, m.label, async () => {
          const input = { ...m.input, active: activate };
          const view = await this.monitors.create(ctx, m.kind, input, { pingToken: m.pingToken });
          if (view.pingUrl) pingUrls.set(view.id, view.pingUrl);
          return view.id;
        });
      }
      // Dependencies once every monitor exists (a parent may come after its child in the source).
      for (const m of model.monitors) {
        const parents = idsOf('monitor', m.parentKeys ?? []);
        const id = ids.get(itemKey('monitor', m.sourceKey));
        if (!parents.length || !id || !toCreate.has(itemKey('monitor', m.sourceKey))) continue;
        await labelled(m.label, () =>
          this.monitors.update(ctx, m.kind, id, { alerting: { ...m.input.alerting, parentMonitorIds: parents } }),
        );
      }
      for (const c of model.channels) {
        await created('channel', c.sourceKey, c.label, async () => {
          const view = await this.notifications.create(ctx, {
            name: c.name,
            providerType: c.provider.kind,
            provider: c.provider,
            monitorIds: idsOf('monitor', c.monitorKeys),
          });
          return view.id;
        });
      }
      for (const page of model.statusPages) {
        await created('status_page', page.sourceKey, page.label, async () => {
          const slug = await this.pages.availableSlug(page.slug);
          const view = await this.pages.create(ctx, { title: page.title, slug, description: page.description ?? '' });
          return view.id;
        });
        const pageId = ids.get(itemKey('status_page', page.sourceKey));
        if (!pageId) continue;
        for (const group of page.groups) {
          await created('component_group', group.sourceKey, group.label, async () => {
            const view = await this.components.createGroup(ctx, { pageId, name: group.name });
            return view.id;
          });
        }
        for (const { component, groupKey } of componentsOf(page)) {
          await created('component', component.sourceKey, component.label, async () => {
            const monitorId = component.monitorKey ? ids.get(itemKey('monitor', component.monitorKey)) : undefined;
            const groupId = groupKey ? ids.get(itemKey('component_group', groupKey)) : undefined;
            const view = await this.components.createComponent(ctx, {
              pageId,
              type: monitorId ? 'monitor' : 'static',
              monitorId: monitorId ?? null,
              name: component.name,
              description: component.description ?? '',
              order: groupKey ? 0 : component.order,
              groupId: groupId ?? null,
              groupOrder: groupKey ? component.order : 0,
            });
            return view.id;
          });
        }
      }
      for (const w of model.maintenances) {
        const pageId = ids.get(itemKey('status_page', w.pageKey));
        if (!pageId) continue;
        await created('maintenance', w.sourceKey, w.label, async () => {
          const published = await this.maintenances.create(
            ctx,
            {
              pageId,
              title: w.title,
              message: w.message,
              from: w.from,
              to: w.to,
              pageComponentIds: idsOf('component', w.componentKeys),
            },
            false,
          );
          return published.record.id;
        });
      }

      const applied: ImportPlan = {
        ...plan,
        items: plan.items.map((i) => {
          if (i.action !== 'create') return i;
          const resourceId = ids.get(itemKey(i.kind, i.sourceKey));
          const pingUrl = resourceId ? pingUrls.get(resourceId) : undefined;
          return { ...i, resourceId, ...(pingUrl ? { pingUrl } : {}) };
        }),
      };
      trail.record({
        action: 'import.apply',
        entityType: 'import',
        entityId: model.source,
        after: { source: model.source, activated: activate, ...plan.counts },
      });
      return { plan: applied, activated: activate };
    });
  }

  /**
   * A ping token is unique in the installation: one another monitor uses already (the same file
   * imported into another workspace, say) is left out, so the monitor gets a new ping URL, and said.
   */
  private async withFreePingTokens(model: ImportModel): Promise<ImportModel> {
    const monitors = [];
    for (const m of model.monitors) {
      if (m.pingToken === undefined || (await this.monitors.pingTokenFree(m.pingToken))) monitors.push(m);
      else {
        const finding = {
          level: 'approximate' as const,
          field: 'pingToken',
          message:
            'another monitor here already uses this ping token: the monitor gets a new ping URL (shown once, in the dashboard and the API, when rotated)',
        };
        monitors.push({ ...m, pingToken: undefined, findings: [...m.findings, finding] });
      }
    }
    return { ...model, monitors };
  }

  private async read(ctx: ServiceContext, request: ImportRequest): Promise<ImportModel> {
    if (!isImportSource(request.source)) {
      throw ValidationError.field('source', `must be one of ${IMPORT_SOURCES.join(', ')}`);
    }
    const max = ctx.via === 'cli' ? IMPORT_BOUNDS.localFileBytes : IMPORT_BOUNDS.uploadBytes;
    if (request.file.byteLength === 0) throw ValidationError.field('file', 'is required (the file is empty)');
    if (request.file.byteLength > max) {
      throw ValidationError.field('file', `must be at most ${Math.round(max / 1024 / 1024)} MiB`);
    }
    try {
      return await IMPORT_PARSERS[request.source](request.file, { env: request.env ?? {} });
    } catch (error) {
      // The file is untrusted input: whatever a parser meets in it is a refusal of the file, not a fault.
      if (error instanceof DomainError) throw error;
      throw ValidationError.field('file', `cannot be read as ${request.source}: ${(error as Error).message}`);
    }
  }

  /** What earlier imports of `source` created in the workspace, and whether each still exists. */
  private async recorded(ctx: ServiceContext, source: ImportSource): Promise<RecordedItems> {
    const out = new Map<string, { resourceId: string; live: boolean }>();
    for (const r of await this.imports.recorded(ctx.workspace.id, source)) {
      out.set(itemKey(r.itemKind, r.sourceKey), {
        resourceId: r.resourceId,
        live: await this.exists(ctx, r.itemKind, r.resourceId),
      });
    }
    return out;
  }

  private async exists(ctx: ServiceContext, kind: ImportItemKind, id: string): Promise<boolean> {
    const read: Record<ImportItemKind, () => Promise<unknown>> = {
      monitor: () => this.monitors.get(ctx, id),
      channel: () => this.notifications.get(ctx, id),
      status_page: () => this.pages.get(ctx, id),
      component_group: () => this.components.getGroup(ctx, id),
      component: () => this.components.getComponent(ctx, id),
      maintenance: () => this.maintenances.get(ctx, id),
    };
    try {
      await read[kind]();
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }
}

export const isImportSource = (value: string): value is ImportSource =>
  (IMPORT_SOURCES as readonly string[]).includes(value);

/** Runs a write for one item; a refusal names the item, so a user knows which line of the source to fix. */
async function labelled<T>(label: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError(`${label}: ${error.message}`, error.issues);
    if (error instanceof DomainError) {
      const Refusal = error.constructor as new (message: string) => DomainError;
      throw new Refusal(`${label}: ${error.message}`);
    }
    throw error;
  }
}
