import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { RefColumn, Timestamp } from '../database/columns';

/**
 * Results of one monitor in one location over one hour (span `h`) or one UTC day (span `d`): counts by outcome and a mergeable latency
 * sketch of the successful and degraded checks (latency-sketch.ts). Summaries read these rows
 * instead of scanning results: a 14-day summary merges 13 daily rows and at most 24 hourly ones per
 * region. Kept 46 days (the longest history a status page shows).
 */
@Entity('check_aggregates')
@Index('ix_check_aggregates_monitor_time', ['monitorId', 'span', 'bucketStart'])
export class CheckAggregateEntity {
  @PrimaryColumn({ type: 'bigint' })
  monitorId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  region!: string;

  @PrimaryColumn({ type: 'timestamptz' })
  bucketStart!: Date;

  /** `h` for an hour, `d` for a UTC day. */
  @PrimaryColumn({ type: 'char', length: 1 })
  span!: 'h' | 'd';

  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'integer', default: 0 })
  successful!: number;

  @Column({ type: 'integer', default: 0 })
  degraded!: number;

  @Column({ type: 'integer', default: 0 })
  failed!: number;

  @Timestamp({ nullable: true })
  lastPingAt!: Date | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  sketch!: Record<string, number>;
}
