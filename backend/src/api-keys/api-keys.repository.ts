import { Inject, Injectable } from '@nestjs/common';
import { isEntityId } from '../common/ids';
import { Database } from '../database/database';
import { ApiKeyEntity } from './api-key.entity';

@Injectable()
export class ApiKeysRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  insert(values: Omit<ApiKeyEntity, 'id' | 'createdAt' | 'lastUsedAt' | 'revokedAt'>): Promise<ApiKeyEntity> {
    const repo = this.db.repo(ApiKeyEntity);
    return repo.save(repo.create({ ...values, lastUsedAt: null, revokedAt: null }));
  }

  findInWorkspace(workspaceId: string, id: string): Promise<ApiKeyEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(ApiKeyEntity).findOneBy({ workspaceId, id });
  }

  findByPrefix(prefix: string): Promise<ApiKeyEntity | null> {
    return this.db.repo(ApiKeyEntity).findOne({ where: { prefix }, relations: { workspace: true } });
  }

  list(workspaceId: string, includeRevoked: boolean): Promise<ApiKeyEntity[]> {
    const qb = this.db
      .repo(ApiKeyEntity)
      .createQueryBuilder('k')
      .where('k.workspace_id = :workspaceId', { workspaceId });
    if (!includeRevoked) qb.andWhere('k.revoked_at IS NULL');
    return qb.orderBy('k.id', 'DESC').getMany();
  }

  async markRevoked(key: ApiKeyEntity, at: Date): Promise<ApiKeyEntity> {
    await this.db.repo(ApiKeyEntity).update({ id: key.id }, { revokedAt: at });
    return { ...key, revokedAt: at };
  }

  /**
   * Records uses of API keys or OAuth grants in one statement; an older time never overwrites a newer
   * one (another API node may have written since).
   */
  async touchMany(table: 'api_keys' | 'oauth_grants', uses: Array<[id: string, at: Date]>): Promise<void> {
    await this.db.manager.query(
      `UPDATE ${table} AS t SET last_used_at = u.at
         FROM unnest($1::bigint[], $2::timestamptz[]) AS u(id, at)
        WHERE t.id = u.id AND (t.last_used_at IS NULL OR t.last_used_at < u.at)`,
      [uses.map(([id]) => id), uses.map(([, at]) => at.toISOString())],
    );
  }
}
