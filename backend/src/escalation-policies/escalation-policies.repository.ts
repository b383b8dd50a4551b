import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { isEntityId } from '../common/ids';
import { Database } from '../database/database';
import { EscalationPolicyEntity, type StoredEscalationStep } from './escalation-policy.entity';

@Injectable()
export class EscalationPoliciesRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  insert(values: Partial<EscalationPolicyEntity>): Promise<EscalationPolicyEntity> {
    const repo = this.db.repo(EscalationPolicyEntity);
    return repo.save(repo.create(values));
  }

  save(entity: EscalationPolicyEntity): Promise<EscalationPolicyEntity> {
    return this.db.repo(EscalationPolicyEntity).save(entity);
  }

  find(workspaceId: string, id: string): Promise<EscalationPolicyEntity | null> {
    if (!isEntityId(id)) return Promise.resolve(null);
    return this.db.repo(EscalationPolicyEntity).findOneBy({ workspaceId, id });
  }

  /** Locks the row for the rest of the transaction, so concurrent updates apply one after the other. */
  async lock(workspaceId: string, id: string): Promise<EscalationPolicyEntity | null> {
    if (!isEntityId(id)) return null;
    return this.db
      .repo(EscalationPolicyEntity)
      .createQueryBuilder('p')
      .setLock('pessimistic_write')
      .where('p.workspace_id = :workspaceId AND p.id = :id', { workspaceId, id })
      .getOne();
  }

  /** Whether the policy is the workspace's, share-locking its row until the transaction ends. */
  async lockShared(workspaceId: string, id: string): Promise<boolean> {
    if (!isEntityId(id)) return false;
    const rows = await this.db.rows<{ id: string }>(
      'SELECT id FROM escalation_policies WHERE workspace_id = $1 AND id = $2 FOR SHARE',
      [workspaceId, id],
    );
    return rows.length > 0;
  }

  count(workspaceId: string): Promise<number> {
    return this.db.repo(EscalationPolicyEntity).countBy({ workspaceId });
  }

  /** Every policy of the workspace, oldest first (at most ESCALATION_POLICY_BOUNDS.policies). */
  list(workspaceId: string): Promise<EscalationPolicyEntity[]> {
    return this.db.repo(EscalationPolicyEntity).find({ where: { workspaceId }, order: { id: 'ASC' } });
  }

  /** The steps of each policy that exists, for alerting (any workspace: the alert names the policy). */
  async stepsOf(policyIds: string[]): Promise<Map<string, StoredEscalationStep[]>> {
    const ids = [...new Set(policyIds.filter(isEntityId))];
    const rows = ids.length ? await this.db.repo(EscalationPolicyEntity).findBy({ id: In(ids) }) : [];
    return new Map(
      rows.map((r) => [r.id, r.steps.map((s) => ({ afterMinutes: s.afterMinutes, channelIds: [...s.channelIds] }))]),
    );
  }

  /**
   * Takes a deleted channel out of every step of the workspace's policies; a step left without a
   * channel stays, empty, for a person to fix. Returns the ids of the policies it changed.
   */
  async removeChannel(workspaceId: string, channelId: string): Promise<string[]> {
    const rows = await this.db.rows<{ id: string }>(
      `UPDATE escalation_policies p
          SET steps = (SELECT jsonb_agg(
                                jsonb_set(s, '{channelIds}',
                                  COALESCE((SELECT jsonb_agg(c ORDER BY n)
                                              FROM jsonb_array_elements(s->'channelIds') WITH ORDINALITY AS e(c, n)
                                             WHERE c <> to_jsonb($2::text)), '[]'::jsonb))
                                ORDER BY o)
                         FROM jsonb_array_elements(p.steps) WITH ORDINALITY AS t(s, o)),
              updated_at = now()
        WHERE p.workspace_id = $1
          AND p.steps @> jsonb_build_array(jsonb_build_object('channelIds', jsonb_build_array($2::text)))
        RETURNING p.id::text AS id`,
      [workspaceId, channelId],
    );
    return rows.map((r) => r.id);
  }

  async delete(policy: EscalationPolicyEntity): Promise<void> {
    await this.db.repo(EscalationPolicyEntity).delete({ id: policy.id });
  }
}
