// The work API of the check engine, shared by the embedded agent and remote agents: hand out due runs
// with the monitor's configuration, and take results back. Storing a result is idempotent (one row per
// monitor, location, trigger and slot), so a retried report never double-counts.
import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { isEntityId } from '../common/ids';
import { Database } from '../database/database';
import type { CheckStatus, MonitorStatus, RegionStatus } from '../monitors/monitor.constants';
import { MonitorEntity } from '../monitors/monitor.entity';
import { MonitorRegionStatusEntity } from '../monitors/monitor-region-status.entity';
import { toMonitorView, type MonitorView } from '../monitors/monitor.view';
import { CheckResultsRepository } from '../monitors/check-results.repository';
import { MonitorsRepository } from '../monitors/monitors.repository';
import { PrivateLocationEntity } from '../private-locations/private-location.entity';
import { budgetMs, type CheckOutcome } from './check-runner';
import { SchedulesRepository, type ClaimedRun } from './scheduling/schedules.repository';
import { dueSlot, PRIVATE_LOCATION_PREFIX } from './scheduling/slots';

/** Who asks for work: an agent instance serving some locations. */
export interface AgentIdentity {
  /** Unique per agent process; holds the leases. */
  agentId: string;
  /** Public regions, or the one `private-location:<id>`. */
  locations: string[];
  privateLocationId: string | null;
}

export interface WorkItem {
  run: ClaimedRun;
  monitor: MonitorView;
  /** When the run should start (the slot); the agent waits until then. */
  startAt: number;
}

export interface ReportedResult {
  run: Pick<ClaimedRun, 'monitorId' | 'location' | 'trigger' | 'triggerId' | 'cronTimestamp' | 'periodMs'>;
  outcome: CheckOutcome;
  /** When the check started. */
  startedAt: Date;
}

/** Slack added to a run's budget before its lease expires and another agent may take it. */
export const LEASE_MARGIN_MS = 15_000;

/**
 * The aggregate of region statuses: error when a majority of the reporting regions are in error,
 * degraded when any region is in error or degraded, active when all are active, unknown without data.
 */
export function aggregateStatus(regions: RegionStatus[]): MonitorStatus {
  if (regions.length === 0) return 'unknown';
  const errors = regions.filter((s) => s === 'error').length;
  if (errors * 2 > regions.length) return 'error';
  if (errors > 0 || regions.includes('degraded')) return 'degraded';
  return 'active';
}

const regionStatusOf = (status: CheckStatus): RegionStatus => (status === 'success' ? 'active' : status);

