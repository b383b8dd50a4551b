// Turns freshly judged location statuses into alert transitions, inside the ingest transaction:
// lock the monitors' alert states, read the quorum status with a fresh statement (so a concurrent
// ingest of the same monitor that committed first is seen), and record each change with its
// deliveries (alerts.repository.ts). A retried ingest stores no new result and so never gets here; two
// nodes ingesting the same monitor take the state lock one after the other, and the second sees the
// state the first left, so a transition is recorded once.
import { Inject, Injectable } from '@nestjs/common';
import { CHECK_RESULTS_PORT, type CheckResultsPort } from '../check-results/check-results.port';
import { MAINTENANCES_PORT, type MaintenancesPort } from '../maintenances/maintenances.port';
import { NOTIFICATIONS_PORT, type NotificationsPort } from '../notifications/notifications.port';
import { incidentKeyAfter, transitionKind } from './alert-rules';
import { AlertsRepository } from './alerts.repository';

@Injectable()
export class AlertTransitions {
  constructor(
    @Inject(AlertsRepository) private readonly alerts: AlertsRepository,
    @Inject(CHECK_RESULTS_PORT) private readonly results: CheckResultsPort,
    @Inject(MAINTENANCES_PORT) private readonly maintenances: MaintenancesPort,
    @Inject(NOTIFICATIONS_PORT) private readonly channels: NotificationsPort,
  ) {
    results.onJudged((monitors) => this.judge(monitors).then(() => undefined));
  }

  /** Records the transitions of the monitors; answers how many deliveries are due now. */
  async judge(monitors: Array<{ monitorId: string; workspaceId: string }>, now = new Date()): Promise<number> {
    const states = await this.alerts.lockStates(monitors);
    const statuses = await this.results.alertStatuses(monitors.map((m) => m.monitorId));
    const changed = [...statuses].filter(([id, s]) => {
      const state = states.get(id);
      return state !== undefined && state.status !== s.status;
    });
    if (!changed.length) return 0;
    const ids = changed.map(([id]) => id);
    // One after the other: they share the transaction's connection.
    const snapshots = await this.results.locationSnapshots(ids);
    const windows = await this.maintenances.windowEndsOverMonitors(ids, now);
    let due = 0;
    for (const [monitorId, { status }] of changed) {
      const state = states.get(monitorId)!;
      const seq = state.seq + 1;
      const incident = incidentKeyAfter(monitorId, seq, state.status, status, state.incidentKey);
      const kind = transitionKind(state.status, status);
      due += await this.alerts.recordTransition(
        {
          monitorId,
          workspaceId: state.workspaceId,
          seq,
          from: state.status,
          to: status,
          kind,
          incidentKey: incident.key,
          regions: snapshots.get(monitorId) ?? [],
          at: now,
          silencedUntil: windows.get(monitorId) ?? null,
        },
        incident.open,
        kind ? await this.channels.channelIdsOf(monitorId) : [],
      );
    }
    return due;
  }
}
