import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RefColumn, Timestamp } from '../database/columns';

/**
 * When a monitor next runs at one location (a public region, or `private-location:<id>`), and who
 * holds the run. Agents claim due rows with FOR UPDATE SKIP LOCKED and hold a lease that expires, so
 * any number of API nodes and agents share the work without a coordinator and a dead agent's run is
 * taken over. Rows exist only for active monitors.
 */
@Entity('monitor_schedules')
@Index('ix_monitor_schedules_due', ['location', 'nextRunAt'])
export class MonitorScheduleEntity {
  @PrimaryColumn({ type: 'bigint' })
  monitorId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  location!: string;

  @RefColumn()
  workspaceId!: string;

  /** The period this row was planned with; a change of periodicity re-plans it. */
  @Column({ type: 'integer' })
  periodMs!: number;

  /** Start of the next slot; slots are aligned to a stable per-monitor offset inside the period. */
  @Timestamp()
  nextRunAt!: Date;

  @Column({ type: 'varchar', length: 128, nullable: true })
  leaseOwner!: string | null;

  @Timestamp({ nullable: true })
  leaseExpiresAt!: Date | null;

  // By name: the schedules sit below the monitors module, whose entity is the target.
  @ManyToOne('MonitorEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: unknown;
}

/** An immediate check asked for with triggerMonitor, one row per location, run once. */
@Entity('check_triggers')
@Index('ix_check_triggers_pending', ['location', 'requestedAt'], { where: 'done_at IS NULL' })
// The trigger limits look up a monitor's latest and pending triggers (schedules/trigger-limits.ts).
@Index('ix_check_triggers_monitor', ['monitorId', 'requestedAt'])
export class CheckTriggerEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'identity' })
  id!: string;

  @RefColumn()
  monitorId!: string;

  @Column({ type: 'varchar', length: 64 })
  location!: string;

  @RefColumn()
  workspaceId!: string;

  @Timestamp()
  requestedAt!: Date;

  @Column({ type: 'varchar', length: 128, nullable: true })
  leaseOwner!: string | null;

  @Timestamp({ nullable: true })
  leaseExpiresAt!: Date | null;

  @Timestamp({ nullable: true })
  doneAt!: Date | null;

  // By name: the schedules sit below the monitors module, whose entity is the target.
  @ManyToOne('MonitorEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: unknown;
}
