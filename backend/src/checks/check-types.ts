// The shapes of the check engine's work API (who asks, what is handed out, what comes back), apart
// from the service so that validation, scheduling and ingest can name them without importing it.
import type { AgentPresence } from '../agent-presence/agent-presence.service';
import type { MonitorView } from '../monitors/monitor.view';
import type { CheckOutcome } from '../checker/check-runner';

/** A run handed to an agent: a slot of a monitor's schedule (cron) or a trigger (api). */
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

/** Who asks for work: an agent instance serving some locations. */
export interface AgentIdentity {
  /** Unique per agent process; holds the leases. */
  agentId: string;
  /** Public regions, or the one `private-location:<id>`. */
  locations: string[];
  privateLocationId: string | null;
  /**
   * Who the agent is for people (the embedded agent on a host, or a remote agent by its AGENT_ID),
   * recorded for its public regions so the dashboard can say where they run. None: not recorded.
   */
  presence?: AgentPresence;
}

export interface WorkItem {
  run: ClaimedRun;
  monitor: MonitorView;
  /** When the run should start (the slot); the agent waits until then. */
  startAt: number;
  /**
   * Whether the check (and its OpenTelemetry export) may reach private, loopback and reserved
   * addresses: the API decides, per run: yes for a private location's runs and when the operator set
   * ALLOW_PRIVATE_TARGETS; no for shared regions under production settings. An agent treats a work
   * item without it (an API older than this field) as no.
   */
  privateTargets: boolean;
}

export interface ReportedResult {
  run: Pick<ClaimedRun, 'monitorId' | 'location' | 'trigger' | 'triggerId' | 'cronTimestamp' | 'periodMs'>;
  outcome: CheckOutcome;
  /** When the check started. */
  startedAt: Date;
}

/** A run an agent holds and renews: enough to find its schedule row or its trigger. */
export type HeldRun = Pick<ClaimedRun, 'monitorId' | 'location' | 'trigger' | 'triggerId'>;
