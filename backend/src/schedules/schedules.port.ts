// What the monitors, the check engine and the results ask of the check plan: the repository's methods they use, by name.
// The repository stays the module's own: another module reaches these through the port (the
// direction check refuses a repository imported from another folder).
import type { SchedulesRepository } from './schedules.repository';

export type { HandedMonitor, ScheduledMonitor } from './schedules.repository';

export const SCHEDULES_PORT = Symbol('SchedulesPort');

export type SchedulesPort = Pick<
  SchedulesRepository,
  | 'claim'
  | 'extendLeases'
  | 'finish'
  | 'forgetFinishedTriggers'
  | 'handedRuns'
  | 'renewLeases'
  | 'requestTrigger'
  | 'sync'
>;
