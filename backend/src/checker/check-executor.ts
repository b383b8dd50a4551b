// Where checks run. The inline executor runs them on the agent's own event loop (the default); the
// worker executor runs them on worker threads, so the agent's database and API work cannot delay a
// check's start, and one process can use more than one core for probes (TLS handshakes are CPU-bound).
// On a machine without spare cores the extra threads compete with everything else: the scheduler
// benchmark on 2 cores measured better timing inline. Both wait until the run's slot, then
// run the check with its retries inside its budget.
import { setMaxListeners } from 'node:events';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MonitorKind } from '../checks/check-config';
import type { MonitorView } from '../monitors/monitor.view';
import { runCheck, type RunOptions } from './check-runner';
import { type CheckOutcome } from '../checks/check-types';
import type { Probe } from './probe';

export interface ExecutedCheck {
  outcome: CheckOutcome;
  /** How late the check started, in ms after its slot. */
  lateMs: number;
  startedAt: Date;
}

/** What the API says of one run besides the monitor: whether its target may be a private address. */
export interface RunGrant {
  privateTargets: boolean;
}

export interface CheckExecutor {
  /** Runs the monitor's check at `startAt` (epoch ms); null when cut short by `abort`. */
  execute(monitor: MonitorView, startAt: number, grant: RunGrant): Promise<ExecutedCheck | null>;
  /** Cuts every waiting and running check short. */
  abort(): void;
  close(): Promise<void>;
}

/** Checks running at once per event loop; more wait their turn (queued, never measured while starved). */
export const DEFAULT_MAX_ACTIVE = 1000;

export class InlineExecutor implements CheckExecutor {
  private readonly controller = new AbortController();
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly probes: Record<MonitorKind, Probe>,
    private readonly run: Omit<RunOptions, 'privateTargets'> = {},
    private readonly maxActive = DEFAULT_MAX_ACTIVE,
  ) {
    // Every waiting and running check listens to this one signal.
    setMaxListeners(0, this.controller.signal);
  }

  async execute(monitor: MonitorView, startAt: number, grant: RunGrant): Promise<ExecutedCheck | null> {
    const signal = this.controller.signal;
    await sleepUntil(startAt, signal);
    if (this.active >= this.maxActive) await new Promise<void>((go) => this.waiting.push(go));
    if (signal.aborted) return null;
    this.active += 1;
    try {
      const lateMs = Math.max(0, Date.now() - startAt);
      const startedAt = new Date();
      const outcome = await runCheck(monitor, this.probes[monitor.kind], {
        ...this.run,
        signal,
        privateTargets: grant.privateTargets,
      });
      // A check cut short by shutdown proves nothing: its lease expires and another agent runs it.
      return signal.aborted ? null : { outcome, lateMs, startedAt };
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  abort(): void {
    this.controller.abort();
    for (const go of this.waiting.splice(0)) go();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

function sleepUntil(at: number, signal: AbortSignal): Promise<void> {
  const ms = at - Date.now();
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    signal.addEventListener('abort', finish, { once: true });
    function finish(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      done();
    }
  });
}

/** Messages between the agent and its probe workers. */
export type ToWorker =
  { type: 'run'; id: number; monitor: MonitorView; startAt: number; grant: RunGrant } | { type: 'abort' };
export type FromWorker =
  { type: 'done'; id: number; result: ExecutedCheck | null } | { type: 'failed'; id: number; message: string };

export interface ProbeWorkerData {
  run: Omit<RunOptions, 'signal' | 'privateTargets'>;
  maxActive: number;
}

/**
 * The compiled worker script. From compiled code it sits next to this file; when this file runs from
 * TypeScript source (tests), the build's copy is used, and without a build there is none (inline then).
 */
export function probeWorkerScript(): string | null {
  const here = join(__dirname, 'probe-worker.js');
  if (__filename.endsWith('.js')) return existsSync(here) ? here : null;
  const built = resolve(__dirname, '../../dist/checker/probe-worker.js');
  return existsSync(built) ? built : null;
}

export class WorkerExecutor implements CheckExecutor {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<
    number,
    { resolve: (r: ExecutedCheck | null) => void; reject: (e: Error) => void; worker: Worker }
  >();
  private nextId = 0;
  private aborted = false;
  private closing = false;

  constructor(
    private readonly script: string,
    count: number,
    private readonly data: ProbeWorkerData,
    private readonly onError?: (error: unknown) => void,
  ) {
    for (let i = 0; i < count; i += 1) this.workers.push(this.spawn(i));
  }

  /** A worker in slot `index`; one that dies is replaced, its running checks failing with the error. */
  private spawn(index: number): Worker {
    const worker = new Worker(this.script, { workerData: this.data });
    worker.on('message', (message: FromWorker) => {
      const entry = this.pending.get(message.id);
      if (!entry) return;
      this.pending.delete(message.id);
      if (message.type === 'done') entry.resolve(reviveDates(message.result));
      else entry.reject(new Error(message.message));
    });
    worker.on('error', (error) => {
      this.onError?.(error);
      this.failAll(worker, error);
    });
    worker.on('exit', () => {
      this.failAll(worker, new Error('probe worker exited'));
      if (!this.closing && this.workers[index] === worker) {
        this.workers[index] = this.spawn(index);
        if (this.aborted) this.workers[index].postMessage({ type: 'abort' } satisfies ToWorker);
      }
    });
    return worker;
  }

  execute(monitor: MonitorView, startAt: number, grant: RunGrant): Promise<ExecutedCheck | null> {
    if (this.aborted) return Promise.resolve(null);
    const id = (this.nextId += 1);
    // Spread by id: every worker gets an equal share, and one monitor's runs need no affinity.
    const worker = this.workers[id % this.workers.length];
    if (!worker) return Promise.reject(new Error('no probe worker'));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker });
      worker.postMessage({ type: 'run', id, monitor, startAt, grant } satisfies ToWorker);
    });
  }

  abort(): void {
    this.aborted = true;
    for (const worker of this.workers) worker.postMessage({ type: 'abort' } satisfies ToWorker);
  }

  async close(): Promise<void> {
    this.closing = true;
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private failAll(worker: Worker, error: Error): void {
    for (const [id, entry] of this.pending) {
      if (entry.worker !== worker) continue;
      this.pending.delete(id);
      entry.reject(error);
    }
  }
}

function reviveDates(result: ExecutedCheck | null): ExecutedCheck | null {
  // Structured clone keeps Date objects; this only guards against a worker that sent a string.
  if (result && !(result.startedAt instanceof Date)) result.startedAt = new Date(result.startedAt);
  return result;
}

export interface ExecutorSettings {
  /** Worker threads for probes; 0 runs them on the agent's own event loop. */
  workers: number;
  run: Omit<RunOptions, 'privateTargets'>;
  probes: () => Record<MonitorKind, Probe>;
  onError?: (error: unknown) => void;
}

/** Worker threads when asked for and available (a build exists), else inline. */
export function createExecutor(settings: ExecutorSettings): CheckExecutor {
  const script = settings.workers > 0 ? probeWorkerScript() : null;
  if (settings.workers > 0 && !script)
    settings.onError?.(new Error('probe worker script not found (no build?): running probes on the main thread'));
  if (!script) return new InlineExecutor(settings.probes(), settings.run);
  const { signal: _signal, ...run } = settings.run;
  return new WorkerExecutor(script, settings.workers, { run, maxActive: DEFAULT_MAX_ACTIVE }, settings.onError);
}
