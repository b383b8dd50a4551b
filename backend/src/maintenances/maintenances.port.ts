// What alerting asks of the maintenances (is a monitor in a maintenance window) and SLA reports (which windows cover it): the repository's methods it uses, by name.
// The repository stays the module's own: another module reaches these through the port (the
// direction check refuses a repository imported from another folder).
import type { MaintenancesRepository } from './maintenances.repository';

export const MAINTENANCES_PORT = Symbol('MaintenancesPort');

export type MaintenancesPort = Pick<MaintenancesRepository, 'windowEndsOverMonitors' | 'windowsOverMonitors'>;
