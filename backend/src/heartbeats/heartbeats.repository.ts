// The one place that reads and writes heartbeat_states and heartbeat_pings.
import { Inject, Injectable } from '@nestjs/common';
import type { HeartbeatConfig } from '../checks/check-config';
import { Database } from '../database/database';
import { HeartbeatPingEntity, HeartbeatStateEntity } from './heartbeat.entities';
import type { PingKind } from './ping-kinds';

/** A ping as the repository writes it. */
export type NewPing = Omit<HeartbeatPingEntity, 'id'>;

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

  /**
   * The monitors' states, locked until the transaction ends, in monitor-id order: every node locks a
   * batch's states in that one order, so two batches sharing monitors wait for each other instead of
   * deadlocking (LockRows sits above the sort).
   */
  async lockStates(monitorIds: readonly string[]): Promise<Map<string, HeartbeatStateEntity>> {
    if (!monitorIds.length) return new Map();
    const rows = await this.db.rows<StateRaw>(
      `SELECT ${STATE_COLUMNS} FROM heartbeat_states WHERE monitor_id = ANY($1::bigint[]) ORDER BY monitor_id FOR UPDATE`,
      [monitorIds],
    );
    return new Map(rows.map((r) => [r.monitor_id, toState(r)]));
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

  /** Writes pings in one statement, in the order given (their ids follow it). */
  async insertPings(pings: readonly NewPing[]): Promise<void> {
    if (!pings.length) return;
    const col = <T>(f: (p: NewPing) => T) => pings.map(f);
    await this.db.manager.query(
      `INSERT INTO heartbeat_pings (monitor_id, workspace_id, received_at, kind, exit_code, duration_ms, method, source,
                                    user_agent, body, body_truncated)
       SELECT t.monitor_id, t.workspace_id, t.received_at, t.kind, t.exit_code, t.duration_ms, t.method, t.source,
              t.user_agent, t.body, t.body_truncated
         FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::text[], $5::int[], $6::int[], $7::text[],
                     $8::text[], $9::text[], $10::text[], $11::boolean[]) WITH ORDINALITY
           AS t(monitor_id, workspace_id, received_at, kind, exit_code, duration_ms, method, source, user_agent, body,
                body_truncated, n)
        ORDER BY t.n`,
      [
        col((p) => p.monitorId),
        col((p) => p.workspaceId),
        col((p) => p.receivedAt),
        col((p) => p.kind),
        col((p) => p.exitCode),
        col((p) => p.durationMs),
        col((p) => p.method),
        col((p) => p.source),
        col((p) => p.userAgent),
        col((p) => p.body),
        col((p) => p.bodyTruncated),
      ],
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
