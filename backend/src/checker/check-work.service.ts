// The work API of the check engine, shared by the embedded agent and remote agents: hand out due runs
// with the monitor's configuration, and take results back. Storing a result is idempotent (one row per
// monitor, location, trigger and slot), so a retried report never double-counts.
import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Database } from '../database/database';
import type { MonitorStatus, RegionStatus } from '../monitors/monitor.constants';
import { MonitorEntity } from '../monitors/monitor.entity';
import { budgetMs, toMonitorView, type MonitorView } from '../monitors/monitor.view';
import { MonitorsRepository } from '../monitors/monitors.repository';
import { PrivateLocationsRepository } from '../private-locations/private-locations.repository';
import type { CheckOutcome } from './check-runner';
import { ingestResults, type IngestCounts } from './result-ingest';
import { SchedulesRepository, type ClaimedRun } from './scheduling/schedules.repository';
import { dueSlot } from './scheduling/slots';

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
 * Leases of agents that renew them while their checks run (every agent of this code base does; see
 * LEASE_RENEW_INTERVAL_MS in agent-wire.ts): a claimed run is held until its start plus this, and
 * each renewal holds it until this long after the renewal. An agent that dies loses its runs to
 * another agent within this time, instead of the check's whole budget plus the margin (up to 135 s
 * for a 120 s timeout). Agents that do not announce renewal keep the budget-long lease.
 */
export const RENEWED_LEASE_MS = 30_000;

/** A run an agent holds and renews: enough to find its schedule row or its trigger. */
export type HeldRun = Pick<ClaimedRun, 'monitorId' | 'location' | 'trigger' | 'triggerId'>;

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

@Injectable()
export class CheckWorkService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(SchedulesRepository) private readonly schedules: SchedulesRepository,
    @Inject(MonitorsRepository) private readonly monitors: MonitorsRepository,
    @Inject(PrivateLocationsRepository) private readonly locations: PrivateLocationsRepository,
  ) {}

  /**
   * Hands out up to `max` runs due within `lookaheadMs`. With `renews`, the agent promises to renew
   * its leases (renew below) and gets short ones; otherwise each lease lasts as long as its run can.
   */
  async claim(
    agent: AgentIdentity,
    max: number,
    lookaheadMs: number,
    now = new Date(),
    renews = false,
  ): Promise<WorkItem[]> {
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
    const leases: Array<{ run: ClaimedRun; until: Date }> = [];
    for (const run of runs) {
      const entity = byId.get(run.monitorId);
      if (!entity || entity.deletedAt) continue;
      const monitor = toMonitorView(entity, locations.get(entity.id) ?? []);
      if (run.trigger === 'cron')
        run.cronTimestamp = new Date(dueSlot(run.cronTimestamp.getTime(), now.getTime(), run.periodMs));
      const startAt = Math.max(now.getTime(), run.cronTimestamp.getTime());
      // A renewed lease lasts until the slot plus the renewal lease; an unrenewed one as long as this
      // run can: until its slot, plus its budget, plus a margin.
      const holdMs = renews ? RENEWED_LEASE_MS : budgetMs(monitor) + LEASE_MARGIN_MS;
      leases.push({ run, until: new Date(startAt + holdMs) });
      items.push({ run, monitor, startAt });
    }
    await this.schedules.renewLeases(leases, agent.agentId);
    return items;
  }

  /**
   * Stores results: how many were new, how many had been stored before, and which were refused (by
   * index: invalid, or not a run handed to this agent). Results arrive unchecked, as sent.
   */
  async report(agent: AgentIdentity, results: readonly unknown[], now = new Date()): Promise<IngestCounts> {
    await this.touchLocation(agent, now);
    return ingestResults(this.db, agent, results, now);
  }

  /**
   * Extends the leases the agent still holds on these runs to `now` + RENEWED_LEASE_MS (never
   * shortening one); returns how many it still held. A run another agent took over is not renewed.
   */
  async renew(agent: AgentIdentity, runs: readonly HeldRun[], now = new Date()): Promise<number> {
    await this.touchLocation(agent, now);
    const own = runs.filter((r) => agent.locations.includes(r.location));
    return this.schedules.extendLeases(own, agent.agentId, new Date(now.getTime() + RENEWED_LEASE_MS));
  }

  private async touchLocation(agent: AgentIdentity, now: Date): Promise<void> {
    if (agent.privateLocationId) await this.locations.markSeen(agent.privateLocationId, now);
  }
}
