// The alerting outbox. A monitor's alert state (monitor_alert_states) moves with the quorum of its
// locations; each move is recorded (alert_transitions) and, when it alerts, fans out into one row per
// wired channel (alert_deliveries), all in the transaction that ingested the results. The delivery
// worker sends the rows; nothing is sent from the ingest path itself, so a slow receiver never slows
// ingest and a crash after the commit loses nothing.
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { CertificateInfo } from '../checks/check-config';
import { oneOf } from '../database/checks';
import { CreatedAt, IdColumn, RefColumn, Timestamp, UpdatedAt } from '../database/columns';
import { MonitorEntity } from '../monitors/monitor.entity';
import { NotificationChannelEntity } from '../notifications/notification-channel.entity';

/** The alert status of a monitor: `unknown` until a location reported. */
export const ALERT_STATUSES = ['unknown', 'active', 'degraded', 'error'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** What a transition tells the channels; a transition that tells nothing has no kind. */
export const ALERT_KINDS = ['down', 'degraded', 'recovered'] as const;
export type TransitionKind = (typeof ALERT_KINDS)[number];

/**
 * What a delivery tells: a transition's kind, or `certificate` (the webhook's `certificate.expiring`),
 * a certificate expiry alert, which moves no status and so has no transition.
 */
export const DELIVERY_KINDS = [...ALERT_KINDS, 'certificate'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/**
 * waiting: a monitor with parents waits out DEPENDENCY_SETTLE_MS (alert-policy.ts) before its down
 * or degraded alert is sent, so a parent that fails in the same round is seen first; the alert clock
 * then makes it pending, or suppressed when a parent is down;
 * pending: waits for `not_before` (or is leased by a worker while `lease_until` is ahead);
 * delivered: the receiver accepted it; failed: out of attempts or a permanent refusal;
 * suppressed: silenced by a maintenance window and made moot by a later transition.
 */
export const DELIVERY_STATUSES = ['waiting', 'pending', 'delivered', 'failed', 'suppressed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Why a delivery was queued: the transition itself; a reminder while still down; an escalation step
 * reached unacknowledged; or `released`: its parent recovered and the monitor is still down.
 */
export const DELIVERY_REASONS = ['transition', 'reminder', 'escalation', 'released'] as const;
export type DeliveryReason = (typeof DELIVERY_REASONS)[number];

/** The latest alert state of a monitor, locked by the ingest that may move it. */
@Entity('monitor_alert_states')
@Check('ck_monitor_alert_states_status', oneOf('status', ALERT_STATUSES))
export class MonitorAlertStateEntity {
  @PrimaryColumn({ type: 'bigint' })
  monitorId!: string;

  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: AlertStatus;

  /** Transitions so far; the next one is seq + 1, so two writers can never record the same one. */
  @Column({ type: 'integer', default: 0 })
  seq!: number;

  /** The open incident (from leaving `active` until recovering), or null. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  incidentKey!: string | null;

  /**
   * Threshold bookkeeping (kept only for monitors with thresholds; alert-policy.ts): the quorum status
   * of the latest round, how many rounds in a row were failing (or healthy) like it, when that run of
   * rounds began, and the latest round counted (the newest check time of the counted locations).
   */
  @Column({ type: 'varchar', length: 16, default: 'unknown' })
  observed!: AlertStatus;

  @Column({ type: 'integer', default: 0 })
  streak!: number;

  @Timestamp({ nullable: true })
  streakSince!: Date | null;

  @Timestamp({ nullable: true })
  lastRound!: Date | null;

  @UpdatedAt()
  updatedAt!: Date;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: MonitorEntity;
}

export interface RegionSnapshot {
  region: string;
  status: 'active' | 'degraded' | 'error';
  error: string | null;
  /** The error's kind; absent from transitions recorded before it was kept. */
  errorKind?: string | null;
  latencyMs: number | null;
}

@Entity('alert_transitions')
@Index('uq_alert_transitions_seq', ['monitorId', 'seq'], { unique: true })
@Check('ck_alert_transitions_kind', `"kind" IS NULL OR ${oneOf('kind', ALERT_KINDS)}`)
export class AlertTransitionEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  monitorId!: string;

  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'integer' })
  seq!: number;

  @Column({ type: 'varchar', length: 16 })
  fromStatus!: AlertStatus;

  @Column({ type: 'varchar', length: 16 })
  toStatus!: AlertStatus;

  /** Null: recorded, not alerted (unknown -> active, error -> degraded). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  kind!: TransitionKind | null;

  @Column({ type: 'varchar', length: 64 })
  incidentKey!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  regions!: RegionSnapshot[];

  /** End of the maintenance window that silenced it, if one did. */
  @Timestamp({ nullable: true })
  silencedUntil!: Date | null;

  /** A parent monitor that was down: the transition's alerts were suppressed for it. */
  @RefColumn({ nullable: true })
  suppressedBy!: string | null;

  /** When the checks first showed the new status (before thresholds held); null: `at`. */
  @Timestamp({ nullable: true })
  since!: Date | null;

  @Timestamp()
  at!: Date;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: MonitorEntity;
}

