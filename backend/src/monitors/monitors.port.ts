// What other modules may read of the monitors (and ask of their schedules): the repository's methods they use, by name.
// The repository stays the module's own: another module reaches these through the port (the
// direction check refuses a repository imported from another folder).
import type { MonitorsRepository } from './monitors.repository';

export type { MonitorAlertPolicy, MonitorDependents, MonitorOverviewRow } from './monitors.repository';

export const MONITORS_PORT = Symbol('MonitorsPort');

export type MonitorsPort = Pick<
  MonitorsRepository,
  | 'alertPolicies'
  | 'anyOfKind'
  | 'childrenOf'
  | 'findByIds'
  | 'findLiveById'
  | 'lockLiveIds'
  | 'privateLocationIds'
  | 'resyncSchedules'
  | 'usingEscalationPolicies'
>;
