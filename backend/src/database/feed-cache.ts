// An in-process cache kept honest by the change feed (change-feed.ts): entries are dropped when the
// database says they changed, and a hit is answered only once every change committed before the
// lookup has been delivered (the feed's barrier). While the feed is not live the cache answers
// nothing, so a node that cannot hear changes reads the database every time.
import type { ChangeFeed } from './change-feed';

export interface FeedCacheOptions {
  /** The NOTIFY channel whose notifications make entries stale. */
  channel: string;
  /** How long an entry may be answered at most; a bound on memory, not on staleness. */
  ttlMs: number;
  /** Bounded whatever callers ask for: the oldest entries go first. */
  maxEntries: number;
  /** The key a notification's payload makes stale, or null for all of them. */
  staleKey: (payload: string) => string | null;
}

export class FeedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private live = false;
  /** Bumped by every change, so a lookup that started before it never stores its stale answer. */
  private generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: FeedCacheOptions,
  ) {
    feed.subscribe(options.channel, {
      changed: (payload) => {
        const key = options.staleKey(payload);
        if (key === null) this.flush();
        else {
          this.generation += 1;
          this.entries.delete(key);
        }
      },
      live: (live) => {
        this.flush();
        this.live = live;
      },
    });
  }

  get isLive(): boolean {
    return this.live;
  }

  /** The entry of this key, while live and fresh, once every change committed before this call is in. */
  async get(key: string, now = Date.now()): Promise<V | undefined> {
    if (!this.live || !this.entries.has(key)) return undefined;
    const generation = this.generation;
    try {
      await this.feed.barrier();
    } catch {
      return undefined;
    }
    if (!this.live || generation !== this.generation) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Call before reading from the database; pass the answer to `put`. */
  begin(): number {
    return this.generation;
  }

  put(key: string, value: V, generation: number, now = Date.now()): void {
    if (!this.live || generation !== this.generation) return;
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: now + this.options.ttlMs });
  }

  flush(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
