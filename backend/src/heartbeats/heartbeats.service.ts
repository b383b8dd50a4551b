// Heartbeat monitors as the server judges them: pings come in through the ping routes (receivePing),
// which only store them; the materializer (applyPending, woken on every node right after a batch is
// stored, and on the sweeper's interval) applies them to their monitors' states; deadlines pass in the
// sweeper (sweep). Both write their outcomes as check results through the
// check-results pipeline (location HEARTBEAT_LOCATION, trigger cron), so alerts, statuses, summaries,
// uptime by day and status pages treat heartbeats like any other kind. Every state lives in the
// database under a row lock, so any number of API nodes judge safely and a kill -9 loses nothing.
import { AsyncResource } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { CHECK_RESULTS_PORT, type CheckResultsPort, type NewResult } from '../check-results/check-results.port';
import { HEARTBEAT_LOCATION, type CheckStatus, type HeartbeatConfig } from '../checks/check-config';
import type { CheckErrorInfo, ProbeErrorKind } from '../checks/check-types';
import { MonitorChanges, type SavedMonitor } from '../checks/monitor-changes';
import { MonitorDeletion } from '../checks/monitor-deletion';
import type { ServiceContext } from '../common/context';
import { hashToken } from '../common/crypto';
import { NotFoundError } from '../common/errors';
import { definedOnly } from '../common/objects';
import { parseInput } from '../common/validation';
import { Database } from '../database/database';
import { MONITORS_PORT, type MonitorsPort } from '../monitors/monitors.port';
import { HeartbeatStateEntity } from './heartbeat.entities';
import { deadlineOf, missedBy, nextExpected, sameSchedule, type Miss } from './heartbeat-schedule';
import {
  HeartbeatsRepository,
  type AppliedPing,
  type PendingPingRow,
  type PingRow,
  type StateChange,
} from './heartbeats.repository';
import type { PingKind, PingSignal } from './ping-kinds';

export type { PingRow };

/** A ping as the routes hand it over. */
export interface IncomingPing extends PingSignal {
  method: string;
  /** The client address. */
  source: string;
  userAgent: string;
  /** The first HEARTBEAT_BOUNDS.bodyBytes of the body, and whether there was more. */
  body: Buffer;
  bodyTruncated: boolean;
}

/** Where a heartbeat monitor stands, for display. */
export interface HeartbeatStateView {
  monitorId: string;
  lastPingAt: Date | null;
  lastPingKind: PingKind | null;
  lastSuccessAt: Date | null;
  /** The start of a run not finished yet. */
  startedAt: Date | null;
  /** The next expected ping. */
  expectedAt: Date | null;
  /** When the monitor goes down without a ping; null while paused. */
  nextDeadlineAt: Date | null;
}

/** States one sweep claims at most (one transaction); a fuller backlog takes the next sweeps. */
export const SWEEP_BATCH = 500;
/** Pings one batch (one transaction) writes at most; more wait for the next batch. */
export const PING_BATCH = 256;
/**
 * Batches a process writes at once. One: with the intake's statement prepared (a fraction of a
 * millisecond), a second batch in flight gained nothing bench:heartbeat could tell from noise, and
 * the pings that wait meanwhile make the next batch larger, so cheaper per ping. Order: within a
 * batch, arrival order (the pings' ids follow it, and the materializer applies each monitor's in id
 * order); a ping answered before the next is sent (a job's /start, then its end) is always applied
 * first. With more than one batch in flight, two pings of one monitor sent at once in different
 * batches apply in the order of their ids, as two concurrent requests always could.
 */
export const PING_FLUSHES = 1;
/** Monitors one materializer round (one transaction) applies at most; more take the next rounds. */
export const APPLY_BATCH = 2_000;
/** Pending pings one materializer round reads at most (the rest of a monitor's wait for the next). */
const PENDING_BATCH = 20_000;
/** How far behind a monitor's previous ping a ping may arrive and still be moved after it (pingTime). */
const NUDGE_WINDOW_MS = 1_000;
/** What the results say ran them. */
const RUNNER = 'heartbeat';

