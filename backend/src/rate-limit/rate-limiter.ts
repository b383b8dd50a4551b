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

@Injectable()
export class RateLimiter implements OnModuleDestroy {
  private readonly memory = new Map<string, { windowStart: number; count: number }>();
  private lastSweep = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Database) private readonly db: Database,
  ) {}

  get enabled(): boolean {
    return this.config.rateLimit.perMinute > 0;
  }

  /** Counts one call of `credential` (the raw header value; only its hash is kept). */
  async consume(credential: string, now = Date.now()): Promise<RateDecision> {
    const limit = this.config.rateLimit.perMinute;
    const windowStart = Math.floor(now / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS;
    const key = hashToken(credential);
    const count =
      this.config.rateLimit.store === 'database'
        ? await this.countInDatabase(key, windowStart, now)
        : this.countInMemory(key, windowStart, now);
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + RATE_LIMIT_WINDOW_MS - now) / 1000));
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
  }

  onModuleDestroy(): void {
    this.memory.clear();
  }

  private countInMemory(key: string, windowStart: number, now: number): number {
    if (now - this.lastSweep > RATE_LIMIT_WINDOW_MS) {
      for (const [k, v] of this.memory) if (v.windowStart < windowStart) this.memory.delete(k);
      this.lastSweep = now;
    }
    const entry = this.memory.get(key);
    if (!entry || entry.windowStart !== windowStart) {
      this.memory.set(key, { windowStart, count: 1 });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  private async countInDatabase(key: string, windowStart: number, now: number): Promise<number> {
    const [row] = await this.db.rows<{ count: number }>(
      `INSERT INTO rate_limit_windows (key, window_start, count, expires_at) VALUES ($1, $2, 1, $3)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
       RETURNING count`,
      [key, new Date(windowStart), new Date(windowStart + 2 * RATE_LIMIT_WINDOW_MS)],
    );
    if (now - this.lastSweep > RATE_LIMIT_WINDOW_MS) {
      this.lastSweep = now;
      await this.db.manager.query('DELETE FROM rate_limit_windows WHERE expires_at < $1', [new Date(now)]);
    }
    return row?.count ?? 1;
  }
}