/**
 * A certificate expiry threshold reached by a certificate of a monitor, one row per monitor,
 * certificate and threshold, inserted with ON CONFLICT DO NOTHING in the ingest transaction: the
 * unique key is what makes the alert go out once, whichever node ingests and however many locations
 * see the certificate. A check that reaches several thresholds at once inserts a row for each and
 * alerts (`alerted`, with deliveries) for the smallest only. Rows live as long as the monitor: a
 * certificate still served after its rows went would alert again.
 */
@Entity('certificate_alerts')
@Index('uq_certificate_alerts_threshold', ['monitorId', 'certificateKey', 'threshold'], { unique: true })
export class CertificateAlertEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  monitorId!: string;

  @RefColumn()
  workspaceId!: string;

  /** sha256 (hex) of the issuer and the serial: a certificate, renewed or not. */
  @Column({ type: 'varchar', length: 64 })
  certificateKey!: string;

  /** Days; the alert said the certificate has at most this many left. */
  @Column({ type: 'integer' })
  threshold!: number;

  @Column({ type: 'integer' })
  daysLeft!: number;

  /** The certificate as the check saw it (CertificateInfo), for the message. */
  @Column({ type: 'jsonb' })
  certificate!: CertificateInfo;

  /** The location whose check saw it first. */
  @Column({ type: 'varchar', length: 64 })
  region!: string;

  /** Whether this row's alert was sent (false: a larger threshold passed in the same check). */
  @Column({ type: 'boolean' })
  alerted!: boolean;

  @Timestamp()
  at!: Date;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: MonitorEntity;
}

@Entity('alert_deliveries')
@Index('uq_alert_deliveries_transition_channel', ['transitionId', 'channelId', 'reason', 'round'], { unique: true })
@Check('ck_alert_deliveries_reason', oneOf('reason', DELIVERY_REASONS))
@Index('uq_alert_deliveries_certificate_channel', ['certificateAlertId', 'channelId'], { unique: true })
@Check('ck_alert_deliveries_status', oneOf('status', DELIVERY_STATUSES))
@Check('ck_alert_deliveries_kind', oneOf('kind', DELIVERY_KINDS))
@Check('ck_alert_deliveries_source', 'num_nonnulls("transition_id", "certificate_alert_id") = 1')
@Index('ix_alert_deliveries_due', ['notBefore', 'id'], { where: "status = 'pending'" })
@Index('ix_alert_deliveries_waiting', ['notBefore'], { where: "status = 'waiting'" })
@Index('ix_alert_deliveries_channel', ['channelId', 'lastAttemptAt'])
@Index('ix_alert_deliveries_monitor', ['monitorId', 'channelId'])
export class AlertDeliveryEntity {
  @IdColumn()
  id!: string;

  /** The transition it tells; null for a certificate alert. */
  @RefColumn({ nullable: true })
  transitionId!: string | null;

  /** The certificate alert it tells; null for a transition. */
  @RefColumn({ nullable: true })
  certificateAlertId!: string | null;

  @RefColumn()
  channelId!: string;

  @RefColumn()
  monitorId!: string;

  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: DeliveryKind;

  @Column({ type: 'varchar', length: 16, default: 'transition' })
  reason!: DeliveryReason;

  /** The reminder's number, or the escalation step's; 0 otherwise. */
  @Column({ type: 'integer', default: 0 })
  round!: number;

