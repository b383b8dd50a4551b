import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { Timestamp } from '../database/columns';

import type { AgentKind } from '../checks/check-types';

/**
 * Which agent asked for a public region's work, and when last: one row per region and agent, kept a
 * day after the agent was last seen. Written by the check engine's work API (at most every few seconds
 * per agent), read by the dashboard to say where a region's checks really run.
 */
@Entity('agent_presence')
@Check('ck_agent_presence_kind', `"kind" IN ('embedded', 'remote')`)
export class AgentPresenceEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  region!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind!: AgentKind;

  /** The embedded agent's host name, or the AGENT_ID a remote agent gave. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  agentId!: string;

  /** The host the embedded agent runs on; null for a remote agent (it names itself). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  host!: string | null;

  @Timestamp()
  lastSeenAt!: Date;
}
