// What the operator's metrics (metrics/) read of the alert outbox: the repository's methods they use,
// by name. The repository stays alerting's own: another module reaches these through the port (the
// direction check refuses a repository imported from another folder).
import type { AlertsRepository } from './alerts.repository';

export const ALERT_OUTBOX_PORT = Symbol('AlertOutboxPort');

export type AlertOutboxPort = Pick<AlertsRepository, 'outboxDepth'>;
