import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { oneOf } from '../database/checks';
import { CreatedAt } from '../database/columns';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import { UserEntity } from './user.entity';

/** A viewer reads everything in the workspace and changes nothing (its dashboard and OAuth access are read-only). */
export const MEMBER_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

@Entity('memberships')
@Check('ck_memberships_role', oneOf('role', MEMBER_ROLES))
export class MembershipEntity {
  @PrimaryColumn({ type: 'bigint' })
  workspaceId!: string;

  @Index('ix_memberships_user')
  @PrimaryColumn({ type: 'bigint' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: MemberRole;

  @CreatedAt()
  createdAt!: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;
}
