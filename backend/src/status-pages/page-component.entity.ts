import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { between, oneOf } from '../database/checks';
import { CreatedAt, IdColumn, RefColumn, UpdatedAt } from '../database/columns';
import { MonitorEntity } from '../monitors/monitor.entity';
import { ComponentGroupEntity } from './component-group.entity';
import { StatusPageEntity } from './status-page.entity';

export const COMPONENT_TYPES = ['monitor', 'static'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** Whether a component's monitor opens a status report when down (auto-incidents/): off, as a draft, or published. */
export const AUTO_INCIDENT_MODES = ['off', 'draft', 'published'] as const;
export type AutoIncidentMode = (typeof AUTO_INCIDENT_MODES)[number];
/** Bounds of the auto-incident settings, shared by the validation and the database's checks. */
export const AUTO_INCIDENT_AFTER_MINUTES = { min: 1, max: 1440, default: 5 } as const;
export const AUTO_INCIDENT_TITLE_MAX = 256;
export const AUTO_INCIDENT_MESSAGE_MAX = 2000;
export const AUTO_INCIDENT_TITLE_DEFAULT = '{{component}} is down';
export const AUTO_INCIDENT_MESSAGE_DEFAULT = 'We are investigating an outage of {{component}} since {{since}}.';

/** SPEC §2.7. */
@Entity('page_components')
@Check('ck_page_components_type', oneOf('type', COMPONENT_TYPES))
@Check('ck_page_components_monitor', `"type" <> 'monitor' OR "monitor_id" IS NOT NULL`)
@Check('ck_page_components_auto_incident', oneOf('auto_incident', AUTO_INCIDENT_MODES))
@Check(
  'ck_page_components_auto_incident_after',
  between('auto_incident_after_minutes', AUTO_INCIDENT_AFTER_MINUTES.min, AUTO_INCIDENT_AFTER_MINUTES.max),
)
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

  /** Opt-in: a status report is opened when the monitor has been down autoIncidentAfterMinutes. */
  @Column({ type: 'varchar', length: 16, default: 'off' })
  autoIncident!: AutoIncidentMode;

  @Column({ type: 'integer', default: AUTO_INCIDENT_AFTER_MINUTES.default })
  autoIncidentAfterMinutes!: number;

  /** Whether a published auto-incident (and its resolution) is sent to the page's subscribers. */
  @Column({ type: 'boolean', default: false })
  autoIncidentNotify!: boolean;

  @Column({ type: 'varchar', length: AUTO_INCIDENT_TITLE_MAX, default: AUTO_INCIDENT_TITLE_DEFAULT })
  autoIncidentTitle!: string;

  @Column({ type: 'varchar', length: AUTO_INCIDENT_MESSAGE_MAX, default: AUTO_INCIDENT_MESSAGE_DEFAULT })
  autoIncidentMessage!: string;

  /** On recovery, the auto-incident gets its `resolved` update; false leaves the report for a person. */
  @Column({ type: 'boolean', default: true })
  autoResolve!: boolean;

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
