import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { oneOf } from '../database/checks';
import { CreatedAt, IdColumn, RefColumn, Timestamp, UpdatedAt } from '../database/columns';
import { PageComponentEntity } from '../status-pages/page-component.entity';
import { StatusPageEntity } from '../status-pages/status-page.entity';

export const STATUS_REPORT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type StatusReportStatus = (typeof STATUS_REPORT_STATUSES)[number];

/** An incident on a status page (SPEC §2.10, §3). Its public timeline is its updates. */
@Entity('status_reports')
@Check('ck_status_reports_status', oneOf('status', STATUS_REPORT_STATUSES))
@Index('ix_status_reports_workspace', ['workspaceId', 'id'])
export class StatusReportEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  @Index('ix_status_reports_page')
  @RefColumn()
  pageId!: string;

  @Column({ type: 'varchar', length: 256 })
  title!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: StatusReportStatus;

  @Timestamp({ nullable: true })
  resolvedAt!: Date | null;

  /**
   * A report not on the public page yet, nor sent to subscribers (an auto-incident opened as a draft);
   * a person publishes it (update with draft false).
   */
  @Column({ type: 'boolean', default: false })
  draft!: boolean;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @ManyToOne(() => StatusPageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'page_id' })
  page?: StatusPageEntity;
}

@Entity('status_report_updates')
@Check('ck_status_report_updates_status', oneOf('status', STATUS_REPORT_STATUSES))
export class StatusReportUpdateEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  @Index('ix_status_report_updates_report')
  @RefColumn()
  reportId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: StatusReportStatus;

  @Column({ type: 'text' })
  message!: string;

  /** When the update happened (may be back-dated by the author). */
  @Timestamp()
  date!: Date;

  /** Set when subscribers were notified of this update. */
  @Timestamp({ nullable: true })
  notifiedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @ManyToOne(() => StatusReportEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'report_id' })
  report?: StatusReportEntity;
}

@Entity('status_report_components')
export class StatusReportComponentEntity {
  @PrimaryColumn({ type: 'bigint' })
  reportId!: string;

  @Index('ix_status_report_components_component')
  @PrimaryColumn({ type: 'bigint' })
  componentId!: string;

  @ManyToOne(() => StatusReportEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'report_id' })
  report?: StatusReportEntity;

  @ManyToOne(() => PageComponentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'component_id' })
  component?: PageComponentEntity;
}
