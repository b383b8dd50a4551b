// The history of a monitor's alert status, which its insights show. The transitions are alerting's
// (alerts/alerts.repository.ts), and alerting imports the monitors module: so it provides the reader
// here when it runs (AlertsModule), as monitor-deletion.ts lets others hook into a deletion. Where it
// does not run (the command line, tests of the core alone) nothing records transitions, and a monitor
// has no history.
import { Injectable } from '@nestjs/common';

/** The alert status of a monitor: `unknown` until a location reported (alerts/alert.entities.ts). */
export type AlertStatus = 'unknown' | 'active' | 'degraded' | 'error';

/** A move of a monitor's alert status (the quorum of its locations). */
export interface StatusTransition {
  from: AlertStatus;
  to: AlertStatus;
  at: Date;
  /** Each location as it stood then, with its latest check's error: why the status moved. */
  regions: Array<{
    region: string;
    status: 'active' | 'degraded' | 'error';
    error: string | null;
    /** The error's kind; absent from transitions recorded before it was kept. */
    errorKind?: string | null;
    latencyMs: number | null;
  }>;
}

type Reader = (monitorId: string, limit: number) => Promise<StatusTransition[]>;

@Injectable()
export class MonitorAlertHistory {
  private reader: Reader = () => Promise.resolve([]);

  /** Alerting's reader of the transitions, newest first. */
  provide(reader: Reader): void {
    this.reader = reader;
  }

  /** The monitor's latest `limit` transitions, newest first. */
  transitionsOf(monitorId: string, limit: number): Promise<StatusTransition[]> {
    return this.reader(monitorId, limit);
  }
}
