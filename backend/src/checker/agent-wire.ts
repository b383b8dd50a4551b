// The JSON shapes agents and the API exchange over HTTP (dates travel as ISO strings).
import type { ReportedResult, WorkItem } from './check-work.service';

export const AGENT_API_PREFIX = '/agent/v1';

export interface ClaimRequest {
  agentId: string;
  /** Public regions (agents with the shared AGENT_TOKEN); ignored for a private location's token. */
  regions?: string[];
  max: number;
  lookaheadMs: number;
}

export interface ReportRequest {
  agentId: string;
  regions?: string[];
  results: ReportedResult[];
}

/** JSON.parse reviver for the dates inside work items and results. */
export function reviveDates(key: string, value: unknown): unknown {
  if ((key === 'cronTimestamp' || key === 'startedAt') && typeof value === 'string') return new Date(value);
  return value;
}

export function parseWork(text: string): WorkItem[] {
  return (JSON.parse(text, reviveDates) as { items: WorkItem[] }).items;
}
