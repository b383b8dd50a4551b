import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CertificateInfo, CheckStatus, CheckTrigger, MonitorKind } from '../checks/check-config';
import type { AssertionOutcome, CheckErrorInfo, CheckTimings } from '../checks/check-types';

/**
 * One check of one monitor in one region. HTTP rows are the response logs of SPEC §2.4.
 *
 * The table is range-partitioned by day on cron_timestamp (created by hand in the migration, so
 * the schema diff skips it: synchronize false). Retention drops whole partitions; nothing ever
 * mass-deletes rows. The unique key (monitor, region, trigger, cron_timestamp) makes result pushes
 * idempotent and contains the partition key, as PostgreSQL requires.
 */
@Entity('check_results', { synchronize: false })
export class CheckResultEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'identity' })
  id!: string;

  @PrimaryColumn({ type: 'timestamptz' })
  cronTimestamp!: Date;

  @Column({ type: 'bigint' })
  workspaceId!: string;

  @Column({ type: 'bigint' })
  monitorId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: MonitorKind;

  @Column({ type: 'varchar', length: 64 })
  region!: string;

  @Column({ type: 'varchar', length: 8 })
  trigger!: CheckTrigger;

  @Column({ type: 'varchar', length: 16 })
  status!: CheckStatus;

  /** Milliseconds. */
  @Column({ type: 'integer' })
  latency!: number;

  @Column({ type: 'smallint', nullable: true })
  statusCode!: number | null;

  /** When the check actually ran. */
  @Column({ type: 'timestamptz' })
  timestamp!: Date;

  @Column({ type: 'jsonb', nullable: true })
  timing!: CheckTimings | null;

  @Column({ type: 'text', nullable: true })
  url!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  error!: CheckErrorInfo | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  assertions!: AssertionOutcome[];

  /** Response headers with secrets redacted. */
  @Column({ type: 'jsonb', nullable: true })
  headers!: Record<string, string> | null;

  /** The leaf certificate of the check's TLS handshake; null without one. */
  @Column({ type: 'jsonb', nullable: true })
  certificate!: CertificateInfo | null;

  /** Agent or private location that ran the check. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  runner!: string | null;
}
