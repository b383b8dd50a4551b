import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { between, maxItems, oneOf } from '../database/checks';
import { CreatedAt, IdColumn, RefColumn, Timestamp, UpdatedAt } from '../database/columns';
import { WorkspaceEntity } from '../workspaces/workspace.entity';
import {
  HTTP_METHODS,
  MONITOR_BOUNDS,
  MONITOR_KINDS,
  MONITOR_STATUSES,
  PERIODICITIES,
  type BodyAssertion,
  type GrpcConfig,
  type HeaderAssertion,
  type HeartbeatConfig,
  type JsonAssertion,
  type HttpMethod,
  type KeyValue,
  type MonitorKind,
  type MonitorStatus,
  type OpenTelemetryConfig,
  type Periodicity,
  type RecordAssertion,
  type Region,
  type StatusCodeAssertion,
  type TimingAssertion,
  type TlsConfig,
} from '../checks/check-config';
import { UNSEALED } from './monitor-secrets';

const B = MONITOR_BOUNDS;

/**
 * One row per monitor of any kind (SPEC §2.1). Kind-specific columns are null for other kinds.
 * Deleting a monitor sets deleted_at: its results age out with their time partitions instead of a
 * mass DELETE.
 */
@Entity('monitors')
@Index('ix_monitors_workspace', ['workspaceId', 'id'])
// GIN over parent_monitor_ids (the children of a parent that goes down), made by its migration:
// TypeORM cannot declare a GIN index.
@Index('ix_monitors_parents', { synchronize: false })
@Check('ck_monitors_kind', oneOf('kind', MONITOR_KINDS))
@Check('ck_monitors_periodicity', oneOf('periodicity', PERIODICITIES))
@Check('ck_monitors_method', oneOf('method', HTTP_METHODS))
@Check('ck_monitors_status', oneOf('status', MONITOR_STATUSES))
@Check('ck_monitors_timeout', between('timeout', 0, B.timeoutMax))
@Check('ck_monitors_retry', between('retry', 0, B.retryMax))
@Check('ck_monitors_alert_quorum', between('alert_quorum', 0, B.alertQuorumMax))
@Check('ck_monitors_failure_threshold', between('failure_threshold', 1, B.failureThresholdMax))
@Check('ck_monitors_failure_seconds', between('failure_seconds', 0, B.failureSecondsMax))
@Check('ck_monitors_recovery_threshold', between('recovery_threshold', 1, B.recoveryThresholdMax))
@Check('ck_monitors_reminder_interval', between('reminder_interval_minutes', 0, B.reminderIntervalMinutesMax))
@Check('ck_monitors_reminder_limit', between('reminder_limit', 1, B.reminderLimitMax))
@Check('ck_monitors_parents', `cardinality("parent_monitor_ids") <= ${B.parentMonitors}`)
@Check('ck_monitors_degraded_at', '"degraded_at" IS NULL OR "degraded_at" >= 0')
@Check(
  'ck_monitors_target',
  `("kind" = 'http' AND "url" IS NOT NULL) OR "kind" = 'heartbeat' OR ("kind" NOT IN ('http', 'heartbeat') AND "uri" IS NOT NULL)`,
)
@Check('ck_monitors_headers', maxItems('headers', B.headers))
@Check('ck_monitors_tags', `cardinality("tags") <= ${B.tags}`)
@Check(
  'ck_monitors_assertions',
  [
    'status_code_assertions',
    'body_assertions',
    'header_assertions',
    'record_assertions',
    'json_assertions',
    'timing_assertions',
  ]
    .map((c) => maxItems(c, B.assertionsPerKind))
    .join(' AND '),
)
@Check('ck_monitors_certificate_expiry_days', `cardinality("certificate_expiry_days") <= ${B.certificateExpiryDays}`)
@Check('ck_monitors_heartbeat', `("kind" = 'heartbeat') = ("heartbeat" IS NOT NULL)`)
@Index('ux_monitors_ping_token_hash', ['pingTokenHash'], { unique: true, where: '"ping_token_hash" IS NOT NULL' })
export class MonitorEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: MonitorKind;

  @Column({ type: 'varchar', length: 256 })
  name!: string;

  @Column({ type: 'varchar', length: 1024, default: '' })
  description!: string;

  /** HTTP target. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  url!: string | null;

  /** TCP `host:port`, DNS domain, ICMP host, gRPC and TLS `host:port`; null for heartbeats. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  uri!: string | null;

  @Column({ type: 'varchar', length: 4 })
  periodicity!: Periodicity;

  @Column({ type: 'varchar', length: 8, default: 'GET' })
  method!: HttpMethod;

  @Column({ type: 'text', default: '' })
  body!: string;

  /** Credential values are sealed in the database (monitor-secrets.ts); the entity holds them plain. */
  @Column({ type: 'jsonb', default: () => "'[]'", transformer: UNSEALED.headers })
  headers!: KeyValue[];

  /** Milliseconds; for ICMP the budget of the whole check. */
  @Column({ type: 'integer', default: 45000 })
  timeout!: number;

  @Column({ type: 'smallint', default: 3 })
  retry!: number;

  /**
   * How many counted locations must be in error (or degraded) for the monitor to alert; 0 means a
   * strict majority. Read by the alert quorum in SQL (check-results repository, ALERT_STATUS).
   */
  @Column({ type: 'integer', default: 0 })
  alertQuorum!: number;

  /**
   * Alerting policy (alerts/alert-policy.ts): consecutive failing aggregate checks, and seconds of
   * failing, before the monitor is down; consecutive healthy checks before it is up again.
   */
  @Column({ type: 'integer', default: 1 })
  failureThreshold!: number;

  @Column({ type: 'integer', default: 0 })
  failureSeconds!: number;

  @Column({ type: 'integer', default: 1 })
  recoveryThreshold!: number;

  /** Reminders while down and unacknowledged: every this many minutes (0: none), at most reminder_limit. */
  @Column({ type: 'integer', default: 0 })
  reminderIntervalMinutes!: number;

  @Column({ type: 'integer', default: 10 })
  reminderLimit!: number;

  /** Whom the alerts reach and when, instead of the wired channels; null: the channels. */
  @RefColumn({ nullable: true })
  escalationPolicyId!: string | null;

  /** The monitors this one depends on (same workspace, no cycles; monitor-alerting.ts), ascending. */
  @Column({ type: 'bigint', array: true, default: () => "'{}'" })
  parentMonitorIds!: string[];

  @Column({ type: 'boolean', default: true })
  followRedirects!: boolean;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  regions!: Region[];

  /** Free labels (at most 20 of 64 characters), kept in the order given; the overview filters by them. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Column({ type: 'boolean', default: false })
  active!: boolean;

  @Column({ type: 'boolean', default: false })
  public!: boolean;

  /** Latency threshold in ms; null means the service computes it from the timeout. */
  @Column({ type: 'integer', nullable: true })
  degradedAt!: number | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  statusCodeAssertions!: StatusCodeAssertion[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  bodyAssertions!: BodyAssertion[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  headerAssertions!: HeaderAssertion[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  recordAssertions!: RecordAssertion[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  jsonAssertions!: JsonAssertion[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  timingAssertions!: TimingAssertion[];

  /** Whether a TLS handshake must verify (chain and name); false accepts any certificate. */
  @Column({ type: 'boolean', default: true })
  tlsVerify!: boolean;

  /** Days before a certificate's not-after at which `certificate.expiring` is sent; empty: never. */
  @Column({ type: 'integer', array: true, default: () => "'{14,7,1}'" })
  certificateExpiryDays!: number[];

  /** `tls` monitors: SNI name and STARTTLS protocol. */
  @Column({ type: 'jsonb', nullable: true })
  tls!: TlsConfig | null;

  /** `heartbeat` monitors: the expected schedule and grace. */
  @Column({ type: 'jsonb', nullable: true })
  heartbeat!: HeartbeatConfig | null;

  /** `heartbeat` monitors: sha256 (hex) of the ping token; the token itself is never stored. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  pingTokenHash!: string | null;

  /** Export header values are sealed in the database, like credential headers. */
  @Column({ type: 'jsonb', nullable: true, transformer: UNSEALED.openTelemetry })
  openTelemetry!: OpenTelemetryConfig | null;

  /** Credential metadata values are sealed in the database, like credential headers. */
  @Column({ type: 'jsonb', nullable: true, transformer: UNSEALED.grpc })
  grpc!: GrpcConfig | null;

  /** Aggregate status across regions, maintained by the check engine. */
  @Column({ type: 'varchar', length: 16, default: 'unknown' })
  status!: MonitorStatus;

  @Timestamp({ nullable: true })
  deletedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
}
