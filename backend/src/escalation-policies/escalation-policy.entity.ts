import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, IdColumn, RefColumn, UpdatedAt } from '../database/columns';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/** One step as stored: the schema (escalation-policy.schemas.ts) bounds and orders them. */
export interface StoredEscalationStep {
  afterMinutes: number;
  channelIds: string[];
}

/**
 * An escalation policy (issue 29): whom an unacknowledged alert reaches, and when. The steps are one
 * jsonb list because they are always read and replaced whole; a channel id in a step is no foreign
 * key, so deleting a channel takes it out of the steps in the same transaction (ChannelDeletion).
 */
@Entity('escalation_policies')
@Index('ix_escalation_policies_workspace', ['workspaceId', 'id'])
export class EscalationPolicyEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 256 })
  name!: string;

  @Column({ type: 'jsonb' })
  steps!: StoredEscalationStep[];

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
}
