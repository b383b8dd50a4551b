// The one place that reads and writes heartbeat_states and heartbeat_pings.
import { Inject, Injectable } from '@nestjs/common';
import type { HeartbeatConfig } from '../checks/check-config';
import { Database } from '../database/database';
import { HeartbeatStateEntity } from './heartbeat.entities';
import type { PingKind } from './ping-kinds';

/**
 * A ping as the intake writes it: by its token's hash, before anything is judged (the monitor, the
 * duration and the time it counts at are the materializer's, HeartbeatsService.applyPending).
 */
export interface IntakePing {
  tokenHash: string;
  receivedAt: Date;
  kind: PingKind;
  exitCode: number | null;
  method: string;
  source: string;
  userAgent: string;
  body: string;
  bodyTruncated: boolean;
}

/** A ping waiting to be applied to its monitor's state. */
export interface PendingPingRow {
  id: string;
  monitorId: string;
  receivedAt: Date;
  kind: PingKind;
  exitCode: number | null;
}

/** What applying a ping settles: the time it counts at and the duration of its run. */
export interface AppliedPing {
  id: string;
  receivedAt: Date;
  durationMs: number | null;
}

/** A ping as the verbs answer it. */
export interface PingRow {
  id: string;
  receivedAt: Date;
  kind: PingKind;
  exitCode: number | null;
  durationMs: number | null;
  method: string;
  source: string;
  userAgent: string;
  body: string;
  bodyTruncated: boolean;
}

/** The columns of a state the judging writes back. */
export type StateChange = Pick<
  HeartbeatStateEntity,
  'monitorId' | 'expectedAt' | 'startedAt' | 'dueAt' | 'lastPingAt' | 'lastPingKind' | 'lastSuccessAt'
>;

/** Pings forgotten per statement of the retention maintenance, and statements per maintenance. */
const FORGET_BATCH = 10_000;
const FORGET_BATCHES = 50;

const date = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

interface StateRaw {
  monitor_id: string;
  workspace_id: string;
  config: HeartbeatConfig;
  active: boolean;
  expected_at: Date | string | null;
  started_at: Date | string | null;
  due_at: Date | string | null;
  last_ping_at: Date | string | null;
  last_ping_kind: PingKind | null;
  last_success_at: Date | string | null;
}

const STATE_COLUMNS = `monitor_id::text AS monitor_id, workspace_id::text AS workspace_id, config, active, expected_at,
  started_at, due_at, last_ping_at, last_ping_kind, last_success_at`;

function toState(r: StateRaw): HeartbeatStateEntity {
  return Object.assign(new HeartbeatStateEntity(), {
    monitorId: r.monitor_id,
    workspaceId: r.workspace_id,
    config: r.config,
    active: r.active,
    expectedAt: date(r.expected_at),
    startedAt: date(r.started_at),
    dueAt: date(r.due_at),
    lastPingAt: date(r.last_ping_at),
    lastPingKind: r.last_ping_kind,
    lastSuccessAt: date(r.last_success_at),
  });
}

