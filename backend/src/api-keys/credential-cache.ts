// What a credential (an API key or an OAuth access token) resolved to, kept in process for a few
// seconds so a request does not look its key up again. Safe only while every change that could make
// an entry wrong reaches this process before the entry is used: credential-invalidation.ts keeps the
// cache live only while it LISTENs for the database's `credential_changes` notifications, and flushes
// it on each one, on every (re)connect and on every listener error. While not live the cache answers
// nothing.
//
// A notification travels on its own: the revoking transaction can commit, and its caller send the next
// request to this node, before the notification has arrived here. So a hit is answered only after a
// round trip on the listening connection that started after the lookup began (the "barrier"): the
// server sends every notification committed before that query ahead of the query's answer. Concurrent
// lookups share one round trip, which is far cheaper than each reading its credential.
import { Injectable } from '@nestjs/common';
import type { ServiceContext } from '../common/context';

/** A credential's context without the transport, and when the credential itself expires. */
export interface CachedCredential {
  ctx: Readonly<Omit<ServiceContext, 'via'>>;
  expiresAt: Date | null;
  /** What to record as used: `last_used_at` of this key or grant. */
  usage: { kind: 'api_key' | 'oauth_grant'; id: string };
}

/** Short: the cache saves lookups under load, not across idle minutes. */
export const CREDENTIAL_CACHE_TTL_MS = 10_000;
/** Bounded whatever callers send: the oldest entries go first. */
const MAX_ENTRIES = 10_000;

@Injectable()
export class CredentialCache {
  private readonly entries = new Map<string, { value: CachedCredential; until: number }>();
  private live = false;
  /** Bumped by every flush, so a lookup that started before a revocation never stores its stale answer. */
  private generation = 0;

  private barrier: () => Promise<void> = () => Promise.reject(new Error('not listening'));

  /**
   * The cached credential of this hash, while the cache is live and the entry fresh, once every
   * change committed before this call has been heard (and has flushed the cache if it mattered).
   */
  async get(hash: string, now = Date.now()): Promise<CachedCredential | undefined> {
    if (!this.live || !this.entries.has(hash)) return undefined;
    const generation = this.generation;
    try {
      await this.barrier();
    } catch {
      return undefined;
    }
    if (!this.live || generation !== this.generation) return undefined;
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.value;
  }

  /** Call before reading a credential from the database; pass the answer to `put`. */
  begin(): number {
    return this.generation;
  }

  put(hash: string, value: CachedCredential, generation: number, now = Date.now()): void {
    if (!this.live || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { value, until: now + CREDENTIAL_CACHE_TTL_MS });
  }

  flush(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * Live only while invalidations are known to arrive, with the barrier that proves they have; either
   * change flushes.
   */
  setLive(live: boolean, barrier?: () => Promise<void>): void {
    this.flush();
    this.live = live && barrier !== undefined;
    if (barrier) this.barrier = barrier;
  }

  get isLive(): boolean {
    return this.live;
  }
}