const pingListSchema = z.object({
  limit: z
    .number({ error: 'must be a whole number between 1 and 100' })
    .int({ error: 'must be a whole number between 1 and 100' })
    .min(1, { error: 'must be a whole number between 1 and 100' })
    .max(100, { error: 'must be a whole number between 1 and 100' })
    .default(50),
});

/** A ping waiting for its batch, and how to answer its request. */
interface PendingPing {
  tokenHash: string;
  ping: IncomingPing;
  now: Date;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** What became of one ping of a batch: stored, its token unknown, or the error that stopped it. */
type PingOutcome = 'stored' | 'unknown' | { error: unknown };

@Injectable()
export class HeartbeatsService {
  private readonly pending: PendingPing[] = [];
  private readonly storedListeners: Array<() => void> = [];
  private storedTotal = 0;
  /** The materializer rounds of this process, one after the other (applyPending). */
  private applying: Promise<unknown> = Promise.resolve();
  /** Drains running (each writes one batch at a time). */
  private flushes = 0;
  /**
   * Starts a drain at the next turn of the event loop (so the pings of this turn join the batch),
   * bound to the constructor's context: a ping received inside some caller's transaction must not
   * have the batch join that transaction (Database.transaction joins the one of its async context).
   */
  private readonly kick = AsyncResource.bind(() => {
    setImmediate(() => void this.drain());
  });

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(HeartbeatsRepository) private readonly heartbeats: HeartbeatsRepository,
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
    @Inject(CHECK_RESULTS_PORT) private readonly results: CheckResultsPort,
    @Inject(MonitorChanges) changes: MonitorChanges,
    @Inject(MonitorDeletion) deletion: MonitorDeletion,
  ) {
    // The deadline follows the settings in the save's own transaction, so it never lags them.
    changes.onSaved((monitor, now) => this.settingsSaved(monitor, now));
    deletion.onDelete((monitorId) => this.heartbeats.deleteState(monitorId));
  }

