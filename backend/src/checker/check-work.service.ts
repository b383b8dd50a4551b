// The work API of the check engine, shared by the embedded agent and remote agents: hand out due runs
// with the monitor's configuration, and take results back. Storing a result is idempotent (one row per
// monitor, location, trigger and slot), so a retried report never double-counts.
import { Inject, Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Database } from '../database/database';
import type { MonitorStatus, RegionStatus } from '../monitors/monitor.constants';
import { MonitorEntity } from '../monitors/monitor.entity';
import { toMonitorView, type MonitorView } from '../monitors/monitor.view';
import { MonitorsRepository } from '../monitors/monitors.repository';
import { PrivateLocationEntity } from '../private-locations/private-location.entity';
import { budgetMs, type CheckOutcome } from './check-runner';
import { ingestResults } from './result-ingest';
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
    const leases: Array<{ run: ClaimedRun; until: Date }> = [];
    for (const run of runs) {
      const entity = byId.get(run.monitorId);
      if (!entity || entity.deletedAt) continue;
      const monitor = toMonitorView(entity, locations.get(entity.id) ?? []);
      if (run.trigger === 'cron')
        run.cronTimestamp = new Date(dueSlot(run.cronTimestamp.getTime(), now.getTime(), run.periodMs));
      const startAt = Math.max(now.getTime(), run.cronTimestamp.getTime());
      // The lease lasts as long as this run can: until its slot, plus its budget, plus a margin.
      leases.push({ run, until: new Date(startAt + budgetMs(monitor) + LEASE_MARGIN_MS) });
      items.push({ run, monitor, startAt });
    }
    await this.schedules.renewLeases(leases, agent.agentId);
    return items;
  }

  /** Stores results; returns how many were new and how many had been stored before. */
  async report(
    agent: AgentIdentity,
    results: ReportedResult[],
    now = new Date(),
  ): Promise<{ stored: number; duplicates: number; rejected: number }> {
    await this.touchLocation(agent, now);
    return ingestResults(this.db, agent, results, now);
  }

  private async touchLocation(agent: AgentIdentity, now: Date): Promise<void> {
    if (agent.privateLocationId) {
      await this.db.repo(PrivateLocationEntity).update({ id: agent.privateLocationId }, { lastSeenAt: now });
    }
  }
}
