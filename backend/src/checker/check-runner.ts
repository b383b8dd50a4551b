// Runs one check of one monitor: the probe, retried on failure with a short backoff, all inside the
// monitor's timeout budget (SPEC §2.1: timeout 0-120000 ms, retry 0-10). A timeout of 0 gives the
// check the monitor's whole period instead, so it can never overlap the next run.
import { budgetMs, type MonitorView } from '../monitors/monitor.view';
import type { Probe, ProbeContext } from './probe';
import type { CheckOutcome, ProbeResult } from '../checks/check-types';

export interface RunOptions {
  ca?: string[];
  dnsServer?: string;
  /** Aborts everything (agent shutting down). */
  signal?: AbortSignal;
  /** Whether the target may be a private address (ProbeContext.privateTargets); refused when unset. */
  privateTargets?: boolean;
}

/** 100 ms, 200 ms, 400 ms ... at most 1 s between attempts. */
export function backoffMs(attempt: number): number {
  return Math.min(1000, 100 * 2 ** attempt);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export async function runCheck(monitor: MonitorView, probe: Probe, options: RunOptions = {}): Promise<CheckOutcome> {
  const budget = AbortSignal.timeout(budgetMs(monitor));
  const signal = options.signal ? AbortSignal.any([budget, options.signal]) : budget;
  const ctx: ProbeContext = {
    signal,
    ca: options.ca,
    dnsServer: options.dnsServer,
    privateTargets: options.privateTargets ?? false,
  };
  let result: ProbeResult;
  let attempt = 0;
  for (;;) {
    result = await probe.run(monitor, ctx);
    attempt += 1;
    if (result.status !== 'error' || attempt > monitor.retry || signal.aborted) break;
    await sleep(backoffMs(attempt - 1), signal);
    if (signal.aborted) break;
  }
  return { ...result, attempts: attempt };
}