  /**
   * Takes a ping of the monitor whose token this is. NotFoundError whatever the reason (no such
   * token, a deleted monitor's, a rotated one), with one message. A paused monitor keeps its pings
   * but is not judged. Resolves once the ping is committed (a 200 is a stored ping).
   *
   * Group commit: pings arriving while a batch is being written wait for the next one, and each batch
   * is one statement whatever its size (see flushPings), so the intake is bounded by round trips per
   * batch, not per ping. An idle intake writes at the next turn of the event loop, without a timer's
   * delay. The ping is stored pending: the materializer (applyPending) judges it right after.
   */
  receivePing(token: string, ping: IncomingPing, now: Date): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ tokenHash: hashToken(token), ping, now, resolve, reject });
      if (this.flushes < PING_FLUSHES) {
        this.flushes += 1;
        this.kick();
      }
    });
  }

  /** Writes the waiting pings batch after batch, until none waits (PING_FLUSHES of these run at most). */
  private async drain(): Promise<void> {
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0, PING_BATCH);
        let outcomes: PingOutcome[];
        try {
          outcomes = await this.flushPings(batch);
        } catch (error) {
          if (batch.length === 1) {
            batch[0].reject(error);
            continue;
          }
          // Nothing of the batch was stored (one transaction): each ping goes again on its own, so one
          // that cannot be written (or a deadlock's victim) fails alone and the others still answer 200.
          outcomes = [];
          for (const one of batch) {
            try {
              outcomes.push(...(await this.flushPings([one])));
            } catch (error) {
              outcomes.push({ error });
            }
          }
        }
        batch.forEach((p, i) => {
          const outcome = outcomes[i];
          if (outcome === 'stored') p.resolve();
          else p.reject(outcome === 'unknown' ? new NotFoundError('not found') : outcome.error);
        });
      }
    } finally {
      this.flushes -= 1;
      // A ping that came in as the last batch settled (after the loop's check) starts the next drain.
      if (this.pending.length && this.flushes < PING_FLUSHES) {
        this.flushes += 1;
        this.kick();
      }
    }
  }

  /**
   * Stores a batch of pings in one statement (HeartbeatsRepository.insertPingsByToken: the token
   * lookup and the insert together), pending: nothing is judged on the request's path, so a 200 costs
   * one round trip per batch, and the ping is committed (it survives a kill -9) before it is answered.
   * The materializer applies it (applyPending). Answers, per ping, 'stored' or 'unknown' (no live
   * heartbeat holds the token).
   */
  private async flushPings(batch: readonly PendingPing[]): Promise<PingOutcome[]> {
    const stored = await this.heartbeats.insertPingsByToken(
      batch.map(({ tokenHash, ping, now }) => ({
        tokenHash,
        receivedAt: now,
        kind: ping.kind,
        exitCode: ping.exitCode,
        method: ping.method.slice(0, 8),
        source: ping.source.slice(0, 64),
        userAgent: ping.userAgent.slice(0, 512),
        // Stored as text: bytes that are not UTF-8 (and NUL, which text columns refuse) become U+FFFD.
        body: ping.body.toString('utf8').replace(/\0/g, '\uFFFD'),
        bodyTruncated: ping.bodyTruncated,
      })),
    );
    this.storedTotal += stored.size;
    if (stored.size) for (const listener of this.storedListeners) listener();
    return batch.map((_, i) => (stored.has(i) ? 'stored' : 'unknown'));
  }

  /** Pings this process has stored since it started (the materializer paces itself by it). */
  get pingsStored(): number {
    return this.storedTotal;
  }

  /** Calls `listener` after each batch of pings is stored (the server's materializer wakes on it). */
  onPingsStored(listener: () => void): void {
    this.storedListeners.push(listener);
  }

  /**
   * The materializer: applies the pending pings of up to `limit` monitors, in one transaction. Their
   * states are claimed in monitor-id order with SKIP LOCKED (a monitor another node is applying or
   * judging is left to it), their pending pings read in arrival order and applied exactly as when each
   * was judged on its request (see applyPings), the results stored, the pings marked applied: a kill -9
   * anywhere loses the whole transaction, so nothing is lost or doubled. Calls in one process run one
   * after the other, so a caller that awaits one has every ping stored before it applied (unless
   * another process holds the monitor). Answers how many monitors and pings were applied.
   */
  applyPending(limit = APPLY_BATCH): Promise<{ monitors: number; pings: number }> {
    const round = this.applying.then(() => this.applyRound(limit));
    this.applying = round.catch(() => undefined);
    return round;
  }

  private async applyRound(limit: number): Promise<{ monitors: number; pings: number }> {
    return this.db.transaction(async () => {
      const states = await this.heartbeats.claimPending(limit);
      if (!states.length) return { monitors: 0, pings: 0 };
      const pending = await this.heartbeats.pendingPings(
        states.map((s) => s.monitorId),
        PENDING_BATCH,
      );
      const applied = applyPings(states, pending);
      await this.heartbeats.markApplied(applied.pings);
      // State first, results after: the lock order (state, then alert state) of the sweeper too.
      await this.heartbeats.updateStates(applied.states);
      for (const results of applied.rounds) await this.results.store(results, RUNNER);
      return { monitors: states.length, pings: applied.pings.length };
    });
  }

  /**
   * Pending pings of monitors without a state, which applyPending never claims: a live heartbeat's (a
   * row older than states) gets a first state, as of its first pending ping, for the next round to
   * apply them; a gone monitor's are dropped (its deletion dropped the state, and nothing judges it
   * any more). A scan of every pending ping, so the sweeper's interval runs it, not every round.
   */
  async adoptStatelessPings(): Promise<void> {
    const stateless = await this.heartbeats.statelessPending();
    if (!stateless.length) return;
    const states: HeartbeatStateEntity[] = [];
    const gone: string[] = [];
    for (const { monitorId, firstAt } of stateless) {
      const m = await this.monitors.findLiveById(monitorId);
      if (m && m.kind === 'heartbeat' && m.heartbeat)
        states.push(initialState(monitorId, m.workspaceId, m.heartbeat, m.active, firstAt));
      else gone.push(monitorId);
    }
    await this.heartbeats.insertStatesIfAbsent(states);
    await this.heartbeats.discardPending(gone);
  }

  /**
   * Judges the deadlines that passed by `now`: for each, a failed result at the deadline (an
   * unfinished run, or a ping that never came), and the deadline moves on to the next expected ping.
   * The claimed monitors' pending pings are applied first, in the same transaction, as if each had
   * been applied when received: a ping taken before the judging is never judged late because the
   * materializer had not reached it yet. Safe on every node at once: a state is claimed by one node
   * (SKIP LOCKED), and a result already stored for a deadline (same monitor, location, trigger and
   * time) is never stored twice. Answers how many monitors were judged and how many results were
   * stored.
   */
  async sweep(now: Date, limit = SWEEP_BATCH): Promise<{ judged: number; stored: number }> {
    return this.db.transaction(async () => {
      const due = await this.heartbeats.claimDue(now, limit);
      if (!due.length) return { judged: 0, stored: 0 };
      const applied = applyPings(
        due,
        await this.heartbeats.pendingPings(
          due.map((s) => s.monitorId),
          null,
        ),
      );
      const missed: NewResult[] = [];
      const changes: StateChange[] = [];
      for (const state of applied.states) {
        const { misses, next } = missedBy(state, now);
        const run = { monitorId: state.monitorId, workspaceId: state.workspaceId, config: state.config };
        for (const miss of misses) missed.push(missedResult(run, miss));
        changes.push({ ...next, dueAt: deadlineOf(next) });
      }
      await this.heartbeats.markApplied(applied.pings);
      await this.heartbeats.updateStates(changes);
      let stored = 0;
      for (const results of [...applied.rounds, missed]) stored += (await this.results.store(results, RUNNER)).length;
      return { judged: due.length, stored };
    });
  }

  /** The monitor's newest pings, newest first (`limit` 1 to 100, default 50). */
  async listPings(ctx: ServiceContext, monitorId: string, query: { limit?: number } = {}): Promise<PingRow[]> {
    const { limit } = parseInput(pingListSchema, definedOnly(query));
    await this.heartbeatMonitor(ctx, monitorId);
    return this.heartbeats.listPings(monitorId, limit);
  }

  /** Where the monitor stands: its last ping and success, a run in progress, the next deadline. */
  async state(ctx: ServiceContext, monitorId: string): Promise<HeartbeatStateView> {
    await this.heartbeatMonitor(ctx, monitorId);
    const state = await this.heartbeats.findState(monitorId);
    return {
      monitorId,
      lastPingAt: state?.lastPingAt ?? null,
      lastPingKind: state?.lastPingKind ?? null,
      lastSuccessAt: state?.lastSuccessAt ?? null,
      startedAt: state?.startedAt ?? null,
      expectedAt: state?.expectedAt ?? null,
      nextDeadlineAt: state?.dueAt ?? null,
    };
  }

  /** Forgets pings received before `before` (the retention maintenance, in bounded batches). */
  forgetPingsBefore(before: Date): Promise<number> {
    return this.heartbeats.forgetPingsBefore(before);
  }

  private async heartbeatMonitor(ctx: ServiceContext, monitorId: string): Promise<void> {
    const monitor = await this.monitors.findLiveById(monitorId);
    // Another workspace's monitor is not found, with the same message as a missing one.
    if (!monitor || monitor.workspaceId !== ctx.workspace.id || monitor.kind !== 'heartbeat')
      throw NotFoundError.of('heartbeat monitor', monitorId);
  }

  /**
   * A monitor was created or updated: its state follows. A new or resumed monitor expects its first
   * ping one schedule step from now. A changed schedule counts from the last success, unless that
   * is already past its deadline: then from now, so an edit never records misses by itself. A
   * changed grace moves the deadline only.
   */
  private async settingsSaved(monitor: SavedMonitor, now: Date): Promise<void> {
    if (monitor.kind !== 'heartbeat' || !monitor.heartbeat) return;
    const config = monitor.heartbeat;
    const current =
      (await this.heartbeats.lockState(monitor.id)) ??
      (await this.firstState(monitor.id, monitor.workspaceId, config, monitor.active, now));
    const next = Object.assign(new HeartbeatStateEntity(), current, { config, active: monitor.active });
    if (monitor.active && !current.active) {
      next.startedAt = null;
      next.expectedAt = nextExpected(config, now);
    } else if (!sameSchedule(current.config, config)) {
      const fromSuccess = current.lastSuccessAt ? nextExpected(config, current.lastSuccessAt) : null;
      const onTime = fromSuccess && fromSuccess.getTime() + config.graceSeconds * 1000 > now.getTime();
      next.expectedAt = onTime ? fromSuccess : nextExpected(config, now);
    }
    next.dueAt = deadlineOf(next);
    await this.heartbeats.saveState(next);
  }

  private async firstState(
    monitorId: string,
    workspaceId: string,
    config: HeartbeatConfig,
    active: boolean,
    now: Date,
  ): Promise<HeartbeatStateEntity> {
    await this.heartbeats.insertStateIfAbsent(initialState(monitorId, workspaceId, config, active, now));
    // Locked like an existing one: the caller goes on to change it.
    return (await this.heartbeats.lockState(monitorId))!;
  }
}