@Injectable()
export class CheckWorkService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(SchedulesRepository) private readonly schedules: SchedulesRepository,
    @Inject(MonitorsRepository) private readonly monitors: MonitorsRepository,
    @Inject(CheckResultsRepository) private readonly results: CheckResultsRepository,
  ) {}

  async claim(agent: AgentIdentity, max: number, lookaheadMs: number, now = new Date()): Promise<WorkItem[]> {
    await this.touchLocation(agent, now);
    const horizon = new Date(now.getTime() + lookaheadMs);
    const runs = await this.schedules.claim(
      agent.locations,
      agent.agentId,
      max,
      horizon,
      new Date(horizon.getTime() + 120_000 + LEASE_MARGIN_MS),
      now,
    );
    if (!runs.length) return [];
    const ids = [...new Set(runs.map((r) => r.monitorId))];
    const entities = await this.db.repo(MonitorEntity).findBy({ id: In(ids) });
    const byId = new Map(entities.map((m) => [m.id, m]));
    const locations = await this.monitors.privateLocationIds(ids);
    const items: WorkItem[] = [];
    for (const run of runs) {
      const entity = byId.get(run.monitorId);
      if (!entity || entity.deletedAt) continue;
      const monitor = toMonitorView(entity, locations.get(entity.id) ?? []);
      if (run.trigger === 'cron')
        run.cronTimestamp = new Date(dueSlot(run.cronTimestamp.getTime(), now.getTime(), run.periodMs));
      // The lease lasts as long as this run can: until its slot, plus its budget, plus a margin.
      const leaseUntil = new Date(
        Math.max(now.getTime(), run.cronTimestamp.getTime()) + budgetMs(monitor) + LEASE_MARGIN_MS,
      );
      await this.renewLease(run, agent.agentId, leaseUntil);
      items.push({ run, monitor, startAt: Math.max(now.getTime(), run.cronTimestamp.getTime()) });
    }
    return items;
  }

  /** Stores results; returns how many were new and how many had been stored before. */
  async report(
    agent: AgentIdentity,
    results: ReportedResult[],
    now = new Date(),
  ): Promise<{ stored: number; duplicates: number; rejected: number }> {
    let stored = 0;
    let duplicates = 0;
    let rejected = 0;
    await this.touchLocation(agent, now);
    for (const result of results) {
      if (!agent.locations.includes(result.run.location) || !isEntityId(result.run.monitorId)) {
        rejected += 1;
        continue;
      }
      const inserted = await this.db.transaction(async () => {
        const monitor = await this.db.repo(MonitorEntity).findOneBy({ id: result.run.monitorId });
        if (!monitor) return null;
        const created = await this.insertResult(monitor, result, agent);
        if (created) {
          await this.results.addToAggregate({
            monitorId: monitor.id,
            workspaceId: monitor.workspaceId,
            region: result.run.location,
            cronTimestamp: result.run.cronTimestamp,
            timestamp: result.startedAt,
            status: result.outcome.status,
            latency: result.outcome.latencyMs,
          });
          await this.updateStatus(monitor, result);
        }
        await this.schedules.finish(result.run, agent.agentId, result.run.periodMs, now);
        return created;
      });
      if (inserted === null) rejected += 1;
      else if (inserted) stored += 1;
      else duplicates += 1;
    }
    return { stored, duplicates, rejected };
  }

  private async insertResult(monitor: MonitorEntity, result: ReportedResult, agent: AgentIdentity): Promise<boolean> {
    const o = result.outcome;
    const rows = await this.db.rows<{ id: string }>(
      `INSERT INTO check_results (cron_timestamp, workspace_id, monitor_id, kind, region, trigger, status, latency, status_code,
                                  timestamp, timing, url, error, assertions, headers, runner)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (monitor_id, region, trigger, cron_timestamp) DO NOTHING
       RETURNING id`,
      [
        result.run.cronTimestamp,
        monitor.workspaceId,
        monitor.id,
        monitor.kind,
        result.run.location,
        result.run.trigger,
        o.status,
        o.latencyMs,
        o.statusCode,
        result.startedAt,
        o.timings ? JSON.stringify(o.timings) : null,
        o.url,
        o.error ? JSON.stringify({ kind: o.error.kind, message: o.error.message }) : null,
        JSON.stringify(o.assertions),
        o.headers ? JSON.stringify(o.headers) : null,
        agent.agentId.slice(0, 128),
      ],
    );
    return rows.length > 0;
  }

  private async updateStatus(monitor: MonitorEntity, result: ReportedResult): Promise<void> {
    const repo = this.db.repo(MonitorRegionStatusEntity);
    const checkedAt = result.run.cronTimestamp;
    await this.db.manager.query(
      `INSERT INTO monitor_region_statuses (monitor_id, region, workspace_id, status, last_checked_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (monitor_id, region) DO UPDATE SET status = EXCLUDED.status, last_checked_at = EXCLUDED.last_checked_at, updated_at = now()
       WHERE monitor_region_statuses.last_checked_at <= EXCLUDED.last_checked_at`,
      [monitor.id, result.run.location, monitor.workspaceId, regionStatusOf(result.outcome.status), checkedAt],
    );
    const statuses = await repo.findBy({ monitorId: monitor.id });
    const configured = new Set<string>([
      ...monitor.regions,
      ...statuses.filter((s) => s.region.startsWith(PRIVATE_LOCATION_PREFIX)).map((s) => s.region),
    ]);
    const status = aggregateStatus(statuses.filter((s) => configured.has(s.region)).map((s) => s.status));
    if (status !== monitor.status) await this.db.repo(MonitorEntity).update({ id: monitor.id }, { status });
  }

  private async renewLease(run: ClaimedRun, owner: string, until: Date): Promise<void> {
    if (run.trigger === 'api') {
      await this.db.manager.query(
        'UPDATE check_triggers SET lease_expires_at = $3 WHERE id = $1 AND lease_owner = $2',
        [run.triggerId, owner, until],
      );
    } else {
      await this.db.manager.query(
        'UPDATE monitor_schedules SET lease_expires_at = $4 WHERE monitor_id = $1 AND location = $2 AND lease_owner = $3',
        [run.monitorId, run.location, owner, until],
      );
    }
  }

  private async touchLocation(agent: AgentIdentity, now: Date): Promise<void> {
    if (agent.privateLocationId) {
      await this.db.repo(PrivateLocationEntity).update({ id: agent.privateLocationId }, { lastSeenAt: now });
    }
  }
}
