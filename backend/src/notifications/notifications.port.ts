// What alerting asks of the notification channels (the channels wired to a monitor): the repository's methods it uses, by name.
// The repository stays the module's own: another module reaches these through the port (the
// direction check refuses a repository imported from another folder).
import type { NotificationsRepository } from './notifications.repository';

export const NOTIFICATIONS_PORT = Symbol('NotificationsPort');

export type NotificationsPort = Pick<NotificationsRepository, 'channelIdsOf'>;
