import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAt, IdColumn, RefColumn, Timestamp, UpdatedAt } from '../database/columns';
import { MonitorEntity } from '../monitors/monitor.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/**
 * A self-hosted checker location (SPEC §2.9). The agent token is kept twice: sealed, because the
 * provider reads it back, and as a SHA-256 hash, so an agent is verified by index lookup without
 * decrypting anything.
 */
@Entity('private_locations')
export class PrivateLocationEntity {
  @IdColumn()
  id!: string;

  @Index('ix_private_locations_workspace')
  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 256 })
  name!: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata!: Record<string, string>;

  @Column({ type: 'text' })
  tokenSealed!: string;

  @Index('uq_private_locations_token', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash!: string;

  @Timestamp({ nullable: true })
  lastSeenAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
}

@Entity('private_location_monitors')
export class PrivateLocationMonitorEntity {
  @PrimaryColumn({ type: 'bigint' })
  privateLocationId!: string;

  @Index('ix_private_location_monitors_monitor')
  @PrimaryColumn({ type: 'bigint' })
  monitorId!: string;

  @ManyToOne(() => PrivateLocationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'private_location_id' })
  privateLocation?: PrivateLocationEntity;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: MonitorEntity;
}
