// The JSON shapes agents and the API exchange over HTTP (dates travel as ISO strings).
import type { HeldRun, ReportedResult } from '../checks/check-types';
import type { WorkItem } from './work-item';
import type { IngestCounts } from '../check-results/result-ingest';

export const AGENT_API_PREFIX = '/agent/v1';

/**
 * How often an agent renews the leases of the runs it holds (POST /agent/v1/renew). A third of the
 * renewed lease (RENEWED_LEASE_MS, 30 s), so two renewals in a row may fail before a run is lost.
 */
export const LEASE_RENEW_INTERVAL_MS = 10_000;

export interface ClaimRequest {
  agentId: string;
  /** Public regions (agents with the shared AGENT_TOKEN); ignored for a private location's token. */
  regions?: string[];
  max: number;
  lookaheadMs: number;
  /**
   * The agent renews its leases while its checks run, so it gets short leases and a run of an agent
   * that died is taken over within RENEWED_LEASE_MS. Absent (older agents): leases as long as the run.
   */
  renewsLeases?: boolean;
}

export interface ReportRequest {
  agentId: string;
  regions?: string[];
  results: ReportedResult[];
}

/** Counts, and one `{index, message}` for each refused result; the others were stored. */
export type ReportAnswer = IngestCounts;

export interface RenewRequest {
  agentId: string;
  regions?: string[];
  runs: HeldRun[];
}

export interface RenewAnswer {
  /** How many of the runs the agent still held (the others were taken over or finished). */
  renewed: number;
}

/** JSON.parse reviver for the dates inside work items and results. */
export function reviveDates(key: string, value: unknown): unknown {
  if ((key === 'cronTimestamp' || key === 'startedAt') && typeof value === 'string') return new Date(value);
  return value;
}

export function parseWork(text: string): WorkItem[] {
  const { items } = JSON.parse(text, reviveDates) as {
    items: Array<Omit<WorkItem, 'privateTargets'> & { privateTargets?: unknown }>;
  };
  // Fail closed: only an explicit grant from the API lets a check reach a private address.
  return items.map((item) => ({ ...item, privateTargets: item.privateTargets === true }));
}
