import { Inject, Injectable } from '@nestjs/common';
import { MoreThanOrEqual } from 'typeorm';
import { Database } from '../database/database';
import { AgentPresenceEntity } from './agent-presence.entity';
import { type AgentKind } from '../checks/check-types';

@Injectable()
export class AgentPresenceRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /**
   * Marks one agent as seen for each of its regions, in one statement. A row never moves back in
   * time, so an older write that lands after a newer one (two API nodes) changes nothing.
   */
  async upsert(
    agent: { kind: AgentKind; agentId: string; host: string | null },
    regions: readonly string[],
    at: Date,
  ): Promise<void> {
    if (!regions.length) return;
    await this.db.manager.query(
      `INSERT INTO agent_presence (region, kind, agent_id, host, last_seen_at)
       SELECT region, $2, $3, $4, $5 FROM unnest($1::varchar[]) AS region
       ON CONFLICT (region, kind, agent_id) DO UPDATE
         SET host = EXCLUDED.host, last_seen_at = GREATEST(agent_presence.last_seen_at, EXCLUDED.last_seen_at)`,
      [regions, agent.kind, agent.agentId, agent.host, at],
    );
  }

  /** Forgets agents not seen since `before`. */
  async prune(before: Date): Promise<void> {
    await this.db.manager.query('DELETE FROM agent_presence WHERE last_seen_at < $1', [before]);
  }

  /** Every row seen since `since`, newest first. */
  seenSince(since: Date): Promise<AgentPresenceEntity[]> {
    return this.db.repo(AgentPresenceEntity).find({
      where: { lastSeenAt: MoreThanOrEqual(since) },
      order: { lastSeenAt: 'DESC', agentId: 'ASC' },
    });
  }
}
