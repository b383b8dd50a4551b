// Dashboard sessions and one-time sign-in links. A session token is 43 random characters (≈256 bits)
// kept by the browser in an HttpOnly cookie; the database keeps its SHA-256 only, so a leaked table
// signs nobody in. Sessions end after SESSION_IDLE_MS without a request or SESSION_ABSOLUTE_MS after
// sign-in, whichever comes first; signing out deletes the row.
import { Inject, Injectable } from '@nestjs/common';
import { hashToken, randomToken } from '../../common/crypto';
import { NotFoundError } from '../../common/errors';
import type { UserEntity } from '../../users/user.entity';
import { SessionsRepository } from './sessions.repository';

/** A day without a request ends a session: short enough for a shared computer, long enough for a work day. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** Two weeks after sign-in a session ends whatever its use: the password is asked again. */
export const SESSION_ABSOLUTE_MS = 14 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const TOUCH_EVERY_MS = 60_000;
/** A printed sign-in link works once, for a day. */
export const SIGN_IN_LINK_MS = 24 * 60 * 60 * 1000;

const TOKEN_LENGTH = 43;
const TOKEN_SHAPE = /^[A-Za-z0-9]{43}$/;

export interface ActiveSession {
  id: string;
  user: UserEntity;
}

@Injectable()
export class SessionsService {
  constructor(@Inject(SessionsRepository) private readonly sessions: SessionsRepository) {}

  /** Starts a session for the user; answers the token for the cookie (never stored) and its expiry. */
  async start(userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken(TOKEN_LENGTH);
    const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
    await this.sessions.insertSession({ tokenHash: hashToken(token), userId, lastSeenAt: now, expiresAt });
    // Expired rows of everyone go on each sign-in: a cheap sweep with no scheduler.
    await this.sessions.deleteExpiredSessions(now);
    return { token, expiresAt };
  }

  /** The live session of a cookie's token, or null (unknown, idle too long, past its absolute expiry). */
  async resolve(token: string | undefined, now = new Date()): Promise<ActiveSession | null> {
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    const tokenHash = hashToken(token);
    const session = await this.sessions.findSession(tokenHash);
    if (!session?.user) return null;
    const idleSince = now.getTime() - session.lastSeenAt.getTime();
    if (session.expiresAt <= now || idleSince >= SESSION_IDLE_MS) {
      await this.sessions.deleteSession(tokenHash);
      return null;
    }
    if (idleSince >= TOUCH_EVERY_MS) await this.sessions.touchSession(session.id, now);
    return { id: session.id, user: session.user };
  }

  async end(token: string | undefined): Promise<void> {
    if (token && TOKEN_SHAPE.test(token)) await this.sessions.deleteSession(hashToken(token));
  }

  async endAllOf(userId: string): Promise<void> {
    await this.sessions.deleteSessionsOf(userId);
  }

  /** A one-time link token for the user (24 h, single use); the caller builds the URL. */
  async createSignInLink(userId: string, now = new Date()): Promise<string> {
    const token = randomToken(TOKEN_LENGTH);
    await this.sessions.insertLink({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MS),
    });
    return token;
  }

  /** Whether a link can still be used (the page that asks for the new password checks it first). */
  async checkSignInLink(token: string | undefined, now = new Date()): Promise<void> {
    const link = token && TOKEN_SHAPE.test(token) ? await this.sessions.findUsableLink(hashToken(token), now) : null;
    if (!link) throw new NotFoundError('This sign-in link is unknown, expired or already used');
  }

  /** Uses the link up and answers its user; NotFoundError when unknown, expired or already used. */
  async consumeSignInLink(token: string | undefined, now = new Date()): Promise<string> {
    const userId = token && TOKEN_SHAPE.test(token) ? await this.sessions.consumeLink(hashToken(token), now) : null;
    if (!userId) throw new NotFoundError('This sign-in link is unknown, expired or already used');
    return userId;
  }
}
