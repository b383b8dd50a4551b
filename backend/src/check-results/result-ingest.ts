// Takes a batch of reported results into storage in one transaction: each result is validated
// (report-validation.ts) and must be a run the agent was handed (SchedulesPort.handedRuns); the
// others are refused by index, the rest are stored (CheckResultsRepository.store), and their runs are
// marked done. Idempotent: a result already stored (same monitor, location, trigger and slot) is
// counted as a duplicate and changes nothing but its run's schedule.
import { Inject, Injectable } from '@nestjs/common';
import type { AgentIdentity } from '../checks/check-types';
import { validateResults, type ResultError } from './report-validation';
import { SCHEDULES_PORT, type SchedulesPort } from '../schedules/schedules.port';
import { Database } from '../database/database';
import { CheckResultsRepository, type NewResult } from './check-results.repository';

export interface IngestCounts {
  stored: number;
  duplicates: number;
  /** Results refused: invalid, or not a run handed to the agent. */
  rejected: number;
  /** One entry per refused result, by its position in the batch. */
  errors: ResultError[];
}

/**
 * The one answer for a result that is not the agent's to report. It is the same whether the monitor
 * does not exist, belongs to another workspace, or is not assigned to the agent's location, so a
 * report never reveals whether an id exists.
 */
export const NOT_HANDED = 'run: not a run handed to this agent';

@Injectable()
export class ResultIngestService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(CheckResultsRepository) private readonly results: CheckResultsRepository,
    @Inject(SCHEDULES_PORT) private readonly schedules: SchedulesPort,
  ) {}

  async ingest(agent: AgentIdentity, results: readonly unknown[], now: Date): Promise<IngestCounts> {
    const checked = validateResults(results, now);
    const served = checked.valid.filter((c) => agent.locations.includes(c.result.run.location));
    const answer = (stored: number, duplicates: number, handed: ReadonlySet<number>): IngestCounts => {
      const errors = [
        ...checked.errors,
        ...checked.valid.filter((c) => !handed.has(c.index)).map((c) => ({ index: c.index, message: NOT_HANDED })),
      ].sort((a, b) => a.index - b.index);
      return { stored, duplicates, rejected: errors.length, errors };
    };
    if (!served.length) return answer(0, 0, new Set());
    return this.db.transaction(async () => {
      const monitorOf = await this.schedules.handedRuns(served, agent.privateLocationId);
      const valid: NewResult[] = served.flatMap((c) => {
        const monitor = monitorOf.get(c.index);
        return monitor ? [{ ...c.result, ...monitor }] : [];
      });
      const handed = new Set(monitorOf.keys());
      if (!valid.length) return answer(0, 0, handed);
      const created = await this.results.store(valid, agent.agentId);
      await this.schedules.finish(
        valid.map((r) => r.run),
        agent.agentId,
        now,
      );
      return answer(created.length, valid.length - created.length, handed);
    });
  }
}
