// Per-credential rate limits shared by the MCP endpoint and the HTTP APIs (SPEC §7, §8): a fixed
// window of one minute per credential, counted in memory (one node) or in the database
// (RATE_LIMIT_STORE=database, so every API node shares the count). Exceeding it answers HTTP 429
// with Retry-After; nothing else about the request is looked at.
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { hashToken } from '../common/crypto';
import { Database } from '../database/database';

export const RATE_LIMIT_WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

export function windowStartOf(now: number): number {
  return Math.floor(now / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS;
}

export function retryAfterSecondsAt(now: number): number {
  return Math.max(1, Math.ceil((windowStartOf(now) + RATE_LIMIT_WINDOW_MS - now) / 1000));
}

/**
 * Counts per key in fixed one-minute windows, in memory or in the shared table. Keys are stored only
 * as SHA-256 hashes: they are credentials or client addresses.
 */
@Injectable()
export class RateWindows implements OnModuleDestroy {
  private readonly memory = new Map<string, { windowStart: number; count: number }>();
  private lastSweep = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Database) private readonly db: Database,
  ) {}

  /**
   * Adds `cost` to the key's count if the count stays within `limit`; otherwise adds nothing, so a
   * batch that does not fit leaves the rest of the budget for smaller calls. Atomic in both stores.
   */
  async take(key: string, cost: number, limit: number, now: number): Promise<{ taken: boolean; used: number }> {
    const hashed = hashToken(key);
    const windowStart = windowStartOf(now);
    if (this.config.rateLimit.store === 'memory') {
      this.sweepMemory(windowStart, now);
      const used = this.usedInMemory(hashed, windowStart);
      if (used + cost > limit) return { taken: false, used };
      this.memory.set(hashed, { windowStart, count: used + cost });
      return { taken: true, used: used + cost };
    }
    const [row] = await this.db.rows<{ count: number }>(
      `INSERT INTO rate_limit_windows AS w (key, window_start, count, expires_at)
       SELECT $1, $2, $3::int, $4 WHERE $3::int <= $5::int
       ON CONFLICT (key, window_start) DO UPDATE SET count = w.count + EXCLUDED.count
         WHERE w.count + EXCLUDED.count <= $5::int
       RETURNING count`,
      [hashed, new Date(windowStart), cost, new Date(windowStart + 2 * RATE_LIMIT_WINDOW_MS), limit],
    );
    await this.sweepDatabase(now);
    if (row) return { taken: true, used: row.count };
    return { taken: false, used: await this.usedInDatabase(hashed, windowStart) };
  }

  /** Adds one to the key's count, whatever it is (the column is a 32-bit int). */
  async add(key: string, now: number): Promise<void> {
    await this.take(key, 1, 2_147_483_647, now);
  }

  /** The key's count in the current window. */
  async used(key: string, now: number): Promise<number> {
    const hashed = hashToken(key);
    const windowStart = windowStartOf(now);
    return this.config.rateLimit.store === 'memory'
      ? this.usedInMemory(hashed, windowStart)
      : this.usedInDatabase(hashed, windowStart);
  }

  onModuleDestroy(): void {
    this.memory.clear();
  }

  private usedInMemory(hashed: string, windowStart: number): number {
    const entry = this.memory.get(hashed);
    return entry && entry.windowStart === windowStart ? entry.count : 0;
  }

  private async usedInDatabase(hashed: string, windowStart: number): Promise<number> {
    const [row] = await this.db.rows<{ count: number }>(
      'SELECT count FROM rate_limit_windows WHERE key = $1 AND window_start = $2',
      [hashed, new Date(windowStart)],
    );
    return row?.count ?? 0;
  }

  private sweepMemory(windowStart: number, now: number): void {
    if (now - this.lastSweep <= RATE_LIMIT_WINDOW_MS) return;
    for (const [k, v] of this.memory) if (v.windowStart < windowStart) this.memory.delete(k);
    this.lastSweep = now;
  }

  private async sweepDatabase(now: number): Promise<void> {
    if (now - this.lastSweep <= RATE_LIMIT_WINDOW_MS) return;
    this.lastSweep = now;
    await this.db.manager.query('DELETE FROM rate_limit_windows WHERE expires_at < $1', [new Date(now)]);
  }
}

/** The per-credential limit of RATE_LIMIT_PER_MINUTE calls. */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RateWindows) private readonly windows: RateWindows,
  ) {}

  get enabled(): boolean {
    return this.config.rateLimit.perMinute > 0;
  }

  /**
   * Counts `cost` calls of `credential` (as auth/credential.ts read it; only its hash is kept). A cost
   * the remaining budget cannot cover is refused whole.
   */
  async consume(credential: string, cost = 1, now = Date.now()): Promise<RateDecision> {
    const limit = this.config.rateLimit.perMinute;
    const { taken, used } = await this.windows.take(`credential:${credential}`, cost, limit, now);
    return { allowed: taken, limit, remaining: Math.max(0, limit - used), retryAfterSeconds: retryAfterSecondsAt(now) };
  }
}
