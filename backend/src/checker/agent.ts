// A checker agent: claims due runs, starts each at its slot, runs the probe and reports results in
// batches. The same class runs embedded in the server (talking to CheckWorkService directly) and as a
// separate process (over HTTP). Results that cannot be reported are kept and retried, so an agent that
// loses the API loses nothing; reports are idempotent, so a retry never double-counts. While checks
// run, the agent renews their leases, so if it dies its runs pass to another agent within seconds.
import { LEASE_RENEW_INTERVAL_MS, type ReportAnswer } from './agent-wire';
import type { CheckExecutor } from './check-executor';
import type { CheckOutcome } from '../checks/check-types';
import type { HeldRun, ReportedResult } from '../checks/check-types';
import type { WorkItem } from './work-item';
import { exportCheck } from './otel-export';

export interface AgentTransport {
  /** A transport with `renew` claims short, renewed leases (ClaimRequest.renewsLeases). */
  claim(max: number, lookaheadMs: number): Promise<WorkItem[]>;
  /** The answer, when the transport has one, names the results the API refused. */
  report(results: ReportedResult[]): Promise<ReportAnswer | void>;
  /** Renews the leases of runs being checked. */
  renew?(runs: HeldRun[]): Promise<void>;
}

export interface AgentOptions {
  /** Checks running at once. */
  concurrency: number;
  /** How far ahead runs are claimed, so each can start exactly at its slot. */
  lookaheadMs: number;
  /** Runs asked for per claim, so a large backlog arrives in steps and the first runs start on time. */
  claimBatch: number;
  /** Pause between claims when there was nothing to do. */
  pollMs: number;
  /** Results reported per batch. */
  batchSize: number;
  /** Results kept while the API is unreachable; the oldest are dropped beyond this. */
  maxBuffered: number;
  /** How often the leases of running checks are renewed (transports with `renew` only). */
  renewIntervalMs: number;
  onError?: (error: unknown) => void;
  /** Called after each check with how late it started (ms after its slot). */
  onCheck?: (check: { item: WorkItem; outcome: CheckOutcome; lateMs: number; startedAt: Date }) => void;
}

export const DEFAULT_AGENT_OPTIONS: AgentOptions = {
  concurrency: 100,
  lookaheadMs: 2000,
  claimBatch: 250,
  pollMs: 500,
  batchSize: 1000,
  maxBuffered: 10_000,
  renewIntervalMs: LEASE_RENEW_INTERVAL_MS,
};

export class CheckAgent {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly inflight = new Set<Promise<void>>();
  private readonly buffer: ReportedResult[] = [];
  private wake: (() => void) | null = null;
  private reportFailures = 0;
  /** Runs claimed whose checks have not finished (waiting for their slot or running): renewed. */
  private readonly held = new Set<WorkItem['run']>();
  private renewTimer: NodeJS.Timeout | null = null;
  private renewing = false;

  constructor(
    private readonly transport: AgentTransport,
    /** Runs the checks: inline or on worker threads (see check-executor.ts). */
    private readonly executor: CheckExecutor,
    private readonly options: AgentOptions = DEFAULT_AGENT_OPTIONS,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.runLoop();
    if (this.transport.renew) {
      this.renewTimer = setInterval(() => void this.renewHeld(), this.options.renewIntervalMs);
      this.renewTimer.unref();
    }
  }

  /** Stops claiming, lets running checks finish (up to their budget) and reports what it has. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    this.executor.abort();
    await this.loop;
    await Promise.allSettled([...this.inflight]);
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
    await this.flush();
    await this.executor.close();
  }

  get pendingResults(): number {
    return this.buffer.length;
  }

  private async runLoop(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        const capacity = Math.min(this.options.claimBatch, this.options.concurrency - this.inflight.size);
        if (capacity > 0) {
          const items = await this.transport.claim(capacity, this.options.lookaheadMs);
          claimed = items.length;
          for (const item of items) this.schedule(item);
        }
        await this.flush();
      } catch (error) {
        this.options.onError?.(error);
      }
      if (this.running && claimed === 0) await this.pause(this.options.pollMs);
    }
  }

  private schedule(item: WorkItem): void {
    this.held.add(item.run);
    const task = (async () => {
      const executed = await this.executor.execute(item.monitor, item.startAt, { privateTargets: item.privateTargets });
      // A check cut short by shutdown proves nothing: its lease expires and another agent runs it.
      if (!executed) return;
      const { outcome, lateMs, startedAt } = executed;
      this.options.onCheck?.({ item, outcome, lateMs, startedAt });
      this.buffer.push({ run: item.run, outcome, startedAt });
      void exportCheck(item.monitor, item.run.location, outcome, startedAt, {
        privateTargets: item.privateTargets,
        onError: this.options.onError,
      });
      if (this.buffer.length > this.options.maxBuffered)
        this.buffer.splice(0, this.buffer.length - this.options.maxBuffered);
      if (this.buffer.length >= this.options.batchSize) this.wake?.();
    })()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.inflight.delete(task);
        this.held.delete(item.run);
      });
    this.inflight.add(task);
  }

  /** One renewal at a time; a failed one is retried at the next tick, well inside the lease. */
  private async renewHeld(): Promise<void> {
    if (this.renewing || !this.held.size || !this.transport.renew) return;
    this.renewing = true;
    try {
      await this.transport.renew(
        [...this.held].map(({ monitorId, location, trigger, triggerId }) => ({
          monitorId,
          location,
          trigger,
          triggerId,
        })),
      );
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.renewing = false;
    }
  }

  private async flush(): Promise<void> {
    while (this.buffer.length) {
      const batch = this.buffer.slice(0, this.options.batchSize);
      try {
        const answer = await this.transport.report(batch);
        this.buffer.splice(0, batch.length);
        this.reportFailures = 0;
        // Refused results would be refused again: they are dropped, and said so once. (An API older
        // than the per-result errors answers counts only.)
        if (answer?.rejected) {
          const errors = (answer.errors as ReportAnswer['errors'] | undefined) ?? [];
          const first = errors.slice(0, 3).map((e) => `#${e.index} ${e.message}`);
          this.options.onError?.(new Error(`the API refused ${answer.rejected} results: ${first.join('; ')}`));
        }
      } catch (error) {
        // Keep the results; the next loop tries again, backing off while the API is away.
        this.reportFailures += 1;
        this.options.onError?.(error);
        if (this.running) await this.pause(Math.min(10_000, 250 * 2 ** this.reportFailures));
        return;
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
