import type { AppConfig } from '../config/config';
import { AuthFailureLimiter } from './auth-failure-limiter';
import type { RateLimitWindowsRepository } from './rate-limit-windows.repository';
import { RateLimiter } from './rate-limiter';
import { RATE_LIMIT_WINDOW_MS, RateWindows } from './rate-windows';

// The memory store; test/integration/rate-limit-windows.test.ts runs the same limits on the database.
const memoryWindows = () =>
  new RateWindows({ rateLimit: { store: 'memory' } } as AppConfig, {} as RateLimitWindowsRepository);

describe(RateLimiter.name, () => {
  const limiter = (perMinute: number) => new RateLimiter(memoryWindows(), perMinute);

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
  it('refuses an address once it has failed the limit in the window, and only that address', async () => {
    const sut = new AuthFailureLimiter(memoryWindows(), 2);
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

  it('never refuses, counts nothing and answers limit 0 when off', async () => {
    const windows = memoryWindows();
    const sut = new AuthFailureLimiter(windows, 0);
    await sut.record('10.0.0.1', 0);
    expect(await windows.used('auth-failure:10.0.0.1', 0)).toBe(0);
    expect(await sut.check('10.0.0.1', 0)).toMatchObject({ allowed: true, limit: 0, remaining: 0 });
  });

  it('does not count in the credential limit of the same subject', async () => {
    const windows = memoryWindows();
    await new AuthFailureLimiter(windows, 5).record('x', 0);
    expect(await new RateLimiter(windows, 1).consume('x', 1, 1)).toMatchObject({ allowed: true });
  });
});
