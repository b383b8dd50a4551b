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
  it('answers the failures of an API network 401 up to the limit and 429 after, until the window ends', async () => {
    const sut = new AuthFailureLimiter(memoryWindows(), 2);
    const start = 30 * RATE_LIMIT_WINDOW_MS + 50_000;
    expect(await sut.failed('10.0.0.1', start)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await sut.failed('10.0.0.1', start + 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await sut.failed('10.0.0.1', start + 2)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      retryAfterSeconds: 10,
    });
    expect(await sut.failed('10.0.0.2', start + 2)).toMatchObject({ allowed: true });
    expect(await sut.failed('10.0.0.1', 31 * RATE_LIMIT_WINDOW_MS)).toMatchObject({ allowed: true });
  });

  it('gives an IPv6 /64 one budget, and an IPv4 address the same one however it is written', async () => {
    const sut = new AuthFailureLimiter(memoryWindows(), 2);
    await sut.failed('2001:db8:1:2::a', 0);
    await sut.failed('2001:db8:1:2:ffff:ffff:ffff:ffff', 0);
    expect(await sut.failed('2001:0db8:0001:0002::b', 0)).toMatchObject({ allowed: false });
    expect(await sut.failed('2001:db8:1:3::a', 0)).toMatchObject({ allowed: true });
    await sut.failed('::ffff:198.51.100.7', 0);
    await sut.failed('::ffff:c633:6407', 0);
    expect(await sut.failed('198.51.100.7', 0)).toMatchObject({ allowed: false });
  });

  it('checks a sign-in against the network and the e-mail, in budgets apart from API failures', async () => {
    const sut = new AuthFailureLimiter(memoryWindows(), 2);
    await sut.failed('10.0.0.1', 0);
    await sut.failed('10.0.0.1', 0);
    expect(await sut.checkSignIn('10.0.0.1', 'a@example.com', 0)).toMatchObject({ allowed: true, remaining: 2 });
    await sut.signInFailed('10.0.0.1', 'a@example.com', 0);
    await sut.signInFailed('10.0.0.2', 'a@example.com', 0);
    // The e-mail's budget is spent from anywhere; the first network's too for any e-mail.
    expect(await sut.checkSignIn('10.0.0.3', 'a@example.com', 0)).toMatchObject({ allowed: false });
    expect(await sut.checkSignIn('10.0.0.1', 'b@example.com', 0)).toMatchObject({ allowed: true, remaining: 1 });
    await sut.signInFailed('10.0.0.1', 'b@example.com', 0);
    expect(await sut.checkSignIn('10.0.0.1', 'c@example.com', 0)).toMatchObject({ allowed: false, remaining: 0 });
    expect(await sut.checkSignIn('10.0.0.4', 'c@example.com', 0)).toMatchObject({ allowed: true });
  });

  it('never refuses, counts nothing and answers limit 0 when off', async () => {
    const windows = memoryWindows();
    const sut = new AuthFailureLimiter(windows, 0);
    expect(await sut.failed('10.0.0.1', 0)).toMatchObject({ allowed: true, limit: 0, remaining: 0 });
    await sut.signInFailed('10.0.0.1', 'a@example.com', 0);
    for (const key of ['auth-failure:api:10.0.0.1', 'auth-failure:sign-in:10.0.0.1']) {
      expect(await windows.used(key, 0)).toBe(0);
    }
    expect(await sut.checkSignIn('10.0.0.1', 'a@example.com', 0)).toMatchObject({ allowed: true, limit: 0 });
  });

  it('does not count in the credential limit of the same subject', async () => {
    const windows = memoryWindows();
    await new AuthFailureLimiter(windows, 5).failed('x', 0);
    expect(await new RateLimiter(windows, 1).consume('x', 1, 1)).toMatchObject({ allowed: true });
  });
});
