import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAt, IdColumn, RefColumn, Timestamp, UpdatedAt } from '../database/columns';
import { PageComponentEntity } from '../status-pages/page-component.entity';
import { StatusPageEntity } from '../status-pages/status-page.entity';

/** A maintenance window on a status page (SPEC §2.10); its state follows from `from` and `to`. */
@Entity('maintenances')
@Check('ck_maintenances_window', '"to" > "from"')
@Index('ix_maintenances_workspace', ['workspaceId', 'id'])
export class MaintenanceEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  @Index('ix_maintenances_page')
  @RefColumn()
  pageId!: string;

  @Column({ type: 'varchar', length: 256 })
  title!: string;

  @Column({ type: 'text', default: '' })
  message!: string;

  @Timestamp()
  from!: Date;

  @Timestamp()
  to!: Date;

  @Timestamp({ nullable: true })
  notifiedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @ManyToOne(() => StatusPageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'page_id' })
  page?: StatusPageEntity;
}

@Entity('maintenance_components')
export class MaintenanceComponentEntity {
  @PrimaryColumn({ type: 'bigint' })
  maintenanceId!: string;

  @Index('ix_maintenance_components_component')
  @PrimaryColumn({ type: 'bigint' })
  componentId!: string;

  @ManyToOne(() => MaintenanceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'maintenance_id' })
  maintenance?: MaintenanceEntity;

  @ManyToOne(() => PageComponentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'component_id' })
  component?: PageComponentEntity;
}
