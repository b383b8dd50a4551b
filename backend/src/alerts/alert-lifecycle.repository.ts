// The `alerts` table: one row per incident of a monitor, opened and resolved by its transitions (in
// the ingest transaction), acknowledged by people, and scheduled by the alert clock (reminders and
// escalation steps). Alerting's own, like the outbox (alerts.repository.ts).
import { Inject, Injectable } from '@nestjs/common';
import { MonitorDeletion } from '../checks/monitor-deletion';
import { isEntityId } from '../common/ids';
import { Database } from '../database/database';
import type { AlertState as AlertLifecycleState, AlertStatus } from './alert.entities';

export interface AlertRow {
  id: string;
  monitorId: string;
  workspaceId: string;
  incidentKey: string;
  state: AlertLifecycleState;
  openedStatus: AlertStatus;
  status: AlertStatus;
  openedAt: Date;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
  resolvedAt: Date | null;
  suppressedBy: string | null;
  escalationPolicyId: string | null;
  clockFrom: Date;
  remindersSent: number;
  escalationStep: number;
  nextDueAt: Date | null;
}

export interface NewAlert {
  monitorId: string;
  workspaceId: string;
  incidentKey: string;
  status: AlertStatus;
  at: Date;
  suppressedBy: string | null;
  escalationPolicyId: string | null;
  escalationStep: number;
  nextDueAt: Date | null;
}

const COLUMNS = `id::text AS id, monitor_id::text AS monitor_id, workspace_id::text AS workspace_id, incident_key, state,
  opened_status, status, opened_at, acknowledged_at, acknowledged_by, resolved_at, suppressed_by::text AS suppressed_by,
  escalation_policy_id::text AS escalation_policy_id, clock_from, reminders_sent, escalation_step, next_due_at`;

interface Raw {
  id: string;
  monitor_id: string;
  workspace_id: string;
  incident_key: string;
  state: AlertLifecycleState;
  opened_status: AlertStatus;
  status: AlertStatus;
  opened_at: Date | string;
  acknowledged_at: Date | string | null;
  acknowledged_by: string | null;
  resolved_at: Date | string | null;
  suppressed_by: string | null;
  escalation_policy_id: string | null;
  clock_from: Date | string;
  reminders_sent: number;
  escalation_step: number;
  next_due_at: Date | string | null;
}

const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const maybe = (v: Date | string | null): Date | null => (v === null ? null : date(v));

function rowOf(r: Raw): AlertRow {
  return {
    id: r.id,
    monitorId: r.monitor_id,
    workspaceId: r.workspace_id,
    incidentKey: r.incident_key,
    state: r.state,
    openedStatus: r.opened_status,
    status: r.status,
    openedAt: date(r.opened_at),
    acknowledgedAt: maybe(r.acknowledged_at),
    acknowledgedBy: r.acknowledged_by,
    resolvedAt: maybe(r.resolved_at),
    suppressedBy: r.suppressed_by,
    escalationPolicyId: r.escalation_policy_id,
    clockFrom: date(r.clock_from),
    remindersSent: Number(r.reminders_sent),
    escalationStep: Number(r.escalation_step),
    nextDueAt: maybe(r.next_due_at),
  };
}

