import { DELIVERY_DEFAULTS, outcomeOf, retryDelayMs } from './alert-delivery.worker';
import type { DeliveryResult } from '../channels/delivery-result';

const failure = (over: Partial<DeliveryResult> = {}): DeliveryResult => ({
  ok: false,
  status: 503,
  response: 'busy',
  retryable: true,
  retryAfterMs: null,
  error: 'receiver answered 503',
  ...over,
});

describe(retryDelayMs.name, () => {
  const settings = { backoffBaseMs: 1_000, backoffMaxMs: 8_000 };

  it('doubles per attempt within 50-100 % jitter, up to the cap', () => {
    expect(retryDelayMs(1, null, settings, () => 1)).toBe(1_000);
    expect(retryDelayMs(1, null, settings, () => 0)).toBe(500);
    expect(retryDelayMs(3, null, settings, () => 1)).toBe(4_000);
    expect(retryDelayMs(10, null, settings, () => 1)).toBe(8_000);
  });

  it('waits at least as long as Retry-After asks', () => {
    expect(retryDelayMs(1, 30_000, settings, () => 1)).toBe(30_000);
    expect(retryDelayMs(4, 10, settings, () => 1)).toBe(8_000);
  });
});

describe(outcomeOf.name, () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const fresh = { attempts: 1, createdAt: now };

  it('records a delivery', () => {
    expect(
      outcomeOf({ ...failure(), ok: true, status: 200, response: 'ok', error: null }, fresh, DELIVERY_DEFAULTS, now),
    ).toEqual({
      status: 'delivered',
      responseStatus: 200,
      response: 'ok',
      lastError: null,
    });
  });

  it('retries a transient failure later', () => {
    const outcome = outcomeOf(failure(), fresh, DELIVERY_DEFAULTS, now, () => 1);
    expect(outcome).toMatchObject({ status: 'pending', lastError: 'receiver answered 503', responseStatus: 503 });
    expect(outcome.retryInMs).toBe(DELIVERY_DEFAULTS.backoffBaseMs);
  });

  it('gives up on a permanent failure, after the last attempt, and past the maximum age', () => {
    expect(outcomeOf(failure({ retryable: false, status: 400 }), fresh, DELIVERY_DEFAULTS, now).status).toBe('failed');
    const last = { attempts: DELIVERY_DEFAULTS.maxAttempts, createdAt: now };
    expect(outcomeOf(failure(), last, DELIVERY_DEFAULTS, now).status).toBe('failed');
    const old = { attempts: 2, createdAt: new Date(now.getTime() - DELIVERY_DEFAULTS.maxAgeMs) };
    expect(outcomeOf(failure(), old, DELIVERY_DEFAULTS, now).status).toBe('failed');
  });
});
