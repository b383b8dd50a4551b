// What happens elsewhere when a monitor is deleted. A monitor is only marked deleted (its history
// stays), so no foreign-key cascade runs: each resource that links to monitors (notification
// channels, private locations, location statuses) registers how to drop its own links, and the
// monitors repository runs them in the deletion's transaction. Its own module, so those resources
// need not import the monitors module, nor it theirs. A resource that must keep the monitor (a status
// page component shows it) registers a refusal instead, checked first.
import { Injectable, Module } from '@nestjs/common';

@Injectable()
export class MonitorDeletion {
  private readonly hooks: Array<(monitorId: string) => Promise<void>> = [];
  private readonly refusals: Array<(monitorId: string) => Promise<string | null>> = [];

  /** Registers why a resource refuses a monitor's deletion (a message naming what to change), or null. */
  refuseWhen(check: (monitorId: string) => Promise<string | null>): void {
    this.refusals.push(check);
  }

  /** The first refusal of the monitor's deletion, or null when none refuses. */
  async refusal(monitorId: string): Promise<string | null> {
    for (const check of this.refusals) {
      const reason = await check(monitorId);
      if (reason) return reason;
    }
    return null;
  }

  /** Registers how a resource drops its links to a deleted monitor. */
  onDelete(hook: (monitorId: string) => Promise<void>): void {
    this.hooks.push(hook);
  }

  async run(monitorId: string): Promise<void> {
    for (const hook of this.hooks) await hook(monitorId);
  }
}

@Module({ providers: [MonitorDeletion], exports: [MonitorDeletion] })
export class MonitorDeletionModule {}