/** A new monitor's state: its first ping is expected one schedule step from `now`. */
function initialState(
  monitorId: string,
  workspaceId: string,
  config: HeartbeatConfig,
  active: boolean,
  now: Date,
): HeartbeatStateEntity {
  const state = Object.assign(new HeartbeatStateEntity(), {
    monitorId,
    workspaceId,
    config,
    active,
    expectedAt: nextExpected(config, now),
    startedAt: null,
    lastPingAt: null,
    lastPingKind: null,
    lastSuccessAt: null,
  });
  state.dueAt = deadlineOf(state);
  return state;
}

/**
 * Applies pending pings to their monitors' locked states, each monitor's in arrival order, exactly as
 * one request at a time would: a start then a success give a duration, a failure or a non-zero exit
 * code is an error result, a /log changes nothing but the last ping, and two pings in one millisecond
 * are 1 ms apart (pingTime). A monitor's results go into rounds (one store call each) that change
 * with its status: a run of successes is one round, the failure after it the next, so the alert
 * judging sees every transition (a fail then a success is a down then an up) while a busy monitor's
 * many successes cost one judging and one write of its aggregates. A paused monitor's pings move its
 * state but store no result.
 */
function applyPings(
  locked: readonly HeartbeatStateEntity[],
  pending: readonly PendingPingRow[],
): { states: HeartbeatStateEntity[]; pings: AppliedPing[]; rounds: NewResult[][] } {
  const perMonitor = new Map<string, PendingPingRow[]>();
  for (const p of pending) {
    const list = perMonitor.get(p.monitorId);
    if (list) list.push(p);
    else perMonitor.set(p.monitorId, [p]);
  }
  const states: HeartbeatStateEntity[] = [];
  const pings: AppliedPing[] = [];
  const rounds: NewResult[][] = [];
  for (const current of locked) {
    const { config } = current;
    const run = { monitorId: current.monitorId, workspaceId: current.workspaceId, config };
    let state = current;
    let round = -1;
    let roundStatus: CheckStatus | null = null;
    for (const ping of perMonitor.get(current.monitorId) ?? []) {
      const now = pingTime(ping.receivedAt, state.lastPingAt);
      const ends = ping.kind === 'success' || ping.kind === 'fail';
      const durationMs = ends && state.startedAt ? Math.max(0, now.getTime() - state.startedAt.getTime()) : null;
      pings.push({ id: ping.id, receivedAt: now, durationMs });
      const next = Object.assign(new HeartbeatStateEntity(), state, { lastPingAt: now, lastPingKind: ping.kind });
      if (ping.kind === 'start') next.startedAt = now;
      if (ends) {
        // A failure is a run that reported in as well: the next one is expected after it, so a
        // failing job counts once per run, not once more for a "missing" success.
        next.startedAt = null;
        next.expectedAt = nextExpected(config, now);
        if (ping.kind === 'success') next.lastSuccessAt = now;
      }
      next.dueAt = deadlineOf(next);
      if (ends && state.active) {
        const at = state.startedAt && durationMs !== null ? state.startedAt : now;
        const status: CheckStatus = ping.kind === 'success' ? 'success' : 'error';
        if (status !== roundStatus) {
          round += 1;
          roundStatus = status;
        }
        (rounds[round] ??= []).push(
          ping.kind === 'success'
            ? resultOf(run, now, at, 'success', durationMs ?? 0, null)
            : resultOf(run, now, at, 'error', durationMs ?? 0, {
                kind: 'assertion',
                message:
                  ping.exitCode === null
                    ? 'The job reported a failure (/fail)'
                    : `The job exited with code ${ping.exitCode}`,
              }),
        );
      }
      state = next;
    }
    states.push(state);
  }
  return { states, pings, rounds };
}

