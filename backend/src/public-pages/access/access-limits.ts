// Limits of the access forms, in the shared rate-limit windows (one minute; in memory or in the
// database per RATE_LIMIT_STORE, so every API node counts together):
// - password attempts per page and client address: over the limit every attempt is refused before the
//   password is checked (scrypt is slow on purpose; guessing is slowed further), until the window ends;
// - sign-in links per address and per client address, so the form cannot be used to flood a mailbox.
import { WindowLimit, type RateDecision, type RateWindows } from '../../rate-limit/rate-windows';

/** Password attempts a client address may make on one page per minute. */
export const PASSWORD_ATTEMPTS_PER_MINUTE = 5;
/** Sign-in links per minute to one address. */
export const ACCESS_MAILS_PER_MINUTE = 3;
/** Sign-in links per minute asked for by one client address (an office behind one NAT asks for many). */
export const ACCESS_MAILS_PER_CLIENT_PER_MINUTE = 20;

/**
 * Every attempt is counted, right or wrong, and taken before the password is checked: the take is
 * atomic in both stores, so parallel guesses cannot run past the limit while their scrypt runs. A
 * person who knows the password needs one attempt, far below the limit.
 */
export class PasswordAttemptLimiter extends WindowLimit {
  protected readonly prefix = 'page-password';

  constructor(windows: RateWindows) {
    super(windows, PASSWORD_ATTEMPTS_PER_MINUTE);
  }

  async take(pageId: string, address: string, now = Date.now()): Promise<RateDecision> {
    const { taken, used } = await this.windows.take(this.keyOf(`${pageId}:${address}`), 1, this.limit, now);
    return this.decision(taken, used, now);
  }
}

export class AccessMailLimiter extends WindowLimit {
  protected readonly prefix = 'page-access-mail';

  constructor(windows: RateWindows) {
    super(windows, ACCESS_MAILS_PER_MINUTE);
  }

  /**
   * Takes one link from the budget of the e-mail address, then from the client address's. A refusal
   * by the second still spends the first: both are small and reset within the minute.
   */
  async take(email: string, client: string, now = Date.now()): Promise<RateDecision> {
    const byEmail = await this.windows.take(this.keyOf(`email:${email}`), 1, this.limit, now);
    if (!byEmail.taken) return this.decision(false, byEmail.used, now);
    const byClient = await this.windows.take(
      this.keyOf(`client:${client}`),
      1,
      ACCESS_MAILS_PER_CLIENT_PER_MINUTE,
      now,
    );
    return this.decision(byClient.taken, byClient.used, now);
  }
}
