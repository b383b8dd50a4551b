// Per-credential rate limits shared by the MCP endpoint and the HTTP APIs (SPEC §7, §8): a fixed
// window of one minute per credential (rate-windows.ts). Exceeding it answers HTTP 429 with
// Retry-After; nothing else about the request is looked at.
import { WindowLimit, type RateDecision } from './rate-windows';

/** The per-credential limit of RATE_LIMIT_PER_MINUTE calls. */
export class RateLimiter extends WindowLimit {
  protected readonly prefix = 'credential';

  /**
   * Counts `cost` calls of `credential` (as auth/credential.ts read it; only its hash is kept). A cost
   * the remaining budget cannot cover is refused whole.
   */
  async consume(credential: string, cost = 1, now = Date.now()): Promise<RateDecision> {
    const { taken, used } = await this.windows.take(this.keyOf(credential), cost, this.limit, now);
    return this.decision(taken, used, now);
  }
}
