import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RefColumn, Timestamp, UpdatedAt } from '../database/columns';
import type { RegionStatus } from '../checks/check-config';

/** Latest judged status of a monitor in one region or private location (SPEC §2.3). */
@Entity('monitor_region_statuses')
export class MonitorRegionStatusEntity {
  @PrimaryColumn({ type: 'bigint' })
  monitorId!: string;

  /** A public region, or `private-location:<id>`. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  region!: string;

  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: RegionStatus;

  @Timestamp()
  lastCheckedAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  // By name: the results sit below the monitors module, whose entity is the target.
  @ManyToOne('MonitorEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: unknown;
}
