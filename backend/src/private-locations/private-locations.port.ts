// What the check engine asks of the private locations: the repository's methods it uses, by name.
// The repository stays the module's own: another module reaches these through the port (the
// direction check refuses a repository imported from another folder).
import type { PrivateLocationsRepository } from './private-locations.repository';

export const PRIVATE_LOCATIONS_PORT = Symbol('PrivateLocationsPort');

export type PrivateLocationsPort = Pick<PrivateLocationsRepository, 'markSeen'>;
