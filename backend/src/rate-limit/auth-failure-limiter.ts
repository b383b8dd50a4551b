// Failed authentications per client address (AUTH_FAILURE_LIMIT a minute). The per-credential limit
// cannot see someone guessing keys — every guess is a new credential — and the agent endpoints have
// no per-credential limit at all; counting the 401 answers per address closes both. Over the limit,
// every call from the address is refused before its credential is looked at, until the window ends.
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { RateWindows, retryAfterSecondsAt, type RateDecision } from './rate-limiter';

@Injectable()
export class AuthFailureLimiter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RateWindows) private readonly windows: RateWindows,
  ) {}

  get enabled(): boolean {
    return this.config.rateLimit.authFailuresPerMinute > 0;
  }

  /** Whether the address may still try to authenticate in this window. */
  async check(address: string, now = Date.now()): Promise<RateDecision> {
    const limit = this.config.rateLimit.authFailuresPerMinute;
    const used = this.enabled ? await this.windows.used(keyOf(address), now) : 0;
    return {
      allowed: !this.enabled || used < limit,
      limit,
      remaining: Math.max(0, limit - used),
      retryAfterSeconds: retryAfterSecondsAt(now),
    };
  }

  /** Counts one failed authentication of the address. */
  async record(address: string, now = Date.now()): Promise<void> {
    if (this.enabled) await this.windows.add(keyOf(address), now);
  }
}

function keyOf(address: string): string {
  return `auth-failure:${address}`;
}
