// The shapes the check engine, the agents, the schedules and the result ingest share: what a probe
// observes, who asks for work, which run is handed out and what comes back. Below all of them, so
// none has to import another for a type.
import type { CheckStatus } from './check-config';

export interface CheckTimings {
  dns?: number;
  connect?: number;
  tls?: number;
  ttfb?: number;
  transfer?: number;
}

export interface CheckErrorInfo {
  kind: string;
  message: string;
}

export interface AssertionOutcome {
  type: 'status_code' | 'body' | 'header' | 'record' | 'json' | 'timing';
  comparator: string;
  target: string | number;
  key?: string;
  record?: string;
  /** JSON assertions: the JSONPath. */
  path?: string;
  /** Timing assertions: the phase, and what a failure makes of the check. */
  phase?: string;
  severity?: 'degraded' | 'error';
  actual: string | number | null;
  passed: boolean;
  /** Why the assertion could not be judged as written (a body that is not JSON). */
  message?: string;
}

export const PROBE_ERROR_KINDS = [
  'dns',
  'connect',
  'tls',
  'timeout',
  'http',
  'assertion',
  'protocol',
  'unsupported',
  'internal',
  /** The target is a private, loopback or reserved address, which checks for shared regions may not reach. */
  'refused',
] as const;
export type ProbeErrorKind = (typeof PROBE_ERROR_KINDS)[number];

export interface ProbeResult {
  status: CheckStatus;
  /** Milliseconds of the whole check (for ICMP: the average round trip). */
  latencyMs: number;
  timings: CheckTimings | null;
  statusCode: number | null;
  error: (CheckErrorInfo & { kind: ProbeErrorKind }) | null;
  assertions: AssertionOutcome[];
  /** HTTP: response headers with credentials redacted. */
  headers: Record<string, string> | null;
  /** The URL finally requested (after redirects), for HTTP. */
  url: string | null;
  /** Kind-specific facts: TLS certificate expiry, packet loss, DNS records, gRPC serving status. */
  details: Record<string, unknown>;
}

/** A probe's result after the retries the runner made. */
export interface CheckOutcome extends ProbeResult {
  attempts: number;
}

/** The embedded agent of an API process, or an agent that runs elsewhere with the shared AGENT_TOKEN. */
export const AGENT_KINDS = ['embedded', 'remote'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

/** Who an agent is, for people: recorded for the public regions it asks work for. */
export interface AgentPresence {
  kind: AgentKind;
  /** The embedded agent's host name, or the AGENT_ID of a remote agent. */
  agentId: string;
  /** The host the embedded agent runs on; null for a remote agent. */
  host: string | null;
}

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

export interface ReportedResult {
  run: Pick<ClaimedRun, 'monitorId' | 'location' | 'trigger' | 'triggerId' | 'cronTimestamp' | 'periodMs'>;
  outcome: CheckOutcome;
  /** When the check started. */
  startedAt: Date;
}

/** A run an agent holds and renews: enough to find its schedule row or its trigger. */
export type HeldRun = Pick<ClaimedRun, 'monitorId' | 'location' | 'trigger' | 'triggerId'>;
