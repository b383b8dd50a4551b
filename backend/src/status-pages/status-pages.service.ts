import { Inject, Injectable } from '@nestjs/common';
import { MutationRunner } from '../audit/mutation-runner';
import type { ServiceContext } from '../common/context';
import { hashPassword } from '../common/crypto';
import { ForbiddenError, NotFoundError } from '../common/errors';
import { parseInput } from '../common/validation';
import { Database } from '../database/database';
import { assertRoomForOne, hasFeature } from '../plans/plans';
import type { StatusPageEntity } from './status-page.entity';
import { embedOrigin, statusPageSchema, type StatusPageData } from './status-page.schemas';
import { snapshotOf, toStatusPageView, type StatusPageDependents, type StatusPageView } from './status-page.views';
import { StatusPagesRepository } from './status-pages.repository';
import { definedOnly } from '../common/objects';
import { pageOf, type PageBounds, type PageQuery, type Paged } from '../common/paging';
import { applyMask, type MaskRule } from '../common/update-mask';

export type StatusPageInput = Partial<Omit<StatusPageData, 'hasPassword'>>;
export type StatusPageField = keyof StatusPageInput;

const DEFAULTS: Required<Omit<StatusPageInput, 'title' | 'slug'>> = {
  description: '',
  homepageUrl: null,
  contactUrl: null,
  icon: null,
  customDomain: null,
  accessType: 'public',
  password: null,
  authEmailDomains: [],
  allowedIpRanges: null,
  theme: 'default',
  customTheme: null,
  defaultLocale: 'en',
  locales: [],
  allowIndex: true,
  embedOrigins: [],
  uptimePeriod: 'off',
};

const MASK: MaskRule<StatusPageInput, StatusPageField> = {
  fields: ['title', 'slug', ...(Object.keys(DEFAULTS) as StatusPageField[])],
  refusal: 'is not a field of status pages',
  defaults: DEFAULTS,
};

/** listStatusPages (RPC); MCP's list_status_pages is unpaginated (SPEC §8) and walks these pages. */
export const STATUS_PAGE_PAGING: PageBounds = { limit: { max: 100, default: 50 } };

function dataOf(page: StatusPageEntity): Record<string, unknown> {
  return {
    title: page.title,
    slug: page.slug,
    description: page.description,
    homepageUrl: page.homepageUrl,
    contactUrl: page.contactUrl,
    icon: page.icon,
    customDomain: page.customDomain,
    accessType: page.accessType,
    password: null,
    authEmailDomains: page.authEmailDomains,
    allowedIpRanges: page.allowedIpRanges,
    theme: page.theme,
    customTheme: page.customTheme,
    defaultLocale: page.defaultLocale,
    locales: page.locales,
    allowIndex: page.allowIndex,
    embedOrigins: page.embedOrigins,
    uptimePeriod: page.uptimePeriod,
    hasPassword: page.passwordHash !== null,
  };
}

@Injectable()
export class StatusPagesService {
  constructor(
    @Inject(StatusPagesRepository) private readonly pages: StatusPagesRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(Database) private readonly db: Database,
  ) {}

  async create(ctx: ServiceContext, input: StatusPageInput): Promise<StatusPageView> {
    return this.mutations.run(ctx, async (trail) => {
      const data = parseInput(statusPageSchema, { ...DEFAULTS, ...definedOnly(input), hasPassword: false });
      this.checkPlan(ctx, data);
      // Counted under the workspace lock, so concurrent creates cannot both take the last place.
      await this.db.lockWorkspace(ctx.workspace.id);
      const [, count] = await this.pages.listPages(ctx.workspace.id, 1, 0);
      assertRoomForOne(ctx.workspace.plan, 'statusPages', count);
      const page = await this.pages.savePage({
        ...(await this.columnsOf(data, null)),
        workspaceId: ctx.workspace.id,
        published: true,
      });
      const view = toStatusPageView(page);
      trail.record({
        action: 'status_page.create',
        entityType: 'status_page',
        entityId: page.id,
        after: snapshotOf(view),
      });
      return view;
    });
  }

  /**
   * `wanted` if no page uses it, else the first free `wanted-2`, `wanted-3`, ... (an importer keeps the
   * source's slug where it can). Only a hint under concurrency: create still refuses a taken slug.
   */
  async availableSlug(wanted: string): Promise<string> {
    for (let round = 0; ; round++) {
      const candidates = Array.from({ length: 20 }, (_, i) => {
        const n = round * 20 + i + 1;
        if (n === 1) return wanted;
        const suffix = `-${n}`;
        return `${wanted.slice(0, Math.max(1, 256 - suffix.length)).replace(/-+$/, '')}${suffix}`;
      });
      const taken = await this.pages.slugsTaken(candidates);
      const free = candidates.find((slug) => !taken.has(slug));
      if (free) return free;
    }
  }

