// Fixed one-minute windows counted per key, in memory (one node) or in the database
// (RATE_LIMIT_STORE=database, so every API node shares the count), and the shape both limits share:
// a limit per window, 0 turning it off, and a decision that says when to retry.
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { hashToken } from '../common/crypto';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { RateLimitWindowsRepository } from './rate-limit-windows.repository';

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
    @Inject(RateLimitWindowsRepository) private readonly repository: RateLimitWindowsRepository,
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
    const count = await this.repository.addWithin(
      { key: hashed, windowStart: new Date(windowStart), expiresAt: new Date(windowStart + 2 * RATE_LIMIT_WINDOW_MS) },
      cost,
      limit,
    );
    await this.sweepDatabase(now);
    if (count !== null) return { taken: true, used: count };
    return { taken: false, used: await this.repository.count(hashed, new Date(windowStart)) };
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
      : this.repository.count(hashed, new Date(windowStart));
  }

  onModuleDestroy(): void {
    this.memory.clear();
  }

  private usedInMemory(hashed: string, windowStart: number): number {
    const entry = this.memory.get(hashed);
    return entry && entry.windowStart === windowStart ? entry.count : 0;
  }

  private sweepMemory(windowStart: number, now: number): void {
    if (now - this.lastSweep <= RATE_LIMIT_WINDOW_MS) return;
    for (const [k, v] of this.memory) if (v.windowStart < windowStart) this.memory.delete(k);
    this.lastSweep = now;
  }

  private async sweepDatabase(now: number): Promise<void> {
    if (now - this.lastSweep <= RATE_LIMIT_WINDOW_MS) return;
    this.lastSweep = now;
    await this.repository.deleteExpired(new Date(now));
  }
}

/**
 * A limit of `limit` counts per key and window (0: off), over the shared windows. The module builds
 * each limit from its configuration.
 */
export abstract class WindowLimit {
  constructor(
    protected readonly windows: RateWindows,
    readonly limit: number,
  ) {}

  /** Namespaces this limit's keys in the shared windows. */
  protected abstract readonly prefix: string;

  get enabled(): boolean {
    return this.limit > 0;
  }

  protected keyOf(subject: string): string {
    return `${this.prefix}:${subject}`;
  }

  /** The answer once the key has `used` counts of the window of `now`. */
  protected decision(allowed: boolean, used: number, now: number): RateDecision {
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - used),
      retryAfterSeconds: retryAfterSecondsAt(now),
    };
  }
}
