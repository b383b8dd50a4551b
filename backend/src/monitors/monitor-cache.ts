// What GetMonitor (and MCP get_monitor) answered for a monitor, kept in process so repeated reads skip
// the database. Every committed change to a monitor's row, its derived status or the private locations
// that run it NOTIFYs its id (migration MonitorChangeNotify) and drops the entry on every node before a
// later read can be answered from it (database/feed-cache.ts).
import { Inject, Injectable } from '@nestjs/common';
import { ChangeFeed } from '../database/change-feed';
import { FeedCache } from '../database/feed-cache';
import type { MonitorView } from './monitor.view';

export const MONITOR_CHANNEL = 'monitor_changes';

/** A view shared by every reader of the cache: frozen, so no transport can change it for the next. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

@Injectable()
export class MonitorCache {
  private readonly cache: FeedCache<{ workspaceId: string; view: MonitorView }>;

  constructor(@Inject(ChangeFeed) feed: ChangeFeed) {
    this.cache = new FeedCache(feed, {
      channel: MONITOR_CHANNEL,
      ttlMs: 60_000,
      maxEntries: 10_000,
      staleKey: (monitorId) => monitorId,
    });
  }

  /** The cached view of a monitor of this workspace; undefined to read it from the database. */
  async get(workspaceId: string, id: string): Promise<MonitorView | undefined> {
    const entry = await this.cache.get(id);
    return entry?.workspaceId === workspaceId ? entry.view : undefined;
  }

  /** Reads through: `load` runs only on a miss, and what it answers is kept unless a change came in meanwhile. */
  async read(workspaceId: string, id: string, load: () => Promise<MonitorView>): Promise<MonitorView> {
    const hit = await this.get(workspaceId, id);
    if (hit) return hit;
    const generation = this.cache.begin();
    const view = await load();
    this.cache.put(id, { workspaceId, view: frozen(view) }, generation);
    return view;
  }
}