@Injectable()
export class AlertLifecycleRepository {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MonitorDeletion) deletion: MonitorDeletion,
  ) {
    // A deleted monitor is reminded of and escalated no more; its open alert stays in the history.
    deletion.onDelete((monitorId) => this.stopClock(monitorId));
  }

  private async stopClock(monitorId: string): Promise<void> {
    await this.db.rows('UPDATE alerts SET next_due_at = NULL WHERE monitor_id = $1 AND resolved_at IS NULL', [
      monitorId,
    ]);
  }

  /** Opens the incident's alert; a second open of the same incident (a retried ingest) does nothing. */
  async open(a: NewAlert): Promise<void> {
    await this.db.rows(
      `INSERT INTO alerts (monitor_id, workspace_id, incident_key, state, opened_status, status, opened_at, suppressed_by,
                           escalation_policy_id, clock_from, escalation_step, next_due_at)
       VALUES ($1, $2, $3, 'open', $4, $4, $5, $6, $7, $5, $8, $9)
       ON CONFLICT (incident_key) DO NOTHING`,
      [
        a.monitorId,
        a.workspaceId,
        a.incidentKey,
        a.status,
        a.at,
        a.suppressedBy,
        a.escalationPolicyId,
        a.escalationStep,
        a.nextDueAt,
      ],
    );
  }

  /** The incident moved between error and degraded. */
  async statusChanged(incidentKey: string, status: AlertStatus): Promise<void> {
    await this.db.rows('UPDATE alerts SET status = $2 WHERE incident_key = $1 AND resolved_at IS NULL', [
      incidentKey,
      status,
    ]);
  }

  /** The monitor recovered: the alert is resolved (acknowledged or not) and nothing more is scheduled. */
  async resolve(incidentKey: string, at: Date): Promise<void> {
    await this.db.rows(
      `UPDATE alerts SET state = 'resolved', status = 'active', resolved_at = $2, next_due_at = NULL
        WHERE incident_key = $1 AND resolved_at IS NULL`,
      [incidentKey, at],
    );
  }

  /** Suppresses the unresolved alerts of the monitors for a parent that is down. */
  async suppress(monitorIds: string[], parentId: string): Promise<void> {
    if (!monitorIds.length) return;
    await this.db.rows(
      `UPDATE alerts SET suppressed_by = $2 WHERE monitor_id = ANY($1::bigint[]) AND resolved_at IS NULL`,
      [monitorIds, parentId],
    );
  }

  /** The unresolved suppressed alerts of the monitors, locked until the transaction ends. */
  async lockSuppressed(monitorIds: string[]): Promise<AlertRow[]> {
    if (!monitorIds.length) return [];
    const rows = await this.db.rows<Raw>(
      `SELECT ${COLUMNS} FROM alerts WHERE monitor_id = ANY($1::bigint[]) AND resolved_at IS NULL AND suppressed_by IS NOT NULL
        ORDER BY id FOR UPDATE`,
      [monitorIds],
    );
    return rows.map(rowOf);
  }

  /** Moves the suppression to another parent still down, or lifts it (null) with a new clock start. */
  async resuppress(
    alertId: string,
    parentId: string | null,
    clockFrom: Date,
    escalationStep: number,
    nextDueAt: Date | null,
  ): Promise<void> {
    await this.db.rows(
      `UPDATE alerts SET suppressed_by = $2,
              clock_from = CASE WHEN $2::bigint IS NULL THEN $3 ELSE clock_from END,
              escalation_step = CASE WHEN $2::bigint IS NULL THEN $4 ELSE escalation_step END,
              next_due_at = CASE WHEN $2::bigint IS NULL THEN $5 ELSE next_due_at END
        WHERE id = $1`,
      [alertId, parentId, clockFrom, escalationStep, nextDueAt],
    );
  }

  /**
   * Up to `limit` open, unacknowledged, unsuppressed alerts whose reminder or escalation step is due,
   * locked (SKIP LOCKED: clocks on several nodes take different ones).
   */
  async claimDue(now: Date, limit: number): Promise<AlertRow[]> {
    const rows = await this.db.rows<Raw>(
      `SELECT ${COLUMNS} FROM alerts
        WHERE next_due_at IS NOT NULL AND next_due_at <= $1 AND state = 'open' AND suppressed_by IS NULL
        ORDER BY next_due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
    return rows.map(rowOf);
  }

  async schedule(
    alertId: string,
    s: { remindersSent: number; escalationStep: number; nextDueAt: Date | null },
  ): Promise<void> {
    await this.db.rows('UPDATE alerts SET reminders_sent = $2, escalation_step = $3, next_due_at = $4 WHERE id = $1', [
      alertId,
      s.remindersSent,
      s.escalationStep,
      s.nextDueAt,
    ]);
  }

  /** The alert of the workspace, locked until the transaction ends; null when not the workspace's. */
  async lock(workspaceId: string, id: string): Promise<AlertRow | null> {
    if (!isEntityId(id)) return null;
    const [row] = await this.db.rows<Raw>(
      `SELECT ${COLUMNS} FROM alerts WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
      [id, workspaceId],
    );
    return row ? rowOf(row) : null;
  }

  /** An alert by id alone (the signed link names no workspace), or null. */
  async byId(id: string): Promise<AlertRow | null> {
    if (!isEntityId(id)) return null;
    const [row] = await this.db.rows<Raw>(`SELECT ${COLUMNS} FROM alerts WHERE id = $1`, [id]);
    return row ? rowOf(row) : null;
  }

  /** The open alert of an incident, or null. */
  async byIncident(incidentKey: string): Promise<AlertRow | null> {
    const [row] = await this.db.rows<Raw>(`SELECT ${COLUMNS} FROM alerts WHERE incident_key = $1`, [incidentKey]);
    return row ? rowOf(row) : null;
  }

  async acknowledge(id: string, by: string, at: Date): Promise<void> {
    await this.db.rows(
      `UPDATE alerts SET state = 'acknowledged', acknowledged_at = $3, acknowledged_by = $2, next_due_at = NULL
        WHERE id = $1 AND state = 'open'`,
      [id, by.slice(0, 256), at],
    );
  }

  async find(workspaceId: string, id: string): Promise<AlertRow | null> {
    if (!isEntityId(id)) return null;
    const [row] = await this.db.rows<Raw>(`SELECT ${COLUMNS} FROM alerts WHERE id = $1 AND workspace_id = $2`, [
      id,
      workspaceId,
    ]);
    return row ? rowOf(row) : null;
  }

  /** Newest first; `beforeId` pages. */
  async list(
    workspaceId: string,
    monitorId: string | null,
    limit: number,
    beforeId: string | null,
  ): Promise<AlertRow[]> {
    const rows = await this.db.rows<Raw>(
      `SELECT ${COLUMNS} FROM alerts
        WHERE workspace_id = $1 AND ($2::bigint IS NULL OR monitor_id = $2) AND ($4::bigint IS NULL OR id < $4)
        ORDER BY id DESC LIMIT $3`,
      [workspaceId, monitorId, limit, beforeId],
    );
    return rows.map(rowOf);
  }

  /** Forgets resolved alerts older than `cutoff`; answers how many went. */
  async forgetBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.rows<{ id: string }>(
      'DELETE FROM alerts WHERE resolved_at IS NOT NULL AND resolved_at < $1 RETURNING id',
      [cutoff],
    );
    return rows.length;
  }
}
