// What others ask of the notification channels (alerting: the channels wired to a monitor; escalation
// policies: which ids are the workspace's channels): the repository's methods it uses, by name.
// The repository stays the module's own: another module reaches these through the port (the
// direction check refuses a repository imported from another folder).
import type { NotificationsRepository } from './notifications.repository';

export const NOTIFICATIONS_PORT = Symbol('NotificationsPort');

export type NotificationsPort = Pick<NotificationsRepository, 'channelIdsOf' | 'lockIds' | 'namesOf'>;
