import { Column, Entity, Index } from 'typeorm';
import { CreatedAt, IdColumn, RefColumn } from '../database/columns';
import type { AuditActorType } from '../common/context';

/**
 * One mutation (SPEC §2.10, §6), written in the same transaction as the change. Snapshots never
 * contain a secret. No foreign key to workspaces: the log outlives what it describes.
 */
@Entity('audit_logs')
@Index('ix_audit_logs_workspace_time', ['workspaceId', 'createdAt'])
@Index('ix_audit_logs_entity', ['workspaceId', 'entityType', 'entityId'])
export class AuditLogEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  /** `<entity>.<verb>`, e.g. `monitor.create`, `api_key.delete`, `oauth_grant.create`. */
  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ type: 'varchar', length: 64 })
  entityType!: string;

  @Column({ type: 'varchar', length: 64 })
  entityId!: string;

  @Column({ type: 'varchar', length: 16 })
  actorType!: AuditActorType;

  @Column({ type: 'varchar', length: 128 })
  actorId!: string;

  @RefColumn({ nullable: true })
  actorUserId!: string | null;

  /** Transport the call came through (rpc, rest, mcp, cli, ...). */
  @Column({ type: 'varchar', length: 16 })
  via!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  changedFields!: string[];

  @Column({ type: 'jsonb', nullable: true })
  before!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after!: Record<string, unknown> | null;

  @CreatedAt()
  createdAt!: Date;
}
