// What other modules may read of the check results: the repository's methods they use, by name.
// The repository stays the module's own: another module reaches these through the port (the
// direction check refuses a repository imported from another folder).
import type { CheckResultsRepository } from './check-results.repository';

export type {
  DailyBucket,
  DailyCounts,
  HourlyLatency,
  JudgedListener,
  LocationSnapshot,
  LocationStatusRow,
  MetricsSnapshotRow,
  NewResult,
  OutcomeCounts,
  PhaseAverages,
  ResponseLogRow,
  StoredListener,
  SummaryRow,
} from './check-results.repository';
export { certificateOf } from './check-results.repository';

export const CHECK_RESULTS_PORT = Symbol('CheckResultsPort');

export type CheckResultsPort = Pick<
  CheckResultsRepository,
  | 'alertStatuses'
  | 'countsSince'
  | 'daily'
  | 'dailyCounts'
  | 'dailyLatency'
  | 'findHttp'
  | 'hourlyLatency'
  | 'latestCertificate'
  | 'listHttp'
  | 'locationSnapshots'
  | 'locationStatuses'
  | 'locationStatusesOf'
  | 'metricsSnapshot'
  | 'onJudged'
  | 'onStored'
  | 'phaseAverages'
  | 'rangeCounts'
  | 'store'
  | 'summary'
  | 'workspaceLocationStatuses'
>;
