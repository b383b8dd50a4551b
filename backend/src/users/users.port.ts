// What other modules may read of the users and memberships: the repository's methods they use, by name.
// The repository stays the module's own: another module reaches these through the port (the
// direction check refuses a repository imported from another folder).
import type { UsersRepository } from './users.repository';

export const USERS_PORT = Symbol('UsersPort');

export type UsersPort = Pick<UsersRepository, 'findMembership'>;