  async update(
    ctx: ServiceContext,
    id: string,
    patch: StatusPageInput,
    mask?: StatusPageField[],
  ): Promise<StatusPageView> {
    return this.mutations.run(ctx, async (trail) => {
      const page = await this.pages.findPage(ctx.workspace.id, id);
      if (!page) throw NotFoundError.of('status page', id);
      const next = applyMask(dataOf(page), patch, mask, MASK);
      const data = parseInput(statusPageSchema, next);
      this.checkPlan(ctx, data);
      const before = toStatusPageView(page);
      const saved = await this.pages.savePage({ ...page, ...(await this.columnsOf(data, page.passwordHash)) });
      const after = toStatusPageView(saved);
      if (JSON.stringify(snapshotOf(before)) === JSON.stringify(snapshotOf(after)) && !data.password) {
        trail.unchanged();
      } else {
        trail.record({
          action: 'status_page.update',
          entityType: 'status_page',
          entityId: page.id,
          before: snapshotOf(before),
          after: { ...snapshotOf(after), passwordChanged: Boolean(data.password) },
        });
      }
      return after;
    });
  }

  async get(ctx: ServiceContext, id: string): Promise<StatusPageView> {
    const page = await this.pages.findPage(ctx.workspace.id, id);
    if (!page) throw NotFoundError.of('status page', id);
    return toStatusPageView(page);
  }

  async list(ctx: ServiceContext, query: PageQuery = {}): Promise<Paged<StatusPageView>> {
    const page = pageOf(query, STATUS_PAGE_PAGING);
    const [pages, totalSize] = await this.pages.listPages(ctx.workspace.id, page.limit, page.offset);
    return { items: pages.map(toStatusPageView), totalSize, page };
  }

  /** What deleting the page takes along, counted (for a confirmation). */
  async dependents(ctx: ServiceContext, id: string): Promise<StatusPageDependents> {
    const page = await this.pages.findPage(ctx.workspace.id, id);
    if (!page) throw NotFoundError.of('status page', id);
    return this.pages.dependentsOf(page.id);
  }

  /** Deletes the page with its components, groups, status reports, maintenances and subscribers. */
  async delete(ctx: ServiceContext, id: string): Promise<void> {
    await this.mutations.run(ctx, async (trail) => {
      const page = await this.pages.findPage(ctx.workspace.id, id);
      if (!page) throw NotFoundError.of('status page', id);
      await this.pages.deletePage(page.id);
      trail.record({
        action: 'status_page.delete',
        entityType: 'status_page',
        entityId: page.id,
        before: snapshotOf(toStatusPageView(page)),
      });
    });
  }

  private checkPlan(ctx: ServiceContext, data: StatusPageData): void {
    if (data.customTheme && !hasFeature(ctx.workspace.plan, 'custom-theme')) {
      throw new ForbiddenError('Upgrade for custom themes');
    }
  }

  private async columnsOf(data: StatusPageData, storedHash: string | null): Promise<Partial<StatusPageEntity>> {
    let passwordHash: string | null = null;
    if (data.accessType === 'password') passwordHash = data.password ? await hashPassword(data.password) : storedHash;
    return {
      title: data.title,
      slug: data.slug,
      description: data.description,
      homepageUrl: data.homepageUrl,
      contactUrl: data.contactUrl,
      icon: data.icon,
      customDomain: data.customDomain ? data.customDomain.toLowerCase().replace(/\.$/, '') : null,
      accessType: data.accessType,
      passwordHash,
      authEmailDomains:
        data.accessType === 'email-domain' ? data.authEmailDomains.map((d) => d.toLowerCase()) : data.authEmailDomains,
      allowedIpRanges: data.allowedIpRanges
        ? data.allowedIpRanges
            .split(',')
            .map((r) => r.trim())
            .join(',')
        : null,
      theme: data.theme,
      customTheme: data.customTheme,
      defaultLocale: data.defaultLocale,
      locales: data.locales,
      allowIndex: data.allowIndex,
      embedOrigins: [...new Set(data.embedOrigins.map((o) => embedOrigin(o)!))],
      uptimePeriod: data.uptimePeriod,
    };
  }
}
