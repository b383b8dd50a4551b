import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CHANNEL_TYPES, type ChannelType } from '../channels/registry';
import { oneOf } from '../database/checks';
import { CreatedAt, IdColumn, RefColumn, UpdatedAt } from '../database/columns';
import { MonitorEntity } from '../monitors/monitor.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/**
 * The provider kinds (SPEC §2.5), in the order of channels/registry.ts, which the database check
 * lists: a new kind there needs a migration of ck_notification_channels_provider.
 */
export const NOTIFICATION_PROVIDERS = CHANNEL_TYPES;
export type NotificationProvider = ChannelType;

/**
 * A notification channel. Non-sensitive settings live in `config`; credentials (webhook URLs,
 * integration keys, API keys, tokens) are sealed with the server's SECRET_KEY in `secrets_sealed`.
 */
@Entity('notification_channels')
@Check('ck_notification_channels_provider', oneOf('provider_type', NOTIFICATION_PROVIDERS))
export class NotificationChannelEntity {
  @IdColumn()
  id!: string;

  @Index('ix_notification_channels_workspace')
  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 256, default: '' })
  name!: string;

  @Column({ type: 'varchar', length: 32 })
  providerType!: NotificationProvider;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  config!: Record<string, unknown>;

  @Column({ type: 'text', nullable: true })
  secretsSealed!: string | null;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
}

@Entity('notification_channel_monitors')
export class NotificationChannelMonitorEntity {
  @PrimaryColumn({ type: 'bigint' })
  channelId!: string;

  @Index('ix_notification_channel_monitors_monitor')
  @PrimaryColumn({ type: 'bigint' })
  monitorId!: string;

  @ManyToOne(() => NotificationChannelEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'channel_id' })
  channel?: NotificationChannelEntity;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: MonitorEntity;
}
