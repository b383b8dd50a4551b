// What other modules read of alerting's state: a monitor's alert status and since when
// (auto-incidents on status pages), and the status history over a range (SLA reports). The repository
// stays alerting's own; these reach it through the port, bound in alerts.module.ts.
import type { AlertsRepository } from './alerts.repository';

export const ALERT_STATUS_PORT = Symbol('AlertStatusPort');

export type AlertStatusPort = Pick<AlertsRepository, 'statusesSince' | 'statusHistory'>;
