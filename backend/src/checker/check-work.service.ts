// The work API of the check engine, shared by the embedded agent and remote agents: hand out due runs
// with the monitor's configuration, and take results back. Storing a result is idempotent (one row per
// monitor, location, trigger and slot), so a retried report never double-counts.
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { AgentPresenceService } from '../agent-presence/agent-presence.service';
import { ResultIngestService, type IngestCounts } from '../check-results/result-ingest';
import { budgetMs, toMonitorView } from '../monitors/monitor.view';
import { MONITORS_PORT, type MonitorsPort } from '../monitors/monitors.port';
import { PRIVATE_LOCATIONS_PORT, type PrivateLocationsPort } from '../private-locations/private-locations.port';
import type { AgentIdentity, HeldRun } from '../checks/check-types';
import type { WorkItem } from './work-item';
import type { ClaimedRun } from '../checks/check-types';
import { SCHEDULES_PORT, type SchedulesPort } from '../schedules/schedules.port';
import { dueSlot } from '../schedules/slots';

export type { AgentIdentity, HeldRun, ReportedResult } from '../checks/check-types';
export type { WorkItem } from './work-item';

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

@Injectable()
export class CheckWorkService {
  constructor(
    @Inject(ResultIngestService) private readonly ingest: ResultIngestService,
    @Inject(SCHEDULES_PORT) private readonly schedules: SchedulesPort,
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
    @Inject(PRIVATE_LOCATIONS_PORT) private readonly locations: PrivateLocationsPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AgentPresenceService) private readonly presence: AgentPresenceService,
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
    const entities = await this.monitors.findByIds(ids);
    const byId = new Map(entities.map((m) => [m.id, m]));
    const locations = await this.monitors.privateLocationIds(ids);
    // A private location checks its own network, which is what it is for; shared regions reach
    // private addresses only when the operator allows it (ALLOW_PRIVATE_TARGETS).
    const privateTargets = agent.privateLocationId !== null || this.config.alerts.allowPrivateTargets;
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
      items.push({ run, monitor, startAt, privateTargets });
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
    return this.ingest.ingest(agent, results, now);
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

  /** Notes that the agent is alive: its private location's heartbeat, or its public regions' presence. */
  private async touchLocation(agent: AgentIdentity, now: Date): Promise<void> {
    if (agent.privateLocationId) await this.locations.markSeen(agent.privateLocationId, now);
    else await this.presence.seen(agent.presence, agent.locations, now);
  }
}
