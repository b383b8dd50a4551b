// Pending authorization requests and authorization codes: the short-lived state between
// /oauth/authorize, the consent screen and /oauth/token. Both are found by the hash of their secret.
import { Inject, Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { Database } from '../database/database';
import { OAuthAuthorizationCodeEntity, OAuthAuthorizationRequestEntity } from './oauth.entities';

export type NewAuthorizationRequest = Omit<OAuthAuthorizationRequestEntity, 'id' | 'answeredAt' | 'createdAt'>;
export type NewAuthorizationCode = Omit<OAuthAuthorizationCodeEntity, 'id' | 'consumedAt' | 'grantId' | 'createdAt'>;

/** Expired rows are kept this long (for the replay check), then deleted by the next insert. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class OAuthAuthorizationsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  async insertRequest(values: NewAuthorizationRequest, now: Date): Promise<void> {
    await this.db
      .repo(OAuthAuthorizationRequestEntity)
      .delete({ expiresAt: LessThan(new Date(now.getTime() - KEEP_EXPIRED_MS)) });
    await this.db.repo(OAuthAuthorizationRequestEntity).insert({ ...values, answeredAt: null });
  }

  findRequest(requestHash: string): Promise<OAuthAuthorizationRequestEntity | null> {
    return this.db.repo(OAuthAuthorizationRequestEntity).findOneBy({ requestHash });
  }

  /** Marks a request answered; false when it already was (requests are answered once). */
  async markRequestAnswered(id: string, now: Date): Promise<boolean> {
    const rows = await this.db.rows<{ id: string }>(
      `UPDATE oauth_authorization_requests SET answered_at = $2 WHERE id = $1 AND answered_at IS NULL RETURNING id::text AS id`,
      [id, now],
    );
    return rows.length === 1;
  }

  async insertCode(values: NewAuthorizationCode, now: Date): Promise<void> {
    await this.db
      .repo(OAuthAuthorizationCodeEntity)
      .delete({ expiresAt: LessThan(new Date(now.getTime() - KEEP_EXPIRED_MS)) });
    await this.db.repo(OAuthAuthorizationCodeEntity).insert({ ...values, consumedAt: null, grantId: null });
  }

  /** The code with this hash, locked until the transaction ends, so two exchanges of it take turns. */
  lockCode(codeHash: string): Promise<OAuthAuthorizationCodeEntity | null> {
    return this.db.repo(OAuthAuthorizationCodeEntity).findOne({
      where: { codeHash },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async markCodeConsumed(id: string, grantId: string, now: Date): Promise<void> {
    await this.db.repo(OAuthAuthorizationCodeEntity).update({ id }, { consumedAt: now, grantId });
  }
}
