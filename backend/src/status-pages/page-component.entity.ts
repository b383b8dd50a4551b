import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { oneOf } from '../database/checks';
import { CreatedAt, IdColumn, RefColumn, UpdatedAt } from '../database/columns';
import { MonitorEntity } from '../monitors/monitor.entity';
import { ComponentGroupEntity } from './component-group.entity';
import { StatusPageEntity } from './status-page.entity';

export const COMPONENT_TYPES = ['monitor', 'static'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** SPEC §2.7. */
@Entity('page_components')
@Check('ck_page_components_type', oneOf('type', COMPONENT_TYPES))
@Check('ck_page_components_monitor', `"type" <> 'monitor' OR "monitor_id" IS NOT NULL`)
export class PageComponentEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  @Index('ix_page_components_page')
  @RefColumn()
  pageId!: string;

  @Column({ type: 'varchar', length: 8 })
  type!: ComponentType;

  @Index('ix_page_components_monitor')
  @RefColumn({ nullable: true })
  monitorId!: string | null;

  @Column({ type: 'varchar', length: 256, default: '' })
  name!: string;

  @Column({ type: 'varchar', length: 1024, default: '' })
  description!: string;

  @Column({ type: 'integer', default: 0 })
  order!: number;

  @RefColumn({ nullable: true })
  groupId!: string | null;

  @Column({ type: 'integer', default: 0 })
  groupOrder!: number;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @ManyToOne(() => StatusPageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'page_id' })
  page?: StatusPageEntity;

  @ManyToOne(() => MonitorEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: MonitorEntity;

  @ManyToOne(() => ComponentGroupEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'group_id' })
  group?: ComponentGroupEntity;
}
