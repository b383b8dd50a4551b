// Signing in to the dashboard: with e-mail and password (rate limited), or once with a printed link
// that sets the first password. Failed attempts count per client network (AUTH_FAILURE_LIMIT a minute,
// a budget apart from failed API authentications) and per e-mail (the same limit), and both are
// checked before the password is, so neither many guesses from one place nor a slow spread over many
// addresses at one account goes far (a password, unlike an API key, can be guessed).
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { UnauthorizedError } from '../common/errors';
import { parseInput, singleLine } from '../common/validation';
import { AuthFailureLimiter } from '../rate-limit/auth-failure-limiter';
import { UsersService, SIGN_IN_FAILED } from '../users/users.service';
import { Database } from '../database/database';
import { SessionsService } from './sessions/sessions.service';

const signInSchema = z.object({
  email: singleLine(320).refine((s) => s.trim().length > 0, { error: 'is required' }),
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(1024, {
    error: 'must be at most 1024 characters',
  }),
});

export type SignInResult =
  { kind: 'signed-in'; token: string; expiresAt: Date } | { kind: 'throttled'; retryAfterSeconds: number };

@Injectable()
export class SignInService {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(AuthFailureLimiter) private readonly failures: AuthFailureLimiter,
    @Inject(Database) private readonly db: Database,
  ) {}

  /** Signs in with e-mail and password; UnauthorizedError (one message for every cause) when wrong. */
  async signIn(input: { email?: unknown; password?: unknown }, address: string): Promise<SignInResult> {
    const data = parseInput(signInSchema, input);
    const email = data.email.trim().toLowerCase();
    const now = Date.now();
    const budget = await this.failures.checkSignIn(address, email, now);
    if (!budget.allowed) return { kind: 'throttled', retryAfterSeconds: budget.retryAfterSeconds };
    try {
      const user = await this.users.verifyPassword(data.email, data.password);
      const session = await this.sessions.start(user.id);
      return { kind: 'signed-in', ...session };
    } catch (error) {
      if (error instanceof UnauthorizedError) {
        await this.failures.signInFailed(address, email, now);
        throw new UnauthorizedError(SIGN_IN_FAILED);
      }
      throw error;
    }
  }

  async signOut(token: string | undefined): Promise<void> {
    await this.sessions.end(token);
  }

  /**
   * Uses a one-time link: sets the user's password and signs them in. The password is checked before
   * the link is used up, so a refused password leaves the link working; the link and the password
   * change commit together.
   */
  async redeemLink(token: unknown, password: unknown): Promise<{ token: string; expiresAt: Date }> {
    const linkToken = typeof token === 'string' ? token : undefined;
    await this.sessions.checkSignInLink(linkToken);
    const userId = await this.db.transaction(async () => {
      const id = await this.sessions.consumeSignInLink(linkToken);
      await this.users.setPassword({ actor: { type: 'user', userId: id }, scope: 'write', via: 'dashboard' }, id, {
        password,
      });
      return id;
    });
    // Other sessions of the user (if any) end with the new password.
    await this.sessions.endAllOf(userId);
    return this.sessions.start(userId);
  }
}
