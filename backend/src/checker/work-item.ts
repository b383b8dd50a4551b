// What the work API hands an agent: a run and the monitor to check, as the API shows it.
import type { MonitorView } from '../monitors/monitor.view';
import type { ClaimedRun } from '../checks/check-types';

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
