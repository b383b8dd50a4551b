// The database side of scheduling: plans rows for active monitors, hands out due runs under expiring
// leases (FOR UPDATE SKIP LOCKED, so concurrent agents never take the same run), and marks runs done.
import { Inject, Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { Database } from '../database/database';
import { PERIODICITY_SECONDS, REGIONS, type MonitorKind, type Periodicity } from '../checks/check-config';
import { CheckTriggerEntity, MonitorScheduleEntity } from './monitor-schedule.entity';
import { LimitExceededError } from '../common/errors';
import type { ClaimedRun, HeldRun, ReportedResult } from '../checks/check-types';

export type { ClaimedRun } from '../checks/check-types';
import { firstSlot, offsetMs, privateLocation } from './slots';
import { TRIGGER_LOCK, triggerCooldownLeftMs, triggerCooldownMessage } from './trigger-limits';

/** The monitor behind a run an agent was handed. */
export interface HandedMonitor {
  workspaceId: string;
  kind: MonitorKind;
}

/** What the schedules need of a monitor (the monitors module passes its row). */
export interface ScheduledMonitor {
  id: string;
  workspaceId: string;
  kind: MonitorKind;
  periodicity: Periodicity;
  regions: string[];
  active: boolean;
  deletedAt: Date | null;
}

@Injectable()
export class SchedulesRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /**
   * Makes the plan match the monitor: one row per region and private location while it is active,
   * none otherwise. Existing rows keep their next run unless the period changed.
   */
  async sync(monitor: ScheduledMonitor, privateLocationIds: string[], now = Date.now()): Promise<void> {
    const repo = this.db.repo(MonitorScheduleEntity);
    // A heartbeat is judged by the server from its pings: no location runs it.
    const live = monitor.active && monitor.deletedAt === null && monitor.kind !== 'heartbeat';
    const periodMs = PERIODICITY_SECONDS[monitor.periodicity] * 1000;
    const wanted = live ? [...monitor.regions, ...privateLocationIds.map(privateLocation)] : [];
    const existing = await repo.findBy({ monitorId: monitor.id });
    const stale = existing.filter((row) => !wanted.includes(row.location)).map((row) => row.location);
    if (stale.length) {
      await repo
        .createQueryBuilder()
        .delete()
        .where('monitor_id = :id AND location IN (:...stale)', { id: monitor.id, stale })
        .execute();
    }
    const next = new Date(firstSlot(now, periodMs, offsetMs(monitor.id, periodMs)));
    for (const location of wanted) {
      const row = existing.find((r) => r.location === location);
      if (!row) {
        await repo.insert({
          monitorId: monitor.id,
          location,
          workspaceId: monitor.workspaceId,
          periodMs,
          nextRunAt: next,
          leaseOwner: null,
          leaseExpiresAt: null,
        });
      } else if (row.periodMs !== periodMs) {
        await repo.update({ monitorId: monitor.id, location }, { periodMs, nextRunAt: next });
      }
    }
  }

  /** Up to `max` runs due by `horizon` at the given locations, leased to `owner` until `leaseUntil`. */
  async claim(
    locations: string[],
    owner: string,
    max: number,
    horizon: Date,
    leaseUntil: Date,
    now: Date,
  ): Promise<ClaimedRun[]> {
    if (!locations.length || max <= 0) return [];
    return this.db.transaction(async (manager) => {
      const triggers = await this.db.rows<{
        id: string;
        monitor_id: string;
        workspace_id: string;
        location: string;
        requested_at: Date;
      }>(
        `UPDATE check_triggers t SET lease_owner = $1, lease_expires_at = $2
           FROM (SELECT id FROM check_triggers
                  WHERE done_at IS NULL AND location = ANY($3::text[]) AND (lease_expires_at IS NULL OR lease_expires_at < $4)
                  ORDER BY requested_at LIMIT $5 FOR UPDATE SKIP LOCKED) due
          WHERE t.id = due.id
          RETURNING t.id::text AS id, t.monitor_id::text AS monitor_id, t.workspace_id::text AS workspace_id, t.location, t.requested_at`,
        [owner, leaseUntil, locations, now, max],
        manager,
      );
      const runs: ClaimedRun[] = triggers.map((t) => ({
        monitorId: t.monitor_id,
        workspaceId: t.workspace_id,
        location: t.location,
        cronTimestamp: new Date(t.requested_at),
        trigger: 'api',
        triggerId: t.id,
        periodMs: 0,
      }));
      const left = max - runs.length;
      if (left <= 0) return runs;
      const rows = await this.db.rows<{
        monitor_id: string;
        workspace_id: string;
        location: string;
        next_run_at: Date;
        period_ms: number;
      }>(
        `UPDATE monitor_schedules s SET lease_owner = $1, lease_expires_at = $2
           FROM (SELECT monitor_id, location FROM monitor_schedules
                  WHERE location = ANY($3::text[]) AND next_run_at <= $4 AND (lease_expires_at IS NULL OR lease_expires_at < $5)
                  ORDER BY next_run_at LIMIT $6 FOR UPDATE SKIP LOCKED) due
          WHERE s.monitor_id = due.monitor_id AND s.location = due.location
          RETURNING s.monitor_id::text AS monitor_id, s.workspace_id::text AS workspace_id, s.location, s.next_run_at, s.period_ms`,
        [owner, leaseUntil, locations, horizon, now, left],
        manager,
      );
      for (const r of rows) {
        runs.push({
          monitorId: r.monitor_id,
          workspaceId: r.workspace_id,
          location: r.location,
          cronTimestamp: new Date(r.next_run_at),
          trigger: 'cron',
          triggerId: null,
          periodMs: r.period_ms,
        });
      }
      return runs;
    });
  }

  /** Sets each claimed run's lease to its own end (slot + budget + margin), in two statements at most. */
  async renewLeases(leases: Array<{ run: ClaimedRun; until: Date }>, owner: string): Promise<void> {
    const api = leases.filter((l) => l.run.trigger === 'api' && l.run.triggerId);
    const cron = leases.filter((l) => l.run.trigger === 'cron');
    if (api.length) {
      await this.db.manager.query(
        `UPDATE check_triggers t SET lease_expires_at = v.until
           FROM unnest($1::bigint[], $2::timestamptz[]) AS v(id, until)
          WHERE t.id = v.id AND t.lease_owner = $3`,
        [api.map((l) => l.run.triggerId), api.map((l) => l.until), owner],
      );
    }
    if (cron.length) {
      await this.db.manager.query(
        `UPDATE monitor_schedules s SET lease_expires_at = v.until
           FROM unnest($1::bigint[], $2::text[], $3::timestamptz[]) AS v(m, l, until)
          WHERE s.monitor_id = v.m AND s.location = v.l AND s.lease_owner = $4`,
        [cron.map((l) => l.run.monitorId), cron.map((l) => l.run.location), cron.map((l) => l.until), owner],
      );
    }
  }

  /**
   * Extends leases `owner` still holds on these runs to at least `until`; returns how many it held.
   * A lease never shortens, and a run taken over by another agent (another owner) is left alone.
   */
  async extendLeases(runs: readonly HeldRun[], owner: string, until: Date): Promise<number> {
    const api = runs.filter((r) => r.trigger === 'api' && r.triggerId);
    const cron = runs.filter((r) => r.trigger === 'cron');
    let held = 0;
    if (api.length) {
      const rows = await this.db.rows<{ id: string }>(
        `UPDATE check_triggers t SET lease_expires_at = GREATEST(t.lease_expires_at, $4)
           FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS v(id, m, l)
          WHERE t.id = v.id AND t.monitor_id = v.m AND t.location = v.l AND t.lease_owner = $5 AND t.done_at IS NULL
          RETURNING t.id`,
        [api.map((r) => r.triggerId), api.map((r) => r.monitorId), api.map((r) => r.location), until, owner],
      );
      held += rows.length;
    }
    if (cron.length) {
      const rows = await this.db.rows<{ monitor_id: string }>(
        `UPDATE monitor_schedules s SET lease_expires_at = GREATEST(s.lease_expires_at, $3)
           FROM unnest($1::bigint[], $2::text[]) AS v(m, l)
          WHERE s.monitor_id = v.m AND s.location = v.l AND s.lease_owner = $4
          RETURNING s.monitor_id`,
        [cron.map((r) => r.monitorId), cron.map((r) => r.location), until, owner],
      );
      held += rows.length;
    }
    return held;
  }

  /**
   * Which reported runs are runs the agent may have been handed, by their index, with the monitor's
   * workspace and kind; in one statement. A private location's agent may report its own location for
   * monitors assigned to it in its own workspace; an agent with the shared token (or the embedded one)
   * public regions it serves, for monitors configured with that region. Deleted monitors take no
   * results. An api run must name its own trigger (same monitor, location and request time), so a
   * report can close no other trigger.
   */
  async handedRuns(
    reported: ReadonlyArray<{ index: number; result: ReportedResult }>,
    privateLocationId: string | null,
  ): Promise<Map<number, HandedMonitor>> {
    const own = privateLocationId ? privateLocation(privateLocationId) : null;
    const plausible = reported.filter(({ result: { run } }) =>
      own ? run.location === own : (REGIONS as readonly string[]).includes(run.location),
    );
    const handed = new Map<number, HandedMonitor>();
    if (!plausible.length) return handed;
    const col = <T>(f: (r: ReportedResult) => T) => plausible.map((c) => f(c.result));
    const rows = await this.db.rows<{ i: number; workspace_id: string; kind: MonitorKind }>(
      `SELECT v.i, m.workspace_id::text AS workspace_id, m.kind
         FROM unnest($1::int[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::timestamptz[])
           AS v(i, monitor_id, location, trigger, trigger_id, at)
         JOIN monitors m ON m.id = v.monitor_id AND m.deleted_at IS NULL
        WHERE CASE WHEN $7::bigint IS NULL THEN v.location = ANY(m.regions)
                   ELSE EXISTS (SELECT 1 FROM private_location_monitors l
                                  JOIN private_locations p ON p.id = l.private_location_id
                                 WHERE l.private_location_id = $7::bigint AND l.monitor_id = m.id
                                   AND p.workspace_id = m.workspace_id) END
          AND (v.trigger = 'cron'
               OR EXISTS (SELECT 1 FROM check_triggers t
                           WHERE t.id = v.trigger_id AND t.monitor_id = m.id AND t.location = v.location
                             AND t.requested_at = v.at))`,
      [
        plausible.map((c) => c.index),
        col((r) => r.run.monitorId),
        col((r) => r.run.location),
        col((r) => r.run.trigger),
        col((r) => r.run.triggerId),
        col((r) => r.run.cronTimestamp),
        privateLocationId,
      ],
    );
    for (const row of rows) handed.set(Number(row.i), { workspaceId: row.workspace_id, kind: row.kind });
    return handed;
  }

  /**
   * Marks runs done, for new and repeated reports alike: each schedule moves to the slot after the
   * latest reported one (never backwards, and by its own period, never by a reported one, so no report
   * can push a run far ahead), each trigger is closed, and leases `owner` still holds are released.
   */
  async finish(runs: ReadonlyArray<HeldRun & { cronTimestamp: Date }>, owner: string, now: Date): Promise<void> {
    const latest = new Map<string, HeldRun & { cronTimestamp: Date }>();
    for (const run of runs.filter((r) => r.trigger === 'cron')) {
      const key = `${run.monitorId}|${run.location}`;
      const seen = latest.get(key);
      if (!seen || seen.cronTimestamp < run.cronTimestamp) latest.set(key, run);
    }
    if (latest.size) {
      const cron = [...latest.values()];
      await this.db.manager.query(
        `UPDATE monitor_schedules s
            SET next_run_at = GREATEST(s.next_run_at, v.slot + make_interval(secs => s.period_ms::double precision / 1000)),
                lease_owner = CASE WHEN s.lease_owner = $4 THEN NULL ELSE s.lease_owner END,
                lease_expires_at = CASE WHEN s.lease_owner = $4 THEN NULL ELSE s.lease_expires_at END
           FROM unnest($1::bigint[], $2::text[], $3::timestamptz[]) AS v(m, l, slot)
          WHERE s.monitor_id = v.m AND s.location = v.l`,
        [cron.map((r) => r.monitorId), cron.map((r) => r.location), cron.map((r) => r.cronTimestamp), owner],
      );
    }
    const triggerIds = runs.filter((r) => r.trigger === 'api' && r.triggerId).map((r) => r.triggerId);
    if (triggerIds.length) {
      await this.db.manager.query(
        'UPDATE check_triggers SET done_at = $2, lease_owner = NULL, lease_expires_at = NULL WHERE id = ANY($1::bigint[]) AND done_at IS NULL',
        [triggerIds, now],
      );
    }
  }

  /** Forgets triggers that ran before `before`; the newest of a monitor still counts for the cooldown. */
  async forgetFinishedTriggers(before: Date): Promise<number> {
    const { affected } = await this.db.repo(CheckTriggerEntity).delete({ doneAt: LessThan(before) });
    return affected ?? 0;
  }

  /**
   * Queues an immediate check of the monitor at each location, within the limits of
   * trigger-limits.ts: refused (LIMIT_EXCEEDED) inside the cooldown after the monitor's last trigger;
   * a location that still has a trigger pending gets no second one. Decided and written under a
   * per-monitor lock, so concurrent triggers cannot both pass. Returns how many were queued.
   */
  async requestTrigger(monitor: ScheduledMonitor, locations: string[], now: Date): Promise<number> {
    return this.db.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [TRIGGER_LOCK, monitor.id]);
      const [last] = await this.db.rows<{ requested_at: Date | null; pending: string[] | null }>(
        `SELECT max(requested_at) AS requested_at, array_agg(location) FILTER (WHERE done_at IS NULL) AS pending
           FROM check_triggers WHERE monitor_id = $1`,
        [monitor.id],
        manager,
      );
      const waitMs = triggerCooldownLeftMs(last?.requested_at ? new Date(last.requested_at) : null, now);
      if (waitMs > 0) throw new LimitExceededError(triggerCooldownMessage(monitor.id, waitMs));
      const pending = new Set(last?.pending ?? []);
      const fresh = locations.filter((location) => !pending.has(location));
      if (fresh.length) {
        await this.db.repo(CheckTriggerEntity).insert(
          fresh.map((location) => ({
            monitorId: monitor.id,
            workspaceId: monitor.workspaceId,
            location,
            requestedAt: now,
            leaseOwner: null,
            leaseExpiresAt: null,
            doneAt: null,
          })),
        );
      }
      return fresh.length;
    });
  }

  plan(monitorId: string): Promise<MonitorScheduleEntity[]> {
    return this.db.repo(MonitorScheduleEntity).find({ where: { monitorId }, order: { location: 'ASC' } });
  }
}
