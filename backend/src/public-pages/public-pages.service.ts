// The public side of status pages: the published page addressed by a slug or a custom domain, what it
// shows now (a cached PageSnapshot) and its history. Read-only; every public surface starts here.
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { CHECK_RESULTS_PORT, type CheckResultsPort } from '../check-results/check-results.port';
import type { StatusPageEntity } from '../status-pages/status-page.entity';
import { STATUS_PAGES_PORT, type StatusPagesPort } from '../status-pages/status-pages.port';
import { SubscribersService } from '../subscribers/subscribers.service';
import { SlaService } from '../sla/sla.service';
import { hasFeature } from '../plans/plans';
import { PageCache } from './page-cache';
import { hostName } from './page-domains';
import { registerPageFinder } from './page-resolver';
import { buildSnapshot, toMaintenance, toReport, type PeriodUptime } from './page-snapshot';
import type { PageHistory, PageSnapshot, PublicPage } from './public-page.types';
import { isPageLocale } from '../status-pages/locales';

/** Entries per history page. */
export const HISTORY_PAGE_SIZE = 20;

@Injectable()
export class PublicPagesService implements OnModuleInit {
  constructor(
    @Inject(STATUS_PAGES_PORT) private readonly pages: StatusPagesPort,
    @Inject(CHECK_RESULTS_PORT) private readonly results: CheckResultsPort,
    @Inject(PageCache) private readonly cache: PageCache,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(SubscribersService) private readonly subscribers: SubscribersService,
    @Inject(SlaService) private readonly sla: SlaService,
  ) {}

  /** The components' uptime over the page's period, by the SLA rules (one implementation of them). */
  private readonly periodUptime: PeriodUptime = (monitorIds, from, to, now) =>
    this.sla.uptimeOver(monitorIds, from, to, now);

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter as { getInstance?: () => FastifyInstance } | undefined;
    const fastify = adapter?.getInstance?.();
    if (fastify) registerPageFinder(fastify, this);
  }

  /** The published page of this slug, or null. */
  async findBySlug(slug: string): Promise<PublicPage | null> {
    if (!slug || slug.length > 256) return null;
    return this.cache.page(slug, async () => {
      const row = await this.pages.findPublished({ slug });
      return row ? toPublicPage(row.page, row.plan, this.subscribers.subscriptionsOffered) : null;
    });
  }

  /** The published page served on this Host (port and trailing dot ignored), or null. */
  async findByDomain(host: string): Promise<PublicPage | null> {
    const domain = hostName(host);
    if (!domain) return null;
    const row = await this.pages.findPublished({ domain });
    return row ? this.findBySlug(row.page.slug) : null;
  }

  /** Every published page by slug, for the site's robots.txt and sitemap: whether it may be indexed, and when it changed. */
  publishedPagesForRobots() {
    return this.pages.publishedPagesForRobots();
  }

  /** What the page shows now, cached until its data changes. */
  async snapshot(page: PublicPage, now = new Date()): Promise<PageSnapshot> {
    const timed = await this.cache.snapshot(page, now, () =>
      buildSnapshot(this.pages, this.results, page, now, this.cache.monitorDays, this.periodUptime),
    );
    return timed.snapshot;
  }

  /**
   * The snapshot built now, bypassing the snapshot cache (benchmarks, tests); the past days of check
   * data still come from memory once read (monitor-days.ts).
   */
  async buildSnapshot(page: PublicPage, now = new Date()): Promise<PageSnapshot> {
    return (await buildSnapshot(this.pages, this.results, page, now, this.cache.monitorDays, this.periodUptime))
      .snapshot;
  }

  /** A document rendered once per key (snapshot version, locale, base, surface). */
  rendered<T>(key: string, render: () => T): T {
    return this.cache.rendered(key, render);
  }

  /** Resolved reports and past maintenances, newest first, 20 per page (1-based; past the end: empty). */
  async history(page: PublicPage, pageNumber: number, now = new Date()): Promise<PageHistory> {
    const number = Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
    const { entries, total } = await this.pages.historyEntries(
      page.id,
      now,
      HISTORY_PAGE_SIZE,
      (number - 1) * HISTORY_PAGE_SIZE,
    );
    const reportIds = entries.filter((e) => e.kind === 'report').map((e) => e.id);
    const maintenanceIds = entries.filter((e) => e.kind === 'maintenance').map((e) => e.id);
    const [reports, maintenances] = await Promise.all([
      reportIds.length ? this.pages.publicReports(page.id, { ids: reportIds }) : [],
      maintenanceIds.length ? this.pages.publicMaintenances(page.id, { ids: maintenanceIds }) : [],
    ]);
    return {
      page,
      reports: reports.map(toReport).sort((a, b) => (b.resolvedAt?.getTime() ?? 0) - (a.resolvedAt?.getTime() ?? 0)),
      maintenances: maintenances.map(toMaintenance).sort((a, b) => b.to.getTime() - a.to.getTime()),
      pageNumber: number,
      pageCount: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)),
    };
  }
}

/**
 * The page's settings a visitor may see; the password hash stays behind (PageAccess reads it itself).
 * `subscriptions`: whether the service offers e-mail subscriptions at all.
 */
export function toPublicPage(page: StatusPageEntity, plan: string, subscriptions: boolean): PublicPage {
  const defaultLocale = isPageLocale(page.defaultLocale) ? page.defaultLocale : 'en';
  const locales = [...new Set([defaultLocale, ...page.locales])].filter(isPageLocale);
  return {
    id: page.id,
    workspaceId: page.workspaceId,
    slug: page.slug,
    title: page.title,
    description: page.description,
    icon: page.icon,
    homepageUrl: page.homepageUrl,
    contactUrl: page.contactUrl,
    customDomain: page.customDomain ? page.customDomain.toLowerCase() : null,
    accessType: page.accessType,
    authEmailDomains: page.authEmailDomains.map((d) => d.toLowerCase()),
    allowedIpRanges: (page.allowedIpRanges ?? '')
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
    theme: page.theme,
    customTheme: page.customTheme && hasFeature(plan, 'custom-theme') ? page.customTheme : null,
    defaultLocale,
    locales,
    allowIndex: page.allowIndex,
    embedOrigins: page.embedOrigins ?? [],
    uptimePeriod: page.uptimePeriod ?? 'off',
    subscriptions,
    updatedAt: page.updatedAt,
  };
}
