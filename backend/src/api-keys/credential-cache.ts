// What a credential (an API key or an OAuth access token) resolved to, kept in process for a few
// seconds so a request does not look its key up again. Safe only while every change that could make
// an entry wrong reaches this process at once: credential-invalidation.ts keeps the cache live only
// while it LISTENs for the database's `credential_changes` notifications, and flushes it on each one,
// on every (re)connect and on every listener error. While not live the cache answers nothing.
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

  /** The cached credential of this hash, while the cache is live and the entry fresh. */
  get(hash: string, now = Date.now()): CachedCredential | undefined {
    if (!this.live) return undefined;
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

  /** Live only while invalidations are known to arrive; either change flushes. */
  setLive(live: boolean): void {
    this.flush();
    this.live = live;
  }

  get isLive(): boolean {
    return this.live;
  }
}