@Injectable()
export class HeartbeatsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** The monitor's state, locked until the transaction ends; null when it has none. */
  async lockState(monitorId: string): Promise<HeartbeatStateEntity | null> {
    const [row] = await this.db.rows<StateRaw>(
      `SELECT ${STATE_COLUMNS} FROM heartbeat_states WHERE monitor_id = $1 FOR UPDATE`,
      [monitorId],
    );
    return row ? toState(row) : null;
  }

  async findState(monitorId: string): Promise<HeartbeatStateEntity | null> {
    const [row] = await this.db.rows<StateRaw>(`SELECT ${STATE_COLUMNS} FROM heartbeat_states WHERE monitor_id = $1`, [
      monitorId,
    ]);
    return row ? toState(row) : null;
  }

  /**
   * Writes a new state unless the monitor has one already (a concurrent first ping or save wrote it
   * first: theirs stands, and the caller locks and reads it).
   */
  async insertStateIfAbsent(state: HeartbeatStateEntity): Promise<void> {
    await this.db.manager.query(
      `INSERT INTO heartbeat_states (monitor_id, workspace_id, config, active, expected_at, started_at, due_at,
                                     last_ping_at, last_ping_kind, last_success_at, updated_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, now())
       ON CONFLICT (monitor_id) DO NOTHING`,
      [
        state.monitorId,
        state.workspaceId,
        JSON.stringify(state.config),
        state.active,
        state.expectedAt,
        state.startedAt,
        state.dueAt,
        state.lastPingAt,
        state.lastPingKind,
        state.lastSuccessAt,
      ],
    );
  }

  /** insertStateIfAbsent for many states in one statement. */
  async insertStatesIfAbsent(states: readonly HeartbeatStateEntity[]): Promise<void> {
    if (!states.length) return;
    const col = <T>(f: (c: HeartbeatStateEntity) => T) => states.map(f);
    await this.db.manager.query(
      `INSERT INTO heartbeat_states (monitor_id, workspace_id, config, active, expected_at, started_at, due_at,
                                     last_ping_at, last_ping_kind, last_success_at, updated_at)
       SELECT t.monitor_id, t.workspace_id, t.config::jsonb, t.active, t.expected_at, t.started_at, t.due_at,
              t.last_ping_at, t.last_ping_kind, t.last_success_at, now()
         FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::boolean[], $5::timestamptz[], $6::timestamptz[],
                     $7::timestamptz[], $8::timestamptz[], $9::text[], $10::timestamptz[])
           AS t(monitor_id, workspace_id, config, active, expected_at, started_at, due_at, last_ping_at, last_ping_kind,
                last_success_at)
        ORDER BY t.monitor_id
       ON CONFLICT (monitor_id) DO NOTHING`,
      [
        col((s) => s.monitorId),
        col((s) => s.workspaceId),
        col((s) => JSON.stringify(s.config)),
        col((s) => s.active),
        col((s) => s.expectedAt),
        col((s) => s.startedAt),
        col((s) => s.dueAt),
        col((s) => s.lastPingAt),
        col((s) => s.lastPingKind),
        col((s) => s.lastSuccessAt),
      ],
    );
  }

  /** Writes a whole state over the one the caller locked (the monitor's settings changed). */
  async saveState(state: HeartbeatStateEntity): Promise<void> {
    await this.db.manager.query(
      `INSERT INTO heartbeat_states (monitor_id, workspace_id, config, active, expected_at, started_at, due_at,
                                     last_ping_at, last_ping_kind, last_success_at, updated_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, now())
       ON CONFLICT (monitor_id) DO UPDATE SET config = EXCLUDED.config, active = EXCLUDED.active,
         expected_at = EXCLUDED.expected_at, started_at = EXCLUDED.started_at, due_at = EXCLUDED.due_at,
         last_ping_at = EXCLUDED.last_ping_at, last_ping_kind = EXCLUDED.last_ping_kind,
         last_success_at = EXCLUDED.last_success_at, updated_at = now()`,
      [
        state.monitorId,
        state.workspaceId,
        JSON.stringify(state.config),
        state.active,
        state.expectedAt,
        state.startedAt,
        state.dueAt,
        state.lastPingAt,
        state.lastPingKind,
        state.lastSuccessAt,
      ],
    );
  }

  /**
   * Claims up to `limit` states whose deadline passed by `now`, locked until the transaction ends.
   * SKIP LOCKED: a state another node is judging is left to it, and once it commits its deadline has
   * moved on, so each deadline is judged by one node.
   */
  async claimDue(now: Date, limit: number): Promise<HeartbeatStateEntity[]> {
    const rows = await this.db.rows<StateRaw>(
      `SELECT ${STATE_COLUMNS} FROM heartbeat_states WHERE due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
    return rows.map(toState);
  }

  /** Writes back what judging changed, for many states in one statement. */
  async updateStates(changes: readonly StateChange[]): Promise<void> {
    if (!changes.length) return;
    const col = <T>(f: (c: StateChange) => T) => changes.map(f);
    await this.db.manager.query(
      `UPDATE heartbeat_states s SET expected_at = t.expected_at, started_at = t.started_at, due_at = t.due_at,
              last_ping_at = t.last_ping_at, last_ping_kind = t.last_ping_kind, last_success_at = t.last_success_at,
              updated_at = now()
         FROM unnest($1::bigint[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[], $6::text[],
                     $7::timestamptz[])
           AS t(monitor_id, expected_at, started_at, due_at, last_ping_at, last_ping_kind, last_success_at)
        WHERE s.monitor_id = t.monitor_id`,
      [
        col((c) => c.monitorId),
        col((c) => c.expectedAt),
        col((c) => c.startedAt),
        col((c) => c.dueAt),
        col((c) => c.lastPingAt),
        col((c) => c.lastPingKind),
        col((c) => c.lastSuccessAt),
      ],
    );
  }

  async deleteState(monitorId: string): Promise<void> {
    await this.db.manager.query('DELETE FROM heartbeat_states WHERE monitor_id = $1', [monitorId]);
  }

  /**
   * The ping intake's one statement: stores the pings whose token a live heartbeat monitor holds, in
   * the order given (their ids follow it, and the materializer applies them in id order), pending,
   * and answers the positions (0-based) of those stored. The monitors table is read here, not through
   * the monitors port, so the lookup and the insert are one round trip.
   */
  async insertPingsByToken(pings: readonly IntakePing[]): Promise<Set<number>> {
    if (!pings.length) return new Set();
    const col = <T>(f: (p: IntakePing) => T) => pings.map(f);
    const rows = await this.db.preparedRows<{ n: number }>(
      'heartbeat-intake',
      `WITH t AS (
         SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[],
                              $8::text[], $9::boolean[]) WITH ORDINALITY
           AS t(token_hash, received_at, kind, exit_code, method, source, user_agent, body, body_truncated, n)
       ), matched AS (
         SELECT t.*, m.id AS monitor_id, m.workspace_id
           FROM t JOIN monitors m ON m.ping_token_hash = t.token_hash AND m.kind = 'heartbeat'
                                 AND m.deleted_at IS NULL AND m.heartbeat IS NOT NULL
       ), stored AS (
         INSERT INTO heartbeat_pings (monitor_id, workspace_id, received_at, kind, exit_code, method, source,
                                      user_agent, body, body_truncated)
         SELECT monitor_id, workspace_id, received_at, kind, exit_code, method, source, user_agent, body,
                body_truncated
           FROM matched ORDER BY n
       )
       SELECT (n - 1)::int AS n FROM matched`,
      [
        col((p) => p.tokenHash),
        col((p) => p.receivedAt),
        col((p) => p.kind),
        col((p) => p.exitCode),
        col((p) => p.method),
        col((p) => p.source),
        col((p) => p.userAgent),
        col((p) => p.body),
        col((p) => p.bodyTruncated),
      ],
    );
    return new Set(rows.map((r) => Number(r.n)));
  }

  /**
   * Claims up to `limit` states of monitors with pending pings, in monitor-id order, locked until the
   * transaction ends. SKIP LOCKED: a state another node is applying (or judging) is left to it.
   */
  async claimPending(limit: number): Promise<HeartbeatStateEntity[]> {
    const rows = await this.db.rows<StateRaw>(
      // By s.monitor_id, the bigint: a bare monitor_id names the text column of the select list.
      `SELECT ${STATE_COLUMNS} FROM heartbeat_states s
        WHERE s.monitor_id IN (SELECT monitor_id FROM heartbeat_pings WHERE applied_at IS NULL)
        ORDER BY s.monitor_id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows.map(toState);
  }

  /**
   * The pending pings of monitors whose states the caller locked, each monitor's in arrival (id)
   * order; at most `limit`, so a cut leaves the latest of one monitor's for the next round.
   */
  async pendingPings(monitorIds: readonly string[], limit: number | null): Promise<PendingPingRow[]> {
    if (!monitorIds.length) return [];
    const rows = await this.db.rows<{
      id: string;
      monitor_id: string;
      received_at: Date | string;
      kind: PingKind;
      exit_code: number | string | null;
    }>(
      // By the bigints (p.): bare names would be the text columns of the select list.
      `SELECT p.id::text AS id, p.monitor_id::text AS monitor_id, received_at, kind, exit_code FROM heartbeat_pings p
        WHERE applied_at IS NULL AND p.monitor_id = ANY($1::bigint[]) ORDER BY p.monitor_id, p.id LIMIT $2`,
      [monitorIds, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      monitorId: r.monitor_id,
      receivedAt: date(r.received_at)!,
      kind: r.kind,
      exitCode: r.exit_code === null ? null : Number(r.exit_code),
    }));
  }

  /**
   * Monitors with pending pings and no state (rows older than states, or monitors deleted since:
   * deletion drops the state), with the arrival of the first pending ping.
   */
  async statelessPending(): Promise<Array<{ monitorId: string; firstAt: Date }>> {
    const rows = await this.db.rows<{ monitor_id: string; first_at: Date | string }>(
      `SELECT p.monitor_id::text AS monitor_id, min(p.received_at) AS first_at FROM heartbeat_pings p
        WHERE p.applied_at IS NULL AND NOT EXISTS (SELECT 1 FROM heartbeat_states s WHERE s.monitor_id = p.monitor_id)
        GROUP BY p.monitor_id`,
    );
    return rows.map((r) => ({ monitorId: r.monitor_id, firstAt: date(r.first_at)! }));
  }

  /** Marks pings applied, with the time each counts at and its run's duration, in one statement. */
  async markApplied(pings: readonly AppliedPing[]): Promise<void> {
    if (!pings.length) return;
    await this.db.manager.query(
      `UPDATE heartbeat_pings p SET applied_at = now(), received_at = t.received_at, duration_ms = t.duration_ms
         FROM unnest($1::bigint[], $2::timestamptz[], $3::int[]) AS t(id, received_at, duration_ms)
        WHERE p.id = t.id`,
      [pings.map((p) => p.id), pings.map((p) => p.receivedAt), pings.map((p) => p.durationMs)],
    );
  }

  /** Drops the pending pings of monitors that are gone (nothing is left to apply them to). */
  async discardPending(monitorIds: readonly string[]): Promise<void> {
    if (!monitorIds.length) return;
    await this.db.manager.query(
      'UPDATE heartbeat_pings SET applied_at = now() WHERE applied_at IS NULL AND monitor_id = ANY($1::bigint[])',
      [monitorIds],
    );
  }

  /** The monitor's newest pings, newest first (by the bigint id: a bare `id` names the text column). */
  async listPings(monitorId: string, limit: number): Promise<PingRow[]> {
    const rows = await this.db.rows<
      Omit<PingRow, 'receivedAt' | 'durationMs' | 'exitCode'> & {
        receivedAt: Date | string;
        durationMs: number | string | null;
        exitCode: number | string | null;
      }
    >(
      `SELECT id::text AS id, received_at AS "receivedAt", kind, exit_code AS "exitCode", duration_ms AS "durationMs",
              method, source, user_agent AS "userAgent", body, body_truncated AS "bodyTruncated"
         FROM heartbeat_pings p WHERE monitor_id = $1 ORDER BY p.id DESC LIMIT $2`,
      [monitorId, limit],
    );
    return rows.map((r) => ({
      ...r,
      receivedAt: date(r.receivedAt)!,
      exitCode: r.exitCode === null ? null : Number(r.exitCode),
      durationMs: r.durationMs === null ? null : Number(r.durationMs),
    }));
  }

  /**
   * Forgets pings received before `before`, oldest first, in bounded statements (at most
   * FORGET_BATCHES × FORGET_BATCH rows a maintenance; what is left goes at the next one).
   */
  async forgetPingsBefore(before: Date): Promise<number> {
    let forgotten = 0;
    for (let i = 0; i < FORGET_BATCHES; i++) {
      const rows = await this.db.rows<{ id: string }>(
        `DELETE FROM heartbeat_pings WHERE id IN (
           SELECT id FROM heartbeat_pings WHERE received_at < $1 ORDER BY received_at LIMIT $2)
         RETURNING id`,
        [before, FORGET_BATCH],
      );
      forgotten += rows.length;
      if (rows.length < FORGET_BATCH) break;
    }
    return forgotten;
  }
}
