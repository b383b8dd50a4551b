import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { RefColumn, Timestamp } from '../database/columns';

/**
 * Results of one monitor in one location over one hour: counts by outcome and a mergeable latency
 * sketch of the successful and degraded checks (checker/latency-sketch.ts). Summaries read these rows
 * instead of scanning results. Kept 45 days (the longest history a status page shows).
 */
@Entity('check_aggregates')
@Index('ix_check_aggregates_monitor_time', ['monitorId', 'bucketStart'])
export class CheckAggregateEntity {
  @PrimaryColumn({ type: 'bigint' })
  monitorId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  region!: string;

  @PrimaryColumn({ type: 'timestamptz' })
  bucketStart!: Date;

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
