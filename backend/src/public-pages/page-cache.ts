// In-process caches of the public side, kept honest by the change feed: the published pages by id,
// their snapshots (dropped on `page_changes` for the page, on `monitor_changes` for a monitor a cached
// snapshot shows, when the clock passes a maintenance boundary, and after 30 s for check-derived
// data), and rendered documents keyed by snapshot version, which never go stale, only old.
import { Inject, Injectable } from '@nestjs/common';
import { ChangeFeed } from '../database/change-feed';
import { FeedCache } from '../database/feed-cache';
import { MONITOR_CHANNEL } from '../monitors/monitor-cache';
import { PAGE_CHANNEL } from './page-domains';
import { MonitorDays } from '../check-results/monitor-days';
import type { TimedSnapshot } from './page-snapshot';
import type { PublicPage } from './public-page.types';

/** Check results change the bars and the uptime without a notification: at most this old. */
export const SNAPSHOT_TTL_MS = 30_000;
const RENDERED_MAX = 1_000;

@Injectable()
export class PageCache {
  private readonly pages: FeedCache<PublicPage>;
  private readonly snapshots: FeedCache<TimedSnapshot>;
  /** Slug → page id of pages read before; a hit is checked against the cached page's own slug. */
  private readonly slugs = new Map<string, string>();
  /** Monitors shown by the snapshots cached since the last flush. */
  private readonly monitors = new Set<string>();
  private readonly documents = new Map<string, unknown>();
  /** Past days of the monitors' bars (monitor-days.ts). */
  readonly monitorDays = new MonitorDays();

  constructor(@Inject(ChangeFeed) feed: ChangeFeed) {
    this.pages = new FeedCache(feed, {
      channel: PAGE_CHANNEL,
      ttlMs: 300_000,
      maxEntries: 10_000,
      staleKey: (pageId) => pageId,
    });
    this.snapshots = new FeedCache(feed, {
      channel: PAGE_CHANNEL,
      ttlMs: SNAPSHOT_TTL_MS,
      maxEntries: 1_000,
      staleKey: (pageId) => pageId,
    });
    feed.subscribe(MONITOR_CHANNEL, {
      changed: (monitorId) => {
        // Its `public` may have changed: whether its latency is read.
        this.monitorDays.forget(monitorId);
        if (!this.monitors.has(monitorId)) return;
        this.monitors.clear();
        this.snapshots.flush();
      },
      live: () => this.monitors.clear(),
    });
  }

  async page(slug: string, load: () => Promise<PublicPage | null>): Promise<PublicPage | null> {
    const id = this.slugs.get(slug);
    const hit = id ? await this.pages.get(id) : undefined;
    if (hit && hit.slug === slug) return hit;
    const generation = this.pages.begin();
    const page = await load();
    if (!page) return null;
    if (this.slugs.size >= 10_000) this.slugs.clear();
    this.slugs.set(slug, page.id);
    this.pages.put(page.id, page, generation);
    return page;
  }

  async snapshot(page: PublicPage, now: Date, load: () => Promise<TimedSnapshot>): Promise<TimedSnapshot> {
    const hit = await this.snapshots.get(page.id, now.getTime());
    if (hit && hit.snapshot.page === page && hit.validUntil > now.getTime()) return hit;
    const generation = this.snapshots.begin();
    const built = await load();
    for (const id of built.monitorIds) this.monitors.add(id);
    this.snapshots.put(page.id, built, generation, now.getTime());
    return built;
  }

  /** A document rendered from a snapshot version (with the locale and base in `key`), rendered once. */
  rendered<T>(key: string, render: () => T): T {
    const hit = this.documents.get(key) as T | undefined;
    if (hit !== undefined) {
      // Most recently used last, so the oldest go first.
      this.documents.delete(key);
      this.documents.set(key, hit);
      return hit;
    }
    const value = render();
    if (this.documents.size >= RENDERED_MAX) this.documents.delete(this.documents.keys().next().value!);
    this.documents.set(key, value);
    return value;
  }
}
