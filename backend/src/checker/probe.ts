// One interface for every kind of check. A probe observes; judging against assertions happens in the
// probe too (it knows what it observed), and the caller turns the result into a stored check.
import type { CheckStatus, MonitorKind } from '../checks/check-config';
import type { AssertionOutcome, ProbeResult } from '../checks/check-types';
import type { MonitorView } from '../monitors/monitor.view';

export interface ProbeContext {
  /** Aborts the check when the monitor's timeout budget is spent. */
  signal: AbortSignal;
  /** Extra trusted CA certificates (PEM) for TLS checks; the system store is always trusted. */
  ca?: string[];
  /** DNS resolver `host:port` for DNS monitors; the system resolver when unset. */
  dnsServer?: string;
  /**
   * Whether the target may be a private, loopback, link-local or reserved address: true for private
   * locations and when the operator set ALLOW_PRIVATE_TARGETS; false for shared regions under
   * production settings. Every probe resolves its target through resolveHost, which enforces it.
   */
  privateTargets: boolean;
}

export interface Probe {
  readonly kind: MonitorKind;
  run(monitor: MonitorView, ctx: ProbeContext): Promise<ProbeResult>;
}

export function emptyResult(): ProbeResult {
  return {
    status: 'error',
    latencyMs: 0,
    timings: null,
    statusCode: null,
    error: null,
    assertions: [],
    headers: null,
    url: null,
    details: {},
  };
}

/**
 * The status of a check that completed: error on a failed assertion, except a timing assertion of
 * severity `degraded`, which (like latency above degradedAt) makes it degraded.
 */
export function statusOf(assertions: AssertionOutcome[], latencyMs: number, degradedAt: number): CheckStatus {
  const failed = assertions.filter((a) => !a.passed);
  if (failed.some((a) => a.type !== 'timing' || a.severity !== 'degraded')) return 'error';
  return latencyMs > degradedAt || failed.length > 0 ? 'degraded' : 'success';
}

export function failedAssertionMessage(assertions: AssertionOutcome[]): string {
  const failed = assertions.filter((a) => !a.passed);
  return failed
    .map(
      (a) =>
        `${a.type}${a.key ? ` ${a.key}` : ''}${a.record ? ` ${a.record}` : ''}${a.path ? ` ${a.path}` : ''}${a.phase ? ` ${a.phase}` : ''} ${a.comparator} ${JSON.stringify(a.target)}: ${a.message ?? `got ${JSON.stringify(a.actual)}`}`,
    )
    .join('; ');
}

export const elapsed = (start: number) => Math.max(0, Math.round(performance.now() - start));
