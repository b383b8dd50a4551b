// The rate limits on the shared database store (RATE_LIMIT_STORE=database): the statements of
// RateLimitWindowsRepository are what decides, so the unit spec's rules are checked against them.
import type { AppConfig } from '../../backend/src/config/config';
import { AuthFailureLimiter } from '../../backend/src/rate-limit/auth-failure-limiter';
import { RateLimitWindowsRepository } from '../../backend/src/rate-limit/rate-limit-windows.repository';
import { RateLimiter } from '../../backend/src/rate-limit/rate-limiter';
import { RATE_LIMIT_WINDOW_MS, RateWindows } from '../../backend/src/rate-limit/rate-windows';
import { createTestApp, type TestApp } from '../support/app';

describe(RateLimitWindowsRepository.name, () => {
  let t: TestApp;
  let repository: RateLimitWindowsRepository;
  const databaseWindows = () => new RateWindows({ rateLimit: { store: 'database' } } as AppConfig, repository);

  beforeAll(async () => {
    t = await createTestApp();
    repository = new RateLimitWindowsRepository(t.db);
  });

  afterAll(() => t.close());

  it('charges a batch its full cost and refuses one the budget cannot cover, per credential and window', async () => {
    const sut = new RateLimiter(databaseWindows(), 10);
    const start = 40 * RATE_LIMIT_WINDOW_MS + 15_000;
    expect(await sut.consume('key:a', 7, start)).toMatchObject({ allowed: true, remaining: 3 });
    expect(await sut.consume('key:a', 4, start + 1)).toEqual({
      allowed: false,
      limit: 10,
      remaining: 3,
      retryAfterSeconds: 45,
    });
    expect(await sut.consume('key:a', 3, start + 2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await sut.consume('key:b', 11, start + 3)).toMatchObject({ allowed: false, remaining: 10 });
    expect(await sut.consume('key:a', 1, 41 * RATE_LIMIT_WINDOW_MS)).toMatchObject({ allowed: true, remaining: 9 });
  });

  it('never counts past the limit under concurrent calls (the check and the add are one statement)', async () => {
    const sut = new RateLimiter(databaseWindows(), 5);
    const now = 50 * RATE_LIMIT_WINDOW_MS;
    const decisions = await Promise.all(Array.from({ length: 12 }, () => sut.consume('key:c', 1, now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('refuses an address after the limit of failures, and stores only hashes of the keys', async () => {
    const sut = new AuthFailureLimiter(databaseWindows(), 2);
    const start = 60 * RATE_LIMIT_WINDOW_MS;
    await sut.failed('10.9.9.9', start);
    await sut.failed('10.9.9.9', start + 1);
    expect(await sut.failed('10.9.9.9', start + 2)).toMatchObject({ allowed: false, remaining: 0 });
    expect(await sut.failed('10.9.9.8', start + 2)).toMatchObject({ allowed: true });
    const concurrent = await Promise.all(Array.from({ length: 6 }, () => sut.failed('2001:db8::1', start)));
    expect(concurrent.filter((d) => d.allowed)).toHaveLength(2);
    await sut.signInFailed('10.9.9.9', 'a@example.com', start);
    await sut.signInFailed('10.9.9.7', 'a@example.com', start);
    expect(await sut.checkSignIn('10.9.9.6', 'a@example.com', start + 2)).toMatchObject({ allowed: false });
    const keys: Array<{ key: string }> = await t.db.manager.query('SELECT key FROM rate_limit_windows');
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('deletes the windows that have expired, and only those', async () => {
    const windows = databaseWindows();
    const now = 70 * RATE_LIMIT_WINDOW_MS;
    await windows.add('old', now);
    await windows.add('new', now + 3 * RATE_LIMIT_WINDOW_MS);
    await repository.deleteExpired(new Date(now + 3 * RATE_LIMIT_WINDOW_MS));
    expect(await windows.used('old', now)).toBe(0);
    expect(await windows.used('new', now + 3 * RATE_LIMIT_WINDOW_MS)).toBe(1);
  });
});
