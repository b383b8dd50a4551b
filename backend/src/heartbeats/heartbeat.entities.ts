import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { oneOf } from '../database/checks';
import { RefColumn, Timestamp, UpdatedAt } from '../database/columns';
import type { HeartbeatConfig } from '../checks/check-config';
import { PING_KINDS, type PingKind } from './ping-kinds';

/**
 * Where a heartbeat monitor stands: one row per heartbeat monitor, written by the ping path, the
 * sweeper and the monitor-change hook, each under the row's lock. The schedule and activity are the
 * monitor's, copied by the hook in the monitor's save transaction, so the sweeper judges from this row
 * alone. `due_at` is the next deadline (heartbeat-schedule.ts deadlineOf); null when paused.
 */
@Entity('heartbeat_states')
@Index('ix_heartbeat_states_due', ['dueAt'], { where: '"due_at" IS NOT NULL' })
export class HeartbeatStateEntity {
  @PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: 'pk_heartbeat_states' })
  monitorId!: string;

  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'jsonb' })
  config!: HeartbeatConfig;

  @Column({ type: 'boolean' })
  active!: boolean;

  /** The next expected ping; null when none is (a cron expression that never fires). */
  @Timestamp({ nullable: true })
  expectedAt!: Date | null;

  /** The start of a run not finished yet. */
  @Timestamp({ nullable: true })
  startedAt!: Date | null;

  @Timestamp({ nullable: true })
  dueAt!: Date | null;

  @Timestamp({ nullable: true })
  lastPingAt!: Date | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  lastPingKind!: PingKind | null;

  @Timestamp({ nullable: true })
  lastSuccessAt!: Date | null;

  @UpdatedAt()
  updatedAt!: Date;

  // By name: heartbeats sit above the monitors module, whose entity is the target.
  @ManyToOne('MonitorEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id', foreignKeyConstraintName: 'fk_heartbeat_states_monitor' })
  monitor?: unknown;
}

/**
 * One ping as received: kept RESULT_RETENTION_DAYS (14 days), forgotten in bounded batches by the
 * retention maintenance. The body is the first HEARTBEAT_BOUNDS.bodyBytes of the request's.
 */
@Entity('heartbeat_pings')
@Index('ix_heartbeat_pings_monitor', ['monitorId', 'id'])
@Index('ix_heartbeat_pings_received', ['receivedAt'])
@Index('ix_heartbeat_pings_pending', ['monitorId', 'id'], { where: '"applied_at" IS NULL' })
@Check('ck_heartbeat_pings_kind', oneOf('kind', PING_KINDS))
export class HeartbeatPingEntity {
  @PrimaryGeneratedColumn('identity', {
    type: 'bigint',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'pk_heartbeat_pings',
  })
  id!: string;

  @RefColumn()
  monitorId!: string;

  @RefColumn()
  workspaceId!: string;

  @Timestamp()
  receivedAt!: Date;

  @Column({ type: 'varchar', length: 8 })
  kind!: PingKind;

  @Column({ type: 'smallint', nullable: true })
  exitCode!: number | null;

  /** Milliseconds from the run's `/start` to this ping; null without a start. */
  @Column({ type: 'integer', nullable: true })
  durationMs!: number | null;

  @Column({ type: 'varchar', length: 8 })
  method!: string;

  /** The client address (X-Forwarded-For only from proxies TRUST_PROXY names). */
  @Column({ type: 'varchar', length: 64 })
  source!: string;

  @Column({ type: 'varchar', length: 512, default: '' })
  userAgent!: string;

  @Column({ type: 'text', default: '' })
  body!: string;

  /** Whether the body was longer than what is kept. */
  @Column({ type: 'boolean', default: false })
  bodyTruncated!: boolean;

  /**
   * When the materializer applied the ping to its monitor's state (HeartbeatsService.applyPending);
   * null while pending. The intake stores a ping pending, so a 200 costs one statement; until it is
   * applied, its received_at is its arrival and its duration null.
   */
  @Timestamp({ nullable: true })
  appliedAt!: Date | null;
}
