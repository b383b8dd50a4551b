// The one place that reads and writes the alerting tables: alert states, transitions and the delivery
// outbox. What a transition needs to know about its surroundings (the channels wired to the monitor,
// maintenance windows, the monitor's name and pages) comes from the repositories that own those tables.
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { MonitorDeletion } from '../checks/monitor-deletion';
import type { StatusTransition } from '../monitors/monitor-alert-history';
import type { LastDelivery } from '../notifications/delivery-history';
import type { CertificateInfo } from '../checks/check-config';
import type {
  AlertStatus,
  DeliveryKind,
  DeliveryReason,
  DeliveryStatus,
  RegionSnapshot,
  TransitionKind,
} from './alert.entities';
import type { Streak } from './alert-policy';

/** The NOTIFY channel the ingest transaction signals when it queued deliveries due now. */
export const DELIVERY_CHANNEL = 'alert_deliveries';

/** A monitor's alert status and when it began (statusesSince). */
export interface MonitorAlertStatus {
  status: AlertStatus;
  /** When the transition into it was recorded; null before the first. */
  since: Date | null;
  /** The open incident's key, or null when healthy. */
  incidentKey: string | null;
}

/** One transition of a monitor's alert status (statusHistory). */
export interface StatusHistoryEntry {
  monitorId: string;
  from: AlertStatus;
  to: AlertStatus;
  /** Confirmed at (thresholds held). */
  at: Date;
  /** First seen by the checks; downtime counts from here. */
  since: Date;
  incidentKey: string;
}

export interface IncidentTransition {
  from: AlertStatus;
  to: AlertStatus;
  at: Date;
  since: Date;
  suppressedBy: string | null;
}

export interface IncidentDelivery {
  channelId: string;
  kind: DeliveryKind;
  reason: DeliveryReason;
  round: number;
  status: DeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  response: string;
  error: string;
  at: Date;
}

export interface AlertState extends Streak {
  monitorId: string;
  workspaceId: string;
  status: AlertStatus;
  seq: number;
  incidentKey: string | null;
}

export interface NewTransition {
  monitorId: string;
  workspaceId: string;
  seq: number;
  from: AlertStatus;
  to: AlertStatus;
  kind: TransitionKind | null;
  incidentKey: string;
  regions: RegionSnapshot[];
  at: Date;
  /** When the checks first showed the new status (the streak's first round). */
  since: Date;
  /** End of the maintenance window that silences it; null when none does. */
  silencedUntil: Date | null;
  /** A parent monitor that is down: the transition's deliveries are recorded as suppressed. */
  suppressedBy: { id: string; name: string } | null;
  /**
   * For a monitor with parents, none of them down yet: its down or degraded deliveries wait this
   * long (status `waiting`) for a parent failing in the same round; 0: sent as usual.
   */
  waitMs: number;
}

/** A certificate a check of a monitor saw, to be compared with the monitor's expiry thresholds. */
export interface SeenCertificate {
  monitorId: string;
  workspaceId: string;
  region: string;
  /** certificateKey of certificate-alerts.ts: the same for the same issuer and serial. */
  certificateKey: string;
  certificate: CertificateInfo;
}

/** A threshold a certificate reached for the first time (a row of certificate_alerts). */
export interface ReachedThreshold {
  id: string;
  monitorId: string;
  workspaceId: string;
  certificateKey: string;
  threshold: number;
}

/** What a certificate alert's delivery tells: the certificate, the threshold and where it was seen. */
export interface CertificateAlertFacts {
  certificate: CertificateInfo;
  threshold: number;
  region: string;
}

export interface ClaimedDelivery {
  id: string;
  channelId: string;
  monitorId: string;
  workspaceId: string;
  kind: DeliveryKind;
  incidentKey: string;
  /** Stored with the row: the same on every attempt, whichever worker makes it. */
  eventId: string;
  attempts: number;
  createdAt: Date;
  transitionAt: Date;
  regions: RegionSnapshot[];
  /** With kind `certificate`; null otherwise. */
  certificate: CertificateAlertFacts | null;
  reason: DeliveryReason;
  round: number;
  /** The incident's alert while open (not acknowledged, not resolved): the message links to it. */
  openAlertId: string | null;
}

export interface DeliveryOutcome {
  status: DeliveryStatus;
  /** For a retry: how long from now (the database's clock) to wait. */
  retryInMs?: number;
  responseStatus: number | null;
  response: string | null;
  lastError: string | null;
}

const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

