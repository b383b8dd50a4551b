import { Inject, Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { Database } from '../../database/database';
import { DashboardSessionEntity, SignInLinkEntity } from './session.entity';

@Injectable()
export class SessionsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  insertSession(values: Pick<DashboardSessionEntity, 'tokenHash' | 'userId' | 'lastSeenAt' | 'expiresAt'>) {
    const repo = this.db.repo(DashboardSessionEntity);
    return repo.save(repo.create(values));
  }

  findSession(tokenHash: string): Promise<DashboardSessionEntity | null> {
    return this.db.repo(DashboardSessionEntity).findOne({ where: { tokenHash }, relations: { user: true } });
  }

  async touchSession(id: string, at: Date): Promise<void> {
    await this.db.repo(DashboardSessionEntity).update({ id }, { lastSeenAt: at });
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.repo(DashboardSessionEntity).delete({ tokenHash });
  }

  /** Ends every session of a user (a new password signs out everywhere else). */
  async deleteSessionsOf(userId: string): Promise<void> {
    await this.db.repo(DashboardSessionEntity).delete({ userId });
  }

  async deleteExpiredSessions(now: Date): Promise<void> {
    await this.db.repo(DashboardSessionEntity).delete({ expiresAt: LessThan(now) });
  }

  insertLink(values: Pick<SignInLinkEntity, 'tokenHash' | 'userId' | 'expiresAt'>): Promise<SignInLinkEntity> {
    const repo = this.db.repo(SignInLinkEntity);
    return repo.save(repo.create({ ...values, usedAt: null }));
  }

  /** A link still usable at `now`: known, unused, unexpired. */
  findUsableLink(tokenHash: string, now: Date): Promise<SignInLinkEntity | null> {
    return this.db
      .repo(SignInLinkEntity)
      .createQueryBuilder('l')
      .where('l.token_hash = :tokenHash AND l.used_at IS NULL AND l.expires_at > :now', { tokenHash, now })
      .getOne();
  }

  /** Marks the link used and answers its user, in one statement, so two concurrent uses cannot both win. */
  async consumeLink(tokenHash: string, now: Date): Promise<string | null> {
    const rows = await this.db.rows<{ user_id: string }>(
      `UPDATE sign_in_links SET used_at = $2
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
        RETURNING user_id`,
      [tokenHash, now.toISOString()],
    );
    return rows[0] ? String(rows[0].user_id) : null;
  }
}
