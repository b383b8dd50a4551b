import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { oneOf } from '../database/checks';
import { CreatedAt, IdColumn, RefColumn, Timestamp } from '../database/columns';
import { PageComponentEntity } from '../status-pages/page-component.entity';
import { StatusReportEntity } from '../status-reports/status-report.entity';

/** What the sweeper did when the monitor had been down long enough. */
export const AUTO_INCIDENT_OUTCOMES = [
  /** It opened the report (reportId). */
  'opened',
  /** A report was already there (reportId: a person's, or one left open before): none was opened. */
  'existing',
] as const;
export type AutoIncidentOutcome = (typeof AUTO_INCIDENT_OUTCOMES)[number];

/** What happened to an opened report when the monitor recovered. */
export const AUTO_INCIDENT_RESOLUTIONS = [
  /** The sweeper added the `resolved` update. */
  'resolved',
  /** auto_resolve was off: left for a person. */
  'left',
  /** Someone resolved or deleted the report first. */
  'done',
] as const;
export type AutoIncidentResolution = (typeof AUTO_INCIDENT_RESOLUTIONS)[number];

/**
 * One incident of a component's monitor that was down long enough for the component's auto-incident
 * setting. The unique key (component, incident key) is what makes the report open once: the row is
 * inserted in the transaction that opens the report, so a second API node, or a node restarted after a
 * kill -9, finds it there (or waits for it) and opens none.
 */
@Entity('auto_incidents')
@Index('uq_auto_incidents_component_incident', ['componentId', 'incidentKey'], { unique: true })
@Index('ix_auto_incidents_unresolved', ['id'], { where: `"outcome" = 'opened' AND "resolution" IS NULL` })
@Check('ck_auto_incidents_outcome', oneOf('outcome', AUTO_INCIDENT_OUTCOMES))
@Check('ck_auto_incidents_resolution', `"resolution" IS NULL OR ${oneOf('resolution', AUTO_INCIDENT_RESOLUTIONS)}`)
export class AutoIncidentEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  @RefColumn()
  componentId!: string;

  @RefColumn()
  monitorId!: string;

  /** The alert incident's key (alerts/alert-rules.ts): stable from going down until active again. */
  @Column({ type: 'varchar', length: 64 })
  incidentKey!: string;

  /** When the monitor went down. */
  @Timestamp()
  downSince!: Date;

  @Column({ type: 'varchar', length: 16 })
  outcome!: AutoIncidentOutcome;

  @Index('ix_auto_incidents_report')
  @RefColumn({ nullable: true })
  reportId!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  resolution!: AutoIncidentResolution | null;

  @Timestamp({ nullable: true })
  resolvedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @ManyToOne(() => PageComponentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'component_id' })
  component?: PageComponentEntity;

  @ManyToOne(() => StatusReportEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'report_id' })
  report?: StatusReportEntity;
}
