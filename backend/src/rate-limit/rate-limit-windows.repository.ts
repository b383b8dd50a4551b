import { Inject, Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { Database } from '../database/database';
import { RateLimitWindowEntity } from './rate-limit-window.entity';

/** The shared rate-limit store (RATE_LIMIT_STORE=database): one row per hashed key and window. */
@Injectable()
export class RateLimitWindowsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /**
   * Adds `cost` to the key's count in the window if the count stays within `limit`, in one statement
   * so concurrent nodes cannot overshoot. Answers the new count, or null when nothing was added.
   */
  async addWithin(
    window: Pick<RateLimitWindowEntity, 'key' | 'windowStart' | 'expiresAt'>,
    cost: number,
    limit: number,
  ): Promise<number | null> {
    const [row] = await this.db.rows<{ count: number }>(
      `INSERT INTO rate_limit_windows AS w (key, window_start, count, expires_at)
       SELECT $1, $2, $3::int, $4 WHERE $3::int <= $5::int
       ON CONFLICT (key, window_start) DO UPDATE SET count = w.count + EXCLUDED.count
         WHERE w.count + EXCLUDED.count <= $5::int
       RETURNING count`,
      [window.key, window.windowStart, cost, window.expiresAt, limit],
    );
    return row ? row.count : null;
  }

  /** The key's count in the window (0 without a row). */
  async count(key: string, windowStart: Date): Promise<number> {
    const row = await this.db.repo(RateLimitWindowEntity).findOneBy({ key, windowStart });
    return row?.count ?? 0;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.repo(RateLimitWindowEntity).delete({ expiresAt: LessThan(now) });
  }
}
