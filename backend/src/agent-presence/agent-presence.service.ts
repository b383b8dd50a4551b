// Where each public region's checks really run: the work API notes which agent asked for a region's
// work (the embedded agent of an API process, or a remote agent by its AGENT_ID), and the dashboard
// reads, per region, the agents seen recently. A region that no agent asked for is served by nobody:
// its monitors are scheduled there and never checked.
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { InstallationContext } from '../common/context';
import { LOGGER } from '../config/config.module';
import { REGIONS, type Region } from '../checks/check-config';
import type { AgentPresence } from '../checks/check-types';
import { AgentPresenceRepository } from './agent-presence.repository';

/**
 * An agent's presence is written at most this often per agent and API process: agents ask for work
 * every half second when idle, and the claim path must stay one query.
 */
export const PRESENCE_WRITE_INTERVAL_MS = 5_000;
/**
 * An agent seen this recently serves its regions. Agents claim every 0.5 s when idle, and one that is
 * busy with every check it can hold renews its leases every 10 s; a minute spares a slow API too.
 */
export const SERVING_WINDOW_MS = 60_000;
/** Agents not seen for this long are forgotten (a restarted remote agent may come back under a new id). */
export const PRESENCE_KEPT_MS = 86_400_000;
const PRUNE_INTERVAL_MS = 600_000;

export interface RegionAgent extends AgentPresence {
  lastSeenAt: Date;
}

export interface RegionAgents {
  region: Region;
  /** The agents that asked for this region's work in the last SERVING_WINDOW_MS, embedded first. */
  agents: RegionAgent[];
  /** When none does: the agent seen last (within a day), so a page can say since when. */
  lastSeen: RegionAgent | null;
}

@Injectable()
export class AgentPresenceService {
  /** When each agent (and region list) was last written by this process. */
  private readonly written = new Map<string, number>();
  private prunedAt = 0;

  constructor(
    @Inject(AgentPresenceRepository) private readonly presence: AgentPresenceRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Notes that `agent` asked for the work of `regions`. Cheap when called on every claim: a map
   * lookup, and one upsert every PRESENCE_WRITE_INTERVAL_MS. A failure to write is logged, never
   * passed on: presence is for people, and the agent's work must not wait on it.
   */
  async seen(agent: AgentPresence | undefined, regions: readonly string[], now = new Date()): Promise<void> {
    if (!agent || !regions.length) return;
    const key = `${agent.kind}\n${agent.agentId}\n${regions.join(',')}`;
    const at = now.getTime();
    const last = this.written.get(key);
    if (last !== undefined && Math.abs(at - last) < PRESENCE_WRITE_INTERVAL_MS) return;
    this.written.set(key, at);
    if (this.written.size > 10_000) this.forget(at);
    try {
      await this.presence.upsert(agent, regions, now);
      if (at - this.prunedAt >= PRUNE_INTERVAL_MS) {
        this.prunedAt = at;
        await this.presence.prune(new Date(at - PRESENCE_KEPT_MS));
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'could not record which agent serves its regions');
    }
  }

  /**
   * Every public region with the agents serving it now, and for the others the agent seen last.
   * Installation-wide (the shared regions are the operator's), so any member may read it.
   */
  async regions(_ctx: InstallationContext, now = new Date()): Promise<RegionAgents[]> {
    const rows = await this.presence.seenSince(new Date(now.getTime() - PRESENCE_KEPT_MS));
    const serving = now.getTime() - SERVING_WINDOW_MS;
    return REGIONS.map((region): RegionAgents => {
      const seen = rows
        .filter((r) => r.region === region)
        .map((r): RegionAgent => ({ kind: r.kind, agentId: r.agentId, host: r.host, lastSeenAt: r.lastSeenAt }));
      const agents = seen
        .filter((a) => a.lastSeenAt.getTime() >= serving)
        .sort((a, b) => (a.kind === b.kind ? a.agentId.localeCompare(b.agentId) : a.kind === 'embedded' ? -1 : 1));
      return { region, agents, lastSeen: agents.length ? null : (seen[0] ?? null) };
    });
  }

  private forget(at: number): void {
    for (const [key, written] of this.written) {
      if (at - written >= PRESENCE_WRITE_INTERVAL_MS) this.written.delete(key);
    }
  }
}
