// The last delivery attempt of each channel, which a channel's view shows. The deliveries are
// alerting's (alerts/alerts.repository.ts), and alerting imports the notifications module: so it
// provides the reader here when it runs (AlertsModule), as monitors/monitor-deletion.ts lets others
// hook into a deletion. Where it does not run (the command line, tests of the core alone) nothing is
// delivered through the outbox, and no channel has a last delivery.
import { Injectable } from '@nestjs/common';

export interface LastDelivery {
  /** `delivered`, `failed`, or `retrying` (failed an attempt, will try again). */
  status: 'delivered' | 'failed' | 'retrying';
  at: Date;
  error: string | null;
  responseStatus: number | null;
}

type Reader = (channelIds: string[]) => Promise<Map<string, LastDelivery>>;

@Injectable()
export class DeliveryHistory {
  private reader: Reader = () => Promise.resolve(new Map<string, LastDelivery>());

  /** Alerting's reader of the outbox. */
  provide(reader: Reader): void {
    this.reader = reader;
  }

  /** Channel id -> its latest delivery attempt; channels without one are left out. */
  lastDeliveries(channelIds: string[]): Promise<Map<string, LastDelivery>> {
    return this.reader(channelIds);
  }
}
