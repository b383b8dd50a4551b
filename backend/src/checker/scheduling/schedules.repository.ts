// The database side of scheduling: plans rows for active monitors, hands out due runs under expiring
// leases (FOR UPDATE SKIP LOCKED, so concurrent agents never take the same run), and marks runs done.
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../../database/database';
import { PERIODICITY_SECONDS } from '../../monitors/monitor.constants';
import type { MonitorEntity } from '../../monitors/monitor.entity';
import { CheckTriggerEntity, MonitorScheduleEntity } from '../../monitors/monitor-schedule.entity';
import { LimitExceededError } from '../../common/errors';
import type { HeldRun } from '../check-work.service';
import { firstSlot, offsetMs, privateLocation } from './slots';
import { TRIGGER_LOCK, triggerCooldownLeftMs, triggerCooldownMessage } from './trigger-limits';

export interface ClaimedRun {
  monitorId: string;
  workspaceId: string;
  location: string;
  /** The slot (cron) or the request time (api). */
  cronTimestamp: Date;
  trigger: 'cron' | 'api';
  triggerId: string | null;
  periodMs: number;
}

@Injectable()
export class SchedulesRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /**
   * Makes the plan match the monitor: one row per region and private location while it is active,
   * none otherwise. Existing rows keep their next run unless the period changed.
   */
  async sync(monitor: MonitorEntity, privateLocationIds: string[], now = Date.now()): Promise<void> {
    const repo = this.db.repo(MonitorScheduleEntity);
    const live = monitor.active && monitor.deletedAt === null;
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
   * Marks a run done: the schedule moves to the slot after `slot` (never backwards, so a repeated
   * report changes nothing) and the lease is released if `owner` still holds it.
   */
  async finish(
    run: Pick<ClaimedRun, 'monitorId' | 'location' | 'trigger' | 'triggerId' | 'cronTimestamp'>,
    owner: string,
    periodMs: number,
    now: Date,
  ): Promise<void> {
    if (run.trigger === 'api' && run.triggerId) {
      await this.db.manager.query(
        `UPDATE check_triggers SET done_at = $2, lease_owner = NULL, lease_expires_at = NULL WHERE id = $1 AND done_at IS NULL`,
        [run.triggerId, now],
      );
      return;
    }
    await this.db.manager.query(
      `UPDATE monitor_schedules
          SET next_run_at = GREATEST(next_run_at, $3::timestamptz + make_interval(secs => $4::double precision / 1000)),
              lease_owner = CASE WHEN lease_owner = $5 THEN NULL ELSE lease_owner END,
              lease_expires_at = CASE WHEN lease_owner = $5 THEN NULL ELSE lease_expires_at END
        WHERE monitor_id = $1 AND location = $2`,
      [run.monitorId, run.location, run.cronTimestamp, periodMs, owner],
    );
  }

  /**
   * Queues an immediate check of the monitor at each location, within the limits of
   * trigger-limits.ts: refused (LIMIT_EXCEEDED) inside the cooldown after the monitor's last trigger;
   * a location that still has a trigger pending gets no second one. Decided and written under a
   * per-monitor lock, so concurrent triggers cannot both pass. Returns how many were queued.
   */
  async requestTrigger(monitor: MonitorEntity, locations: string[], now: Date): Promise<number> {
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
