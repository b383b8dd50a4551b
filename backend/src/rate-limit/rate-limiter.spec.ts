import type { AppConfig } from '../config/config';
import type { Database } from '../database/database';
import { RATE_LIMIT_WINDOW_MS, RateLimiter } from './rate-limiter';

describe(RateLimiter.name, () => {
  const config = (perMinute: number) => ({ rateLimit: { perMinute, store: 'memory' } }) as unknown as AppConfig;
  const noDatabase = {} as Database;

  it('allows the limit per credential per window, then refuses with the seconds to the next window', async () => {
    const sut = new RateLimiter(config(2), noDatabase);
    const start = 10 * RATE_LIMIT_WINDOW_MS + 15_000;
    expect(await sut.consume('key:a', start)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await sut.consume('key:a', start + 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await sut.consume('key:a', start + 2)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      retryAfterSeconds: 45,
    });
    expect(await sut.consume('key:b', start + 3)).toMatchObject({ allowed: true });
    expect(await sut.consume('key:a', 11 * RATE_LIMIT_WINDOW_MS)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('is off with a limit of 0', () => {
    expect(new RateLimiter(config(0), noDatabase).enabled).toBe(false);
    expect(new RateLimiter(config(1), noDatabase).enabled).toBe(true);
  });
});
