import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, IdColumn, RefColumn, Timestamp } from '../database/columns';
import type { Scope } from '../common/context';
import { UserEntity } from '../users/user.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/**
 * An API key is stored as a lookup prefix (indexed, not secret) and the SHA-256 of the whole key.
 * The plain key is shown once at creation and exists nowhere else.
 */
@Entity('api_keys')
@Check('ck_api_keys_scope', `"scope" IN ('read', 'write')`)
export class ApiKeyEntity {
  @IdColumn()
  id!: string;

  @Index('ix_api_keys_workspace')
  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 256 })
  name!: string;

  @Index('uq_api_keys_prefix', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  prefix!: string;

  @Column({ type: 'char', length: 64 })
  secretHash!: string;

  /** Fixed at creation (SPEC §5.2 rule 3). */
  @Column({ type: 'varchar', length: 8 })
  scope!: Scope;

  @RefColumn({ nullable: true })
  createdByUserId!: string | null;

  @Timestamp({ nullable: true })
  lastUsedAt!: Date | null;

  @Timestamp({ nullable: true })
  expiresAt!: Date | null;

  @Timestamp({ nullable: true })
  revokedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_user_id' })
  createdBy?: UserEntity;
}