/**
 * The time a ping counts at: its arrival, or 1 ms after the monitor's previous ping when it arrived in
 * the same millisecond or a little before it (pings of one monitor judged by two nodes whose clocks
 * differ by a few milliseconds). Each ending ping's result is keyed by (monitor, location, trigger,
 * time), so two successes in one millisecond would otherwise be one result; now they are two, 1 ms
 * apart, in arrival order. A ping much older than the previous one (an explicit clock going back,
 * beyond NUDGE_WINDOW_MS) keeps its time.
 */
function pingTime(arrival: Date, lastPingAt: Date | null): Date {
  if (!lastPingAt) return arrival;
  const behind = lastPingAt.getTime() - arrival.getTime();
  return behind >= 0 && behind < NUDGE_WINDOW_MS ? new Date(lastPingAt.getTime() + 1) : arrival;
}

interface Run {
  monitorId: string;
  workspaceId: string;
  config: HeartbeatConfig;
}

/** A heartbeat outcome as a check result: the server judged it, at `at`, for the run begun at `startedAt`. */
function resultOf(
  run: Run,
  at: Date,
  startedAt: Date,
  status: CheckStatus,
  latencyMs: number,
  error: (CheckErrorInfo & { kind: ProbeErrorKind }) | null,
): NewResult {
  return {
    workspaceId: run.workspaceId,
    kind: 'heartbeat',
    run: {
      monitorId: run.monitorId,
      location: HEARTBEAT_LOCATION,
      trigger: 'cron',
      triggerId: null,
      cronTimestamp: at,
      periodMs: run.config.schedule === 'period' ? run.config.periodSeconds * 1000 : 0,
    },
    outcome: {
      status,
      latencyMs,
      timings: null,
      statusCode: null,
      error,
      assertions: [],
      headers: null,
      url: null,
      details: {},
      attempts: 1,
    },
    startedAt,
  };
}

function missedResult(run: Run, miss: Miss): NewResult {
  const grace = `${run.config.graceSeconds} s of grace`;
  const message =
    miss.reason === 'late'
      ? `No ping came: one was expected at ${miss.since.toISOString()}, with ${grace}`
      : `The run started at ${miss.since.toISOString()} did not finish within its ${grace}`;
  return resultOf(run, miss.at, miss.since, 'error', 0, { kind: 'timeout', message });
}
