import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { AuditLogEntity } from './audit-log.entity';

export interface AuditListQuery {
  workspaceId: string;
  since: Date;
  entityType?: string;
  entityId?: string;
  /** An actor id (key_…, oat_…) or the id of the person behind it. */
  actor?: string;
  limit: number;
  offset: number;
}

@Injectable()
export class AuditRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  async insert(rows: Array<Omit<AuditLogEntity, 'id' | 'createdAt'>>): Promise<void> {
    if (!rows.length) return;
    const repo = this.db.repo(AuditLogEntity);
    await repo.save(rows.map((row) => repo.create(row)));
  }

  async list(query: AuditListQuery): Promise<{ rows: AuditLogEntity[]; total: number }> {
    const qb = this.db
      .repo(AuditLogEntity)
      .createQueryBuilder('a')
      .where('a.workspace_id = :workspaceId', { workspaceId: query.workspaceId })
      .andWhere('a.created_at >= :since', { since: query.since });
    if (query.entityType) qb.andWhere('a.entity_type = :entityType', { entityType: query.entityType });
    if (query.entityId) qb.andWhere('a.entity_id = :entityId', { entityId: query.entityId });
    // An actor is a credential (key_…, oat_…) or a person: either names their entries.
    if (query.actor) {
      qb.andWhere('(a.actor_id = :actor OR a.actor_user_id::text = :actor)', { actor: query.actor });
    }
    const [rows, total] = await qb.orderBy('a.id', 'DESC').take(query.limit).skip(query.offset).getManyAndCount();
    return { rows, total };
  }

  findOne(workspaceId: string, id: string): Promise<AuditLogEntity | null> {
    return this.db.repo(AuditLogEntity).findOneBy({ workspaceId, id });
  }
}
