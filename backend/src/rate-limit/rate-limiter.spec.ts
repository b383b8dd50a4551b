import type { AppConfig } from '../config/config';
import type { Database } from '../database/database';
import { AuthFailureLimiter } from './auth-failure-limiter';
import { RATE_LIMIT_WINDOW_MS, RateLimiter, RateWindows } from './rate-limiter';

describe(RateLimiter.name, () => {
  const config = (perMinute: number, authFailuresPerMinute = 0) =>
    ({ rateLimit: { perMinute, store: 'memory', authFailuresPerMinute } }) as unknown as AppConfig;
  const noDatabase = {} as Database;
  const limiter = (perMinute: number) =>
    new RateLimiter(config(perMinute), new RateWindows(config(perMinute), noDatabase));

  it('allows the limit per credential per window, then refuses with the seconds to the next window', async () => {
    const sut = limiter(2);
    const start = 10 * RATE_LIMIT_WINDOW_MS + 15_000;
    expect(await sut.consume('key:a', 1, start)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await sut.consume('key:a', 1, start + 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await sut.consume('key:a', 1, start + 2)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      retryAfterSeconds: 45,
    });
    expect(await sut.consume('key:b', 1, start + 3)).toMatchObject({ allowed: true });
    expect(await sut.consume('key:a', 1, 11 * RATE_LIMIT_WINDOW_MS)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('charges a batch its full cost, and refuses one the remaining budget cannot cover without spending it', async () => {
    const sut = limiter(10);
    const start = 20 * RATE_LIMIT_WINDOW_MS;
    expect(await sut.consume('key:a', 7, start)).toMatchObject({ allowed: true, remaining: 3 });
    expect(await sut.consume('key:a', 4, start + 1)).toMatchObject({ allowed: false, remaining: 3 });
    expect(await sut.consume('key:a', 3, start + 2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter(5).consume('key:a', 6, start)).toMatchObject({ allowed: false, remaining: 5 });
  });

  it('is off with a limit of 0', () => {
    expect(limiter(0).enabled).toBe(false);
    expect(limiter(1).enabled).toBe(true);
  });
});

describe(AuthFailureLimiter.name, () => {
  const config = { rateLimit: { perMinute: 0, store: 'memory', authFailuresPerMinute: 2 } } as unknown as AppConfig;

  it('refuses an address once it has failed the limit in the window, and only that address', async () => {
    const sut = new AuthFailureLimiter(config, new RateWindows(config, {} as Database));
    const start = 30 * RATE_LIMIT_WINDOW_MS + 50_000;
    expect(await sut.check('10.0.0.1', start)).toMatchObject({ allowed: true });
    await sut.record('10.0.0.1', start);
    await sut.record('10.0.0.1', start + 1);
    expect(await sut.check('10.0.0.1', start + 2)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      retryAfterSeconds: 10,
    });
    expect(await sut.check('10.0.0.2', start + 2)).toMatchObject({ allowed: true });
    expect(await sut.check('10.0.0.1', 31 * RATE_LIMIT_WINDOW_MS)).toMatchObject({ allowed: true });
  });
});