  @Column({ type: 'varchar', length: 64 })
  incidentKey!: string;

  /**
   * The alert's event id, sent with every attempt (webhook `event_id` and `X-Alert-Event-Id`, e-mail
   * Message-ID): delivery is at least once, and a receiver drops a repeat by this id. Drawn once, by
   * the INSERT that queues the row (alerts.repository.ts), so retries and the sends of a worker after
   * a crash carry the same one; a uuid rather than the row id, which a restored or rebuilt database
   * hands out again.
   */
  @Column({ type: 'uuid' })
  eventId!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: DeliveryStatus;

  /** Not sent before this time: a retry's backoff, or the end of a maintenance window. */
  @Timestamp()
  notBefore!: Date;

  /** Held by a maintenance window when created. */
  @Column({ type: 'boolean', default: false })
  held!: boolean;

  /** A worker is sending it until then; after, another worker may take it over. */
  @Timestamp({ nullable: true })
  leaseUntil!: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Timestamp({ nullable: true })
  lastAttemptAt!: Date | null;

  /** HTTP status of the last answer, if it was HTTP. */
  @Column({ type: 'integer', nullable: true })
  responseStatus!: number | null;

  /** The start of the last answer's body (never the request, which may carry credentials). */
  @Column({ type: 'text', nullable: true })
  response!: string | null;

  @Column({ type: 'text', nullable: true })
  lastError!: string | null;

  @Timestamp({ nullable: true })
  finishedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @ManyToOne(() => AlertTransitionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'transition_id' })
  transition?: AlertTransitionEntity;

  @ManyToOne(() => CertificateAlertEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'certificate_alert_id' })
  certificateAlert?: CertificateAlertEntity;

  @ManyToOne(() => NotificationChannelEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'channel_id' })
  channel?: NotificationChannelEntity;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: MonitorEntity;
}

export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/**
 * One incident of a monitor, from its confirmed down (or degraded) to its confirmed recovery: what is
 * acknowledged, reminded of and escalated. Opened and resolved by the transitions, in the ingest
 * transaction; the alert clock (alert-clock.ts) sends its reminders and escalation steps when due.
 */
@Entity('alerts')
@Index('uq_alerts_incident', ['incidentKey'], { unique: true })
@Index('ix_alerts_workspace', ['workspaceId', 'id'])
@Index('ix_alerts_monitor', ['monitorId', 'id'])
@Index('ix_alerts_due', ['nextDueAt'], { where: 'next_due_at IS NOT NULL' })
@Check('ck_alerts_state', oneOf('state', ALERT_STATES))
export class AlertEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  monitorId!: string;

  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 64 })
  incidentKey!: string;

  @Column({ type: 'varchar', length: 16, default: 'open' })
  state!: AlertState;

  /** The status that opened it, and the latest. */
  @Column({ type: 'varchar', length: 16 })
  openedStatus!: AlertStatus;

  @Column({ type: 'varchar', length: 16 })
  status!: AlertStatus;

  @Timestamp()
  openedAt!: Date;

  @Timestamp({ nullable: true })
  acknowledgedAt!: Date | null;

  /** Who: a user's e-mail, an API key's name, an OAuth client, `link` for the signed link. */
  @Column({ type: 'varchar', length: 256, nullable: true })
  acknowledgedBy!: string | null;

  @Timestamp({ nullable: true })
  resolvedAt!: Date | null;

  /** While set, the parent monitor that is down: nothing is sent for this alert. */
  @RefColumn({ nullable: true })
  suppressedBy!: string | null;

  /** The escalation policy the monitor used when it opened (null: its channels). */
  @RefColumn({ nullable: true })
  escalationPolicyId!: string | null;

  /** When reminders and escalation count from: the opening, or the release from a parent's outage. */
  @Timestamp()
  clockFrom!: Date;

  @Column({ type: 'integer', default: 0 })
  remindersSent!: number;

  /** Escalation steps reached so far. */
  @Column({ type: 'integer', default: 0 })
  escalationStep!: number;

  /** When the alert clock next looks at it (a reminder or a step due); null: nothing scheduled. */
  @Timestamp({ nullable: true })
  nextDueAt!: Date | null;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id' })
  monitor?: MonitorEntity;
}
