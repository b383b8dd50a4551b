// Failed authentications, AUTH_FAILURE_LIMIT a minute per client network (an IPv4 address or an IPv6
// /64, client-network.ts). The per-credential limit cannot see someone guessing keys — every guess is a
// new credential — and the agent endpoints have no per-credential limit at all; counting failures per
// network covers both. Two kinds of secret, two ways to apply the budget:
//
// - The API surfaces (/rpc, /v1, /mcp, /agent/v1) take secrets the service made at random (API keys,
//   OAuth tokens, private-location tokens; AGENT_TOKEN has 32+ characters), which no rate of guessing
//   finds. Every request is verified as usual and only a failure spends the budget; a failure once the
//   budget is spent is answered 429 instead of 401. A valid credential is never refused: refusing it
//   protected nothing, and behind a proxy without TRUST_PROXY (every client one address) it let anyone
//   stop the API, MCP and every agent for everyone. The answer tells a caller nothing new either: a
//   wrong credential is refused (401 or 429) and a right one works, as below the limit.
// - The dashboard sign-in takes passwords, which can be guessed and cost a scrypt each, so its budgets
//   (per network and per e-mail) are checked before the password is. Its per-network budget is its own:
//   failing API keys, which costs an attacker nothing now, does not close the dashboard.
import { clientNetworkOf } from './client-network';
import { WindowLimit, type RateDecision } from './rate-windows';

/** The body of the 429 answered to a failed authentication over the budget. */
export function tooManyFailuresMessage(decision: RateDecision): string {
  return (
    `Too many failed authentications from this address: at most ${decision.limit} a minute. ` +
    `Retry after ${decision.retryAfterSeconds} s.`
  );
}

export class AuthFailureLimiter extends WindowLimit {
  protected readonly prefix = 'auth-failure';

  /**
   * Counts one failed API authentication from `address`'s network while the budget has room. Not
   * allowed: the budget was already spent in this window, so the failure is answered 429, not 401.
   * Atomic in both stores, so concurrent failures on several nodes never pass the limit.
   */
  async failed(address: string, now = Date.now()): Promise<RateDecision> {
    if (!this.enabled) return this.decision(true, 0, now);
    const key = this.keyOf(`api:${clientNetworkOf(address)}`);
    const { taken, used } = await this.windows.take(key, 1, this.limit, now);
    return this.decision(taken, used, now);
  }

  /**
   * Whether a dashboard sign-in from `address` as `email` (trimmed, lowercased) may still have its
   * password verified in this window: both the network's and the e-mail's budgets must have room.
   */
  async checkSignIn(address: string, email: string, now = Date.now()): Promise<RateDecision> {
    if (!this.enabled) return this.decision(true, 0, now);
    const used = await Promise.all(this.signInKeys(address, email).map((key) => this.windows.used(key, now)));
    const most = Math.max(...used);
    return this.decision(most < this.limit, most, now);
  }

  /** Counts one failed dashboard sign-in against the network and the e-mail. */
  async signInFailed(address: string, email: string, now = Date.now()): Promise<void> {
    if (!this.enabled) return;
    await Promise.all(this.signInKeys(address, email).map((key) => this.windows.add(key, now)));
  }

  private signInKeys(address: string, email: string): string[] {
    return [this.keyOf(`sign-in:${clientNetworkOf(address)}`), this.keyOf(`sign-in-email:${email}`)];
  }
}
