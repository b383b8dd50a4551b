// Failed authentications per client address (AUTH_FAILURE_LIMIT a minute). The per-credential limit
// cannot see someone guessing keys — every guess is a new credential — and the agent endpoints have
// no per-credential limit at all; counting the 401 answers per address closes both. Over the limit,
// every call from the address is refused before its credential is looked at, until the window ends.
import { WindowLimit, type RateDecision } from './rate-windows';

export class AuthFailureLimiter extends WindowLimit {
  protected readonly prefix = 'auth-failure';

  /** Whether the address may still try to authenticate in this window. */
  async check(address: string, now = Date.now()): Promise<RateDecision> {
    if (!this.enabled) return this.decision(true, 0, now);
    const used = await this.windows.used(this.keyOf(address), now);
    return this.decision(used < this.limit, used, now);
  }

  /** Counts one failed authentication of the address. */
  async record(address: string, now = Date.now()): Promise<void> {
    if (this.enabled) await this.windows.add(this.keyOf(address), now);
  }
}
