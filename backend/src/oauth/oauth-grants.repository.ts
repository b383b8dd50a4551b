// Grants and their tokens (tables oauth_grants and oauth_tokens). In a module of its own that imports
// nothing, so the users module can revoke a removed member's connections without an import cycle.
import { Inject, Injectable } from '@nestjs/common';
import { In, IsNull } from 'typeorm';
import type { Scope } from '../common/context';
import { Database } from '../database/database';
import { OAuthGrantEntity, OAuthTokenEntity, type OAuthTokenKind } from './oauth.entities';

export interface NewGrant {
  clientId: string;
  clientName: string;
  userId: string;
  workspaceId: string;
  scope: Scope;
}

@Injectable()
export class OAuthGrantsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  async insertGrant(values: NewGrant): Promise<OAuthGrantEntity> {
    const repo = this.db.repo(OAuthGrantEntity);
    return repo.save(repo.create({ ...values, lastUsedAt: null, revokedAt: null }));
  }

  /**
   * Serializes grant changes of one client and user until the transaction ends, so two codes
   * exchanged at once replace the live grant one after the other (uq_oauth_grants_live holds).
   */
  async lockClientUser(clientId: string, userId: string): Promise<void> {
    await this.db.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`oauth_grant:${clientId}:${userId}`]);
  }

  /** The live grant of a client and user (at most one: uq_oauth_grants_live). */
  findLive(clientId: string, userId: string): Promise<OAuthGrantEntity | null> {
    return this.db.repo(OAuthGrantEntity).findOneBy({ clientId, userId, revokedAt: IsNull() });
  }

  findLiveInWorkspace(workspaceId: string, id: string): Promise<OAuthGrantEntity | null> {
    if (!/^\d{1,19}$/.test(id)) return Promise.resolve(null);
    return this.db.repo(OAuthGrantEntity).findOneBy({ id, workspaceId, revokedAt: IsNull() });
  }

  findWithWorkspace(id: string): Promise<OAuthGrantEntity | null> {
    return this.db.repo(OAuthGrantEntity).findOne({ where: { id }, relations: { workspace: true } });
  }

  /** Live grants of a workspace with the approving users, newest first. */
  listLive(workspaceId: string): Promise<OAuthGrantEntity[]> {
    return this.db.repo(OAuthGrantEntity).find({
      where: { workspaceId, revokedAt: IsNull() },
      relations: { user: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /**
   * Revokes the grants still live among `ids` and every token of theirs; answers the grants this call
   * revoked (a grant someone else revoked first is not answered twice).
   */
  async revoke(ids: string[], now: Date): Promise<OAuthGrantEntity[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.rows<{ id: string }>(
      `UPDATE oauth_grants SET revoked_at = $2 WHERE id = ANY($1::bigint[]) AND revoked_at IS NULL RETURNING id::text AS id`,
      [ids, now],
    );
    const revoked = rows.map((r) => r.id);
    if (revoked.length === 0) return [];
    await this.db.manager.query(
      `UPDATE oauth_tokens SET revoked_at = $2 WHERE grant_id = ANY($1::bigint[]) AND revoked_at IS NULL`,
      [revoked, now],
    );
    return this.db.repo(OAuthGrantEntity).find({ where: { id: In(revoked) }, order: { id: 'ASC' } });
  }

  /** Revokes every live grant (and its tokens) of the user in the workspace; answers them (for audit). */
  async revokeLiveForMember(workspaceId: string, userId: string, now: Date): Promise<OAuthGrantEntity[]> {
    const live = await this.db.repo(OAuthGrantEntity).findBy({ workspaceId, userId, revokedAt: IsNull() });
    return this.revoke(
      live.map((g) => g.id),
      now,
    );
  }

  async insertToken(grantId: string, kind: OAuthTokenKind, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.repo(OAuthTokenEntity).insert({ grantId, kind, tokenHash, expiresAt, revokedAt: null });
  }

  /** A token of either kind by its hash, with its grant and the grant's workspace. */
  findToken(tokenHash: string): Promise<OAuthTokenEntity | null> {
    return this.db.repo(OAuthTokenEntity).findOne({
      where: { tokenHash },
      relations: { grant: { workspace: true } },
    });
  }

  /** Marks a refresh token used (rotated); false when it already was, e.g. by a concurrent refresh. */
  async markTokenUsed(id: string, now: Date): Promise<boolean> {
    const rows = await this.db.rows<{ id: string }>(
      `UPDATE oauth_tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id::text AS id`,
      [id, now],
    );
    return rows.length === 1;
  }
}