@Injectable()
export class AlertsRepository {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MonitorDeletion) deletion: MonitorDeletion,
  ) {
    // A deleted monitor alerts no more: what it had queued is dropped.
    deletion.onDelete((monitorId) => this.dropPending(monitorId));
  }

  /**
   * The alert states of the monitors, created `unknown` when missing, locked in id order until the
   * transaction ends: ingests of the same monitor on two nodes judge its transitions one after the other.
   */
  async lockStates(
    monitors: ReadonlyArray<{ monitorId: string; workspaceId: string }>,
  ): Promise<Map<string, AlertState>> {
    if (!monitors.length) return new Map();
    const monitorIds = monitors.map((m) => m.monitorId);
    await this.db.rows(
      `INSERT INTO monitor_alert_states (monitor_id, workspace_id, status, seq, updated_at)
       SELECT m.id, m.workspace_id, 'unknown', 0, now() FROM unnest($1::bigint[], $2::bigint[]) AS m(id, workspace_id)
       ON CONFLICT (monitor_id) DO NOTHING`,
      [monitorIds, monitors.map((m) => m.workspaceId)],
    );
    const rows = await this.db.rows<{
      monitor_id: string;
      workspace_id: string;
      status: AlertStatus;
      seq: number;
      incident_key: string | null;
      observed: AlertStatus;
      streak: number;
      streak_since: Date | string | null;
      last_round: Date | string | null;
    }>(
      `SELECT monitor_id::text AS monitor_id, workspace_id::text AS workspace_id, status, seq, incident_key,
              observed, streak, streak_since, last_round
         FROM monitor_alert_states WHERE monitor_id = ANY($1::bigint[]) ORDER BY monitor_id FOR UPDATE`,
      [monitorIds],
    );
    return new Map(
      rows.map((r) => [
        r.monitor_id,
        {
          monitorId: r.monitor_id,
          workspaceId: r.workspace_id,
          status: r.status,
          seq: Number(r.seq),
          incidentKey: r.incident_key,
          observed: r.observed,
          streak: Number(r.streak),
          streakSince: r.streak_since ? date(r.streak_since) : null,
          lastRound: r.last_round ? date(r.last_round) : null,
        },
      ]),
    );
  }

  /** Stores the threshold counting of monitors that have thresholds (one statement for all). */
  async saveStreaks(rows: ReadonlyArray<{ monitorId: string; streak: Streak }>): Promise<void> {
    if (!rows.length) return;
    await this.db.rows(
      `UPDATE monitor_alert_states s SET observed = u.observed, streak = u.streak, streak_since = u.since, last_round = u.round
         FROM unnest($1::bigint[], $2::text[], $3::int[], $4::timestamptz[], $5::timestamptz[])
           AS u(monitor_id, observed, streak, since, round)
        WHERE s.monitor_id = u.monitor_id`,
      [
        rows.map((r) => r.monitorId),
        rows.map((r) => r.streak.observed),
        rows.map((r) => r.streak.streak),
        rows.map((r) => r.streak.streakSince),
        rows.map((r) => r.streak.lastRound),
      ],
    );
  }

  /**
   * Records a transition and moves the state; when it alerts, queues one delivery per channel wired
   * to the monitor. A silenced transition's deliveries wait until the window ends. A newer transition
   * replaces the deliveries a window still holds for the same monitor and channel (marked
   * `suppressed`): at the window's end only the latest news goes out, and a recovery whose incident
   * never reached a channel is suppressed too (both dropped). `channelIds`: the channels wired to the
   * monitor. Answers how many deliveries are due now.
   */
  async recordTransition(
    t: NewTransition,
    openIncident: string | null,
    channelIds: string[],
  ): Promise<{ id: string; due: number } | null> {
    await this.db.rows(
      'UPDATE monitor_alert_states SET status = $2, seq = $3, incident_key = $4, updated_at = now() WHERE monitor_id = $1',
      [t.monitorId, t.to, t.seq, openIncident],
    );
    const [transition] = await this.db.rows<{ id: string }>(
      `INSERT INTO alert_transitions (monitor_id, workspace_id, seq, from_status, to_status, kind, incident_key, regions, silenced_until, suppressed_by, since, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12)
       ON CONFLICT (monitor_id, seq) DO NOTHING
       RETURNING id::text AS id`,
      [
        t.monitorId,
        t.workspaceId,
        t.seq,
        t.from,
        t.to,
        t.kind,
        t.incidentKey,
        JSON.stringify(t.regions),
        t.silencedUntil,
        t.suppressedBy?.id ?? null,
        t.since,
        t.at,
      ],
    );
    if (!transition) return null;
    if (!t.kind) return { id: transition.id, due: 0 };
    // What a window holds, or a dependency wait keeps, is replaced by the newer news.
    await this.db.rows(
      `UPDATE alert_deliveries SET status = 'suppressed', finished_at = now(), lease_until = NULL
        WHERE monitor_id = $1 AND ((status = 'pending' AND held AND attempts = 0) OR status = 'waiting')`,
      [t.monitorId],
    );
    const problem = t.kind !== 'recovered';
    const suppressed = problem && t.suppressedBy ? `suppressed: ${t.suppressedBy.name} is down` : null;
    const waiting = problem && !suppressed && !t.silencedUntil && t.waitMs > 0;
    const inserted = await this.db.rows<{ due: boolean }>(
      `INSERT INTO alert_deliveries (transition_id, channel_id, monitor_id, workspace_id, kind, incident_key, event_id, status, not_before, held, attempts, created_at, last_error, finished_at)
       SELECT $1::bigint, l.channel_id, $2::bigint, $3::bigint, $4::text, $5::text, gen_random_uuid(), x.status,
              CASE WHEN $9::boolean THEN now() + make_interval(secs => $10::double precision / 1000)
                   ELSE COALESCE($6::timestamptz, now()) END,
              $6::timestamptz IS NOT NULL, 0, now(), $8::text, CASE WHEN x.status = 'suppressed' THEN now() END
         FROM unnest($7::bigint[]) AS l(channel_id)
        CROSS JOIN LATERAL (SELECT CASE
                WHEN $8::text IS NOT NULL THEN 'suppressed'
                WHEN $4::text = 'recovered' AND NOT EXISTS (
                     SELECT 1 FROM alert_deliveries e
                      WHERE e.channel_id = l.channel_id AND e.monitor_id = $2::bigint AND e.incident_key = $5::text
                        AND e.kind <> 'recovered' AND e.status NOT IN ('suppressed', 'waiting')) THEN 'suppressed'
                WHEN $9::boolean THEN 'waiting'
                ELSE 'pending' END AS status) x
       ON CONFLICT (transition_id, channel_id, reason, round) DO NOTHING
       RETURNING status = 'pending' AND NOT held AS due`,
      [
        transition.id,
        t.monitorId,
        t.workspaceId,
        t.kind,
        t.incidentKey,
        t.silencedUntil,
        channelIds,
        suppressed,
        waiting,
        t.waitMs,
      ],
    );
    const due = inserted.filter((r) => r.due).length;
    if (due) await this.db.rows('SELECT pg_notify($1, $2)', [DELIVERY_CHANNEL, t.monitorId]);
    return { id: transition.id, due };
  }

  /**
   * Queues deliveries of an open alert's latest transition outside the transition itself: a reminder
   * (round n), an escalation step (round k), or the alert released when its parents recovered. Due at
   * once (the database's clock: `now`, the time the caller judged by, may be a test's), or after
   * `waitMs` as `waiting` (a released alert waits for the monitor's own recovery in the same
   * round, which would make it moot); the key (transition, channel, reason, round) makes a retried clock queue nothing twice.
   * Answers how many were queued.
   */
  async queueFollowUp(
    f: {
      transitionId: string;
      monitorId: string;
      workspaceId: string;
      kind: DeliveryKind;
      incidentKey: string;
      reason: 'reminder' | 'escalation' | 'released';
      round: number;
    },
    channelIds: string[],
    waitMs = 0,
  ): Promise<number> {
    if (!channelIds.length) return 0;
    const inserted = await this.db.rows<{ id: string }>(
      `INSERT INTO alert_deliveries (transition_id, channel_id, monitor_id, workspace_id, kind, incident_key, reason, round, event_id, status, not_before, held, attempts, created_at)
       SELECT $1::bigint, l.channel_id, $2::bigint, $3::bigint, $4::text, $5::text, $6::text, $7::int, gen_random_uuid(),
              CASE WHEN $9::double precision > 0 THEN 'waiting' ELSE 'pending' END,
              now() + make_interval(secs => $9::double precision / 1000), false, 0, now()
         FROM unnest($8::bigint[]) AS l(channel_id)
       ON CONFLICT (transition_id, channel_id, reason, round) DO NOTHING
       RETURNING id::text AS id`,
      [f.transitionId, f.monitorId, f.workspaceId, f.kind, f.incidentKey, f.reason, f.round, channelIds, waitMs],
    );
    if (inserted.length && waitMs <= 0) await this.db.rows('SELECT pg_notify($1, $2)', [DELIVERY_CHANNEL, f.monitorId]);
    return waitMs > 0 ? 0 : inserted.length;
  }

  /** An incident's transitions and deliveries, oldest first, at most `limit` of each. */
  async incidentHistory(
    incidentKey: string,
    limit: number,
  ): Promise<{ transitions: IncidentTransition[]; deliveries: IncidentDelivery[] }> {
    const transitions = await this.db.rows<{
      from_status: AlertStatus;
      to_status: AlertStatus;
      at: Date | string;
      since: Date | string | null;
      suppressed_by: string | null;
    }>(
      `SELECT from_status, to_status, at, since, suppressed_by::text AS suppressed_by FROM alert_transitions
        WHERE incident_key = $1 ORDER BY seq LIMIT $2`,
      [incidentKey, limit],
    );
    const deliveries = await this.db.rows<{
      channel_id: string;
      kind: DeliveryKind;
      reason: DeliveryReason;
      round: number;
      status: DeliveryStatus;
      attempts: number;
      response_status: number | null;
      response: string | null;
      last_error: string | null;
      at: Date | string;
    }>(
      `SELECT d.channel_id::text AS channel_id, d.kind, d.reason, d.round, d.status, d.attempts, d.response_status, d.response,
              d.last_error, GREATEST(COALESCE(d.last_attempt_at, d.created_at), t.at) AS at
         FROM alert_deliveries d JOIN alert_transitions t ON t.id = d.transition_id
        WHERE d.incident_key = $1 AND d.kind <> 'certificate' ORDER BY d.id LIMIT $2`,
      [incidentKey, limit],
    );
    return {
      transitions: transitions.map((t) => ({
        from: t.from_status,
        to: t.to_status,
        at: date(t.at),
        since: t.since ? date(t.since) : date(t.at),
        suppressedBy: t.suppressed_by,
      })),
      deliveries: deliveries.map((d) => ({
        channelId: d.channel_id,
        kind: d.kind,
        reason: d.reason,
        round: Number(d.round),
        status: d.status,
        attempts: Number(d.attempts),
        responseStatus: d.response_status === null ? null : Number(d.response_status),
        response: d.response ?? '',
        error: d.last_error ?? '',
        at: date(d.at),
      })),
    };
  }

  /**
   * Acknowledged: the reminders and escalation steps of the incident queued and not yet attempted
   * are dropped (marked suppressed, `acknowledged`).
   */
  async dropFollowUps(incidentKey: string): Promise<void> {
    await this.db.rows(
      `UPDATE alert_deliveries SET status = 'suppressed', last_error = 'acknowledged', finished_at = now(), lease_until = NULL
        WHERE incident_key = $1 AND reason IN ('reminder', 'escalation') AND status IN ('pending', 'waiting') AND attempts = 0`,
      [incidentKey],
    );
  }

  /** The id of the incident's latest transition (what follow-ups are about), or null. */
  async latestTransitionOf(incidentKey: string): Promise<string | null> {
    const [row] = await this.db.rows<{ id: string }>(
      `SELECT id::text AS id FROM alert_transitions WHERE incident_key = $1 ORDER BY seq DESC LIMIT 1`,
      [incidentKey],
    );
    return row?.id ?? null;
  }

  /** The channels that heard of the incident's problem (a down or degraded delivery not suppressed). */
  async channelsThatHeard(incidentKey: string): Promise<string[]> {
    const rows = await this.db.rows<{ channel_id: string }>(
      `SELECT DISTINCT channel_id::text AS channel_id FROM alert_deliveries
        WHERE incident_key = $1 AND kind IN ('down', 'degraded') AND status NOT IN ('suppressed', 'waiting')
        ORDER BY 1`,
      [incidentKey],
    );
    return rows.map((r) => r.channel_id);
  }

  /**
   * Marks the down and degraded deliveries that still wait for the monitors' parents as suppressed,
   * with the reason: a parent of theirs just went down. Answers how many.
   */
  async suppressWaiting(monitorIds: string[], reason: string): Promise<number> {
    if (!monitorIds.length) return 0;
    const rows = await this.db.rows<{ id: string }>(
      `UPDATE alert_deliveries SET status = 'suppressed', last_error = $2, finished_at = now()
        WHERE monitor_id = ANY($1::bigint[]) AND status = 'waiting' RETURNING id::text AS id`,
      [monitorIds, reason],
    );
    return rows.length;
  }

  /**
   * Ends the wait of the deliveries whose wait is over: suppressed when a parent of their monitor is
   * down now (its alert status, or the quorum status of its latest round, is error), sent otherwise.
   * Answers the monitors whose deliveries were suppressed, with the parent, and how many became due.
   */
  async releaseWaiting(
    now: Date,
  ): Promise<{ due: number; suppressed: Array<{ monitorId: string; parentId: string }> }> {
    const rows = await this.db.rows<{ monitor_id: string; status: string; parent_id: string | null }>(
      `WITH ready AS (
         SELECT d.id, d.monitor_id,
                (SELECT s.monitor_id FROM monitors m CROSS JOIN LATERAL unnest(m.parent_monitor_ids) AS p(id)
                   JOIN monitor_alert_states s ON s.monitor_id = p.id
                  WHERE m.id = d.monitor_id AND (s.status = 'error' OR s.observed = 'error')
                  ORDER BY s.monitor_id LIMIT 1) AS parent_id
           FROM alert_deliveries d
          WHERE d.status = 'waiting' AND d.not_before <= $1
          ORDER BY d.id LIMIT 1000 FOR UPDATE OF d SKIP LOCKED)
       UPDATE alert_deliveries d
          SET status = CASE WHEN r.parent_id IS NULL THEN 'pending' ELSE 'suppressed' END,
              not_before = now(),
              last_error = CASE WHEN r.parent_id IS NULL THEN NULL
                                ELSE 'suppressed: ' || (SELECT name FROM monitors WHERE id = r.parent_id) || ' is down' END,
              finished_at = CASE WHEN r.parent_id IS NULL THEN NULL ELSE now() END
         FROM ready r WHERE d.id = r.id
       RETURNING d.monitor_id::text AS monitor_id, d.status, r.parent_id::text AS parent_id`,
      [now],
    );
    const due = rows.filter((r) => r.status === 'pending').length;
    if (due) await this.db.rows('SELECT pg_notify($1, $2)', [DELIVERY_CHANNEL, 'released']);
    const suppressed = new Map<string, string>();
    for (const r of rows) if (r.parent_id) suppressed.set(r.monitor_id, r.parent_id);
    return { due, suppressed: [...suppressed].map(([monitorId, parentId]) => ({ monitorId, parentId })) };
  }

  /**
   * The statuses of the given monitors as their dependents see them: down when the alert status or
   * the latest round's quorum status is error (a parent failing is news before its thresholds hold).
   */
  async downAmong(monitorIds: string[]): Promise<string[]> {
    if (!monitorIds.length) return [];
    const rows = await this.db.rows<{ monitor_id: string }>(
      `SELECT monitor_id::text AS monitor_id FROM monitor_alert_states
        WHERE monitor_id = ANY($1::bigint[]) AND (status = 'error' OR observed = 'error') ORDER BY monitor_id`,
      [monitorIds],
    );
    return rows.map((r) => r.monitor_id);
  }

  /**
   * Monitors whose failing streak has reached its count and waits only for its duration, which has
   * now passed: the alert clock judges them again.
   */
  async durationsDue(now: Date): Promise<Array<{ monitorId: string; workspaceId: string }>> {
    const rows = await this.db.rows<{ monitor_id: string; workspace_id: string }>(
      `SELECT s.monitor_id::text AS monitor_id, s.workspace_id::text AS workspace_id
         FROM monitor_alert_states s JOIN monitors m ON m.id = s.monitor_id
        WHERE m.failure_seconds > 0 AND m.deleted_at IS NULL
          AND s.observed IN ('error', 'degraded') AND s.status NOT IN ('error', 'degraded')
          AND s.streak >= m.failure_threshold
          AND s.streak_since + make_interval(secs => m.failure_seconds) <= $1
        ORDER BY s.monitor_id LIMIT 1000`,
      [now],
    );
    return rows.map((r) => ({ monitorId: r.monitor_id, workspaceId: r.workspace_id }));
  }

  /**
   * Records the expiry thresholds (the monitors' certificate_expiry_days, read here with the
   * monitors) that the seen certificates reached and that were not yet recorded for them: one row per
   * monitor, certificate and threshold, ON CONFLICT DO NOTHING, so of two transactions recording the
   * same one the second waits for the first and then records nothing. Rows are inserted in key order,
   * so two such transactions never wait on each other in a cycle. Answers the rows this call inserted.
   */
  async recordThresholds(seen: readonly SeenCertificate[], at: Date): Promise<ReachedThreshold[]> {
    if (!seen.length) return [];
    const rows = await this.db.rows<{
      id: string;
      monitor_id: string;
      workspace_id: string;
      certificate_key: string;
      threshold: number;
    }>(
      `INSERT INTO certificate_alerts (monitor_id, workspace_id, certificate_key, threshold, days_left, certificate, region, alerted, at)
       SELECT DISTINCT ON (c.monitor_id, c.certificate_key, d.threshold)
              c.monitor_id, m.workspace_id, c.certificate_key, d.threshold, c.days_left, c.certificate::jsonb, c.region, false, $6
         FROM unnest($1::bigint[], $2::text[], $3::int[], $4::text[], $5::text[])
           AS c(monitor_id, certificate_key, days_left, certificate, region)
         JOIN monitors m ON m.id = c.monitor_id AND m.deleted_at IS NULL
        CROSS JOIN LATERAL unnest(m.certificate_expiry_days) AS d(threshold)
        WHERE c.days_left <= d.threshold
          AND NOT EXISTS (SELECT 1 FROM certificate_alerts a
                           WHERE a.monitor_id = c.monitor_id AND a.certificate_key = c.certificate_key
                             AND a.threshold = d.threshold)
        ORDER BY c.monitor_id, c.certificate_key, d.threshold, c.days_left
       ON CONFLICT (monitor_id, certificate_key, threshold) DO NOTHING
       RETURNING id::text AS id, monitor_id::text AS monitor_id, workspace_id::text AS workspace_id, certificate_key, threshold`,
      [
        seen.map((s) => s.monitorId),
        seen.map((s) => s.certificateKey),
        seen.map((s) => s.certificate.daysLeft),
        seen.map((s) => JSON.stringify(s.certificate)),
        seen.map((s) => s.region),
        at,
      ],
    );
    return rows.map((r) => ({
      id: r.id,
      monitorId: r.monitor_id,
      workspaceId: r.workspace_id,
      certificateKey: r.certificate_key,
      threshold: Number(r.threshold),
    }));
  }

  /**
   * Marks a reached threshold as the one that alerts and queues one delivery per channel wired to
   * the monitor, due now whatever maintenance window is open: a certificate about to expire is news
   * in a window too, and it moves no status a window would excuse. Answers how many were queued.
   */
  async queueCertificateAlert(reached: ReachedThreshold, incidentKey: string, channelIds: string[]): Promise<number> {
    await this.db.rows('UPDATE certificate_alerts SET alerted = true WHERE id = $1', [reached.id]);
    const inserted = await this.db.rows<{ id: string }>(
      `INSERT INTO alert_deliveries (certificate_alert_id, channel_id, monitor_id, workspace_id, kind, incident_key, event_id, status, not_before, held, attempts, created_at)
       SELECT $1::bigint, l.channel_id, $2::bigint, $3::bigint, 'certificate', $4::text, gen_random_uuid(), 'pending', now(), false, 0, now()
         FROM unnest($5::bigint[]) AS l(channel_id)
       ON CONFLICT (certificate_alert_id, channel_id) DO NOTHING
       RETURNING id::text AS id`,
      [reached.id, reached.monitorId, reached.workspaceId, incidentKey, channelIds],
    );
    if (inserted.length) await this.db.rows('SELECT pg_notify($1, $2)', [DELIVERY_CHANNEL, reached.monitorId]);
    return inserted.length;
  }

  /**
   * Leases up to `limit` due deliveries for `leaseMs` (SKIP LOCKED: two workers never take the same
   * row). A delivery waits while an earlier one of the same monitor and channel is pending, so a
   * channel never hears a recovery before the down it closes; certificate alerts stand apart from
   * that order (they neither wait for a transition a window holds nor hold one back). `busy`
   * channels are skipped: this worker is already sending to them.
   */
  async claim(limit: number, leaseMs: number, busy: string[]): Promise<ClaimedDelivery[]> {
    if (limit <= 0) return [];
    const rows = await this.db.rows<{
      id: string;
      channel_id: string;
      monitor_id: string;
      workspace_id: string;
      kind: DeliveryKind;
      incident_key: string;
      event_id: string;
      attempts: number;
      created_at: Date | string;
      at: Date | string;
      regions: RegionSnapshot[];
      certificate: CertificateInfo | null;
      threshold: number | null;
      certificate_region: string | null;
      reason: DeliveryReason;
      round: number;
      open_alert_id: string | null;
    }>(
      `WITH due AS (
         SELECT d.id FROM alert_deliveries d
          WHERE d.status = 'pending' AND d.not_before <= now()
            AND (d.lease_until IS NULL OR d.lease_until < now())
            AND NOT (d.channel_id = ANY($3::bigint[]))
            AND (d.kind = 'certificate' OR NOT EXISTS (SELECT 1 FROM alert_deliveries e
                             WHERE e.monitor_id = d.monitor_id AND e.channel_id = d.channel_id
                               AND e.status = 'pending' AND e.id < d.id AND e.kind <> 'certificate'))
          ORDER BY d.not_before, d.id
          LIMIT $1 FOR UPDATE SKIP LOCKED),
       leased AS (
         UPDATE alert_deliveries d SET lease_until = now() + make_interval(secs => $2::double precision / 1000),
                attempts = d.attempts + 1, last_attempt_at = now()
           FROM due WHERE d.id = due.id
         RETURNING d.*)
       SELECT l.id::text AS id, l.channel_id::text AS channel_id, l.monitor_id::text AS monitor_id,
              l.workspace_id::text AS workspace_id, l.kind, l.incident_key, l.event_id::text AS event_id,
              l.attempts, l.created_at,
              COALESCE(t.at, c.at) AS at, COALESCE(t.regions, '[]'::jsonb) AS regions,
              c.certificate, c.threshold, c.region AS certificate_region, l.reason, l.round,
              (SELECT a.id::text FROM alerts a WHERE a.incident_key = l.incident_key AND a.state = 'open') AS open_alert_id
         FROM leased l
         LEFT JOIN alert_transitions t ON t.id = l.transition_id
         LEFT JOIN certificate_alerts c ON c.id = l.certificate_alert_id
        ORDER BY l.id`,
      [limit, leaseMs, busy],
    );
    return rows.map((r) => ({
      id: r.id,
      channelId: r.channel_id,
      monitorId: r.monitor_id,
      workspaceId: r.workspace_id,
      kind: r.kind,
      incidentKey: r.incident_key,
      eventId: r.event_id,
      attempts: Number(r.attempts),
      createdAt: date(r.created_at),
      transitionAt: date(r.at),
      regions: r.regions,
      certificate: r.certificate
        ? { certificate: r.certificate, threshold: Number(r.threshold), region: r.certificate_region ?? '' }
        : null,
      reason: r.reason,
      round: Number(r.round),
      openAlertId: r.open_alert_id,
    }));
  }

  /** Records an attempt's outcome: final, or pending again for `retryInMs`. */
  async finish(id: string, outcome: DeliveryOutcome): Promise<void> {
    const final = outcome.status !== 'pending';
    await this.db.rows(
      `UPDATE alert_deliveries
          SET status = $2, lease_until = NULL, response_status = $4, response = $5, last_error = $6,
              not_before = CASE WHEN $3::double precision IS NULL THEN not_before
                                ELSE now() + make_interval(secs => $3::double precision / 1000) END,
              finished_at = CASE WHEN $7::boolean THEN now() ELSE NULL END
        WHERE id = $1`,
      [
        id,
        outcome.status,
        outcome.retryInMs ?? null,
        outcome.responseStatus,
        outcome.response,
        outcome.lastError,
        final,
      ],
    );
  }

  /** When the next claimable delivery falls due (now or past: due already), or null. */
  /**
   * The outbox as the operator's /metrics shows it: deliveries waiting to be sent, and how many of them
   * are due now (the rest wait for a retry). Reads the partial index of pending rows.
   */
  async outboxDepth(now = new Date()): Promise<{ pending: number; due: number }> {
    const [row] = await this.db.rows<{ pending: string; due: string }>(
      `SELECT count(*) AS pending, count(*) FILTER (WHERE not_before <= $1) AS due
         FROM alert_deliveries WHERE status = 'pending'`,
      [now],
    );
    return { pending: Number(row?.pending ?? 0), due: Number(row?.due ?? 0) };
  }

  async nextDue(): Promise<Date | null> {
    const [row] = await this.db.rows<{ at: Date | string | null }>(
      `SELECT min(GREATEST(d.not_before, COALESCE(d.lease_until, d.not_before))) AS at FROM alert_deliveries d
        WHERE d.status = 'pending'
          AND (d.kind = 'certificate' OR NOT EXISTS (SELECT 1 FROM alert_deliveries e
                           WHERE e.monitor_id = d.monitor_id AND e.channel_id = d.channel_id
                             AND e.status = 'pending' AND e.id < d.id AND e.kind <> 'certificate'))`,
    );
    return row?.at ? date(row.at) : null;
  }

  /** The latest attempted delivery of each channel. */
  async lastDeliveries(channelIds: string[]): Promise<Map<string, LastDelivery>> {
    if (!channelIds.length) return new Map();
    const rows = await this.db.rows<{
      channel_id: string;
      status: DeliveryStatus;
      at: Date | string;
      last_error: string | null;
      response_status: number | null;
    }>(
      `SELECT DISTINCT ON (d.channel_id) d.channel_id::text AS channel_id, d.status, d.last_attempt_at AS at, d.last_error,
              d.response_status
         FROM alert_deliveries d
        WHERE d.channel_id = ANY($1::bigint[]) AND d.last_attempt_at IS NOT NULL AND d.status <> 'suppressed'
        ORDER BY d.channel_id, d.last_attempt_at DESC, d.id DESC`,
      [channelIds],
    );
    return new Map(
      rows.map((r) => [
        r.channel_id,
        {
          status: r.status === 'delivered' ? 'delivered' : r.status === 'failed' ? 'failed' : 'retrying',
          at: date(r.at),
          error: r.last_error,
          responseStatus: r.response_status === null ? null : Number(r.response_status),
        },
      ]),
    );
  }

  /**
   * Forgets transitions older than `cutoff` with their deliveries, except those a delivery still
   * waits on; answers how many transitions went.
   */
  async forgetBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.rows<{ id: string }>(
      `DELETE FROM alert_transitions t
        WHERE t.at < $1
          AND NOT EXISTS (SELECT 1 FROM alert_deliveries d WHERE d.transition_id = t.id AND d.status = 'pending')
       RETURNING t.id`,
      [cutoff],
    );
    return rows.length;
  }

  /** The monitor's latest status transitions, newest first. */
  async transitionsOf(monitorId: string, limit: number): Promise<StatusTransition[]> {
    const rows = await this.db.rows<{
      from_status: AlertStatus;
      to_status: AlertStatus;
      at: Date | string;
      regions: RegionSnapshot[] | null;
    }>(
      `SELECT from_status, to_status, at, regions FROM alert_transitions WHERE monitor_id = $1 ORDER BY seq DESC LIMIT $2`,
      [monitorId, limit],
    );
    return rows.map((r) => ({ from: r.from_status, to: r.to_status, at: date(r.at), regions: r.regions ?? [] }));
  }

  /**
   * The alert status of each monitor (after quorum and thresholds) and since when it holds: the time
   * of the transition that set it. A monitor never judged is left out. Read by auto-incidents.
   */
  async statusesSince(monitorIds: string[]): Promise<Map<string, MonitorAlertStatus>> {
    if (!monitorIds.length) return new Map();
    const rows = await this.db.rows<{
      monitor_id: string;
      status: AlertStatus;
      since: Date | string | null;
      incident_key: string | null;
    }>(
      `SELECT s.monitor_id::text AS monitor_id, s.status, t.at AS since, s.incident_key
         FROM monitor_alert_states s
         LEFT JOIN alert_transitions t ON t.monitor_id = s.monitor_id AND t.seq = s.seq
        WHERE s.monitor_id = ANY($1::bigint[])`,
      [monitorIds],
    );
    return new Map(
      rows.map((r) => [
        r.monitor_id,
        { status: r.status, since: r.since ? date(r.since) : null, incidentKey: r.incident_key },
      ]),
    );
  }

  /**
   * The status history of the monitors over [from, to): the status each had at `from` (from the
   * latest transition before it, `unknown` without one) and every transition inside, oldest first.
   * A transition's `at` is when the status was confirmed; `since` when the checks first showed it
   * (before the thresholds held), which is what downtime counts from. Read by SLA reports.
   */
  async statusHistory(monitorIds: string[], from: Date, to: Date): Promise<StatusHistoryEntry[]> {
    if (!monitorIds.length) return [];
    const rows = await this.db.rows<{
      monitor_id: string;
      from_status: AlertStatus;
      to_status: AlertStatus;
      at: Date | string;
      since: Date | string;
      incident_key: string;
    }>(
      `SELECT * FROM (
         SELECT DISTINCT ON (t.monitor_id) t.monitor_id::text AS monitor_id, t.from_status, t.to_status, t.at,
                COALESCE(t.since, t.at) AS since, t.incident_key
           FROM alert_transitions t
          WHERE t.monitor_id = ANY($1::bigint[]) AND COALESCE(t.since, t.at) < $2
          ORDER BY t.monitor_id, t.seq DESC) AS before
       UNION ALL
       SELECT t.monitor_id::text, t.from_status, t.to_status, t.at, COALESCE(t.since, t.at), t.incident_key
         FROM alert_transitions t
        WHERE t.monitor_id = ANY($1::bigint[]) AND COALESCE(t.since, t.at) >= $2 AND COALESCE(t.since, t.at) < $3
       ORDER BY 1, 5`,
      [monitorIds, from, to],
    );
    return rows.map((r) => ({
      monitorId: r.monitor_id,
      from: r.from_status,
      to: r.to_status,
      at: date(r.at),
      since: date(r.since),
      incidentKey: r.incident_key,
    }));
  }

  private async dropPending(monitorId: string): Promise<void> {
    await this.db.rows(
      `UPDATE alert_deliveries SET status = 'suppressed', finished_at = now(), lease_until = NULL, last_error = 'monitor deleted'
        WHERE monitor_id = $1 AND status = 'pending'`,
      [monitorId],
    );
  }
}
